"""Provides `CampaignStore`: one folder per campaign of numbered snapshots, a journal and a lock.

Snapshots are `snap-00000042.expd` (or `snap-00000042--expedition-1.expd` for a milestone), written
atomically with a sequence number one above any seen in the folder. The newest `keep` plain
snapshots stay, older ones are deleted, milestones stay forever. Loading walks from the newest
down, moving a damaged file aside as `*.corrupt` and saying why, and skipping (but keeping) an
intact one whose body the caller refuses (a state that makes no sense, see `validation.py`), so one
bad write never costs the campaign. `campaign.lock` is held with an OS lock (`flock`) by the game
that has the campaign open, so the lock ends with that process however it ends; the file's text
only says who holds it.
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import os
import re
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

import platformdirs

from expedition import source_checkout
from expedition.persistence.atomic import TEMP_SUFFIX, write_atomic
from expedition.persistence.journal import JournalRead, append_record, read_records
from expedition.persistence.save_errors import CampaignLocked, NoSnapshot, PersistenceError, SnapshotError
from expedition.persistence.snapshot import Header, encode_snapshot, read_snapshot

SAVES_ENV = "EXPEDITION_SAVES"
"""Environment variable naming the saves folder."""
APP_NAME = "expedition"
"""The folder name under the user's data folder."""
SCREENSHOTS = "screenshots"
"""The folder in the saves folder where screenshots go; never a campaign's name."""
LOCK_NAME = "campaign.lock"
"""The lock file in a campaign folder."""
JOURNAL_NAME = "journal.bin"
"""The journal file in a campaign folder."""
SUFFIX = ".expd"
"""Suffix of snapshot files."""
KEEP = 10
"""How many of the newest plain snapshots a campaign keeps by default."""
_SNAPSHOT = re.compile(r"snap-(\d{8,})(?:--([a-z0-9][a-z0-9_-]{0,47}))?\.expd")
_ANY_SEQUENCE = re.compile(r"snap-(\d{8,})")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_MILESTONE = re.compile(r"[a-z0-9][a-z0-9_-]{0,47}")


@dataclass(frozen=True, slots=True)
class SavesFolder:
    """Where campaigns live, and why there.

    Attributes:
        path: The folder.
        reason: Which rule chose it, in a player's words.
    """

    path: Path
    reason: str


def saves_folder(saves: str | Path | None = None) -> SavesFolder:
    """Where campaigns live: the first of these rules that applies.

    1. `saves`, the folder given with `--saves DIR`;
    2. the `EXPEDITION_SAVES` environment variable;
    3. the `saves/` folder of the source checkout the game runs from (see `source_checkout`);
    4. the user's data folder (on Linux `~/.local/share/expedition/saves`).
    """
    if saves:
        return SavesFolder(Path(saves), "given with --saves")
    env = os.environ.get(SAVES_ENV)
    if env:
        return SavesFolder(Path(env), f"set by ${SAVES_ENV}")
    checkout = source_checkout()
    if checkout is not None:
        return SavesFolder(checkout / "saves", f"the saves folder of the source checkout in {checkout}")
    data = platformdirs.user_data_path(APP_NAME, appauthor=False)
    return SavesFolder(data / "saves", "your data folder, as the game is installed")


def default_saves_dir(saves: str | Path | None = None) -> Path:
    """The saves folder's path (see `saves_folder` for the rules that choose it)."""
    return saves_folder(saves).path


def no_such_campaign(name: str, root: Path) -> str:
    """How every command says that a campaign is not there."""
    return f"there is no campaign called {name!r} in {root}"


def list_campaigns(root: Path) -> list[str]:
    """Names of the campaign folders under `root`, sorted; empty if `root` does not exist."""
    if not root.is_dir():
        return []
    return sorted(
        p.name for p in root.iterdir() if p.is_dir() and _NAME.fullmatch(p.name) and p.name != SCREENSHOTS
    )


def check(path: Path) -> tuple[bool, str]:
    """Check one snapshot file without changing anything.

    Returns:
        `(True, summary)` for a readable snapshot, otherwise `(False, what is wrong)`.
    """
    try:
        header, _ = read_snapshot(path)
    except SnapshotError as error:
        return False, error.reason
    return True, f"ok: format {header.format_version}, written by expedition {header.app_version}"


