"""Provides how enemies with movement specials move (§12, HOUSE §6.4): nimble, tiny, pile on, straight lines.

Ordinary foes move through `combat_enemies`; these helpers serve the enemy scripts. *Nimble* and
immaterial creatures ignore the combat movement penalty; *Tiny* ones (two to a tile), a *Pile on*
corpse (three to a tile) and the undead that do not block one another (*No personal space*) may
end on a tile their kin already hold; a *Straight runner* moves in one orthogonal line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.combat.combat_events import CombatMoved, EnemyActed
from expedition.rules.combat.combat_state import CombatState, Foe, on_map
from expedition.rules.combat.enemies.enemy_defs import Archetype, EnemyTag
from expedition.rules.combat.fight_map import floor, routes
from expedition.rules.core.context import Context
from expedition.rules.core.distance import Pos, manhattan, orthogonal_neighbours
from expedition.rules.exploration.hazards.footing import foe_reach

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

NIMBLE = frozenset({"shrunken_corpse", "head_spider", "ectoplasmic_worm"})
"""Foes that ignore the combat movement penalty (HOUSE §6.4)."""
SHARING = {"shrunken_corpse": 2, "head_spider": 2, "slumbering_corpse": 3}
"""Foes that may crowd one tile with their own kind, and how many fit (§12.5)."""
STRAIGHT = frozenset({"giant_crab"})
"""Foes whose every Move is one straight line (§12.4)."""


def _shareable(combat: CombatState, foe: Foe) -> set[Pos]:
    """Tiles held only by kin that still have room for `foe` (Tiny, Pile on, No personal space)."""
    room = SHARING.get(foe.key, 0)
    tiles: set[Pos] = set()
    kin = [f for f in combat.conscious_foes if f is not foe]
    for pos in {f.pos for f in kin}:
        there = [f for f in kin if f.pos == pos]
        if room and all(f.key == foe.key for f in there) and len(there) < room:
            tiles.add(pos)
        husk = foe.key == "reanimated_husk" or all(f.key == "reanimated_husk" for f in there)
        undead = EnemyTag.UNDEAD in foe.defn.tags and all(EnemyTag.UNDEAD in f.defn.tags for f in there)
        if husk and undead:
            tiles.add(pos)
    return tiles


def paths(state: CampaignState, combat: CombatState, foe: Foe, tiles: int) -> dict[Pos, tuple[Pos, ...]]:
    """Tiles `foe` can reach with `tiles` steps, by its movement specials, with the path to each."""
    assert state.expedition is not None

    tiles = foe_reach(state, foe, tiles)  # water, mud, silk, a warped floor (HOUSE §1.9-§1.14)
    level = state.expedition.level
    people = {combat.positions[m.id] for m in on_map(state, combat)}
    blocked = (combat.occupied() - {foe.pos}) - (_shareable(combat, foe) - people)
    if foe.key in STRAIGHT:
        found: dict[Pos, tuple[Pos, ...]] = {}
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            path: tuple[Pos, ...] = ()
            for step in range(1, tiles + 1):
                tile = (foe.pos[0] + dx * step, foe.pos[1] + dy * step)
                if tile in blocked or not floor(level, tile):
                    break
                path = (*path, tile)
                found[tile] = path
        return found
    engaged = set() if foe.key in NIMBLE else {p for s in people for p in orthogonal_neighbours(s)}
    ghost = foe.defn.behaviour.archetype is Archetype.GHOST  # through walls, never stopping in one
    return routes(level, foe.pos, tiles, blocked, engaged=engaged, through_walls=ghost)


def walk(ctx: Context, foe: Foe, path: tuple[Pos, ...], rule: str = "§10.2.5") -> None:
    """Move `foe` along `path` (§10.2.5)."""
    foe.pos = path[-1]
    ctx.emit(EnemyActed(rule=rule, foe=foe.uid, action="move", target=""))
    ctx.emit(CombatMoved(rule=rule, who=foe.uid, path=path))


def approach(
    ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, goal: Pos, *, tiles: int = 0
) -> bool:
    """Move toward a tile next to `goal` by `foe`'s specials; False when it cannot get closer."""
    options = paths(state, combat, foe, tiles or foe.defn.movement)
    options = {p: path for p, path in options.items() if p != goal}
    if not options:
        return False
    best = min(options, key=lambda p: (manhattan(p, goal), len(options[p]), p))
    if manhattan(best, goal) >= manhattan(foe.pos, goal):
        return False
    walk(ctx, foe, options[best])
    return True


def step_aside(
    ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, *, keep_next_to: Pos | None = None
) -> bool:
    """Step 1 tile to the free tile touching the fewest adventurers (Roll, Fade, Scatter; HOUSE §6.4).

    With `keep_next_to`, only tiles next to that position count (a skirmisher keeps its victim).
    """
    people = [combat.positions[m.id] for m in on_map(state, combat)]

    def crowd(p: Pos) -> int:
        return sum(1 for s in people if manhattan(s, p) == 1)

    options = {p: path for p, path in paths(state, combat, foe, 1).items()}
    if keep_next_to is not None:
        options = {p: path for p, path in options.items() if manhattan(p, keep_next_to) == 1}
    better = [p for p in options if crowd(p) < crowd(foe.pos)]
    if not better:
        return False
    walk(ctx, foe, options[min(better, key=lambda p: (crowd(p), p))])
    return True


def in_line(a: Pos, b: Pos) -> bool:
    """True when `b` lies on the same row or column as `a`."""
    return a[0] == b[0] or a[1] == b[1]
