"""Provides a seat's filtered state as typed objects, and its clocks as it may know them.

`seat_state` is `views.view_for` without the round trip through plain values: the same state a
client rebuilds from its view (`net.plain_forms.mirror_state`), made by copying only the parts
that are filtered (`dataclasses.replace`) and sharing every other object with the state it is
made from. That state must not change afterwards: the session hands it a copy frozen at the
version the view shows (`view_frames`). Hidden clocks become empty stand-ins, with what the seat
may know of them in `tracker_views` instead; the seed and the dice position are zero; the dungeon
is the party's knowledge of it (`view_dungeon.known_dungeon`); a generated dungeon goes by its id
wherever it is named (`place_ids`) and its location keeps only the kind of its origin.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from expedition.rules.core.tracker import Tracker, Visibility
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.dungeon_map import Dungeon
from expedition.rules.exploration.expedition import ExpeditionState
from expedition.rules.exploration.features import Corpse
from expedition.rules.exploration.locations import Location
from expedition.rules.trackers.doom import DoomTracker
from expedition.rules.trackers.omens import OMENS_NAME
from expedition.session.place_ids import PlaceIds
from expedition.session.seat_view import TrackerView
from expedition.session.view_dungeon import COUNTDOWN, known_dungeon, origin_kind
from expedition.session.views import Seat, seat_characters, sees_omens

__all__ = ["NO_DICE", "seat_state", "tracker_views"]

NO_DICE = {"seed": 0, "index": 0}
"""The dice position a filtered state holds: none (it would tell every future roll)."""


def seat_state(state: CampaignState, seat: Seat, *, dungeon: Dungeon | None = None) -> CampaignState:
    """The campaign as `seat` may see it, as typed objects (see the module docstring).

    Args:
        state: The campaign; not changed, and it must not change while the result is in use.
        seat: Who looks.
        dungeon: The expedition's dungeon as the party knows it, when already worked out (it is the
            same for every seat, `known_dungeon`).

    Returns:
        A new state sharing every unfiltered part with `state`.
    """
    mine = {c.id for c in seat_characters(state, seat)}
    omens = state.omens if sees_omens(state, seat) else Tracker(OMENS_NAME, 1, 0, Visibility.HIDDEN)
    ids = PlaceIds.of(state)
    return replace(
        state,
        seed=0,
        dice=dict(NO_DICE),
        omens=omens,
        location=ids.text(state.location),
        locations={
            ids.text(name): _location(ids, name, location) for name, location in state.locations.items()
        },
        reveals=[
            replace(reveal, location=ids.text(reveal.location))
            for reveal in state.reveals
            if reveal.character in mine
        ],
        expedition=_expedition(state, dungeon, ids) if state.expedition is not None else None,
    )


def known_expedition_dungeon(state: CampaignState) -> Dungeon | None:
    """The expedition's dungeon as the party knows it (the same for every seat), None outside one."""
    if state.expedition is None:
        return None
    return known_dungeon(state, state.expedition)


def tracker_views(state: CampaignState, seat: Seat, moved: Iterable[str] = ()) -> dict[str, TrackerView]:
    """Every clock as `seat` may know it: "decay", "omens" and "doom:<location>" for each location.

    A clock the seat may read shows its segments; a hidden one only whether it moved during the
    last action (`moved`), and for a doom what one of the seat's Veterans read of it (§6.1).
    """
    moved = set(moved)
    ids = PlaceIds.of(state)
    views = {"decay": _shown(state.decay)}
    if sees_omens(state, seat):
        views["omens"] = _shown(state.omens)
    else:
        views["omens"] = TrackerView(OMENS_NAME, moved=OMENS_NAME in moved)
    mine = {c.id for c in seat_characters(state, seat)}
    for name, location in state.locations.items():
        doom = location.doom
        shown_as = f"doom:{ids.text(name)}"
        if doom.visibility is Visibility.PUBLIC:
            views[shown_as] = replace(_shown(doom), name=ids.text(doom.name))
            continue
        known = [r for r in state.reveals if r.character in mine and r.location == name]
        last = known[-1] if known else None
        views[shown_as] = TrackerView(
            ids.text(doom.name),
            moved=doom.name in moved,
            revealed=last.value if last is not None else None,
            steps_to_next=last.steps_to_next if last is not None else None,
            revealed_by=last.character if last is not None else "",
        )
    return views


def _shown(tracker: Tracker) -> TrackerView:
    return TrackerView(tracker.name, tracker.size, tracker.filled)


def _location(ids: PlaceIds, name: str, location: Location) -> Location:
    """A location without its kept dungeon, risers, bodies' countdowns and seed (`location_view`)."""
    doom = location.doom
    if doom.visibility is not Visibility.PUBLIC:
        doom = DoomTracker(f"doom:{ids.text(name)}", 1, 0, Visibility.KNOWN_HIDDEN)
    elif ids:
        doom = replace(doom, name=ids.text(doom.name))
    return replace(
        location,
        name=ids.text(location.name),
        origin=origin_kind(location.origin),
        doom=doom,
        dead={depth: [_plain_body(body) for body in bodies] for depth, bodies in location.dead.items()},
        risen={},
        dungeon=None,
        seen={},
    )


def _plain_body(body: Corpse) -> Corpse:
    """A body without when and as what it rises (the dead vigil's, HOUSE §1.7)."""
    return replace(body, **COUNTDOWN)


def _expedition(state: CampaignState, dungeon: Dungeon | None, ids: PlaceIds) -> ExpeditionState:
    expedition = state.expedition
    assert expedition is not None
    known = dungeon if dungeon is not None else known_dungeon(state, expedition)
    if ids.text(known.key) != known.key:
        known = replace(known, key=ids.text(known.key))
    looted = {key for lvl in expedition.dungeon.levels for c in lvl.caches if c.looted for key in c.items}
    combat = expedition.combat
    if combat is not None:
        combat = replace(combat, bodies={key: _plain_body(body) for key, body in combat.bodies.items()})
    return replace(
        expedition,
        dungeon=known,
        item_defs={key: defn for key, defn in expedition.item_defs.items() if key in looted},
        combat=combat,
    )
