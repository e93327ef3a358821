"""Tests for core/item_defs.py: item definitions, slot costs and carried items (§7.1, §7.3, §7.6, §7.7)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.item_defs import AWKWARD, ArmourSlot, ArmourType, Item, ItemDef, Tag

ROPE = ItemDef("rope", "Rope")
POLE = ItemDef("three_meter_pole", "3 m pole", tags=frozenset({Tag.OVERSIZED}))
AMBER = ItemDef("amber", "Amber idol", tags=frozenset({Tag.FRAGILE, Tag.UNSTABLE}))
CHALK = ItemDef("chalk", "Chalk", tags=frozenset({Tag.TINY, Tag.FRAGILE}))
TORCH = ItemDef("torch", "Torches", pack=2, usage=4)
GOTHIC = ItemDef(
    "gothic_plate",
    "Gothic plate",
    slots=2,
    armour=(2, 3),
    armour_type=ArmourType.HEAVY,
    armour_slot=ArmourSlot.BODY,
)
SHIELD = ItemDef("round_shield", "Round shield", shield_tokens=1)


def test_awkward_tags_are_oversized_fragile_and_unstable() -> None:
    """§7.1: the awkward traits that cost an extra slot."""
    assert frozenset({Tag.OVERSIZED, Tag.FRAGILE, Tag.UNSTABLE}) == AWKWARD


def test_each_awkward_tag_adds_a_slot() -> None:
    """§7.1: one slot, plus one per awkward tag (the Big pole 2, fragile and unstable amber 3)."""
    assert (ROPE.slot_cost, POLE.slot_cost, AMBER.slot_cost, GOTHIC.slot_cost) == (1, 2, 3, 2)


def test_tiny_things_take_no_slot_even_when_awkward() -> None:
    """§7.1: chalk, keys and dice go in the notes for free."""
    assert CHALK.slot_cost == 0


def test_armour_and_shields_are_recognised() -> None:
    """§7.6, §7.7: armour has armour points, a shield gives shield tokens."""
    assert GOTHIC.is_armour and not GOTHIC.is_shield
    assert SHIELD.is_shield and not SHIELD.is_armour
    assert not ROPE.is_armour and not ROPE.is_shield


def test_a_new_item_is_whole() -> None:
    """§7.1, §2: as bought, a pack is full, its usage die is full and no AP is broken."""
    torches = Item.new(1, TORCH)
    assert (torches.quantity, torches.usage, torches.broken, torches.name) == (2, 4, [], "Torches")
    assert Item.new(2, TORCH, 1).quantity == 1
    plate = Item.new(3, GOTHIC)
    assert plate.broken == [0, 0] and not plate.lit and not plate.wielded and plate.place == ""


def test_working_ap_is_counted_per_part_of_multi_part_armour() -> None:
    """§4.2: each part of `2, 3 AP` armour breaks separately."""
    plate = Item.new(1, GOTHIC)
    plate.broken[1] = 2
    assert (plate.working_ap(0), plate.working_ap(1)) == (2, 1)


@given(
    slots=st.integers(0, 3),
    tags=st.sets(st.sampled_from(list(Tag))),
)
def test_slot_cost_is_base_plus_awkward_unless_tiny(slots: int, tags: set[Tag]) -> None:
    """§7.1: the slot cost rule for any combination of tags."""
    defn = ItemDef("thing", "Thing", tags=frozenset(tags), slots=slots)
    expected = 0 if Tag.TINY in tags else slots + len(tags & AWKWARD)
    assert defn.slot_cost == expected
