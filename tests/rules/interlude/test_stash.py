"""Tests for moving items in the interlude: between adventurers and to and from the stash (§7.1, house)."""

from __future__ import annotations

import pytest

from expedition.rules.core.attributes import Attr
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.item_defs import Item
from expedition.rules.core.phase import Phase
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import apply, verify
from expedition.rules.interlude.interlude_state import new_item
from expedition.rules.interlude.stash import (
    GiveItem,
    ItemLeftInStash,
    ItemTakenFromStash,
    StashItem,
    TakeFromStash,
)
from expedition.rules.items.handling import ItemGiven, put
from expedition.rules.items.slots import capacity, inside, slots_used
from expedition.session.catalog_world import default_world
from tests.rules.interlude_helpers import back_in_town, ctx_with

WORLD = default_world()


def _kit(state: CampaignState, who: str, *keys: str) -> list[Item]:
    """Give `who` a worn bag and the items named, inside it."""
    member = state.character(who)
    ctx = ctx_with([])
    bag = new_item(state, WORLD.items["bag"])
    put(ctx, member, bag, "back")
    items = []
    for key in keys:
        item = new_item(state, WORLD.items[key])
        put(ctx, member, item, inside(bag))
        items.append(item)
    return items


def _run(state: CampaignState, action: GiveItem | StashItem | TakeFromStash) -> list[object]:
    ctx = ctx_with([])
    resolve_default(apply(ctx, state, action))
    return list(ctx.events)


def test_an_item_goes_to_the_stash_and_back_house_7_1() -> None:
    """§7.1 (house): a carried item is left in the stash, then taken back into a free place."""
    state = back_in_town()
    (torch,) = _kit(state, "c1", "torch")
    events = _run(state, StashItem(actor="c1", item=torch.uid))
    assert torch in state.stash and torch not in state.character("c1").items
    assert next(e for e in events if isinstance(e, ItemLeftInStash)).source.startswith("bag:")
    events = _run(state, TakeFromStash(actor="c1", item=torch.uid))
    assert torch not in state.stash and torch in state.character("c1").items
    assert torch.place.startswith("bag:")
    assert any(isinstance(e, ItemTakenFromStash) for e in events)


def test_another_adventurer_takes_from_the_stash_house_7_1() -> None:
    """§7.1 (house): the stash is the party's; anyone may take what another left."""
    state = back_in_town()
    (rope,) = _kit(state, "c1", "torch")
    _kit(state, "c2")
    _run(state, StashItem(actor="c1", item=rope.uid))
    _run(state, TakeFromStash(actor="c2", item=rope.uid))
    assert rope in state.character("c2").items


def test_giving_moves_the_item_to_where_it_fits_on_the_receiver_section_7_1() -> None:
    """§7.1: an item handed over goes inside the receiver's worn bag (an ItemGiven event)."""
    state = back_in_town()
    (torch,) = _kit(state, "c1", "torch")
    _kit(state, "c2")
    events = _run(state, GiveItem(actor="c1", item=torch.uid, to="c2"))
    receiver = state.character("c2")
    assert torch in receiver.items and torch not in state.character("c1").items
    given = [e for e in events if isinstance(e, ItemGiven)]
    assert given[0].receiver == "c2" and given[0].place.startswith("bag:")


def test_with_no_bag_the_receiver_holds_it_in_a_hand_section_7_1() -> None:
    """§7.1: without a worn container the item goes into a free hand."""
    state = back_in_town()
    (torch,) = _kit(state, "c1", "torch")
    _run(state, GiveItem(actor="c1", item=torch.uid, to="c2"))
    assert torch.place in ("left_hand", "right_hand")


def test_a_receiver_is_never_made_encumbered_house_7_1() -> None:
    """§7.1 (house): a move that would leave the receiver over 7 + 3 × STR slots is refused."""
    state = back_in_town()
    (torch,) = _kit(state, "c1", "torch")
    receiver = state.character("c2")
    receiver[Attr.STR].score = 0  # 7 slots before encumbrance; the bag and hands hold 8
    _kit(state, "c2")
    bag = next(i for i in receiver.items if i.defn.key == "bag")
    ctx = ctx_with([])
    for place in [inside(bag)] * 4 + ["left_hand", "left_hand", "right_hand"]:
        put(ctx, receiver, new_item(state, WORLD.items["torch"]), place)
    assert slots_used(receiver) == capacity(receiver) == 7
    with pytest.raises(IllegalAction, match="encumbered"):
        verify(state, GiveItem(actor="c1", item=torch.uid, to="c2"))


def test_a_worn_bag_must_be_emptied_before_it_moves_section_7_1() -> None:
    """§7.1: a worn container with things inside cannot be handed over or stashed."""
    state = back_in_town()
    _kit(state, "c1", "torch")
    bag = next(i for i in state.character("c1").items if i.defn.key == "bag")
    with pytest.raises(IllegalAction, match="empty"):
        verify(state, StashItem(actor="c1", item=bag.uid))


def test_moves_are_refused_outside_the_interlude_and_to_oneself_section_10_4() -> None:
    """§10.4 (house): items change hands in a settlement, not in camp or a dungeon; not to oneself."""
    state = back_in_town()
    (torch,) = _kit(state, "c1", "torch")
    with pytest.raises(InvalidAction):
        verify(state, GiveItem(actor="c1", item=torch.uid, to="c1"))
    with pytest.raises(IllegalAction, match="stash holds no"):
        verify(state, TakeFromStash(actor="c1", item=9999))
    state.phase = Phase.CAMP
    with pytest.raises(IllegalAction, match="settlement"):
        verify(state, StashItem(actor="c1", item=torch.uid))
