"""Tests for items/handling.py: putting, dropping, giving, wielding and unwielding carried items (§7.1)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.item_defs import Item, ItemDef, Tag
from expedition.rules.items.handling import (
    ItemAdded,
    ItemDropped,
    ItemGiven,
    ItemMoved,
    ItemUnwielded,
    ItemWielded,
    carries,
    drop,
    give,
    put,
    take_away,
    unwield,
    verify_carried,
    wield,
    wielded,
)
from expedition.rules.items.slots import BACK, HANDS, LEFT_HAND, RIGHT_HAND, inside

BAG = ItemDef("bag", "Bag", tags=frozenset({Tag.EQUIPMENT}), capacity=4)
ROPE = ItemDef("rope", "Rope")
DAGGER = ItemDef("dagger", "Dagger", attack="STR 1+3P")
AXE = ItemDef("battle_axe", "Battle axe", tags=frozenset({Tag.TWO_HANDED}), attack="STR 4+2B", hands=2)
POLE = ItemDef("three_meter_pole", "3 m pole", tags=frozenset({Tag.OVERSIZED}))

_uids = itertools.count(1)


def new(defn: ItemDef) -> Item:
    return Item.new(next(_uids), defn)


def ctx() -> Context:
    return Context(ScriptedDice([]))


def hero(name: str = "Ada") -> Character:
    return Character(id=name.lower(), name=name)


def test_put_adds_a_new_item_then_moves_it_and_ignores_a_no_move() -> None:
    """§7.1: a found item is added where it is put; putting it elsewhere moves it; same place does nothing."""
    log, ada, rope = ctx(), hero(), new(ROPE)
    put(log, ada, rope, LEFT_HAND)
    put(log, ada, rope, RIGHT_HAND)
    put(log, ada, rope, RIGHT_HAND)
    assert carries(ada, rope) and rope.place == RIGHT_HAND
    assert log.events == [
        ItemAdded(rule="§7.1", character="ada", item=rope.uid, name="Rope", place=LEFT_HAND),
        ItemMoved(
            rule="§7.1", character="ada", item=rope.uid, name="Rope", source=LEFT_HAND, place=RIGHT_HAND
        ),
    ]


def test_put_refuses_a_full_hand_and_changes_nothing() -> None:
    """§7.1: each hand carries 2 slots; the 2-slot pole fills one."""
    log, ada = ctx(), hero()
    put(log, ada, new(POLE), LEFT_HAND)
    rope = new(ROPE)
    with pytest.raises(IllegalAction, match="No room"):
        put(log, ada, rope, LEFT_HAND)
    assert not carries(ada, rope) and len(log.events) == 1


def test_dropping_a_worn_bag_drops_everything_in_it() -> None:
    """§7.1: a worn container falls with its contents; each dropped item is reported."""
    log, ada, bag, rope = ctx(), hero(), new(BAG), new(ROPE)
    put(log, ada, bag, BACK)
    put(log, ada, rope, inside(bag))
    assert drop(log, ada, bag) == [bag, rope]
    assert ada.items == [] and rope.place == "" and bag.place == ""
    dropped = [e for e in log.events if isinstance(e, ItemDropped)]
    assert [(e.item, e.place) for e in dropped] == [(bag.uid, BACK), (rope.uid, inside(bag))]


def test_dropping_what_is_not_carried_is_refused() -> None:
    """§7.1: only carried things can be dropped."""
    with pytest.raises(IllegalAction, match="does not carry"):
        drop(ctx(), hero(), new(ROPE))
    with pytest.raises(IllegalAction):
        verify_carried(hero(), new(ROPE))


def test_giving_hands_an_item_over() -> None:
    """§7.1: the receiver puts the item in a place of theirs; the giver no longer has it."""
    log, ada, bo, dagger = ctx(), hero(), hero("Bo"), new(DAGGER)
    wield(log, ada, dagger, RIGHT_HAND)
    give(log, ada, bo, dagger, LEFT_HAND)
    assert not carries(ada, dagger) and carries(bo, dagger)
    assert dagger.place == LEFT_HAND and not dagger.wielded
    assert log.events[-1] == ItemGiven(
        rule="§7.1", giver="ada", receiver="bo", item=dagger.uid, name="Dagger", place=LEFT_HAND
    )


def test_giving_is_refused_to_oneself_or_with_a_full_bag() -> None:
    """§7.1: giving to oneself is malformed; a worn bag must be emptied before it changes hands."""
    log, ada, bo, bag = ctx(), hero(), hero("Bo"), new(BAG)
    put(log, ada, bag, BACK)
    put(log, ada, new(ROPE), inside(bag))
    with pytest.raises(InvalidAction):
        give(log, ada, ada, bag, BACK)
    with pytest.raises(IllegalAction, match="empty"):
        give(log, ada, bo, bag, BACK)


def test_one_wielded_item_per_hand() -> None:
    """§7.1: wielding a second item in a hand leaves the first only carried."""
    log, ada, dagger, rope = ctx(), hero(), new(DAGGER), new(ROPE)
    wield(log, ada, dagger, RIGHT_HAND)
    wield(log, ada, rope, RIGHT_HAND)
    assert wielded(ada) == [rope] and dagger.place == RIGHT_HAND
    assert ItemUnwielded(rule="§7.1", character="ada", item=dagger.uid, name="Dagger") in log.events
    assert (
        ItemWielded(rule="§7.1", character="ada", item=rope.uid, name="Rope", hand=RIGHT_HAND) in log.events
    )


def test_a_two_handed_weapon_takes_both_hands_wielding() -> None:
    """§7.1 (house reading): a two-handed weapon ends every other wielding, and the reverse."""
    log, ada, dagger, axe = ctx(), hero(), new(DAGGER), new(AXE)
    wield(log, ada, dagger, LEFT_HAND)
    wield(log, ada, axe, RIGHT_HAND)
    assert wielded(ada) == [axe]
    wield(log, ada, dagger, LEFT_HAND)
    assert wielded(ada) == [dagger]


def test_wielding_needs_a_hand_and_unwielding_keeps_it_held() -> None:
    """§7.1: only hands wield; letting go keeps the item in the hand."""
    log, ada, dagger = ctx(), hero(), new(DAGGER)
    with pytest.raises(InvalidAction):
        wield(log, ada, dagger, BACK)
    wield(log, ada, dagger, LEFT_HAND)
    unwield(log, ada, dagger)
    unwield(log, ada, dagger)  # a second time does nothing
    assert dagger.place == LEFT_HAND and not dagger.wielded
    assert sum(isinstance(e, ItemUnwielded) for e in log.events) == 1


def test_take_away_removes_silently() -> None:
    """§7.1: the bare removal other verbs build on reports nothing and clears place and wielding."""
    log, ada, dagger = ctx(), hero(), new(DAGGER)
    wield(log, ada, dagger, LEFT_HAND)
    count = len(log.events)
    take_away(ada, dagger)
    assert ada.items == [] and dagger.place == "" and not dagger.wielded and len(log.events) == count


@given(st.lists(st.tuples(st.integers(0, 3), st.sampled_from(HANDS), st.booleans()), max_size=25))
def test_wielding_never_exceeds_the_hands(moves: list[tuple[int, str, bool]]) -> None:
    """§7.1: at most one wielded item per hand, wielded items are in a hand, a two-handed one alone."""
    log, ada = ctx(), hero()
    items = [new(DAGGER), new(DAGGER), new(AXE), new(ROPE)]
    for index, hand, grip in moves:
        item = items[index]
        try:
            if grip:
                wield(log, ada, item, hand)
            elif carries(ada, item):
                unwield(log, ada, item)
        except IllegalAction:
            continue
        held = wielded(ada)
        assert all(thing.place in HANDS for thing in held)
        assert len({thing.place for thing in held}) == len(held)
        if any(thing.defn is AXE for thing in held):
            assert len(held) == 1
