"""Provides `play_campaign`: one bot plays one campaign through the session port, refereed at every step.

The bot sees only its seat view and gives only what a player gives: an option it was offered, or
an answer to its decision. The referee around it reads the session's own state to keep the
figures (`figures`) and check, after every step, that nothing broke: the invariants
(`invariants`), that an offered enabled option is accepted, that decay never moves in a fight,
that no prompt, choice or option label shows an internal key or "1 turns" (`wording.text_faults`),
and at the end that the journal replays to the same state. The first exception, broken invariant
or stuck game is recorded with the seed and step that reproduce it, and that campaign stops.
"""

from __future__ import annotations

import logging
import traceback
from dataclasses import dataclass
from typing import Any

from expedition.bots.causes import DEATH, harm_causes
from expedition.bots.figures import CampaignResult, ExpeditionFigures, FightFigures, Problem
from expedition.bots.invariants import broken_invariants
from expedition.bots.policy import Policy
from expedition.bots.random_policy import RandomPolicy
from expedition.bots.sensible.careful_player import SensiblePolicy
from expedition.bots.setup import quick_session
from expedition.rules.character.adventurer import Status
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Tag
from expedition.rules.core.phase import Phase
from expedition.rules.core.wording import text_faults
from expedition.rules.engine.campaign import CampaignState
from expedition.session.port import Update
from expedition.session.replay import ReplayError, replay_records, state_hash
from expedition.session.seat_view import SeatView
from expedition.session.session import Session
from expedition.session.views import Seat

__all__ = ["POLICIES", "Caps", "make_policy", "play_campaign", "play_campaign_with_journal"]

POLICIES = ("sensible", "random")
"""The policies a simulation can play."""

TEXT_SCAN_EVERY = 8
"""Every decision's words are read, and on every 8th step the options of one of the seat's
characters, or the table's, each in turn. Building every adventurer's options on every step made
a simulation half as slow again (10.7 s against 7.0 s a campaign); building all of them every 8th
step was still a tenth of its time (in town, every gift of every item to every other adventurer)."""


@dataclass(frozen=True, slots=True)
class Caps:
    """Hard limits, so a stuck game is reported rather than hung.

    Attributes:
        expedition_steps: Steps (actions and answers) on one expedition.
        interlude_steps: Steps in the settlement between two expeditions.
        fight_rounds: Rounds of one fight.
    """

    expedition_steps: int = 3000
    interlude_steps: int = 400
    fight_rounds: int = 40


def make_policy(name: str, seed: int) -> Policy:
    """The policy called `name`, its own choices seeded with `seed`.

    Raises:
        ValueError: For a name not in `POLICIES`.
    """
    if name == "random":
        return RandomPolicy(seed)
    if name == "sensible":
        return SensiblePolicy(seed)
    raise ValueError(f"no policy called {name!r}; choose one of {', '.join(POLICIES)}")


