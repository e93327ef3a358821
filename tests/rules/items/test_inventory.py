"""Tests for the inventory rules: places, slots, handling, usage dice, lights, breaking (§7.1, §7.8, §2)."""

from __future__ import annotations

import contextlib
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.errors import IllegalAction, InvalidAction, RuleError
from expedition.rules.core.events import DiceRolled, Note
from expedition.rules.core.item_defs import ArmourSlot, ArmourType, Category, Item, ItemDef, Light, Tag
from expedition.rules.items.handling import (
    ItemAdded,
    ItemDropped,
    ItemGiven,
    ItemMoved,
    ItemUnwielded,
    ItemWielded,
    drop,
    give,
    put,
    wield,
)
from expedition.rules.items.inventory import encumbrance_tick, equipped_items
from expedition.rules.items.slots import (
    BACK,
    FLASK,
    LEFT_HAND,
    NOTES,
    RIGHT_HAND,
    SMALL_BAGS,
    TORSO,
    WAIST,
    can_put,
    capacity,
    encumbered,
    free_space,
    inside,
    is_worn_container,
    items_in,
    lit_lights,
    movement_multiplier,
    slots_used,
    verify_put,
    worn_armour,
)
from expedition.rules.items.usage import (
    ItemBroken,
    ItemsDiscarded,
    ItemUsedUp,
    LightBurnedLow,
    LightWentOut,
    UsageRolled,
    break_item,
    break_random_item,
    burn_out_lights,
    discard_matching,
    extinguish,
    light,
    roll_usage,
    use_one,
)

EQUIP = frozenset({Tag.EQUIPMENT})
BELT = ItemDef("belt", "Belt", tags=EQUIP, capacity=1)
SMALL_POUCH = ItemDef("small_pouch", "Small pouch", tags=EQUIP, capacity=2)
BAG = ItemDef("bag", "Bag", tags=EQUIP, capacity=4)
BACKPACK = ItemDef("backpack", "Backpack", tags=EQUIP, capacity=7)
CANTEEN = ItemDef("canteen", "Canteen", tags=EQUIP, liquid_capacity=1)
WATERSKIN = ItemDef("waterskin", "Waterskin", tags=EQUIP, liquid_capacity=2)
SMALL_BAG = ItemDef("small_bag", "Small bag", tags=EQUIP, capacity=3)
TORCH = ItemDef("torch", "Torches", tags=frozenset({Tag.SLOW}), pack=2, usage=4, light=Light.NEARBY)
LANTERN = ItemDef("lantern", "Lantern", tags=frozenset({Tag.QUICK, Tag.SLOW}), usage=8, light=Light.NEARBY)
POLE = ItemDef("pole", "3 m pole", tags=frozenset({Tag.EQUIPMENT, Tag.OVERSIZED}))
ROPE = ItemDef("rope", "Rope", tags=frozenset({Tag.SLOW}))
RATION = ItemDef("ration", "Ration", tags=frozenset({Tag.SLOW, Tag.CAMP}))
BANDAGES = ItemDef("bandages", "Bandages", tags=frozenset({Tag.QUICK}), pack=3)
CHALK = ItemDef("chalk", "Chalk", tags=frozenset({Tag.TINY}))
WATER = ItemDef("water", "Water", Category.FREE, frozenset({Tag.QUICK, Tag.LIQUID}), per_slot=2)
AMBER = ItemDef("amber", "Amber idol", tags=frozenset({Tag.FRAGILE, Tag.UNSTABLE}))
BATTLE_AXE = ItemDef("battle_axe", "Battle axe", tags=frozenset({Tag.TWO_HANDED}), attack="STR 4+2B", hands=2)
DAGGER = ItemDef("dagger", "Dagger", attack="STR 1+3P")
CLUB = ItemDef("club", "Driftwood club", Category.FREE, attack="STR 2")
CHAINMAIL = ItemDef(
    "chainmail", "Chainmail", armour=(3,), armour_type=ArmourType.HEAVY, armour_slot=ArmourSlot.BODY
)
GOTHIC = ItemDef("gothic_plate", "Gothic plate armour", slots=2, armour=(2, 3), armour_type=ArmourType.HEAVY)
HELMET = ItemDef("close_helmet", "Close helmet", armour=(2,), armour_slot=ArmourSlot.HEAD)
BLOODROOT = ItemDef("bloodroot", "Bloodroot extract", tags=frozenset({Tag.EXTRACT}))
ASHWEED = ItemDef("ashweed", "Ashweed extract", tags=frozenset({Tag.EXTRACT}))
NIGHTCAP = ItemDef("nightcap", "Nightcap extract", tags=frozenset({Tag.EXTRACT}))

