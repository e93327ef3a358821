"""Provides the habits of shore creatures, scavengers, the undead, spiders and hunters (HOUSE §3.3).

Each script is asked before one of its foe's actions (see `enemy_scripts.act`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.harm import place_wounds
from expedition.rules.combat.combat_harm import wound_foe
from expedition.rules.combat.combat_state import (
    MAX_SHIELD_TOKENS,
    CombatState,
    Foe,
    on_map,
    standing,
)
from expedition.rules.combat.enemies.movement import approach, in_line, paths, walk
from expedition.rules.combat.holds import GRABBED, holds_by, kind_of
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import manhattan
from expedition.rules.core.lasting import Span, add_lasting, lasting_on
from expedition.rules.core.skills import Trait

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

from expedition.rules.combat.combat_events import CombatMoved
from expedition.rules.combat.enemies.tactics import (
    NEARBY,
    Script,
    adjacent,
    area,
    corpses,
    hit,
    mark,
    nearby,
    regenerate,
    tokens,
    transform,
)
from expedition.rules.combat.fight_map import floor


def _frog(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    close = [m for m in standing(state, combat) if adjacent(combat, foe, m)]
    fresh = [m for m in close if not m.has(Affliction.NAUSEATED)]
    if fresh and "toxic_spit" not in used:
        return (yield from hit(ctx, state, combat, foe, "toxic_spit", fresh[0], used))
    armed = [m for m in nearby(state, combat, foe) if any(i.wielded or i.lit for i in m.items)]
    if not close and armed and "sticky_tongue" not in used:
        far = max(armed, key=lambda m: manhattan(combat.positions[m.id], foe.pos))
        return (yield from hit(ctx, state, combat, foe, "sticky_tongue", far, used))
    return None


def _crab(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    held = [e for e in holds_by(state, foe.uid) if kind_of(e) == GRABBED]
    if held:
        victim = state.character(held[0].holder)
        attackers = [m for m in standing(state, combat) if foe.hurt_by.get(m.id) and adjacent(combat, foe, m)]
        attackers = [m for m in attackers if m is not victim]
        if attackers and "bash" not in used:
            return (yield from hit(ctx, state, combat, foe, "bash", attackers[0], used))
        if "eat" not in used and held[0].value != combat.round:  # house: never in the turn it grabbed
            return (yield from hit(ctx, state, combat, foe, "eat", victim, used))
        return 0
    if adjacent(combat, foe, target):
        return (yield from hit(ctx, state, combat, foe, "grab", target, used))
    return 1 if approach(ctx, state, combat, foe, combat.positions[target.id]) else 0


def _maneater(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    goal = combat.positions[target.id]
    if "ram" in used or not in_line(foe.pos, goal) or not 2 <= manhattan(foe.pos, goal) <= 4:
        return None
    mark(ctx, foe, "ram", used)
    dx, dy = (goal[0] > foe.pos[0]) - (goal[0] < foe.pos[0]), (goal[1] > foe.pos[1]) - (goal[1] < foe.pos[1])
    assert state.expedition is not None

    path: tuple[tuple[int, int], ...] = ()
    for _ in range(3):
        tile = (foe.pos[0] + dx, foe.pos[1] + dy) if not path else (path[-1][0] + dx, path[-1][1] + dy)
        if not floor(state.expedition.level, tile) or combat.foe_at(tile) is not None:
            break
        blocker = next((m for m in on_map(state, combat) if combat.positions[m.id] == tile), None)
        if blocker is not None:
            shove = (tile[0] + dx, tile[1] + dy)
            if floor(state.expedition.level, shove) and shove not in combat.occupied():
                combat.positions[blocker.id] = shove
                ctx.emit(CombatMoved(rule="§12.4", who=blocker.id, path=(shove,)))
            else:
                yield from place_wounds(ctx, blocker, 1, rule="§12.4")
                break
        path = (*path, tile)
    if path:
        walk(ctx, foe, path, rule="§12.4")
    return 1


def _crawler(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    if adjacent(combat, foe, target):
        return None
    if actions >= 2 and approach(ctx, state, combat, foe, combat.positions[target.id]):
        return 2
    # It cannot crawl closer (no actions left for it, or a body blocks the corridor): a downed
    # adventurer within its bite is attacked, as HOUSE §3.1 allows when no standing one is in
    # reach; the plain attack picks them. Before, it waited for ever beside them (a stand-off
    # the bots found: two Husks, a fallen adventurer, a friend behind, 40 rounds).
    downed = [m for m in on_map(state, combat) if not m.can_act]
    if any(adjacent(combat, foe, m) for m in downed):
        return None
    # House, the same reading: with its way to the standing barred by a body, it crawls toward the
    # nearest downed adventurer instead, to bite them next. Before, a Husk one step from a doorway
    # whose far side a fallen adventurer filled gained nothing on the standing one by the step, so
    # it never took it (the bots' seed 7: 40 rounds).
    downed.sort(key=lambda m: manhattan(foe.pos, combat.positions[m.id]))
    for member in downed if actions >= 2 else ():
        if approach(ctx, state, combat, foe, combat.positions[member.id]):
            return 2
    return 0
    yield  # a generator, like every script


def _walker(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    """Tiny, nimble or piling-on walkers close in by their own rules when nothing of theirs reaches."""
    goal = combat.positions[target.id]
    for action in foe.defn.actions:
        attack = action.attack
        far = attack is not None and attack.reach.band.value != "close" and manhattan(foe.pos, goal) > 1
        if (
            far
            and action.key != "lunge"
            and attack is not None
            and attack.reach.reaches(manhattan(foe.pos, goal))
        ):
            return None
    if adjacent(combat, foe, target):
        return None
    return 1 if approach(ctx, state, combat, foe, goal) else None
    yield  # a generator, like every script


def _lunger(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    attached = holds_by(state, foe.uid)
    if attached:
        return (
            yield from hit(
                ctx, state, combat, foe, "infectious_bite", state.character(attached[0].holder), used
            )
        )
    lunge = foe.defn.action("lunge").attack
    assert lunge is not None
    goal = combat.positions[target.id]
    if (
        "lunge" not in used
        and not adjacent(combat, foe, target)
        and lunge.reach.reaches(manhattan(foe.pos, goal))
    ):
        options = {
            p: path
            for p, path in paths(state, combat, foe, manhattan(foe.pos, goal)).items()
            if manhattan(p, goal) == 1
        }
        if options:
            walk(ctx, foe, options[min(options, key=lambda p: (len(options[p]), p))])
            return (yield from hit(ctx, state, combat, foe, "lunge", target, used))
    return (yield from _walker(ctx, state, combat, foe, target, actions, used))


def _cadaver(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    nobody = not any(adjacent(combat, foe, m) for m in standing(state, combat))
    for corpse in corpses(state, combat):
        if manhattan(corpse.pos, foe.pos) <= 1 and (foe.wounds or nobody) and actions >= 2:
            mark(ctx, foe, "feast", used)
            transform(ctx, state, foe, corpse, "unsatiable_dead", healed=True)
            return 2
    if foe.wounds and nobody and "unnatural_regeneration" not in used:
        return regenerate(ctx, foe, used)
    return None
    yield  # a generator, like every script


def _sailor(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    people = on_map(state, combat)
    sung = lasting_on(state, foe.uid, "foe:shanty")
    rested = not sung or sung[0].value < combat.round - 1
    if actions >= 2 and len(people) >= 2 and rested and not any(adjacent(combat, foe, m) for m in people):
        mark(ctx, foe, "cursed_sea_shanty", used)
        add_lasting(ctx, state, "foe:shanty", foe.uid, Span.FIGHT, value=combat.round, rule="§12.5")
        for member in people:
            yield from place_wounds(ctx, member, 1, named=Attr.PRE, lethal=False, rule="§12.5")
        return 2
    return None


def _screamer(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    if "agony" in used:
        return None
    victims = [m for m in standing(state, combat) if manhattan(combat.positions[m.id], foe.pos) <= NEARBY]
    living = [
        f
        for f in combat.conscious_foes
        if f is not foe and f.defn.living and manhattan(f.pos, foe.pos) <= NEARBY
    ]
    if not victims and not living:
        return None
    spent = yield from area(ctx, state, combat, foe, "agony", victims, used)
    for ally in living:
        wound_foe(ctx, state, combat, ally, 2, by="", rule="§12.5")
    return spent


def _giant_spider(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    if combat.round == 1 and "silken_bola" not in used:
        casters = [
            m for m in nearby(state, combat, foe) if m.has(Trait.MAGIC_USER) or m.has(Trait.DIVINE_MANDATE)
        ]
        if casters:
            return (yield from hit(ctx, state, combat, foe, "silken_bola", casters[0], used))
    clawed = "giant_claw" in used and "poisonous_bite" not in used and adjacent(combat, foe, target)
    if clawed and not target.has(Affliction.NAUSEATED):
        return (yield from hit(ctx, state, combat, foe, "poisonous_bite", target, used))
    return None


def _bounty_hunter(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    reach = [m for m in standing(state, combat) if manhattan(combat.positions[m.id], foe.pos) <= 5]
    if len(reach) >= 2 and "wooden_shield" not in used and foe.tokens.shield < MAX_SHIELD_TOKENS:
        return tokens(ctx, foe, "wooden_shield", used, shield=2)
    return None
    yield  # a generator, like every script


WILD: dict[str, Script] = {
    "giant_frog": _frog,
    "giant_crab": _crab,
    "golden_ridge_maneater": _maneater,
    "reanimated_husk": _crawler,
    "slumbering_corpse": _walker,
    "shrunken_corpse": _walker,
    "freshly_risen_corpse": _lunger,
    "head_spider": _lunger,
    "starved_cadaver": _cadaver,
    "rotting_sailor": _sailor,
    "bloated_screamer": _screamer,
    "giant_spider": _giant_spider,
    "bounty_hunter": _bounty_hunter,
}
"""Scripts of the enemies of §12.3–§12.6."""