@dataclass(frozen=True, slots=True)
class JournalSetAside:
    """A journal's unreadable tail, moved into a file beside the journal.

    Attributes:
        path: The file now holding those bytes.
        first_record: The number of the first record set aside (1 for the journal's first).
        records: The records set aside, in words ("records 61 to 113").
        reason: Why the first of them could not be read.
        size: How many bytes were set aside.
    """

    path: Path
    first_record: int
    records: str
    reason: str
    size: int


@dataclass(frozen=True, slots=True)
class LoadResult:
    """The snapshot `load_newest` chose.

    Attributes:
        body: The body, migrated to the current format.
        path: The file it came from.
        header: That file's header.
        skipped: Newer files that could not be read, with the reason; each was renamed `*.corrupt`.
        value: What `accept` made of the body (see `load_newest`), or None without `accept`.
        refused: Newer files, intact, whose body `accept` refused, with the reason; left in place.
    """

    body: dict[str, Any]
    path: Path
    header: Header
    skipped: list[tuple[Path, str]] = field(default_factory=list)
    value: Any = None
    refused: list[tuple[Path, str]] = field(default_factory=list)


class CampaignStore:
    """The folder of one campaign: snapshots, journal and lock.

    Args:
        root: The saves folder (see `default_saves_dir`).
        name: The campaign's folder name: letters, digits, `_`, `-`, `.`, not starting with a dot.
        keep: How many of the newest plain snapshots to keep; milestones are kept besides.

    Raises:
        PersistenceError: If `name` is not a safe folder name or `keep` is below 1.
    """

    def __init__(self, root: Path, name: str, *, keep: int = KEEP) -> None:
        if not _NAME.fullmatch(name):
            raise PersistenceError(
                f"{name!r} is not a campaign name "
                "(up to 64 letters, digits, _ - and ., starting with a letter or digit)"
            )
        if name == SCREENSHOTS:
            raise PersistenceError(
                f"{name!r} is not a campaign name (the saves folder keeps screenshots there)"
            )
        if keep < 1:
            raise PersistenceError("keep at least one snapshot")
        self.folder = Path(root) / name
        """The campaign's folder."""
        self.name = name
        """The campaign's name."""
        self.keep = keep
        """How many plain snapshots to keep."""
        self._journal_end: int | None = None
        self._lock_fd: int | None = None

    @property
    def started(self) -> bool:
        """True once the campaign has a snapshot or a journal (its name is taken)."""
        return bool(self.snapshots()) or self.journal_path.exists()

    @property
    def lock_path(self) -> Path:
        """The lock file."""
        return self.folder / LOCK_NAME

    @property
    def journal_path(self) -> Path:
        """The journal file."""
        return self.folder / JOURNAL_NAME

    # Snapshots -------------------------------------------------------------------------------

    def snapshots(self) -> list[Path]:
        """Snapshot files, oldest first (by sequence number)."""
        if not self.folder.is_dir():
            return []
        found = [(int(m[1]), p) for p in self.folder.iterdir() if (m := _SNAPSHOT.fullmatch(p.name))]
        return [path for _, path in sorted(found)]

    @staticmethod
    def milestone(path: Path) -> str | None:
        """The milestone name in a snapshot's file name, or None for a plain snapshot."""
        match = _SNAPSHOT.fullmatch(path.name)
        return match[2] if match else None

    def _next_sequence(self) -> int:
        # Count corrupt and temp leftovers too, so a number is never used twice.
        numbers = [int(m[1]) for p in self.folder.iterdir() if (m := _ANY_SEQUENCE.match(p.name.lstrip(".")))]
        return max(numbers, default=0) + 1

    def save(self, body: dict[str, Any], *, milestone: str | None = None) -> Path:
        """Write a new snapshot atomically and prune old plain ones.

        Args:
            body: Plain values (see `wire.pack_body`).
            milestone: A name such as "expedition-1" to keep this snapshot forever.

        Returns:
            The new snapshot's path.

        Raises:
            EncodeError: If `body` cannot be stored.
            PersistenceError: If `milestone` is not a safe name.
            OSError: If the folder cannot be written.
        """
        if milestone is not None and not _MILESTONE.fullmatch(milestone):
            raise PersistenceError(f"{milestone!r} is not a milestone name (a-z, 0-9, _ and - only)")
        data = encode_snapshot(body)
        self.folder.mkdir(parents=True, exist_ok=True)
        name = f"snap-{self._next_sequence():08d}" + (f"--{milestone}" if milestone else "") + SUFFIX
        path = self.folder / name
        write_atomic(path, data)
        self._prune()
        return path

    def _prune(self) -> None:
        plain = [p for p in self.snapshots() if self.milestone(p) is None]
        for path in plain[: -self.keep]:
            # The new snapshot is written: an old one that cannot be deleted costs space, never the save.
            with contextlib.suppress(OSError):
                path.unlink()

    def load_newest(self, accept: Callable[[dict[str, Any]], Any] | None = None) -> LoadResult:
        """Load the newest intact snapshot, moving damaged newer ones aside as `*.corrupt`.

        Args:
            accept: Turns a body into what the caller needs (such as a checked campaign state),
                raising `SnapshotError` when the body makes no sense. A snapshot it refuses is
                skipped for the next older one and reported, but left in place: the file is intact.

        Raises:
            UnsupportedVersion: If the newest intact file was written by a newer build (nothing is moved).
            NoSnapshot: If no snapshot can be read and accepted; the message lists every reason.
        """
        skipped: list[tuple[Path, str]] = []
        refused: list[tuple[Path, str]] = []
        for path in reversed(self.snapshots()):
            try:
                header, body = read_snapshot(path)
            except SnapshotError as error:
                if type(error) is not SnapshotError:  # UnsupportedVersion: intact, so never "corrupt"
                    raise
                skipped.append((path, error.reason))
                with contextlib.suppress(OSError):
                    os.replace(path, path.with_name(path.name + ".corrupt"))
                continue
            if accept is None:
                return LoadResult(body, path, header, skipped)
            try:
                value = accept(body)
            except SnapshotError as error:
                refused.append((path, error.reason))
                continue
            return LoadResult(body, path, header, skipped, value, refused)
        failed = sorted([*skipped, *refused], key=lambda pair: pair[0].name, reverse=True)
        reasons = "; ".join(f"{p}: {why}" for p, why in failed) or "no snapshots"
        raise NoSnapshot(f"campaign {self.name!r} in {self.folder} cannot be loaded ({reasons})")

    # Lock ------------------------------------------------------------------------------------

    def acquire(self) -> None:
        """Take the campaign's lock and keep it until `release` or the end of this process.

        The lock is an OS lock on `campaign.lock`, so it dies with its process, even one killed with
        `kill -9`: a lock file a dead game left behind holds nothing and is simply taken over. The
        file's text names the holder (pid, machine, since when) for the message a second game gets.
        Taking it again through the same store does nothing. Also deletes temp files a crashed writer
        left behind.

        Raises:
            CampaignLocked: If another game, in another process or in this one, has the campaign open.
            OSError: If the lock file cannot be made or locked.
        """
        if self._lock_fd is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        for _ in range(3):
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)  # not inherited by children
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _holder(fd)
                os.close(fd)
                raise CampaignLocked(self._held_message(holder)) from None
            except OSError:
                os.close(fd)
                raise
            # The holder before us deletes the file when it lets go; if it did so between our open
            # and our lock, we hold a file nobody else can find, so start again on the one there now.
            if not _same_file(fd, self.lock_path):
                os.close(fd)
                continue
            since = time.strftime("%Y-%m-%d %H:%M")
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n{socket.gethostname()}\n{since}\n".encode(), 0)
            self._lock_fd = fd
            self._clean_temp_files()
            return
        raise CampaignLocked(f"could not take the lock {self.lock_path}; try again")

    def _held_message(self, holder: tuple[str, str, str] | None) -> str:
        if holder is None:
            return f"campaign {self.name!r} is open in another game; close that game first"
        pid, host, since = holder
        if pid == str(os.getpid()) and host == socket.gethostname():
            return f"campaign {self.name!r} is already open in this game"
        who = f"pid {pid} on {host}" + (f", since {since}" if since else "")
        return f"campaign {self.name!r} is open in another game ({who}); close that game first"

    @property
    def locked(self) -> bool:
        """True while this store holds the campaign's lock."""
        return self._lock_fd is not None

    def release(self) -> None:
        """Give the lock back if this store holds it (the lock file is removed)."""
        fd, self._lock_fd = self._lock_fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            self.lock_path.unlink()
        os.close(fd)  # closing the file gives the OS lock back

    def __enter__(self) -> CampaignStore:
        self.acquire()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.release()

    def _clean_temp_files(self) -> None:
        for path in self.folder.iterdir():
            if path.name.startswith(".") and path.name.endswith(TEMP_SUFFIX):
                with contextlib.suppress(OSError):
                    path.unlink()

    # Journal ---------------------------------------------------------------------------------

    def append_journal(self, record: dict[str, Any]) -> None:
        """Append one record (plain values) to the journal and fsync it.

        A torn record left at the end by a crash is cut off first, so new records stay readable;
        the bytes cut off are kept beside it as `journal.bin.<offset>.torn`, in case the damage was
        not at the very end and records followed it. A failed append leaves nothing of its record
        (what it wrote is cut off at once, or before the next append), so a refused action never
        reappears from the journal.

        Raises:
            EncodeError: If `record` cannot be stored.
            OSError: If the folder cannot be written.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        if self._journal_end is None:
            read = self.read_journal()
            self._set_aside(read)
            self._journal_end = read.valid_bytes
        end = self._journal_end
        try:
            self._cut_back(end)
            self._journal_end = end + append_record(self.journal_path, record)
        except OSError:
            with contextlib.suppress(OSError):  # if this cut fails too, the next append makes it first
                self._cut_back(end)
            raise

    def _cut_back(self, end: int) -> None:
        """Cut the journal back to `end`, its last whole record, if a failed append left more.

        A full disk writes part of a record, a failed fsync a whole one; the caller was told the
        append failed, so those bytes are dropped, not kept aside as damage.
        """
        try:
            size = self.journal_path.stat().st_size
        except FileNotFoundError:
            return
        if size > end:
            os.truncate(self.journal_path, end)

    def set_aside_journal_tail(self) -> JournalSetAside | None:
        """Move the journal's unreadable tail (a torn or damaged record and all after it) beside it.

        The bytes go to `journal.bin.<offset>.torn` (never over an earlier one) before the journal is
        cut back to its intact records, so nothing is lost and new records stay readable.

        Returns:
            What was set aside and where, or None when the journal was whole (or missing).

        Raises:
            SnapshotError: If the file is not a journal at all (then nothing is changed).
            OSError: If the side file cannot be written (then the journal is left as it was).
        """
        return self._set_aside(self.read_journal())

    def _set_aside(self, read: JournalRead) -> JournalSetAside | None:
        first = read.first_unread
        if read.torn is None or first is None:
            return None
        side = self.folder / f"{JOURNAL_NAME}.{read.valid_bytes}.torn"
        for again in itertools.count(2):
            if not side.exists():
                break
            side = self.folder / f"{JOURNAL_NAME}.{read.valid_bytes}-{again}.torn"
        with open(self.journal_path, "rb") as journal:
            journal.seek(read.valid_bytes)
            write_atomic(side, journal.read())
        os.truncate(self.journal_path, read.valid_bytes)
        self._journal_end = read.valid_bytes  # appends continue from the cut, whoever asked for it
        return JournalSetAside(side, first, read.unread, read.torn, read.tail_bytes)

    def read_journal(self) -> JournalRead:
        """Read every intact journal record; a damaged tail is reported, not raised."""
        return read_records(self.journal_path)


def _holder(fd: int) -> tuple[str, str, str] | None:
    """(pid, machine, since) from a lock file's text; None when it does not say."""
    try:
        lines = os.pread(fd, 512, 0).decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    if not lines or not lines[0].strip().isdigit():
        return None
    fields = [line.strip() for line in lines[1:3]]
    fields += [""] * (2 - len(fields))
    return lines[0].strip(), fields[0] or "this machine", fields[1]


def _same_file(fd: int, path: Path) -> bool:
    try:
        here, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)
