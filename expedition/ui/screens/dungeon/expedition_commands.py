"""Provides the command palette entries of the expedition screen: every action it offers now."""

from __future__ import annotations

from functools import partial
from typing import Protocol, runtime_checkable

from textual.command import DiscoveryHit, Hit, Hits, Provider

from expedition.rules.core.wording import plural
from expedition.ui.widgets.action_bar import ActionChoice


@runtime_checkable
class OffersActions(Protocol):
    """A screen with an action bar (the expedition screen): what it offers, and doing one of them."""

    def choices(self) -> list[ActionChoice]:
        """The actions offered now."""
        ...

    def do(self, choice: ActionChoice) -> None:
        """Do one of them."""
        ...


class ActionCommands(Provider):
    """Command palette entries for every action available on the expedition screen."""

    def _choices(self) -> list[ActionChoice]:
        screen = self.screen
        return screen.choices() if isinstance(screen, OffersActions) else []

    async def discover(self) -> Hits:
        screen = self.screen
        for choice in self._choices():
            if choice.enabled and isinstance(screen, OffersActions):
                yield DiscoveryHit(choice.label, partial(screen.do, choice), help=_help(choice))

    async def search(self, query: str) -> Hits:
        screen = self.screen
        matcher = self.matcher(query)
        for choice in self._choices():
            score = matcher.match(choice.label)
            if score > 0 and choice.enabled and isinstance(screen, OffersActions):
                yield Hit(
                    score, matcher.highlight(choice.label), partial(screen.do, choice), help=_help(choice)
                )


def _help(choice: ActionChoice) -> str:
    unit = choice.unit or "turn"
    cost = plural(choice.cost, unit) if choice.cost else "free"
    return f"Costs {cost}" + (f" · key {choice.key}" if choice.key else "")