_uids = itertools.count(1)


def new(defn: ItemDef, quantity: int | None = None) -> Item:
    return Item.new(next(_uids), defn, quantity)


def ctx(*faces: int) -> Context:
    return Context(ScriptedDice(faces))


class Kit:
    """A character wearing the starting belt, bag and canteen (§7.1)."""

    def __init__(self, strength: int = 2, name: str = "Ada") -> None:
        self.who = Character(name.lower(), name)
        self.who[Attr.STR].score = strength
        self.belt, self.bag, self.canteen = new(BELT), new(BAG), new(CANTEEN)
        setup = ctx()
        put(setup, self.who, self.belt, WAIST)
        put(setup, self.who, self.bag, BACK)
        put(setup, self.who, self.canteen, FLASK)

    def give(self, defn: ItemDef, place: str, quantity: int | None = None) -> Item:
        item = new(defn, quantity)
        put(ctx(), self.who, item, place)
        return item


# --- capacity, slots and places (§7.1) ---------------------------------------------------------


@pytest.mark.parametrize(("strength", "slots"), [(0, 7), (1, 10), (2, 13), (5, 22)])
def test_capacity_is_seven_plus_three_per_str(strength: int, slots: int) -> None:
    """§7.1: a character carries 7 + 3 × STR score items before encumbrance."""
    assert capacity(Kit(strength).who) == slots


def test_worn_containers_take_no_slot() -> None:
    """§7.1 house ruling: the belt, bag and canteen are places, not loads."""
    kit = Kit()
    assert slots_used(kit.who) == 0
    assert (free_space(kit.who, inside(kit.belt)), free_space(kit.who, inside(kit.bag))) == (1, 4)


def test_awkward_tags_add_a_slot_each() -> None:
    """§7.1: oversized, fragile and unstable each add a slot."""
    kit = Kit()
    kit.give(POLE, LEFT_HAND)
    assert slots_used(kit.who) == 2
    assert free_space(kit.who, LEFT_HAND) == 0
    kit.give(GOTHIC, TORSO)
    assert can_put(kit.who, new(AMBER), inside(kit.bag))  # 3 slots fit in the bag's 4
    kit.give(AMBER, inside(kit.bag))
    assert slots_used(kit.who) == 2 + 2 + 3


def test_tiny_things_go_in_the_notes_for_free() -> None:
    """§7.1: chalk and other tiny things take no slot."""
    kit = Kit(0)
    for _ in range(10):
        kit.give(CHALK, NOTES)
    assert slots_used(kit.who) == 0
    assert not encumbered(kit.who)
    with pytest.raises(IllegalAction, match="Only tiny things"):
        verify_put(kit.who, new(ROPE), NOTES)


def test_two_units_of_water_share_a_slot() -> None:
    """§7.1: two water units fit in one slot, so a canteen holds 2 and a waterskin 4."""
    kit = Kit()
    kit.give(WATER, inside(kit.canteen), quantity=1)
    assert free_space(kit.who, inside(kit.canteen)) == 0
    assert can_put(kit.who, new(WATER, 1), inside(kit.canteen))
    kit.give(WATER, inside(kit.canteen), quantity=1)
    assert slots_used(kit.who) == 1
    with pytest.raises(IllegalAction, match="No room"):
        verify_put(kit.who, new(WATER, 1), inside(kit.canteen))
    skin = new(WATERSKIN)
    other = Kit()
    drop(ctx(), other.who, other.canteen)
    put(ctx(), other.who, skin, FLASK)
    assert can_put(other.who, new(WATER, 4), inside(skin))
    assert not can_put(other.who, new(WATER, 5), inside(skin))


def test_liquids_only_go_in_liquid_containers() -> None:
    """§7.1: the canteen and waterskin hold liquids, and liquids need one of them."""
    kit = Kit()
    with pytest.raises(IllegalAction, match="Only liquids"):
        verify_put(kit.who, new(ROPE), inside(kit.canteen))
    with pytest.raises(IllegalAction, match="canteen or a waterskin"):
        verify_put(kit.who, new(WATER, 1), LEFT_HAND)
    with pytest.raises(IllegalAction, match="canteen or a waterskin"):
        verify_put(kit.who, new(WATER, 1), inside(kit.bag))


