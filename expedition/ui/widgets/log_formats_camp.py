"""Provides the log's words for camp and the interlude: rest, food, the market, beds and silver.

Doom stays hidden: breaking camp and a ritual say what was done, never by how much doom moved.
"""

from __future__ import annotations

from typing import Any

from expedition.rules.core.wording import plural, the_item
from expedition.session.catalog_world import world_or_none
from expedition.ui.widgets.log_formats_base import (
    Maker,
    Names,
    cap,
    humanise,
    key_words,
    name,
    titled,
    tracker_name,
    who_list,
    words,
)


def _camp_started(event: Any, names: Names) -> str:
    line = "The party settles in for a long rest" if event.long_rest else "The party settles in to camp"
    line += " by a fire" if event.fire else ""
    return line + f": {plural(event.pool, 'camp action')} to spend"


def _camp_broken(event: Any, names: Names) -> str:
    rest = " after a long rest" if event.long_rest else ""
    back = f" and returns to {words(event.returns_to)}" if event.returns_to else ""
    return f"The party breaks camp{rest}{back}"


def _camp_action(event: Any, names: Names) -> str:
    who = name(names, event.character)
    return f"{who}: {humanise(event.action).lower()} ({event.cost} from the pool, {event.left} left)"


def _ambush_rolled(event: Any, names: Names) -> str:
    verdict = {
        "safe": "the night stays quiet",
        "fight": "something finds the camp",
        "surprised": "something falls on the sleeping camp",
    }
    said = verdict.get(str(event.result), words(event.result))
    return f"The watch rolls {plural(event.sixes, 'six', 'sixes')}: {said}"


def _camp_ambushed(event: Any, names: Names) -> str:
    who = event.group or "Something"
    return f"{who} attacks the camp" + (": the party is caught by surprise" if event.surprised else "")


def _cooked(event: Any, names: Names) -> str:
    fed = who_list(names, event.fed)
    return f"{name(names, event.cook)} cooks a meal from {plural(event.rations, 'ration')}; {fed} eat"


def _ritual(event: Any, names: Names) -> str:
    # How far the tracker fell would tell a hidden number: the line says only what was done.
    return f"{name(names, event.character)} performs a ritual against the {tracker_name(event.tracker)}"


def _camp_item(event: Any, names: Names) -> str:
    who = name(names, event.character)
    on = f" on {name(names, event.target)}" if event.target and event.target != event.character else ""
    return f"{who} uses {the_item(event.name)}{on}"


def _daily(event: Any, names: Names) -> str:
    option = f" ({words(event.option)})" if event.option else ""
    return f"{name(names, event.character)} spends the day: {words(event.action)}{option}"


def _planned(event: Any, names: Names) -> str:
    option = f" ({words(event.option)})" if event.option else ""
    return f"{name(names, event.character)} plans to {words(event.action)}{option}"


def _sold(event: Any, names: Names) -> str:
    line = f"{name(names, event.character)} sells {the_item(event.name)} for {event.price} silver"
    return line + (f" ({event.guild_cut} to the guild)" if event.guild_cut else "")


def _silver_lost(event: Any, names: Names) -> str:
    who = name(names, event.character) if event.character else "The party"
    return f"{who} loses {event.silver} silver to thieves"


def _bed(place: str) -> str:
    """A sleeping place key in words: "streets_small" → "the streets", "inn" → "the inn"."""
    kind = place.split("_")[0] if place.startswith(("streets", "camp")) else place
    return {"camp": "a camp"}.get(kind, "the " + kind.replace("_", " "))


def _table(event: Any, names: Names) -> str:
    who = "" if event.who in ("", "gm") else f" for {name(names, event.who)}"
    table = event.name or f"The {key_words(event.table)} table"
    return f"{table}{who} [{event.roll}]: {words(event.row)}"


def _slept(event: Any, names: Names) -> str:
    cost = f" for {event.cost} silver" if event.cost else ""
    row = f": {words(event.row)}" if event.row else ""
    return f"{name(names, event.character)} sleeps in the {words(event.place)}{cost}{row}"


