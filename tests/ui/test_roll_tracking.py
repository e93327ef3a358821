"""The reroll panel follows the rules' own account of a roll (§3.2): pool, zero-dice rule, odds, rerolls."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.odds import outcome_odds
from expedition.rules.core.rolls import attribute_check, attribute_test
from expedition.ui.screens.prompts import RollInfo, face_legend, face_marks, odds_of, odds_table, track_roll


def _track(ctx: Context) -> RollInfo | None:
    info: RollInfo | None = None
    for event in ctx.events:
        info = track_roll(info, event, {"jory": "Jory"})
    return info


def _jory(score: int, fatigue: int = 0) -> Character:
    jory = Character("jory", "Jory")
    jory[Attr.STR].score, jory[Attr.STR].proficiency, jory[Attr.STR].fatigue = score, 1, fatigue
    return jory


def test_a_zero_dice_test_shows_the_lowest_die_rule_and_its_own_odds() -> None:
    """§3.2: with 0 dice, 2 are thrown and the lowest counts; the odds are those of 0 dice, not of 2."""
    ctx = Context(ScriptedDice([1, 3, 5]))
    resolve_default(attribute_test(ctx, _jory(1, fatigue=1), Attr.STR))
    info = _track(ctx)
    assert info is not None and info.roller == "Jory" and info.keep_lowest and info.pool == 2
    odds = odds_of(info)
    assert odds is not None and odds == outcome_odds(0, proficiency=1)
    assert odds.success == Fraction(1, 2) < outcome_odds(2, proficiency=1).success
    assert info.first == (1, 3) and info.faces[0] == 5 and len(info.history) == 1


def test_a_check_has_no_fatigue_column() -> None:
    """§3.6: checks never tire, so their odds table leaves fatigue out."""
    ctx = Context(ScriptedDice([4, 6]))
    resolve(attribute_check(ctx, _jory(2), Attr.STR), lambda d: "pass")  # the dice stand as they fell
    info = _track(ctx)
    assert info is not None and info.check and info.why == "STR check"
    odds = odds_of(info)
    assert odds is not None
    headers = [column.header for column in odds_table(odds, check=True).columns]
    assert headers == ["critical", "failure", "success", "great"]


def test_a_terrified_rollers_4_gets_no_tick_and_the_legend_says_why() -> None:
    """§3.6: Terrified, only 5 and 6 succeed; the marks and the key to them must say so (a 4 is no ✓)."""
    ctx = Context(ScriptedDice([4, 3, 5]))  # a failure when Terrified: the proficiency reroll is taken
    jory = _jory(2)
    jory.afflictions.add(Affliction.TERRIFIED)
    resolve_default(attribute_check(ctx, jory, Attr.STR))
    info = _track(ctx)
    assert info is not None and info.terrified
    assert face_marks((4, 5, 6), info) == "[4]· [5]✓ [6]★"
    assert "✓ 5+ succeeds (Terrified: a 4 fails)" in face_legend(info)
    calm = replace(info, terrified=False)
    assert face_marks((4, 5, 6), calm) == "[4]✓ [5]✓ [6]★"
    assert "✓ 4+ succeeds" in face_legend(calm) and "Terrified" not in face_legend(calm)


def test_with_no_dice_only_the_lowest_die_is_marked() -> None:
    """§3.2: of two dice thrown for a score of 0 only the lowest counts, so a 6 beside a 2 earns no ★."""
    info = RollInfo("Jory", "STR test", 2, keep_lowest=True)
    assert face_marks((6, 2), info) == "[6]· [2]·"
    assert face_marks((6, 4), info) == "[6]· [4]✓"
    assert face_legend(info).startswith("only the lowest die counts · ")


def test_the_legend_of_a_hopeless_rollers_test_says_a_5_tires() -> None:
    """§3.6: Hopeless, a 5 tires too; a check never tires, so its legend does not say so."""
    info = RollInfo("Jory", "STR test", 2, hopeless=True)
    assert face_legend(info).endswith("Hopeless: a 5 tires too")
    assert "Hopeless" not in face_legend(replace(info, check=True))
    # Issue #16: "SUCCESS [6][4], +1 fatigue" with nothing on screen saying a 4 tires.
    assert face_legend(replace(info, hopeless=False)).endswith(
        "any 4 or 1 costs 1 fatigue on the attribute (once a test, pass or fail)"
    )
    assert face_legend(replace(info, check=True)).endswith("a check never tires")
