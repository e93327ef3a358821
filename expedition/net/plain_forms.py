"""Provides the plain forms of decisions, events, seats and views that travel between session and client.

A client never sees the real state: it rebuilds a *mirror* from its seat's filtered view, with
every hidden tracker replaced by an empty stand-in and no seed or dice, so the screens can read a
`CampaignState` without learning anything the seat may not see.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from expedition.persistence.codec import decode, encode
from expedition.persistence.state import body_to_state
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.events import Event
from expedition.rules.engine.campaign import CampaignState
from expedition.session.views import Seat, SeatKind

__all__ = [
    "WireError",
    "decision_from_plain",
    "decision_to_plain",
    "events_from_plain",
    "events_to_plain",
    "mirror_state",
    "seat_from_plain",
    "seat_to_plain",
]


class WireError(Exception):
    """A message's content is not what the protocol allows."""


def decision_to_plain(decision: Decision | None) -> dict[str, Any] | None:
    """A decision as plain values (None stays None)."""
    if decision is None:
        return None
    return {
        "kind": decision.kind,
        "owner": decision.owner,
        "prompt": decision.prompt,
        "choices": [[c.key, c.label] for c in decision.choices],
        "default": decision.default,
        "rule": decision.rule,
    }


def decision_from_plain(data: object) -> Decision | None:
    """Rebuild a decision; raises `WireError` when the data is malformed."""
    if data is None:
        return None
    try:
        assert isinstance(data, dict)
        choices = tuple(Choice(str(k), str(label)) for k, label in data["choices"])
        fields = [data[name] for name in ("kind", "owner", "prompt", "default", "rule")]
        assert all(isinstance(value, str) for value in fields)
        kind, owner, prompt, default, rule = fields
        return Decision(kind, owner, prompt, choices, default, rule)
    except Exception as error:
        raise WireError(f"not a decision: {type(error).__name__}") from error


def events_to_plain(events: Iterable[Event]) -> list[Any]:
    """Events in their tagged plain encoding."""
    return [encode(event, Event) for event in events]


def events_from_plain(data: object) -> tuple[Event, ...]:
    """Rebuild events; an event this client does not know is skipped, a malformed list raises."""
    if not isinstance(data, list):
        raise WireError("events must be a list")
    events: list[Event] = []
    for item in data:
        try:
            events.append(decode(item, Event))
        except Exception:  # an older client may not know a newer event; the view still tells the state
            continue
    return tuple(events)


def seat_to_plain(seat: Seat) -> dict[str, str]:
    """A seat as plain values."""
    return {"kind": seat.kind.value, "player": seat.player}


def seat_from_plain(data: object) -> Seat:
    """Rebuild a seat; raises `WireError` when malformed."""
    if not isinstance(data, dict):
        raise WireError("a seat is a map")
    try:
        return Seat(SeatKind(str(data.get("kind"))), str(data.get("player", "")))
    except ValueError as error:
        raise WireError(str(error)) from error


def _stand_in(name: str, doom: bool) -> dict[str, Any]:
    body: dict[str, Any] = {
        "$type": "DoomTracker" if doom else "Tracker",
        "name": name,
        "size": 1,
        "filled": 0,
        "visibility": "known_hidden" if doom else "hidden",
    }
    return body


def mirror_state(view: dict[str, Any]) -> CampaignState:
    """A campaign state rebuilt from a seat's view: hidden trackers empty, seed and dice zero.

    Raises:
        WireError: When the view does not decode to a campaign state.
    """
    body = copy.deepcopy(view)
    body.pop("seat", None)
    body["seed"] = 0
    body["dice"] = {"seed": 0, "index": 0}
    if "exists" in body.get("omens", {}):
        body["omens"] = _stand_in("omens", False)
    for name, location in body.get("locations", {}).items():
        if isinstance(location, dict) and "exists" in location.get("doom", {}):
            location["doom"] = _stand_in(f"doom:{name}", True)
    try:
        return body_to_state(body)
    except Exception as error:
        raise WireError(f"the view does not decode: {error}") from error
