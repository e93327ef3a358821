"""Provides the enemy phase (§10.2.5, HOUSE §3): the GM's AI runs every foe by its archetype.

Order: foes next to an adventurer, then those with a ranged attack, then the rest, each group in
placing order (HOUSE §3.1). Each foe's turn: bleeding (living only; 1–3 a wound, 6 stops it),
Recover while stunned, running while fleeing, otherwise pick a target by archetype and, for each
action, attack it if an attack reaches (area attacks at most once a turn, each victim defending
alone) or Move toward it. A living foe below half its W tests 1d! at the end of its turn (§16 #25).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_events import (
    CombatMoved,
    EnemyActed,
    FoeFled,
    FoeWounded,
    TurnStarted,
    report_tokens,
)
from expedition.rules.combat.combat_harm import defend, knock_out, morale_test
from expedition.rules.combat.combat_state import (
    MAX_SHIELD_TOKENS,
    CombatState,
    Foe,
    clear_fallen,
    on_map,
    standing,
)
from expedition.rules.combat.enemies import attack_effects, habits, specials
from expedition.rules.combat.enemies.enemy_defs import Archetype, EnemyAction
from expedition.rules.combat.enemies.targeting import preferred
from expedition.rules.combat.fight_map import routes, sees
from expedition.rules.combat.maneuvers.maneuver_marks import foe_held, foe_would_move, hidden, weapon_usable
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import Pos, Range, chebyshev, manhattan
from expedition.rules.core.lasting import Span, add_lasting, has_lasting
from expedition.rules.core.rolls import available_dice
from expedition.rules.exploration.hazards.footing import foe_reach
from expedition.rules.items.slots import worn_armour
from expedition.rules.magic.prayers.prayer_marks import bars_int, foe_actions, on_our_side, sealed
from expedition.rules.magic.prayers.swarm import swarm_turn
from expedition.rules.magic.spells import control_spells as control
from expedition.rules.magic.spells.control_spells import dreaded
from expedition.rules.magic.warding import imprisoned

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

CORNERED = "foe:cornered"
"""Lasting on a coward that found no way out of the party's sight: bold until the fight ends (house)."""


def enemy_turns(ctx: Context, state: CampaignState) -> Resolution[None]:
    """Run the enemy phase: every conscious foe takes its turn (HOUSE §3.1)."""
    combat = state.expedition.combat if state.expedition else None
    if combat is None:
        return

    for foe in _order(state, combat):
        clear_fallen(state, combat)  # whoever the last foe killed no longer holds a tile
        if foe.conscious and on_our_side(state, foe):  # the party's Swarm (§11.2)
            yield from swarm_turn(ctx, state, combat, foe)
        elif foe.conscious and standing(state, combat):
            yield from _turn(ctx, state, combat, foe)


def _order(state: CampaignState, combat: CombatState) -> list[Foe]:
    spots = {combat.positions[m.id] for m in on_map(state, combat)}

    def rank(foe: Foe) -> int:
        if any(manhattan(foe.pos, spot) == 1 for spot in spots):
            return 0
        return (
            1
            if any(a.attack is not None and a.attack.reach.band is not Range.CLOSE for a in foe.defn.actions)
            else 2
        )

    return sorted(combat.conscious_foes, key=rank)


