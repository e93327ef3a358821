"""Tests for the bad omens tracker and omens table (§9.3, §16 #13)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.item_defs import Item, ItemDef, Tag
from expedition.rules.core.roll_tables import coverage_faults
from expedition.rules.core.skills import Trait
from expedition.rules.core.tracker import Tracker, TrackerReset, Visibility
from expedition.rules.items.usage import ItemBroken, ItemsDiscarded
from expedition.rules.trackers.decay import DecayTableRolled
from expedition.rules.trackers.doom import DoomThreshold, DoomTracker, advance_doom, new_doom
from expedition.rules.trackers.omens import (
    OMENS_TABLE,
    OmenRolled,
    OmenShortfall,
    OmensStarted,
    advance_omens,
    can_see_omens,
    fulfil_omen,
    start_omens,
)


def _doom() -> DoomTracker:
    return new_doom(
        "tomb", [DoomThreshold(2, "goblins", "Goblins appear."), DoomThreshold(4, "end", "The end.")]
    )


def _omens(size: int, filled: int = 0) -> Tracker:
    return Tracker("omens", size, filled=filled, visibility=Visibility.HIDDEN)


def test_table_has_six_rows() -> None:
    """§9.3: the omens table is a 1d6 table."""
    assert [(row.low, row.high) for row in OMENS_TABLE.rows] == [(n, n) for n in range(1, 7)]
    assert coverage_faults(OMENS_TABLE) == []


def test_start_rolls_a_hidden_2d6_tracker() -> None:
    """§9.3: one hidden omens tracker of 2d6 segments."""
    ctx = Context(ScriptedDice([4, 5]))
    omens = start_omens(ctx)
    assert (omens.name, omens.size, omens.filled, omens.visibility) == ("omens", 9, 0, Visibility.HIDDEN)
    assert OmensStarted(rule="§9.3", tracker="omens", size=9) in ctx.events


def test_only_third_eye_sees_omens() -> None:
    """§6.2, §9.3: omens are hidden except to the Third eye trait."""
    assert can_see_omens(Character("a", "Ada", traits={Trait.THIRD_EYE}))
    assert not can_see_omens(Character("b", "Bo", traits={Trait.BAD_OMENS}))


def test_advancing_short_of_full_rolls_nothing() -> None:
    """§9.3: nothing happens until the tracker is full."""
    ctx = Context(ScriptedDice([]))
    omens = _omens(5)
    assert resolve_default(advance_omens(ctx, omens, [], _doom(), 4, rule="§6.2")) == 0
    assert omens.filled == 4


def test_full_omens_rolls_decay_twice_for_each_adventurer_then_starts_afresh() -> None:
    """§9.3: omen 2 makes every living adventurer roll decay twice; then a fresh 2d6 tracker."""
    ada, bo = Character("a", "Ada"), Character("b", "Bo", status=Status.DEAD)
    # omen face 2, new size 3+3, Ada's decay rolls 4 (Terrified) and 2+6 (Hungry).
    ctx = Context(ScriptedDice([2, 3, 3, 1, 3, 2, 6]))
    omens = _omens(3, filled=2)
    assert resolve_default(advance_omens(ctx, omens, [ada, bo], _doom(), 1, rule="§9.3")) == 1
    assert OmenRolled(rule="§9.3", face=2, omen="decay_twice", description=OMENS_TABLE.rows[1].text) in (
        ctx.events
    )
    assert ada.afflictions == {Affliction.TERRIFIED, Affliction.HUNGRY}
    assert (omens.size, omens.filled) == (6, 0)
    assert not any(isinstance(e, OmenShortfall) for e in ctx.events)


def test_steps_beyond_a_filled_tracker_go_onto_the_new_one() -> None:
    """§9.3: an advance of 3 on a tracker one short fills it, then counts on the fresh tracker."""
    ctx = Context(ScriptedDice([2, 6, 6, 1, 1, 1, 1]))
    omens = _omens(4, filled=3)
    resolve_default(advance_omens(ctx, omens, [Character("a", "Ada")], _doom(), 3, rule="§9.2"))
    assert (omens.size, omens.filled) == (12, 2)


def test_unpaid_omen_earns_exactly_one_extra_advance() -> None:
    """§9.3, §16 #13: a party that cannot pay in full gets one more omens advance."""
    # omen face 3 (water), new size 1+1, cost 2d4 = 2+1; nobody carries water.
    ctx = Context(ScriptedDice([3, 1, 1, 2, 1]))
    omens = _omens(5, filled=4)
    fired = resolve_default(advance_omens(ctx, omens, [Character("a", "Ada")], _doom(), 1, rule="§9.3"))
    assert fired == 1
    assert OmenShortfall(rule="§16 #13", omen="lose_water", owed=3, paid=0, extra=True) in ctx.events
    assert (omens.size, omens.filled) == (2, 1)


