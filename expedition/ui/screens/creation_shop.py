"""Provides the starting shop: the party spends its silver before the first expedition (§5.1 step 6, §7.2)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from expedition.rules.character.adventurer import Character
from expedition.rules.core.errors import RuleError
from expedition.ui.creation_flow import CreationFlow, Ware, price_words
from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.marked_list import MarkedList


def ware_label(ware: Ware) -> str:
    """One line of the shop: the item and its price, or its price dice while nobody has asked."""
    if ware.price is None:
        return f"{ware.defn.name} — {price_words(ware.defn.category)}"
    return f"{ware.defn.name} — {ware.price} silver"


class StartingShopScreen(ModalScreen[None]):
    """The starting settlement's shop: ask a price (rolled once, §7.2), then buy; nothing is sold.

    Args:
        flow: The finished creation: its party pays and its price book keeps the prices.
        buyer: Who carries what is bought (the stash when it fits nowhere).
    """

    BINDINGS = [Binding("escape", "close", "Done shopping")]
    """Keys in the shop (the list takes arrows and Enter)."""

    SCREEN_NAME = "Starting shop"
    """Name shown in help."""
    HELP = (
        "Enter on an item asks its price the first time (rolled with its category's dice, then "
        "fixed) and buys it the next time. Nothing can be sold before the first expedition."
    )
    """Shown on the help screen."""

    def __init__(self, flow: CreationFlow, buyer: Character | None) -> None:
        super().__init__()
        self.flow = flow
        self.buyer = buyer

    def compose(self) -> ComposeResult:
        with Vertical(id="shop-box"):
            yield Static(id="shop-purse")
            yield MarkedList(id="shop-list")
            yield Static(id="shop-message")
        yield FittedFooter()

    def on_mount(self) -> None:
        box = self.query_one("#shop-box", Vertical)
        box.border_title = f"Starting shop — buying for {self.buyer.name if self.buyer else 'the stash'}"
        self._draw()
        self.query_one("#shop-list", MarkedList).focus()

    def _draw(self, message: str = "") -> None:
        party = self.flow.party
        assert party is not None
        self.query_one("#shop-purse", Static).update(
            f"Party silver: {party.silver}. Nothing can be sold before the first expedition."
        )
        shop = self.query_one("#shop-list", MarkedList)
        keep = shop.highlighted or 0
        shop.clear_options()
        shop.add_options([Option(ware_label(ware), id=ware.defn.key) for ware in self.flow.wares()])
        shop.highlighted = min(keep, max(shop.option_count - 1, 0))
        self.query_one("#shop-message", Static).update(message)

    @on(OptionList.OptionSelected, "#shop-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        defn = self.flow.options.items.get(event.option_id or "")
        if defn is None:
            return
        if defn.key not in self.flow.prices.prices:
            price = self.flow.ask_price(defn)
            self._draw(f"{defn.name} costs {price} silver here. Enter again to buy one.")
            return
        purse = self.flow.party.silver if self.flow.party is not None else 0
        try:
            item = self.flow.buy(defn, self.buyer)
        except RuleError as error:
            self._draw(str(error))
            return
        paid = purse - (self.flow.party.silver if self.flow.party is not None else 0)
        where = "the party stash" if not item.place else (self.buyer.name if self.buyer else "the stash")
        listed = self.flow.prices.prices[defn.key]
        why = f" (Street Wise: {listed - paid} off)" if paid < listed else ""
        self._draw(f"Bought {item.name} for {paid} silver{why}; it goes to {where}.")

    def action_close(self) -> None:
        """Leave the shop."""
        self.dismiss(None)
