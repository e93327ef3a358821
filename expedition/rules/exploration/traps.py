"""Provides traps in play (§10.1, HOUSE §1.8): springing one on a victim, finding and disarming them.

A trap's attack uses enemy attack notation (HOUSE §0): the victim tests the named attribute;
success avoids it, failure takes BASE, a critical failure BASE + CRIT, armour applies unless P,
and B makes them bleed. A trap without an attack only reports its effect in words. Shields
against impact (HOUSE §1.8) are not applied yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.harm import receive_wounds
from expedition.rules.core.approach import approached_test
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import NotationError
from expedition.rules.core.events import Event, Note
from expedition.rules.core.judging import Outcome, RollResult
from expedition.rules.core.notation import Flag, parse_attack
from expedition.rules.core.rolls import attribute_check
from expedition.rules.exploration.features import Trap
from expedition.rules.items import slots
from expedition.rules.magic.warding import hovering
from expedition.rules.trackers.omens import advance_omens

if TYPE_CHECKING:
    from expedition.rules.core.item_defs import Item
    from expedition.rules.core.notation import Attack
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.expedition import ExpeditionState

CORRIDOR_REACH = 2
"""In a corridor, Look for traps and Search cover the tiles this close to the party."""


def traps_here(expedition: ExpeditionState) -> list[Trap]:
    """The traps of the party's area: its room's, or in a corridor those within `CORRIDOR_REACH`."""
    room = expedition.room
    level = expedition.level
    if room is not None:
        return [trap for trap in level.traps if trap.room == room.id]
    return [trap for trap in level.traps if manhattan(trap.pos, expedition.position) <= CORRIDOR_REACH]


def known_armed(traps: Iterable[Trap]) -> list[Trap]:
    """Traps the party knows of that can still go off."""
    return [trap for trap in traps if trap.known and trap.armed]


def run_test(
    ctx: Context,
    state: CampaignState,
    character: Character,
    attr: Attr,
    *,
    advantage: int = 0,
    disadvantage: int = 0,
    check: bool = False,
    purpose: str = "",
    rule: str,
) -> Resolution[RollResult]:
    """An attribute test (or check) whose Bad omens point is applied at once (§3.2, §6.2, §9.3).

    A test first asks the roller how they roll it (`approach.approached_test`: plain, safe,
    extra effort, burden or no dice, each with its odds); a check has nothing to announce.
    """
    if check:
        result = yield from attribute_check(
            ctx, character, attr, advantage=advantage, disadvantage=disadvantage, rule=rule
        )
        return result
    result = yield from approached_test(
        ctx, character, attr, purpose=purpose, advantage=advantage, disadvantage=disadvantage, rule=rule
    )
    if result.omens:
        yield from advance_omens(ctx, state.omens, state.party, state.here.doom, result.omens, rule="§6.2")
    return result


def spring(
    ctx: Context, state: CampaignState, trap: Trap, victim: Character, *, rule: str
) -> Resolution[None]:
    """A trap goes off on `victim` (HOUSE §1.8): it is spent, and its attack is resolved.

    A floor trap does not go off under someone hovering (§11.1 Hover).
    """
    if not trap.object_trap and hovering(state, victim.id):
        ctx.emit(Note(rule="§11.1", text=f"{victim.name} floats over the {trap.name}."))
        return
    trap.sprung = True
    trap.found = True
    ctx.emit(TrapSprung(rule=rule, trap=trap.key, name=trap.name, pos=trap.pos, victim=victim.id))
    if trap.effect:
        ctx.emit(Note(rule="HOUSE §1.8", text=f"{trap.name}: {trap.effect}"))
    if not trap.attack:
        return
    try:
        attack = parse_attack(trap.attack)
    except NotationError:
        ctx.emit(Note(rule="HOUSE §0", text=f"The {trap.name}'s attack {trap.attack!r} cannot be read."))
        return
    attr = Attr(trap.test) if trap.test in Attr.__members__ else attack.attrs[0]
    result = yield from run_test(
        ctx,
        state,
        victim,
        attr,
        advantage=max(0, attack.defence),
        disadvantage=max(0, -attack.defence),
        rule="HOUSE §0",
    )
    if result.succeeded:
        return
    flags = yield from failed_defence(ctx, victim, attack, result, rule="HOUSE §0")
    if Flag.BLEEDING in flags:
        gain_affliction(ctx, victim, Affliction.BLEEDING, rule="HOUSE §0")


def failed_defence(
    ctx: Context,
    victim: Character,
    attack: Attack,
    result: RollResult,
    *,
    armour: list[Item] | None = None,
    rule: str,
) -> Resolution[frozenset[Flag]]:
    """A failed defence against a trap's or a room's attack: its damage lands (HOUSE §0, §1.8).

    A critical failure takes the attack's critical damage and flags; armour (by default all worn
    armour) may reduce it as for any wound (§4.2). Returns the flags that applied, for riders
    such as Bleeding that the caller handles.
    """
    critical = result.outcome is Outcome.CRITICAL_FAILURE
    flags = attack.base_flags | (attack.crit_flags if critical else frozenset())
    raw = attack.damage(critical)
    if raw:
        yield from receive_wounds(
            ctx,
            victim,
            raw,
            armour=slots.worn_armour(victim) if armour is None else armour,
            pierce=Flag.PIERCE in flags,
            unreducible=Flag.UNREDUCIBLE in flags,
            nonlethal=Flag.NONLETHAL in flags,
            attack=False,
            rule=rule,
        )
    return frozenset(flags)


def find(ctx: Context, traps: Iterable[Trap], *, disarm: bool, rule: str) -> list[Trap]:
    """Mark armed, unfound traps as found (and disarmed with `disarm`).

    Returns:
        The traps newly found.
    """
    found = [trap for trap in traps if trap.armed and not trap.known]
    for trap in found:
        trap.found = True
        ctx.emit(TrapFound(rule=rule, trap=trap.key, name=trap.name, pos=trap.pos, tell=trap.tell))
    if disarm:
        for trap in [t for t in traps if t.armed and t.known]:
            disarm_trap(ctx, trap, rule=rule)
    return found


def disarm_trap(ctx: Context, trap: Trap, *, rule: str) -> None:
    """A trap is made safe."""
    trap.disarmed = True
    ctx.emit(TrapDisarmed(rule=rule, trap=trap.key, name=trap.name, pos=trap.pos))


def find_modifier(traps: Iterable[Trap]) -> tuple[int, int]:
    """Advantage and disadvantage for finding these traps (HOUSE §1.8 "Find"): the hardest one sets it."""
    hidden = [trap for trap in traps if trap.armed and not trap.known]
    if any(trap.find == "disadvantage" for trap in hidden):
        return 0, 1
    if hidden and all(trap.find == "advantage" for trap in hidden):
        return 1, 0
    return 0, 0


def disarm_attr(trap: Trap) -> Attr:
    """The attribute a disarm test uses: the one its text starts with, else DEX (§10.1)."""
    word = trap.disarm.split(" ", 1)[0].rstrip(";,:.").upper() if trap.disarm else ""  # "INT; chalk ..."
    return Attr(word) if word in Attr.__members__ else Attr.DEX


def can_disarm(trap: Trap) -> bool:
    """False for traps the tables mark "—": they can only be avoided or set off (HOUSE §1.8)."""
    return trap.disarm.strip() not in ("", "—", "-")


@dataclass(frozen=True, slots=True, kw_only=True)
class TrapSprung(Event):
    """A trap went off.

    Attributes:
        trap: The trap's key.
        name: Its name.
        pos: Its tile.
        victim: The character it went off on.
    """

    trap: str
    name: str
    pos: tuple[int, int]
    victim: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TrapFound(Event):
    """The party found a trap; `tell` is its sign."""

    trap: str
    name: str
    pos: tuple[int, int]
    tell: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TrapDisarmed(Event):
    """A trap was made safe."""

    trap: str
    name: str
    pos: tuple[int, int]
