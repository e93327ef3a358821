"""Provides the interlude screen's prompts: the seat's pending decisions, and the camp screen over it.

Each pending decision the seat owns opens a `DecisionPrompt`; the answer (or its default, when
the prompt is cancelled) goes back to the session. Camping out (house, §10.3) opens the camp
screen over the interlude while the rules hold a camp.
"""

from __future__ import annotations

from expedition.rules.core.decisions import Decision
from expedition.ui.screens.dungeon.camp_screen import CampScreen
from expedition.ui.screens.prompts import DecisionPrompt
from expedition.ui.screens.town.interlude_base import InterludeBase


class InterludeAsking(InterludeBase):
    """The interlude screen's prompt plumbing: asks this seat's decisions one at a time."""

    def _owned(self, decision: Decision) -> bool:
        owner = self.session.decision_owner(decision)
        return self.seat.kind.value == "host" or owner == self.seat.player

    def _ask_if_pending(self) -> None:
        decision = self.session.pending
        if decision is None or self._prompting or not self._owned(decision):
            return
        self._prompting = True
        who = self._names.get(decision.owner, decision.owner)
        self.app.push_screen(DecisionPrompt(decision, who), self._answered)

    def _answered(self, key: str | None) -> None:
        self._prompting = False
        decision = self.session.pending
        if decision is None:
            return
        result = self.session.answer(self.seat, key if key is not None else decision.default)
        if not result.ok:
            self.notify(result.reason, severity="warning")
        if self.session.pending is not None and not self._prompting:
            self._ask_if_pending()

    def _open_camp(self) -> None:
        """Camping out (house, §10.3): show the camp screen while the rules hold a camp."""
        if self.session.state.camp is None:
            return
        if not any(isinstance(screen, CampScreen) for screen in self.app.screen_stack):
            # The night's decisions wait until the camp screen has gone (it pops whatever is on top).
            self.app.push_screen(CampScreen(self.session, self.seat), lambda _: self._ask_if_pending())

    def _camp_closing(self) -> bool:
        # The camp broke but its screen is still up: it dismisses itself on the same update.

        state = self.session.state
        return state.camp is None and any(isinstance(s, CampScreen) for s in self.app.screen_stack)
