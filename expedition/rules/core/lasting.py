"""Provides lasting effects: what a spell, prayer or maneuver leaves behind for some rounds or turns.

A `Lasting` is kept in `CampaignState.lasting` and names who holds it (a character id, a foe
uid, a tile "x,y" or "party"), what it is ("spell:haste"), and how long it stays, counted in a
`Span`: combat rounds (ticked at each round's cleanup), exploration turns (ticked as each turn
passes), or until the fight or the expedition ends. Rules ask `lasting_on` whether an effect is
on someone; nothing here knows what an effect does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from expedition.rules.core.events import Event
from expedition.rules.core.wording import plural

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.engine.campaign import CampaignState

PARTY = "party"
"""The holder of an effect on the whole party (or on its current room)."""

Hook = Callable[["Context", "CampaignState", "Lasting"], None]
"""What an effect does as it ends, or as a round or turn of it goes by (ctx, state, effect)."""
ON_END: dict[str, Hook] = {}
"""Hooks run when an effect ends, by the first two parts of its key ("prayer:bliss"); set by its module."""
ON_TICK: dict[str, Hook] = {}
"""Hooks run for an effect each time a round or turn of it goes by, before it is counted down."""


def _hook(table: dict[str, Hook], key: str) -> Hook | None:
    return table.get(key) or table.get(":".join(key.split(":")[:2]))


class Span(StrEnum):
    """What a lasting effect's count is counted in."""

    ROUND = "round"
    """Combat rounds: one goes at each round's cleanup (§10.2.1); all go when the fight ends."""
    TURN = "turn"
    """Exploration turns (§10.1): one goes as each turn passes; all go when the expedition ends."""
    FIGHT = "fight"
    """Until the fight ends."""
    EXPEDITION = "expedition"
    """Until the party leaves the dungeon."""


@dataclass(slots=True)
class Lasting:
    """One lasting effect.

    Attributes:
        key: What it is, "spell:<key>", "prayer:<key>" or "maneuver:<key>" (or a house key).
        holder: Who or where holds it: a character id, a foe uid, a tile "x,y", or `PARTY`.
        span: What `left` counts.
        left: Rounds or turns still to go (ignored for `Span.FIGHT` and `Span.EXPEDITION`).
        source: Who made it (a character id or foe uid), "" for nobody.
        value: A number the effect needs (dice kept, a bonus, a count of uses left).
        text: A word the effect needs (an attribute, an order, a message).
    """

    key: str
    holder: str
    span: Span
    left: int = 0
    source: str = ""
    value: int = 0
    text: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class LastingBegan(Event):
    """A lasting effect took hold."""

    key: str
    holder: str
    span: str
    left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LastingEnded(Event):
    """A lasting effect ran out or was ended (`why`: "expired", "fight over", "left", "used", …)."""

    key: str
    holder: str
    why: str


def add_lasting(
    ctx: Context,
    state: CampaignState,
    key: str,
    holder: str,
    span: Span,
    left: int = 0,
    *,
    source: str = "",
    value: int = 0,
    text: str = "",
    rule: str,
) -> Lasting:
    """Put a lasting effect on `holder`; the same key on the same holder is replaced (refreshed)."""
    for old in lasting_on(state, holder, key):
        state.lasting.remove(old)
    effect = Lasting(key=key, holder=holder, span=span, left=left, source=source, value=value, text=text)
    state.lasting.append(effect)
    ctx.emit(LastingBegan(rule=rule, key=key, holder=holder, span=span.value, left=left))
    return effect


def lasting_on(state: CampaignState, holder: str, key: str = "") -> list[Lasting]:
    """The lasting effects `holder` has (only those called `key`, when given)."""
    return [e for e in state.lasting if e.holder == holder and (not key or e.key == key)]


def has_lasting(state: CampaignState, holder: str, key: str) -> bool:
    """True while `holder` has the effect `key`."""
    return any(e.holder == holder and e.key == key for e in state.lasting)


def lasting_keyed(state: CampaignState, key: str) -> list[Lasting]:
    """Every lasting effect called `key`, whoever holds it."""
    return [e for e in state.lasting if e.key == key]


def end_lasting(ctx: Context, state: CampaignState, effect: Lasting, why: str, *, rule: str) -> None:
    """End one lasting effect now."""
    if effect in state.lasting:
        state.lasting.remove(effect)
        ctx.emit(LastingEnded(rule=rule, key=effect.key, holder=effect.holder, why=why))
        hook = _hook(ON_END, effect.key)
        if hook is not None:
            hook(ctx, state, effect)


def tick(ctx: Context, state: CampaignState, span: Span, *, rule: str) -> None:
    """One round or exploration turn went by: effects counted in `span` lose one; spent ones end."""
    for effect in list(state.lasting):
        if effect.span is span and effect in state.lasting:
            hook = _hook(ON_TICK, effect.key)
            if hook is not None:
                hook(ctx, state, effect)
            effect.left -= 1
            if effect.left <= 0:
                end_lasting(ctx, state, effect, "expired", rule=rule)


def end_spans(ctx: Context, state: CampaignState, spans: tuple[Span, ...], why: str, *, rule: str) -> None:
    """End every effect counted in one of `spans` (a fight or an expedition is over)."""
    for effect in list(state.lasting):
        if effect.span in spans:
            end_lasting(ctx, state, effect, why, rule=rule)


def label(effect: Lasting) -> str:
    """An effect in a few words for a figure's card: "glue (2 rounds)", "grabbed", "hasted (3 turns)"."""
    parts = effect.key.split(":")
    name = (parts[1] if len(parts) > 1 else parts[0]).replace("_", " ")
    if effect.span in (Span.ROUND, Span.TURN) and effect.left > 0:
        return f"{name} ({plural(effect.left, effect.span.value)})"
    return name


def labels(state: CampaignState, holder: str) -> list[str]:
    """The lasting effects on `holder`, each in a few words (`label`), in the order they began."""
    return [label(effect) for effect in state.lasting if effect.holder == holder]
