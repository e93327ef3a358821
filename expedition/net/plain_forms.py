"""Provides the plain forms of decisions, events, seats and seat views that travel between session and client.

A client never sees the real state: it rebuilds a *mirror* from its seat's filtered view, with
every hidden tracker replaced by an empty stand-in and no seed or dice, so the screens can read a
`CampaignState` without learning anything the seat may not see. A seat view travels whole
(`seat_view_to_plain`): the filtered state, the clocks as the seat knows them, the options the
server worked out for it and the decision pending; the client rebuilds the same `SeatView`
(`seat_view_from_plain`), decoding the state only when a screen reads it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from expedition.persistence.codec import decode, encode
from expedition.persistence.state import action_from_plain, action_to_plain, body_to_state
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.events import Event
from expedition.rules.core.odds import RollOdds
from expedition.rules.engine.campaign import CampaignState
from expedition.session.save_health import SaveHealth
from expedition.session.seat_view import Lazy, SeatOption, SeatView, TrackerView
from expedition.session.views import Seat, SeatKind

__all__ = [
    "WireError",
    "decision_from_plain",
    "decision_to_plain",
    "events_from_plain",
    "events_to_plain",
    "mirror_state",
    "option_from_plain",
    "option_to_plain",
    "seat_from_plain",
    "seat_to_plain",
    "seat_view_from_plain",
    "seat_view_to_plain",
]

_ODDS = ("critical_failure", "failure", "success", "great_success", "fatigue", "helper_fatigue")
_TRACKER = ("name", "size", "filled", "moved", "revealed", "steps_to_next", "revealed_by")


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
        "advised": decision.advised,
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
        advised = data.get("advised", True)  # a server from before the field advised every default
        assert isinstance(advised, bool)
        return Decision(kind, owner, prompt, choices, default, rule, advised)
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


def option_to_plain(option: SeatOption) -> dict[str, Any]:
    """An option as plain values (its action in the journal's tagged form)."""
    odds = option.odds
    return {
        "action": action_to_plain(option.action),
        "label": option.label,
        "cost": option.cost,
        "unit": option.unit,
        "enabled": option.enabled,
        "reason": option.reason,
        "actor": option.actor,
        "tile": list(option.tile) if option.tile is not None else None,
        "target": option.target,
        "detail": option.detail,
        "odds": None if odds is None else [_fraction(getattr(odds, name)) for name in _ODDS],
    }


def option_from_plain(data: object) -> SeatOption:
    """Rebuild an option; raises `WireError` when the data is malformed."""
    try:
        assert isinstance(data, dict)
        tile, odds = data.get("tile"), data.get("odds")
        return SeatOption(
            action_from_plain(data["action"]),
            str(data["label"]),
            int(data["cost"]),
            str(data["unit"]),
            bool(data["enabled"]),
            str(data["reason"]),
            str(data["actor"]),
            (int(tile[0]), int(tile[1])) if tile is not None else None,
            str(data["target"]),
            str(data["detail"]),
            None if odds is None else RollOdds(*(Fraction(int(n), int(d)) for n, d in odds)),
        )
    except Exception as error:
        raise WireError(f"not an option: {type(error).__name__}") from error


def seat_view_to_plain(view: SeatView) -> dict[str, Any]:
    """A seat view as plain values: everything the client's screens read, options included."""
    return {
        "seat": seat_to_plain(view.seat),
        "version": view.version,
        "state": view.body,
        "trackers": {key: _tracker_to_plain(tracker) for key, tracker in view.trackers.items()},
        "choices": [[key, [option_to_plain(o) for o in options]] for key, options in view.choices.items()],
        "ready": list(view.ready),
        "pending": decision_to_plain(view.pending),
        "waiting": view.waiting_for,
        "saving": [view.saving.trouble, view.saving.kind, view.saving.may_save_elsewhere],
    }


def seat_view_from_plain(data: object) -> SeatView:
    """Rebuild a seat view; its state is decoded when first read (`mirror_state`).

    Raises:
        WireError: When the data is malformed (a state that does not decode raises when read).
    """
    if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
        raise WireError("a seat view is a map with a state")
    try:
        body: dict[str, Any] = data["state"]
        trackers = {str(key): _tracker_from_plain(value) for key, value in dict(data["trackers"]).items()}
        choices = {str(key): tuple(option_from_plain(o) for o in options) for key, options in data["choices"]}
        ready = tuple(str(who) for who in data["ready"])
        version = int(data["version"])
    except WireError:
        raise
    except Exception as error:
        raise WireError(f"not a seat view: {type(error).__name__}") from error
    return SeatView(
        seat_from_plain(data.get("seat")),
        version,
        state=Lazy(lambda: mirror_state(body)),
        body=Lazy.of(body),
        trackers=Lazy.of(trackers),
        choices=Lazy.of(choices),
        ready=Lazy.of(ready),
        pending=decision_from_plain(data.get("pending")),
        waiting_for=str(data.get("waiting", "")),
        saving=_saving_from_plain(data.get("saving")),
    )


def _saving_from_plain(data: object) -> SaveHealth:
    """The disk banner a view carries; a missing or malformed one is no banner."""
    if not isinstance(data, list) or len(data) != 3:
        return SaveHealth()
    trouble, kind, elsewhere = data
    return SaveHealth(str(trouble), str(kind), may_save_elsewhere=elsewhere is True)


def _fraction(value: Fraction) -> list[int]:
    return [value.numerator, value.denominator]


def _tracker_to_plain(tracker: TrackerView) -> dict[str, Any]:
    return {name: getattr(tracker, name) for name in _TRACKER}


def _tracker_from_plain(data: object) -> TrackerView:
    if not isinstance(data, Mapping):
        raise WireError("a tracker is a map")
    size, filled, revealed, steps = (data.get(k) for k in ("size", "filled", "revealed", "steps_to_next"))
    return TrackerView(
        str(data.get("name", "")),
        None if size is None else int(size),
        None if filled is None else int(filled),
        bool(data.get("moved")),
        None if revealed is None else int(revealed),
        None if steps is None else int(steps),
        str(data.get("revealed_by", "")),
    )
