"""Tests for the interlude market (§7.2, §6.1, §9.4, §10.4.4): stock, prices, Haggle, Trade network."""

from __future__ import annotations

from fractions import Fraction

import pytest

from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Category
from expedition.rules.core.skills import Skill
from expedition.rules.interlude.interlude_state import DailyAction, DailyPlan
from expedition.rules.interlude.market import (
    buy,
    haggle,
    in_stock,
    price_for,
    stock_odds,
    trade_network,
    verify_market,
)
from expedition.rules.trackers.doom import price_surcharge
from expedition.session.catalog_world import default_world
from tests.rules.interlude_helpers import back_in_town, ctx_with, interlude_of

WORLD = default_world()
RATION = WORLD.items["ration"]
UNCOMMON = next(d for d in WORLD.items.values() if d.category is Category.UNCOMMON)
RARE = next(d for d in WORLD.items.values() if d.category is Category.RARE)

EXPECTED = {
    1: ("2d!", "1d!", None, None, None),
    2: ("3d!", "2d!", "1d!", None, None),
    3: ("4d!", "3d!", "2d!", "1d!", None),
    4: ("always", "4d!", "3d!", "2d!", "1d!"),
    5: ("always", "always", "4d!", "3d!", "2d!"),
}
CATEGORIES = (Category.COMMON, Category.UNCOMMON, Category.VALUABLE, Category.RARE, Category.EXOTIC)


def _odds(text: str | None) -> Fraction:
    if text is None:
        return Fraction(0)
    if text == "always":
        return Fraction(1)
    return 1 - Fraction(5, 6) ** int(text[0])


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
def test_stock_odds_follow_the_risk_dice_of_each_size_section_7_2(size: int) -> None:
    """§7.2: a trigger on the size's risk dice means in stock; exact odds per category."""
    definition = WORLD.settlement_size(
        {1: "small", 2: "cefit", 3: "trinta", 4: "steinsburg", 5: "yoros"}[size]
    )
    if size == 1:
        definition = WORLD.catalog.settlements.size(1)
    for category, text in zip(CATEGORIES, EXPECTED[size], strict=True):
        assert stock_odds(definition, category) == _odds(text)


def test_blacksalt_the_home_port_always_has_common_goods_house() -> None:
    """House (balance): Blacksalt is a Fief whose common goods never need the 4d!; the rest keep theirs."""
    home, fief = WORLD.settlement_size("blacksalt"), WORLD.settlement_size("trinta")
    assert home.size == fief.size == 3
    assert stock_odds(home, Category.COMMON) == 1 and stock_odds(fief, Category.COMMON) < 1
    for category in CATEGORIES[1:]:
        assert stock_odds(home, category) == stock_odds(fief, category)


def _shopping(state, actor: str = "c1") -> None:  # type: ignore[no-untyped-def]
    interlude_of(state).plans.append(DailyPlan(actor, DailyAction.GO_SHOPPING))


def test_availability_and_price_are_rolled_once_per_interlude_section_7_2() -> None:
    """§7.2: an uncommon item in a Fief rolls 3d!; a trigger means in stock, and the price then holds."""
    state = back_in_town()
    _shopping(state)
    buyer = state.character("c1")
    size = WORLD.settlement_size("blacksalt")
    ctx = ctx_with([3, 1, 5, 4, 4])  # 3d! with a 1, then 2 + 2d6 = 10
    item = buy(ctx, state, size, buyer, UNCOMMON)
    assert item is not None
    assert interlude_of(state).prices[UNCOMMON.key] == 10
    assert state.silver == 40
    again = buy(ctx_with([]), state, size, buyer, UNCOMMON)  # no dice left: nothing is rerolled
    assert again is not None and state.silver == 30


def test_an_item_not_in_stock_stays_missing_section_7_2() -> None:
    """§7.2: no 1 on the risk dice: not for sale this interlude, and buying it is refused after."""
    state = back_in_town()
    _shopping(state)
    size = WORLD.settlement_size("blacksalt")
    assert buy(ctx_with([2, 3, 4]), state, size, state.character("c1"), UNCOMMON) is None
    with pytest.raises(IllegalAction, match="no"):
        verify_market(state, state.character("c1"), UNCOMMON)


