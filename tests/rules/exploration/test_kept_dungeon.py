"""Tests for exploration/kept_dungeon.py:

The dungeon a party leaves is the one it finds on return (§10.1, §9.2).
"""

from __future__ import annotations

import copy

from expedition.persistence.state import body_to_state, state_to_body
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.phase import Phase
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import apply, can
from expedition.rules.exploration.dead_vigil import FRESH, RISEN, count_days
from expedition.rules.exploration.dungeon_map import Dungeon
from expedition.rules.exploration.expedition import ExpeditionStarted
from expedition.rules.exploration.features import Corpse, Encounter
from expedition.rules.exploration.kept_dungeon import keep_dungeon, kept_dungeon, take_back
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.rules.exploration.looting import Loot
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.interlude.setting_out import NEW, SetOut
from expedition.session.catalog_world import default_world
from tests.rules.exploration_helpers import make_state, run, to_crypt
from tests.rules.interlude_helpers import back_in_town

WORLD = default_world()


def _seeded(seed: int = 7) -> Context:
    return Context(SeededDice(seed), world=WORLD)


def _exit(state: CampaignState) -> Context:
    """Walk to the way out (the helpers' exit is at (1, 3)) and leave (§10.1)."""
    assert state.expedition is not None
    state.expedition.position, state.expedition.area = (1, 2), "room:0"
    ctx = _seeded()
    resolve_default(apply(ctx, state, ExitDungeon()))
    return ctx


def _return(state: CampaignState, key: str = "tomb") -> Context:
    ctx = _seeded(11)
    resolve_default(apply(ctx, state, SetOut(dungeon=key)))
    return ctx


def _kept(state: CampaignState, key: str = "tomb") -> Dungeon:
    dungeon = kept_dungeon(state, key)
    assert dungeon is not None
    return dungeon