def test_the_extra_advance_does_not_chain() -> None:
    """§16 #13: the extra advance's own omen, if it fills and falls short too, earns no further advance.

    A fresh tracker has at least 2 segments, so the extra advance alone never fills it; this
    drives the extra advance's path directly, on a tracker one short of full.
    """
    # omen face 4 (rations), new size 2+3, cost 2d4 = 1+1; nobody carries rations.
    ctx = Context(ScriptedDice([4, 2, 3, 1, 1]))
    omens = _omens(6, filled=5)
    fired = resolve_default(
        advance_omens(
            ctx, omens, [Character("a", "Ada")], _doom(), 1, rule="§16 #13", shortfall_advance=False
        )
    )
    assert fired == 1
    assert OmenShortfall(rule="§16 #13", omen="lose_rations", owed=2, paid=0, extra=False) in ctx.events
    assert (omens.size, omens.filled) == (5, 0)


def test_omen_decay_can_reach_doom_which_advances_the_new_omens_tracker() -> None:
    """§9.1–§9.3: omen 2's decay rolls a 7, doom reaches an effect, and the fresh omens tracker moves."""
    ada = Character("a", "Ada")
    doom = _doom()
    doom.filled = 1
    # omen 2, new size 6+6, decay 3+4 (doom → goblins → omens +1), decay 1+1.
    ctx = Context(ScriptedDice([2, 6, 6, 3, 4, 1, 1]))
    omens = _omens(2, filled=1)
    resolve_default(advance_omens(ctx, omens, [ada], doom, 1, rule="§9.3"))
    assert doom.filled == 2
    assert (omens.size, omens.filled) == (12, 1)


def test_doom_effect_can_fill_omens() -> None:
    """§9.2, §9.3: a doom effect's omens advance can fill the omens tracker."""
    ctx = Context(ScriptedDice([2, 1, 1, 1, 1, 1, 1]))
    omens = _omens(3, filled=2)
    doom = _doom()
    resolve_default(advance_doom(ctx, doom, omens, [Character("a", "Ada")], 2, rule="§9.2"))
    assert sum(isinstance(e, OmenRolled) for e in ctx.events) == 1
    assert (omens.size, omens.filled) == (2, 0)


def test_fulfil_resets_with_a_new_size_before_paying() -> None:
    """§9.3: after the table roll a new tracker with a fresh 2d6 size starts."""
    ctx = Context(ScriptedDice([2, 5, 5, 1, 1, 1, 1]))
    omens = _omens(3, filled=3)
    resolve_default(fulfil_omen(ctx, omens, [Character("a", "Ada")], _doom()))
    kinds = [type(e) for e in ctx.events]
    assert [e.size for e in ctx.events if isinstance(e, TrackerReset)] == [10]
    assert kinds.index(TrackerReset) < kinds.index(DecayTableRolled)


@given(st.integers(0, 2**32), st.integers(1, 40))
def test_omens_size_is_always_2_to_12(seed: int, steps: int) -> None:
    """§9.3: every omens tracker, first or renewed, has 2d6 = 2..12 segments."""
    ctx = Context(SeededDice(seed))
    omens = start_omens(ctx)
    assert 2 <= omens.size <= 12
    resolve_default(advance_omens(ctx, omens, [], _doom(), steps, rule="§9.3"))
    sizes = [e.size for e in ctx.events if isinstance(e, TrackerReset)]
    assert all(2 <= size <= 12 for size in sizes)
    assert 0 <= omens.filled < omens.size


def _item(uid: int, key: str, place: str, quantity: int = 1, **kwargs: object) -> Item:
    item = Item.new(uid, ItemDef(key, key.replace("_", " ").title(), **kwargs), quantity)  # type: ignore[arg-type]
    item.place = place
    return item