def test_extracts_share_slots_two_kinds_each() -> None:
    """§7.1: one slot holds two different extracts or any number of the same one."""
    kit = Kit()
    for _ in range(5):
        kit.give(BLOODROOT, inside(kit.bag))
    assert slots_used(kit.who) == 1
    kit.give(ASHWEED, inside(kit.bag))
    assert slots_used(kit.who) == 1
    kit.give(NIGHTCAP, inside(kit.bag))
    assert slots_used(kit.who) == 2


def test_torso_takes_armour_in_four_slots() -> None:
    """§7.1: the torso has 4 slots for worn armour and helmets; gothic plate takes 2."""
    kit = Kit()
    kit.give(GOTHIC, TORSO)
    kit.give(CHAINMAIL, TORSO)
    kit.give(HELMET, TORSO)
    assert free_space(kit.who, TORSO) == 0
    assert [item.defn.key for item in worn_armour(kit.who)] == ["gothic_plate", "chainmail", "close_helmet"]
    with pytest.raises(IllegalAction, match="No room"):
        verify_put(kit.who, new(HELMET), TORSO)
    with pytest.raises(IllegalAction, match="Only armour"):
        verify_put(Kit().who, new(ROPE), TORSO)


def test_each_hand_carries_two_slots() -> None:
    """§7.1: each hand holds 2 slots of items."""
    kit = Kit()
    kit.give(ROPE, RIGHT_HAND)
    kit.give(DAGGER, RIGHT_HAND)
    with pytest.raises(IllegalAction, match="right hand: it needs 1, 0 free"):
        verify_put(kit.who, new(RATION), RIGHT_HAND)
    assert can_put(kit.who, new(RATION), LEFT_HAND)


def test_a_full_bag_refuses_more() -> None:
    """§7.1: a bag holds 4 items, a belt 1, a backpack 7, a small bag 3."""
    kit = Kit()
    for _ in range(4):
        kit.give(RATION, inside(kit.bag))
    assert free_space(kit.who, inside(kit.bag)) == 0
    with pytest.raises(IllegalAction, match="No room for the Ration in the Bag"):
        put(ctx(), kit.who, new(RATION), inside(kit.bag))
    kit.give(ROPE, inside(kit.belt))
    assert not can_put(kit.who, new(ROPE), inside(kit.belt))


def test_each_trappings_box_wears_one_container() -> None:
    """§7.1: one bag or backpack, one belt or pouch, one canteen or skin, two small bags."""
    kit = Kit()
    with pytest.raises(IllegalAction, match="already wears the Bag"):
        verify_put(kit.who, new(BACKPACK), BACK)
    with pytest.raises(IllegalAction, match="not worn in the waist box"):
        verify_put(kit.who, new(BACKPACK), WAIST)
    first, second = kit.give(SMALL_BAG, SMALL_BAGS), kit.give(SMALL_BAG, SMALL_BAGS)
    assert not can_put(kit.who, new(SMALL_BAG), SMALL_BAGS)
    assert free_space(kit.who, inside(first)) == free_space(kit.who, inside(second)) == 3
    with pytest.raises(InvalidAction):
        free_space(kit.who, "pocket")


def test_a_container_is_emptied_before_taking_it_off() -> None:
    """§7.1 house ruling: empty a worn container to move it; carried, it takes its slot and holds nothing."""
    kit = Kit()
    rope = kit.give(ROPE, inside(kit.bag))
    with pytest.raises(IllegalAction, match="must empty the Bag"):
        put(ctx(), kit.who, kit.bag, LEFT_HAND)
    put(ctx(), kit.who, rope, RIGHT_HAND)
    put(ctx(), kit.who, kit.bag, LEFT_HAND)
    assert slots_used(kit.who) == 2
    with pytest.raises(IllegalAction, match="must put on the Bag"):
        verify_put(kit.who, new(RATION), inside(kit.bag))


def test_encumbered_past_capacity_halves_movement() -> None:
    """§7.1: carrying more than capacity is allowed, makes the character encumbered and halves movement."""
    kit = Kit(0)
    backpack = new(BACKPACK)
    drop(ctx(), kit.who, kit.bag)
    put(ctx(), kit.who, backpack, BACK)
    for _ in range(7):
        kit.give(RATION, inside(backpack))
    assert slots_used(kit.who) == 7
    assert not encumbered(kit.who)
    assert movement_multiplier(kit.who) == 1.0
    kit.give(ROPE, LEFT_HAND)
    assert encumbered(kit.who)
    assert movement_multiplier(kit.who) == 0.5


