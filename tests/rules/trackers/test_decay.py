"""Tests for the decay tracker and decay table (§9.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, AfflictionGained
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.item_defs import Item, ItemDef, Light
from expedition.rules.core.roll_tables import coverage_faults
from expedition.rules.core.tracker import Tracker, TrackerReset, Visibility
from expedition.rules.items.usage import ItemBroken, UsageRolled
from expedition.rules.trackers.decay import (
    DECAY_TABLE,
    DecayRoll,
    DecayTableRolled,
    bumped_result,
    decay_row,
    decay_turn,
    new_decay,
    roll_decay_table,
    row_affliction,
)
from expedition.rules.trackers.doom import DoomThreshold, DoomTracker, new_doom


def _doom() -> DoomTracker:
    return new_doom("tomb", [DoomThreshold(5, "goblins", "Goblins appear.")])


def _omens() -> Tracker:
    return Tracker("omens", 12, visibility=Visibility.HIDDEN)


def _hero(**kwargs: object) -> Character:
    hero = Character("a", "Ada", **kwargs)  # type: ignore[arg-type]
    for attr in Attr:
        hero[attr].score = 3
    return hero


def _roll(hero: Character, faces: list[int], *chosen: str) -> tuple[int, Context, DoomTracker]:
    ctx = Context(ScriptedDice(faces))
    doom = _doom()
    result = resolve(roll_decay_table(ctx, hero, doom, _omens(), party=[hero]), answers(*chosen))
    return result, ctx, doom


def test_table_has_a_row_for_every_2d6_total() -> None:
    """§9.1: rows 2 to 12."""
    assert [(row.low, row.high) for row in DECAY_TABLE.rows] == [(n, n) for n in range(2, 13)]
    assert coverage_faults(DECAY_TABLE) == []


def test_decay_2_presses_on() -> None:
    """§9.1: a 2 does nothing."""
    hero = _hero()
    result, ctx, doom = _roll(hero, [1, 1])
    assert result == 2
    assert not hero.afflictions
    assert all(hero[attr].fatigue == hero[attr].wounds == 0 for attr in Attr)
    assert doom.filled == 0
    assert [e.effect for e in ctx.events if isinstance(e, DecayTableRolled)] == ["press_on"]


def test_decay_3_puts_one_fatigue_where_the_player_chooses() -> None:
    """§9.1, §16 #23: 1 fatigue on the attribute the player picks."""
    hero = _hero()
    result, _, _ = _roll(hero, [1, 2], "DEX")
    assert result == 3
    assert hero[Attr.DEX].fatigue == 1
    assert sum(hero[attr].fatigue for attr in Attr) == 1


@pytest.mark.parametrize(
    ("faces", "affliction"),
    [
        ([1, 3], Affliction.TERRIFIED),
        ([2, 3], Affliction.SLEEPY),
        ([3, 3], Affliction.PARCHED),
        ([4, 4], Affliction.HUNGRY),
        ([4, 5], Affliction.HOPELESS),
        ([5, 5], Affliction.ANGRY),
    ],
)
def test_decay_affliction_rows(faces: list[int], affliction: Affliction) -> None:
    """§9.1: rows 4, 5, 6, 8, 9 and 10 give an affliction."""
    hero = _hero()
    result, ctx, _ = _roll(hero, faces)
    assert result == sum(faces)
    assert hero.afflictions == {affliction}
    assert AfflictionGained(rule="§9.1", character="a", affliction=affliction) in ctx.events


def test_decay_7_advances_doom() -> None:
    """§9.1: a 7 advances the location's doom."""
    hero = _hero()
    result, _, doom = _roll(hero, [3, 4])
    assert result == 7
    assert doom.filled == 1
    assert not hero.afflictions


def test_decay_11_places_one_wound_where_the_player_chooses() -> None:
    """§9.1: 1 wound, placed by the player."""
    hero = _hero()
    result, _, _ = _roll(hero, [5, 6], "INT")
    assert result == 11
    assert hero[Attr.INT].wounds == 1
    assert sum(hero[attr].wounds for attr in Attr) == 1


def test_already_held_affliction_bumps_to_the_next_row() -> None:
    """§9.1: a result naming an affliction already held moves up by 1."""
    hero = _hero(afflictions={Affliction.TERRIFIED})
    result, ctx, _ = _roll(hero, [2, 2])
    assert result == 5
    assert Affliction.SLEEPY in hero.afflictions
    (rolled,) = [e for e in ctx.events if isinstance(e, DecayTableRolled)]
    assert (rolled.roll, rolled.result, rolled.effect) == (4, 5, "sleepy")


