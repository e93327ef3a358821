"""Provides the log's words for characters and their things: making one, growing, leaving, and items."""

from __future__ import annotations

from typing import Any

from expedition.rules.core.wording import item_words, plural, reads_plural, the_item, verb
from expedition.ui.widgets.log_formats_base import (
    Maker,
    Names,
    cap,
    key_words,
    name,
    titled,
    where,
    words,
)


def _class_chosen(event: Any, names: Names) -> str:
    kind = key_words(event.class_key)
    line = f"{name(names, event.character)} becomes {'an' if kind[:1] in 'aeiou' else 'a'} {kind}"
    line += f" ({words(event.choice)})" if event.choice else ""
    if event.maneuvers:
        line += ", knowing " + ", ".join(titled(key) for key in event.maneuvers)
    return line


def _rerolled(event: Any, names: Names) -> str:
    cost = "a free reroll" if event.free else "1 insight"
    who, table = name(names, event.character), key_words(event.table)
    return f"{who} gives up {words(event.old)} on the {table} table ({cost})"


def _left(event: Any, names: Names) -> str:
    how = {"dead": "is gone for good", "retired": "retires", "waiting": "stays behind"}
    line = f"{name(names, event.character)} {how.get(str(event.fate), 'leaves the party')}"
    return line + (f" ({words(event.cause)})" if event.cause else "")


def _insight(event: Any, names: Names) -> str:
    line = f"{name(names, event.character)} gains {event.amount} insight"
    return line + (f" ({event.lost} more found no room)" if event.lost else "")


def _changed(what: str) -> Maker:
    def line(event: Any, names: Names) -> str:
        text = f"{name(names, event.character)}'s {event.attr} {what}"
        if event.new == event.old:
            text += f" stays at {event.new}"
        else:
            text += f" {'rises' if event.new > event.old else 'falls'} from {event.old} to {event.new}"
        return text + (f" ({event.lost} lost to the limits)" if event.lost else "")

    return line


def _skill(event: Any, names: Names) -> str:
    line = f"{name(names, event.character)} learns {words(event.skill)}"
    return line + (f" in place of {words(event.replaced)}" if event.replaced else "")


def _moved(event: Any, names: Names) -> str:
    return f"{name(names, event.character)} puts {the_item(event.name)} {where(event.place)}"


def _dropped(event: Any, names: Names) -> str:
    return f"{name(names, event.character)} drops {the_item(event.name)}"


def _given(event: Any, names: Names) -> str:
    giver, receiver = name(names, event.giver), name(names, event.receiver)
    return f"{giver} gives {the_item(event.name)} to {receiver}"


def _left_units(event: Any, verb: str, names: Names) -> str:
    """A use-up line whose verb agrees with the name: "Torch breaks", "Camping supplies are used up"."""
    owner = f"{name(names, event.character)}'s {item_words(event.name)}"
    if reads_plural(event.name) and event.remaining:
        # One unit of a plural-named item went, others are left: "Ada's torches are used up (1 left)"
        # said they were all gone (seen in the 80x24 walk).
        return f"One of {owner} {verb} ({event.remaining} left)"
    if reads_plural(event.name):
        verb = {"is used up": "are used up", "breaks": "break"}.get(verb, verb)
    return f"{owner} {verb}" + (f" ({event.remaining} left)" if event.remaining else ", none left")


def _used(event: Any, names: Names) -> str:
    cost = f" ({plural(event.cost, 'turn')})" if event.cost else ""
    return f"{name(names, event.character)} uses {the_item(event.name)}{cost}"


def _discarded(event: Any, names: Names) -> str:
    line = f"{name(names, event.character)} throws away {event.units} of {the_item(event.name)}"
    return line + (f" ({event.remaining} left)" if event.remaining else ", none left")


def _stashed(event: Any, names: Names) -> str:
    owner = f": {name(names, event.character)} has no room for it" if event.character else ""
    return f"{cap(the_item(event.name))} goes to the party's stash{owner}"


def _ashes(event: Any, names: Names) -> str:
    found = len(event.revealed)
    shown = (
        f"{plural(found, 'hidden thing')} {verb(found, 'shows itself', 'show themselves')}"
        if found
        else "nothing hidden shows"
    )
    return f"{name(names, event.character)} flings ashes of insight: {shown}"