# --- handling: put, drop, give, wield (§7.1) ---------------------------------------------------


def test_put_adds_then_moves_with_events() -> None:
    """§7.1: putting a new item adds it; putting a carried item moves it; the same place does nothing."""
    kit = Kit()
    rope = new(ROPE)
    log = ctx()
    put(log, kit.who, rope, inside(kit.bag), rule="§7.1")
    put(log, kit.who, rope, LEFT_HAND)
    put(log, kit.who, rope, LEFT_HAND)
    assert log.events == [
        ItemAdded(rule="§7.1", character="ada", item=rope.uid, name="Rope", place=inside(kit.bag)),
        ItemMoved(
            rule="§7.1", character="ada", item=rope.uid, name="Rope", source=inside(kit.bag), place=LEFT_HAND
        ),
    ]
    assert rope.place == LEFT_HAND


def test_dropping_a_worn_bag_drops_its_contents() -> None:
    """§7.1: what is inside a dropped container goes with it."""
    kit = Kit()
    rope, ration = kit.give(ROPE, inside(kit.bag)), kit.give(RATION, inside(kit.bag))
    log = ctx()
    dropped = drop(log, kit.who, kit.bag)
    assert dropped == [kit.bag, rope, ration]
    assert [event.item for event in log.events if isinstance(event, ItemDropped)] == [
        kit.bag.uid,
        rope.uid,
        ration.uid,
    ]
    assert all(item.place == "" for item in dropped)
    assert kit.who.items == [kit.belt, kit.canteen]


def test_give_moves_an_item_between_characters() -> None:
    """§7.1: a given item must fit where the receiver puts it."""
    ada, bo = Kit(), Kit(name="Bo")
    rope = ada.give(ROPE, inside(ada.bag))
    log = ctx()
    give(log, ada.who, bo.who, rope, RIGHT_HAND)
    assert rope not in ada.who.items
    assert items_in(bo.who, RIGHT_HAND) == [rope]
    assert log.events == [
        ItemGiven(rule="§7.1", giver="ada", receiver="bo", item=rope.uid, name="Rope", place=RIGHT_HAND)
    ]
    pole = ada.give(POLE, LEFT_HAND)
    bo.give(DAGGER, LEFT_HAND)
    with pytest.raises(IllegalAction):
        give(ctx(), ada.who, bo.who, pole, LEFT_HAND)
    assert pole in ada.who.items
    with pytest.raises(InvalidAction):
        give(ctx(), ada.who, ada.who, pole, RIGHT_HAND)


def test_one_wielded_item_per_hand() -> None:
    """§7.1: a hand can carry two items but wields only one."""
    kit = Kit()
    dagger, club = new(DAGGER), new(CLUB)
    log = ctx()
    wield(log, kit.who, dagger, RIGHT_HAND)
    wield(log, kit.who, club, RIGHT_HAND)
    assert (dagger.wielded, club.wielded) == (False, True)
    assert ItemUnwielded(rule="§7.1", character="ada", item=dagger.uid, name="Dagger") in log.events
    assert log.events[-1] == ItemWielded(
        rule="§7.1", character="ada", item=club.uid, name="Driftwood club", hand=RIGHT_HAND
    )
    put(log, kit.who, club, inside(kit.bag))
    assert not club.wielded


def test_two_handed_weapons_take_both_hands() -> None:
    """§7.1: a battle axe needs both hands to wield."""
    kit = Kit()
    dagger, axe, club = new(DAGGER), new(BATTLE_AXE), new(CLUB)
    wield(ctx(), kit.who, dagger, LEFT_HAND)
    wield(ctx(), kit.who, axe, RIGHT_HAND)
    assert (dagger.wielded, axe.wielded) == (False, True)
    wield(ctx(), kit.who, club, LEFT_HAND)
    assert (axe.wielded, club.wielded) == (False, True)
    with pytest.raises(InvalidAction):
        wield(ctx(), kit.who, club, "tail")


def test_equipped_items_are_in_hands_and_on_the_torso() -> None:
    """§9.3: equipped items are the held and worn ones."""
    kit = Kit()
    dagger, mail = kit.give(DAGGER, LEFT_HAND), kit.give(CHAINMAIL, TORSO)
    kit.give(ROPE, inside(kit.bag))
    assert equipped_items(kit.who) == [dagger, mail]


# --- usage dice (§2) and lights (§7.8) ---------------------------------------------------------