class _Caught(logging.Handler):
    """Keeps the exceptions the session logs (it rolls back a failed action and carries on)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.caught: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            where = traceback.extract_tb(record.exc_info[2])[-1] if record.exc_info[2] else None
            at = f" at {where.filename.rsplit('expedition/', 1)[-1]}:{where.lineno}" if where else ""
            self.caught.append(f"{type(error).__name__}: {error}{at} ({record.getMessage()})")


class _Referee:
    """Plays one campaign: the loop, the figures and the checks (see the module docstring)."""

    def __init__(self, seed: int, policy: Policy, expeditions: int, caps: Caps) -> None:
        self.seed = seed
        self.policy = policy
        self.caps = caps
        self.result = CampaignResult(seed, policy.name, expeditions)
        self.session: Session = quick_session(seed)
        self.seat = Seat.host()
        self.events: list[Event] = []
        self.current: ExpeditionFigures | None = None
        self.last: ExpeditionFigures | None = None
        self.steps_here = 0
        self.given = ""
        self.session.subscribe(self._told, self.seat)

    def _told(self, update: Update) -> None:
        self.events.extend(update.events)

    # --- the loop ---------------------------------------------------------------------------

    def play(self) -> CampaignResult:
        caught = _Caught()
        logger = logging.getLogger("expedition")
        logger.addHandler(caught)
        propagate, logger.propagate = logger.propagate, False  # the referee reports them instead
        try:
            while self._go_on():
                try:
                    self._step(caught)
                except Exception as error:
                    self._problem("exception", _fault_of(f"{type(error).__name__}: {error}"), repr(error))
        finally:
            logger.removeHandler(caught)
            logger.propagate = propagate
        self._replay()
        return self.result

    def _go_on(self) -> bool:
        result = self.result
        if result.problems or result.ended != "done":
            return False
        finished = [e for e in result.expeditions if e is not self.current]
        return not (len(finished) >= result.asked and self.current is None)

    def _step(self, caught: _Caught) -> None:
        session, seat = self.session, self.seat
        before = session.state
        phase, decay, round_ = before.phase, before.decay.filled, _round(session)
        view = session.view(seat)
        self.result.steps += 1
        self.steps_here += 1
        if self._leaks(view):
            return
        if view.pending is not None:
            key = self.policy.decide(view, view.pending)
            self.given = f"answer {view.pending.kind}={key}"
            outcome = session.answer(seat, key)
            refused = (
                ""
                if outcome.ok
                else f"the answer {key!r} to {view.pending.kind} was refused: {outcome.reason}"
            )
        else:
            option = self.policy.choose(view)
            if option is None:
                self._nothing_to_do()
                return
            if not option.enabled:
                self._problem("violation", "policy chose a disabled option", option.label)
                return
            self.given = f"{option.kind} ({option.label})"
            outcome = session.submit(seat, option.action)
            refused = (
                "" if outcome.ok else f"offered {option.kind} ({option.label}) was refused: {outcome.reason}"
            )
        if caught.caught:
            self._problem("exception", _fault_of(caught.caught[0], self.given), caught.caught[0])
            return
        if refused:
            self._problem("violation", _fault_of(refused, self.given), refused)
            return
        self._after(phase, decay, round_)

    def _leaks(self, view: SeatView) -> bool:
        """True (and a violation recorded) when the seat is shown an internal key or a bad count."""
        pending = view.pending
        if pending is not None:
            texts = [pending.prompt, *(choice.label for choice in pending.choices)]
        elif self.result.steps % TEXT_SCAN_EVERY == 0:
            keys = tuple(view.choices)
            turn = self.result.steps // TEXT_SCAN_EVERY
            shown = view.options_for(keys[turn % len(keys)]) if keys else ()
            texts = [text for option in shown for text in (option.label, option.reason)]
        else:
            texts = []
        for text in texts:
            faults = text_faults(text)
            if faults:
                self._problem(
                    "violation", "player text holds " + faults[0].split(":")[0], f"{faults[0]} in {text!r}"
                )
                return True
        return False

    def _after(self, phase: Phase, decay: int, round_: int) -> None:
        state = self.session.state
        events, self.events = self.events, []
        if phase is Phase.COMBAT and _decay_in_fight(events):
            self._problem("violation", "decay moved during a fight", f"decay {decay} -> {state.decay.filled}")
        for line in broken_invariants(state):
            self._problem("violation", "invariant: " + line.split(" ", 1)[-1][:40], line)
        self._count(events, fighting=phase is Phase.COMBAT)
        self._phases(phase)
        self._caps(round_)

    # --- figures -------------------------------------------------------------------------------

    def _count(self, events: list[Event], *, fighting: bool) -> None:
        into = self.current or self.last
        if into is None:
            return
        for what, cause in harm_causes(events, fighting=fighting):
            if what == DEATH:
                if self.current is not None:
                    into.deaths += 1
                    into.death_causes.append(cause)
                else:
                    into.interlude_deaths += 1
            elif self.current is not None:
                into.faint_causes.append(cause)
        if self.current is None:
            return
        for event in events:
            name = type(event).__name__
            if name == "CombatEnded":
                self.current.fights.append(FightFigures(str(event.outcome), int(event.rounds)))  # type: ignore[attr-defined]
            elif name == "CacheLooted":
                self.current.treasure += int(event.silver)  # type: ignore[attr-defined]
        self.current.turns = max(self.current.turns, self.session.state.turn)

    def _phases(self, phase: Phase) -> None:
        state = self.session.state
        # A camp out in the settlement (an interlude bed) is a camp phase but no expedition: an
        # expedition begins when there is a dungeon under way.
        setting_out = not phase.expedition and state.phase.expedition and state.expedition is not None
        if setting_out and self.current is None:
            self._set_out()
        elif self.current is not None and not state.phase.expedition:
            self._home("back")
        if self.current is not None and not any(m.status.value != "dead" for m in state.party):
            self._home("total_party_kill")
            self.result.ended = "total_party_kill"

    def _set_out(self) -> None:
        state = self.session.state
        self.current = ExpeditionFigures(
            len(self.result.expeditions) + 1, len(state.party), state.locations[state.settlement].doom.filled
        )
        self.current.silver = -state.silver
        self.current.treasures = -_treasures(state)
        self.result.expeditions.append(self.current)
        self.steps_here = 0

    def _home(self, outcome: str) -> None:
        current = self.current
        assert current is not None
        current.outcome = outcome
        current.silver += self.session.state.silver
        current.treasures += _treasures(self.session.state)
        current.steps = self.steps_here
        self.last, self.current = current, None
        self.steps_here = 0

    def _caps(self, round_: int) -> None:
        caps = self.caps
        if self.current is not None and self.steps_here > caps.expedition_steps:
            self._problem(
                "stuck", "expedition step cap", f"over {caps.expedition_steps} steps on one expedition"
            )
        elif self.current is None and self.steps_here > caps.interlude_steps:
            self._problem(
                "stuck", "interlude step cap", f"over {caps.interlude_steps} steps in the settlement"
            )
        elif round_ > caps.fight_rounds:
            self._problem("stuck", "fight round cap", f"a fight past {caps.fight_rounds} rounds")

    # --- what went wrong -------------------------------------------------------------------------

    def _nothing_to_do(self) -> None:
        state = self.session.state
        if not any(m.status.value != "dead" for m in state.party):
            if self.current is not None:
                self._home("total_party_kill")
            self.result.ended = "total_party_kill"
            return
        statuses = ", ".join(f"{m.name} {m.status.value}" for m in state.party)
        fault = "nothing offered"
        if state.phase is Phase.INTERLUDE and any(m.status.value == "fainted" for m in state.party):
            fault = "fainted adventurers in town never wake"
        self._problem("stuck", fault, f"no enabled option in {state.phase.value} ({statuses})")

    def _problem(self, kind: str, fault: str, message: str) -> None:
        if self.result.problems:
            return
        self.result.problems.append(
            Problem(kind, fault, message, self.seed, self.policy.name, self.result.steps, self.given)
        )
        self.result.ended = "stopped"

    def _replay(self) -> None:
        if self.result.problems:
            return
        # The campaign may stop while an action waits for an answer: its changes so far are in the
        # live state but not yet in the journal. A player would finish the move, so the referee
        # answers with the defaults until it is committed, then compares.
        for _ in range(self.caps.interlude_steps):
            decision = self.session.view(self.seat).pending
            if decision is None:
                break
            self.session.answer(self.seat, decision.default)
        try:
            report = replay_records(self.session.records)
        except ReplayError as error:
            self.result.replayed = False
            self._problem("violation", "journal does not replay", str(error))
            return
        self.result.replayed = report.final_hash == state_hash(self.session.state)
        if not self.result.replayed:
            self._problem("violation", "journal does not replay", "the replayed state's hash differs")


def _treasures(state: CampaignState) -> int:
    """Treasures the living carry (the dead's are left where they fell)."""
    return sum(
        item.quantity
        for member in state.party
        if member.status is not Status.DEAD
        for item in member.items
        if Tag.TREASURE in item.defn.tags
    )


def _decay_in_fight(events: list[Event]) -> bool:
    """Decay advanced before the fight's end among one step's events (after it, a turn may pass)."""
    for event in events:
        name = type(event).__name__
        if name == "CombatEnded":
            return False
        if name == "TrackerAdvanced" and getattr(event, "tracker", "") == "decay":
            return True
    return False


def _round(session: Session) -> int:
    expedition = session.state.expedition
    return expedition.combat.round if expedition is not None and expedition.combat is not None else 0


_KNOWN = (
    ("StopIteration", "AttackFoe StopIteration (encumbrance drops the weapon)"),
    ("AskPrice", "AskPrice offered but refused"),
    ("ChooseBed", "ChooseBed offered but refused (closed inn)"),
    ("Buy ", "Buy offered but refused (out of stock)"),
)


def _fault_of(message: str, given: str = "") -> str:
    """A short name grouping alike problems: a known engine fault by name, else the kind of action."""
    for needle, fault in _KNOWN:
        if needle in message or (needle.strip() and given.startswith(needle.strip() + " ")):
            return fault
    kind = given.split(" ", 1)[0] if given else ""
    if message.startswith("offered"):
        return f"{kind} offered but refused"
    return f"{message.split(':', 1)[0]} in {kind}" if kind else message.split(":", 1)[0]


def play_campaign(seed: int, policy: str, expeditions: int, caps: Caps | None = None) -> CampaignResult:
    """Play one campaign of `expeditions` expeditions with the bot `policy` (see the module docstring).

    Args:
        seed: The campaign seed; the bot's own choices are seeded with it too.
        policy: One of `POLICIES`.
        expeditions: Expeditions to play (fewer when the party dies or a fault stops it).
        caps: The hard limits; the defaults when None.
    """
    return _Referee(seed, make_policy(policy, seed), expeditions, caps or Caps()).play()


def play_campaign_with_journal(
    seed: int, policy: str, expeditions: int, caps: Caps | None = None
) -> tuple[CampaignResult, list[dict[str, Any]]]:
    """`play_campaign`, with the journal the campaign wrote (to replay it, as the bench times the rules)."""
    referee = _Referee(seed, make_policy(policy, seed), expeditions, caps or Caps())
    return referee.play(), referee.session.records
