"""The creation flow behind the screen: party setup, the starting shop's stock and prices (§5.1, §7.2)."""

from __future__ import annotations

import pytest

from expedition.content.catalog import Catalog, load_catalog
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.item_defs import Category
from expedition.rules.interlude.interlude_state import HOUSE_DEFAULT_SIZE
from expedition.ui.creation_flow import START_SIZE, CreationFlow, party_specs, split_party


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def test_players_share_out_at_most_four_adventurers() -> None:
    """§5.1, DESIGN: 1–4 players; each owns at least one adventurer, four at most in all."""
    assert split_party(1) == [4] and split_party(2) == [2, 2] and split_party(3) == [2, 1, 1]
    specs = party_specs([1, 2], ["Ada", " Bo "], ["warrior", "thief"])
    assert [(s.owner, s.name, s.class_key) for s in specs] == [
        ("player1", "Ada", "warrior"),
        ("player2", "Bo", "thief"),
        ("player2", "", "warrior"),
    ]
    for bad in ([], [0, 1], [3, 2]):
        with pytest.raises(InvalidAction):
            party_specs(bad, [], [])


def test_starting_shop_sells_what_blacksalt_can_stock_and_nothing_from_kits(catalog: Catalog) -> None:
    """§5.1 step 6, §7.2: the starting settlement's shop (house: a Fief): no exotic or kit-only goods."""
    assert START_SIZE == HOUSE_DEFAULT_SIZE
    flow = CreationFlow(catalog, 3, party_specs([1], [], list(catalog.classes.classes)))
    size = catalog.settlements.size(START_SIZE)
    wares = flow.wares()
    sold = {ware.defn.category for ware in wares}
    assert sold == {c for c in Category if c is not Category.FREE and not size.availability(c).never}
    assert Category.EXOTIC not in sold
    assert not any(ware.defn.kit for ware in wares)
    order = [ware.defn.category for ware in wares]
    assert order == sorted(
        order, key=[Category.COMMON, Category.UNCOMMON, Category.VALUABLE, Category.RARE].index
    )


def test_prices_are_asked_once_and_buying_waits_for_the_party(catalog: Catalog) -> None:
    """§7.2: a price asked holds; §5.1 step 6: nothing is bought before the party exists."""
    flow = CreationFlow(catalog, 3, party_specs([2], [], list(catalog.classes.classes)))
    rope = next(ware.defn for ware in flow.wares() if ware.defn.category is Category.COMMON)
    with pytest.raises(InvalidAction, match="not made yet"):
        flow.buy(rope, None)
    price = flow.ask_price(rope)
    assert flow.ask_price(rope) == price and 1 <= price <= 6
    assert next(w.price for w in flow.wares() if w.defn.key == rope.key) == price
    flow.finish_with_defaults()
    assert flow.party is not None
    flow.party.silver = 10
    flow.buy(rope, flow.characters[0])
    assert flow.party.silver == 10 - price