def test_usage_die_keeps_on_three_or_more() -> None:
    """§2: a usage die only steps down on a 1 or 2."""
    kit = Kit()
    lantern = kit.give(LANTERN, LEFT_HAND)
    log = ctx(3)
    assert roll_usage(log, kit.who, lantern, rule="§2") is False
    assert lantern.usage == 8
    assert log.events[0] == DiceRolled(
        rule="§2", who="ada", why="usage die of the Lantern", sides=8, faces=(3,)
    )


@pytest.mark.parametrize(
    ("before", "face", "after"), [(20, 1, 12), (12, 2, 10), (10, 1, 8), (8, 2, 6), (6, 1, 4)]
)
def test_usage_die_steps_down_on_one_or_two(before: int, face: int, after: int) -> None:
    """§2: a 1 or 2 steps the die down d20 → d12 → d10 → d8 → d6 → d4."""
    kit = Kit()
    rope = kit.give(ItemDef("kit", "Kit", usage=before), LEFT_HAND)
    log = ctx(face)
    assert roll_usage(log, kit.who, rope, rule="§2") is False
    assert rope.usage == after
    assert log.events[-1] == UsageRolled(
        rule="§2", character="ada", item=rope.uid, name="Kit", face=face, before=before, after=after
    )


def test_a_spent_d4_uses_the_item_up() -> None:
    """§2: a 1 or 2 on a d4 was the last use; the item is gone."""
    kit = Kit()
    tonic = kit.give(ItemDef("tonic", "Healing tonic", usage=4), inside(kit.bag))
    log = ctx(2)
    assert roll_usage(log, kit.who, tonic, rule="§7.4") is True
    assert tonic not in kit.who.items
    assert log.events[-1] == ItemUsedUp(
        rule="§7.4", character="ada", item=tonic.uid, name="Healing tonic", remaining=0
    )


def test_a_spent_pack_unit_starts_the_next_with_a_full_die() -> None:
    """§2: in a pack, each unit has its own usage die."""
    kit = Kit()
    spikes = kit.give(ItemDef("spikes", "Iron spikes", pack=2, usage=4), inside(kit.bag))
    assert roll_usage(ctx(1), kit.who, spikes, rule="§2") is True
    assert (spikes.quantity, spikes.usage) == (1, 4)
    assert spikes in kit.who.items


def test_item_without_usage_die_cannot_roll_one() -> None:
    """§2: only items with a usage die roll one."""
    kit = Kit()
    with pytest.raises(InvalidAction):
        roll_usage(ctx(), kit.who, kit.give(ROPE, LEFT_HAND), rule="§2")
    with pytest.raises(IllegalAction):
        roll_usage(ctx(), kit.who, new(LANTERN), rule="§2")


def test_a_spent_light_burns_one_more_turn() -> None:
    """§7.8: when a lit light's die runs out, it goes out next turn."""
    kit = Kit()
    torches = kit.give(TORCH, LEFT_HAND)
    light(ctx(), kit.who, torches)
    torches.usage = 4
    log = ctx(1)
    assert roll_usage(log, kit.who, torches, rule="§7.8") is True
    assert LightBurnedLow(rule="§7.8", character="ada", item=torches.uid, name="Torches") in log.events
    assert lit_lights(kit.who) == [torches]
    assert torches.quantity == 2
    assert roll_usage(ctx(), kit.who, torches, rule="§7.8") is True  # rolls nothing while it gutters
    out = ctx()
    assert burn_out_lights(out, kit.who) == [torches]
    assert out.events == [
        LightWentOut(rule="§7.8", character="ada", item=torches.uid, name="Torches"),
        ItemUsedUp(rule="§7.8", character="ada", item=torches.uid, name="Torches", remaining=1),
    ]
    assert (torches.lit, torches.quantity, torches.usage) == (False, 1, 4)
    assert lit_lights(kit.who) == []


def test_the_last_torch_burns_out_and_is_gone() -> None:
    """§7.8: the last unit of a light source is removed when it burns out."""
    kit = Kit()
    torch = kit.give(TORCH, LEFT_HAND, quantity=1)
    light(ctx(), kit.who, torch)
    roll_usage(ctx(2), kit.who, torch, rule="§7.8")
    assert burn_out_lights(ctx(), kit.who) == [torch]
    assert torch not in kit.who.items
    assert burn_out_lights(ctx(), kit.who) == []