def _explored_tomb() -> CampaignState:
    """Wren opened the crypt's door, looted its cache and searched it; the deep level's group is beaten."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.dungeon.level(2).encounters.append(Encounter(room=0, enemies=("ghoul",), name="Ghouls"))
    to_crypt(state)  # opens the door at (5, 2)
    state.expedition.level.traps[0].disarmed = True
    run(state, Loot(actor="wren"), [])
    state.expedition.searched.add("1:1")  # as a Search marks it
    state.expedition.dungeon.level(2).encounters[0].defeated = True  # as `end_combat` marks a victory
    return state


def test_a_return_finds_doors_caches_traps_and_beaten_foes_as_left_section_10_1() -> None:
    """§10.1: an opened door, a looted cache, a disarmed trap, a beaten group stay so; no second loot."""
    state = _explored_tomb()
    assert state.expedition is not None
    left = state.expedition.dungeon
    seen = {depth: set(tiles) for depth, tiles in state.expedition.seen.items()}
    _exit(state)
    assert state.expedition is None and state.phase is Phase.INTERLUDE
    assert _kept(state) is left and state.locations["tomb"].seen == seen
    silver = state.silver
    ctx = _return(state)
    assert next(e for e in ctx.events if isinstance(e, ExpeditionStarted)).returning
    assert state.expedition is not None and state.expedition.dungeon == left
    level = state.expedition.dungeon.level(1)
    assert level.doors[(5, 2)].state is DoorState.OPEN
    assert level.caches[0].looted and level.traps[0].disarmed
    assert state.expedition.dungeon.level(2).encounters[0].defeated
    assert seen[1] <= state.expedition.seen[1] and (8, 1) in state.expedition.seen[1]  # the crypt is mapped
    state.expedition.position, state.expedition.area = (8, 1), "room:1"
    assert not can(state, Loot(actor="wren"))  # nothing to loot twice
    assert state.silver == silver


def test_what_belongs_to_the_expedition_starts_afresh_on_return_section_10_1_9_2() -> None:
    """§10.1, §9.1, §9.2: the party starts at the entrance, turns and searches reset; doom carries on (+2)."""
    state = _explored_tomb()
    _exit(state)
    assert state.locations["tomb"].doom.filled == 2
    _return(state)
    expedition = state.expedition
    assert expedition is not None
    assert expedition.position == expedition.dungeon.entrance and expedition.depth == 1
    assert state.turn == 0 and state.decay.filled == 0
    assert expedition.searched == set() and expedition.listened == set() and expedition.camps == 0
    assert state.locations["tomb"].doom.filled == 2
    assert (
        state.locations["tomb"].dungeon is None and state.locations["tomb"].seen == {}
    )  # the expedition has it


def test_a_dungeon_never_left_is_built_from_its_origin_section_10() -> None:
    """§10: a new dungeon is generated; a location keeps none until the party leaves it."""
    state = back_in_town()
    resolve_default(apply(_seeded(3), state, SetOut(dungeon=NEW)))
    assert state.expedition is not None
    key = state.location
    location = state.locations[key]
    assert location.origin.startswith("generated:") and location.dungeon is None
    assert kept_dungeon(state, key) is None and kept_dungeon(state, "atlantis") is None


def test_a_generated_dungeon_left_is_entered_again_not_rebuilt_section_10_1() -> None:
    """§10.1: going back to a generated dungeon enters the very one left, its opened doors open."""
    state = back_in_town()
    resolve_default(apply(_seeded(3), state, SetOut(dungeon=NEW)))
    assert state.expedition is not None
    key, left = state.location, state.expedition.dungeon
    door = next(iter(left.level(1).doors.values()))
    door.state = DoorState.OPEN
    exit_tile = left.level(1).exit
    assert exit_tile is not None
    state.expedition.position = exit_tile
    resolve_default(apply(_seeded(), state, ExitDungeon()))
    assert _kept(state, key) is left
    _return(state, key)
    assert state.expedition is not None and state.expedition.dungeon.seed == left.seed
    assert next(iter(state.expedition.dungeon.level(1).doors.values())).state is DoorState.OPEN


def test_the_kept_dungeon_and_its_map_survive_a_snapshot_section_10_1() -> None:
    """§10.1: the kept dungeon and its map are saved; a loaded campaign returns to it as left."""
    state = _explored_tomb()
    _exit(state)
    loaded = body_to_state(state_to_body(state))
    again = loaded.locations["tomb"]
    assert again.dungeon == state.locations["tomb"].dungeon and again.seen == state.locations["tomb"].seen
    _return(loaded)
    assert loaded.expedition is not None
    level = loaded.expedition.dungeon.level(1)
    assert level.doors[(5, 2)].state is DoorState.OPEN and level.caches[0].looted
    assert (8, 1) in loaded.expedition.seen[1]


def test_a_save_from_before_kept_dungeons_still_loads_section_10_1() -> None:
    """§10.1: a location saved without a kept dungeon loads with none (it is rebuilt from its origin)."""
    state = _explored_tomb()
    _exit(state)
    body = state_to_body(state)
    for location in body["locations"].values():
        location.pop("dungeon", None)
        location.pop("seen", None)
    loaded = body_to_state(body)
    assert loaded.locations["tomb"].dungeon is None and loaded.locations["tomb"].seen == {}


def test_the_kept_bodies_lie_once_and_the_risen_rise_once_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: bodies wait off the kept map, come back once; risen dead are added once, ever."""
    state = make_state()
    assert state.expedition is not None
    level = state.expedition.level
    staying = Corpse((3, 2), "human", rises_in_days=30, rises_as=FRESH)
    rising = Corpse((7, 2), "human", rises_in_days=2, rises_as=FRESH)
    level.corpses += [staying, rising]
    _exit(state)
    kept = state.locations["tomb"]
    assert _kept(state).level(1).corpses == [] and kept.dead[1] == [staying, rising]
    assert count_days(Context(ScriptedDice([])), state, 1) == 1
    _return(state)
    assert state.expedition is not None
    level = state.expedition.level
    assert level.corpses == [staying]
    assert [e.enemies for e in level.encounters if e.name == RISEN] == [(FRESH,)]
    _exit(state)
    state = body_to_state(state_to_body(state))  # through a save: no identity to rely on
    _return(state)
    assert state.expedition is not None
    level = state.expedition.level
    assert [c.pos for c in level.corpses] == [(3, 2)]
    assert [e.enemies for e in level.encounters if e.name == RISEN] == [(FRESH,)]


def test_keeping_and_taking_back_outside_a_visit_do_nothing_section_10_1() -> None:
    """§10.1: nothing is kept outside an expedition; a rebuilt dungeon brings back no map."""
    state = back_in_town()
    assert keep_dungeon(state) is None
    visiting = make_state()
    assert visiting.expedition is not None
    location = keep_dungeon(visiting)
    assert location is not None and location.dungeon is visiting.expedition.dungeon
    other = copy.copy(location.dungeon)  # a rebuild: equal to it, not it
    assert other is not None
    assert take_back(visiting, other) == (other, {}) and location.dungeon is None


def test_a_kept_dungeon_is_never_changed_where_it_is_kept_section_10_1() -> None:
    """§10.1: entering again plays a copy, so what a location keeps stays as the party left it.

    A copy of the campaign shares them (`Location.AT_REST`, `session.state_copy`): a save or a
    view made while the party was away must not change as the party plays on.
    """
    state = _explored_tomb()
    _exit(state)
    location = state.locations["tomb"]
    kept, seen = location.dungeon, location.seen
    assert kept is not None
    before = {name: state_to_body(state)["locations"]["tomb"][name] for name in location.AT_REST}
    _return(state)
    assert state.expedition is not None
    assert state.expedition.dungeon is not kept and state.expedition.dungeon == kept
    assert state.expedition.seen is not seen and state.expedition.seen == seen
    state.expedition.dungeon.level(1).doors[(5, 2)].state = DoorState.CLOSED  # the party plays on
    state.expedition.seen[1].add((9, 9))
    location.dungeon, location.seen = kept, seen  # look at what was kept
    after = state_to_body(state)["locations"]["tomb"]
    assert {name: after[name] for name in location.AT_REST} == before
