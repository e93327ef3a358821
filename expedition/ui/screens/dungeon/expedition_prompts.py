"""Provides the expedition screen's decision prompts: which prompt a pending decision gets, and its answer.

`DecisionPrompts` sits between `CombatMode` and `ExpeditionScreen`: a decision owned by this seat
opens a prompt (the fight's own, a test's reroll panel with the dice as tracked from the events,
or the plain one), behind a hand-over screen when another player's turn comes up; the answer goes
to the session, and when the action is over the map takes the keys back.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.screen import ModalScreen

from expedition.rules.core.decisions import Decision
from expedition.rules.core.events import Event
from expedition.ui.screens.dungeon.combat_screen import CombatMode
from expedition.ui.screens.dungeon.harm_info import fainting_info, mortal_info
from expedition.ui.screens.handover import hand_over
from expedition.ui.screens.prompts import (
    DecisionPrompt,
    FaintingPrompt,
    MortalWoundPrompt,
    TestPrompt,
    track_roll,
)
from expedition.ui.widgets.tile_map import TileMap


class DecisionPrompts(CombatMode):
    """The prompt half of the expedition screen (a base of `ExpeditionScreen`)."""

    _prompting: bool = False
    _notices: list[ModalScreen[None]] = []  # replaced, never mutated in place
    _notice_open: bool = False

    def _mine(self, decision: Decision) -> bool:
        owner = self.session.decision_owner(decision)
        return self.seat.kind.value == "host" or owner == self.seat.player

    def _ask_if_pending(self) -> None:
        if self._notices and not self._notice_open and not self._prompting:
            self._next_notice()  # a harm notice is read first; the question comes when it closes
            return
        decision = self.session.pending
        if decision is None or self._prompting or self._notice_open or not self._mine(decision):
            return
        self._prompting = True
        who = self._names.get(decision.owner, decision.owner)
        prompt: DecisionPrompt
        combat_prompt = self.combat_prompt(decision, who) if self.combat is not None else None
        if combat_prompt is not None:
            prompt = combat_prompt
        elif decision.kind == "reroll" and self.test is not None:
            prompt = TestPrompt(decision, self.test, who)
        else:
            prompt = DecisionPrompt(decision, who)
        if not hand_over(self, decision, who, lambda _: self.app.push_screen(prompt, self._answered)):
            self.app.push_screen(prompt, self._answered)

    def _answered(self, key: str | None) -> None:
        self._prompting = False
        decision = self.session.pending
        if decision is None:
            return
        result = self.session.answer(self.seat, key if key is not None else decision.default)
        if not result.ok:
            self.notify(result.reason, severity="warning")
        if self.session.pending is not None and not self._prompting:
            # After the session's update (already queued) is handled, so a test prompt shows the new dice.
            self.call_later(self._ask_if_pending)
        else:
            # The action is over: the keys belong to the map again, not to whatever list had them.
            self.query_one("#exp-map", TileMap).focus()

    def _track_test(self, events: Iterable[Event]) -> None:
        for event in events:
            self.test = track_roll(self.test, event, self._names)

    def _explain_harm(self, events: tuple[Event, ...]) -> None:
        """Queue a notice for each mortal wound or fainting; they show one at a time, before any question."""
        notices: list[ModalScreen[None]] = []
        for event in events:
            kind = type(event).__name__
            if kind == "MortalWoundRolled":
                notices.append(MortalWoundPrompt(mortal_info(event, events, self._names)))
            elif kind == "Fainted" and not any(type(e).__name__ == "MortalWoundRolled" for e in events):
                notices.append(FaintingPrompt(fainting_info(event, events, self._names)))
        if notices:
            self._notices = [*self._notices, *notices]
            if not self._notice_open and not self._prompting:
                self._next_notice()

    def _next_notice(self) -> None:
        if not self._notices:
            self._notice_open = False
            self._ask_if_pending()
            return
        notice, self._notices = self._notices[0], self._notices[1:]
        self._notice_open = True
        self.app.push_screen(notice, lambda _: self._next_notice())