def test_a_light_without_usage_die_never_runs_out() -> None:
    """§7.8: only a usage die makes a light run out."""
    kit = Kit()
    glow = kit.give(ItemDef("glowstone", "Glowstone", light=Light.CLOSE, house=True), LEFT_HAND)
    light(ctx(), kit.who, glow)
    assert roll_usage(ctx(), kit.who, glow, rule="§7.8") is False


def test_lighting_rules() -> None:
    """§7.8: only an unlit light source with life left can be lit; putting it out is reported."""
    kit = Kit()
    rope, lantern = kit.give(ROPE, LEFT_HAND), kit.give(LANTERN, RIGHT_HAND)
    with pytest.raises(IllegalAction, match="does not give light"):
        light(ctx(), kit.who, rope)
    light(ctx(), kit.who, lantern)
    with pytest.raises(IllegalAction, match="already lit"):
        light(ctx(), kit.who, lantern)
    log = ctx()
    extinguish(log, kit.who, lantern)
    assert log.events == [LightWentOut(rule="§7.8", character="ada", item=lantern.uid, name="Lantern")]
    lantern.usage = 0
    with pytest.raises(IllegalAction, match="spent"):
        light(ctx(), kit.who, lantern)


def test_use_one_takes_a_unit_from_a_pack() -> None:
    """§7.4: packs are used one unit at a time; the last use removes the item."""
    kit = Kit()
    bandages = kit.give(BANDAGES, inside(kit.bag))
    log = ctx()
    use_one(log, kit.who, bandages, rule="§7.4")
    assert bandages.quantity == 2
    use_one(log, kit.who, bandages, rule="§7.4")
    use_one(log, kit.who, bandages, rule="§7.4")
    assert bandages not in kit.who.items
    assert [event.remaining for event in log.events if isinstance(event, ItemUsedUp)] == [2, 1, 0]
    with pytest.raises(InvalidAction):
        use_one(ctx(), kit.who, kit.give(LANTERN, LEFT_HAND), rule="§7.4")


# --- breaking and losing items (§9.1, §16 #29, §9.3) -------------------------------------------


def test_breaking_takes_one_unit_or_the_item() -> None:
    """§9.1 decay 12: an item breaks; a pack loses one unit."""
    kit = Kit()
    torches, rope = kit.give(TORCH, LEFT_HAND), kit.give(ROPE, inside(kit.bag))
    light(ctx(), kit.who, torches)
    log = ctx()
    break_item(log, kit.who, torches, rule="§9.1")
    break_item(log, kit.who, rope, rule="§9.1")
    assert log.events == [
        LightWentOut(rule="§9.1", character="ada", item=torches.uid, name="Torches"),
        ItemBroken(rule="§9.1", character="ada", item=torches.uid, name="Torches", remaining=1),
        ItemBroken(rule="§9.1", character="ada", item=rope.uid, name="Rope", remaining=0),
    ]
    assert (torches.quantity, torches.lit) == (1, False)
    assert rope not in kit.who.items


def test_a_broken_bag_spills_its_contents() -> None:
    """§9.1: what a broken container held falls to the floor."""
    kit = Kit()
    rope = kit.give(ROPE, inside(kit.bag))
    log = ctx()
    break_item(log, kit.who, kit.bag, rule="§9.1")
    assert (
        ItemDropped(rule="§9.1", character="ada", item=rope.uid, name="Rope", place=inside(kit.bag))
        in log.events
    )
    assert kit.who.items == [kit.belt, kit.canteen]


def test_random_break_picks_hands_and_torso_first() -> None:
    """§16 #29: a random carried item breaks, hands and torso first, chosen by the dice."""
    kit = Kit()
    kit.give(ROPE, inside(kit.bag))
    dagger, mail = kit.give(DAGGER, LEFT_HAND), kit.give(CHAINMAIL, TORSO)
    log = ctx(2)
    assert break_random_item(log, kit.who, rule="§16 #29") is mail
    assert log.events[0] == DiceRolled(
        rule="§16 #29", who="ada", why="which item breaks", sides=2, faces=(2,)
    )
    assert mail not in kit.who.items
    single = ctx()
    assert break_random_item(single, kit.who, rule="§16 #29") is dagger
    assert not any(isinstance(event, DiceRolled) for event in single.events)


