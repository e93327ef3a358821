"""Provides replaying a journal: re-run each action with its recorded answers and verify the hashes.

The journal's first record is `begin` (the seed and the starting state); then one `action` record
per committed action (the action, the answers to its decisions and a short digest of the state
after it) and a `hash` record with the full state hash every few actions. Replaying re-applies
each action on fresh dice derived from the state, so any change in the rules, the dice or the
journal shows up as a divergence naming the first action that went differently.

A journal record that cannot be read, or a `resume` record (where the journal picks up again with
the whole state after its damaged records were set aside), means the journal cannot vouch for the
whole campaign: replay checks every record it can, then says so with `JournalDamaged` or
`JournalGap` rather than reporting success on a part.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from expedition.persistence.save_errors import PersistenceError
from expedition.persistence.state import action_from_plain, body_hash, body_to_state, state_to_body
from expedition.persistence.store import CampaignStore
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.errors import RuleError
from expedition.rules.core.world import World
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import apply
from expedition.session.catalog_world import world_or_none


class ReplayError(Exception):
    """The journal cannot be replayed: it is missing, unreadable or malformed."""


class ReplayDivergence(ReplayError):
    """Replaying went differently from the recorded game.

    Args:
        index: The number of the first action that diverged (1 for the first action).
        action: That action, in words.
        reason: What differed.
    """

    def __init__(self, index: int, action: str, reason: str) -> None:
        self.index = index
        """The first action that diverged."""
        self.action = action
        """That action, in words."""
        self.reason = reason
        """What differed."""
        super().__init__(f"action {index} ({action}) diverged: {reason}")


class JournalDamaged(ReplayError):
    """A journal record cannot be read (torn or damaged); the records before it replayed correctly."""


class JournalGap(ReplayError):
    """The journal picks up again after records that were set aside; both sides replayed correctly.

    Args:
        message: Where the gap is and what was set aside.
        report: The replay of everything around the gap.
    """

    def __init__(self, message: str, report: ReplayReport) -> None:
        self.report = report
        """The replay of everything the journal holds."""
        super().__init__(message)


@dataclass(slots=True)
class ReplayReport:
    """What a replay did.

    Attributes:
        state: The state after the last action replayed.
        actions: Actions replayed.
        hashes: Full state hashes verified.
        final_hash: The hash of `state`.
    """

    state: CampaignState
    actions: int
    hashes: int
    final_hash: str


def _describe(action: Action) -> str:
    fields = ", ".join(f"{k}={v!r}" for k, v in action_to_words(action).items())
    return f"{type(action).__name__}({fields})"


def action_to_words(action: Action) -> dict[str, Any]:
    """The action's fields by name (for messages)."""
    return {name: getattr(action, name) for name in action.__dataclass_fields__}


def run_action(
    state: CampaignState,
    action: Action,
    answers: Iterable[dict[str, Any]],
    index: int,
    world: World | None = None,
) -> None:
    """Apply `action` to `state` answering its decisions from `answers`, in order.

    The rules reach for `world`'s content, the shipped content's when None.

    Raises:
        ReplayDivergence: When the action is refused, asks a decision the answers do not match,
            or leaves answers unused.
    """
    queue = list(answers)
    ctx = Context(SeededDice.from_state(state.dice), world=world if world is not None else world_or_none())
    resolution = apply(ctx, state, action)
    where = _describe(action)
    key: str | None = None
    try:
        while True:
            decision = next(resolution) if key is None else resolution.send(key)
            if not queue:
                raise ReplayDivergence(
                    index, where, f"asked '{decision.kind}', which the journal never answered"
                )
            recorded = queue.pop(0)
            if recorded.get("kind") != decision.kind or recorded.get("key") not in decision.keys:
                raise ReplayDivergence(
                    index,
                    where,
                    f"asked '{decision.kind}' where the journal answered "
                    f"'{recorded.get('kind')}' with {recorded.get('key')!r}",
                )
            key = str(recorded["key"])
    except StopIteration:
        pass
    except RuleError as error:
        raise ReplayDivergence(index, where, f"the rules refused it: {error}") from error
    if queue:
        raise ReplayDivergence(index, where, f"{len(queue)} recorded answers were never asked for")


