"""Provides what the fainting and mortal-wound prompts say, built from the events that reported them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from expedition.rules.character.mortal_wounds import MORTAL_WOUND_TABLE
from expedition.rules.core.events import DiceRolled, Event
from expedition.rules.core.wording import plural
from expedition.ui.screens.prompts import HarmInfo
from expedition.ui.widgets.log_text import dice_text

MORTAL_TABLE: tuple[tuple[str, str], ...] = tuple(
    (row.label, row.brief or row.name) for row in MORTAL_WOUND_TABLE.rows
)
"""The mortal-wound table (§4.4) as the prompt shows it: each row's roll and its brief."""

STABILISE = "Stabilise them with a first aid kit, a medical supply or a healing spell (outside combat)."
SAVE = (
    "Stabilise them with a first aid kit or a medical supply (in a fight, from a tile next to them) "
    "or a healing prayer such as Cure light wounds."
)
"""What the party can do for a fallen friend (§4.3, §4.4)."""


def _dice(events: Sequence[Event], who: str, why: str) -> DiceRolled | None:
    return next(
        (e for e in reversed(events) if isinstance(e, DiceRolled) and e.who == who and e.why == why), None
    )


def fainting_info(event: Event, events: Sequence[Event], names: Mapping[str, str]) -> HarmInfo:
    """The fainting prompt for a `Fainted` event (§4.3)."""
    who = str(getattr(event, "character", ""))
    name = names.get(who, who)
    turns = int(getattr(event, "turns", 0))
    stun = int(getattr(event, "stun_discarded", 0))
    meaning = [
        f"{name} cannot move or act, and the party carries them.",
        f"They stay down at least {plural(turns, 'turn')}; then each turn they roll 1d! and wake on a 1.",
        "Wounds still land on them while they are down.",
    ]
    if stun:
        meaning.append(f"{plural(stun, 'stun token')} lost.")
    discarded = int(getattr(event, "discarded", 0))
    return HarmInfo(
        name=name,
        happened=f"{name} faints: {plural(discarded, 'point')} had nowhere to go.",
        row=f"Down for at least {plural(turns, 'turn')}",
        meaning=meaning,
        options=[STABILISE.replace("Stabilise them", "Wake them at once"), "Wait for them to wake."],
        rule=event.rule or "§4.3",
    )


def mortal_info(rolled: Event, events: Sequence[Event], names: Mapping[str, str]) -> HarmInfo:
    """The mortal-wound prompt for a `MortalWoundRolled` event and what followed it (§4.4)."""
    who = str(getattr(rolled, "character", ""))
    name = names.get(who, who)
    total = int(getattr(rolled, "total", 0))
    outcome = str(getattr(getattr(rolled, "outcome", ""), "value", getattr(rolled, "outcome", "")))
    dice = _dice(events, who, "mortal wound")
    dice_words = f"{dice_text(6, dice.faces)} → total {total}" if dice is not None else f"total {total}"
    if dice is not None and dice.faces and total != dice.faces[0]:
        dice_words += f" ({total - dice.faces[0]:+d} for earlier mortal wounds and modifiers)"
    keys = [row.key for row in MORTAL_WOUND_TABLE.rows]
    row = MORTAL_TABLE[keys.index(outcome) if outcome in keys else -1][1]
    traumas = [
        str(getattr(e, "trauma", "")).replace("_", " ") for e in events if type(e).__name__ == "TraumaGained"
    ]
    dead = outcome == "dead" or any(
        type(e).__name__ == "Died" and getattr(e, "character", "") == who for e in events
    )
    meaning: list[str] = []
    options: list[str] = []
    if dead:
        meaning.append(f"{name} is dead. Their body stays where they fell.")
        options.append("Take what they carried, and carry on.")
    elif outcome == "scratch":
        meaning.append(f"{name} stays standing.")
    elif outcome == "knocked_out":
        meaning.append(f"{name} is knocked out, as if fainted, with no lasting harm.")
        options.append(STABILISE.replace("Stabilise them", "Wake them"))
    else:
        meaning.append(f"{name} is mortally wounded: no moving, no actions; more harm kills them.")
        if outcome == "near_death":
            meaning.append("Near death: unless stabilised within 1 combat turn, they die.")
        options.append(SAVE)
    meaning += [f"Trauma gained: {trauma.capitalize()}." for trauma in traumas if trauma]
    return HarmInfo(
        name=name,
        happened=f"{name} takes a mortal wound.",
        dice=dice_words,
        row=row,
        meaning=meaning,
        options=options,
        rule="§4.4",
        table=MORTAL_TABLE,
        dead=dead,
    )
