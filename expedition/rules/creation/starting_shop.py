"""Provides shopping with starting silver before the first expedition (§5.1 step 6, §7.2): prices and buying.

Each item's price is rolled with its category's price dice the first time someone asks for it,
and then holds for the whole party until a new interlude begins (§7.2); a `PriceBook` keeps
those prices. Nothing may be sold before the first expedition (§5.1 step 6).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import Party
from expedition.rules.core.context import Context
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Category, Item, ItemDef
from expedition.rules.creation.starting_kit import outfit, stash
from expedition.rules.items.prices import PRICE_DICE, street_wise_discount


@dataclass(slots=True)
class PriceBook:
    """Prices rolled this interlude, by item key (§7.2)."""

    prices: dict[str, int] = field(default_factory=dict)


def price_of(
    ctx: Context, book: PriceBook, defn: ItemDef, table: Mapping[Category, DiceExpr] = PRICE_DICE
) -> int:
    """The item's price this interlude, rolling it with its category's dice the first time (§7.2)."""
    if defn.key in book.prices:
        return book.prices[defn.key]
    dice = table.get(defn.category)
    price = 0 if dice is None else ctx.roll_expr(dice, who="party", why=f"price of {defn.name}", rule="§7.2")
    book.prices[defn.key] = price
    ctx.emit(StartingPriceRolled(rule="§7.2", item=defn.key, price=price))
    return price


def verify_buy(party: Party, price: int, defn: ItemDef) -> None:
    """Raise unless the party can pay `price` for the item.

    Raises:
        IllegalAction: When the purse holds too little.
    """
    if price > party.silver:
        raise IllegalAction(f"The {defn.name} costs {price} silver; the party has {party.silver}.")


def can_buy(party: Party, price: int, defn: ItemDef) -> bool:
    """True if `verify_buy` would allow it."""
    return price <= party.silver


def buy(
    ctx: Context,
    party: Party,
    defn: ItemDef,
    book: PriceBook,
    *,
    buyer: Character | None = None,
    table: Mapping[Category, DiceExpr] = PRICE_DICE,
) -> Item:
    """Buy one item (one pack) with the party's silver at this interlude's price (§5.1 step 6, §7.2).

    A buyer with Street Wise pays 1 silver less for a common item, as in the market (§6.1).

    Args:
        ctx: Dice and event log.
        party: Pays, and hands out the new item's uid.
        defn: What to buy.
        book: Prices already rolled this interlude; the item's price is rolled on first use.
        buyer: Who carries it (put where it fits); None, or no room, sends it to the stash.
        table: Price dice by category (a settlement may use other dice).

    Returns:
        The new item.

    Raises:
        IllegalAction: When the party cannot pay (the price stays rolled).
    """
    price = price_of(ctx, book, defn, table)
    if buyer is not None:  # Blacksalt's street vendors know a local when they see one (§6.1)
        price -= street_wise_discount(defn, buyer, price)
    verify_buy(party, price, defn)
    party.silver -= price
    item = party.new_item(defn)
    ctx.emit(
        StartingGearBought(
            rule="§5.1", item=item.uid, name=item.name, price=price, buyer=buyer.id if buyer else ""
        )
    )
    if buyer is None:
        stash(ctx, party, item, rule="§5.1")
    else:
        outfit(ctx, party, buyer, [item], rule="§5.1")
    return item


def verify_sell(*, first_expedition_done: bool) -> None:
    """Raise while selling is not allowed: nothing is sold before the first expedition (§5.1 step 6).

    Raises:
        IllegalAction: Before the first expedition.
    """
    if not first_expedition_done:
        raise IllegalAction("Nothing can be sold before the first expedition.")


@dataclass(frozen=True, slots=True, kw_only=True)
class StartingPriceRolled(Event):
    """An item's price was set for this interlude (§7.2)."""

    item: str
    price: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StartingGearBought(Event):
    """The party bought an item with its silver before setting out.

    Attributes:
        item: The new item's uid.
        name: Its name.
        price: Silver paid.
        buyer: Who carries it ("" when it went to the stash).
    """

    item: int
    name: str
    price: int
    buyer: str