def _turn(ctx: Context, state: CampaignState, combat: CombatState, foe: Foe) -> Resolution[None]:
    actions = foe.defn.actions_per_turn
    ctx.emit(TurnStarted(rule="§10.2.5", who=foe.uid, actions=actions))

    if imprisoned(state, foe.uid):  # frozen in crystal (§11.1 Arcane prison)
        ctx.emit(EnemyActed(rule="§11.1", foe=foe.uid, action="imprisoned", target=""))
        return

    actions = foe_actions(ctx, state, combat, foe, actions)  # Hold, Entropy (§11.2)
    wounds_before = foe.wounds
    if foe.bleeding and foe.defn.living:
        (face,) = ctx.roll(1, who=foe.uid, why="bleeding", rule="§10.2.5")
        if face <= 3:
            foe.wounds += 1
            ctx.emit(FoeWounded(rule="§10.2.5", foe=foe.uid, wounds=1, total=foe.wounds, broken=0))
            if foe.knocked_out:
                knock_out(ctx, state, combat, foe, by="")
                return
        elif face == 6:
            foe.bleeding = False

    if control.foe_turn_begins(ctx, state, combat, foe):  # asleep; Shackles' stun (§11.1)
        return
    if not (yield from specials.turn_starts(ctx, state, combat, foe)):  # holds, leech, Red Weaver (§12)
        return
    used: set[str] = set()
    while actions > 0 and foe.conscious and standing(state, combat):
        if foe.tokens.stun:
            foe.tokens.stun -= 1
            ctx.emit(EnemyActed(rule="§10.2.4", foe=foe.uid, action="recover", target=""))
            ctx.emit(report_tokens(foe.uid, foe.tokens, "recover", "§10.2.4"))
            actions -= 1
            continue
        order = control.order_of(state, foe)
        if order is not None:  # Command undead (§11.1)
            toward, away = (
                partial(_move_toward, ctx, state, combat, foe),
                partial(_move_away, ctx, state, combat, foe),
            )
            yield from control.obey(ctx, state, combat, foe, order, actions, toward=toward, away=away)
            break
        fears = control.dreaded_spots(state, combat, foe)  # Phobia (§11.1)
        if any(manhattan(foe.pos, spot) <= 1 for spot in fears) and _move_away(
            ctx, state, combat, foe, fears
        ):
            actions -= 1
            continue
        if foe.fleeing or _timid(state, combat, foe):
            if _move_away(ctx, state, combat, foe):
                actions -= 1
                continue
            if not _seen(state, combat, foe.pos):
                break  # house: already out of sight, it keeps still and gets away as its turn ends
            if not foe.fleeing:
                # House reading of HOUSE §3.2: a coward with no way out of sight is cornered, and bold
                # for the rest of the fight. Before, it ran to the far wall, found itself cornered,
                # walked back toward the party and ran again next turn, for ever (sensible seed 25).
                add_lasting(ctx, state, CORNERED, foe.uid, Span.FIGHT, rule="HOUSE §3.2")
        foe.fleeing = False  # cornered, it fights (HOUSE §3.1)
        target = _target(state, combat, foe)
        if target is None:
            break
        spent = None
        if not foe.feinted:  # its own habits choose first (HOUSE §3.3); 0 ends its turn
            spent = yield from habits.act(ctx, state, combat, foe, target, actions, used)
        if spent is not None:
            actions -= spent if spent > 0 else actions
            continue
        chosen = None if foe.feinted else _attack_for(state, combat, foe, target, actions, used)
        if chosen is not None:
            action, victims = chosen
            used.add(action.key)
            actions -= action.cost
            for victim in victims:
                ctx.emit(EnemyActed(rule="§10.2.5", foe=foe.uid, action=action.key, target=victim.id))
                assert action.attack is not None
                attack = control.against(state, foe, action.attack)  # Bonedance (§11.1)
                start, before = len(ctx.events), attack_effects.wounds_of(victim)
                if (yield from defend(ctx, state, combat, foe, action.name, attack, victim)):  # rider (§12)
                    yield from attack_effects.after_hit(
                        ctx, state, combat, foe, action, victim, start, before
                    )
            continue
        if control.glued(state, foe):  # Glue: 1 action and a test to move again (§11.1, §16 #26)
            control.struggle(ctx, state, foe)
            actions -= 1
            continue
        can_move = bool(_routes(state, combat, foe))
        if (yield from foe_would_move(ctx, state, combat, foe, can_move=can_move)):  # §5.7 maneuvers
            actions -= 1
            continue
        if _move_toward(ctx, state, combat, foe, combat.positions[target.id]):
            actions -= 1
            continue
        if not _raise_shield(ctx, foe, used):
            break
        actions -= 1
    foe.feinted = False
    if foe.fleeing and foe.conscious and not _seen(state, combat, foe.pos):
        foe.fled = True
        ctx.emit(FoeFled(rule="§16 #25", foe=foe.uid))
    elif foe.conscious and _timid(state, combat, foe) and not _seen(state, combat, foe.pos):
        # House reading of HOUSE §3.2: a coward without the numbers makes for the exit, and once out
        # of every adventurer's sight it has got away (in sight, the party may parley with it).
        foe.fled = True
        ctx.emit(FoeFled(rule="HOUSE §3.2", foe=foe.uid))
    elif foe.conscious and foe.defn.living and not foe.fleeing:
        if foe.defn.behaviour.archetype is Archetype.COWARD and foe.wounds > wounds_before:
            morale_test(ctx, foe, dice=2, reason="a coward was hurt", combat=combat)
        elif foe.below_half:
            morale_test(ctx, foe, dice=1, reason="below half its wounds", combat=combat)


