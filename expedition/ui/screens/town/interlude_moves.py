"""Provides the interlude screen's item handling: give, stash and take items, and day plans that name items.

Giving asks to whom (a `DecisionPrompt` over the seat's GiveItem options); a plan that sells or
repairs asks which items (an `ItemsPrompt`) and puts them into the PlanDay option. The keys for
the items list show only in the party section (house, §7.1).
"""

from __future__ import annotations

from textual import on
from textual.widgets import TabbedContent

from expedition.rules.character.adventurer import Character
from expedition.ui.screens.prompts import DecisionPrompt
from expedition.ui.screens.town.interlude_base import TABS, InterludeBase
from expedition.ui.screens.town.interlude_items import move_kind, receiver_question
from expedition.ui.screens.town.interlude_prompts import ItemsPrompt
from expedition.ui.screens.town.interlude_view import item_question
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
            kind = move_kind(verb, key)
            if kind:
                self.take(kind, key)
            return
        gives = [o for o in self.options_of("GiveItem") if o.target == key]
        question = receiver_question(self.view.state, actor, key, gives)
        if question is None:
            self.notify("Highlight an item the adventurer carries, with someone to give it to.", timeout=4)
            return

        def chosen(to: str | None) -> None:
            option = next((o for o in gives if o.arg("to") == to), None)
            if to and option is not None:
                self.submit_option(option)

        self.app.push_screen(DecisionPrompt(question, actor.name), chosen)

    # --- day plans that name items -----------------------------------------------------------------

    def _plan(self, actor: Character, key: str) -> None:
        plan = next((o for o in self.options_of("PlanDay") if o.target == key), None)
        if plan is None:
            return
        question = item_question(actor, key)
        if question is None:
            self.submit_option(plan)
            return

        def chosen(uids: tuple[int, ...] | None) -> None:
            if uids:
                self.submit(plan.completed(items=uids))

        self.app.push_screen(ItemsPrompt(*question), chosen)
