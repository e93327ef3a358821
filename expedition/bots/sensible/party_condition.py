"""Provides what the sensible bot reads of its party from the seat view: how hurt, tired and supplied."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from expedition.rules.character.adventurer import Character, Status
from expedition.session.seat_view import SeatOption, SeatView

__all__ = ["carried", "down", "first", "hurt", "tired", "wounds"]


def wounds(member: Character) -> int:
    """Wounds on every attribute, and mortal wounds counted double."""
    return sum(a.wounds for a in member.attrs.values()) + 2 * member.mortal_wounds


def down(view: SeatView) -> int:
    """The seat's adventurers who cannot act: fainted, mortally wounded or dead."""
    return sum(1 for member in view.state.party if member.status is not Status.ACTIVE)


def hurt(view: SeatView, *, limit: int = 3, since: Mapping[str, int] | None = None) -> bool:
    """Someone is down, or one adventurer has `limit` wounds, or the party twice that.

    With `since` (wounds by adventurer id), only the wounds taken after it count: a party that set
    out with old hurts town could not heal judges what the dungeon has done to it since.
    """
    party = view.state.party
    if any(member.status is not Status.ACTIVE for member in party):
        return True
    old = since or {}
    each = [wounds(member) - old.get(member.id, 0) for member in party]
    return max(each, default=0) >= limit or sum(each) >= 2 * limit


def tired(view: SeatView, *, limit: int = 4) -> bool:
    """The party carries `limit` fatigue or more between them."""
    return sum(a.fatigue for m in view.state.party for a in m.attrs.values()) >= limit


def carried(view: SeatView, word: str) -> int:
    """How many of the items whose name holds `word` the party carries."""
    word = word.lower()
    return sum(i.quantity for m in view.state.party for i in m.items if word in i.name.lower())


def first(options: Iterable[SeatOption], *kinds: str) -> SeatOption | None:
    """The first option of one of `kinds`, in the order of `kinds`."""
    listed = list(options)
    for kind in kinds:
        for option in listed:
            if option.kind == kind:
                return option
    return None
