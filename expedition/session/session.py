"""Provides `Session`: the running campaign; checks seats, applies actions, routes decisions, broadcasts.

A front end holds a `Seat` and talks to the session through its port (`port.SessionPort`):
`submit` an action, `answer` a decision, `subscribe` to updates, read its `view`. The session
checks that the seat may act and that the rules allow the action (once: `verify`, then the rules'
`carry_out`), applies it, and when a rule asks a player's decision it pauses and routes it to the
seat that owns the character (the GM's own decisions are answered at once by the GM policy). When
the action finishes it is committed: appended to the journal with its answers, autosaved, and
reported to every subscriber filtered for its seat. A rejected action or answer returns a reason a
player can read and changes nothing.

Saving never crashes the game and never loses an action silently (`saving.SaveKeeper`): a finished
action is kept only once its journal record is on disk. When that write fails (a full disk, a
read-only saves folder) the action is rolled back and refused with the disk's trouble in the game's
words, the state exactly as before it. Any failed write, a snapshot's too, is shown to every seat at
once in its view (`SeatView.saving`, a banner) until a write succeeds again; the next action
retries, and so does `retry_saving`. The host may `save_elsewhere`: into another saves folder.

Each change the session reports is a new version of the game, shown to the seats by a
`view_frames.ViewFrame`: one `SeatView` per seat, shared by all its subscribers and built only as
far as someone reads it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from expedition.persistence.state import action_to_plain, body_hash, state_to_body
from expedition.persistence.store import CampaignStore
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Decision, Resolution
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.errors import RuleError
from expedition.rules.core.events import Event
from expedition.rules.core.phase import Phase
from expedition.rules.core.world import World
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import carry_out, verify
from expedition.session.catalog_world import world_or_none
from expedition.session.place_ids import PlaceIds
from expedition.session.port import SubmitResult, Subscriber, Update
from expedition.session.replay import run_action
from expedition.session.save_health import health_for
from expedition.session.saving import SaveElsewhereError, SaveKeeper
from expedition.session.seat_options import seat_reason
from expedition.session.seat_view import SeatView
from expedition.session.state_copy import snapshot
from expedition.session.view_frames import ViewFrame
from expedition.session.views import Seat, SeatKind, events_for, moved_trackers

if TYPE_CHECKING:
    from expedition.session.campaigns import LoadReport

logger = logging.getLogger(__name__)

HASH_EVERY = 10
"""A full state hash goes into the journal after every this many actions."""

NOT_TAKEN = "That action was not taken, so nothing is lost; try it again once saving works."
"""Said after the disk's trouble when an action is refused because its journal record failed."""

GmPolicy = Callable[[Decision], str]
"""How the GM answers its own decisions."""


def default_gm(decision: Decision) -> str:
    """The GM takes each decision's default."""
    return decision.default


__all__ = [
    "HASH_EVERY",
    "NOT_TAKEN",
    "GmPolicy",
    "Session",
    "SubmitResult",
    "Subscriber",
    "Update",
    "default_gm",
]


