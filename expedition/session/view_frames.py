"""Provides `ViewFrame`: one version of the game as the seats see it, each seat's view built once.

The session makes a frame each time it reports a change (an action done, paused for a decision,
or rolled back). A frame holds the state the game is at and hands out one `SeatView` per seat,
shared by every viewer of that seat; the parts of a view are built when first read. Those parts
must show this version even when they are read after the game has moved on (a screen handles an
update after the next step was taken, a render catches up), so before the session changes the
state it freezes the frame: it gives it a copy of the state as it still is (`freeze`). The copy is
the one the session keeps anyway to roll a failed action back, so a frame costs no copy of its own
except when an action resumes after a decision some view was handed out for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from expedition.persistence.disk_trouble import DiskTrouble
from expedition.persistence.state import state_to_body
from expedition.rules.core.decisions import Decision
from expedition.rules.core.world import World
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.dungeon_map import Dungeon
from expedition.session.place_ids import PlaceIds
from expedition.session.save_health import health_for
from expedition.session.seat_options import choice_keys, choices_of, kinds_of, ready_actors
from expedition.session.seat_state import known_expedition_dungeon, seat_state, tracker_views
from expedition.session.seat_view import Lazy, LazyMap, SeatView
from expedition.session.views import Seat, view_for

__all__ = ["ViewFrame"]


class ViewFrame:
    """One version of the game and every seat's view of it (see the module docstring).

    Args:
        version: The version it shows.
        state: The state the game is at now (the session's own, until `freeze`).
        moved: Names of the trackers that moved during the last action.
        pending: The decision the game waits for, if any.
        waiting_for: Who owes it.
        world: Gives the content the rules may need to judge options (asked only when they are).
        body: The state already encoded (`state_to_body`), when the session has it.
        trouble: The last disk failure while saving fails, None while saving works.
    """

    def __init__(
        self,
        version: int,
        state: CampaignState,
        *,
        moved: Iterable[str] = (),
        pending: Decision | None = None,
        waiting_for: str = "",
        world: Callable[[], World | None] = lambda: None,
        body: dict[str, Any] | None = None,
        trouble: DiskTrouble | None = None,
    ) -> None:
        self.version = version
        """The version it shows."""
        self.moved = frozenset(moved)
        """Trackers that moved during the last action."""
        self.pending = pending
        """The decision the game waits for, if any."""
        self.waiting_for = waiting_for
        """Who owes `pending`."""
        self.trouble = trouble
        """The last disk failure while saving fails, None while saving works."""
        self._state = state
        self._world = world
        self._views: dict[Seat, SeatView] = {}
        self._body: Lazy[dict[str, Any]] = Lazy.of(body) if body is not None else Lazy(self._encode)
        self._dungeon: Lazy[Dungeon | None] = Lazy(lambda: known_expedition_dungeon(self._state))

    @property
    def handed_out(self) -> bool:
        """True once a view of this frame was asked for."""
        return bool(self._views)

    def freeze(self, copy: CampaignState) -> None:
        """From now on build from `copy`: the state as this version left it, which nothing changes."""
        self._state = copy

    def rebuilt(self, state: CampaignState) -> ViewFrame:
        """This version shown from `state`, the same game rebuilt as another object (nothing made is kept)."""
        return ViewFrame(
            self.version,
            state,
            moved=self.moved,
            pending=self.pending,
            waiting_for=self.waiting_for,
            world=self._world,
            trouble=self.trouble,
        )

    def view(self, seat: Seat) -> SeatView:
        """The seat's view of this version (the same object for every viewer of the seat)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self._build(seat)
        return view

    def _encode(self) -> dict[str, Any]:
        return state_to_body(self._state)

    def _build(self, seat: Seat) -> SeatView:
        keys = choice_keys(self._state, seat)
        ids = PlaceIds.of(self._state)  # options and decisions name a generated dungeon by its id
        return SeatView(
            seat,
            self.version,
            state=Lazy(lambda: seat_state(self._state, seat, dungeon=self._dungeon.get())),
            body=Lazy(lambda: view_for(self._state, seat, self.moved, body=self._body.get())),
            trackers=Lazy(lambda: tracker_views(self._state, seat, self.moved)),
            choices=Lazy.of(
                LazyMap(keys, lambda key: ids.typed(choices_of(self._state, seat, key, self._world())))
            ),
            ready=Lazy(lambda: ready_actors(self._state, seat)),
            kinds=lambda key, kinds: ids.typed(kinds_of(self._state, seat, key, kinds, self._world())),
            pending=ids.typed(self.pending),
            waiting_for=self.waiting_for,
            saving=health_for(self.trouble, seat),
        )
