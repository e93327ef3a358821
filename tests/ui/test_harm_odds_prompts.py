"""The armour roll, Hardened and Dauntless offers show their exact odds, as a table and as bars."""

from __future__ import annotations

from collections.abc import Generator
from fractions import Fraction
from typing import Any

from textual.widgets import Static

from expedition.rules.character.armour import PADDED
from expedition.rules.character.harm import receive_wounds
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.odds import armour_odds, dauntless_odds, outcome_odds
from expedition.rules.core.rolls import attribute_test, available_dice
from expedition.rules.core.skills import Trait
from expedition.session.views import Seat
from expedition.ui.app import make_app
from expedition.ui.screens.dungeon.expedition_prompts import dungeon_prompt
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.dungeon.harm_odds import OddsPrompt
from expedition.ui.screens.prompts import RollInfo, TestPrompt, track_roll
from expedition.ui.widgets.odds_bars import percent
from tests.ui.conftest import EXPEDITION_SIZE, plain
from tests.ui.expedition_fixtures import sample_session


def _until(resolution: Generator[Decision, str, Any], kind: str) -> Decision:
    """Answer every decision with its default until one of `kind` is asked."""
    decision = next(resolution)
    while decision.kind != kind:
        decision = resolution.send(decision.default)
    return decision


async def _shown(prompt: OddsPrompt) -> tuple[str, str]:
    session = sample_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        app.push_screen(prompt)
        await pilot.pause()
        assert app.screen is prompt
        return plain(prompt.query_one("#odds-table", Static)), plain(prompt.query_one("#odds-bars", Static))


async def test_the_armour_roll_shows_each_pieces_odds_of_blocking_and_breaking() -> None:
    """§4.2: one d6 per AP; each 4+ blocks a wound, each 1 or 4 breaks an AP."""
    session = sample_session()
    view = session.view(Seat.host())
    member = next(m for m in view.state.party if any(i.defn.armour for i in m.items))
    worn = [item for item in member.items if item.defn.armour]
    state = session.state
    real = state.character(member.id)
    decision = _until(receive_wounds(Context(ScriptedDice([])), real, 3, armour=worn), "armour")
    prompt = dungeon_prompt(view, decision, member.name, None, None)
    assert isinstance(prompt, OddsPrompt)
    table, bars = await _shown(prompt)
    piece = worn[0]
    odds = armour_odds(piece.working_ap(0), padded=piece.defn.key in PADDED)
    assert "blocks 1+" in table and "breaks AP" in table
    row = next(line for line in table.splitlines() if piece.name in line)
    assert percent(odds.at_least(1)) in row and percent(odds.any_broken) in row
    assert "#" in bars and f"{percent(odds.at_least(1)):>4} " in bars


async def test_hardened_shows_the_odds_of_resisting_one_or_two_wounds() -> None:
    """§6.2: a STR test; a success resists 1 wound, a great success 2."""
    session = sample_session()
    real = session.state.party[0]
    real.traits.add(Trait.HARDENED)
    member = session.view(Seat.host()).state.character(real.id)
    decision = _until(receive_wounds(Context(ScriptedDice([])), real, 2, pierce=True), "hardened")
    prompt = dungeon_prompt(session.view(Seat.host()), decision, real.name, None, None)
    assert isinstance(prompt, OddsPrompt)
    table, bars = await _shown(prompt)
    odds = outcome_odds(
        available_dice(member, Attr.STR, combat=True), proficiency=member[Attr.STR].proficiency
    )
    test_row = next(line for line in table.splitlines() if "STR test" in line)
    assert percent(odds.great_success) in test_row and percent(odds.success) in test_row
    assert "resist 2 (great success)" in bars and f"{percent(odds.great_success):>4} " in bars


async def test_dauntless_shows_the_odds_of_the_two_extra_dice() -> None:
    """§3.7: two more dice into a success; two 6s among all make it great; a new 1 or 4 tires."""
    session = sample_session()
    real = session.state.party[0]
    real.traits.add(Trait.DAUNTLESS)
    ctx = Context(ScriptedDice([5, 2, 2, 2, 2, 2]))
    decision = _until(attribute_test(ctx, real, Attr.STR, safe=False), "dauntless")
    info = None
    for event in ctx.events:
        info = track_roll(info, event, {real.id: real.name})
    assert info is not None and 5 in info.faces
    view = session.view(Seat.host())
    prompt = dungeon_prompt(view, decision, real.name, info, None)
    assert isinstance(prompt, OddsPrompt)
    table, bars = await _shown(prompt)
    odds = dauntless_odds(info.faces, tired=False)
    # Landed (5,): only two new 6s make it great (1 in 36); a new 1 or 4 tires (20 in 36).
    assert odds.great_success == Fraction(1, 36) and odds.fatigue == Fraction(20, 36)
    row = next(line for line in table.splitlines() if "Throw 2 more dice" in line)
    assert "3%" in row and "56%" in row
    assert "new fatigue" in bars and "great success" in bars


async def test_a_tests_odds_are_drawn_as_bars_under_the_table() -> None:
    """§3.2: the same exact odds as `expedition odds`, one bar an outcome."""
    decision = Decision("reroll", "c1", "Reroll a die?", (Choice("keep", "Keep the dice"),), "keep", "§3.3")
    info = RollInfo("Jory", "STR test", 2, proficiency=1, first=(1, 3), faces=(1, 3), dice=2)
    prompt = TestPrompt(decision, info, "Jory")
    session = sample_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.pause()
        app.push_screen(prompt)
        await pilot.pause()
        bars = plain(prompt.query_one("#test-odds-bars", Static))
    odds = outcome_odds(2, proficiency=1)
    lines = bars.splitlines()
    assert [line.split("  ")[0].strip() for line in lines][:1] == ["critical failure"]
    success = next(line for line in lines if line.startswith("success"))
    filled = round(float(odds.success) * 20)
    assert success.endswith("#" * filled + "." * (20 - filled))
    assert percent(odds.success) in success and any(line.startswith("fatigue") for line in lines)
