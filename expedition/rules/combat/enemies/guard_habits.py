"""Provides the habits of guards and slippery foes (HOUSE §3.3): Hunter, Boggart, Ectoplasmic Worm, sack.

Each script is asked before one of its foe's actions (see `enemy_scripts.act`); `bag` is the
Sack Man's bagging of a downed adventurer, asked by its own script first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.combat.combat_events import FoeFleeing
from expedition.rules.combat.combat_state import CombatState, Foe, on_map, standing
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.combat.enemies.movement import approach, paths, step_aside, walk
from expedition.rules.combat.enemies.tactics import Script, adjacent, hit, mark, tokens
from expedition.rules.combat.enemies.targeting import WARDS, isolated, set_quarry
from expedition.rules.combat.holds import BAGGED, HOOKED, holds_by, holds_on, kind_of, release, take_hold
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import chebyshev, manhattan

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

DOWNED = frozenset({Status.FAINTED, Status.MORTALLY_WOUNDED})


def bag(
    ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, actions: int, used: set[str]
) -> int | None:
    """Bagging: a downed adventurer next to the Sack Man goes into the sack (2 actions), and off it runs.

    House (HOUSE §3.3): the victim is held "hold:bagged" and carried beside it (`holds.carry_attached`);
    it drops them when stunned or out, an ally Close cuts them out with 1 action, and once it gets
    away the victim lies, still downed, where it left the fight (its "lair"). With fewer than 2
    actions left it waits rather than strike the downed. Returns the actions spent, 0 to end its
    turn, or None when there is nobody to bag.
    """
    held = holds_by(state, foe.uid)
    if any(kind_of(e) == BAGGED for e in held):
        foe.fleeing = True  # off toward its lair with the catch
        return None
    downed = [
        m
        for m in on_map(state, combat)
        if m.status in DOWNED
        and chebyshev(combat.positions[m.id], foe.pos) <= 1
        and not any(kind_of(e) == BAGGED for e in holds_on(state, m.id))
    ]
    if not downed:
        return None
    if actions < 2:
        return 0
    for effect in held:
        if kind_of(effect) == HOOKED:  # it hooks nobody else while it bags
            release(ctx, state, effect, "let go")
    mark(ctx, foe, "bag", used)
    take_hold(ctx, state, combat, foe, downed[0], BAGGED)
    foe.fleeing = True
    ctx.emit(FoeFleeing(rule="HOUSE §3.3", foe=foe.uid, reason=f"off to its lair with {downed[0].name}"))
    return 2


def _hunter(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    """Knife in the gut only on an adventurer another goblin is also next to; else step back and shoot."""
    close = [m for m in standing(state, combat) if adjacent(combat, foe, m)]
    if not close:
        return None
    flanked = [
        m
        for m in close
        if any(
            f is not foe and EnemyTag.GOBLIN in f.defn.tags and manhattan(f.pos, combat.positions[m.id]) == 1
            for f in combat.conscious_foes
        )
    ]
    if flanked:
        return (yield from hit(ctx, state, combat, foe, "knife_in_the_gut", flanked[0], used))
    if "step_back" not in used and step_aside(ctx, state, combat, foe):
        used.add("step_back")
        return 1
    return None  # it shoots, point-blank


def _boggart(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    """Bodyguard: after its blade, Black shield and a 1-tile step between the target and its ward.

    House: the step keeps it touching the target (diagonals count), on the tile nearest the ward.
    """
    near = adjacent(combat, foe, target)
    if near and "serrated_blade" in used and "black_shield" not in used:
        tokens(ctx, foe, "black_shield", used, shield=1)
        goal = combat.positions[target.id]
        wards = [f for f in combat.conscious_foes if f.key in WARDS]
        if wards:
            ward = min(wards, key=lambda f: (manhattan(f.pos, goal), f.uid))
            steps = {p: path for p, path in paths(state, combat, foe, 1).items() if chebyshev(p, goal) <= 1}
            better = [p for p in steps if manhattan(p, ward.pos) < manhattan(foe.pos, ward.pos)]
            if better:
                walk(ctx, foe, steps[min(better, key=lambda p: (manhattan(p, ward.pos), p))])
        return 1
    if not near and actions == 1 and "black_shield" not in used:
        return tokens(ctx, foe, "black_shield", used, shield=1)  # a shield-bearer ends its turn guarded
    return None
    yield  # a generator, like every script


def _worm(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    """Starting its turn next to 2+ adventurers, it slips through the walls toward a lone one."""
    people = standing(state, combat)
    close = [m for m in people if adjacent(combat, foe, m)]
    if used or len(close) < 2:
        return None
    others = [m for m in people if m not in close]
    if not others:
        return None
    lone = min(
        others, key=lambda m: (isolated(combat, people, m), manhattan(combat.positions[m.id], foe.pos), m.id)
    )
    used.add("slip")
    set_quarry(ctx, state, foe, lone, "HOUSE §3.3")
    return 1 if approach(ctx, state, combat, foe, combat.positions[lone.id]) else None
    yield  # a generator, like every script


GUARDS: dict[str, Script] = {
    "goblin_hunter": _hunter,
    "boggart": _boggart,
    "ectoplasmic_worm": _worm,
}
"""Scripts of the Goblin Hunter, the Boggart and the Ectoplasmic Worm (HOUSE §3.3)."""
