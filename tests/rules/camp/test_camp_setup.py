"""Tests for rules/camp/camp_setup.py: setting up camp, where it is, supplies, fire and long rest (§10.3)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.camp_setup import (
    VERBS,
    CampStarted,
    FireLit,
    camp_of,
    current_camp,
    room_place,
    set_up_camp,
    start_camp,
    use_units,
)
from expedition.rules.camp.lookout import KeepLookout
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Skill
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.camp_state import CampPlace
from expedition.rules.exploration.setting_up_camp import SetUpCamp
from tests.rules.camp_helpers import FIREWOOD, SUPPLIES, camp_with, give, make_state, run


def test_setup_asks_supplies_then_fire_then_long_rest_and_reports_the_parts() -> None:
    """§10.3: supplies used (0..n, default 1), a fire with them, a long rest; the pool is built from these."""
    state = make_state()
    give(state, "wren", SUPPLIES, 2)
    asked: list[Decision] = []

    def chooser(decision: Decision) -> str:
        asked.append(decision)
        return {"camp_supplies": "2", "camp_fire": "yes", "long_rest": "no"}[decision.kind]

    ctx = Context(ScriptedDice([]))
    camp = resolve(start_camp(ctx, state, place=CampPlace(name="Refuge")), chooser)
    assert [d.kind for d in asked] == ["camp_supplies", "camp_fire", "long_rest"]
    assert [c.key for c in asked[0].choices] == ["0", "1", "2"] and asked[0].default == "1"
    assert all(d.owner == "wren" and d.rule == "§10.3" for d in asked)
    assert (camp.pool, camp.total, camp.supplies_used, camp.fire, camp.long_rest) == (4, 4, 2, True, False)
    started = [e for e in ctx.events if isinstance(e, CampStarted)]
    assert [(e.pool, e.parts) for e in started] == [
        (4, ("dry, stable place +1", "2 camping supplies used +2", "a fire +1"))
    ]
    assert state.phase is Phase.CAMP and camp.returns_to == "exploration"


def test_no_fuel_means_no_fire_question_and_a_set_long_rest_is_not_asked() -> None:
    """§10.3: a fire needs a supply or firewood; a place that settles the long rest asks nothing."""
    state = make_state()
    asked: list[str] = []

    def chooser(decision: Decision) -> str:
        asked.append(decision.kind)
        return decision.default

    resolve(start_camp(Context(ScriptedDice([])), state, place=CampPlace(long_rest=True)), chooser)
    assert asked == [] and current_camp(state).pool == 3 and not current_camp(state).fire


def test_a_camper_keeps_one_camping_supply_for_the_night() -> None:
    """§10.3, HOUSE (camping out): each camper keeps one supply back; only the rest may be used up."""
    state = make_state()
    supplies = give(state, "wren", SUPPLIES, 2)
    camp_with(state, CampPlace(in_dungeon=False, long_rest=False, campers=("wren",)), "1", "no")
    assert supplies.quantity == 1 and current_camp(state).supplies_used == 1
    ctx = Context(ScriptedDice([]))
    assert use_units(ctx, state.party, "camping_supplies", 5, rule="§10.3", keep=("wren",)) == 0


def test_firewood_is_used_only_when_the_fire_is_lit() -> None:
    """§10.3, §7.4: firewood lights a fire in place of supplies; refusing the fire keeps the wood."""
    state = make_state()
    wood = give(state, "wren", FIREWOOD)
    camp_with(state, CampPlace(long_rest=False), "no")
    assert wood in state.character("wren").items and not current_camp(state).fire


def test_only_one_camp_at_a_time_and_current_camp_needs_one() -> None:
    """§10.3: a second setup is refused; asking for the camp when there is none is refused."""
    state = make_state()
    assert camp_of(state) is None
    with pytest.raises(IllegalAction, match="not camping"):
        current_camp(state)
    camp_with(state, CampPlace(long_rest=False))
    assert camp_of(state) is current_camp(state)
    with pytest.raises(IllegalAction, match="already camping"):
        resolve(start_camp(Context(ScriptedDice([])), state, place=CampPlace()), lambda d: d.default)


def test_room_place_reads_the_room_qualities() -> None:
    """HOUSE §1.3: the room's dry, filthy and exposed flags make the camping place."""
    state = make_state()
    assert state.expedition is not None and state.expedition.room is not None
    room = state.expedition.room
    room.dry, room.filthy, room.exposed = False, True, True
    place = room_place(state, camped_before=True)
    assert (place.name, place.dry, place.filthy, place.exposed, place.camped_before) == (
        "Refuge",
        False,
        True,
        True,
        True,
    )
    state.expedition = None
    with pytest.raises(IllegalAction, match="room"):
        room_place(state, camped_before=False)


def test_set_up_camp_uses_supplies_lights_a_fire_and_takes_a_long_rest() -> None:
    """§10.3: the whole camp costs 1 ET; dry 1 + 2 supplies + Survivalist 1 + fire 1 + long rest 2 = 7."""
    state = make_state()
    state.character("moss").skills.add(Skill.SURVIVALIST)
    supplies = give(state, "wren", SUPPLIES, 3)
    ctx = run(state, SetUpCamp(actor="wren"), [], "2", "yes", "yes")
    camp = current_camp(state)
    assert state.phase is Phase.CAMP and state.turn == 1 and state.expedition is not None
    assert state.expedition.camp is camp
    assert (camp.pool, camp.supplies_used, camp.fire, camp.long_rest) == (7, 2, True, True)
    assert supplies.quantity == 1
    assert any(isinstance(e, FireLit) and e.fuel == "camping_supplies" for e in ctx.events)


def test_without_supplies_firewood_lights_the_fire_and_is_used_up() -> None:
    """§10.3, §7.4: a fire needs a camping supply or firewood; a filthy place takes one action away."""
    state = make_state()
    wood = give(state, "wren", FIREWOOD)
    camp_with(state, CampPlace(filthy=True), "yes", "no")
    camp = current_camp(state)
    assert camp.fire and wood not in state.character("wren").items
    assert camp.pool == 1  # dry 1 + fire 1 − filthy 1


def test_no_fuel_no_fire_question_and_a_damp_spot_gives_no_actions() -> None:
    """§10.3 note: a damp spot with no supplies gives 0 camp actions."""
    state = make_state()
    camp_with(state, CampPlace(dry=False, long_rest=False))
    camp = current_camp(state)
    assert (camp.pool, camp.fire) == (0, False)
    with pytest.raises(IllegalAction, match="camp action"):
        verify(state, KeepLookout(actor="wren"))


def test_camp_only_in_a_safe_place() -> None:
    """§10.1: not with enemies in the room."""
    state = make_state(encounter=True)
    with pytest.raises(IllegalAction, match="enemies"):
        verify(state, SetUpCamp(actor="wren"))


def test_setting_up_camp_is_an_exploration_action_whose_verb_is_the_camps() -> None:
    """§10.1, §10.3: `SetUpCamp` is guarded while exploring; what it does (the camp) is set up here."""
    assert {SetUpCamp: set_up_camp} == VERBS