def test_omen_1_breaks_equipped_items_the_party_picks() -> None:
    """§9.3: omen 1 breaks 2d4 equipped items, chosen by the party."""
    ada, bo = Character("a", "Ada"), Character("b", "Bo")
    sword, mail, rope = (
        _item(1, "sword", "left_hand"),
        _item(2, "mail", "torso", armour=(2,)),
        _item(3, "rope", "back"),
    )
    ada.items = [sword, mail, rope]
    axe = _item(4, "axe", "right_hand")
    bo.items = [axe]
    # omen 1, new size 2+2, cost 1+1.
    ctx = Context(ScriptedDice([1, 2, 2, 1, 1]))
    omens = _omens(2, filled=1)
    seen: list[tuple[str, tuple[str, ...]]] = []

    def pick(decision: Decision) -> str:
        seen.append((decision.owner, decision.keys))
        return "item:4" if len(seen) == 1 else "item:2"

    resolve(advance_omens(ctx, omens, [ada, bo], _doom(), 1, rule="§9.3"), pick)
    assert seen == [("a", ("item:1", "item:2", "item:4")), ("a", ("item:1", "item:2"))]
    assert ada.items == [sword, rope]
    assert bo.items == []
    assert [e.name for e in ctx.events if isinstance(e, ItemBroken)] == ["Axe", "Mail"]
    assert not any(isinstance(e, OmenShortfall) for e in ctx.events)
    assert (omens.size, omens.filled) == (4, 0)


def test_omen_1_with_too_few_equipped_items_breaks_them_all_and_falls_short() -> None:
    """§9.3, §16 #13: one equipped item against a cost of 3: it breaks, and omens advance once more."""
    ada = Character("a", "Ada")
    ada.items = [_item(1, "sword", "left_hand"), _item(2, "rope", "back")]
    # omen 1, new size 3+3, cost 2+1.
    ctx = Context(ScriptedDice([1, 3, 3, 2, 1]))
    omens = _omens(2, filled=1)
    resolve_default(advance_omens(ctx, omens, [ada], _doom(), 1, rule="§9.3"))
    assert [item.name for item in ada.items] == ["Rope"]
    assert OmenShortfall(rule="§16 #13", omen="break_equipped", owed=3, paid=1, extra=True) in ctx.events
    assert (omens.size, omens.filled) == (6, 1)


@pytest.mark.parametrize(
    ("face", "key", "make"),
    [
        (3, "water", lambda uid: _item(uid, "water", "flask:1", 2, tags=frozenset({Tag.LIQUID}))),
        (4, "ration", lambda uid: _item(uid, "ration", "back", 2)),
        (5, "torch", lambda uid: _item(uid, "torch", "back", 2, pack=2, usage=4)),
        (6, "magic", lambda uid: _item(uid, "scroll_of_light", "back", 2, tags=frozenset({Tag.MAGIC}))),
    ],
)
def test_throw_away_omens_take_units_across_the_party(
    face: int, key: str, make: Callable[[int], Item]
) -> None:
    """§9.3: omens 3–6 throw away 2d4 water, rations, torches, or magic items and scrolls."""
    ada, bo = Character("a", "Ada"), Character("b", "Bo")
    keep = _item(9, "holy_water", "flask:1", 1, tags=frozenset({Tag.LIQUID}))
    ada.items = [make(1), keep]
    bo.items = [make(2)]
    # cost 2+1 = 3 of the 4 units the party carries.
    ctx = Context(ScriptedDice([face, 4, 4, 2, 1]))
    omens = _omens(2, filled=1)
    resolve_default(advance_omens(ctx, omens, [ada, bo], _doom(), 1, rule="§9.3"))
    assert sum(e.units for e in ctx.events if isinstance(e, ItemsDiscarded)) == 3
    assert ada.items == [keep]
    assert [item.quantity for item in bo.items] == [1]
    assert not any(isinstance(e, OmenShortfall) for e in ctx.events)
    assert omens.filled == 0


def test_partly_paid_throw_away_pays_what_it_can() -> None:
    """§9.3, §16 #13: the party throws away all it has, then the omens tracker advances once more."""
    ada = Character("a", "Ada")
    ada.items = [_item(1, "ration", "back", 2)]
    # omen 4, new size 1+2, cost 4+4.
    ctx = Context(ScriptedDice([4, 1, 2, 4, 4]))
    omens = _omens(2, filled=1)
    resolve_default(advance_omens(ctx, omens, [ada], _doom(), 1, rule="§9.3"))
    assert ada.items == []
    assert OmenShortfall(rule="§16 #13", omen="lose_rations", owed=8, paid=2, extra=True) in ctx.events
    assert (omens.size, omens.filled) == (3, 1)
