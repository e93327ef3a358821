"""Tests for magic/spells/alchemy.py:

Extract values, tonic recipes, and blending extracts into a tonic (§11.1).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item
from expedition.rules.magic.spells.alchemy import (
    MOST_EXTRACTS,
    RECIPES,
    VALUES,
    TonicBlended,
    brew,
    brewable,
    extract_kind,
    mixture,
)
from expedition.session.catalog_world import default_world

ITEMS = default_world().items


def alchemist(*extracts: str, kit: bool = True) -> Character:
    """A character with an alchemic kit (unless told not) and one unit of each named extract."""
    member = Character("ada", "Ada")
    uid = 1
    if kit:
        member.items.append(Item.new(uid, ITEMS["alchemic_kit"]))
    for kind in extracts:
        uid += 1
        member.items.append(Item.new(uid, ITEMS[f"{kind}_extract"]))
    return member


def test_the_extract_and_recipe_tables_follow_the_book() -> None:
    """§11.1, §16 #8: the six extracts' (Yig, Grai), and purging hot-water at (2, 1)."""
    assert VALUES == {
        "flame": (-1, 1),
        "water": (1, -1),
        "smoke": (0, -1),
        "necro": (-1, 0),
        "rot": (0, 1),
        "ether": (1, 0),
    }
    assert RECIPES["healing_tonic"] == (2, 0) and RECIPES["purging_hot_water"] == (2, 1)
    assert RECIPES["tonic_of_bravery"] == (1, 1) and len(set(RECIPES.values())) == len(RECIPES)


def test_extract_kind_reads_only_extract_items() -> None:
    """§11.1: an extract item names its kind; anything else is no extract."""
    member = alchemist("necro")
    kit, necro = member.items
    assert (extract_kind(necro), extract_kind(kit)) == ("necro", "")


def test_the_fewest_extracts_that_add_up_are_chosen() -> None:
    """§11.1: the totals must match the recipe exactly; the smallest matching mixture is used."""
    member = alchemist("ether", "ether", "rot", "flame", "water")
    used = mixture(member, "healing_tonic")  # ether + ether = (2, 0)
    assert [extract_kind(i) for i in used] == ["ether", "ether"]
    assert [extract_kind(i) for i in mixture(member, "tonic_of_bravery")] == ["ether", "rot"]


def test_mixture_refuses_without_a_kit_a_recipe_or_matching_extracts() -> None:
    """§11.1: blending needs alchemic tools, a known recipe, and extracts whose totals match."""
    with pytest.raises(IllegalAction, match="alchemic kit"):
        mixture(alchemist("ether", "ether", kit=False), "healing_tonic")
    with pytest.raises(IllegalAction, match="no recipe"):
        mixture(alchemist("ether"), "elixir_of_life")
    with pytest.raises(IllegalAction, match="do not add up"):
        mixture(alchemist("ether", "rot"), "healing_tonic")
    assert brewable(alchemist("ether", "rot", kit=False)) == []
    assert "tonic_of_bravery" in brewable(alchemist("ether", "rot"))


def test_brew_uses_up_the_extracts_and_gives_the_tonic() -> None:
    """§11.1 Transmute: the extracts are spent and the tonic is carried, reported with what went in."""
    member = alchemist("ether", "ether", "smoke")
    ctx = Context(ScriptedDice([]))
    tonic = brew(ctx, member, "healing_tonic", ITEMS, 40, rule="§11.1")
    assert tonic.uid == 40 and tonic.defn.key == "healing_tonic" and tonic in member.items
    assert [extract_kind(i) for i in member.items if extract_kind(i)] == ["smoke"]
    blended = [e for e in ctx.events if isinstance(e, TonicBlended)]
    assert [(e.tonic, e.item, e.extracts) for e in blended] == [("healing_tonic", 40, ("ether", "ether"))]
    with pytest.raises(IllegalAction, match="Nothing is known"):
        brew(ctx, alchemist("ether", "ether"), "healing_tonic", {}, 41, rule="§11.1")


@given(st.lists(st.sampled_from(sorted(VALUES)), max_size=6), st.sampled_from(sorted(RECIPES)))
def test_a_found_mixture_always_adds_up_and_stays_small(kinds: list[str], tonic: str) -> None:
    """§11.1: whatever is carried, a mixture found sums exactly to the recipe, with at most 4 extracts."""
    member = alchemist(*kinds)
    try:
        used = mixture(member, tonic)
    except IllegalAction:
        return
    values = [VALUES[extract_kind(i)] for i in used]
    assert (sum(v[0] for v in values), sum(v[1] for v in values)) == RECIPES[tonic]
    assert 1 <= len(used) <= MOST_EXTRACTS and len({id(i) for i in used}) == len(used)