def test_random_break_falls_back_to_packed_items_and_spares_tiny_ones() -> None:
    """§16 #29: with empty hands and torso, an item in a container breaks; notes are never picked."""
    kit = Kit()
    kit.give(CHALK, NOTES)
    assert break_random_item(ctx(), kit.who, rule="§16 #29") is None
    rope, ration = kit.give(ROPE, inside(kit.bag)), kit.give(RATION, inside(kit.belt))
    assert break_random_item(ctx(1), kit.who, rule="§16 #29") is rope
    assert break_random_item(ctx(), kit.who, rule="§16 #29") is ration


def test_discard_counts_pack_units_across_the_party() -> None:
    """§9.3: the party throws away 2d4 torches, counted one by one across characters."""
    ada, bo = Kit(), Kit(name="Bo")
    first, second = ada.give(TORCH, LEFT_HAND), bo.give(TORCH, LEFT_HAND)
    log = ctx()
    assert (
        discard_matching(log, [ada.who, bo.who], lambda item: item.defn.key == "torch", 3, rule="§9.3") == 3
    )
    assert first not in ada.who.items
    assert second.quantity == 1
    assert log.events == [
        ItemsDiscarded(rule="§9.3", character="ada", item=first.uid, name="Torches", units=2, remaining=0),
        ItemsDiscarded(rule="§9.3", character="bo", item=second.uid, name="Torches", units=1, remaining=1),
    ]
    assert (
        discard_matching(ctx(), [ada.who, bo.who], lambda item: item.defn.key == "torch", 5, rule="§9.3") == 1
    )


def test_discard_water_counts_units() -> None:
    """§9.3: water is thrown away by units."""
    kit = Kit()
    water = kit.give(WATER, inside(kit.canteen), quantity=2)
    assert discard_matching(ctx(), [kit.who], lambda item: item.defn.key == "water", 1, rule="§9.3") == 1
    assert water.quantity == 1


# --- encumbrance each turn (§7.1) --------------------------------------------------------------


def _overloaded() -> Kit:
    kit = Kit(1)  # capacity 10
    for defn in (ROPE, RATION, RATION, RATION):
        kit.give(defn, inside(kit.bag))
    kit.give(POLE, LEFT_HAND)
    kit.give(GOTHIC, TORSO)
    kit.give(CHAINMAIL, TORSO)
    kit.give(DAGGER, RIGHT_HAND)
    kit.give(HELMET, TORSO)
    return kit


def test_no_test_while_not_encumbered() -> None:
    """§7.1: only an encumbered character tests STR each turn."""
    dice = ScriptedDice([])
    assert resolve_default(encumbrance_tick(Context(dice), Kit().who)) is None
    assert dice.used == 0


def test_passing_the_str_test_keeps_everything() -> None:
    """§7.1: an encumbered character who passes the STR test drops nothing."""
    kit = _overloaded()
    assert slots_used(kit.who) == 11
    carried = list(kit.who.items)
    log = ctx(5)
    assert resolve_default(encumbrance_tick(log, kit.who)) is None
    assert kit.who.items == carried
    notes = [e.text for e in log.events if isinstance(e, Note)]  # the log says why the test comes
    assert notes == [
        f"{kit.who.name} is encumbered (11 of {capacity(kit.who)} slots): a STR test, or something drops."
    ]


def test_failing_the_str_test_drops_a_random_item() -> None:
    """§7.1: an encumbered character who fails the STR test drops a random item."""
    kit = _overloaded()
    pole = kit.who.items[7]
    log = ctx(2, 5)  # the STR test fails on a 2; the fifth of nine candidates is the pole
    assert resolve_default(encumbrance_tick(log, kit.who)) is pole
    assert pole not in kit.who.items
    assert (
        ItemDropped(rule="§7.1", character="ada", item=pole.uid, name="3 m pole", place=LEFT_HAND)
        in log.events
    )
    assert not encumbered(kit.who)


def test_encumbered_adventurer_tests_str_as_each_combat_turn_begins() -> None:
    """§7.1: "every turn" includes combat turns: a failed STR test there drops a random item."""
    from expedition.rules.combat.rounds import begin_turn
    from tests.rules.magic_helpers import fight, make_state

    state = make_state()
    fight(state, "gremlin")
    wiz = state.party[0]
    wiz[Attr.STR].score = 0  # 7 slots before encumbrance
    for _ in range(8):
        wiz.items.append(new(ROPE))
    assert encumbered(wiz)
    log = ctx(2, 3, 1)  # 0 dice: two thrown, the lower (2) fails; the first candidate drops
    assert resolve_default(begin_turn(log, state, wiz))
    assert [e.name for e in log.events if isinstance(e, ItemDropped)] == ["Wand"]
    calm = ctx()
    state.expedition.combat.active = ""  # type: ignore[union-attr]
    wiz.items[:] = [item for item in wiz.items if item.defn is not ROPE]
    assert resolve_default(begin_turn(calm, state, wiz)) and calm.dice.used == 0  # type: ignore[attr-defined]


