"""Provides the interlude screen's words: market rows with odds, the day's plans, beds and their tables.

Pure functions of the campaign state and the world's content, so they can be tested without
Textual. Odds are exact fractions shown as percentages: an item's availability (its risk dice,
§7.2), a haggle's chance of a lower price (§6.1) and each row of a sleeping place's table (§10.4.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.insight import InsightSpend, SpendKind, insight_cost
from expedition.rules.character.progression import skill_after_learning
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.item_defs import Category
from expedition.rules.core.odds import table_odds
from expedition.rules.core.skills import Skill
from expedition.rules.core.wording import listed, plural
from expedition.rules.interlude.interlude_state import DailyAction, InterludeContent, InterludeState
from expedition.rules.interlude.market import FOOD, stock_odds
from expedition.rules.items.prices import PRICE_DICE
from expedition.rules.items.slots import capacity, slots_used
from expedition.session.seat_view import SeatOption

if TYPE_CHECKING:
    from expedition.rules.core.roll_tables import RollTable
    from expedition.rules.engine.campaign import CampaignState

SIZE_NAMES = {1: "Small Camp", 2: "Hamlet", 3: "Fief", 4: "Stronghold", 5: "City"}
"""Settlement sizes in the rulebook's words (§10.4.2)."""
HIDDEN_DOOM = "??"
"""Shown for a settlement doom the seat may not see (known to exist, value hidden)."""


def percent(chance: Fraction | float) -> str:
    """A chance as a whole percentage; "<1%" and ">99%" for the near-certain ends."""
    value = float(chance)
    if 0 < value < 0.005:
        return "<1%"
    if 0.995 < value < 1:
        return ">99%"
    return f"{value * 100:.0f}%"


def expr_odds(dice: DiceExpr) -> dict[int, Fraction]:
    """The exact distribution of a d6 dice expression's total (price dice: `2 + 2d6`, `5 x 3d6`)."""
    return {dice.multiplier * total + dice.bonus: chance for total, chance in table_odds(dice.count).items()}


def haggle_odds(dice: DiceExpr, price: int) -> tuple[Fraction, Fraction]:
    """The chances a reroll of the price dice comes out lower, and higher, than `price` (§6.1)."""
    odds = expr_odds(dice)
    lower = sum((c for total, c in odds.items() if total < price), Fraction(0))
    higher = sum((c for total, c in odds.items() if total > price), Fraction(0))
    return lower, higher


@dataclass(frozen=True, slots=True)
class Ware:
    """One line of the market.

    Attributes:
        key: The item's key.
        name: Its name.
        category: Its price category.
        dice: Its price dice, in words.
        price: What the buyer pays today, or None while its price is unrolled.
        base: Its rolled price before modifiers, or None.
        stock: Availability in words: "in stock", "none", "always", or the risk dice.
        odds: The chance it is in stock, before it is rolled (None once known).
        refused: Why the merchants will not sell it now ("" when they will).
    """

    key: str
    name: str
    category: Category
    dice: str
    price: int | None
    base: int | None
    stock: str
    odds: Fraction | None
    refused: str = ""


def wares(interlude: InterludeState, content: InterludeContent, asks: Sequence[SeatOption]) -> list[Ware]:
    """Every item a settlement's shops could sell, cheapest category first, with price and availability.

    Args:
        interlude: The interlude under way.
        content: The settlement content.
        asks: The buyer's AskPrice options (`town_options`): one per item, in the market's order, its
            cost the buyer's price today and its detail why the merchants refuse it, if they do.
    """
    size = content.settlement_size(interlude.settlement)
    found: list[Ware] = []
    for ask in asks:
        defn = content.items[ask.target]
        availability = size.availability(defn.category)
        known = interlude.stock.get(defn.key)
        odds: Fraction | None = None
        if known is True or availability.always:
            stock = "in stock" if known else "always"
        elif known is False:
            stock = "none"
        else:
            odds = stock_odds(size, defn.category)
            stock = f"{availability} {percent(odds)}"
        price = ask.cost if interlude.prices.get(defn.key) is not None else None
        found.append(
            Ware(defn.key, defn.name, defn.category, str(PRICE_DICE[defn.category]), price,
                 interlude.prices.get(defn.key), stock, odds, ask.detail)
        )  # fmt: skip
    return found


