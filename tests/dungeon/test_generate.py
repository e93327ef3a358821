"""Tests of dungeon generation (HOUSE §1.1, §1.3, §1.4)."""

from __future__ import annotations

import dataclasses
import time
from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from expedition.dungeon.budget import THREAT, budget
from expedition.dungeon.generate import generate_dungeon
from expedition.dungeon.graph import door_counts, room_distances, room_graph
from expedition.dungeon.themes import ThemeDef
from expedition.rules.combat.encounter_budget import STANDARD_BUDGET
from expedition.rules.core.distance import Pos
from expedition.rules.exploration.dungeon_map import Dungeon, Level
from expedition.rules.exploration.tiles import Contents, DoorState, Tile


def _dump(dungeon: Dungeon) -> str:
    """A canonical text dump of everything in the dungeon."""
    return repr(dataclasses.asdict(dungeon))


def _reach(level: Level, start: Pos, *, secret: bool = True) -> set[Pos]:
    """Tiles reachable from `start` through passable tiles; doors pass, secret ones if `secret`."""
    reached = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nxt in reached or not level.walkable(nxt):
                continue
            door = level.doors.get(nxt)
            if door is not None and door.secret and not secret:
                continue
            reached.add(nxt)
            queue.append(nxt)
    return reached


def test_same_seed_gives_the_same_dungeon(themes: dict[str, ThemeDef]) -> None:
    """HOUSE §1.1: generation is seeded, so a saved seed rebuilds the place exactly."""
    assert _dump(generate_dungeon(77, themes)) == _dump(generate_dungeon(77, themes))


def test_different_seeds_give_different_dungeons(themes: dict[str, ThemeDef]) -> None:
    dumps = {_dump(generate_dungeon(seed, themes)) for seed in range(5)}
    assert len(dumps) == 5


def test_every_room_is_reachable_from_the_arrival_without_secret_doors(themes: dict[str, ThemeDef]) -> None:
    """HOUSE §1.4: secret doors only close loops, so nothing depends on finding them."""
    for seed in range(12):
        for level in generate_dungeon(seed, themes).levels:
            reached = _reach(level, level.arrival, secret=False)
            assert all(room.center in reached for room in level.rooms), (seed, level.depth)


def test_stairs_connect_the_levels_and_level_one_has_the_exit(themes: dict[str, ThemeDef]) -> None:
    dungeon = generate_dungeon(5, themes, levels=3)
    first, middle, last = dungeon.levels
    assert first.exit is not None and first.tile(first.exit) is Tile.EXIT
    assert dungeon.entrance == first.exit and first.stairs_up is None
    for upper, lower in ((first, middle), (middle, last)):
        assert upper.stairs_down is not None and upper.tile(upper.stairs_down) is Tile.STAIRS_DOWN
        assert lower.stairs_up is not None and lower.tile(lower.stairs_up) is Tile.STAIRS_UP
        assert upper.stairs_down in _reach(upper, upper.arrival)
        assert lower.arrival == lower.stairs_up
    assert last.stairs_down is None and last.exit is None


def test_each_level_has_one_lair_with_two_exits_and_a_lair_encounter(themes: dict[str, ThemeDef]) -> None:
    """HOUSE §1.3: the lair holds a lair encounter and two treasure rolls."""
    for seed in range(8):
        for level in generate_dungeon(seed, themes).levels:
            lairs = [room for room in level.rooms if room.lair]
            assert len(lairs) == 1
            lair = lairs[0]
            assert door_counts(level)[lair.id] >= 2 or len(level.rooms) < 4
            assert [e.room for e in level.encounters if e.lair] == [lair.id]
            assert sum(1 for cache in level.caches if cache.room == lair.id) >= 2


def test_refuges_have_one_door_and_are_not_next_to_the_lair(themes: dict[str, ThemeDef]) -> None:
    for seed in range(8):
        for level in generate_dungeon(seed, themes).levels:
            graph = room_graph(level)
            lair = next(room for room in level.rooms if room.lair)
            for room in level.rooms:
                if room.refuge and room.kind == "refuge":
                    assert door_counts(level)[room.id] == 1
                    assert room.id not in graph[lair.id]
                    assert room.contents is Contents.EMPTY and room.dry


def test_encounter_rooms_never_share_a_door_with_each_other_or_the_lair(themes: dict[str, ThemeDef]) -> None:
    """HOUSE §1.3: breathing room."""
    for seed in range(8):
        for level in generate_dungeon(seed, themes).levels:
            graph = room_graph(level)
            busy = {e.room for e in level.encounters}
            for encounter in level.encounters:
                if not encounter.lair:
                    assert not graph[encounter.room] & busy


def test_entrance_holds_no_encounter_and_no_trap(themes: dict[str, ThemeDef]) -> None:
    for seed in range(8):
        level = generate_dungeon(seed, themes).levels[0]
        entrance = next(room for room in level.rooms if room.entrance)
        assert entrance.contents not in (Contents.ENCOUNTER, Contents.TRAP)
        assert all(trap.room != entrance.id for trap in level.traps)


