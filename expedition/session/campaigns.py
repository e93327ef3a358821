"""Provides starting, listing and opening saved campaigns: the session a new game or "continue" plays.

`start_campaign` turns a freshly made party into a campaign folder (first snapshot, journal, lock).
`open_campaign` takes the campaign's lock, loads its newest intact snapshot (a damaged newer one is
set aside by the store and reported) and rolls the journal forward: actions committed after that
snapshot are applied again with their recorded answers, each checked against its digest, so a
crash between the journal and the snapshot, or a damaged snapshot, never loses a turn. A journal
record that cannot be read is never cut off unseen: it and every record after it are moved into a
file beside the journal, the load report says so, and when the journal then stops short of the
loaded state a `resume` record holding that state lets it carry on (and replay say where the gap is).
"""

from __future__ import annotations

import contextlib
import itertools
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from expedition.persistence.save_errors import (
    CampaignLocked,
    NoSnapshot,
    PersistenceError,
    SnapshotError,
    UnsupportedVersion,
)
from expedition.persistence.snapshot import read_snapshot
from expedition.persistence.state import action_from_plain, body_hash, state_to_body
from expedition.persistence.store import (
    KEEP,
    SCREENSHOTS,
    CampaignStore,
    JournalSetAside,
    default_saves_dir,
    list_campaigns,
    no_such_campaign,
)
from expedition.persistence.validation import saved_state
from expedition.rules.character.party import Party
from expedition.rules.core.context import Context
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.errors import RuleError
from expedition.rules.core.wording import plural
from expedition.rules.engine.campaign import CampaignState, Player, new_campaign
from expedition.rules.engine.play_sessions import BeginPlaySession
from expedition.session.replay import ReplayDivergence, run_action
from expedition.session.session import Session
from expedition.session.views import Seat

logger = logging.getLogger(__name__)

__all__ = [
    "CampaignInUse",
    "CampaignOpenError",
    "CampaignSummary",
    "LoadReport",
    "check_new_name",
    "default_saves_dir",
    "list_saved",
    "new_name",
    "newest_campaign",
    "open_campaign",
    "start_campaign",
]


class CampaignOpenError(Exception):
    """A campaign cannot be started or opened; the message says which and why, in a player's words."""


class CampaignInUse(CampaignOpenError):
    """Another game has the campaign open; the message names it (pid, machine, since when)."""


@dataclass(frozen=True, slots=True)
class LoadReport:
    """What opening a campaign found on disk.

    Attributes:
        name: The campaign's name.
        snapshot: The snapshot file loaded.
        skipped: Newer snapshots that were damaged, with the reason; each was renamed `*.corrupt`.
        rolled_forward: Journal actions applied on top of the snapshot.
        journal_set_aside: The journal's unreadable records, moved into a file beside it, or None.
        resumed: True when the journal picks up again at the loaded state, after a gap (a `resume`
            record): the actions between its last good record and that state cannot be replayed.
        actions: The number of the last action of the state play continues from.
        refused: Newer snapshots, intact, that describe a campaign the game cannot hold (see
            `persistence/validation.py`) or that the journal does not replay from, with the reason;
            they stay where they are.
    """

    name: str
    snapshot: Path
    skipped: tuple[tuple[Path, str], ...] = ()
    rolled_forward: int = 0
    journal_set_aside: JournalSetAside | None = None
    resumed: bool = False
    actions: int = 0
    refused: tuple[tuple[Path, str], ...] = ()

    @property
    def troubled(self) -> bool:
        """True when the player should be told something went wrong on disk."""
        return bool(self.skipped or self.refused or self.journal_set_aside or self.resumed)

    def lines(self) -> list[str]:
        """What a player should be told, one sentence per line (empty when all was well)."""
        told = [
            f"{path.name} was damaged ({why}); it was set aside as {path.name}.corrupt."
            for path, why in self.skipped
        ]
        told += [
            f"{path.name} could not be used ({why}); it was skipped and left as it is."
            for path, why in self.refused
        ]
        if self.skipped or self.refused:
            told.append(f"Loaded the previous snapshot, {self.snapshot.name}.")
        if self.rolled_forward:
            told.append(f"Replayed {plural(self.rolled_forward, 'action')} from the journal saved after it.")
        aside = self.journal_set_aside
        if aside is not None:
            told.append(f"The journal's {aside.reason}; {aside.records} were set aside in {aside.path}.")
        if self.resumed:
            told.append(
                f"Play continues from the snapshot {self.snapshot.name} (action {self.actions}); "
                "the journal picks up again there, so a replay cannot check the actions in between."
            )
        elif aside is not None:
            told.append(f"Play continues from the journal's last good record (action {self.actions}).")
        return told