def _archetype(foe: Foe) -> Archetype:
    behaviour = foe.defn.behaviour
    return behaviour.follow_up if behaviour.follow_up is not None else behaviour.archetype


def _timid(state: CampaignState, combat: CombatState, foe: Foe) -> bool:
    """A coward is bold only while its side outnumbers the standing adventurers 2 to 1 (HOUSE §3.2)."""
    if foe.defn.behaviour.archetype is not Archetype.COWARD or has_lasting(state, foe.uid, CORNERED):
        return False
    return len(combat.conscious_foes) < 2 * len(standing(state, combat))


def _seen(state: CampaignState, combat: CombatState, pos: Pos) -> bool:
    assert state.expedition is not None
    level = state.expedition.level
    return any(sees(level, combat.positions[m.id], pos) for m in standing(state, combat))


def _wounded(member: Character) -> int:
    return sum(attribute.wounds for attribute in member.attrs.values())


def _weakest(foe: Foe, member: Character) -> int:
    attacks = [a.attack for a in foe.defn.actions if a.attack is not None]
    if not attacks:
        return 0
    return max(available_dice(member, attr, combat=True) for attr in attacks[0].attrs)


def _target(state: CampaignState, combat: CombatState, foe: Foe) -> Character | None:
    """The adventurer the foe goes for, by its archetype (HOUSE §3.2); ties go to the nearest."""
    candidates = [m for m in standing(state, combat) if m.id not in dreaded(state, foe)]  # Phobia (§11.1)
    candidates = [m for m in candidates if not hidden(state, m.id)] or candidates  # §5.7.2 Fade
    if not candidates:
        return None

    candidates = preferred(state, combat, foe, candidates)  # casters, lights, wards, Mother! (HOUSE §3.3)
    spots = {m.id: combat.positions[m.id] for m in on_map(state, combat)}

    def dist(m: Character) -> int:
        return manhattan(foe.pos, spots[m.id])

    def isolated(m: Character) -> int:
        return sum(1 for o, pos in spots.items() if o != m.id and manhattan(pos, spots[m.id]) <= 2)

    def reach(m: Character) -> int:
        return 0 if dist(m) <= foe.defn.movement + 1 else 1

    def swarmed(m: Character) -> int:
        return -sum(1 for f in combat.conscious_foes if manhattan(f.pos, spots[m.id]) == 1)

    keys: dict[Archetype, Callable[[Character], tuple[int, ...]]] = {
        Archetype.BRUTE: lambda m: (-foe.hurt_by.get(m.id, 0), dist(m), -_wounded(m)),
        Archetype.CASTER: lambda m: (-foe.hurt_by.get(m.id, 0), dist(m)),
        Archetype.SKIRMISHER: lambda m: (reach(m), _weakest(foe, m), isolated(m), dist(m)),
        Archetype.GHOST: lambda m: (reach(m), _weakest(foe, m), dist(m)),
        Archetype.SHOOTER: lambda m: (sum(i.working_ap() for i in worn_armour(m)), dist(m)),
        Archetype.SWARM: lambda m: (swarmed(m), -_wounded(m), dist(m)),
        Archetype.GRAPPLER: lambda m: (isolated(m), _weakest(foe, m), dist(m)),
    }
    key = keys.get(_archetype(foe), lambda m: (dist(m),))
    return min(candidates, key=key)


def _reaches(state: CampaignState, foe: Foe, action: EnemyAction, pos: Pos) -> bool:
    attack = action.attack
    if attack is None:
        return False
    if attack.reach.band is Range.CLOSE and attack.reach.tiles == 1:
        return chebyshev(foe.pos, pos) <= 1 if action.area else manhattan(foe.pos, pos) == 1
    assert state.expedition is not None
    return attack.reach.reaches(manhattan(foe.pos, pos)) and sees(state.expedition.level, foe.pos, pos)


