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
