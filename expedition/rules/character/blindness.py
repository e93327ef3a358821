"""Provides blindness, the spell mishap 5 (§11.1): blind for 6 exploration turns.

Kept as the lasting effect "mishap:blind" (`Span.TURN`, 6) on the caster, mirrored by the mark
`BLIND` in `character.magic.effects` so that rules without the campaign state can see it; the
mark goes when the effect ends (at its end, or when the party leaves the dungeon).

House reading of what blindness does: the blind character has disadvantage on every test,
attacks and defences included (`rolls.TEST_DISADVANTAGE`; checks are not tests); cannot Look for
traps, Search or Loot (exploration guards); cannot cast a spell at anyone or anything other than
themself (`spellcasting.verify_cast`, spell shots); and cannot read (scrolls, `item_uses`). It
does not count as darkness for anything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.lasting import ON_END, Lasting, Span, add_lasting
from expedition.rules.core.rolls import TEST_DISADVANTAGE

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["BLIND", "BLIND_TURNS", "Blinded", "blind", "is_blind", "refuse_blind", "sees_target"]

BLIND = "mishap:blind"
"""The lasting effect's key and the mark in `character.magic.effects`."""
BLIND_TURNS = 6
"""Exploration turns the mishap blinds for (§11.1 mishap 5)."""


def is_blind(character: Character) -> bool:
    """True while `character` is blind (the mark mirrors the lasting effect)."""
    return BLIND in character.magic.effects


@TEST_DISADVANTAGE.register
def _blind_roller(character: Character) -> int:
    """The blind have disadvantage on every test, attacks and defences included (house)."""
    return int(is_blind(character))


def blind(ctx: Context, state: CampaignState, character: Character, *, rule: str = "§11.1") -> None:
    """Blind `character` for 6 exploration turns (a second blinding starts the count again)."""
    add_lasting(ctx, state, BLIND, character.id, Span.TURN, BLIND_TURNS, source=character.id, rule=rule)
    if BLIND not in character.magic.effects:
        character.magic.effects.append(BLIND)
    ctx.emit(Blinded(rule=rule, character=character.id, turns=BLIND_TURNS))


def refuse_blind(character: Character, doing: str) -> None:
    """Raise `IllegalAction` when `character` is blind; `doing` names the act ("look for traps").

    Raises:
        IllegalAction: While the character is blind (house reading of mishap 5).
    """
    if is_blind(character):
        raise IllegalAction(f"{character.name} is blind and cannot {doing}.")


def sees_target(character: Character, target: str) -> bool:
    """False when a blind `character` aims at anything other than themself (an attribute is their own)."""
    if not is_blind(character):
        return True
    return target in ("", character.id) or target in {a.value for a in Attr}


def _sight_returns(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    member = next((c for c in state.party if c.id == effect.holder), None)
    if member is not None and BLIND in member.magic.effects:
        member.magic.effects.remove(BLIND)


ON_END[BLIND] = _sight_returns


@dataclass(frozen=True, slots=True, kw_only=True)
class Blinded(Event):
    """A spell mishap blinded the caster for some exploration turns (§11.1)."""

    character: str
    turns: int
