"""Tests for rules/camp/ambush.py: ambush dice, their odds, the roll and the group that attacks (§10.3)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.camp.ambush import (
    AmbushResult,
    AmbushRolled,
    CampAmbushed,
    ambush_dice,
    ambush_fight,
    ambush_group,
    ambush_odds,
    ambush_parts,
    roll_ambush,
    snorer,
)
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.lookout import KeepLookout
from expedition.rules.camp.rest_and_sleep import Sleep
from expedition.rules.character.party import CreationSheet
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.odds import risk_odds
from expedition.rules.exploration.camp_state import CampPlace
from tests.rules.camp_helpers import SUPPLIES, camp_with, give, make_state, run


@given(st.integers(min_value=0, max_value=12))
def test_ambush_odds_are_exact(dice: int) -> None:
    """§10.3: P(any 6) equals the risk-dice chance; P(two or more 6s) is 1 − (5/6)^n − n/6·(5/6)^(n−1)."""
    odds = ambush_odds(dice)
    assert odds.fight == risk_odds(dice)
    one = dice * Fraction(1, 6) * Fraction(5, 6) ** (dice - 1) if dice else Fraction(0)
    assert odds.surprised == 1 - Fraction(5, 6) ** dice - one
    assert odds.safe + odds.fight == 1 and 0 <= odds.surprised <= odds.fight


def test_ambush_odds_small_cases() -> None:
    """§10.3: one die: 1/6 fight, never surprised; two dice: 11/36 fight, 1/36 surprised."""
    zero = Fraction(0)
    assert (ambush_odds(0).fight, ambush_odds(0).surprised) == (zero, zero)
    assert (ambush_odds(1).fight, ambush_odds(1).surprised) == (Fraction(1, 6), zero)
    assert (ambush_odds(2).fight, ambush_odds(2).surprised) == (Fraction(11, 36), Fraction(1, 36))


def test_ambush_parts_name_each_die_and_lookouts_take_one_away() -> None:
    """§10.3, §5.6, §16 #10: exposed, fire, camped before, sleep, snorer, doom, Paranoid; lookouts −1."""
    state = make_state()
    state.sheets["wren"] = CreationSheet("wren", feature="loud_snorer")
    state.character("moss").traumas.add(Trauma.PARANOID)
    camp_with(state, CampPlace(exposed=True, camped_before=True, extra_dice=2, long_rest=False))
    camp = current_camp(state)
    camp.fire, camp.slept = True, True
    camp.snorers.append("wren")
    camp.lookouts.extend(["wren", "moss"])
    parts = [(p.label, p.amount) for p in ambush_parts(state, camp)]
    assert parts == [
        ("exposed place", 1),
        ("fire", 1),
        ("camped before on this expedition", 1),
        ("sleep", 1),
        ("Wren snores", 1),
        ("doom and events", 2),
        ("Moss is paranoid", 1),
        ("Wren keeps a lookout", -1),
        ("Moss keeps a lookout", -1),
    ]
    assert ambush_dice(state, camp) == 6 and snorer(state, state.character("wren"))
    assert not snorer(state, state.character("moss"))


def test_more_lookouts_than_dice_roll_no_dice() -> None:
    """§10.3: the ambush pool never goes below 0."""
    state = make_state()
    camp_with(state, CampPlace(long_rest=False))
    camp = current_camp(state)
    camp.lookouts.extend(["wren", "moss"])
    assert ambush_dice(state, camp) == 0
    ctx = Context(ScriptedDice([]))
    assert roll_ambush(ctx, state) is AmbushResult.SAFE


@pytest.mark.parametrize(
    ("faces", "sixes", "result"),
    [
        ([5, 1, 2], 0, AmbushResult.SAFE),
        ([6, 1, 2], 1, AmbushResult.FIGHT),
        ([6, 3, 6], 2, AmbushResult.SURPRISED),
    ],
)
def test_roll_ambush_counts_sixes(faces: list[int], sixes: int, result: AmbushResult) -> None:
    """§10.3, §16 #19: no 6 is safe, one 6 a fight, two or more a surprise; the roll is marked as made."""
    state = make_state()
    camp_with(state, CampPlace(exposed=True, camped_before=True, extra_dice=1, long_rest=False))
    ctx = Context(ScriptedDice(faces))
    assert roll_ambush(ctx, state) is result
    rolled = [e for e in ctx.events if isinstance(e, AmbushRolled)]
    assert [(e.dice, e.sixes, e.result, e.rule) for e in rolled] == [(3, sixes, result, "§10.3")]
    assert current_camp(state).ambush_rolled


def test_the_wandering_row_is_1d6_plus_e_minus_1_within_the_table() -> None:
    """HOUSE §1.5: row 1d6 + E − 1 of the wandering table (capped to the table); nothing outside a dungeon."""
    state = make_state()
    assert ambush_group(Context(ScriptedDice([1])), state) == ("Crawlers", ("crawler",))
    assert ambush_group(Context(ScriptedDice([6])), state) == ("Ghouls", ("ghoul", "ghoul"))
    state.expedition = None
    assert ambush_group(Context(ScriptedDice([])), state) == ("", ())


def test_an_ambush_without_stat_blocks_reports_the_group_as_coming() -> None:
    """§10.3, HOUSE §1.5: with no stat blocks at hand the group is announced and counted as coming."""
    state = make_state()
    ctx = Context(ScriptedDice([2]))
    resolve_default(ambush_fight(ctx, state, surprised=True))
    assert [(e.group, e.enemies, e.surprised) for e in ctx.events if isinstance(e, CampAmbushed)] == [
        ("Ghouls", ("ghoul", "ghoul"), True)
    ]
    assert state.expedition is not None and state.expedition.coming == ["Ghouls"]
    assert state.expedition.combat is None


def test_ambush_dice_count_every_modifier() -> None:
    """§10.3, §16 #10: exposed, fire, camped before, sleep, doom extras, Paranoid +1; lookouts −1."""
    state = make_state()
    give(state, "wren", SUPPLIES)
    state.character("moss").traumas.add(Trauma.PARANOID)
    place = CampPlace(exposed=True, camped_before=True, extra_dice=1, long_rest=True)
    camp_with(state, place, "1", "yes")
    camp = current_camp(state)
    assert ambush_dice(state, camp) == 5
    run(state, Sleep(actor="wren"), [])
    run(state, KeepLookout(actor="wren"), [])
    assert ambush_dice(state, camp) == 5
