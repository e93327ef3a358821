"""Tests for engine/exploration_options.py:

The action bar, each action with its cost or why not (§10.1).
"""

from __future__ import annotations

from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.item_defs import Item
from expedition.rules.engine.dispatch import can
from expedition.rules.engine.exploration_options import POLE_PLAN, available_actions
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.items import handling, slots
from tests.rules.exploration_helpers import LANTERN, POLE, make_state, run


def test_no_options_outside_a_dungeon_or_for_a_stranger_section_10_1() -> None:
    """§10.1: the exploration bar exists only on an expedition, and only for a party member."""
    state = make_state()
    assert available_actions(state, "nobody") == []
    state.expedition = None
    assert available_actions(state, "wren") == []


def test_a_pole_offers_looking_for_traps_with_a_ready_plan_section_10_1() -> None:
    """§10.1: without Infiltration a pole and a clear plan do; the bar supplies the plan."""
    state = make_state()
    wren = state.character("wren")
    handling.put(Context(ScriptedDice([])), wren, Item.new(101, POLE), slots.RIGHT_HAND)
    look = next(o for o in available_actions(state, "wren") if o.label == "Look for traps")
    assert look.enabled and look.cost == 1 and look.action.plan == POLE_PLAN  # type: ignore[attr-defined]
    assert can(state, look.action)


def test_a_locked_door_offers_listen_force_and_pick_each_with_its_reason_house_1_4() -> None:
    """HOUSE §1.4: at a locked door: listen, force (STR at disadvantage), pick the lock (needs tools)."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.level.doors[(5, 2)].state = DoorState.LOCKED
    state.expedition.position = (4, 2)
    options = {o.label: o for o in available_actions(state, "wren")}
    assert options["Listen at the door"].enabled and options["Force the door"].enabled
    assert not options["Pick the lock"].enabled and "lockpicking" in options["Pick the lock"].reason
    assert not options["Step east"].enabled and "locked" in options["Step east"].reason


def test_stairs_and_the_exit_appear_only_where_they_are_section_10_1() -> None:
    """§10.1: the way out is offered next to the exit (cost 0, doom +2), refused with its distance
    elsewhere on the level (issue #16: it never vanishes without a reason); stairs only on the stairs."""
    state = make_state()
    assert state.expedition is not None
    options = available_actions(state, "wren")
    assert not any("stairs" in o.label for o in options)
    away = next(o for o in options if o.label.startswith("Leave"))
    assert not away.enabled and "tiles away" in away.reason
    state.expedition.position = (1, 2)  # next to the exit at (1, 3)
    leave = next(o for o in available_actions(state, "wren") if o.label.startswith("Leave"))
    assert leave.enabled and leave.cost == 0
    state.expedition.position, state.expedition.area = (8, 3), "room:1"
    down = next(o for o in available_actions(state, "wren") if o.label == "Go down the stairs")
    assert down.enabled and down.cost == 1


def test_available_actions_list_costs_and_reasons() -> None:
    """§10.1: the action bar shows each action with its cost and why it is not allowed."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.position = (1, 1)
    options = {o.label: o for o in available_actions(state, "wren")}
    assert options["Step east"].enabled and options["Step east"].cost == 0
    assert options["Step south"].enabled
    assert not options["Step north"].enabled and "wall" in options["Step north"].reason
    assert not options["Look for traps"].enabled
    assert options["Set up camp"].enabled and options["Set up camp"].cost == 1


def test_two_alike_lanterns_make_one_light_option_and_lighting_takes_the_first() -> None:
    """§10.1: options list each kind of usable item once (two unlit lanterns alike are one line)."""
    state = make_state(lit=False)
    wren = state.character("wren")
    ctx = Context(ScriptedDice([]))
    for uid, hand in ((201, slots.LEFT_HAND), (202, slots.RIGHT_HAND)):
        handling.put(ctx, wren, Item.new(uid, LANTERN), hand)
    lights = [o for o in available_actions(state, "wren") if o.label.startswith("Light the")]
    assert len(lights) == 1 and lights[0].enabled
    run(state, lights[0].action, [])
    assert [i.uid for i in wren.items if i.lit] == [201]
    lights = [o for o in available_actions(state, "wren") if "the Lantern" in o.label]
    assert sorted(o.label.split()[0] for o in lights) == ["Light", "Put"]


def test_two_lanterns_burnt_down_unlike_say_which_is_which() -> None:
    """Issue #16: two identical "Light the Lantern" lines left the player guessing: the usage dice tell."""
    state = make_state(lit=False)
    wren = state.character("wren")
    ctx = Context(ScriptedDice([]))
    for uid, hand in ((201, slots.LEFT_HAND), (202, slots.RIGHT_HAND)):
        handling.put(ctx, wren, Item.new(uid, LANTERN), hand)
    wren.items[-1].usage = 4
    lights = sorted(o.label for o in available_actions(state, "wren") if o.label.startswith("Light the"))
    assert lights == ["Light the Lantern (Ud4)", "Light the Lantern (Ud8)"]