def ware_line(ware: Ware) -> str:
    """One market line in columns: name, category, price (or its dice), availability."""
    price = f"{ware.price} silver" if ware.price is not None else f"{ware.dice}"
    stock = ware.refused or ware.stock
    return f"{ware.name[:24]:<24} {ware.category.value:<9} {price:>9}  {stock}"


MARKET_HEADING = f"{'Item':<24} {'Category':<9} {'Price':>9}  Availability (risk dice, odds)"
"""The column heads over the market list."""


def free_slots(character: Character) -> int:
    """Inventory slots the character has left (§7.1)."""
    return max(0, capacity(character) - slots_used(character))


def skill_word(interlude: InterludeState, buyer: Character, skill: Skill) -> str:
    """Whether `buyer` can still use Haggle or Trade network this interlude, in a word."""
    if not buyer.has(skill):
        return "no"
    used = interlude.haggled if skill is Skill.HAGGLE else interlude.traded_price
    return "used" if buyer.id in used else "ready"


def purse_line(state: CampaignState, interlude: InterludeState, buyer: Character | None) -> str:
    """The buyer, the party's silver, the buyer's free slots and their haggling skills."""
    if buyer is None:
        return f"{state.silver} silver · nobody can shop"
    shopping = any(p.action is DailyAction.GO_SHOPPING for p in interlude.plans_of(buyer.id))
    return (
        f"Buyer: {buyer.name} · {state.silver} silver · {plural(free_slots(buyer), 'free slot')} · "
        f"Haggle: {skill_word(interlude, buyer, Skill.HAGGLE)} · "
        f"Trade network: {skill_word(interlude, buyer, Skill.TRADE_NETWORK)}"
        + ("" if shopping else " · not shopping today (plan Go shopping on the Day tab)")
    )


def ware_detail(ware: Ware | None) -> str:
    """What the highlighted item's rolls would be: its price dice, availability odds, a haggle's odds."""
    if ware is None:
        return ""
    lines = [f"{ware.name}: {ware.category.value}, price {ware.dice} silver."]
    if ware.odds is not None:
        lines.append(f"Availability: {ware.stock.split()[0]} — in stock on any 1: {percent(ware.odds)}.")
    if ware.base is not None:
        lower, higher = haggle_odds(PRICE_DICE[ware.category], ware.base)
        lines.append(
            f"Rolled price {ware.base}; a haggle rerolls {ware.dice}: lower {percent(lower)}, "
            f"same {percent(1 - lower - higher)}, higher {percent(higher)} (Trade network keeps the better)."
        )
    return "\n".join(lines)


# --- the day ---------------------------------------------------------------------------------


PLAN_WORDS = {
    DailyAction.REST: "Rest",
    DailyAction.TEND_WOUNDS: "Tend wounds",
    DailyAction.SELL: "Sell",
    DailyAction.GO_SHOPPING: "Go shopping",
    DailyAction.LAY_LOW: "Lay low",
    DailyAction.REPAIR_ARMOUR: "Repair armour",
}
"""Daily actions in words (§10.4.3)."""
OPTION_WORDS = {
    "entertainment": "entertainment, 2 silver",
    "drunk": "getting very drunk, 1 silver",
    "bucolic": "bucolic rest",
    "surgeon": "surgeon, 4 silver",
    "witch_doctor": "witch doctor, 2 silver",
    "first_aid": "first aid kit",
    "time": "time heals all wounds",
}
"""The optional extras of Rest and Tend wounds, with their price (§10.4.3)."""


def plan_words(action: DailyAction, option: str = "") -> str:
    """A daily action and its extra in words."""
    extra = OPTION_WORDS.get(option, option.replace("_", " "))
    return PLAN_WORDS[action] + (f" ({extra})" if extra else "")


def plan_lines(state: CampaignState, interlude: InterludeState) -> list[str]:
    """Each living adventurer and what they announced today."""
    lines: list[str] = []
    for number, member in enumerate(state.living, start=1):
        plans = interlude.plans_of(member.id)
        names = {item.uid: item.name for item in member.items}
        words = [
            plan_words(p.action, p.option)
            + (f": {', '.join(names.get(u, str(u)) for u in p.items)}" if p.items else "")
            for p in plans
        ]
        if interlude.arrival:
            doing = "back from the expedition; only the night is left"
        else:
            doing = "; ".join(words) or "nothing announced yet"
        lines.append(f"{number}. {member.name}: {doing}")
    return lines