@dataclass(frozen=True, slots=True)
class CampaignSummary:
    """One saved campaign, as the load list shows it (read without changing anything).

    Attributes:
        name: The folder name.
        day: Campaign day of the newest snapshot (0 when unreadable).
        phase: Its phase, in words ("" when unreadable).
        location: Where the party is ("" when unreadable).
        place: The same in the player's words where the snapshot has them: a dungeon's own name
            ("" otherwise; never a generated dungeon's key, which names its seed).
        saved: When the newest snapshot was written (seconds since the epoch; 0 without snapshots).
        problem: Why the newest snapshot cannot be read, or "" when it can.
    """

    name: str
    day: int = 0
    phase: str = ""
    location: str = ""
    place: str = ""
    saved: float = 0.0
    problem: str = ""

    @property
    def saved_text(self) -> str:
        """The time of the last save, "YYYY-MM-DD HH:MM" in local time."""
        return datetime.fromtimestamp(self.saved).strftime("%Y-%m-%d %H:%M") if self.saved else "never"


def _new_store(name: str, saves: Path | None, keep: int = KEEP) -> CampaignStore:
    try:
        store = CampaignStore(default_saves_dir(saves), name, keep=keep)
    except PersistenceError as error:
        raise CampaignOpenError(str(error)) from error
    if store.started:
        raise CampaignOpenError(f"a campaign called {name!r} already exists in {store.folder.parent}")
    return store


def check_new_name(name: str, saves: Path | None = None) -> None:
    """Refuse, before any party is made, a name a new campaign could not be saved under.

    Raises:
        CampaignOpenError: When the name is not allowed or a campaign of that name already exists.
    """
    _new_store(name, saves)


def screenshots_folder(saves: Path | None = None) -> Path:
    """Where screenshots of a game go: the saves folder's `screenshots/` (not made here)."""
    return default_saves_dir(saves) / SCREENSHOTS


def new_name(saves: Path | None = None) -> str:
    """The name a new campaign gets: `campaign-1`, or `campaign-2`, `-3`… when that is taken.

    Never the seed: the name is shown to every seat (a served game's clients), and the seed would
    tell them every roll to come. A new campaign neither is refused nor overwrites an older one.
    """
    root = default_saves_dir(saves)
    for number in itertools.count(1):
        name = f"campaign-{number}"
        if not CampaignStore(root, name).started:
            return name
    raise AssertionError("unreachable")  # pragma: no cover - itertools.count never ends


def _players(party: Party) -> list[Player]:
    owners = sorted({member.owner for member in party.characters})
    return [Player(owner, owner.replace("player", "Player ")) for owner in owners]


def start_campaign(
    party: Party,
    seed: int,
    *,
    saves: Path | None = None,
    name: str | None = None,
    ctx: Context | None = None,
    keep: int = KEEP,
) -> Session:
    """Start a campaign for a new party: its first snapshot, the journal's start, and the lock.

    Args:
        party: The party character creation made.
        seed: The campaign seed.
        saves: The saves folder (see `default_saves_dir`).
        name: The campaign's folder name; the first free "campaign-<n>" by default (`new_name`).
        ctx: The context the party was made with, so the dice carry on where creation stopped;
            a fresh one on `SeededDice(seed)` by default.
        keep: How many of the newest autosaves to keep (milestones are kept besides).

    Returns:
        The session, holding the campaign's lock (`Session.close` gives it back).

    Raises:
        CampaignOpenError: When a campaign of that name already exists, the name is not allowed,
            or the folder cannot be written (`CampaignInUse` when another game holds its lock).
    """
    name = name or new_name(saves)
    store = _new_store(name, saves, keep)
    ctx = ctx if ctx is not None else Context(SeededDice(seed))
    try:
        state = new_campaign(seed, party.characters, _players(party), silver=party.silver, ctx=ctx)
    except RuleError as error:
        raise CampaignOpenError(f"the party cannot start a campaign: {error}") from error
    state.stash = list(party.stash)
    state.counterfeit = party.counterfeit
    state.sheets = dict(party.sheets)
    state.next_uid = max(state.next_uid, party.next_uid)
    try:
        store.acquire()
    except CampaignLocked as error:
        raise CampaignInUse(str(error)) from error
    except OSError as error:
        raise CampaignOpenError(f"cannot write {store.folder}: {error.strerror or error}") from error
    try:
        store.save(state_to_body(state))
        # The session opens the journal with the seed and the starting state, so the campaign can
        # be replayed from its first action.
        return Session(state, store)
    except (PersistenceError, OSError) as error:
        store.release()
        raise CampaignOpenError(f"campaign {name!r} could not be saved: {error}") from error


def _newest_time(store: CampaignStore) -> float:
    times = []
    for path in store.snapshots():
        try:
            times.append(path.stat().st_mtime)
        except OSError:
            continue
    return max(times, default=0.0)


