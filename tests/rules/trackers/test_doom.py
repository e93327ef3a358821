"""Tests for doom trackers (§9.2) and settlement doom (§9.4)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.item_defs import Category
from expedition.rules.core.tracker import Tracker, TrackerAdvanced, Visibility, lower
from expedition.rules.trackers.doom import (
    SETTLEMENT_DOOM_EFFECTS,
    DoomEffectReached,
    DoomThreshold,
    advance_doom,
    allowed_categories,
    hunted,
    inn_closed,
    inn_surcharge,
    new_doom,
    price_surcharge,
    services_closed,
    settlement_doom,
    veteran_reveal,
)


def _tomb() -> list[DoomThreshold]:
    # Shaped like the sample dungeon: an effect every 2 segments.
    return [DoomThreshold(2 * n, f"effect_{n}", f"Effect {n}") for n in range(1, 8)]


def _omens(size: int = 12) -> Tracker:
    return Tracker("omens", size, visibility=Visibility.HIDDEN)


def _reached(ctx: Context) -> list[str]:
    return [e.effect for e in ctx.events if isinstance(e, DoomEffectReached)]


def test_new_doom_is_known_but_hidden_and_sized_by_its_last_threshold() -> None:
    """§9.2: only the GM sees doom's value; players know it exists."""
    doom = new_doom("tomb", _tomb())
    assert (doom.name, doom.size, doom.filled, doom.visibility) == (
        "doom:tomb",
        14,
        0,
        Visibility.KNOWN_HIDDEN,
    )


def test_reaching_a_threshold_fires_it_and_advances_omens() -> None:
    """§9.2: each doom effect reached also advances omens by 1."""
    ctx = Context(ScriptedDice([]))
    doom, omens = new_doom("tomb", _tomb()), _omens()
    assert resolve_default(advance_doom(ctx, doom, omens, [Character("a", "Ada")], rule="§10.1")) == ()
    assert omens.filled == 0
    reached = resolve_default(advance_doom(ctx, doom, omens, [Character("a", "Ada")], rule="§10.1"))
    assert [t.key for t in reached] == ["effect_1"]
    assert _reached(ctx) == ["effect_1"]
    assert omens.filled == 1


def test_a_big_advance_fires_every_threshold_it_passes() -> None:
    """§9.2: an advance past two effects fires both and advances omens twice."""
    ctx = Context(ScriptedDice([]))
    doom, omens = new_doom("tomb", _tomb()), _omens()
    resolve_default(advance_doom(ctx, doom, omens, [], 5, rule="§9.2"))
    assert doom.filled == 5
    assert _reached(ctx) == ["effect_1", "effect_2"]
    assert omens.filled == 2


def test_doomed_adds_one_extra_per_advance() -> None:
    """§9.2, §4.6: the Doomed affliction adds 1 to every doom advance."""
    ctx = Context(ScriptedDice([]))
    doomed = Character("a", "Ada", afflictions={Affliction.DOOMED})
    doom = new_doom("tomb", _tomb())
    resolve_default(advance_doom(ctx, doom, _omens(), [Character("b", "Bo"), doomed], 2, rule="§10.3"))
    assert doom.filled == 3
    advanced = [e for e in ctx.events if isinstance(e, TrackerAdvanced) and e.tracker == doom.name]
    assert [e.steps for e in advanced] == [3]


def test_doomed_adds_nothing_to_a_zero_advance_or_from_the_dead() -> None:
    """§9.2: Doomed counts only on real advances and living adventurers."""
    ctx = Context(ScriptedDice([]))
    doom = new_doom("tomb", _tomb())
    doomed = Character("a", "Ada", afflictions={Affliction.DOOMED})
    resolve_default(advance_doom(ctx, doom, _omens(), [doomed], 0, rule="§9.2"))
    assert doom.filled == 0
    doomed.status = Status.DEAD
    resolve_default(advance_doom(ctx, doom, _omens(), [doomed], 1, rule="§9.2"))
    assert doom.filled == 1


def test_a_threshold_fires_only_the_first_time_it_is_reached() -> None:
    """§9.2: lowering doom and climbing back does not repeat an effect (or its omen)."""
    ctx = Context(ScriptedDice([]))
    doom, omens = new_doom("tomb", _tomb()), _omens()
    resolve_default(advance_doom(ctx, doom, omens, [], 2, rule="§9.2"))
    lower(ctx, doom, 1, rule="§6.1")
    resolve_default(advance_doom(ctx, doom, omens, [], 1, rule="§9.2"))
    assert doom.filled == 2
    assert _reached(ctx) == ["effect_1"]
    assert omens.filled == 1


def test_doom_stops_at_its_last_step() -> None:
    """§9.2: the last step is the end; doom does not run past it."""
    ctx = Context(ScriptedDice([]))
    doom = new_doom("tomb", _tomb())
    resolve_default(advance_doom(ctx, doom, _omens(), [], 20, rule="§9.2"))
    assert doom.filled == 14
    assert _reached(ctx)[-1] == "effect_7"
    assert len(_reached(ctx)) == 7


def test_veteran_learns_value_and_steps_to_next_effect() -> None:
    """§6.1, §9.2: Veteran reveals doom and how far the next effect is."""
    doom = new_doom("tomb", _tomb())
    assert veteran_reveal(doom) == (0, 2)
    doom.filled = 3
    assert veteran_reveal(doom) == (3, 1)
    doom.filled = 14
    assert veteran_reveal(doom) == (14, None)


def test_thresholds_must_rise_within_the_tracker() -> None:
    """§9.2: thresholds are an ordered list of segments on the tracker."""
    with pytest.raises(InvalidAction):
        new_doom("x", [DoomThreshold(3, "a", "A"), DoomThreshold(2, "b", "B")])
    with pytest.raises(InvalidAction):
        new_doom("x", [DoomThreshold(3, "a", "A")], size=2)


def test_settlement_doom_has_seven_cumulative_effects() -> None:
    """§9.4: settlement doom runs 1–7."""
    doom = settlement_doom("blacksalt")
    assert doom.size == 7
    assert [t.segment for t in doom.thresholds] == list(range(1, 8))
    assert doom.thresholds == SETTLEMENT_DOOM_EFFECTS


EVERY = frozenset(Category)


@pytest.mark.parametrize(
    ("value", "price", "inn", "closed", "categories", "services", "is_hunted"),
    [
        (0, 0, 0, False, EVERY, False, False),
        (1, 1, 0, False, EVERY, False, False),
        (2, 1, 1, False, EVERY, False, False),
        (3, 2, 1, False, {Category.FREE, Category.COMMON, Category.UNCOMMON}, False, False),
        (4, 2, 1, True, {Category.FREE, Category.COMMON, Category.UNCOMMON}, False, False),
        (5, 3, 1, True, {Category.FREE, Category.COMMON}, False, False),
        (6, 3, 1, True, set(), True, False),
        (7, 3, 1, True, set(), True, True),
    ],
)
def test_settlement_doom_effects_add_up(
    value: int,
    price: int,
    inn: int,
    closed: bool,
    categories: set[Category] | frozenset[Category],
    services: bool,
    is_hunted: bool,
) -> None:
    """§9.4: each settlement doom effect adds to the ones below it."""
    assert price_surcharge(value) == price
    assert inn_surcharge(value) == inn
    assert inn_closed(value) is closed
    assert allowed_categories(value) == categories
    assert services_closed(value) is services
    assert hunted(value) is is_hunted
