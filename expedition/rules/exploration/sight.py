"""Provides field of view on a level: walls, rubble and closed doors block sight (HOUSE §6.3)."""

from __future__ import annotations

from functools import cache

from expedition.rules.core.distance import Pos
from expedition.rules.core.kept import Kept
from expedition.rules.exploration.dungeon_map import Level

__all__ = ["in_radius", "line", "sight_key", "visible_from"]


def in_radius(origin: Pos, target: Pos, radius: int) -> bool:
    """True if `target` lies within a round radius of `origin`: dx² + dy² ≤ r × (r + 1).

    The extra `r` rounds the circle out so that the four orthogonal tiles at exactly `radius`
    and the tiles just beside them count, as a player reading "6 tiles" expects.
    """
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    return dx * dx + dy * dy <= radius * (radius + 1)


def line(start: Pos, end: Pos) -> list[Pos]:
    """The tiles of a Bresenham line from `start` to `end`, both included."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x1 > x0 else -1), (1 if y1 > y0 else -1)
    err = dx + dy
    points = [(x0, y0)]
    while (x0, y0) != (x1, y1):
        doubled = 2 * err
        if doubled >= dy:
            err += dy
            x0 += sx
        if doubled <= dx:
            err += dx
            y0 += sy
        points.append((x0, y0))
    return points


def visible_from(level: Level, origin: Pos, radius: int) -> set[Pos]:
    """Every tile seen from `origin` within `radius` tiles (see `in_radius`).

    A tile is seen if a straight line between it and the origin, drawn in either direction,
    crosses no tile that blocks sight; blocking tiles themselves are seen, so walls and closed
    doors show. Drawing both ways makes sight symmetric: if A sees B, B sees A. A radius of 0
    sees only the origin (total darkness still lets you feel your own tile).

    The answer is kept for the same question on the same terrain (`_SEEN`): the step that moves
    the party and every view of the map after it ask it again.
    """
    kept = _SEEN.get(sight_key(level, origin, radius), lambda: _visible(level, origin, radius))
    return set(kept)  # built in the order first found, so it is the very set that gave


def sight_key(level: Level, origin: Pos, radius: int) -> tuple[object, ...]:
    """Everything that what is seen from `origin` depends on, as a key.

    The terrain (`Level.terrain`) and the question: the key of `visible_from`'s memo, and of
    whatever else is worked out from its answer alone.
    """
    return (level.terrain(), origin, radius)


_SEEN: Kept[tuple[object, ...], tuple[Pos, ...]] = Kept(256)
"""`visible_from` answers by `sight_key`."""


def _visible(level: Level, origin: Pos, radius: int) -> tuple[Pos, ...]:
    """The tiles `visible_from` gives, in the order found (the origin first)."""
    seen = [origin]
    ox, oy = origin
    width, height = level.width, level.height
    blocks: dict[Pos, bool] = {}  # each tile is crossed by many lines: asked of the level once

    def clear(between: tuple[Pos, ...]) -> bool:
        for dx, dy in between:
            pos = (ox + dx, oy + dy)
            blocked = blocks.get(pos)
            if blocked is None:
                blocked = blocks[pos] = level.blocks_sight(pos)
            if blocked:
                return False
        return True

    for dx, dy, there, back in _rays(radius):
        x, y = ox + dx, oy + dy
        if 0 <= x < width and 0 <= y < height and (clear(there) or clear(back)):
            seen.append((x, y))  # no ray ends on the origin: each tile once
    return tuple(seen)


@cache
def _rays(radius: int) -> tuple[tuple[int, int, tuple[Pos, ...], tuple[Pos, ...]], ...]:
    """Each tile within `radius` of (0, 0), with the tiles between: on the line there, and on the line back.

    A line's tiles depend only on where its end lies from its start, so they are drawn once per
    radius, as offsets from the origin, and every origin reuses them (sight is asked for every
    adventurer after every step).
    """
    rays: list[tuple[int, int, tuple[Pos, ...], tuple[Pos, ...]]] = []
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            target = (dx, dy)
            if target == (0, 0) or not in_radius((0, 0), target, radius):
                continue
            there = tuple(line((0, 0), target)[1:-1])
            back = tuple(line(target, (0, 0))[1:-1])
            rays.append((dx, dy, there, back))
    return tuple(rays)


def path_to(level: Level, known: set[Pos] | frozenset[Pos], start: Pos, goal: Pos) -> list[Pos]:
    """The shortest orthogonal walk from `start` to `goal` over known, walkable tiles (§8).

    Only tiles the party has seen are used, so a click never reveals a route through the dark.
    The goal itself may be any known tile (a door to open, a cache to stand on).

    Returns:
        The tiles to step on, `goal` last; empty when there is no known way or start is goal.
    """
    if start == goal or goal not in known:
        return []
    came: dict[Pos, Pos] = {start: start}
    frontier = [start]
    while frontier:
        following: list[Pos] = []
        for x, y in frontier:
            for nxt in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                if nxt in came or nxt not in known:
                    continue
                if nxt != goal and not level.walkable(nxt):
                    continue
                came[nxt] = (x, y)
                if nxt == goal:
                    path = [goal]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return path[-2::-1]
                following.append(nxt)
        frontier = following
    return []
