"""Tests for rules/items/slots.py: where carried items go, slots, capacity and encumbrance (§7.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.item_defs import ArmourSlot, Item, ItemDef, Tag
from expedition.rules.items.slots import (
    BACK,
    LEFT_HAND,
    NOTES,
    RIGHT_HAND,
    TORSO,
    UNLIMITED,
    WAIST,
    can_put,
    capacity,
    cost_of,
    encumbered,
    free_space,
    inside,
    label,
    movement_multiplier,
    slots_used,
    two_handed,
    verify_put,
)

BAG = ItemDef("bag", "Bag", capacity=4)
BELT = ItemDef("belt", "Belt", capacity=1)
CANTEEN = ItemDef("canteen", "Canteen", liquid_capacity=1)
WATER = ItemDef("water", "Water", tags=frozenset({Tag.LIQUID}), per_slot=2)
ROPE = ItemDef("rope", "Rope")
CHALK = ItemDef("chalk", "Chalk", tags=frozenset({Tag.TINY}))
LADDER = ItemDef("ladder", "Ladder", tags=frozenset({Tag.OVERSIZED}))
HERB = ItemDef("herb", "Herb extract", tags=frozenset({Tag.EXTRACT}))
ROOT = ItemDef("root", "Root extract", tags=frozenset({Tag.EXTRACT}))
PADDED = ItemDef("padded", "Padded armour", armour=(2,), armour_slot=ArmourSlot.BODY)
AXE = ItemDef("axe", "Battle axe", attack="STR 4+2B", hands=2)


class Maker:
    """Hands out items with unique uids."""

    def __init__(self) -> None:
        self.uid = 0

    def __call__(self, defn: ItemDef, place: str = "", quantity: int | None = None) -> Item:
        self.uid += 1
        item = Item.new(self.uid, defn, quantity)
        item.place = place
        return item


def _hero(strength: int = 1) -> tuple[Character, Maker]:
    hero = Character(id="c1", name="Ada")
    hero[Attr.STR].score = strength
    return hero, Maker()


@given(st.integers(0, 5))
def test_capacity_is_seven_plus_three_per_strength_section_7_1(strength: int) -> None:
    """§7.1: a character carries 7 + 3 × STR score slots before being encumbered."""
    hero, _ = _hero(strength)
    assert capacity(hero) == 7 + 3 * strength


def test_cost_counts_tiny_awkward_shared_and_extract_items_section_7_1() -> None:
    """§7.1: tiny is free, oversized costs one more, water shares slots two a slot, two extracts share one."""
    make = Maker()
    assert cost_of([make(CHALK), make(CHALK)]) == 0
    assert cost_of([make(LADDER)]) == 2
    assert cost_of([make(WATER, quantity=1), make(WATER, quantity=2)]) == 2  # 3 units: 2 slots
    assert cost_of([make(HERB), make(ROOT), make(HERB)]) == 1
    assert cost_of([make(ROPE), make(ROPE)]) == 2


def test_worn_containers_and_notes_take_no_slots_section_7_1() -> None:
    """§7.1: a worn bag and the notes cost nothing; what is inside the bag does."""
    hero, make = _hero()
    bag = make(BAG, BACK)
    hero.items = [bag, make(CHALK, NOTES), make(ROPE, inside(bag)), make(ROPE, RIGHT_HAND)]
    assert slots_used(hero) == 2
    loose_bag = make(BAG, LEFT_HAND)  # a bag carried in the hand is an ordinary item
    hero.items.append(loose_bag)
    assert slots_used(hero) == 3


def test_more_than_capacity_encumbers_and_halves_movement_section_7_1() -> None:
    """§7.1: carrying more than capacity is allowed but halves movement."""
    hero, make = _hero(0)  # capacity 7
    bag = make(BAG, BACK)
    hero.items = [bag, *(make(LADDER, inside(bag)) for _ in range(2)), make(LADDER, LEFT_HAND)]
    assert slots_used(hero) == 6 and not encumbered(hero) and movement_multiplier(hero) == 1.0
    hero.items.append(make(ROPE, RIGHT_HAND))
    hero.items.append(make(ROPE, RIGHT_HAND))
    assert slots_used(hero) == 8 and encumbered(hero) and movement_multiplier(hero) == 0.5


def test_free_space_of_each_kind_of_place_section_7_1() -> None:
    """§7.1: torso 4, hands 2, a container its capacity, a box its container count, notes unlimited."""
    hero, make = _hero()
    bag = make(BAG, BACK)
    hero.items = [bag, make(PADDED, TORSO), make(ROPE, inside(bag))]
    assert free_space(hero, TORSO) == 3
    assert free_space(hero, LEFT_HAND) == 2
    assert free_space(hero, inside(bag)) == 3
    assert free_space(hero, BACK) == 0 and free_space(hero, WAIST) == 1
    assert free_space(hero, NOTES) == UNLIMITED
    hero.traumas.add(Trauma.BROKEN_ARM)
    assert free_space(hero, LEFT_HAND) == 0
    with pytest.raises(InvalidAction):
        free_space(hero, "pocket")


@pytest.mark.parametrize(
    ("defn", "place", "reason"),
    [
        (ROPE, TORSO, "Only armour and helmets"),
        (ROPE, NOTES, "Only tiny things"),
        (WATER, LEFT_HAND, "needs a canteen or a waterskin"),
        (BELT, BACK, "not worn in the back box"),
        (LADDER, "bag:999", "no such container"),
    ],
)
def test_verify_put_says_why_an_item_does_not_fit_section_7_1(defn: ItemDef, place: str, reason: str) -> None:
    """§7.1: each place takes only what belongs there, with a reason a player can read."""
    hero, make = _hero()
    hero.items = [make(BAG, BACK)]
    item = make(defn)
    with pytest.raises(IllegalAction, match=reason):
        verify_put(hero, item, place)
    assert not can_put(hero, item, place)


def test_containers_hold_only_their_room_and_liquids_go_in_the_canteen_section_7_1() -> None:
    """§7.1: the belt holds one thing; the canteen holds two water units and nothing else."""
    hero, make = _hero()
    belt, canteen = make(BELT, WAIST), make(CANTEEN, "flask")
    hero.items = [belt, canteen, make(ROPE, inside(belt))]
    with pytest.raises(IllegalAction, match="No room for the Rope in the Belt"):
        verify_put(hero, make(ROPE), inside(belt))
    assert can_put(hero, make(WATER, quantity=2), inside(canteen))
    with pytest.raises(IllegalAction, match="Only liquids"):
        verify_put(hero, make(ROPE), inside(canteen))
    with pytest.raises(IllegalAction, match="broken"):
        hero.traumas.add(Trauma.BROKEN_ARM)
        verify_put(hero, make(ROPE), LEFT_HAND)


def test_labels_and_two_handed_section_7_1() -> None:
    """§7.1: places read in words; two-handed weapons need both hands."""
    hero, make = _hero()
    bag = make(BAG, BACK)
    hero.items = [bag]
    assert label(hero, LEFT_HAND) == "left hand" and label(hero, inside(bag)) == "Bag"
    assert label(hero, BACK) == "back box"
    assert two_handed(AXE) and not two_handed(ROPE)
    assert two_handed(ItemDef("pike", "Pike", tags=frozenset({Tag.TWO_HANDED})))
