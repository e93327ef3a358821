"""Tests for hunger and sleep in the interlude (§10.4.5, §9.4, §10.4.4, HOUSE §4.4)."""

from __future__ import annotations

import pytest

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.errors import IllegalAction
from expedition.rules.interlude.hunger_and_sleep import Slept, bed_cost, hunger, sleep, verify_bed
from expedition.rules.interlude.interlude_state import new_item
from expedition.session.catalog_world import default_world
from tests.rules.interlude_helpers import back_in_town, ctx_with, interlude_of

WORLD = default_world()
PLACES = {p.key: p for p in WORLD.sleeping_places()}


def _two_dice(total: int) -> list[int]:
    return [min(6, total - 1), total - min(6, total - 1)]


def _rows() -> list[tuple[str, int]]:
    found = []
    for key, place in PLACES.items():
        table = WORLD.roll_table(place.table)
        for row in table.rows:
            assert row.low is not None
            found.append((key, row.low))
    return found


@pytest.mark.parametrize(("place", "total"), _rows())
def test_every_sleeping_table_row_applies_its_effect_section_10_4_5(place: str, total: int) -> None:
    """§10.4.5: each bed rolls 2d6 on its table and the row's effect happens to the sleeper."""
    size = 4 if place in ("streets_large", "proper") else 3 if place != "streets_small" else 2
    state = back_in_town(size=size, members=1)
    hero = state.character("c1")
    for attr in Attr:
        hero[attr].fatigue = 1
    hero[Attr.STR].wounds = 1
    hero.afflictions |= {Affliction.SLEEPY, Affliction.SHAKEN, Affliction.ANGRY}
    supply = new_item(state, WORLD.items["camping_supplies"], 2)
    supply.place = "torso"
    hero.items.append(supply)
    interlude_of(state).beds["c1"] = place
    row = WORLD.roll_table(PLACES[place].table).row_for(total)
    before_silver, before_doom = state.silver, state.locations["blacksalt"].doom.filled
    ctx = ctx_with(_two_dice(total) + [3] * 12)
    resolve_default(sleep(ctx, state, interlude_of(state)))
    slept = [e for e in ctx.events if isinstance(e, Slept)]
    assert slept == [Slept(rule="§10.4.5", character="c1", place=place, cost=slept[0].cost, row=row.key)]
    verbs = row.effect.verbs()
    if "recover_all_fatigue" in verbs:
        assert all(hero[a].fatigue == 0 for a in Attr)
    if "remove" in verbs:
        removed = {Affliction(a) for s in row.effect.steps if s.verb == "remove" for a in s.args}
        assert not removed & hero.afflictions
    if "heal_wound" in verbs:
        assert hero[Attr.STR].wounds == 0
    if "wound" in verbs and len(row.effect.options) == 1:
        assert sum(hero[a].wounds for a in Attr) > 1
    if "settlement_doom" in verbs:
        assert state.locations["blacksalt"].doom.filled == before_doom + 1
    if "lose_silver" in verbs:
        assert state.silver == before_silver - 9
    if "discard" in verbs:
        assert supply.quantity == 1
    if "gain" in verbs:
        assert len(hero.afflictions) == 4  # already held: swapped for another (§10.4.5)
    if place == "inn":
        assert before_silver - slept[0].cost == state.silver or "lose_silver" in verbs


def test_inn_costs_more_with_doom_and_closes_at_four_section_9_4() -> None:
    """§9.4, §10.4.5: the inn costs 1 silver, +1 at doom 2+, and is closed from doom 4."""
    state = back_in_town()
    interlude = interlude_of(state)
    inn = PLACES["inn"]
    assert bed_cost(state, interlude, inn) == 1
    state.locations["blacksalt"].doom.filled = 2
    assert bed_cost(state, interlude, inn) == 2
    interlude.overcrowding = 2
    assert bed_cost(state, interlude, inn) == 4
    state.locations["blacksalt"].doom.filled = 4
    with pytest.raises(IllegalAction, match="closed"):
        verify_bed(WORLD, state, interlude, state.character("c1"), "inn")


def test_beds_depend_on_the_settlement_size_house_4_4() -> None:
    """§10.4.5, HOUSE §4.4: no inn in a hamlet; rooms only in size 4–5 for 3 s, halved by empty streets."""
    hamlet = back_in_town(size=2)
    with pytest.raises(IllegalAction):
        verify_bed(WORLD, hamlet, interlude_of(hamlet), hamlet.character("c1"), "inn")
    with pytest.raises(IllegalAction):
        verify_bed(WORLD, hamlet, interlude_of(hamlet), hamlet.character("c1"), "proper")
    city = back_in_town(size=5)
    interlude = interlude_of(city)
    assert bed_cost(city, interlude, PLACES["proper"]) == 3
    interlude.empty_streets = True
    assert bed_cost(city, interlude, PLACES["proper"]) == 1
    with pytest.raises(IllegalAction, match="camping"):
        verify_bed(WORLD, city, interlude, city.character("c1"), "camp")


def test_hunger_eats_a_ration_or_makes_hungry_and_parched_section_10_4_5() -> None:
    """§10.4.5: a ration a day; without one Hungry and Parched; already Hungry rolls on the decay table."""
    state = back_in_town()
    fed, starving = state.character("c1"), state.character("c2")
    ration = new_item(state, WORLD.items["ration"], 1)
    ration.place = "torso"
    fed.items.append(ration)
    fed.afflictions.add(Affliction.PARCHED)
    resolve_default(hunger(ctx_with([]), state, interlude_of(state)))
    assert not fed.afflictions and not fed.items
    assert starving.afflictions == {Affliction.HUNGRY, Affliction.PARCHED}
    ctx = ctx_with([5, 5])  # 10 on the decay table: Angry
    resolve_default(hunger(ctx, state, interlude_of(state)))
    assert Affliction.ANGRY in starving.afflictions
