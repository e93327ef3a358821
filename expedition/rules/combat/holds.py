"""Provides holds (HOUSE §6.2, §16 #26): grabbed, hooked, bound, attached and bagged adventurers in a fight.

A hold is a `Lasting` keyed "hold:<kind>" on the held adventurer, its `source` the foe's uid,
`value` the round it took hold, counted in `Span.FIGHT`. A held adventurer cannot Move (attached
ones can), and frees itself with `BreakFree` (`hold_actions`). A holder lets go when it is
stunned, flees or is out; `let_go` checks that after every step of the fight. Harm from a hold
comes at the start of the holder's turn (hooked), of the host's turn (attached rotworm), or at the
end of the victim's own turn (grabbed, the book's wound for staying in the claw).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.harm import place_wounds, receive_wounds
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.combat.fight_map import spread
from expedition.rules.core.conditions import Affliction, cure_affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.lasting import Lasting, Span, add_lasting, end_lasting
from expedition.rules.core.notation import Flag
from expedition.rules.items.slots import worn_armour

if TYPE_CHECKING:
    from expedition.rules.core.notation import Attack
    from expedition.rules.engine.campaign import CampaignState

GRABBED, HOOKED, BOUND, ATTACHED, BAGGED = "grabbed", "hooked", "bound", "attached", "bagged"
"""The kinds of hold (HOUSE §6.2); "bagged" is the Sack Man's sack (house, HOUSE §3.3)."""
KINDS = (GRABBED, HOOKED, BOUND, ATTACHED, BAGGED)
PINNING = frozenset({GRABBED, HOOKED, BOUND, BAGGED})
"""Holds that stop Move actions; an attached creature rides along instead (HOUSE §6.2)."""
PREFIX = "hold:"


@dataclass(frozen=True, slots=True, kw_only=True)
class HoldTaken(Event):
    """A foe took hold of an adventurer (HOUSE §6.2)."""

    victim: str
    kind: str
    source: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HoldBroken(Event):
    """A hold ended (`why`: "broke free", "let go", "pulled off", "killed", …)."""

    victim: str
    kind: str
    source: str
    why: str


def holds_on(state: CampaignState, victim: str) -> list[Lasting]:
    """The holds on adventurer `victim`, oldest first."""
    return [e for e in state.lasting if e.holder == victim and e.key.startswith(PREFIX)]


def holds_by(state: CampaignState, source: str) -> list[Lasting]:
    """The holds foe `source` keeps on anyone."""
    return [e for e in state.lasting if e.source == source and e.key.startswith(PREFIX)]


def kind_of(effect: Lasting) -> str:
    """The kind of a hold ("grabbed")."""
    return effect.key.removeprefix(PREFIX)


def pinned(state: CampaignState, victim: str) -> Lasting | None:
    """The hold that stops `victim` moving, if any (§16 #26)."""
    return next((e for e in holds_on(state, victim) if kind_of(e) in PINNING), None)


def verify_free_to_move(state: CampaignState, member: Character) -> None:
    """Raise when a hold stops `member` moving (§16 #26).

    Raises:
        IllegalAction: While grabbed, hooked or bound.
    """
    hold = pinned(state, member.id)
    if hold is not None:
        raise IllegalAction(f"{member.name} is {kind_of(hold)}: break free first (1 action, a STR test).")


def take_hold(
    ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, victim: Character, kind: str
) -> Lasting:
    """`foe` takes hold of `victim` (HOUSE §6.2); a leech makes its host Sleepy and Bleeding."""
    if kind not in KINDS:
        raise ValueError(f"unknown hold {kind!r}")
    effect = add_lasting(
        ctx,
        state,
        PREFIX + kind,
        victim.id,
        Span.FIGHT,
        source=foe.uid,
        value=combat.round,
        text=foe.key,
        rule="HOUSE §6.2",
    )
    ctx.emit(HoldTaken(rule="HOUSE §6.2", victim=victim.id, kind=kind, source=foe.uid))
    if foe.key == "giant_leech":
        gain_affliction(ctx, victim, Affliction.SLEEPY, rule="§12.4")
        gain_affliction(ctx, victim, Affliction.BLEEDING, rule="§12.4")
    return effect


def release(ctx: Context, state: CampaignState, effect: Lasting, why: str) -> None:
    """End a hold; an attached leech's Sleepy and Bleeding go with it (§12.4)."""
    if effect not in state.lasting:
        return
    end_lasting(ctx, state, effect, why, rule="HOUSE §6.2")
    ctx.emit(
        HoldBroken(
            rule="HOUSE §6.2", victim=effect.holder, kind=kind_of(effect), source=effect.source, why=why
        )
    )
    if effect.text == "giant_leech":
        victim = next((m for m in state.party if m.id == effect.holder), None)
        if victim is not None:
            cure_affliction(ctx, victim, Affliction.SLEEPY, rule="§12.4")
            cure_affliction(ctx, victim, Affliction.BLEEDING, rule="§12.4")