def newest_campaign(saves: Path | None = None) -> str | None:
    """The campaign saved most recently (by its newest snapshot's time), or None when there is none."""
    root = default_saves_dir(saves)
    dated = [(_newest_time(CampaignStore(root, name)), name) for name in list_campaigns(root)]
    dated = [(when, name) for when, name in dated if when > 0]
    return max(dated)[1] if dated else None


def list_saved(saves: Path | None = None) -> list[CampaignSummary]:
    """Every campaign in the saves folder, the most recently saved first; nothing on disk changes."""
    root = default_saves_dir(saves)
    found = [_summary(CampaignStore(root, name)) for name in list_campaigns(root)]
    return sorted(found, key=lambda s: (-s.saved, s.name))


def _summary(store: CampaignStore) -> CampaignSummary:
    snapshots = store.snapshots()
    if not snapshots:
        return CampaignSummary(store.name, problem="no snapshots")
    newest = snapshots[-1]
    saved = _newest_time(store)
    try:
        _, body = read_snapshot(newest)
    except SnapshotError as error:
        return CampaignSummary(store.name, saved=saved, problem=f"{newest.name}: {error.reason}")
    day, phase, location = body.get("day"), body.get("phase"), body.get("location")
    return CampaignSummary(
        store.name,
        day=day if type(day) is int else 0,
        phase=str(phase) if isinstance(phase, str) else "",
        location=str(location) if isinstance(location, str) else "",
        place=_place(body, location),
        saved=saved,
    )


def _place(body: dict[str, Any], location: object) -> str:
    """A dungeon's own name for the load list: the one the party is in, or the one it left."""
    expedition = body.get("expedition")
    dungeon = expedition.get("dungeon") if isinstance(expedition, dict) else None
    if isinstance(dungeon, dict) and isinstance(dungeon.get("name"), str):
        return str(dungeon["name"])
    locations = body.get("locations")
    known = locations.get(location) if isinstance(locations, dict) and isinstance(location, str) else None
    title = known.get("title") if isinstance(known, dict) else None
    return title if isinstance(title, str) else ""


def open_campaign(name: str | None = None, *, saves: Path | None = None, keep: int = KEEP) -> Session:
    """Open a saved campaign where it stopped: the newest intact snapshot plus the journal after it.

    Args:
        name: The campaign's folder name; None opens the one saved most recently ("continue").
        saves: The saves folder (see `default_saves_dir`).
        keep: How many of the newest autosaves to keep (milestones are kept besides).

    Returns:
        The session, holding the campaign's lock, with `load_report` saying what was found.

    Raises:
        CampaignOpenError: When there is no such campaign, another game has it open (`CampaignInUse`,
            naming its pid), no snapshot can be read, or the journal after the snapshot does not
            replay to what it recorded. The lock is given back then.
    """
    root = default_saves_dir(saves)
    if name is None:
        name = newest_campaign(root)
        if name is None:
            raise CampaignOpenError(f"there are no saved campaigns in {root}")
    try:
        store = CampaignStore(root, name, keep=keep)
    except PersistenceError as error:
        raise CampaignOpenError(str(error)) from error
    if not store.folder.is_dir():
        raise CampaignOpenError(no_such_campaign(name, root))
    try:
        store.acquire()
    except CampaignLocked as error:
        raise CampaignInUse(str(error)) from error
    except OSError as error:
        raise CampaignOpenError(f"cannot open {store.folder}: {error.strerror or error}") from error
    try:
        session = _load(store)
    except BaseException:
        store.release()
        raise
    _new_sitting(session)
    return session


def _new_sitting(session: Session) -> None:
    """Opening a saved campaign is a new play session: burdens used last time come back (§3.5).

    Submitted as an action, so the journal keeps it; only when some burden was used, so opening
    a campaign without playing leaves it exactly as it was. A campaign saved while waiting for a
    decision keeps its burdens until the next opening (the action is refused then).
    """
    state = session.state
    if any(c.burden_used for c in (*state.party, *(entry.character for entry in state.roster))):
        session.submit(Seat.host(), BeginPlaySession())