def _attack_for(
    state: CampaignState, combat: CombatState, foe: Foe, target: Character, actions: int, used: set[str]
) -> tuple[EnemyAction, list[Character]] | None:
    """The attack to use now and who it strikes, or None when nothing reaches."""
    usable = [a for a in foe.defn.actions if a.attack is not None and a.cost <= actions]

    usable = [
        a for a in usable if not specials.restricted(foe, a.key)
    ]  # Eat, Bash, Lunge, Ram: scripts only (§12)
    if bars_int(state, foe.uid):  # Ignorance (§11.2)
        usable = [a for a in usable if a.attack is not None and Attr.INT not in a.attack.attrs]
    usable = [a for a in usable if weapon_usable(state, foe, a.key)]  # Disarm (§5.7.1)
    for action in usable:
        if action.area and action.key not in used:
            victims = [
                m for m in on_map(state, combat) if _reaches(state, foe, action, combat.positions[m.id])
            ]
            if len(victims) >= 2:
                return action, victims
    strongest = sorted(
        (a for a in usable if not a.area),
        key=lambda a: -(a.attack.damage(False) + a.attack.crit if a.attack else 0),
    )

    victims = [target] + [
        m for m in on_map(state, combat) if not m.can_act and m.id not in dreaded(state, foe)
    ]
    for victim in victims:
        for action in strongest:
            if _reaches(state, foe, action, combat.positions[victim.id]):
                return action, [victim]
    return None


def _move_toward(ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, goal: Pos) -> bool:
    """Move up to Movement tiles toward the tiles next to `goal`; False if it cannot get closer."""
    options = _routes(state, combat, foe)
    if not options:
        return False
    here = manhattan(foe.pos, goal)
    best = min(
        options, key=lambda p: (manhattan(p, goal) if manhattan(p, goal) >= 1 else 99, len(options[p]), p)
    )
    if manhattan(best, goal) >= here:
        return False
    _walk(ctx, foe, options[best])
    return True


def _move_away(
    ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, spots: list[Pos] | None = None
) -> bool:
    """Move as far as it can from the nearest adventurer (or `spots`, HOUSE §3.1); False when cornered.

    House: a foe running from the party (no `spots`) that already stands out of every adventurer's
    sight never steps back into sight for distance; it keeps still and so gets away (§16 #25).
    Before, a fleeing Rotworm Swarm in a room's one hidden corner walked out into sight for the
    farther wall and back into the corner every turn, and the fight never ended.
    """
    hiding = spots is None and not _seen(state, combat, foe.pos)
    spots = spots if spots is not None else [combat.positions[m.id] for m in standing(state, combat)]
    options = _routes(state, combat, foe)

    def gap(pos: Pos) -> int:
        return min((manhattan(pos, spot) for spot in spots), default=99)

    if not options:
        return False
    best = max(options, key=lambda p: (not _seen(state, combat, p), gap(p), -len(options[p]), p))
    if _seen(state, combat, best) and (hiding or gap(best) <= gap(foe.pos)):
        return False
    _walk(ctx, foe, options[best])
    return True


def _routes(state: CampaignState, combat: CombatState, foe: Foe) -> dict[Pos, tuple[Pos, ...]]:
    assert state.expedition is not None

    if foe_held(state, foe.uid) or control.glued(state, foe):  # immobilised (§16 #26), Glue (§11.1)
        return {}
    spots = {combat.positions[m.id] for m in on_map(state, combat)}
    engaged = {
        p for s in spots for p in ((s[0] + 1, s[1]), (s[0] - 1, s[1]), (s[0], s[1] + 1), (s[0], s[1] - 1))
    }
    ghost = _archetype(foe) is Archetype.GHOST

    blocked = (combat.occupied() - {foe.pos}) | sealed(state, foe)  # Seal (§11.2)
    return routes(
        state.expedition.level,
        foe.pos,
        foe_reach(state, foe, control.movement(state, foe)),  # Bonedance (§11.1), hazards (HOUSE §1.9)
        blocked | control.shunned_tiles(state, combat, foe),  # Phobia (§11.1)
        engaged=set() if ghost else engaged,
        through_walls=ghost,
    )


def _walk(ctx: Context, foe: Foe, path: tuple[Pos, ...]) -> None:
    foe.pos = path[-1]
    ctx.emit(EnemyActed(rule="§10.2.5", foe=foe.uid, action="move", target=""))
    ctx.emit(CombatMoved(rule="§10.2.5", who=foe.uid, path=path))


def _raise_shield(ctx: Context, foe: Foe, used: set[str]) -> bool:
    """Its shield action, when it has one and nothing else to do (HOUSE §3.2 Brute): 1 shield token."""
    action = next((a for a in foe.defn.actions if a.attack is None and "shield" in a.key), None)
    if action is None or action.key in used or foe.tokens.shield >= MAX_SHIELD_TOKENS:
        return False
    used.add(action.key)
    foe.tokens.shield += 1
    ctx.emit(EnemyActed(rule="§10.2.5", foe=foe.uid, action=action.key, target=""))
    ctx.emit(report_tokens(foe.uid, foe.tokens, action.name, "§10.2.4"))
    return True