def _repriced(event: Any, names: Names) -> str:
    who = name(names, event.character)
    item = item_name(event.item)
    return f"{who} haggles over {item}: {event.old} → {event.new}, the price is {event.kept} silver"


def item_name(key: str) -> str:
    """An item key as the item's display name ("torch" → "Torches"); the key in words when unknown."""
    world = world_or_none()
    defn = world.items.get(key) if world is not None else None
    return defn.name if defn is not None else key_words(key)


def _bought(event: Any, names: Names) -> str:
    why = f" ({event.why})" if getattr(event, "why", "") else ""
    return f"{name(names, event.character)} buys {the_item(event.name)} for {event.price} silver{why}"


def _gear_bought(event: Any, names: Names) -> str:
    where = f", carried by {name(names, event.buyer)}" if event.buyer else ", into the stash"
    return f"The party buys {the_item(event.name)} for {event.price} silver{where}"


FORMATS: dict[str, Maker] = {
    "CampStarted": _camp_started,
    "CampBroken": _camp_broken,
    "CampActionTaken": _camp_action,
    "AmbushRolled": _ambush_rolled,
    "CampAmbushed": _camp_ambushed,
    "FireLit": lambda event, names: "A fire is lit" + (f" with {words(event.fuel)}" if event.fuel else ""),
    "FoodCooked": _cooked,
    "PartyRested": lambda event, names: (
        "The party sleeps" if event.sleep else "The party takes a well earned rest"
    ),
    "PrayersRefreshed": lambda event, names: (
        f"{name(names, event.character)} regains {plural(event.count, 'prayer')} with rest"
    ),
    "RitualPerformed": _ritual,
    "SurgeryPerformed": lambda event, names: (
        f"{name(names, event.character)}'s surgery {'succeeds' if event.succeeded else 'fails'}"
    ),
    "ArmourRepaired": lambda event, names: (
        f"{name(names, event.character)} repairs {plural(event.points, 'armour point')}"
        f" on {the_item(event.name)}"
    ),
    "CampItemUsed": _camp_item,
    "InterludeBegan": lambda event, names: f"The party reaches {titled(event.settlement)}: day {event.day}",
    "InterludeDayBegan": lambda event, names: f"Day {event.day} in the settlement begins",
    "InterludeEnded": lambda event, names: (
        f"The party leaves {titled(event.settlement)} after {plural(event.days, 'day')}"
    ),
    "InterludeTableRolled": _table,
    "DayPlanned": _planned,
    "DailyActionTaken": _daily,
    "BedChosen": lambda event, names: (
        f"{name(names, event.character)} chooses {_bed(event.place)} for the night"
    ),
    "Slept": _slept,
    "WentHungry": lambda event, names: f"{name(names, event.character)} goes hungry today",
    "ArmourMended": lambda event, names: (
        f"{name(names, event.character)} has {plural(event.points, 'armour point')} mended"
        f" for {event.silver} silver"
    ),
    "ItemBought": _bought,
    "ItemSold": _sold,
    "PriceRolled": lambda event, names: f"The price of {item_name(event.item)} here: {event.price} silver",
    "StartingPriceRolled": lambda event, names: f"{cap(key_words(event.item))} costs {event.price} silver",
    "PriceRerolled": _repriced,
    "StockRolled": lambda event, names: (
        f"{'For sale' if event.in_stock else 'Not for sale'} this time: {item_name(event.item)}"
    ),
    "MarketChanged": lambda event, names: f"The market shifts: {words(event.change)}",
    "SilverGained": lambda event, names: (
        f"{name(names, event.character)} brings in {event.silver} silver"
        + (f" ({words(event.why)})" if event.why else "")
    ),
    "SilverLost": _silver_lost,
    "StartingGearBought": _gear_bought,
    "NewItemStashed": lambda event, names: (
        f"{cap(the_item(event.name))} goes to the stash: {name(names, event.character)} has no room for it"
    ),
    "ItemLeftInStash": lambda event, names: (
        f"{name(names, event.character)} leaves {the_item(event.name)} in the stash"
    ),
    "ItemTakenFromStash": lambda event, names: (
        f"{name(names, event.character)} takes {the_item(event.name)} from the stash"
    ),
}
"""Line makers for camp and the interlude, by event class name."""
