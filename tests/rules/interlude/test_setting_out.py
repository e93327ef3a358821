"""Tests for interlude/setting_out.py:

Leaving the settlement for a new or a known dungeon (§10, §9.2, §7.8).
"""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item
from expedition.rules.core.phase import Phase
from expedition.rules.engine.dispatch import apply
from expedition.rules.exploration.dungeon_map import Dungeon
from expedition.rules.exploration.expedition import ExpeditionStarted
from expedition.rules.interlude.setting_out import NEW, SetOut, light_at_the_door, set_out, verify_set_out
from expedition.rules.items import handling, slots, usage
from expedition.session.catalog_world import default_world
from tests.rules.exploration_helpers import make_state
from tests.rules.interlude_helpers import back_in_town

WORLD = default_world()


def _set_out(state: object, action: SetOut, seed: int = 3) -> Context:
    ctx = Context(SeededDice(seed), world=WORLD)
    resolve_default(apply(ctx, state, action))  # type: ignore[arg-type]
    return ctx


def test_setting_out_is_only_from_the_interlude_with_someone_alive_section_10() -> None:
    """§10: an expedition starts from the interlude; not while one is under way, nor to a settlement."""
    with pytest.raises(IllegalAction, match="already out"):
        verify_set_out(make_state(), SetOut())
    state = back_in_town()
    verify_set_out(state, SetOut())
    with pytest.raises(IllegalAction, match="settlement"):
        verify_set_out(state, SetOut(dungeon="blacksalt"))
    for member in state.party:
        member.status = Status.DEAD
    with pytest.raises(IllegalAction, match="alive"):
        verify_set_out(state, SetOut())


def test_without_a_world_or_a_known_way_there_is_nowhere_to_go_section_10() -> None:
    """§10: setting out needs the loaded dungeons, and a name the party knows or an authored one."""
    state = back_in_town()
    with pytest.raises(IllegalAction, match="No dungeons"):
        resolve_default(set_out(Context(ScriptedDice([])), state, SetOut()))
    with pytest.raises(IllegalAction, match="Nobody knows the way"):
        resolve_default(set_out(Context(ScriptedDice([]), world=WORLD), state, SetOut(dungeon="atlantis")))
    assert state.phase is Phase.INTERLUDE and state.expedition is None


def test_a_new_dungeon_is_found_by_the_campaign_dice_and_found_again_on_return_section_9_2() -> None:
    """§10, §9.2: the new dungeon's seed is rolled and remembered; going back rebuilds it with its doom."""
    state = back_in_town()
    _set_out(state, SetOut(dungeon=NEW))
    assert state.phase is Phase.EXPLORATION and state.expedition is not None
    key = state.location
    origin = state.locations[key].origin
    assert origin.startswith("generated:")
    first = state.expedition.dungeon
    state.locations[key].doom.filled = 1
    state.expedition, state.phase, state.location = None, Phase.INTERLUDE, state.settlement
    ctx = _set_out(state, SetOut(dungeon=key), seed=99)
    started = next(e for e in ctx.events if isinstance(e, ExpeditionStarted))
    assert started.returning and state.locations[key].origin == origin
    assert state.expedition is not None and state.expedition.dungeon.levels[0].tiles == first.levels[0].tiles
    assert state.locations[key].doom.filled == 1


def _groups(dungeon: Dungeon) -> list[tuple[str, ...]]:
    return [encounter.enemies for level in dungeon.levels for encounter in level.encounters]


def test_a_new_dungeon_is_stocked_for_the_party_that_sets_out_house() -> None:
    """HOUSE §2.2 (house, issue #14): its groups are built for the living adventurers, N, not for four.

    The size is kept in the origin, so a return rebuilds the same dungeon; an origin from before
    names no size and is rebuilt for four, as it was built.
    """
    state = back_in_town()
    for member in state.party[1:]:
        member.status = Status.DEAD
    _set_out(state, SetOut(dungeon=NEW))
    assert state.expedition is not None
    kind, seed, theme, size = state.locations[state.location].origin.split(":")
    assert (kind, size) == ("generated", "1")
    alone = WORLD.new_dungeon(int(seed), theme, party_size=1)
    four = WORLD.new_dungeon(int(seed), theme, party_size=4)
    assert _groups(state.expedition.dungeon) == _groups(alone) != _groups(four)
    state.locations[state.location].origin = f"generated:{seed}:{theme}"  # saved before the size was kept
    state.locations[state.location].dungeon = None
    key = state.location
    state.expedition, state.phase, state.location = None, Phase.INTERLUDE, state.settlement
    _set_out(state, SetOut(dungeon=key))
    assert state.expedition is not None and _groups(state.expedition.dungeon) == _groups(four)


@pytest.mark.parametrize("origin", ["generated:12x:", "generated:120304::0", "generated:120304::two"])
def test_a_damaged_origin_is_refused_in_words_and_changes_nothing(origin: str) -> None:
    """A save whose record of a dungeon is damaged: going back is refused with why, not a crash."""
    state = back_in_town()
    _set_out(state, SetOut(dungeon=NEW))
    key = state.location
    state.locations[key].origin, state.locations[key].dungeon = origin, None
    state.expedition, state.phase, state.location = None, Phase.INTERLUDE, state.settlement
    with pytest.raises(IllegalAction, match="record of it is damaged"):
        resolve_default(set_out(Context(ScriptedDice([]), world=WORLD), state, SetOut(dungeon=key)))
    assert state.phase is Phase.INTERLUDE and state.expedition is None


def test_an_authored_dungeon_is_entered_by_its_key_section_10() -> None:
    """§10: an authored dungeon is reached by name and remembered as authored."""
    state = back_in_town()
    key = WORLD.authored_keys()[0]
    _set_out(state, SetOut(dungeon=key))
    assert state.expedition is not None and state.locations[state.location].origin == f"authored:{key}"


def test_a_light_is_lit_at_the_door_preferring_one_that_reaches_nearby_section_7_8() -> None:
    """§7.8, §9.1 (house): outside no turn runs, so someone lights a Nearby light first; none if one burns."""
    state = make_state(lit=False)
    wren = state.character("wren")
    ctx = Context(ScriptedDice([]))
    candle, torch = Item.new(601, WORLD.items["candle"]), Item.new(602, WORLD.items["torch"])
    handling.put(ctx, wren, candle, slots.LEFT_HAND)
    handling.put(ctx, wren, torch, slots.RIGHT_HAND)
    assert light_at_the_door(ctx, state) is torch and torch.lit and not candle.lit
    assert light_at_the_door(ctx, state) is None and not candle.lit
    usage.extinguish(ctx, wren, torch)
    torch.usage = 0  # burnt down: it cannot be lit
    assert light_at_the_door(ctx, state) is candle
