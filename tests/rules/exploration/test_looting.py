"""Tests for exploration/looting.py: `Loot`, the caches of this area emptied (§10.1)."""

from __future__ import annotations

import pytest

from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Note
from expedition.rules.core.item_defs import Tag
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.features import Treasure
from expedition.rules.exploration.looting import Loot
from expedition.rules.items import slots
from tests.rules.exploration_helpers import make_state, run, to_crypt


def test_loot_takes_the_silver_and_items_but_not_beside_a_known_trap() -> None:
    """§10.1: Loot costs 1 ET, only with no known trap; silver to the party, items into the pack or stash."""
    state = make_state()
    to_crypt(state)
    assert state.expedition is not None
    state.expedition.level.traps[0].found = True
    with pytest.raises(IllegalAction, match="trap"):
        verify(state, Loot(actor="wren"))
    state.expedition.level.traps[0].disarmed = True
    run(state, Loot(actor="wren"), [])
    assert state.silver == 12 and state.expedition.level.caches[0].looted and state.turn == 2
    wren = state.character("wren")
    assert any(i.defn.key == "rope" for i in wren.items) or any(i.defn.key == "rope" for i in state.stash)


def test_loot_brings_treasure_away_and_leaves_unknown_items_section_10_1() -> None:
    """§10.1, HOUSE §4.1: a tiny treasure goes into the notes; an item nobody knows is left with a note."""
    state = make_state()
    to_crypt(state)
    assert state.expedition is not None
    state.expedition.level.traps[0].disarmed = True
    cache = state.expedition.level.caches[0]
    cache.items = ("mystery_box",)
    cache.treasures = (Treasure("Pearl string", "valuable", kind="J", fragile=True),)
    ctx = run(state, Loot(actor="wren"), [])
    pearls = next(i for i in state.character("wren").items if i.name == "Pearl string")
    assert pearls.place == slots.NOTES and {Tag.TREASURE, Tag.TINY, Tag.FRAGILE} <= pearls.defn.tags
    assert any(isinstance(e, Note) and "mystery_box" in e.text for e in ctx.events)
    assert state.silver == 12