def _load(store: CampaignStore) -> Session:
    try:
        aside = store.set_aside_journal_tail()
        journal = store.read_journal()
    except SnapshotError as error:
        raise CampaignOpenError(str(error)) from error
    except OSError as error:
        raise CampaignOpenError(
            f"campaign {store.name!r}: the journal's damaged records cannot be set aside in "
            f"{store.folder} ({error.strerror or error}); nothing was changed"
        ) from error

    def playable(body: dict[str, Any]) -> tuple[CampaignState, int]:
        """A snapshot's checked state (or the journal's newer `resume` state) rolled forward.

        Refused, so an older snapshot is tried, if the journal will not replay from it.
        """
        state = _resumed_state(saved_state(body), journal.records)
        try:
            return state, _roll_forward(state, journal.records, store.name)
        except CampaignOpenError as error:
            raise SnapshotError(f"the journal after it does not replay ({error})") from error
        except Exception as error:  # a fault of the game's on this state: try an older snapshot
            logger.exception("replaying the journal of %s failed", store.name)
            raise SnapshotError(f"the journal after it does not replay (the game failed: {error})") from error

    try:
        loaded = store.load_newest(playable)
    except UnsupportedVersion as error:
        raise CampaignOpenError(
            f"campaign {store.name!r} was saved by a newer version of expedition ({error})"
        ) from error
    except NoSnapshot as error:
        raise CampaignOpenError(str(error)) from error
    state, rolled = loaded.value
    # A journal that stops short of the state (its damaged records set aside) picks up again here;
    # an empty one with nothing set aside is simply started by the session, as for a new campaign.
    resumed = _journal_end(journal.records) < state.actions if journal.records else aside is not None
    if resumed:
        _resume_journal(store, state, aside)
    report = LoadReport(
        store.name,
        loaded.path,
        tuple(loaded.skipped),
        rolled,
        aside,
        resumed,
        state.actions,
        tuple(loaded.refused),
    )
    session = Session(state, store)
    if rolled:
        # Save what the journal restored, so the next open starts from here.
        # On failure the journal still has every action, and the next open rolls forward again.
        with contextlib.suppress(PersistenceError, OSError):
            store.save(state_to_body(state))
    session.load_report = report
    return session


def _journal_end(records: Sequence[dict[str, Any]]) -> int:
    """The number of the last action the journal holds (-1 when it holds none)."""
    for record in reversed(records):
        number = record.get("n")
        if type(number) is int:
            return number
    return -1


def _resumed_state(state: CampaignState, records: Sequence[dict[str, Any]]) -> CampaignState:
    """The state of the journal's last `resume` record when it is newer than `state`, else `state`.

    A `resume` record holds the whole state where play went on after a gap; when the snapshots
    written after it are all damaged, the journal carries on from it, not from an older snapshot.
    """
    for record in reversed(records):
        number = record.get("n")
        if record.get("k") != "resume" or type(number) is not int or number <= state.actions:
            continue
        body = record.get("state")
        with contextlib.suppress(SnapshotError):
            if isinstance(body, dict):
                return saved_state(body)
    return state


def _resume_journal(store: CampaignStore, state: CampaignState, aside: JournalSetAside | None) -> None:
    """Mark where the journal picks up again after a gap, with the whole state, so it stays replayable.

    Raises:
        CampaignOpenError: If the journal cannot be written.
    """
    record: dict[str, Any] = {"k": "resume", "n": state.actions, "state": state_to_body(state)}
    if aside is not None:
        record |= {"from_record": aside.first_record, "set_aside": aside.path.name, "why": aside.reason}
    try:
        store.append_journal(record)
    except (PersistenceError, OSError) as error:
        raise CampaignOpenError(f"campaign {store.name!r}: the journal cannot be written: {error}") from error


def _roll_forward(state: CampaignState, records: Sequence[dict[str, Any]], name: str) -> int:
    """Apply the journal's actions numbered after `state.actions`, checking each digest and hash.

    Returns:
        How many actions were applied.

    Raises:
        CampaignOpenError: When an action is missing, unreadable or replays differently.
    """
    rolled = 0
    for record in records:
        kind, number = record.get("k"), record.get("n")
        if type(number) is not int or kind not in ("action", "hash") or number < state.actions:
            continue
        if kind == "hash":
            if number == state.actions and rolled and body_hash(state_to_body(state)) != record.get("hash"):
                raise CampaignOpenError(
                    f"campaign {name!r}: after action {number} the state differs from the journal's hash"
                )
            continue
        if number == state.actions:
            continue  # the snapshot already has it
        if number != state.actions + 1:
            raise CampaignOpenError(
                f"campaign {name!r}: the journal jumps from action {state.actions} to action {number}"
            )
        try:
            action = action_from_plain(record.get("action"))
            answers = record.get("answers", [])
            if type(answers) is not list or not all(type(a) is dict for a in answers):
                raise SnapshotError("its answers are not a list of maps")
            run_action(state, action, answers, number)
        except (SnapshotError, ReplayDivergence) as error:
            raise CampaignOpenError(
                f"campaign {name!r}: journal action {number} cannot be replayed: {error}"
            ) from error
        digest = record.get("digest")
        if digest is not None and body_hash(state_to_body(state))[: len(str(digest))] != digest:
            raise CampaignOpenError(
                f"campaign {name!r}: journal action {number} replays to a different state than it recorded"
            )
        rolled += 1
    return rolled
