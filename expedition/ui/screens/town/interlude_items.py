"""Provides the interlude's item lists: an adventurer's trappings and the stash, and the moves between them.

Each line's key names where the item is ("item:<uid>" carried, "stash:<uid>" in the stash); it is
the target of the seat view's GiveItem, StashItem and TakeFromStash options for that item (house,
§7.1), which the screen takes by a verb.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.item_defs import Item
from expedition.rules.items.slots import capacity, label, slots_used
from expedition.session.seat_view import SeatOption
from expedition.session.town_options import CARRIED, STASHED
from expedition.ui.widgets.interlude_panels import Entry

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["CARRIED", "STASHED", "item_entries", "items_info", "move_kind", "receiver_question", "uid_of"]


def _name(item: Item) -> str:
    return item.name + (f" ×{item.quantity}" if item.quantity > 1 else "")


def item_entries(state: CampaignState, actor: Character | None) -> list[Entry]:
    """The acting adventurer's items with their places, then everything in the stash."""
    entries: list[Entry] = []
    if actor is not None:
        for item in actor.items:
            where = label(actor, item.place) if item.place else "carried"
            entries.append(Entry(f"{CARRIED}{item.uid}", f"{_name(item)} — {where}"))
        if not actor.items:
            entries.append(Entry("note:nothing", f"{actor.name} carries nothing.", False))
    entries.append(Entry("note:stash", "── the stash ──", False))
    entries += [Entry(f"{STASHED}{item.uid}", f"{_name(item)} — stash") for item in state.stash]
    if not state.stash:
        entries.append(Entry("note:empty", "The stash is empty.", False))
    return entries


def items_info(actor: Character | None) -> str:
    """The actor's load and the keys that move items."""
    load = (
        f"{actor.name}: {slots_used(actor)} of {capacity(actor)} slots before encumbrance. " if actor else ""
    )
    return load + "g gives the highlighted item, s leaves it in the stash, k (or Enter) takes it back."


def uid_of(key: str) -> tuple[str, int] | None:
    """("item" or "stash", uid) for a line key, None for a line that is no item."""
    where, _, uid = key.partition(":")
    if where not in ("item", "stash") or not uid.isdigit():
        return None
    return where, int(uid)


def move_kind(verb: str, key: str) -> str:
    """The option a verb means on a line: "stash" (or Enter) an item carried, "take" (or Enter) one stored."""
    found = uid_of(key)
    if found is None:
        return ""
    if found[0] == "item":
        return "StashItem" if verb in ("stash", "select") else ""
    return "TakeFromStash" if verb in ("take", "select") else ""


def receiver_question(
    state: CampaignState, actor: Character, key: str, gives: Sequence[SeatOption]
) -> Decision | None:
    """The screen's own question: which other adventurer receives the item (None when nobody can).

    Args:
        state: The seat's view of the campaign (for the receivers' names).
        actor: Who gives.
        key: The item's line key.
        gives: The actor's GiveItem options for that item, one per adventurer who could receive it.
    """
    found = uid_of(key)
    if found is None or found[0] != "item" or not gives:
        return None
    item = next((i for i in actor.items if i.uid == found[1]), None)
    what = item.name if item is not None else "it"
    names = {member.id: member.name for member in state.party}
    receivers = [(str(option.arg("to")), names.get(str(option.arg("to")), "")) for option in gives]
    return Decision(
        kind="give_to",
        owner=actor.id,
        prompt=f"Give the {what} to whom?",
        choices=tuple(Choice(to, name) for to, name in receivers),
        default=receivers[0][0],
        rule="§7.1",
    )
