"""Provides how the sensible bot fights: hit what it can hurt, finish the wounded, flee a lost fight."""

from __future__ import annotations

from expedition.bots.sensible.memory import Memory
from expedition.bots.sensible.party import down, first
from expedition.rules.core.distance import Pos
from expedition.session.seat_view import SeatOption, SeatView

__all__ = ["FLEE_AFTER", "fight"]

FLEE_AFTER = 6
"""Rounds without hurting any foe after which the fight is not being won."""
WORTH_IT = 0.25
"""The least chance of a hit worth an attack."""
MAGIC = ("HurlSpellShot", "CastSpell", "InvokePrayer", "UseManeuver")


def fight(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    """The fighter's choice: flee, attack, use magic, close in, guard, or end the turn."""
    _progress(view, memory)
    return (
        _flee(view, options, memory)
        or _attack(view, options)
        or _magic(options, memory)
        or _close_in(view, options)
        or first(options, "Recover", "Defend", "Dodge", "CombatCatchBreath")
        or first(options, "EndTurn", "PassTurn")
    )


def _progress(view: SeatView, memory: Memory) -> None:
    combat = view.state.expedition.combat if view.state.expedition else None
    if combat is None:
        return
    hurt = sum(foe.wounds for foe in combat.foes) + sum(1 for foe in combat.foes if foe.out or foe.fled)
    if hurt > memory.foe_wounds:
        memory.foe_wounds, memory.fight_rounds = hurt, 0
    elif combat.round != memory.last_round:
        memory.fight_rounds += 1
    memory.last_round = combat.round


def _flee(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    losing = memory.fight_rounds >= FLEE_AFTER or 2 * down(view) > len(view.state.party)
    return first(options, "Flee") if losing else None


def _attack(view: SeatView, options: list[SeatOption]) -> SeatOption | None:
    attacks = [o for o in options if o.kind == "AttackFoe" and o.odds is not None]
    if not attacks:
        return None
    combat = view.state.expedition.combat if view.state.expedition else None
    wounded = {foe.uid: foe.wounds for foe in combat.foes} if combat is not None else {}

    def worth(option: SeatOption) -> tuple[float, int]:
        assert option.odds is not None
        return (float(option.odds.succeeded) + 0.1 * wounded.get(option.target, 0), -len(option.target))

    best = max(attacks, key=worth)
    return best if best.odds is not None and float(best.odds.succeeded) >= WORTH_IT else None


def _magic(options: list[SeatOption], memory: Memory) -> SeatOption | None:
    offered = [o for o in options if o.kind in MAGIC]
    return memory.rng.choice(offered) if offered and memory.rng.random() < 0.5 else None


def _close_in(view: SeatView, options: list[SeatOption]) -> SeatOption | None:
    combat = view.state.expedition.combat if view.state.expedition else None
    moves = [o for o in options if o.kind == "CombatMove" and o.tile is not None]
    if combat is None or not moves:
        return None
    foes = [foe.pos for foe in combat.foes if not (foe.out or foe.fled)]
    here = combat.positions.get(moves[0].actor)
    if not foes or here is None:
        return None

    def gap(tile: Pos | None) -> int:
        assert tile is not None
        return min(max(abs(tile[0] - x), abs(tile[1] - y)) for x, y in foes)

    best = min(moves, key=lambda o: (gap(o.tile), o.tile))
    return best if gap(best.tile) < gap(here) else None
