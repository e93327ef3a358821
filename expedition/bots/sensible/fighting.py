"""Provides how the sensible bot fights: hit what it can hurt, finish the wounded, flee a lost fight.

Fleeing (§16 #25) takes a move to a tile no foe can see, so a party that means to run first walks
toward the nearest such tile (out through a door, round a corner) and flees once it is offered.
"""

from __future__ import annotations

from collections import deque

from expedition.bots.sensible.memory import Memory
from expedition.bots.sensible.party_condition import down, first, wounds
from expedition.rules.character.adventurer import Status
from expedition.rules.combat.fight_map import floor, sees
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.distance import Pos
from expedition.session.seat_view import SeatOption, SeatView

__all__ = ["FLEE_AFTER", "fight", "losing"]

FLEE_AFTER = 3
"""Rounds without hurting any foe after which the fight is not being won."""
DRAGS_ON = 8
"""Rounds after which a fight is worth talking out of, where a foe will talk."""
WORTH_IT = 0.25
"""The least chance of a hit worth an attack."""
BLOODIED = 4
"""Wounds on one standing adventurer after which the party would rather run than trade blows."""
REACH = 40
"""How far (in tiles walked) the bot looks for a place out of the foes' sight."""
BODY = ("str", "dex")
"""The attributes blows and shots test."""
WINDED = 1
"""Available dice on a fatigued body attribute at which the fighter catches breath before a blow."""
HEAL_AT = 2
"""Wounds on one adventurer worth a healing prayer in a fight."""
SHRUNK = 2
"""Standing adventurers at or below which the party runs from foes still fresh: two cannot hold a line,
and nobody new joins the party until all are dead (§5.1). Shrunk parties lost most first fights."""
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def fight(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    """The fighter's choice: stabilise, break a hold, flee, attack, use magic, close in, guard, end turn."""
    _progress(view, memory)
    if losing(view, memory):
        memory.fleeing = True
    return (
        _stabilise(options)
        or first(options, "BreakFree")  # a leech or worm rides its host: no running from it (HOUSE §6.2)
        or _parley(view, options, memory)
        or (_flee(view, options) if memory.fleeing else None)
        or (_breathe(view, options) if memory.fight_rounds < FLEE_AFTER else None)
        or _attack(view, options, cornered=memory.fleeing and memory.fight_rounds >= FLEE_AFTER)
        or _magic(view, options)
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


def losing(view: SeatView, memory: Memory) -> bool:
    """The fight goes badly: no progress, someone down or bloodied while the foes are fresh, or outmatched.

    Outmatched: foes still fresh against a shrunk party, or more of them than adventurers standing.
    """
    combat = view.state.expedition.combat if view.state.expedition else None
    if combat is None:
        return False
    party = view.state.party
    fallen = down(view)
    standing = [m for m in party if m.status is Status.ACTIVE]
    foes = combat.conscious_foes
    if not foes:
        return False
    foes_hp = sum(max(0, f.defn.wounds + 1 - f.wounds) for f in foes)
    start_hp = sum(f.defn.wounds + 1 for f in combat.foes)
    fresh = 2 * foes_hp > start_hp  # the foes still have more than half their fight left
    bloodied = sum(1 for m in standing if wounds(m) >= BLOODIED)
    return (
        memory.fight_rounds >= FLEE_AFTER
        or 2 * fallen >= len(party)
        or (fallen >= 1 and fresh)
        or (2 * bloodied >= max(1, len(standing)) and fresh)
        or (fresh and (len(standing) <= SHRUNK or len(foes) > len(standing)))
    )


def _parley(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    """Talk a foe out of a fight that goes badly or drags on, when it will talk (HOUSE §3.3)."""
    combat = view.state.expedition.combat if view.state.expedition else None
    if combat is None:
        return None
    if not (memory.fleeing or memory.fight_rounds >= FLEE_AFTER or combat.round >= DRAGS_ON):
        return None
    talks = [o for o in options if o.kind == "Parley"]
    return min(talks, key=lambda o: (o.arg("offer") != 0, o.label)) if talks else None


def _stabilise(options: list[SeatOption]) -> SeatOption | None:
    """Medicine for a mortally wounded ally, first of all (§4.4)."""
    return next((o for o in options if o.kind == "CombatUseItem" and o.label.startswith("Stabilise")), None)


def _flee(view: SeatView, options: list[SeatOption]) -> SeatOption | None:
    """Flee if a flight is offered; else take the move that nears the closest tile out of the foes' sight."""
    flight = first(options, "Flee")
    if flight is not None:
        return flight
    expedition = view.state.expedition
    combat = expedition.combat if expedition else None
    moves = [o for o in options if o.kind == "CombatMove" and o.tile is not None]
    if expedition is None or combat is None or not moves:
        return None
    level = expedition.dungeon.level(combat.depth)
    watchers = [foe.pos for foe in combat.conscious_foes]
    here = combat.positions.get(moves[0].actor)
    if here is None:
        return None
    distance = _to_cover(level, here, watchers, combat.occupied() - {here})
    if not distance:
        return None
    best = min(moves, key=lambda o: (distance.get(o.tile, REACH + 1), o.tile))  # type: ignore[arg-type]
    return best if distance.get(best.tile, REACH + 1) < distance.get(here, REACH + 1) else None  # type: ignore[arg-type]


def _to_cover(level: object, start: Pos, watchers: list[Pos], taken: set[Pos]) -> dict[Pos, int]:
    """Walking distance to the nearest tile no watcher sees, around `start` (not through `taken`)."""
    seen_from: dict[Pos, bool] = {}

    def hidden(pos: Pos) -> bool:
        if pos not in seen_from:
            seen_from[pos] = not any(sees(level, w, pos) for w in watchers)  # type: ignore[arg-type]
        return seen_from[pos]

    # Breadth first from `start` to find the cover tiles within reach, then back from them.
    came: dict[Pos, int] = {start: 0}
    queue = deque([start])
    cover: list[Pos] = []
    while queue:
        pos = queue.popleft()
        if came[pos] >= REACH:
            continue
        if hidden(pos):
            cover.append(pos)
            if len(cover) >= 6:
                break
            continue
        for dx, dy in STEPS:
            nxt = (pos[0] + dx, pos[1] + dy)
            if nxt not in came and nxt not in taken and floor(level, nxt):  # type: ignore[arg-type]
                came[nxt] = came[pos] + 1
                queue.append(nxt)
    if not cover:
        return {}
    distance = {pos: 0 for pos in cover}
    queue = deque(cover)
    while queue:
        pos = queue.popleft()
        for dx, dy in STEPS:
            nxt = (pos[0] + dx, pos[1] + dy)
            if nxt in came and nxt not in distance:
                distance[nxt] = distance[pos] + 1
                queue.append(nxt)
    return distance


def _breathe(view: SeatView, options: list[SeatOption]) -> SeatOption | None:
    """Catch breath before a blow the tired body cannot pay for.

    A test's fatigue on an attribute with no die left turns into a wound, and with no room for
    that the fighter faints (§4.1): a careful fighter catches breath first. Not when the fight
    has stood still for `FLEE_AFTER` rounds and there is no way out: breathing every round
    while the foes miss would last for ever, so the cornered fighter strikes instead.
    """
    breath = first(options, "CombatCatchBreath")
    if breath is None:
        return None
    member = next((m for m in view.state.party if m.id == breath.actor), None)
    if member is None or Affliction.PARCHED in member.afflictions:
        return None  # a parched fighter recovers nothing by it (§4.1)
    body = [member.attrs[a] for a in member.attrs if str(a).lower() in BODY]
    return breath if any(a.fatigue and a.available <= WINDED for a in body) else None


def _attack(view: SeatView, options: list[SeatOption], cornered: bool = False) -> SeatOption | None:
    """The likeliest blow, the more wounded foe first; none below `WORTH_IT`, unless cornered.

    Cornered: the party would run, finds no way out, and the fight has stood still for
    `FLEE_AFTER` rounds. Then any chance of a hit beats guarding: a foe that only stuns (the
    Lesser Demon's Void Axe) would otherwise keep a lone fighter recovering until the party falls.
    """
    attacks = [o for o in options if o.kind == "AttackFoe" and o.odds is not None]
    if not attacks:
        return None
    combat = view.state.expedition.combat if view.state.expedition else None
    wounded = {foe.uid: foe.wounds for foe in combat.foes} if combat is not None else {}

    def worth(option: SeatOption) -> tuple[float, int]:
        assert option.odds is not None
        return (float(option.odds.succeeded) + 0.1 * wounded.get(option.target, 0), -len(option.target))

    best = max(attacks, key=worth)
    chance = float(best.odds.succeeded) if best.odds is not None else 0.0
    return best if chance > 0 and chance >= (0.0 if cornered else WORTH_IT) else None


def _magic(view: SeatView, options: list[SeatOption]) -> SeatOption | None:
    """Magic with a purpose: a shot of a spell already cast, healing the badly hurt, a spell at a foe.

    Utility magic (light, food) waits for the fight to end; a desperate plea is kept for the
    dying, since an angry god costs more than a wound.
    """
    combat = view.state.expedition.combat if view.state.expedition else None
    if combat is None:
        return None
    foes = {foe.uid for foe in combat.conscious_foes}
    hurt_badly = {m.id for m in view.state.party if m.status is not Status.DEAD and wounds(m) >= HEAL_AT}
    dying = {m.id for m in view.state.party if m.mortal_wounds}
    shots = [o for o in options if o.kind == "HurlSpellShot" and o.arg("target") in foes]
    heals = [
        o
        for o in options
        if o.kind == "InvokePrayer"
        and "Cure" in o.label
        and (o.arg("target") in (dying if o.arg("plea") else hurt_badly))
    ]
    aimed = [o for o in options if o.kind in ("CastSpell", "UseManeuver") and o.arg("target") in foes]
    return next(iter(shots or heals or aimed), None)


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