def replay_records(records: list[dict[str, Any]], *, to: int | None = None) -> ReplayReport:
    """Replay journal records from their `begin` record, verifying every digest and hash.

    Args:
        records: The journal's records, in order.
        to: Stop after this many actions (counted from the start of the campaign).

    Raises:
        ReplayError: When the journal has no start or a record is malformed.
        JournalGap: When it picks up again after records set aside (`resume`), once all is replayed.
        ReplayDivergence: At the first action whose result differs from the journal.
    """
    if not records or records[0].get("k") not in ("begin", "resume"):
        raise ReplayError("the journal does not start with the campaign's starting state")
    state = _state_of(records[0], 1)
    gaps = [_gap(records[0], 1, None)] if records[0].get("k") == "resume" else []
    hashes = 0
    last: Action | None = None
    for number, record in enumerate(records[1:], 2):
        kind = record.get("k")
        n = record.get("n")
        if type(n) is not int:
            raise ReplayError(f"record {number} has no action number")
        if kind == "resume":
            if to is not None and state.actions >= to:
                break
            if n < state.actions:
                raise ReplayError(
                    f"record {number}: the journal resumes at action {n} after action {state.actions}"
                )
            gaps.append(_gap(record, number, state.actions))
            state, last = _state_of(record, number), None
            continue
        if kind == "hash":
            if n != state.actions:
                raise ReplayError(f"record {number}: a hash for action {n} after action {state.actions}")
            if body_hash(state_to_body(state)) != record.get("hash"):
                shown = _describe(last) if last else "start"
                raise ReplayDivergence(n, shown, "the state hash differs from the journal's")
            hashes += 1
            continue
        if kind != "action":
            raise ReplayError(f"record {number} is of an unknown kind {kind!r}")
        if to is not None and state.actions >= to:
            break
        if n != state.actions + 1:
            raise ReplayError(f"record {number}: action {n} follows action {state.actions}")
        try:
            action = action_from_plain(record.get("action"))
        except PersistenceError as error:
            raise ReplayDivergence(n, "unreadable action", str(error)) from error
        answers = record.get("answers", [])
        if type(answers) is not list or not all(type(a) is dict for a in answers):
            raise ReplayError(f"record {number}: answers are not a list of maps")
        run_action(state, action, answers, n)
        last = action
        digest = record.get("digest")
        if digest is not None and body_hash(state_to_body(state))[: len(str(digest))] != digest:
            raise ReplayDivergence(n, _describe(action), "the state after it differs from the journal's")
    report = ReplayReport(state, state.actions, hashes, body_hash(state_to_body(state)))
    if gaps:
        raise JournalGap(
            f"{'; '.join(gaps)}. Every other record replays correctly "
            f"(to action {report.actions}, {hashes} hashes verified)",
            report,
        )
    return report


def _state_of(record: dict[str, Any], number: int) -> CampaignState:
    """The whole state a `begin` or `resume` record holds."""
    try:
        return body_to_state(record["state"])
    except (PersistenceError, KeyError, TypeError) as error:
        raise ReplayError(f"record {number}: the state it holds cannot be read: {error}") from error


def _gap(record: dict[str, Any], number: int, before: int | None) -> str:
    """Where a `resume` record says the journal picks up again, and what was set aside before it."""
    after = f"after action {before}" if before is not None else "from its start"
    said = f"the journal picks up again at record {number} (action {record.get('n')}) {after}"
    if "set_aside" in record:
        said += (
            f", so the actions in between cannot be checked: records {record.get('from_record')} onward "
            f"were set aside in {record.get('set_aside')}, as {record.get('why')}"
        )
    return said


def replay_campaign(store: CampaignStore, *, to: int | None = None) -> ReplayReport:
    """Replay a campaign folder's journal (see `replay_records`).

    Raises:
        ReplayError: When the journal is missing, unreadable or malformed.
        JournalDamaged: When a record cannot be read (after replaying every record before it).
        JournalGap: When the journal picks up again after records that were set aside.
        ReplayDivergence: At the first action that went differently.
    """
    if not store.journal_path.exists():
        raise ReplayError(f"campaign {store.name!r} has no journal in {store.folder}")
    try:
        read = store.read_journal()
    except PersistenceError as error:
        raise ReplayError(str(error)) from error
    if read.torn is None:
        return replay_records(read.records, to=to)
    try:
        report = replay_records(read.records, to=to)
    except JournalGap as gap:
        report, before = gap.report, f"{gap}; and "
    else:
        if to is not None and report.actions >= to:
            return report  # the part asked for is all there
        before = ""
    raise JournalDamaged(
        f"{before}the journal's {read.torn}, so {read.unread} ({read.tail_bytes} bytes) cannot be "
        f"replayed; the {report.actions} actions before it replay correctly. Opening the campaign "
        "sets those records aside beside the journal and play continues from its newest snapshot"
    )


def state_hash(state: CampaignState) -> str:
    """The full hash of a campaign state, as the journal's `hash` records hold it."""
    return body_hash(state_to_body(state))
