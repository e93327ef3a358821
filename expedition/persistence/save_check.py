"""Provides checking saved files as loading would read them, without changing anything.

A snapshot is checked through its envelope and then decoded into the game's state classes, the
way opening a campaign decodes it, so a file the game would refuse is never called intact. A
journal is checked record by record: each record must be readable, of a known kind, decode (its
state, its action, its answers) and follow the one before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import expedition.rules.engine.dispatch  # noqa: F401  # every action class registers, as when a campaign opens
from expedition.persistence.journal import read_records
from expedition.persistence.save_errors import SnapshotError
from expedition.persistence.snapshot import Header, read_snapshot
from expedition.persistence.state import action_from_plain, body_to_state
from expedition.persistence.validation import saved_state


@dataclass(frozen=True, slots=True)
class FileCheck:
    """What checking one file found.

    Attributes:
        path: The file.
        problem: What is wrong, or "" when the file is intact.
        summary: What an intact file holds, in a few words.
        note: Something an intact file says that a player may want to know, or "".
    """

    path: Path
    problem: str = ""
    summary: str = ""
    note: str = ""

    @property
    def ok(self) -> bool:
        """True when nothing is wrong."""
        return not self.problem


def check_snapshot(path: Path) -> FileCheck:
    """Read a snapshot, decode its body into the campaign state and check what it means, as opening does."""
    try:
        header, body = read_snapshot(path)
        state = saved_state(body)
    except SnapshotError as error:
        return FileCheck(path, problem=error.reason)
    except Exception as error:  # a file must never crash the check: whatever broke is its fault
        return FileCheck(path, problem=f"cannot be decoded ({type(error).__name__}: {error})")
    where = f"day {state.day}, action {state.actions}, {state.phase.value} at {state.location}"
    return FileCheck(path, summary=f"{_written(header)}; {where}")


def _written(header: Header) -> str:
    return f"format {header.format_version}, written by expedition {header.app_version}"


def check_journal(path: Path) -> FileCheck:
    """Read a journal and check every record in turn; the first fault is what is wrong."""
    try:
        read = read_records(path)
    except SnapshotError as error:
        return FileCheck(path, problem=error.reason)
    actions: int | None = None
    notes = []
    for number, record in enumerate(read.records, 1):
        try:
            actions, note = _check_record(record, number, actions)
        except SnapshotError as error:
            return FileCheck(path, problem=f"record {number}: {error.reason}")
        except Exception as error:  # as above: never a crash, the record is what is wrong
            return FileCheck(
                path, problem=f"record {number}: cannot be decoded ({type(error).__name__}: {error})"
            )
        if note:
            notes.append(note)
    if read.torn is not None:
        return FileCheck(
            path,
            problem=f"{read.torn}, so {read.unread} cannot be read "
            f"(the {len(read.records)} records before it are intact)",
        )
    summary = f"{len(read.records)} journal records" + (
        f", to action {actions}" if actions is not None else ""
    )
    return FileCheck(path, summary=summary, note="; ".join(notes))


def _check_record(record: dict[str, Any], number: int, actions: int | None) -> tuple[int, str]:
    """Check one record against the action count before it.

    Returns:
        The action count after it, and a note for a `resume` record ("" otherwise).

    Raises:
        SnapshotError: Saying what is wrong with the record.
    """
    kind, n = record.get("k"), record.get("n")
    if type(n) is not int or n < 0:
        raise SnapshotError("it has no action number")
    if actions is None and kind not in ("begin", "resume"):
        raise SnapshotError(f"the journal starts with a {kind!r} record, not the campaign's starting state")
    if kind in ("begin", "resume"):
        if kind == "begin" and actions is not None:
            raise SnapshotError("a second starting state")
        if actions is not None and n < actions:
            raise SnapshotError(f"it resumes at action {n}, after action {actions}")
        state = record.get("state")
        if not isinstance(state, dict):
            raise SnapshotError("it holds no state")
        try:
            decoded = body_to_state(state)
        except SnapshotError as error:
            raise SnapshotError(f"its state cannot be read: {error.reason}") from error
        if decoded.actions != n:
            raise SnapshotError(f"its state is at action {decoded.actions}, not {n}")
        if kind == "resume":
            aside = record.get("set_aside")
            where = f", records {record.get('from_record')} onward set aside in {aside}" if aside else ""
            return n, f"the journal picks up again at record {number} (action {n}){where}"
        return n, ""
    assert actions is not None  # a start record came first (checked above)
    if kind == "hash":
        if n != actions:
            raise SnapshotError(f"a hash for action {n} after action {actions}")
        if not isinstance(record.get("hash"), str):
            raise SnapshotError("its hash is not text")
        return actions, ""
    if kind != "action":
        raise SnapshotError(f"an unknown kind of record {kind!r}")
    if n != actions + 1:
        raise SnapshotError(f"action {n} follows action {actions}")
    action_from_plain(record.get("action"))
    answers = record.get("answers", [])
    if type(answers) is not list or not all(type(a) is dict for a in answers):
        raise SnapshotError("its answers are not a list of maps")
    return n, ""