def test_traps_start_hidden_and_armed(themes: dict[str, ThemeDef]) -> None:
    traps = [t for seed in range(6) for level in generate_dungeon(seed, themes).levels for t in level.traps]
    assert traps
    assert all(t.hidden and not t.found and t.armed for t in traps)


def test_barred_doors_bar_on_a_neighbouring_walkable_tile(themes: dict[str, ThemeDef]) -> None:
    """HOUSE §1.4: the bar sits on one side of the door."""
    doors = [
        d
        for seed in range(6)
        for level in generate_dungeon(seed, themes).levels
        for d in level.doors.values()
    ]
    assert {d.state for d in doors} == set(DoorState)
    for door in doors:
        if door.state is DoorState.BARRED:
            assert door.barred_from is not None
            assert abs(door.barred_from[0] - door.pos[0]) + abs(door.barred_from[1] - door.pos[1]) == 1


def test_doom_follows_the_first_theme_template(themes: dict[str, ThemeDef]) -> None:
    """§9.2 and HOUSE §1.6: 5 to 8 thresholds, segments rising by each step's ticks."""
    dungeon = generate_dungeon(3, themes, theme="mausoleum")
    theme = themes["mausoleum"]
    assert 5 <= len(dungeon.doom) <= 8
    assert [t.key for t in dungeon.doom] == [s.key for s in theme.doom]
    assert dungeon.doom_size == theme.doom_ticks() == dungeon.doom[-1].segment
    assert dungeon.wandering == theme.wandering and len(dungeon.wandering) == 8


def test_caches_hold_something(themes: dict[str, ThemeDef]) -> None:
    caches = [c for seed in range(4) for level in generate_dungeon(seed, themes).levels for c in level.caches]
    assert caches and all(c.silver or c.items or c.treasures or c.description for c in caches)
    assert any(c.silver > 0 for c in caches)


def test_lair_is_three_rooms_from_the_arrival_when_the_level_allows(themes: dict[str, ThemeDef]) -> None:
    """HOUSE §1.3: at least 3 rooms from the arrival stairs, with 2+ exits, stairs rooms aside."""
    for seed in range(8):
        for level in generate_dungeon(seed, themes).levels:
            distances = room_distances(level, 0)
            lair = next(room for room in level.rooms if room.lair)
            stairs = {level.stairs_down, level.stairs_up, level.exit}
            free = [r for r in level.rooms if r.id != 0 and r.center not in stairs]
            if any(distances[r.id] >= 3 and door_counts(level)[r.id] >= 2 for r in free):
                assert distances[lair.id] >= 3


def test_a_120_by_80_dungeon_is_generated_quickly(themes: dict[str, ThemeDef]) -> None:
    start = time.perf_counter()
    dungeon = generate_dungeon(9, themes, levels=4, width=120, height=80)
    assert time.perf_counter() - start < 0.5
    assert all(
        len(level.tiles) == 80 and all(len(row) == 120 for row in level.tiles) for level in dungeon.levels
    )
    assert len(dungeon.levels) == 4


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_any_seed_is_deterministic_and_fully_connected(seed: int) -> None:
    from expedition.content.dungeons import load_dungeons
    from tests.dungeon.conftest import ASSETS

    themes = load_dungeons(ASSETS, []).themes
    dungeon = generate_dungeon(seed, themes, width=80, height=50)
    assert _dump(dungeon) == _dump(generate_dungeon(seed, themes, width=80, height=50))
    for level in dungeon.levels:
        reached = _reach(level, level.arrival)
        assert all(room.center in reached for room in level.rooms)


def test_the_first_level_sizes_its_groups_as_if_danger_were_nought(themes: dict[str, ThemeDef]) -> None:
    """HOUSE §2.2 (house): a danger 2 dungeon's first level keeps its groups within B at E 1.

    Stocked rooms get ¾ × B (`STANDARD_BUDGET`, house tuning), lairs 1½ × B. The deeper levels
    feel the danger: their groups outgrow that budget.
    """
    standard, hard = budget(4, 1, STANDARD_BUDGET), budget(4, 1, 1.5)
    assert standard == 6
    deeper_bigger = False
    for seed in range(1, 31):
        dungeon = generate_dungeon(seed, themes, levels=3, danger=2, party_size=4)
        for level in dungeon.levels:
            for encounter in level.encounters:
                cost = [THREAT.get(key, 1) for key in encounter.enemies]
                if level.depth == 1:
                    limit = hard if encounter.lair else standard
                    assert sum(cost) <= max(limit, cost[0]), (seed, encounter)
                elif not encounter.lair and sum(cost) > standard:
                    deeper_bigger = True
    assert deeper_bigger
