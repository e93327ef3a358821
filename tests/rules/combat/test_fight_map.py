"""Tests for combat/fight_map.py: where one stands, sight, orthogonal routes (§8, §10.2.2, HOUSE §6.4)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.combat.fight_map import floor, routes, sees, spread
from expedition.rules.core.distance import manhattan
from expedition.rules.exploration.dungeon_map import Level
from expedition.rules.exploration.features import Door
from expedition.rules.exploration.tiles import DoorState, Tile

OPEN = ["#########", "#.......#", "#.......#", "#.......#", "#########"]


def level(tiles: list[str] | None = None, **doors: DoorState) -> Level:
    rows = list(tiles or OPEN)
    lvl = Level(depth=1, width=len(rows[0]), height=len(rows), tiles=rows)
    for name, state in doors.items():
        x, y = (int(n) for n in name[1:].split("_"))
        lvl.doors[(x, y)] = Door((x, y), state, rooms=(0, 1))
    return lvl


def test_floor_is_walkable_ground_and_only_an_open_door() -> None:
    """§10.2.2: one may stand on floor and in an open doorway, never in a wall or a closed door."""
    walled = ["#####", "#.+.#", "#####"]
    shut = level(walled, d2_1=DoorState.CLOSED)
    assert floor(shut, (1, 1)) and not floor(shut, (0, 1)) and not floor(shut, (2, 1))
    assert not floor(shut, (-1, 1))  # off the map
    assert floor(level(walled, d2_1=DoorState.OPEN), (2, 1))


def test_routes_go_orthogonally_and_no_farther_than_the_steps() -> None:
    """§10.2.2: a Move is counted in orthogonal steps; no diagonals, start excluded."""
    found = routes(level(), (1, 1), 2, set())
    assert (1, 1) not in found
    assert (3, 1) in found and (2, 2) in found and (4, 1) not in found and (3, 2) not in found
    assert found[(2, 2)] in (((2, 1), (2, 2)), ((1, 2), (2, 2)))


def test_leaving_an_engaged_tile_ends_the_move_on_the_next_tile() -> None:
    """HOUSE §6.4: the combat movement penalty: stepping off a tile next to a foe stops there."""
    found = routes(level(), (2, 2), 4, {(3, 2)}, engaged={(2, 2)})
    assert (3, 2) not in found  # blocked by the foe itself
    assert set(found) == {(1, 2), (2, 1), (2, 3)}


def test_walls_stop_a_walker_but_a_wall_passer_crosses_without_stopping_inside() -> None:
    """HOUSE §6.4, §3.3 (immaterial): through_walls crosses a wall tile but never ends in one."""
    tiles = ["#######", "#..#..#", "#######"]
    assert (4, 1) not in routes(level(tiles), (2, 1), 2, set())
    ghost = routes(level(tiles), (2, 1), 2, set(), through_walls=True)
    assert (4, 1) in ghost and (3, 1) not in ghost and ghost[(4, 1)] == ((3, 1), (4, 1))


def test_allies_can_be_crossed_but_not_stood_on() -> None:
    """§10.2.2 (house reading): `passable` tiles (allies) are crossed, never chosen as an end tile."""
    corridor = ["######", "#....#", "######"]
    found = routes(level(corridor), (1, 1), 3, set(), passable={(2, 1)})
    assert (2, 1) not in found and found[(3, 1)] == ((2, 1), (3, 1))


def test_sight_is_blocked_by_walls_and_limited_by_the_radius() -> None:
    """§8, §16 #3: combatants see one another along an unblocked line, at most Far (12)."""
    tiles = ["#########", "#...#...#", "#.......#", "#########"]
    lvl = level(tiles)
    assert not sees(lvl, (3, 1), (5, 1))
    assert sees(lvl, (3, 2), (5, 2))
    assert sees(level(), (1, 1), (7, 1)) and not sees(level(), (1, 1), (7, 1), radius=3)


@given(st.integers(1, 7), st.integers(1, 3), st.integers(0, 6))
def test_spread_lists_free_floor_nearest_first(x: int, y: int, steps: int) -> None:
    """§10.2.1 phase 0: placement fills free floor tiles in order of walking distance."""
    lvl = level()
    taken = {(x, y)}
    order = spread(lvl, (x, y), taken)
    assert (x, y) not in order and len(order) == 7 * 3 - 1
    assert all(floor(lvl, p) for p in order)
    distances = [manhattan(p, (x, y)) for p in order]
    assert distances == sorted(distances)
    found = routes(lvl, (x, y), steps, set())
    assert all(len(path) <= steps for path in found.values())


def test_routes_asked_again_follow_the_floor_as_it_is_now() -> None:
    """§10.2.2: an answer kept for the same question is never given once a door opened, a tile
    changed or someone moved into the way; and changing an answer does not change the next one."""
    corridor = ["#######", "#..+..#", "#######"]
    shut = level(corridor, d3_1=DoorState.CLOSED)
    assert set(routes(shut, (1, 1), 4, set())) == {(2, 1)}
    shut.doors[(3, 1)].state = DoorState.OPEN  # the same level object, its door opened
    assert set(routes(shut, (1, 1), 4, set())) == {(2, 1), (3, 1), (4, 1), (5, 1)}
    shut.set_tile((4, 1), Tile.WALL)  # the passage beyond collapses
    assert set(routes(shut, (1, 1), 4, set())) == {(2, 1), (3, 1)}
    assert set(routes(shut, (1, 1), 4, {(2, 1)})) == set()  # someone stands in the way
    found = routes(shut, (1, 1), 4, set())
    found.clear()
    assert set(routes(shut, (1, 1), 4, set())) == {(2, 1), (3, 1)}