def _compass(event: Any, names: Names) -> str:
    return (
        f"{name(names, event.character)} reads the compass: {words(event.toward)} lies "
        f"{words(event.bearing)}, {plural(event.distance, 'tile')} away"
    )


# Item uses (§7.4 and the house readings in rules/item_uses*).
_ITEM_USES: dict[str, Maker] = {
    "WaterDrunk": lambda event, names: f"{name(names, event.character)} drinks from the {event.name}",
    "LanternRefuelled": lambda event, names: (
        f"{name(names, event.character)} refills the lantern with oil (Ud{event.usage})"
    ),
    "DoorSpiked": lambda event, names: f"{name(names, event.character)} spikes the door shut",
    "CompassRead": _compass,
    "AshesFlung": _ashes,
    "BarricadeAssailed": lambda event, names: (
        f"Something hacks at a spiked door: it will hold about {plural(event.turns, 'turn')}"
    ),
    "BarricadeBroken": lambda event, names: "A spiked door gives way with a crash",
    "Quickened": lambda event, names: (
        f"{name(names, event.character)} moves quicker than thought: {plural(event.actions, 'action')} now"
    ),
    "PotionExploded": lambda event, names: (
        f"{name(names, event.character)}'s explosive potion bursts in a spray of fire"
    ),
}


FORMATS: dict[str, Maker] = {
    **_ITEM_USES,
    "CharacterCreated": lambda event, names: (
        f"{event.name or name(names, event.character)} joins the party with {event.silver} silver"
    ),
    "ClassChosen": _class_chosen,
    "BurdenTaken": lambda event, names: (
        f"{name(names, event.character)} carries the burden {words(event.burden)}"
    ),
    "BurdenInvoked": lambda event, names: f"{name(names, event.character)} gives in to {words(event.burden)}",
    "PlaySessionBegun": lambda event, names: (
        f"Play session {event.number} begins: every burden may be used again"
    ),
    "LifePathRolled": lambda event, names: (
        f"{name(names, event.character)}'s {key_words(event.table)} [{event.total}]: {words(event.row)}"
    ),
    "LifePathRerolled": _rerolled,
    "CharacterReassigned": lambda event, names: (
        f"{name(names, event.character)} is now played by {name(names, event.new_owner)}"
    ),
    "PlayerRenamed": lambda event, names: (
        f"{event.old or name(names, event.player)} is now called {event.new}"
    ),
    "LeftParty": _left,
    "InsightEarned": _insight,
    "InsightSpent": lambda event, names: (
        f"{name(names, event.character)} spends {event.cost} insight to {words(event.kind)}"
    ),
    "RetirementReached": lambda event, names: (
        f"{name(names, event.character)} has learned all there is to learn and may retire"
    ),
    "ScoreChanged": _changed("score"),
    "ProficiencyChanged": _changed("proficiency"),
    "SkillLearned": _skill,
    "TraitGained": lambda event, names: (
        f"{name(names, event.character)} gains the trait {words(event.trait)}"
    ),
    "TraumaRemoved": lambda event, names: f"{name(names, event.character)} is free of {words(event.trauma)}",
    "WoundHealed": lambda event, names: f"{name(names, event.character)} heals a wound on {event.attr}",
    "MortalWoundCancelled": lambda event, names: (
        f"Death rejects {name(names, event.character)}: the mortal wound is gone"
    ),
    "ItemMoved": _moved,
    "ItemDropped": _dropped,
    "ItemGiven": _given,
    "ItemWielded": lambda event, names: (
        f"{name(names, event.character)} wields {the_item(event.name)}"
        + (f" {where(event.hand)}" if event.hand else "")
    ),
    "ItemUnwielded": lambda event, names: f"{name(names, event.character)} lowers {the_item(event.name)}",
    "ItemUsed": _used,
    "ItemUsedUp": lambda event, names: _left_units(event, "is used up", names),
    "ItemBroken": lambda event, names: _left_units(event, "breaks", names),
    "ItemsDiscarded": _discarded,
    "ItemStashed": _stashed,
}
"""Line makers for characters and items, by event class name."""
