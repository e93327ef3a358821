"""Provides the interlude screen's item handling: give, stash and take items, and day plans that name items.

Giving asks to whom (a `DecisionPrompt`); a plan that sells or repairs asks which items (an
`ItemsPrompt`). The keys for the items list show only in the party section (house, §7.1).
"""

from __future__ import annotations

from textual import on
from textual.widgets import TabbedContent

from expedition.rules.character.adventurer import Character
from expedition.ui.screens.prompts import DecisionPrompt
from expedition.ui.screens.town.interlude_base import TABS, InterludeBase
from expedition.ui.screens.town.interlude_items import move_action, receiver_question
from expedition.ui.screens.town.interlude_prompts import ItemsPrompt
from expedition.ui.screens.town.interlude_view import item_question, plan_action
from expedition.ui.widgets.interlude_panels import StashSection


class InterludeMoves(InterludeBase):
    """The interlude screen's actions on items: the party section's items and stash, and item plans."""

    # --- items and the stash (house, §7.1) -------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show the item keys only in the party section."""
        if action in ("items", "move"):
            return self.query_one("#int-tabs", TabbedContent).active == TABS["party"]
        return True

    @on(TabbedContent.TabActivated)
    def _tab_changed(self, _: TabbedContent.TabActivated) -> None:
        self.refresh_bindings()

    def action_items(self) -> None:
        """Focus the list of the actor's items and the stash."""
        self.query_one("#stash", StashSection).options.focus()

    def action_move(self, verb: str) -> None:
        """Give, stash or take the highlighted line of the items list."""
        actor = self.actor
        if actor is not None:
            self._move(actor, verb, self.query_one("#stash", StashSection).highlighted)

    def _move(self, actor: Character, verb: str, key: str) -> None:
        if verb != "give":
            action = move_action(actor, verb, key)
            if action is not None:
                self.submit(action)
            return
        question = receiver_question(self.session.state, actor, key)
        if question is None:
            self.notify("Highlight an item the adventurer carries, with someone to give it to.", timeout=4)
            return

        def chosen(to: str | None) -> None:
            action = move_action(actor, "give", key, to or "")
            if to and action is not None:
                self.submit(action)

        self.app.push_screen(DecisionPrompt(question, actor.name), chosen)

    # --- day plans that name items -----------------------------------------------------------------

    def _plan(self, actor: Character, key: str) -> None:

        question = item_question(actor, key)
        if question is None:
            action = plan_action(actor, key, ())
            if action is not None:
                self.submit(action)
            return

        def chosen(uids: tuple[int, ...] | None) -> None:
            action = plan_action(actor, key, uids or ())
            if uids and action is not None:
                self.submit(action)

        self.app.push_screen(ItemsPrompt(*question), chosen)