def let_go(ctx: Context, state: CampaignState, combat: CombatState) -> None:
    """Holders that are stunned, fleeing or out let go (HOUSE §6.2); a hook-line would have no holder.

    House (HOUSE §3.3 Sack Man): a sack is carried off while its holder flees; once the holder is
    out of the fight the bagged adventurer lies, still downed, where it got away ("the lair").
    """
    uids = {f.uid: f for f in combat.foes}
    for effect in [e for e in state.lasting if e.key.startswith(PREFIX)]:
        foe = uids.get(effect.source)
        victim_gone = effect.holder not in combat.positions or effect.holder in combat.fled
        if foe is None or victim_gone:
            release(ctx, state, effect, "gone")
        elif kind_of(effect) == BAGGED and foe.fled:
            combat.positions[effect.holder] = foe.pos
            release(ctx, state, effect, "carried off")
        elif kind_of(effect) == BAGGED and foe.tokens.stun and not foe.out:
            release(ctx, state, effect, "dropped")
        elif kind_of(effect) == BAGGED and foe.fleeing and not foe.out:
            continue
        elif foe.out:
            release(ctx, state, effect, "killed")
        elif foe.fled or foe.fleeing:
            release(ctx, state, effect, "fled")
        elif foe.tokens.stun and kind_of(effect) != ATTACHED:
            release(ctx, state, effect, "let go")


def holder_turn_begins(ctx: Context, state: CampaignState, foe: Foe) -> Resolution[None]:
    """Hooked: the victim takes 1 wound as its holder's turn starts (§12.2, HOUSE §6.2)."""
    for effect in holds_by(state, foe.uid):
        victim = next((m for m in state.party if m.id == effect.holder), None)
        if victim is not None and kind_of(effect) == HOOKED and victim.status.value != "dead":
            yield from place_wounds(ctx, victim, 1, rule="§12.2")


def host_turn_begins(ctx: Context, state: CampaignState, member: Character) -> Resolution[None]:
    """An attached rotworm deals its host 1 wound as the host's turn starts (§12.3, HOUSE §6.2)."""
    for effect in holds_on(state, member.id):
        if kind_of(effect) == ATTACHED and effect.text == "rotworm_swarm" and member.can_act:
            yield from place_wounds(ctx, member, 1, rule="§12.3")


def victim_turn_ends(ctx: Context, state: CampaignState, who: str) -> Resolution[None]:
    """Still grabbed at the end of its own turn, the victim `who` takes 1 wound (§12.4, HOUSE §6.2)."""
    member = next((m for m in state.party if m.id == who), None)
    if member is None:
        return
    for effect in holds_on(state, member.id):
        if kind_of(effect) == GRABBED and member.status.value != "dead":
            yield from place_wounds(ctx, member, 1, rule="§12.4")


def carry_attached(state: CampaignState, combat: CombatState) -> None:
    """Attached creatures ride along: one left behind by its host's Move clings on beside them (HOUSE §6.2).

    House: the rider keeps a tile of its own next to its host (so the host's allies can still strike
    at it), the nearest free one when the host has moved away.
    """
    assert state.expedition is not None
    for effect in state.lasting:
        if effect.key not in (PREFIX + ATTACHED, PREFIX + BAGGED) or effect.holder not in combat.positions:
            continue
        if kind_of(effect) == BAGGED:
            _carry_sack(state, combat, effect)
            continue
        rider = next((f for f in combat.foes if f.uid == effect.source and f.conscious), None)
        host = combat.positions[effect.holder]
        if rider is None or manhattan(rider.pos, host) == 1:
            continue
        free = [p for p in spread(state.expedition.level, host, combat.occupied()) if manhattan(p, host) == 1]
        if free:
            rider.pos = free[0]


def _carry_sack(state: CampaignState, combat: CombatState, effect: Lasting) -> None:
    """The bagged adventurer goes where the Sack Man goes, on a free tile next to it (house, HOUSE §3.3)."""
    assert state.expedition is not None
    holder = next((f for f in combat.foes if f.uid == effect.source and f.conscious), None)
    if holder is None or manhattan(holder.pos, combat.positions[effect.holder]) == 1:
        return
    taken = combat.occupied() - {combat.positions[effect.holder]}
    free = [p for p in spread(state.expedition.level, holder.pos, taken) if manhattan(p, holder.pos) == 1]
    if free:
        combat.positions[effect.holder] = free[0]


def strike_host(
    ctx: Context, state: CampaignState, foe: Foe, member: Character, outcome: str, attack: Attack, rule: str
) -> Resolution[bool]:
    """A critical failure against an attached creature hits its host instead, for BASE (HOUSE §6.2).

    `outcome` is the attack test's outcome; return True when `foe` rides a host who took the blow.
    """
    if outcome != "critical_failure" or attack.base <= 0:
        return False
    ride = next((e for e in holds_by(state, foe.uid) if kind_of(e) == ATTACHED), None)
    host = next((m for m in state.party if ride is not None and m.id == ride.holder), None)
    if host is None or host.status.value == "dead":
        return False
    ctx.emit(
        Note(rule="HOUSE §6.2", text=f"{member.name}'s blow misses the {foe.name} and hits {host.name}.")
    )
    pierce = Flag.PIERCE in attack.flags(False)
    yield from receive_wounds(ctx, host, attack.base, armour=worn_armour(host), pierce=pierce, rule=rule)
    return True
