"""Tests for items/usage.py: usage dice on items (§2), lights (§7.8), breaking and discarding (§9.1, §9.3)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import DiceRolled
from expedition.rules.core.item_defs import ArmourSlot, ArmourType, Item, ItemDef, Light, Tag
from expedition.rules.items.handling import put
from expedition.rules.items.slots import BACK, LEFT_HAND, RIGHT_HAND, TORSO, inside
from expedition.rules.items.usage import (
    ItemBroken,
    ItemsDiscarded,
    ItemUsedUp,
    LightWentOut,
    UsageRolled,
    break_item,
    break_random_item,
    discard_matching,
    extinguish,
    light,
    roll_usage,
    spend,
    use_one,
)
from tests.rules.magic_helpers import WORLD, give, make_state

LADDER = (20, 12, 10, 8, 6, 4)
BAG = ItemDef("bag", "Bag", tags=frozenset({Tag.EQUIPMENT}), capacity=4)
OIL = ItemDef("oil", "Lamp oil", usage=20)
TORCH = ItemDef("torch", "Torches", pack=2, usage=4, light=Light.NEARBY)
RATION = ItemDef("ration", "Ration", pack=3)
ROPE = ItemDef("rope", "Rope")
JERKIN = ItemDef(
    "jerkin", "Leather jerkin", armour=(1,), armour_type=ArmourType.LIGHT, armour_slot=ArmourSlot.BODY
)

_uids = itertools.count(1)


def ctx(*faces: int) -> Context:
    return Context(ScriptedDice(faces))


def carrying(*things: tuple[ItemDef, str], name: str = "Ada") -> tuple[Character, list[Item]]:
    who = Character(name.lower(), name)
    who[Attr.STR].score = 3
    items = []
    for defn, place in things:
        item = Item.new(next(_uids), defn, None)
        put(ctx(), who, item, place)
        items.append(item)
    return who, items


def test_a_d20_walks_the_whole_ladder_then_the_item_is_gone_section_2() -> None:
    """§2: six 1s or 2s take a d20 down d12, d10, d8, d6, d4 and then use the item up."""
    ada, (oil,) = carrying((OIL, LEFT_HAND))
    log = ctx(1, 2, 1, 2, 1, 2)
    seen = []
    for _ in range(6):
        seen.append(oil.usage)
        roll_usage(log, ada, oil)
    assert seen == list(LADDER)
    rolled = [e for e in log.events if isinstance(e, UsageRolled)]
    assert [(e.before, e.after) for e in rolled] == list(zip(LADDER, (*LADDER[1:], 0), strict=True))
    assert [e.sides for e in log.events if isinstance(e, DiceRolled)] == list(LADDER)
    assert oil not in ada.items and isinstance(log.events[-1], ItemUsedUp)


@given(seed=st.integers(0, 10**6))
def test_a_usage_die_only_shrinks_until_it_is_gone_section_2(seed: int) -> None:
    """§2: whatever is rolled, each use leaves the die the same size or one step smaller."""
    ada, (oil,) = carrying((OIL, LEFT_HAND))
    log = Context(SeededDice(seed))
    before = oil.usage
    for _ in range(200):
        if roll_usage(log, ada, oil):
            break
        assert oil.usage in (before, *LADDER[LADDER.index(before) + 1 : LADDER.index(before) + 2])
        before = oil.usage
    assert oil not in ada.items or oil.usage == before


def test_use_one_takes_a_unit_of_a_pack_without_a_usage_die_section_7_4() -> None:
    """§7.4: eating a ration takes one from the pack; the last one leaves the inventory."""
    ada, (_, rations) = carrying((BAG, BACK), (RATION, LEFT_HAND))
    use_one(ctx(), ada, rations, rule="§10.3")
    assert rations.quantity == 2
    log = ctx()
    use_one(log, ada, rations, rule="§10.3")
    use_one(log, ada, rations, rule="§10.3")
    assert rations not in ada.items
    assert [e.remaining for e in log.events if isinstance(e, ItemUsedUp)] == [1, 0]
    cy, (oil,) = carrying((OIL, LEFT_HAND), name="Cy")
    with pytest.raises(InvalidAction, match="has a usage die"):
        use_one(ctx(), cy, oil, rule="§2")


def test_putting_out_a_light_on_its_last_turn_uses_that_torch_up_section_7_8() -> None:
    """§7.8: a torch whose die ran out is spent when put out; the pack's next torch starts unlit and full."""
    ada, (torches,) = carrying((TORCH, LEFT_HAND))
    light(ctx(), ada, torches)
    with pytest.raises(IllegalAction, match="already lit"):
        light(ctx(), ada, torches)
    roll_usage(ctx(1), ada, torches)
    log = ctx()
    extinguish(log, ada, torches)
    assert (torches.quantity, torches.usage, torches.lit) == (1, 4, False)
    assert [type(e) for e in log.events] == [LightWentOut, ItemUsedUp]


