"""Hotseat hand-over: a decision passing to another player covers the game until they take the keyboard."""

from __future__ import annotations

import pytest

from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import PassTurn
from expedition.session.session import Session
from expedition.session.views import Seat
from expedition.ui.app import make_app
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.handover import HandOverScreen
from expedition.ui.screens.prompts import DecisionPrompt
from tests.net.campaign import two_player_state

WIDE = (120, 40)
"""A roomy terminal."""


def _asks(owner: str, prompt: str) -> Decision:
    return Decision("pick", owner, prompt, (Choice("a", "Left"), Choice("b", "Right")), "a")


async def test_a_decision_for_another_player_hands_over_then_summarises(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answers: list[str] = []

    def two_owners(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
        # Brannoc (c3) is Bea's, Jory (c1) is Ada's: the keyboard passes to Bea, then back to Ada.
        answers.append((yield _asks("c3", "Brannoc's secret choice?")))
        answers.append((yield _asks("c1", "Jory's choice?")))
        state.actions += 1

    monkeypatch.setattr("expedition.session.session.carry_out", two_owners)
    session = Session(two_player_state(), None)
    app = make_app(first_screen=lambda: ExpeditionScreen(session, Seat.host()))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        session.submit(Seat.host(), PassTurn())
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandOverScreen) and screen.player == "Bea"
        shown = str(screen.query_one("#handover-text").render())
        assert "Bea" in shown and "secret" not in shown and not screen.revealed
        await pilot.press("space")  # Bea takes the keyboard: the summary since her last turn
        assert screen.revealed and "since your last turn" in str(screen.query_one("#handover-text").render())
        await pilot.press("space")
        await pilot.pause()
        assert isinstance(app.screen, DecisionPrompt)
        await pilot.press("escape")  # Bea takes the default
        await pilot.pause()
        assert answers == ["a"]
        assert isinstance(app.screen, HandOverScreen) and app.screen.player == "Ada"
        await pilot.press("space", "space")
        await pilot.pause()
        assert isinstance(app.screen, DecisionPrompt)
        await pilot.press("escape")
        await pilot.pause()
    assert answers == ["a", "a"] and session.pending is None


async def test_one_player_at_the_keyboard_never_sees_a_hand_over(monkeypatch: pytest.MonkeyPatch) -> None:
    def asks_jory(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
        yield _asks("c1", "Jory's choice?")
        state.actions += 1

    monkeypatch.setattr("expedition.session.session.carry_out", asks_jory)
    state = two_player_state()
    state.players = state.players[:1]
    for member in state.party:
        member.owner = "player1"
    session = Session(state, None)
    app = make_app(first_screen=lambda: ExpeditionScreen(session, Seat.host()))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        session.submit(Seat.host(), PassTurn())
        await pilot.pause()
        assert isinstance(app.screen, DecisionPrompt)


async def test_choosing_another_players_adventurer_hands_the_keyboard_over_and_names_the_owner() -> None:
    """Issue #16: at a hotseat table the header names whose adventurer acts; picking Bea's hands over."""
    session = Session(two_player_state(), None)
    app = make_app(first_screen=lambda: ExpeditionScreen(session, Seat.host()))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ExpeditionScreen)
        assert "Acting: Jory (Ada)" in str(screen.query_one("#exp-header").render())
        await pilot.press("3")  # Brannoc is Bea's
        await pilot.pause()
        cover = app.screen
        assert isinstance(cover, HandOverScreen) and cover.player == "Bea"
        await pilot.press("space", "space")
        await pilot.pause()
        assert app.screen is screen
        assert "Acting: Brannoc (Bea)" in str(screen.query_one("#exp-header").render())
        await pilot.press("3")  # Bea picks her own adventurer again: no hand-over to herself
        await pilot.pause()
        assert app.screen is screen


async def test_no_hand_over_to_the_player_who_just_acted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #16: Bea answered last, Ada takes her turn and acts; the decision that follows is Ada's and
    is asked at once, with no "Pass the keyboard to Ada" in between."""
    asked: list[str] = []

    def asks(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
        owner = "c3" if not asked else "c1"
        asked.append(owner)
        yield _asks(owner, f"{owner}'s choice?")
        state.actions += 1

    monkeypatch.setattr("expedition.session.session.carry_out", asks)
    session = Session(two_player_state(), None)
    app = make_app(first_screen=lambda: ExpeditionScreen(session, Seat.host()))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("full_stop")  # Ada's Jory lets a turn pass; the decision is Bea's
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen) and app.screen.player == "Bea"
        await pilot.press("space", "space")
        await pilot.pause()
        await pilot.press("escape")  # Bea answers
        await pilot.pause()
        # Jory (Ada's) acts next: the keyboard goes back to Ada before she plays.
        assert isinstance(app.screen, HandOverScreen) and app.screen.player == "Ada"
        await pilot.press("space", "space")
        await pilot.pause()
        await pilot.press("full_stop")  # Ada acts; the decision is Jory's, hers
        await pilot.pause()
        assert isinstance(app.screen, DecisionPrompt), type(app.screen).__name__
        await pilot.press("escape")
        await pilot.pause()
    assert asked == ["c3", "c1"]