def event_lines(interlude: InterludeState, content: InterludeContent | None) -> list[str]:
    """Today's Blacksalt event (§10.4.4), by the names of its rows."""
    if not interlude.events:
        return ["No event yet today (the first morning's event is rolled when this night ends)."]
    names: list[str] = []
    table_key = "blacksalt"
    for key in interlude.events:
        name = key.replace("_", " ")
        if content is not None:
            try:
                row = content.roll_table(table_key).row(key)
                name = row.name
                step = row.effect.options[0][0] if len(row.effect.options) == 1 else None
                table_key = step.args[0] if step is not None and step.verb == "roll_table" else table_key
            except (KeyError, IndexError, LookupError):
                pass
        names.append(name)
    return ["Event of the day: " + " → ".join(names)]


def price_lines(
    state: CampaignState, interlude: InterludeState, content: InterludeContent | None = None
) -> list[str]:
    """The price effects in force today (§10.4.4, §9.4); food is named as the market names it."""
    lines: list[str] = []
    if interlude.bad_harvest:
        lines.append(f"Bad harvest: food ×2 ({plural(interlude.bad_harvest, 'day')} left)")
    if interlude.good_harvest:
        lines.append("Good harvest: food ×½ today")
    if interlude.overcrowding:
        lines.append(f"Overcrowding: housing ×2 ({plural(interlude.overcrowding, 'day')} left)")
    if interlude.empty_streets:
        lines.append("Empty streets: housing ×½ today")
    if interlude.naive_investor:
        lines.append("Naive investor: sales fetch +50 % today")
    items = content.items if content is not None else {}
    food = listed([items[key].name if key in items else key.replace("_", " ") for key in sorted(FOOD)])
    return lines or [f"Ordinary prices (food: {food})."]


# --- the night -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bed:
    """A place to sleep tonight as the night section lists it.

    Attributes:
        key: The sleeping place's key.
        name: Its name.
        cost: Silver per sleeper tonight.
        refused: Why the acting adventurer cannot sleep there ("" when they can).
        text: What the place is like.
        table: Its roll table, when the content has it.
    """

    key: str
    name: str
    cost: int
    refused: str
    text: str
    table: RollTable | None


def table_lines(table: RollTable | None) -> list[str]:
    """Each row of a 2d6 (or Nd6) table with its exact chance (§10.4.5)."""
    if table is None:
        return []
    odds = expr_odds(table.dice)
    lines = [f"{table.name} ({table.dice}):"]
    for row in table.rows:
        chance = sum((c for total, c in odds.items() if row.covers(total)), Fraction(0))
        lines.append(f"  {row.label:>5}  {percent(chance):>4}  {row.name}")
    return lines


def bed_line(bed: Bed, sleepers: Sequence[str]) -> str:
    """One night line: the place, its cost, who sleeps there, and why not if the actor cannot."""
    cost = f"{bed.cost} silver" if bed.cost else "free"
    who = f" · {', '.join(sleepers)}" if sleepers else ""
    return f"{bed.name[:22]:<22} {cost:>9}{who}" + (f"  — {bed.refused}" if bed.refused else "")


# --- insight ---------------------------------------------------------------------------------


def spend_words(spend: InsightSpend, character: Character | None = None) -> str:
    """An insight spend in words, with its cost (§10.5.4); learning a known skill says what it becomes."""
    cost = insight_cost(spend)
    if spend.kind is SpendKind.MOVE_SCORE:
        what = f"Move 1 score from {spend.source} to {spend.attr}"
    elif spend.kind is SpendKind.LEARN_SKILL and spend.skill is not None:
        what = f"Learn {spend.skill.value.replace('_', ' ')}"
        if character is not None and spend.skill in character.skills:
            better = skill_after_learning(character, spend.skill)
            if better is not None:
                what += f" again: it becomes {better.value.replace('_', ' ')}"
    elif spend.kind is SpendKind.REMOVE_TRAUMA and spend.trauma is not None:
        what = f"Remove trauma: {spend.trauma.value.replace('_', ' ')}"
    elif spend.kind is SpendKind.RAISE_LOWEST_SCORE:
        what = f"+1 score on the lowest attribute ({spend.attr})"
    elif spend.kind is SpendKind.RAISE_SCORE:
        what = f"+1 score on {spend.attr}"
    else:
        what = f"+1 proficiency on {spend.attr}"
    return f"{what} — {cost} insight"