def test_bump_repeats_past_several_afflictions_and_onto_doom() -> None:
    """§9.1: keep adding 1 until the result is valid; 4 past Terrified, Sleepy and Parched is 7."""
    hero = _hero(afflictions={Affliction.TERRIFIED, Affliction.SLEEPY, Affliction.PARCHED})
    result, _, doom = _roll(hero, [1, 3])
    assert result == 7
    assert doom.filled == 1


def test_bump_past_angry_lands_on_a_wound() -> None:
    """§9.1: Angry already held turns a 10 into an 11 (a wound)."""
    hero = _hero(afflictions={Affliction.ANGRY})
    result, _, _ = _roll(hero, [4, 6], "STR")
    assert result == 11
    assert hero[Attr.STR].wounds == 1


@given(st.integers(2, 12), st.sets(st.sampled_from(list(Affliction))))
def test_bumped_result_is_never_a_held_affliction_nor_above_12(roll: int, held: set[Affliction]) -> None:
    """§9.1: the bump ends on a valid row, capped at 12."""
    hero = Character("a", "Ada", afflictions=held)
    result = bumped_result(hero, roll)
    assert roll <= result <= 12
    assert row_affliction(decay_row(result)) not in held or result == 12


def test_decay_fills_on_the_sixth_exploration_turn_only() -> None:
    """§9.1: the tracker has 6 steps; turns 1–5 roll nothing."""
    hero = _hero()
    ctx = Context(ScriptedDice([1, 1]))
    decay, doom, omens = new_decay(), _doom(), _omens()
    for turn in range(1, 6):
        assert resolve_default(decay_turn(ctx, decay, [hero], doom, omens)) == ()
        assert decay.filled == turn
    rolls = resolve_default(decay_turn(ctx, decay, [hero], doom, omens))
    assert rolls == (DecayRoll("a", 2, 2),)
    assert decay.filled == 0
    assert isinstance(ctx.events[-1], TrackerReset)


def test_every_living_adventurer_rolls_and_twice_when_told() -> None:
    """§9.1: every adventurer rolls; the sample dungeon's last doom step rolls decay twice."""
    ada, bo, cy = _hero(), Character("b", "Bo"), Character("c", "Cy", status=Status.DEAD)
    ctx = Context(ScriptedDice([1, 1, 2, 2, 3, 5, 4, 4]))
    decay = Tracker("decay", 6, filled=5)
    rolls = resolve_default(decay_turn(ctx, decay, [ada, bo, cy], _doom(), _omens(), times=2))
    assert rolls == (DecayRoll("a", 2, 2), DecayRoll("a", 4, 4), DecayRoll("b", 8, 8), DecayRoll("b", 8, 9))
    assert ada.afflictions == {Affliction.TERRIFIED}
    assert bo.afflictions == {Affliction.HUNGRY, Affliction.HOPELESS}
    assert not cy.afflictions


def _item(uid: int, key: str, place: str, **kwargs: object) -> Item:
    item = Item.new(uid, ItemDef(key, key.title(), **kwargs))  # type: ignore[arg-type]
    item.place = place
    return item


def test_decay_12_breaks_a_random_item_from_the_hands_first() -> None:
    """§9.1, §16 #29: a 12 breaks a random carried item, hands and torso first, by the dice."""
    hero = _hero()
    sword, shield, rope = (
        _item(1, "sword", "left_hand"),
        _item(2, "shield", "right_hand"),
        _item(3, "rope", "back"),
    )
    hero.items = [sword, shield, rope]
    result, ctx, _ = _roll(hero, [6, 6, 2])
    assert result == 12
    assert hero.items == [sword, rope]
    assert [e.name for e in ctx.events if isinstance(e, ItemBroken)] == ["Shield"]


def test_lit_lights_roll_their_usage_die_when_decay_fills() -> None:
    """§9.1, §7.8: after the decay rolls each lit light rolls its usage die, then decay resets."""
    hero = _hero()
    torch = _item(1, "torch", "left_hand", usage=4, pack=2, light=Light.NEARBY)
    torch.lit = True
    spare = _item(2, "candle", "right_hand", usage=6, light=Light.CLOSE)
    hero.items = [torch, spare]
    ctx = Context(ScriptedDice([1, 1, 2]))
    decay = Tracker("decay", 6, filled=5)
    resolve_default(decay_turn(ctx, decay, [hero], _doom(), _omens()))
    (usage,) = [e for e in ctx.events if isinstance(e, UsageRolled)]
    assert (usage.name, usage.face, usage.before, usage.after) == ("Torch", 2, 4, 0)
    kinds = [type(e) for e in ctx.events]
    assert kinds.index(DecayTableRolled) < kinds.index(UsageRolled) < kinds.index(TrackerReset)
    assert decay.filled == 0
