"""Tests for the interlude's daily actions (§10.4.3, §16 #11, #27, #28, HOUSE §4.3)."""

from __future__ import annotations

import pytest

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.item_defs import Category, Item, ItemDef, Tag
from expedition.rules.core.judging import Outcome
from expedition.rules.core.skills import Skill
from expedition.rules.interlude.daily_actions import resolve_plan, sale_category, verify_plan
from expedition.rules.interlude.interlude_state import DailyAction, DailyPlan, new_item
from tests.rules.interlude_helpers import back_in_town, ctx_with, interlude_of


def _run(state, plan: DailyPlan, faces: list[int]) -> None:  # type: ignore[no-untyped-def]
    resolve_default(resolve_plan(ctx_with(faces), state, interlude_of(state), plan))


def test_rest_recovers_one_fatigue_per_attribute_section_10_4_3() -> None:
    """§10.4.3 Rest: 1 fatigue off each attribute."""
    state = back_in_town()
    hero = state.character("c1")
    for attr in Attr:
        hero[attr].fatigue = 2
    _run(state, DailyPlan("c1", DailyAction.REST), [])
    assert all(hero[attr].fatigue == 1 for attr in Attr)


def test_entertainment_costs_two_and_cures_angry_and_hopeless_section_10_4_3() -> None:
    """§10.4.3 Rest + entertainment (size 4–5, 2 s): Angry and Hopeless go, 1 more fatigue each."""
    state = back_in_town(size=4)
    hero = state.character("c1")
    hero.afflictions |= {Affliction.ANGRY, Affliction.HOPELESS}
    hero[Attr.STR].fatigue = 3
    _run(state, DailyPlan("c1", DailyAction.REST, "entertainment"), [])
    assert hero[Attr.STR].fatigue == 1 and not hero.afflictions and state.silver == 48


def test_getting_drunk_heals_pre_and_may_nauseate_section_10_4_3() -> None:
    """§10.4.3 Rest + drunk (size 3–5, 1 s): Terrified goes, PRE wounds heal, a triggered 2d! nauseates."""
    state = back_in_town()
    hero = state.character("c1")
    hero.afflictions.add(Affliction.TERRIFIED)
    hero[Attr.PRE].wounds = 2
    _run(state, DailyPlan("c1", DailyAction.REST, "drunk"), [1, 5])
    assert hero[Attr.PRE].wounds == 0 and hero.afflictions == {Affliction.NAUSEATED} and state.silver == 49


def test_bucolic_rest_heals_int_only_in_small_places_section_10_4_3() -> None:
    """§10.4.3 Rest + bucolic (size 1–3): all INT wounds heal; not offered in a stronghold."""
    state = back_in_town(size=2)
    hero = state.character("c1")
    hero[Attr.INT].wounds = 2
    _run(state, DailyPlan("c1", DailyAction.REST, "bucolic"), [])
    assert hero[Attr.INT].wounds == 0
    big = back_in_town(size=4)
    with pytest.raises(IllegalAction):
        verify_plan(big, interlude_of(big), big.character("c1"), DailyPlan("c1", DailyAction.REST, "bucolic"))


def test_tend_wounds_heals_a_body_wound_and_stops_bleeding_section_10_4_3() -> None:
    """§10.4.3 Tend wounds: 1 STR or DEX wound heals and Bleeding stops."""
    state = back_in_town()
    hero = state.character("c1")
    hero[Attr.DEX].wounds = 1
    hero.afflictions.add(Affliction.BLEEDING)
    _run(state, DailyPlan("c1", DailyAction.TEND_WOUNDS), [])
    assert hero[Attr.DEX].wounds == 0 and Affliction.BLEEDING not in hero.afflictions


def test_surgeon_heals_two_more_and_may_cure_plague_section_10_4_3() -> None:
    """§10.4.3 Tend + surgeon (size 4–5, 4 s): 2 more wounds heal; a triggered 1d! cures Plagued."""
    state = back_in_town(size=5)
    hero = state.character("c1")
    hero[Attr.STR].wounds = 1
    hero[Attr.INT].wounds = 2
    hero.afflictions.add(Affliction.PLAGUED)
    _run(state, DailyPlan("c1", DailyAction.TEND_WOUNDS, "surgeon"), [1])
    assert hero[Attr.STR].wounds == 0 and hero[Attr.INT].wounds == 0
    assert Affliction.PLAGUED not in hero.afflictions and state.silver == 46


def test_witch_doctor_may_lift_a_curse_section_10_4_3() -> None:
    """§10.4.3 Tend + witch doctor (size 2–4, 2 s): a triggered 1d! removes Cursed."""
    state = back_in_town(size=2)
    hero = state.character("c1")
    hero.afflictions.add(Affliction.CURSED)
    _run(state, DailyPlan("c1", DailyAction.TEND_WOUNDS, "witch_doctor"), [1])
    assert Affliction.CURSED not in hero.afflictions and state.silver == 48


def test_time_heals_a_wound_on_a_triggered_3d_section_10_4_3() -> None:
    """§10.4.3 Tend + time: 3d!, a trigger heals 1 more wound."""
    state = back_in_town()
    hero = state.character("c1")
    hero[Attr.PRE].wounds = 1
    _run(state, DailyPlan("c1", DailyAction.TEND_WOUNDS, "time"), [4, 1, 6])
    assert hero[Attr.PRE].wounds == 0