def test_a_broken_lit_light_goes_out_first_section_9_1() -> None:
    """§9.1 (decay 12): a lit torch that breaks goes out, and one unit of the pack is lost."""
    ada, (torches,) = carrying((TORCH, LEFT_HAND))
    light(ctx(), ada, torches)
    log = ctx()
    break_item(log, ada, torches, rule="§9.1")
    assert [type(e) for e in log.events] == [LightWentOut, ItemBroken]
    assert (torches.quantity, torches.lit) == (1, False)


def test_the_random_breakage_picks_from_hands_and_torso_by_a_die_section_16_29() -> None:
    """§16 #29: the dice choose among the items in hand and on the torso; bag contents are spared."""
    ada, (bag, rope, oil, _) = carrying((BAG, BACK), (ROPE, LEFT_HAND), (OIL, RIGHT_HAND), (JERKIN, TORSO))
    put(ctx(), ada, Item.new(next(_uids), ROPE, None), inside(bag))
    log = ctx(2)
    assert break_random_item(log, ada) is oil
    assert log.events[0] == DiceRolled(rule="§9.1", who="ada", why="which item breaks", sides=3, faces=(2,))
    assert oil not in ada.items and rope in ada.items
    nobody, _ = carrying()
    assert break_random_item(ctx(), nobody) is None


def test_discarding_across_the_party_takes_units_in_order_section_9_3() -> None:
    """§9.3: the omens' "throw away N" takes units party member by member, and stops at N."""
    ada, (ada_rations,) = carrying((RATION, LEFT_HAND))
    bo, (bo_rations,) = carrying((RATION, LEFT_HAND), name="Bo")
    log = ctx()
    assert discard_matching(log, [ada, bo], lambda item: item.defn.key == "ration", 4) == 4
    assert ada_rations not in ada.items and bo_rations.quantity == 2
    assert [(e.character, e.units, e.remaining) for e in log.events if isinstance(e, ItemsDiscarded)] == [
        ("ada", 3, 0),
        ("bo", 1, 2),
    ]
    assert discard_matching(ctx(), [ada, bo], lambda item: item.defn.key == "ration", 9) == 2


def test_spend_rolls_a_usage_die_or_uses_one_unit() -> None:
    """§2, §7.4: an item with a usage die rolls it (a 3+ keeps it); one without loses a unit."""
    state = make_state()
    wiz = state.character("wiz")
    spikes = give(wiz, "iron_spikes", 10)
    context = Context(ScriptedDice([5]), world=WORLD)
    spend(context, wiz, spikes, rule="§7.4")
    assert spikes.usage == 8 and context.dice.used == 1  # type: ignore[attr-defined]
    cloth = give(wiz, "cloth", 11)
    spend(Context(ScriptedDice([]), world=WORLD), wiz, cloth, rule="§7.4")
    assert cloth not in wiz.items