# --- invariants --------------------------------------------------------------------------------

_DEFS = (ROPE, RATION, POLE, AMBER, CHALK, DAGGER, BATTLE_AXE, CHAINMAIL, GOTHIC, HELMET, TORCH, WATER)


@settings(max_examples=150)
@given(
    st.integers(min_value=0, max_value=5),
    st.lists(st.tuples(st.integers(0, len(_DEFS)), st.integers(0, 8), st.integers(0, 30)), max_size=40),
)
def test_put_never_overfills_a_place(strength: int, moves: list[tuple[int, int, int]]) -> None:
    """§7.1: no place ever holds more than its room through put."""
    kit = Kit(strength)
    small_bag = kit.give(SMALL_BAG, SMALL_BAGS)
    places = [TORSO, LEFT_HAND, RIGHT_HAND, NOTES, inside(kit.bag), inside(kit.belt), inside(kit.canteen)]
    places += [inside(small_bag), "nowhere"]
    for which, where, pick in moves:
        if which == len(_DEFS):
            item = kit.who.items[pick % len(kit.who.items)]  # move something already carried
        else:
            item = new(_DEFS[which], 1 if _DEFS[which] is WATER else None)
        place = places[where]
        allowed = can_put(kit.who, item, place)
        if allowed:
            put(ctx(), kit.who, item, place)
            assert item.place == place
        else:
            with pytest.raises(RuleError):
                put(ctx(), kit.who, item, place)
        for spot in places[:-1]:
            with contextlib.suppress(IllegalAction):  # a container taken off has no inside to measure
                assert free_space(kit.who, spot) >= 0
        plain = [i for i in kit.who.items if i.place != NOTES and not is_worn_container(i)]
        if all(i.defn.per_slot == 1 and Tag.EXTRACT not in i.defn.tags for i in plain):
            assert slots_used(kit.who) == sum(i.defn.slot_cost for i in plain)


@settings(max_examples=150)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 6), max_size=40))
def test_quantities_never_go_negative(seed: int, actions: list[int]) -> None:
    """§2, §7.8, §9.3: using, burning, breaking and discarding never leaves a negative or empty pack."""
    kit = Kit()
    log = Context(SeededDice(seed))
    torches, bandages, lantern = (
        kit.give(TORCH, LEFT_HAND),
        kit.give(BANDAGES, inside(kit.bag)),
        kit.give(LANTERN, RIGHT_HAND),
    )
    kit.give(WATER, inside(kit.canteen), quantity=2)
    light(log, kit.who, torches)
    for action in actions:
        carried = kit.who.items
        if action == 0 and torches in carried:
            roll_usage(log, kit.who, torches, rule="§7.8")
        elif action == 1 and bandages in carried:
            use_one(log, kit.who, bandages, rule="§7.4")
        elif action == 2:
            burn_out_lights(log, kit.who)
        elif action == 3:
            break_random_item(log, kit.who, rule="§16 #29")
        elif action == 4:
            discard_matching(log, [kit.who], lambda item: not item.defn.capacity, 2, rule="§9.3")
        elif action == 5 and lantern in carried:
            roll_usage(log, kit.who, lantern, rule="§7.8")
        elif action == 6 and torches in carried and not torches.lit and torches.usage:
            light(log, kit.who, torches)
        for item in kit.who.items:
            assert item.quantity >= 1
            assert item.usage >= 0
        for item in (torches, bandages, lantern):
            assert item.quantity >= 0
            assert (item in kit.who.items) == (item.quantity > 0)


def test_discarding_a_canteen_spills_then_skips_its_water() -> None:
    """§9.3: water that spilled from a discarded canteen is on the floor, not thrown away again."""
    kit = Kit()
    water = kit.give(WATER, inside(kit.canteen), quantity=2)
    log = ctx()
    assert (
        discard_matching(log, [kit.who], lambda item: item.defn.key in ("canteen", "water"), 5, rule="§9.3")
        == 1
    )
    assert (
        ItemDropped(rule="§9.3", character="ada", item=water.uid, name="Water", place=inside(kit.canteen))
        in log.events
    )
    assert water.quantity == 2
