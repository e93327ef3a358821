"""Tests for creation/starting_kit.py:

Starting trappings, making items, outfitting, the stash (§5.1, §7.1).
"""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import Party
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Decision, resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.item_defs import ArmourSlot, ItemDef, Tag
from expedition.rules.creation.starting_kit import (
    ItemStashed,
    TrappingKeys,
    camping_supply_fallback,
    make_items,
    outfit,
    roll_trappings,
    stash,
)
from expedition.rules.items.slots import BACK, LEFT_HAND, RIGHT_HAND, TORSO, WAIST, encumbered

ITEMS = {
    d.key: d
    for d in (
        ItemDef("belt", "Belt", capacity=1),
        ItemDef("bag", "Bag", capacity=4),
        ItemDef("backpack", "Backpack", capacity=7),
        ItemDef("torch", "Torches", pack=2, usage=4),
        ItemDef("camping_supplies", "Camping supplies"),
        ItemDef("hatchets", "Throwing hatchets", usage=6, attack="DEX 1X+1"),
        ItemDef("axe", "Battle axe", attack="STR 4+2B", hands=2),
        ItemDef("sword", "Short sword", attack="STR 2+1"),
        ItemDef("shield", "Metal shield", shield_tokens=2),
        ItemDef("padded", "Padded armour", armour=(2,), armour_slot=ArmourSlot.BODY),
        ItemDef("coat", "Leather coat", armour=(1,), armour_slot=ArmourSlot.BODY),
        ItemDef("anvil", "Anvil", slots=4),
        ItemDef("chalk", "Chalk", tags=frozenset({Tag.TINY})),
    )
}


def _ada() -> Character:
    return Character(id="c1", name="Ada")


def test_trappings_roll_torches_and_risk_dice_in_order_section_5_1() -> None:
    """§5.1 step 3: belt, canteen, bag, 1d6 torches, a ration; 3d! camping supply; 2d! bandage."""
    ctx = Context(ScriptedDice([5, 2, 1, 6, 3, 4]))  # 5 torches; 3d! with a 1; 2d! without
    lines = roll_trappings(ctx, _ada(), TrappingKeys())
    assert lines == [
        ("belt", 1),
        ("canteen", 1),
        ("bag", 1),
        ("torch", 5),
        ("ration", 1),
        ("camping_supplies", 1),
    ]
    ctx = Context(ScriptedDice([1, 2, 2, 2, 6, 1]))  # 1 torch; 3d! without a 1; 2d! with one
    assert roll_trappings(ctx, _ada(), TrappingKeys())[-2:] == [("ration", 1), ("bandages", 1)]
    assert [e.why for e in ctx.events][:3] == [
        "starting torches",
        "starting camping supply (3d!)",
        "starting bandage (2d!)",
    ]


def test_make_items_fills_packs_first_and_keeps_a_kit_usage_die_section_5_1() -> None:
    """§5.1, §7.4: five torches in packs of two are three items; a kit's Ud10 overrides the item's die."""
    party = Party()
    torches = make_items(party, ITEMS, "torch", 5)
    assert [item.quantity for item in torches] == [2, 2, 1]
    assert len({item.uid for item in torches}) == 3
    (hatchets,) = make_items(party, ITEMS, "hatchets", 1, usage=10)
    assert hatchets.usage == 10
    with pytest.raises(InvalidAction, match="no item called 'lute'"):
        make_items(party, ITEMS, "lute", 1)


def test_outfit_wears_containers_armour_and_wields_weapon_and_shield_section_7_1() -> None:
    """§7.1: the roomiest container takes the back box, one armour per slot, weapon right, shield left."""
    party, ada = Party(), _ada()
    ctx = Context(ScriptedDice([]))
    new = [
        make_items(party, ITEMS, key, 1)[0]
        for key in ("chalk", "sword", "shield", "coat", "padded", "bag", "backpack", "belt")
    ]
    stashed = outfit(ctx, party, ada, new)
    where = {item.defn.key: (item.place, item.wielded) for item in ada.items}
    assert where["backpack"][0] == BACK and where["belt"][0] == WAIST
    assert where["sword"] == (RIGHT_HAND, True) and where["shield"] == (LEFT_HAND, True)
    assert where["chalk"][0] == "notes"
    # Two body armours: the first handed over is worn, the other is packed like the spare bag.
    assert where["coat"][0] == TORSO
    assert where["padded"][0].startswith("backpack:") and where["bag"][0].startswith("backpack:")
    assert stashed == []


def test_a_two_handed_weapon_takes_the_right_hand_and_blocks_the_shield_section_7_1() -> None:
    """§7.1: with a two-handed axe wielded, the shield is not wielded."""
    party, ada = Party(), _ada()
    axe, shield = make_items(party, ITEMS, "axe", 1)[0], make_items(party, ITEMS, "shield", 1)[0]
    outfit(Context(ScriptedDice([])), party, ada, [shield, axe])
    assert axe.wielded and axe.place == RIGHT_HAND
    assert not shield.wielded


def test_what_does_not_fit_goes_to_the_stash_and_never_encumbers_section_7_1() -> None:
    """§7.1: outfitting a fresh character never encumbers; leftovers go to the party stash."""
    party, ada = Party(), _ada()
    ctx = Context(ScriptedDice([]))
    anvils = make_items(party, ITEMS, "anvil", 4)
    stashed = outfit(ctx, party, ada, anvils)
    assert stashed and stashed == party.stash
    assert not encumbered(ada)
    assert [e.item for e in ctx.events if isinstance(e, ItemStashed)] == [item.uid for item in stashed]
    assert all(item.place == "" and not item.wielded for item in party.stash)


def test_stash_reports_whose_item_it_was_section_5_1() -> None:
    """§5.1: an item sent to the stash says so, naming its would-be owner."""
    party = Party()
    ctx = Context(ScriptedDice([]))
    (item,) = make_items(party, ITEMS, "chalk", 1)
    stash(ctx, party, item, owner="c1")
    assert party.stash == [item]
    assert ctx.events[-1] == ItemStashed(rule="§5.1", character="c1", item=item.uid, name="Chalk")


def test_camping_supply_fallback_asks_the_gm_only_when_nobody_has_one_section_5_1() -> None:
    """§5.1 step 3: if no member (nor the stash) has a camping supply, the GM gives one to a member."""
    party = Party(characters=[_ada(), Character(id="c2", name="Bo")])
    ctx = Context(ScriptedDice([]))
    seen: list[Decision] = []

    def answer(decision: Decision) -> str:
        seen.append(decision)
        return "c2"

    assert resolve(camping_supply_fallback(ctx, party, ITEMS, TrappingKeys()), answer) == "c2"
    assert len(seen) == 1 and seen[0].owner == GM and seen[0].keys == ("c1", "c2")
    assert [i.defn.key for i in party.character("c2").items] == ["camping_supplies"]
    # Now someone has one: no second supply, no question.
    assert resolve_default(camping_supply_fallback(ctx, party, ITEMS, TrappingKeys())) == ""
    stashed = Party(characters=[_ada()])
    stashed.stash += make_items(stashed, ITEMS, "camping_supplies", 1)
    assert resolve_default(camping_supply_fallback(ctx, stashed, ITEMS, TrappingKeys())) == ""
