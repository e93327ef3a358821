"""Provides the interlude market (§7.2, §6.1, §9.4): stock by settlement size, prices rolled once, buying.

An item's availability is rolled with its category's risk dice for the settlement's size the
first time anyone asks for it, and its price with the category's price dice (§7.2); both then
hold until the next interlude. Haggle rerolls one price and keeps the new one; Trade network
rerolls one price and keeps the better, and rerolls one availability roll (§6.1). The price a
buyer pays adds food and settlement-doom modifiers (§10.4.4, §9.4) and Street Wise's discount.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.errors import IllegalAction, InvalidAction, RuleError
from expedition.rules.core.events import Event, Note
from expedition.rules.core.item_defs import Category, Item, ItemDef
from expedition.rules.core.skills import Skill
from expedition.rules.interlude.interlude_state import (
    DailyAction,
    InterludeState,
    current,
    interlude_content,
    interlude_member,
    new_item,
    receive,
)
from expedition.rules.items.prices import PRICE_DICE, street_wise_discount
from expedition.rules.trackers.doom import allowed_categories, price_surcharge

if TYPE_CHECKING:
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.interlude.settlement_defs import SettlementSize

FOOD: frozenset[str] = frozenset({"ration", "special_ration", "wine", "wine_of_yoros"})
"""House (HOUSE §4.4): the items whose prices harvest events change."""


def stock_odds(size: SettlementSize, category: Category) -> Fraction:
    """The chance an item of `category` is in stock in a settlement of this size (§7.2)."""
    availability = size.availability(category)
    if availability.always:
        return Fraction(1)
    if availability.never:
        return Fraction(0)
    return 1 - Fraction(5, 6) ** availability.risk_dice


def _roll_stock(ctx: Context, size: SettlementSize, defn: ItemDef, who: str) -> bool:
    availability = size.availability(defn.category)
    if availability.always or availability.never:
        return availability.always
    why = f"whether the {defn.name} is for sale"
    faces = ctx.roll(availability.risk_dice, 6, who=who, why=why, rule="§7.2")
    return risk_triggered(faces)


def in_stock(ctx: Context, interlude: InterludeState, size: SettlementSize, defn: ItemDef, who: str) -> bool:
    """Whether the item is for sale this interlude, rolling its availability the first time (§7.2)."""
    if defn.key not in interlude.stock:
        found = _roll_stock(ctx, size, defn, who)
        interlude.stock[defn.key] = found
        ctx.emit(StockRolled(rule="§7.2", item=defn.key, in_stock=found))
    return interlude.stock[defn.key]


def _roll_price(ctx: Context, defn: ItemDef, who: str, why: str) -> int:
    dice = PRICE_DICE.get(defn.category)
    return 0 if dice is None else ctx.roll_expr(dice, who=who, why=why, rule="§7.2")


def base_price(ctx: Context, interlude: InterludeState, defn: ItemDef, who: str) -> int:
    """The item's rolled price this interlude, rolling it the first time (§7.2)."""
    if defn.key not in interlude.prices:
        price = _roll_price(ctx, defn, who, f"price of {defn.name}")
        interlude.prices[defn.key] = price
        ctx.emit(PriceRolled(rule="§7.2", item=defn.key, price=price))
    return interlude.prices[defn.key]


def price_for(state: CampaignState, interlude: InterludeState, defn: ItemDef, buyer: Character) -> int | None:
    """What `buyer` pays for the item today, or None while its price is unknown.

    Food costs double in a bad harvest and half (rounded down, at least 1) in a good one
    (§10.4.4); Street Wise takes 1 off a common item, to at least 1 (§6.1); settlement doom
    adds its surcharge (§9.4).
    """
    price = _harvest_price(interlude, defn)
    if price is None:
        return None
    price -= street_wise_discount(defn, buyer, price)
    return price + price_surcharge(state.locations[interlude.settlement].doom.filled)