def test_lay_low_lowers_settlement_doom_on_a_triggered_2d_section_10_4_3() -> None:
    """§10.4.3 Lay low: a triggered 2d! lowers this settlement's doom by 1; otherwise nothing."""
    state = back_in_town()
    doom = state.locations["blacksalt"].doom
    doom.filled = 2
    _run(state, DailyPlan("c1", DailyAction.LAY_LOW), [3, 4])
    assert doom.filled == 2
    _run(state, DailyPlan("c1", DailyAction.LAY_LOW), [3, 1])
    assert doom.filled == 1


def _give(state, defn: ItemDef) -> Item:  # type: ignore[no-untyped-def]
    item = new_item(state, defn)
    item.place = "torso"
    state.character("c1").items.append(item)
    return item


def test_selling_treasure_pays_its_price_less_the_guild_cut_section_16_27() -> None:
    """§16 #11, #27: INT appraisal succeeds, the price dice are rolled, the guild keeps 20 % of treasure."""
    state = back_in_town()
    pearls = _give(
        state, ItemDef("pearls", "Pearl string", category=Category.VALUABLE, tags=frozenset({Tag.TREASURE}))
    )
    # 3 INT dice: 5, 6, 2 (success, 1 fatigue? no 1 or 4) then 3 × 2d6 = 3 × 9 = 27; cut 5.
    _run(state, DailyPlan("c1", DailyAction.SELL, items=(pearls.uid,)), [5, 6, 2, 4, 5])
    assert state.silver == 50 + 27 - 5
    assert pearls not in state.character("c1").items


def test_failed_appraisal_sells_one_category_lower_house_4_3() -> None:
    """HOUSE §4.3: failure one category lower, critical failure two, broken armour one more."""
    gem = Item(1, ItemDef("gem", "Gem", category=Category.VALUABLE))
    assert sale_category(gem, Outcome.SUCCESS, 3) is Category.VALUABLE
    assert sale_category(gem, Outcome.FAILURE, 3) is Category.UNCOMMON
    assert sale_category(gem, Outcome.CRITICAL_FAILURE, 3) is Category.COMMON
    assert sale_category(Item(2, ItemDef("c", "C", category=Category.COMMON)), Outcome.FAILURE, 3) is None
    assert (
        sale_category(Item(3, ItemDef("r", "R", category=Category.EXOTIC)), Outcome.SUCCESS, 1)
        is Category.UNCOMMON
    )
    mail = Item(4, ItemDef("mail", "Mail", category=Category.RARE, armour=(3,)), broken=[1])
    assert sale_category(mail, Outcome.SUCCESS, 5) is Category.VALUABLE


def test_naive_investor_adds_half_again_section_10_4_4() -> None:
    """§10.4.4: with the naive investor in town, sales fetch 50 % more (rounded down)."""
    state = back_in_town()
    interlude_of(state).naive_investor = True
    knife = _give(state, ItemDef("knife", "Knife", category=Category.COMMON))
    _run(state, DailyPlan("c1", DailyAction.SELL, items=(knife.uid,)), [5, 6, 2, 5])
    assert state.silver == 50 + 7


def test_selling_is_refused_for_free_things_and_at_doom_six_section_9_4() -> None:
    """§9.4, HOUSE §4.3: nobody buys at doom 6, and free things sell for nothing."""
    state = back_in_town()
    water = _give(state, ItemDef("water", "Water", category=Category.FREE))
    plan = DailyPlan("c1", DailyAction.SELL, items=(water.uid,))
    with pytest.raises(IllegalAction, match="free"):
        verify_plan(state, interlude_of(state), state.character("c1"), plan)
    with pytest.raises(InvalidAction):
        verify_plan(state, interlude_of(state), state.character("c1"), DailyPlan("c1", DailyAction.SELL))
    state.locations["blacksalt"].doom.filled = 6
    knife = _give(state, ItemDef("knife", "Knife", category=Category.COMMON))
    with pytest.raises(IllegalAction, match="buy"):
        verify_plan(
            state,
            interlude_of(state),
            state.character("c1"),
            DailyPlan("c1", DailyAction.SELL, items=(knife.uid,)),
        )


def test_repairing_armour_costs_one_silver_per_point_section_16_28() -> None:
    """§16 #28: at size 3+, each broken armour point costs 1 silver to mend."""
    state = back_in_town()
    mail = _give(state, ItemDef("mail", "Mail", armour=(3,)))
    mail.broken = [2]
    _run(state, DailyPlan("c1", DailyAction.REPAIR_ARMOUR, items=(mail.uid,)), [])
    assert mail.broken == [0] and state.silver == 48
    small = back_in_town(size=2)
    with pytest.raises(IllegalAction, match="fief"):
        verify_plan(
            small,
            interlude_of(small),
            small.character("c1"),
            DailyPlan("c1", DailyAction.REPAIR_ARMOUR, items=(1,)),
        )


def test_street_wise_announces_two_actions_others_one_section_6_1() -> None:
    """§10.4.3, §6.1: one daily action each, two with Street Wise; an announced action stays."""
    state = back_in_town()
    interlude = interlude_of(state)
    hero = state.character("c1")
    plan = DailyPlan("c1", DailyAction.LAY_LOW)
    verify_plan(state, interlude, hero, plan)
    interlude.plans.append(plan)
    with pytest.raises(IllegalAction, match="announced"):
        verify_plan(state, interlude, hero, plan)
    hero.skills.add(Skill.STREET_WISE)
    verify_plan(state, interlude, hero, plan)


def test_no_plans_on_the_day_of_return_section_10_4_1() -> None:
    """§10.4.1: the expedition was the day; back in town only the night is left."""
    state = back_in_town()
    interlude_of(state).arrival = True
    with pytest.raises(IllegalAction, match="night"):
        verify_plan(state, interlude_of(state), state.character("c1"), DailyPlan("c1", DailyAction.REST))