def test_buying_needs_the_go_shopping_action_section_10_4_3() -> None:
    """§10.4.3: shopping is a daily action; without it the market is closed to that adventurer."""
    state = back_in_town()
    with pytest.raises(IllegalAction, match="shopping"):
        verify_market(state, state.character("c1"), RATION)


def test_haggle_rerolls_once_and_keeps_the_new_price_section_6_1() -> None:
    """§6.1: Haggle rerolls one price once; the new price must be taken, even if worse."""
    state = back_in_town()
    _shopping(state)
    buyer = state.character("c1")
    buyer.skills.add(Skill.HAGGLE)
    size = WORLD.settlement_size("trinta")  # a Fief rolls 4d! for a ration (Blacksalt's are always there)
    assert haggle(ctx_with([1, 3, 3, 3, 2, 5]), state, size, buyer, RATION) == 5  # 4d!, 2, then 5
    assert interlude_of(state).prices[RATION.key] == 5
    with pytest.raises(IllegalAction, match="already"):
        haggle(ctx_with([1]), state, size, buyer, RATION)


def test_trade_network_keeps_the_better_price_and_rerolls_availability_section_6_1() -> None:
    """§6.1: Trade network keeps the better of two prices, and rerolls one failed availability roll."""
    state = back_in_town()
    _shopping(state)
    buyer = state.character("c1")
    buyer.skills.add(Skill.TRADE_NETWORK)
    size = WORLD.settlement_size("blacksalt")
    assert in_stock(ctx_with([2]), state.interlude, size, RARE, "c1") is False  # type: ignore[arg-type]
    kept = trade_network(ctx_with([1, 6, 6, 6, 2, 2, 2]), state, size, buyer, RARE)
    assert kept == 90 and interlude_of(state).stock[RARE.key]  # 1d! rerolled to a 1; 5 × 18
    assert trade_network(ctx_with([1, 1, 1]), state, size, buyer, RARE) == 15  # 5 × 3 is better


def test_street_wise_takes_one_off_common_items_to_at_least_one_section_6_1() -> None:
    """§6.1, §7.2: Street Wise pays 1 silver less for common items, never below 1."""
    state = back_in_town()
    interlude = interlude_of(state)
    buyer = state.character("c1")
    interlude.prices[RATION.key] = 1
    interlude.prices[UNCOMMON.key] = 9
    buyer.skills.add(Skill.STREET_WISE)
    assert price_for(state, interlude, RATION, buyer) == 1
    interlude.prices[RATION.key] = 4
    assert price_for(state, interlude, RATION, buyer) == 3
    assert price_for(state, interlude, UNCOMMON, buyer) == 9


@pytest.mark.parametrize("doom", range(0, 7))
def test_settlement_doom_adds_surcharges_and_bans_categories_section_9_4(doom: int) -> None:
    """§9.4: +1 from doom 1, 3 and 5; only common and uncommon at 3, only common at 5, nothing at 6."""
    state = back_in_town()
    _shopping(state)
    state.locations["blacksalt"].doom.filled = doom
    interlude = interlude_of(state)
    interlude.prices[RATION.key] = 3
    assert price_for(state, interlude, RATION, state.character("c1")) == 3 + price_surcharge(doom)
    allowed = {cat for cat in CATEGORIES if doom < 3 or (cat is Category.COMMON and doom < 6)
               or (cat is Category.UNCOMMON and doom < 5)}  # fmt: skip
    for definition in (RATION, UNCOMMON, RARE):
        if definition.category in allowed:
            verify_market(state, state.character("c1"), definition)
        else:
            with pytest.raises(IllegalAction):
                verify_market(state, state.character("c1"), definition)


def test_harvests_double_or_halve_food_prices_section_10_4_4() -> None:
    """§10.4.4: a bad harvest doubles food prices, a good one halves them (rounded down, at least 1)."""
    state = back_in_town()
    interlude = interlude_of(state)
    interlude.prices[RATION.key] = 5
    buyer = state.character("c1")
    interlude.bad_harvest = 3
    assert price_for(state, interlude, RATION, buyer) == 10
    interlude.good_harvest = True
    assert price_for(state, interlude, RATION, buyer) == 2
    interlude.prices[UNCOMMON.key] = 5
    assert price_for(state, interlude, UNCOMMON, buyer) == 5