def _harvest_price(interlude: InterludeState, defn: ItemDef) -> int | None:
    # The rolled price after the harvest (§10.4.4), before the buyer's skills and the doom surcharge.
    price = interlude.prices.get(defn.key)
    if price is None or defn.key not in FOOD or not price:
        return price
    if interlude.good_harvest:
        return max(1, price // 2)
    return price * 2 if interlude.bad_harvest else price


def verify_shopping(state: CampaignState, buyer: Character) -> InterludeState:
    """Raise unless `buyer` is out shopping today (§10.4.3); the shops are shut on the day of return.

    Raises:
        IllegalAction: With the reason.
    """
    interlude = current(state)
    if interlude.arrival:
        raise IllegalAction("The party came back today; the shops open tomorrow.")
    if not any(p.action is DailyAction.GO_SHOPPING for p in interlude.plans_of(buyer.id)):
        raise IllegalAction(f"{buyer.name} did not go shopping today.")
    return interlude


@dataclass(frozen=True, slots=True)
class Ware:
    """What the market's checks need of an item: its key, its name and its price category (§7.2)."""

    key: str
    name: str
    category: Category

    @classmethod
    def of(cls, defn: ItemDef) -> Ware:
        """The ware an item definition describes."""
        return cls(defn.key, defn.name, defn.category)


def verify_market(state: CampaignState, buyer: Character, defn: ItemDef | Ware) -> InterludeState:
    """Raise unless `buyer` may deal for the item now: out shopping today, and doom lets them (§9.4).

    The guards (with the `Ware` the interlude wrote down on arrival) and the verbs (with the
    world's definition) both ask this, so what one refuses the other refuses too.

    Raises:
        IllegalAction: With the reason.
    """
    ware = defn if isinstance(defn, Ware) else Ware.of(defn)
    interlude = verify_shopping(state, buyer)
    if ware.category is Category.FREE:
        raise IllegalAction(f"Nobody sells {ware.name}; it is free to take.")
    doom = state.locations[interlude.settlement].doom.filled
    if ware.category not in allowed_categories(doom):
        raise IllegalAction(f"The merchants will not sell {ware.category.value} goods to the party now.")
    if interlude.stock.get(ware.key) is False:
        raise IllegalAction(f"There is no {ware.name} to be had this interlude.")
    return interlude


def stock_reroll(state: CampaignState, buyer: Character, key: str) -> bool:
    """True when Trade network would reroll the item's failed availability (§6.1), not its price."""
    interlude = state.interlude
    return (
        interlude is not None
        and interlude.stock.get(key) is False
        and buyer.has(Skill.TRADE_NETWORK)
        and buyer.id not in interlude.traded_stock
    )


def ask_price(
    ctx: Context, state: CampaignState, size: SettlementSize, buyer: Character, defn: ItemDef
) -> int | None:
    """Look for the item: roll its availability and then its price, if not yet rolled (§7.2).

    Returns:
        The buyer's price today, or None when it is not in stock.
    """
    interlude = verify_market(state, buyer, defn)
    if not in_stock(ctx, interlude, size, defn, buyer.id):
        return None
    base_price(ctx, interlude, defn, buyer.id)
    return price_for(state, interlude, defn, buyer)


def buy(
    ctx: Context, state: CampaignState, size: SettlementSize, buyer: Character, defn: ItemDef
) -> Item | None:
    """Buy one item (one pack) from the party's silver (§10.4.3 Go shopping, §7.2).

    Returns:
        The item, or None when it turned out not to be in stock or too dear (the rolls stay rolled).
    """
    price = ask_price(ctx, state, size, buyer, defn)
    if price is None:
        ctx.emit(OutOfStock(rule="§7.2", character=buyer.id, item=defn.key))
        return None
    if price > state.silver:
        ctx.emit(
            Note(rule="§7.2", text=f"The {defn.name} costs {price} silver; the party has {state.silver}.")
        )
        return None
    state.silver -= price
    item = new_item(state, defn)
    before = _harvest_price(current(state), defn)
    why = "Street Wise" if before is not None and street_wise_discount(defn, buyer, before) > 0 else ""
    ctx.emit(
        ItemBought(rule="§10.4.3", character=buyer.id, item=item.uid, name=item.name, price=price, why=why)
    )
    receive(ctx, state, buyer, item, rule="§10.4.3")
    return item


def verify_haggle(
    state: CampaignState, buyer: Character, defn: ItemDef | Ware, *, trade: bool
) -> InterludeState:
    """Raise unless `buyer` may Haggle (or use Trade network, `trade=True`) on the item now (§6.1).

    Trade network on an item found missing rerolls its availability instead (`stock_reroll`);
    that needs only a shopping trip (`verify_shopping`).
    """
    if trade and stock_reroll(state, buyer, defn.key):
        return verify_shopping(state, buyer)
    interlude = verify_market(state, buyer, defn)
    skill = Skill.TRADE_NETWORK if trade else Skill.HAGGLE
    if not buyer.has(skill):
        what, title = ("use Trade network", "Trade network") if trade else ("haggle", "Haggle")
        raise IllegalAction(f"{buyer.name} cannot {what}: it takes the {title} skill.")
    used = interlude.traded_price if trade else interlude.haggled
    if buyer.id in used:
        raise IllegalAction(f"{buyer.name} has already used that this interlude.")
    return interlude


def haggle(
    ctx: Context, state: CampaignState, size: SettlementSize, buyer: Character, defn: ItemDef
) -> int | None:
    """Haggle (§6.1): roll the price if needed, then reroll it once; the new price must be taken.

    Returns:
        The new base price, or None when the item turned out not to be in stock (the roll stays).
    """
    interlude = verify_haggle(state, buyer, defn, trade=False)
    if not in_stock(ctx, interlude, size, defn, buyer.id):  # rolled just now: nothing to haggle over
        ctx.emit(OutOfStock(rule="§7.2", character=buyer.id, item=defn.key))
        return None
    old = base_price(ctx, interlude, defn, buyer.id)
    new = _roll_price(ctx, defn, buyer.id, f"haggling over {defn.name}")
    interlude.prices[defn.key] = new
    interlude.haggled.append(buyer.id)
    ctx.emit(PriceRerolled(rule="§6.1", character=buyer.id, item=defn.key, old=old, new=new, kept=new))
    return new


def trade_network(
    ctx: Context, state: CampaignState, size: SettlementSize, buyer: Character, defn: ItemDef
) -> int | None:
    """Trade network (§6.1): reroll a failed availability roll once, else reroll the price keeping the better.

    Returns:
        The base price kept, or None when the item is still not in stock.
    """
    if stock_reroll(state, buyer, defn.key):
        interlude = verify_shopping(state, buyer)
        interlude.traded_stock.append(buyer.id)
        found = _roll_stock(ctx, size, defn, buyer.id)
        interlude.stock[defn.key] = found
        ctx.emit(StockRolled(rule="§6.1", item=defn.key, in_stock=found))
        return base_price(ctx, interlude, defn, buyer.id) if found else None
    interlude = verify_haggle(state, buyer, defn, trade=True)
    if not in_stock(ctx, interlude, size, defn, buyer.id):
        return None
    old = base_price(ctx, interlude, defn, buyer.id)
    new = _roll_price(ctx, defn, buyer.id, f"trade network on {defn.name}")
    kept = min(old, new)
    interlude.prices[defn.key] = kept
    interlude.traded_price.append(buyer.id)
    ctx.emit(PriceRerolled(rule="§6.1", character=buyer.id, item=defn.key, old=old, new=new, kept=kept))
    return kept


@dataclass(frozen=True, slots=True, kw_only=True)
class StockRolled(Event):
    """Whether an item is for sale this interlude was rolled (§7.2)."""

    item: str
    in_stock: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PriceRolled(Event):
    """An item's price for this interlude was rolled (§7.2)."""

    item: str
    price: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PriceRerolled(Event):
    """Haggle or Trade network rerolled a price (§6.1); `kept` is the price that now holds."""

    character: str
    item: str
    old: int
    new: int
    kept: int


@dataclass(frozen=True, slots=True, kw_only=True)
class OutOfStock(Event):
    """Someone looked for an item that is not for sale this interlude."""

    character: str
    item: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemBought(Event):
    """An adventurer bought an item in the settlement (§10.4.3)."""

    character: str
    item: int
    name: str
    price: int
    why: str = ""
    """What lowered the price, when a rule did ("Street Wise"); empty otherwise."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AskPrice(Action):
    """Look for an item at the market: its availability, then its price, are rolled once (§7.2)."""

    item: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Buy(Action):
    """Buy one of an item (one pack) with the party's silver (§10.4.3 Go shopping)."""

    item: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Haggle(Action):
    """Haggle (§6.1): reroll one item's price once this interlude and take the new price."""

    item: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TradeNetwork(Action):
    """Trade network (§6.1): reroll a missing item's availability once, else a price keeping the better."""

    item: str


def verify_market_action(state: CampaignState, action: AskPrice | Buy | Haggle | TradeNetwork) -> None:
    # The guard sees no world: it judges the item by the wares the interlude wrote down on arrival,
    # through the very checks the verbs make with the world's definition.
    member = interlude_member(state, action)
    if not action.item:
        raise InvalidAction("name the item")
    interlude = _verify_dealer(state, member, type(action))
    _verify_ware(state, member, interlude, action)


def _verify_dealer(state: CampaignState, member: Character, kind: type[Action]) -> InterludeState:
    """What the market asks of the one dealing, whatever the ware: out shopping, and the skill."""
    interlude = verify_shopping(state, member)
    skill = {Haggle: Skill.HAGGLE, TradeNetwork: Skill.TRADE_NETWORK}.get(kind)
    if skill is not None and not member.has(skill):
        what = "use Trade network" if skill is Skill.TRADE_NETWORK else "haggle"
        title = skill.value.replace("_", " ").capitalize()
        raise IllegalAction(f"{member.name} cannot {what}: it takes the {title} skill.")
    return interlude


def _verify_ware(
    state: CampaignState,
    member: Character,
    interlude: InterludeState,
    action: AskPrice | Buy | Haggle | TradeNetwork,
) -> None:
    """What the market asks of the ware itself, once the one dealing may deal."""
    if not interlude.wares:  # an interlude from before the wares were written down: the verb checks
        if interlude.stock.get(action.item) is False and not stock_reroll(state, member, action.item):
            raise IllegalAction(f"There is no {action.item.replace('_', ' ')} to be had this interlude.")
        return
    category = interlude.wares.get(action.item)
    if category is None:
        raise InvalidAction(f"There is no item called {action.item!r}.")
    ware = Ware(action.item, action.item.replace("_", " "), category)
    if isinstance(action, Haggle | TradeNetwork):
        verify_haggle(state, member, ware, trade=isinstance(action, TradeNetwork))
    else:
        verify_market(state, member, ware)


MarketDealing = type[AskPrice] | type[Buy] | type[Haggle] | type[TradeNetwork]


def market_refusals(
    state: CampaignState, actor: str, items: Sequence[str], kinds: Sequence[MarketDealing]
) -> tuple[str, ...]:
    """Why each dealing (every kind for each item, item by item) is refused, "" where it is allowed.

    Word for word what `verify_market_action` would raise for each, but the checks on the one
    dealing (with the party, out shopping, the skill) are made once per kind, not once per ware: a
    market view judges some 150 dealings per adventurer.
    """
    dealer: dict[MarketDealing, tuple[Character, InterludeState] | str] = {}
    for kind in kinds:
        try:
            member = interlude_member(state, kind(actor=actor, item="-"))
            dealer[kind] = (member, _verify_dealer(state, member, kind))
        except RuleError as refused:
            dealer[kind] = str(refused) or "Not possible now."
    found: list[str] = []
    for item in items:
        for kind in kinds:
            judged = dealer[kind]
            if isinstance(judged, str):
                found.append(judged)
                continue
            try:
                _verify_ware(state, judged[0], judged[1], kind(actor=actor, item=item))
                found.append("")
            except RuleError as refused:
                found.append(str(refused) or "Not possible now.")
    return tuple(found)


def _size(ctx: Context, state: CampaignState) -> Any:
    return interlude_content(ctx).settlement_size(current(state).settlement)


def _ware(ctx: Context, key: str) -> ItemDef:
    defn = interlude_content(ctx).items.get(key)
    if defn is None:
        raise InvalidAction(f"There is no item called {key!r}.")
    return defn


def market_ask(ctx: Context, state: CampaignState, action: AskPrice) -> Resolution[None]:
    defn = _ware(ctx, action.item)
    ask_price(ctx, state, _size(ctx, state), state.character(action.actor), defn)
    return
    yield


def market_buy(ctx: Context, state: CampaignState, action: Buy) -> Resolution[None]:
    defn = _ware(ctx, action.item)
    buy(ctx, state, _size(ctx, state), state.character(action.actor), defn)
    return
    yield


def market_haggle(ctx: Context, state: CampaignState, action: Haggle) -> Resolution[None]:
    defn = _ware(ctx, action.item)
    haggle(ctx, state, _size(ctx, state), state.character(action.actor), defn)
    return
    yield


def market_trade(ctx: Context, state: CampaignState, action: TradeNetwork) -> Resolution[None]:
    defn = _ware(ctx, action.item)
    trade_network(ctx, state, _size(ctx, state), state.character(action.actor), defn)
    return
    yield
