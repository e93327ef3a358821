"""Provides `Session`: the running campaign; checks seats, applies actions, routes decisions, broadcasts.

A front end holds a `Seat` and talks to a `SessionPort`: `submit` an action, `answer` a
decision, `subscribe` to updates, ask for its `view`. The session checks that the seat may act,
applies the action through the rules, and when a rule asks a player's decision it pauses and
routes it to the seat that owns the character (the GM's own decisions are answered at once by
the GM policy). When the action finishes it is committed: appended to the journal with its
answers, autosaved, and reported to every subscriber filtered for its seat. A rejected action or
answer returns a reason a player can read and changes nothing.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from expedition.persistence.state import action_to_plain, body_hash, state_to_body
from expedition.persistence.store import CampaignStore
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Decision, Resolution
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.errors import RuleError
from expedition.rules.core.events import Event
from expedition.rules.core.world import World
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import RenamePlayer, apply, verify
from expedition.session.catalog_world import world_or_none
from expedition.session.views import Seat, SeatKind, events_for, moved_trackers, seat_characters, view_for

if TYPE_CHECKING:
    from expedition.session.campaigns import LoadReport

logger = logging.getLogger(__name__)

HASH_EVERY = 10
"""A full state hash goes into the journal after every this many actions."""

GmPolicy = Callable[[Decision], str]
"""How the GM answers its own decisions."""


def default_gm(decision: Decision) -> str:
    """The GM takes each decision's default."""
    return decision.default


@dataclass(frozen=True, slots=True)
class SubmitResult:
    """What became of a submitted action or an answer.

    Attributes:
        ok: False when it was rejected (then nothing changed).
        reason: Why it was rejected, in a player's words.
        pending_decision: A decision the action now waits for, or None when it finished.
        waiting_for: The player id (or "host") who must answer `pending_decision`.
    """

    ok: bool
    reason: str = ""
    pending_decision: Decision | None = None
    waiting_for: str = ""


@dataclass(frozen=True, slots=True)
class Update:
    """What one subscriber is told after an action, or when an action pauses for a decision.

    Attributes:
        seat: The seat it is filtered for.
        events: The new events, as that seat may see them.
        view: The state as that seat may see it.
        pending: The decision the game waits for, or None.
        waiting_for: Who must answer it.
        committed: True when the action finished and was saved.
    """

    seat: Seat
    events: tuple[Event, ...]
    view: dict[str, Any]
    pending: Decision | None = None
    waiting_for: str = ""
    committed: bool = False


Subscriber = Callable[[Update], None]
"""A callback that receives updates."""


class SessionPort(Protocol):
    """What a front end may ask of a session (keyboard, bot, SSH client, replay)."""

    def submit(self, seat: Seat, action: Action) -> SubmitResult:
        """Submit an action from `seat`."""
        ...

    def answer(self, seat: Seat, key: str) -> SubmitResult:
        """Answer the pending decision from `seat`."""
        ...

    def subscribe(self, callback: Subscriber, seat: Seat) -> Callable[[], None]:
        """Receive updates filtered for `seat`; returns a function that unsubscribes."""
        ...

    def view(self, seat: Seat) -> dict[str, Any]:
        """The state as `seat` may see it."""
        ...


@dataclass(slots=True)
class _Running:
    seat: Seat
    action: Action
    resolution: Resolution[None]
    ctx: Context
    backup: CampaignState
    moved_before: set[str] = field(default_factory=set)
    answers: list[dict[str, str]] = field(default_factory=list)
    sent: int = 0
    pending: Decision | None = None
    told: bool = False


