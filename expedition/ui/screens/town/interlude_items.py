"""Provides the interlude's item lists: an adventurer's trappings and the stash, and the moves between them.

Each line's key names where the item is ("item:<uid>" carried, "stash:<uid>" in the stash); the
screen turns a key and a verb into `GiveItem`, `StashItem` or `TakeFromStash` (house, §7.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.item_defs import Item
from expedition.rules.interlude.stash import GiveItem, StashItem, TakeFromStash
from expedition.rules.items.slots import capacity, label, slots_used
from expedition.ui.widgets.interlude_panels import Entry

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

CARRIED = "item:"
STASHED = "stash:"


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


def move_action(actor: Character, verb: str, key: str, to: str = "") -> Action | None:
    """The action a verb means on a line: "give" (to `to`), "stash", "take", or "select" (Enter)."""
    found = uid_of(key)
    if found is None:
        return None
    where, uid = found
    if where == "item":
        if verb == "give" and to:
            return GiveItem(actor=actor.id, item=uid, to=to)
        if verb in ("stash", "select"):
            return StashItem(actor=actor.id, item=uid)
        return None
    if verb in ("take", "select"):
        return TakeFromStash(actor=actor.id, item=uid)
    return None


def receiver_question(state: CampaignState, actor: Character, key: str) -> Decision | None:
    """The screen's own question: which other adventurer receives the item (None when nobody can)."""
    found = uid_of(key)
    others = [m for m in state.living if m.id != actor.id]
    if found is None or found[0] != "item" or not others:
        return None
    item = next((i for i in actor.items if i.uid == found[1]), None)
    what = item.name if item is not None else "it"
    return Decision(
        kind="give_to",
        owner=actor.id,
        prompt=f"Give the {what} to whom?",
        choices=tuple(Choice(m.id, m.name) for m in others),
        default=others[0].id,
        rule="§7.1",
    )
