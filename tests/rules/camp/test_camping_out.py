"""Tests for camping out in the interlude (house, §10.3, §10.4.5): a camp phase, then the camp table."""

from __future__ import annotations

import pytest

from expedition.rules.camp.ambush import AmbushRolled
from expedition.rules.camp.breaking_camp import BreakCamp
from expedition.rules.camp.cooking import Cook
from expedition.rules.camp.ritual import PerformRitual
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Skill
from expedition.rules.core.tracker import advance
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import apply, verify
from expedition.rules.interlude.day_and_night import EndDay
from expedition.rules.interlude.hunger_and_sleep import ChooseBed, Slept, WentHungry
from expedition.rules.interlude.interlude_state import new_item
from expedition.rules.items.handling import put
from expedition.session.catalog_world import default_world
from tests.rules.interlude_helpers import back_in_town, interlude_of

WORLD = default_world()


def _carry(state: CampaignState, who: str, key: str, quantity: int) -> None:
    item = new_item(state, WORLD.items[key], quantity)
    put(Context(SeededDice(0)), state.character(who), item, "left_hand" if key != "ration" else "right_hand")


def _units(state: CampaignState, key: str) -> int:
    return sum(i.quantity for m in state.party for i in m.items if i.defn.key == key)


def _do(state: CampaignState, action: object, seed: int = 5) -> list[Event]:
    ctx = Context(SeededDice(seed), world=WORLD)
    resolve_default(apply(ctx, state, action))  # type: ignore[arg-type]
    return list(ctx.events)


def _campers(state: CampaignState, supplies: int = 2) -> None:
    for who in ("c1", "c2"):
        _carry(state, who, "camping_supplies", supplies)
        _do(state, ChooseBed(actor=who, place="camp"))


def test_camping_out_holds_a_camp_before_the_night_house_10_3() -> None:
    """§10.3 (house): ending a day with a camp bed opens a camp outside the settlement, no night yet."""
    state = back_in_town()
    _campers(state)
    _do(state, EndDay())
    camp = state.camp
    assert state.phase is Phase.CAMP and camp is not None
    assert not camp.place.in_dungeon and camp.long_rest and camp.place.campers == ("c1", "c2")
    assert interlude_of(state).day == 2  # the night waits for the camp to break
    # Each camper kept one supply back: 2 spare were offered, the default used 1.
    assert camp.supplies_used == 1 and _units(state, "camping_supplies") == 3
    assert camp.pool == 1 + 1 + 1 + 2  # dry, a supply, the fire, a long rest
    with pytest.raises(IllegalAction):
        verify(state, EndDay())


def test_cooking_at_the_camp_feeds_the_day_and_the_camp_table_replaces_the_ambush_house_10_4_5() -> None:
    """§10.3, §10.4.5 (house): a cooked meal is the day's ration; breaking camp rolls the beds, no ambush."""
    state = back_in_town()
    _campers(state)
    _carry(state, "c1", "ration", 1)
    _do(state, EndDay())
    _do(state, Cook(actor="c1"))
    assert _units(state, "ration") == 0  # one ration cooked feeds two
    events = _do(state, BreakCamp(actor="c1"))
    assert not any(isinstance(e, AmbushRolled) for e in events)
    assert not any(isinstance(e, WentHungry) for e in events)  # fed at the fire, not hungry
    slept = [e for e in events if isinstance(e, Slept)]
    assert [(e.character, e.place) for e in slept] == [("c1", "camp"), ("c2", "camp")]
    assert state.phase is Phase.INTERLUDE and state.camp is None
    assert interlude_of(state).day == 3


def test_without_a_meal_hunger_still_bites_after_the_camp_section_10_4_5() -> None:
    """§10.4.5: campers who did not eat at the camp need a ration like anyone else."""
    state = back_in_town()
    _campers(state)
    _do(state, EndDay())
    events = _do(state, BreakCamp(actor="c1"))
    assert {e.character for e in events if isinstance(e, WentHungry)} == {"c1", "c2"}


def test_a_ritual_at_the_camp_lowers_this_settlements_doom_house_6_1() -> None:
    """§6.1 (house): a Ritualist camping out lowers the settlement's doom by 1."""
    state = back_in_town()
    _campers(state)
    doom = state.locations[interlude_of(state).settlement].doom
    advance(Context(SeededDice(0)), doom, 2, rule="§9.4")
    state.character("c2").skills.add(Skill.RITUALIST)
    _do(state, EndDay())
    _do(state, PerformRitual(actor="c2"))
    assert doom.filled == 1


def test_a_camper_keeps_their_only_supply_for_the_camp_table_house_10_4_5() -> None:
    """§10.4.5 (house): with no supply to spare the setup uses none, so each camper still sleeps at camp."""
    state = back_in_town()
    _campers(state, supplies=1)
    _do(state, EndDay())
    camp = state.camp
    assert camp is not None and camp.supplies_used == 0 and not camp.fire
    events = _do(state, BreakCamp(actor="c1"))
    assert {e.place for e in events if isinstance(e, Slept)} == {"camp"}


def test_whoever_does_not_camp_sleeps_in_their_own_bed_house_10_4_5() -> None:
    """§10.4.5 (house): the camp is held for the campers; the others keep their beds for the night."""
    state = back_in_town()
    _carry(state, "c1", "camping_supplies", 1)
    _do(state, ChooseBed(actor="c1", place="camp"))
    _do(state, EndDay())
    assert state.camp is not None and state.camp.place.campers == ("c1",)
    events = _do(state, BreakCamp(actor="c1"))
    assert {e.character: e.place for e in events if isinstance(e, Slept)}["c2"].startswith("streets")


def test_without_a_camp_bed_the_night_goes_on_at_once_section_10_4_5() -> None:
    """§10.4.5: ending the day with no camper rolls the beds and opens the next day directly."""
    state = back_in_town()
    events = _do(state, EndDay())
    assert state.camp is None and state.phase is Phase.INTERLUDE
    assert len([e for e in events if isinstance(e, Slept)]) == 2 and interlude_of(state).day == 3
