"""Provides seats and what each one may see: the per-seat view of the state and of the events.

The rules always report hidden values; this module removes them before a seat sees anything
(DESIGN.md, "Session and seats"). A seat learns that a hidden tracker exists and when it moved,
never its value, unless a rule lets one of its characters in: Third eye shows the omens (§6.2,
§9.3), a Veteran's reading shows what that Veteran learned of a doom (§6.1). Nobody sees the
seed or the dice position, which would tell every future roll, nor a dungeon's seed: a generated
dungeon is shown by its id (`place_ids`), and the roll that chose it is the GM's. Of the dungeon,
every seat sees only what the party knows (`view_dungeon`): the seats share one marker and one map.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from expedition.persistence.state import state_to_body
from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.decisions import GM
from expedition.rules.core.events import DiceRolled, Event
from expedition.rules.core.tracker import (
    TrackerAdvanced,
    TrackerLowered,
    TrackerReset,
    TrackerTriggered,
    Visibility,
)
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.dead_vigil import VIGIL_ROLL
from expedition.rules.interlude.setting_out import WHERE_NEXT
from expedition.rules.trackers.doom import DoomEffectReached
from expedition.rules.trackers.omens import OMENS_NAME, OmensStarted, can_see_omens
from expedition.session.place_ids import PlaceIds
from expedition.session.view_dungeon import expedition_view, location_view

SECRET_ROLLS = frozenset({"omens tracker size"})
"""GM rolls whose faces would give away a hidden tracker."""
GM_ONLY_ROLLS = frozenset({VIGIL_ROLL, WHERE_NEXT})
"""GM rolls no seat ever sees: whether and when the dead rise (HOUSE §1.7), and the new dungeon's
seed (its faces are the seed's digits, which rebuild the whole dungeon)."""
WATCHING = "Spectators can watch but not act."
"""Why a spectator's seat may take no action."""


class SeatKind(StrEnum):
    """What a front end may do (DESIGN.md, "Session and seats")."""

    HOST = "host"
    """Owns every character (solo and hotseat)."""
    PLAYER = "player"
    """Owns the characters of one player."""
    SPECTATOR = "spectator"
    """Watches; never acts."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table a front end holds.

    Attributes:
        kind: Host, player or spectator.
        player: The player's id, for a player seat.
    """

    kind: SeatKind
    player: str = ""

    @classmethod
    def host(cls) -> Seat:
        """The seat that owns every character."""
        return cls(SeatKind.HOST)

    @classmethod
    def for_player(cls, player: str) -> Seat:
        """The seat of one player."""
        return cls(SeatKind.PLAYER, player)

    @classmethod
    def spectator(cls) -> Seat:
        """A watching seat."""
        return cls(SeatKind.SPECTATOR)

    def owns(self, character: Character) -> bool:
        """True if this seat makes `character`'s decisions."""
        if self.kind is SeatKind.HOST:
            return True
        return self.kind is SeatKind.PLAYER and character.owner == self.player


def seat_characters(state: CampaignState, seat: Seat) -> list[Character]:
    """The living party members this seat plays."""
    return [c for c in state.party if c.status is not Status.DEAD and seat.owns(c)]


def sees_omens(state: CampaignState, seat: Seat) -> bool:
    """True if one of the seat's characters has the Third eye (§6.2, §9.3)."""
    return any(can_see_omens(c) for c in seat_characters(state, seat))


def _visibility(state: CampaignState) -> dict[str, Visibility]:
    return {tracker.name: tracker.visibility for tracker in state.trackers()}


def _may_see(state: CampaignState, seat: Seat, tracker: str, visibility: Visibility | None) -> bool:
    if visibility is None or visibility is Visibility.PUBLIC:
        return True
    return tracker == OMENS_NAME and sees_omens(state, seat)


def view_for(
    state: CampaignState, seat: Seat, moved: Iterable[str] = (), *, body: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The state as plain values, with everything this seat may not see removed.

    Args:
        state: The campaign.
        seat: Who looks.
        moved: Names of trackers that moved during the last action.
        body: The state already encoded (`state_to_body`), shared by every seat's view of one
            update; it is not changed (only copies of the parts filtered here are).

    Returns:
        The snapshot encoding without `seed` and `dice`; a hidden tracker is replaced by
        `{"exists": True, "moved": bool}`, plus `"revealed"` for a doom one of the seat's
        Veterans has read; `reveals` keeps only the seat's own; the expedition's dungeon holds
        only what the party knows (`view_dungeon`); a generated dungeon goes by its id (`place_ids`).
    """
    moved = set(moved)
    body = dict(body) if body is not None else state_to_body(state)
    body["locations"] = {name: location_view(location) for name, location in body["locations"].items()}
    body.pop("seed", None)
    body.pop("dice", None)
    mine = {c.id for c in seat_characters(state, seat)}
    if not sees_omens(state, seat):
        body["omens"] = {"exists": True, "moved": OMENS_NAME in moved}
    reveals = [r for r in state.reveals if r.character in mine]
    body["reveals"] = [r for r in body["reveals"] if r["character"] in mine]
    for name, location in body["locations"].items():
        doom = state.locations[name].doom
        if doom.visibility is Visibility.PUBLIC:
            continue
        hidden: dict[str, Any] = {"exists": True, "moved": doom.name in moved}
        known = [r for r in reveals if r.location == name]
        if known:
            hidden["revealed"] = {
                "value": known[-1].value,
                "steps_to_next": known[-1].steps_to_next,
                "by": known[-1].character,
            }
        location["doom"] = hidden
    if state.expedition is not None and isinstance(body.get("expedition"), dict):
        body["expedition"] = expedition_view(state, body["expedition"])
    body["seat"] = {"kind": seat.kind.value, "player": seat.player}
    ids = PlaceIds.of(state)
    if not ids:
        return body
    # The expedition, the view's biggest part, is the same for every seat of one update.
    return {key: ids.shared(part) if key == "expedition" else ids.plain(part) for key, part in body.items()}


def moved_trackers(events: Iterable[Event]) -> set[str]:
    """Names of trackers the events advanced, lowered, reset or started."""
    names: set[str] = set()
    for event in events:
        if isinstance(
            event, TrackerAdvanced | TrackerLowered | TrackerReset | TrackerTriggered | OmensStarted
        ):
            names.add(event.tracker)
    return names


def events_for(state: CampaignState, seat: Seat, events: Sequence[Event]) -> list[Event]:
    """The events as this seat may see them: hidden tracker moves lose their values, places their seeds."""
    visibility = _visibility(state)
    ids = PlaceIds.of(state)
    shown: list[Event] = []
    for event in events:
        if isinstance(event, TrackerAdvanced | TrackerLowered | TrackerReset):
            if not _may_see(state, seat, event.tracker, event.visibility):
                how = {TrackerAdvanced: "advanced", TrackerLowered: "lowered", TrackerReset: "reset"}
                shown.append(HiddenTrackerMoved(rule=event.rule, tracker=event.tracker, how=how[type(event)]))
                continue
        elif isinstance(event, TrackerTriggered):
            if not _may_see(state, seat, event.tracker, visibility.get(event.tracker)):
                shown.append(HiddenTrackerMoved(rule=event.rule, tracker=event.tracker, how="filled"))
                continue
        elif isinstance(event, OmensStarted):
            if not sees_omens(state, seat):
                shown.append(HiddenTrackerMoved(rule=event.rule, tracker=event.tracker, how="started"))
                continue
        elif isinstance(event, DoomEffectReached):
            shown.append(
                DoomEffectSeen(
                    rule=event.rule, tracker=event.tracker, effect=event.effect, description=event.description
                )
            )
            continue
        elif (
            isinstance(event, DiceRolled)
            and event.who == GM
            and event.why in SECRET_ROLLS
            and not sees_omens(state, seat)
        ) or (isinstance(event, DiceRolled) and event.who == GM and event.why in GM_ONLY_ROLLS):
            continue
        shown.append(event)
    return [ids.typed(event) for event in shown] if ids else shown


@dataclass(frozen=True, slots=True, kw_only=True)
class HiddenTrackerMoved(Event):
    """A tracker this seat may not read moved; only that it moved is told.

    Attributes:
        tracker: The tracker's name.
        how: "advanced", "lowered", "reset", "filled" or "started".
    """

    tracker: str
    how: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DoomEffectSeen(Event):
    """A doom effect came to pass, told without the segment it sits on."""

    tracker: str
    effect: str
    description: str