class Session:
    """One campaign in play.

    Args:
        state: The campaign state; the session owns it from now on.
        store: Where to autosave and journal; None keeps the journal in memory only.
        journal: Whether to keep a journal at all.
        hash_every: Actions between full state hashes in the journal.
        gm: How GM decisions are answered.
    """

    def __init__(
        self,
        state: CampaignState,
        store: CampaignStore | None = None,
        *,
        journal: bool = True,
        hash_every: int = HASH_EVERY,
        gm: GmPolicy = default_gm,
        world: World | None = None,
    ) -> None:
        self.state = state
        """The campaign state (read it; change it only through `submit`)."""
        self.store = store
        self.journal_enabled = journal
        self.hash_every = max(1, hash_every)
        self.gm = gm
        self._world = world
        self.records: list[dict[str, Any]] = []
        """The journal records this session wrote (all of them when there is no store)."""
        self._subscribers: list[tuple[Subscriber, Seat]] = []
        self._running: _Running | None = None
        self._moved: set[str] = set()
        self.load_report: LoadReport | None = None
        """What opening the campaign found on disk (set by `open_campaign`), or None."""
        if journal and not (store is not None and store.read_journal().records):
            self._journal(
                {"k": "begin", "seed": state.seed, "n": state.actions, "state": state_to_body(state)}
            )

    @property
    def world(self) -> World | None:
        """The content the rules may ask for; the shipped content unless another was given."""
        if self._world is None:
            self._world = world_or_none()
        return self._world

    # --- the port ------------------------------------------------------------------------------

    def submit(self, seat: Seat, action: Action) -> SubmitResult:
        """Check that `seat` may take `action` now, then apply it (see the module docstring)."""
        if self._running is not None:
            decision = self._running.pending
            who = self._owner_name(decision) if decision else "the game"
            return SubmitResult(False, f"Waiting for {who} to decide first.")
        reason = self._seat_reason(seat, action)
        if reason:
            return SubmitResult(False, reason)
        try:
            verify(self.state, action)
        except RuleError as error:
            return SubmitResult(False, str(error))
        backup = copy.deepcopy(self.state)
        ctx = Context(SeededDice.from_state(self.state.dice), world=self.world)
        moved_before, self._moved = self._moved, set()
        self._running = _Running(seat, action, apply(ctx, self.state, action), ctx, backup, moved_before)
        return self._advance(None)

    def answer(self, seat: Seat, key: str) -> SubmitResult:
        """Answer the decision the game waits for; only the seat that owns it may."""
        running = self._running
        if running is None or running.pending is None:
            return SubmitResult(False, "Nothing is waiting for an answer.")
        decision = running.pending
        owner = self.decision_owner(decision)
        if seat.kind is SeatKind.SPECTATOR:
            return SubmitResult(False, "Spectators can watch but not decide.")
        if seat.kind is SeatKind.PLAYER and seat.player != owner:
            return SubmitResult(False, f"This decision belongs to {self._owner_name(decision)}.")
        if key not in decision.keys:
            return SubmitResult(
                False, f"{key!r} is not a choice here; choose one of {', '.join(decision.keys)}."
            )
        running.pending = None
        running.answers.append({"kind": decision.kind, "owner": decision.owner, "key": key})
        return self._advance(key)

    def subscribe(self, callback: Subscriber, seat: Seat | None = None) -> Callable[[], None]:
        """Receive an `Update` filtered for `seat` (a spectator's by default) after each change.

        Returns:
            A function that stops the updates.
        """
        entry = (callback, seat if seat is not None else Seat.spectator())
        self._subscribers.append(entry)

        def unsubscribe() -> None:
            if entry in self._subscribers:
                self._subscribers.remove(entry)

        return unsubscribe

    def view(self, seat: Seat) -> dict[str, Any]:
        """The state as `seat` may see it (hidden trackers without their values)."""
        return view_for(self.state, seat, self._moved)

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, if any."""
        return self._running.pending if self._running else None

    def decision_owner(self, decision: Decision) -> str:
        """The player id that answers `decision`: its character's owner, or "gm"."""
        if decision.owner == GM:
            return GM
        for member in self.state.party:
            if member.id == decision.owner:
                return member.owner
        return GM  # a character no longer in the party cannot answer; the GM takes the default

    def milestone(self, label: str) -> Path | None:
        """Save a snapshot kept forever, beside the rolling autosaves (an expedition or interlude ended).

        Args:
            label: The milestone's name, such as "expedition-1" (a-z, 0-9, `_` and `-`).

        Returns:
            The snapshot's path, or None when the session has no store.

        Raises:
            PersistenceError: If `label` is not a safe milestone name.
            OSError: If the folder cannot be written.
        """
        if self.store is None:
            return None
        return self.store.save(state_to_body(self.state), milestone=label)

    def close(self) -> None:
        """Give back the campaign's lock; autosaves already hold every committed action."""
        if self.store is not None:
            self.store.release()

    # --- internals ---------------------------------------------------------------------------

    def _seat_reason(self, seat: Seat, action: Action) -> str:
        if seat.kind is SeatKind.SPECTATOR:
            return "Spectators can watch but not act."
        if seat.kind is SeatKind.HOST:
            return ""
        if not any(p.id == seat.player for p in self.state.players):
            return "You are not a player in this campaign."
        if isinstance(action, RenamePlayer):
            return "" if action.player == seat.player else "You can only rename yourself."
        if action.actor:
            member = next((c for c in self.state.party if c.id == action.actor), None)
            if member is None:
                return f"{action.actor} is not with the party."
            if member.owner != seat.player:
                return f"{member.name} is {self._player_name(member.owner)}'s character, not yours."
            return ""
        if not seat_characters(self.state, seat):
            return "You have nobody in the party to act with."
        return ""

    def _player_name(self, player_id: str) -> str:
        return next((p.name for p in self.state.players if p.id == player_id), player_id)

    def _owner_name(self, decision: Decision) -> str:
        owner = self.decision_owner(decision)
        return "the game master" if owner == GM else self._player_name(owner)

    def _advance(self, key: str | None) -> SubmitResult:
        running = self._running
        assert running is not None
        while True:
            try:
                decision = next(running.resolution) if key is None else running.resolution.send(key)
            except StopIteration:
                return self._commit(running)
            except Exception as error:  # a rule refused or failed mid-way: undo everything
                self._roll_back(running)
                if not isinstance(error, RuleError):
                    logger.exception("action %r failed; the state was restored", running.action)
                return SubmitResult(False, str(error) or "That cannot be done now.")
            if self.decision_owner(decision) == GM:
                try:
                    key = self.gm(decision)
                except Exception:  # a broken GM policy must not leave the action half done
                    logger.exception("the GM policy failed on %r; its default was taken", decision.kind)
                    key = decision.default
                if key not in decision.keys:
                    key = decision.default
                running.answers.append({"kind": decision.kind, "owner": decision.owner, "key": key})
                continue
            running.pending = decision
            waiting = self.decision_owner(decision)
            self._broadcast(running, decision, waiting, committed=False)
            return SubmitResult(True, pending_decision=decision, waiting_for=waiting)
            # answered through `answer`, which resumes this loop

    def _roll_back(self, running: _Running) -> None:
        """Undo an action that failed part-way: the state and the moved trackers are as before it.

        Seats that were already told of it (it paused for a decision) get the restored view, so
        nobody keeps waiting on a decision that is gone.
        """
        self.state = running.backup
        self._moved = running.moved_before
        self._running = None
        if running.told:
            running.sent = len(running.ctx.events)  # nothing more of the undone action is told
            self._broadcast(running, None, "", committed=False)

    def _commit(self, running: _Running) -> SubmitResult:
        self._running = None
        state = self.state
        body = state_to_body(state)
        digest = body_hash(body)
        self._journal(
            {
                "k": "action",
                "n": state.actions,
                "seat": running.seat.kind.value,
                "player": running.seat.player,
                "action": action_to_plain(running.action),
                "answers": running.answers,
                "digest": digest[:16],
            }
        )
        if state.actions % self.hash_every == 0:
            self._journal({"k": "hash", "n": state.actions, "hash": digest})
        if self.store is not None:
            try:
                self.store.save(body, milestone=_milestone(running.backup, state))
            except Exception:  # a full disk must not end the game; the journal still has it
                logger.exception("autosave of %s failed", self.store.name)
        self._broadcast(running, None, "", committed=True, body=body)
        return SubmitResult(True)

    def _journal(self, record: dict[str, Any]) -> None:
        if not self.journal_enabled:
            return
        self.records.append(record)
        if self.store is not None:
            self.store.append_journal(record)

    def _broadcast(
        self,
        running: _Running,
        pending: Decision | None,
        waiting: str,
        *,
        committed: bool,
        body: dict[str, Any] | None = None,
    ) -> None:
        fresh = running.ctx.events[running.sent :]
        running.sent = len(running.ctx.events)
        running.told = True
        self._moved |= moved_trackers(fresh)
        subscribers = list(self._subscribers)
        if subscribers and body is None:
            body = state_to_body(self.state)  # encoded once, filtered for each seat
        for callback, seat in subscribers:
            try:
                update = Update(
                    seat,
                    tuple(events_for(self.state, seat, fresh)),
                    view_for(self.state, seat, self._moved, body=body),
                    pending,
                    waiting,
                    committed,
                )
                callback(update)
            except Exception:  # one viewer's bug never touches the game or the others
                logger.exception("subscriber %r failed; skipped", callback)


def _milestone(before: CampaignState, after: CampaignState) -> str | None:
    """The milestone an action reached: the end of an expedition or of an interlude, else None.

    Those snapshots are kept beyond the rolling window, so a player can always go back to the
    start of an interlude or of an expedition.
    """
    if before.phase.expedition and not after.phase.expedition:
        return f"expedition-end-{after.actions}"
    if not before.phase.expedition and after.phase.expedition:
        return f"interlude-end-{after.actions}"
    return None
