"""Tests for character/party.py:

The party creation makes: purse, stash, item uids, creation sheets (§5, §7).
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import CreationSheet, Party
from expedition.rules.core.item_defs import ItemDef

TORCH = ItemDef("torch", "Torches", pack=2, usage=4)
ROPE = ItemDef("rope", "Rope")


def test_new_items_take_the_next_uid_and_come_full_section_7_4() -> None:
    """§7.4: a fresh item is a full pack with a full usage die, and each gets its own uid."""
    party = Party(next_uid=7)
    torch = party.new_item(TORCH)
    rope = party.new_item(ROPE)
    assert (torch.uid, rope.uid, party.next_uid) == (7, 8, 9)
    assert torch.quantity == 2 and torch.usage == 4 and not torch.lit
    assert rope.quantity == 1 and rope.usage == 0
    assert party.new_item(TORCH, 1).quantity == 1  # a part pack when told


@given(
    quantities=st.lists(st.one_of(st.none(), st.integers(1, 9)), max_size=30), start=st.integers(1, 10_000)
)
def test_item_uids_never_repeat_section_7(quantities: list[int | None], start: int) -> None:
    """§7: uids are unique within the campaign, whatever is made and in whatever amount."""
    party = Party(next_uid=start)
    uids = [party.new_item(TORCH, quantity).uid for quantity in quantities]
    assert uids == list(range(start, start + len(quantities)))
    assert party.next_uid == start + len(quantities)


def test_an_adventurer_is_found_by_id_section_5_1() -> None:
    """§5.1: the party is the adventurers creation made, in seat order."""
    wren, bo = Character("c1", "Wren", owner="player1"), Character("c2", "Bo", owner="player2")
    party = Party(characters=[wren, bo])
    assert party.character("c2") is bo and party.character("c1") is wren
    with pytest.raises(KeyError):
        party.character("c3")


def test_a_new_party_has_an_empty_purse_and_stash_of_its_own_section_5_1() -> None:
    """§5.1: creation starts from nothing; two parties never share a stash or a sheet."""
    first, second = Party(), Party()
    assert (first.silver, first.counterfeit, first.next_uid) == (0, 0, 1)
    first.stash.append(first.new_item(ROPE))
    first.sheets["c1"] = CreationSheet("c1")
    first.characters.append(Character("c1", "Wren"))
    assert second.stash == [] and second.sheets == {} and second.characters == []


def test_a_creation_sheet_records_each_step_and_is_a_value_section_5_1() -> None:
    """§5.1–§5.7: the sheet keeps the life path rows, the class and its choice, maneuvers and silver."""
    sheet = CreationSheet(
        "c1",
        infancy="farmers_kid",
        career="cook",
        tragedy="betrayed",
        burden="reckless",
        feature="scar",
        class_key="thief",
        choice="moon_curser",
        maneuvers=("clean_kill",),
        silver=9,
    )
    assert [f.name for f in dataclasses.fields(sheet)] == [
        "character",
        "infancy",
        "career",
        "tragedy",
        "burden",
        "feature",
        "class_key",
        "choice",
        "maneuvers",
        "silver",
    ]
    blank = CreationSheet("c2")
    assert (blank.class_key, blank.maneuvers, blank.silver) == ("", (), 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        sheet.silver = 10  # type: ignore[misc]
    assert dataclasses.replace(sheet, silver=10).silver == 10 and sheet.silver == 9
    assert hash(sheet) == hash(dataclasses.replace(sheet))