@dataclass(slots=True)
class _Running:
    seat: Seat
    action: Action
    resolution: Resolution[None]
    ctx: Context
    backup: CampaignState | None
    frozen: list[ViewFrame]
    phase_before: Phase
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
        digests: Whether each action's journal record carries a digest of the state after it.
            Without them (a simulation's journal, kept in memory) the state is encoded only for
            the full hashes every `hash_every` actions, and a replay checks those and its end.
        copies: Whether the state is copied before every action. The copy undoes a failed action
            at once and keeps every view handed out showing its version. Without it (a bot's
            session: it reads each view before it acts, and copying was a quarter of a
            simulation's time) a failed action is undone by playing every action since the
            session began again on a copy of the state it began with, and a view read after the
            game moved on may show the game as it is now.
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
        digests: bool = True,
        copies: bool = True,
    ) -> None:
        self.state = state
        """The campaign state (read it; change it only through `submit`)."""
        self.saving = SaveKeeper(store)
        """Its writes to the campaign folder, and the trouble while they fail."""
        self.journal_enabled = journal
        self.hash_every = max(1, hash_every)
        self.gm = gm
        self.digests = digests
        self._world = world
        self._origin = None if copies else snapshot(state)  # without copies: where undoing starts
        self._done: list[tuple[Action, list[dict[str, str]]]] = []  # and what it plays again
        self._subscribers: list[tuple[Subscriber, Seat]] = []
        self._running: _Running | None = None
        self._moved: set[str] = set()
        self.load_report: LoadReport | None = None
        """What opening the campaign found on disk (set by `open_campaign`), or None."""
        self._frame = ViewFrame(0, state, world=self._world_now)
        self._live: list[ViewFrame] = [self._frame]  # the frames built on `self.state` as it is now
        if journal and not (store is not None and store.read_journal().records):
            begin = {"k": "begin", "seed": state.seed, "n": state.actions, "state": state_to_body(state)}
            self.saving.write_later(begin)  # if the disk fails, it waits and is written first

    @property
    def store(self) -> CampaignStore | None:
        """Where the campaign is saved; None keeps the journal in memory only."""
        return self.saving.store

    @property
    def records(self) -> list[dict[str, Any]]:
        """The journal records this session wrote (all of them when there is no store)."""
        return self.saving.records

    @property
    def world(self) -> World | None:
        """The content the rules may ask for; the shipped content unless another was given."""
        if self._world is None:
            self._world = world_or_none()
        return self._world

    def _world_now(self) -> World | None:
        return self.world

    @property
    def name(self) -> str:
        """The campaign's name: its folder's under saves/, "" when it is not saved."""
        return self.store.name if self.store is not None else ""

    @property
    def banner(self) -> str:
        """Nothing: a game played here says nothing of who watches (a served one's clients do)."""
        return ""

    @property
    def version(self) -> int:
        """The version of the game the seats see: it counts every change reported."""
        return self._frame.version

    # --- the port ------------------------------------------------------------------------------

    def submit(self, seat: Seat, action: Action) -> SubmitResult:
        """Check that `seat` may take `action` now, then apply it (see the module docstring).

        A generated dungeon the action names by the id the seats know it by (`place_ids`) is
        named by its key from here on (the journal keeps the key); the result names it by its id.
        """
        ids = PlaceIds.of(self.state)
        return _shown(ids, self._submit(seat, ids.action(action)))

    def _submit(self, seat: Seat, action: Action) -> SubmitResult:
        if self._running is not None:
            decision = self._running.pending
            who = self._owner_name(decision) if decision else "the game"
            return SubmitResult(False, f"Waiting for {who} to decide first.")
        reason = seat_reason(self.state, seat, action)
        if reason:
            return SubmitResult(False, reason)
        try:
            verify(self.state, action)
        except RuleError as error:
            return SubmitResult(False, str(error))
        backup = snapshot(self.state) if self._origin is None else None
        frozen, self._live = self._live, []
        if backup is not None:
            for frame in frozen:  # they show the state as it was: from now on, from the untouched copy
                frame.freeze(backup)
        ctx = Context(SeededDice.from_state(self.state.dice), world=self.world)
        moved_before, self._moved = self._moved, set()
        phase = self.state.phase
        resolution = carry_out(ctx, self.state, action)  # verified just above, on this very state
        self._running = _Running(seat, action, resolution, ctx, backup, frozen, phase, moved_before)
        return self._advance(None)

    def answer(self, seat: Seat, key: str) -> SubmitResult:
        """Answer the decision the game waits for; only the seat that owns it may."""
        ids = PlaceIds.of(self.state)
        return _shown(ids, self._answer(seat, ids.key_of(key)))

    def _answer(self, seat: Seat, key: str) -> SubmitResult:
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
        paused, self._live = self._live, []
        for frame in paused:  # the action goes on: a view handed out keeps the state as it paused
            if frame.handed_out and self._origin is None:
                frame.freeze(snapshot(self.state))
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

    def view(self, seat: Seat) -> SeatView:
        """What `seat` sees now and may do (see `seat_view.SeatView`)."""
        return self._frame.view(seat)

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
        """Give back the campaign's lock; the journal already holds every committed action."""
        if self.store is not None:
            self.store.release()

    def retry_saving(self) -> bool:
        """Try the failed writes again; every seat is told when saving works again or fails anew.

        Does nothing while an action waits for a decision (its commit retries).

        Returns:
            True when saving works, False while it still fails.
        """
        before = self.saving.trouble
        if before is None or self._running is not None:
            return before is None
        ok = self.saving.retry(lambda: state_to_body(self.state))
        if self.saving.trouble != before:
            self._announce()
        return ok

    def save_elsewhere(self, seat: Seat, folder: str) -> SubmitResult:
        """Write the whole campaign into the saves folder `folder` and save there from now on.

        Only the host may: the player at the machine the folders are on (`SaveKeeper.move`).
        """
        if seat.kind is not SeatKind.HOST:
            return SubmitResult(False, "Only the host can save the campaign elsewhere.")
        if self._running is not None:
            return SubmitResult(False, "Finish the decision first, then save elsewhere.")
        try:
            where = self.saving.move(folder, state_to_body(self.state))
        except SaveElsewhereError as error:
            return SubmitResult(False, str(error))
        self._announce()
        return SubmitResult(True, f"The campaign is saved in {where}; the game saves there from now on.")

    # --- internals ---------------------------------------------------------------------------

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
        self._moved = running.moved_before
        self._running = None
        if running.backup is not None:
            self.state = running.backup
            self._live = list(running.frozen)  # they were frozen on the copy that is the state again
        else:
            self.state = self._replayed()
            self._frame = self._frame.rebuilt(self.state)  # it was built on the state the action changed
            self._live = [self._frame]
        if running.told:
            running.sent = len(running.ctx.events)  # nothing more of the undone action is told
            self._broadcast(running, None, "", committed=False)

    def _replayed(self) -> CampaignState:
        """The state before the running action, when no copy was made before it.

        Every action since the session began is played again, with its answers, on a copy of the
        state it began with.
        """
        assert self._origin is not None
        state = snapshot(self._origin)
        for index, (action, answers) in enumerate(self._done):
            run_action(state, action, answers, index, self.world)
        return state

    def _commit(self, running: _Running) -> SubmitResult:
        self._running = None
        state = self.state
        body: dict[str, Any] | None = None
        hashed = self.journal_enabled and state.actions % self.hash_every == 0
        if self.store is not None or hashed or (self.journal_enabled and self.digests):
            body = state_to_body(state)  # else nothing here needs the encoding
        if self.journal_enabled:
            digest = body_hash(body) if body is not None else ""
            record: dict[str, Any] = {
                "k": "action",
                "n": state.actions,
                "seat": running.seat.kind.value,
                "player": running.seat.player,
                "action": action_to_plain(running.action),
                "answers": running.answers,
            }
            if self.digests:
                record["digest"] = digest[:16]
            trouble = self.saving.write_or_refuse(record)
            if trouble is not None:  # not on disk, so not kept: undone, and everyone is told
                told = running.told
                self._roll_back(running)
                if not told:
                    self._announce()
                said = health_for(trouble, running.seat).trouble  # a served player is not told of folders
                return SubmitResult(False, f"{said[:1].upper()}{said[1:]}. {NOT_TAKEN}")
            if hashed:
                self.saving.write_later({"k": "hash", "n": state.actions, "hash": digest})
        if self.store is not None:
            assert body is not None
            self.saving.autosave(body, _milestone(running.phase_before, state))
        if self._origin is not None:
            self._done.append((running.action, running.answers))
        self._broadcast(running, None, "", committed=True, body=body)
        return SubmitResult(True)

    def _announce(self) -> None:
        """Tell every seat of a change that is no action's: saving failed, or works again."""
        self._publish((), None, "", committed=False)  # only ever between actions

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
        self._publish(fresh, pending, waiting, committed=committed, body=body)

    def _publish(
        self,
        fresh: Sequence[Event],
        pending: Decision | None,
        waiting: str,
        *,
        committed: bool,
        body: dict[str, Any] | None = None,
    ) -> None:
        self._moved |= moved_trackers(fresh)
        frame = ViewFrame(
            self._frame.version + 1,
            self.state,
            moved=self._moved,
            pending=pending,
            waiting_for=waiting,
            world=self._world_now,
            body=body,
            trouble=self.saving.trouble,
        )
        self._frame = frame
        self._live.append(frame)
        told: dict[Seat, Update] = {}  # one update per seat, whoever many subscribe with it
        shown = PlaceIds.of(self.state).typed(pending)
        for callback, seat in list(self._subscribers):
            try:
                update = told.get(seat)
                if update is None:
                    events = tuple(events_for(self.state, seat, fresh))
                    update = told[seat] = Update(seat, events, frame.view(seat), shown, waiting, committed)
                callback(update)
            except Exception:  # one viewer's bug never touches the game or the others
                logger.exception("subscriber %r failed; skipped", callback)


def _shown(ids: PlaceIds, result: SubmitResult) -> SubmitResult:
    """A result as a seat is told it: a generated dungeon by its id, in the reason and the decision."""
    return ids.typed(result) if ids else result


def _milestone(before: Phase, after: CampaignState) -> str | None:
    """The milestone an action reached: the end of an expedition or of an interlude, else None.

    Those snapshots are kept beyond the rolling window, so a player can always go back to the
    start of an interlude or of an expedition.
    """
    if before.expedition and not after.phase.expedition:
        return f"expedition-end-{after.actions}"
    if not before.expedition and after.phase.expedition:
        return f"interlude-end-{after.actions}"
    return None
