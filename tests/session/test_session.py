"""The session: seats, decision routing, atomic rejection, subscribers, per-seat views and autosave."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from expedition.persistence.state import body_to_state, state_hash
from expedition.persistence.store import CampaignStore
from expedition.rules.character.insight import InsightSpend, SpendKind
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Choice, Decision, Resolution
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Trait
from expedition.rules.core.tracker import TrackerAdvanced
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import CatchBreath, PassTurn, RenamePlayer, SpendInsight
from expedition.rules.exploration.locations import reveal_doom
from expedition.session.session import Session, Update
from expedition.session.views import DoomEffectSeen, HiddenTrackerMoved, Seat
from tests.session.helpers import drive, make_campaign

ANN, BEN = Seat.for_player("ann"), Seat.for_player("ben")


def test_a_spectator_is_refused_with_a_reason_and_nothing_changes() -> None:
    session = Session(make_campaign())
    before = state_hash(session.state)
    result = session.submit(Seat.spectator(), PassTurn())
    assert not result.ok and "Spectators" in result.reason
    assert state_hash(session.state) == before and session.state.actions == 0


def test_a_player_cannot_act_for_another_players_character() -> None:
    session = Session(make_campaign())
    result = session.submit(BEN, CatchBreath(actor="wren"))
    assert not result.ok and result.reason == "Wren is Ann's character, not yours."
    assert session.submit(ANN, CatchBreath(actor="wren")).ok


def test_a_player_may_only_rename_themselves_but_the_host_may_rename_anyone() -> None:
    session = Session(make_campaign())
    assert not session.submit(BEN, RenamePlayer(player="ann", name="Zed")).ok
    assert session.submit(BEN, RenamePlayer(player="ben", name="Benedict")).ok
    assert session.submit(Seat.host(), RenamePlayer(player="ann", name="Annie")).ok
    assert [p.name for p in session.state.players] == ["Annie", "Benedict"]


def test_an_illegal_action_returns_the_rules_reason_and_changes_nothing() -> None:
    """§10.5.2: insight is spent in the interlude, so during exploration the spend is refused."""
    session = Session(make_campaign(insight=3))
    before, records = state_hash(session.state), len(session.records)
    spend = SpendInsight(actor="wren", spend=InsightSpend(SpendKind.RAISE_SCORE, attr=Attr.STR))
    result = session.submit(ANN, spend)
    assert not result.ok and "interlude" in result.reason
    assert state_hash(session.state) == before and len(session.records) == records


def test_spending_insight_in_the_interlude_is_applied_and_journaled() -> None:
    """§10.5.4: raising a score costs 3 insight."""
    session = Session(make_campaign(dungeon=None, insight=3))
    assert session.state.phase is Phase.INTERLUDE
    spend = SpendInsight(actor="wren", spend=InsightSpend(SpendKind.RAISE_SCORE, attr=Attr.STR))
    assert session.submit(ANN, spend).ok
    wren = session.state.character("wren")
    assert wren["STR"].score == 3 and wren.insight.unspent == 0
    assert session.records[-1]["k"] == "action" and session.records[-1]["n"] == 1


def test_a_decision_goes_to_the_seat_that_owns_the_character() -> None:
    """§4.6: Bleeding asks Wren's player (Ann) where the fatigue goes; Ben cannot answer for her."""
    session = Session(make_campaign(bleeding=True))
    result = session.submit(BEN, PassTurn())
    assert result.ok and result.pending_decision is not None
    assert result.pending_decision.kind == "bleeding" and result.waiting_for == "ann"
    assert session.state.actions == 0  # not committed until answered
    refused = session.answer(BEN, "DEX")
    assert not refused.ok and "Ann" in refused.reason
    assert not session.answer(Seat.spectator(), "DEX").ok
    assert not session.answer(ANN, "nonsense").ok and session.pending is not None
    blocked = session.submit(ANN, PassTurn())
    assert not blocked.ok and "Ann" in blocked.reason
    assert session.answer(ANN, "DEX").ok
    assert session.pending is None and session.state.actions == 1
    assert session.state.character("wren")["DEX"].fatigue == 1
    assert session.records[-1]["answers"] == [{"kind": "bleeding", "owner": "wren", "key": "DEX"}]


def test_gm_decisions_are_answered_by_the_gm_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    got: list[str] = []

    def fake_apply(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
        got.append((yield Decision("reroll", GM, "GM reroll?", (Choice("a", "A"), Choice("b", "B")), "b")))
        got.append((yield Decision("trauma", "bo", "Which?", (Choice("x", "X"), Choice("y", "Y")), "x")))
        state.actions += 1

    def gm(decision: Decision) -> str:
        asked.append(decision.kind)
        return "a"

    monkeypatch.setattr("expedition.session.session.carry_out", fake_apply)
    session = Session(make_campaign(), gm=gm)
    result = session.submit(ANN, PassTurn())
    assert asked == ["reroll"] and result.waiting_for == "ben"
    assert session.answer(BEN, "y").ok
    assert got == ["a", "y"]
    assert session.records[-1]["answers"] == [
        {"kind": "reroll", "owner": "gm", "key": "a"},
        {"kind": "trauma", "owner": "bo", "key": "y"},
    ]


def test_a_rule_failing_mid_action_restores_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
        state.silver += 100
        yield Decision("pick", "wren", "Pick", (Choice("a", "A"),), "a")
        raise IllegalAction("The floor gives way under the rules.")

    session = Session(make_campaign())
    before = state_hash(session.state)
    monkeypatch.setattr("expedition.session.session.carry_out", failing)
    assert session.submit(ANN, PassTurn()).pending_decision is not None
    result = session.answer(ANN, "a")
    assert not result.ok and "floor" in result.reason
    assert state_hash(session.state) == before and session.pending is None


def test_a_failing_subscriber_is_logged_and_the_others_still_hear(caplog: pytest.LogCaptureFixture) -> None:
    session = Session(make_campaign())
    heard: list[Update] = []

    def broken(update: Update) -> None:
        raise RuntimeError("viewer crashed")

    session.subscribe(broken, Seat.spectator())
    session.subscribe(heard.append, ANN)
    with caplog.at_level(logging.ERROR, logger="expedition.session.session"):
        assert session.submit(ANN, PassTurn()).ok
    assert len(heard) == 1 and heard[0].committed and heard[0].seat == ANN
    assert "subscriber" in caplog.text and "viewer crashed" in caplog.text


def test_unsubscribe_stops_the_updates() -> None:
    session = Session(make_campaign())
    heard: list[Update] = []
    stop = session.subscribe(heard.append, ANN)
    session.submit(ANN, PassTurn())
    stop()
    session.submit(ANN, PassTurn())
    assert len(heard) == 1


def test_views_hide_the_seed_the_dice_doom_and_omens_from_every_seat() -> None:
    """§9.2, §9.3: players know doom and omens exist, never their values; nobody sees the dice."""
    session = Session(make_campaign())
    for seat in (Seat.host(), ANN, BEN, Seat.spectator()):
        view = session.view(seat).body
        assert "seed" not in view and "dice" not in view
        assert view["omens"] == {"exists": True, "moved": False}
        assert view["locations"]["tomb"]["doom"] == {"exists": True, "moved": False}
        assert view["decay"]["filled"] == 0  # decay is public
        typed = session.view(seat)
        assert typed.state.seed == 0 and typed.state.dice == {"seed": 0, "index": 0}
        assert typed.trackers["omens"].hidden and typed.trackers["doom:tomb"].hidden
        assert typed.state.omens.filled == 0 and typed.state.here.doom.filled == 0
        assert typed.trackers["decay"].filled == 0  # decay is public


def test_third_eye_shows_the_omens_only_to_its_owner() -> None:
    """§6.2: the Third eye trait sees the omens tracker."""
    state = make_campaign()
    state.character("wren").traits.add(Trait.THIRD_EYE)
    session = Session(state)
    assert session.view(ANN).body["omens"]["size"] == state.omens.size
    assert session.view(Seat.host()).body["omens"]["filled"] == state.omens.filled
    assert session.view(BEN).body["omens"] == {"exists": True, "moved": False}
    assert session.view(Seat.spectator()).body["omens"] == {"exists": True, "moved": False}


def test_a_veteran_reading_is_shown_to_its_owner_only() -> None:
    """§6.1: a Veteran learns doom's value and the steps to its next effect."""
    state = make_campaign()
    state.here.doom.filled = 1
    reveal_doom(Context(ScriptedDice([])), state, state.character("bo"))
    session = Session(state)
    assert session.view(BEN).body["locations"]["tomb"]["doom"]["revealed"] == {
        "value": 1,
        "steps_to_next": 1,
        "by": "bo",
    }
    assert session.view(BEN).trackers["doom:tomb"].revealed == 1
    assert session.view(ANN).trackers["doom:tomb"].revealed is None
    assert "revealed" not in session.view(ANN).body["locations"]["tomb"]["doom"]
    assert session.view(ANN).body["reveals"] == []


def test_hidden_tracker_events_reach_players_without_their_values() -> None:
    """§9.1, §9.2: a decay 7 advances doom; players hear that doom moved, not to what."""
    session = Session(make_campaign(seed=3))
    heard: list[Update] = []
    session.subscribe(heard.append, ANN)
    for _ in range(60):
        while session.pending is not None:
            session.answer(Seat.host(), session.pending.default)
        session.submit(Seat.host(), PassTurn())
        if session.state.here.doom.filled:
            break
    assert session.state.here.doom.filled > 0, "seed 3 should move doom within 60 turns"
    events = [e for u in heard for e in u.events]
    assert not any(isinstance(e, TrackerAdvanced) and e.tracker.startswith("doom") for e in events)
    assert any(isinstance(e, HiddenTrackerMoved) and e.tracker == "doom:tomb" for e in events)
    assert any(isinstance(e, TrackerAdvanced) and e.tracker == "decay" for e in events)
    moved = [u for u in heard if u.view.body["locations"]["tomb"]["doom"]["moved"]]
    assert moved and "filled" not in moved[0].view.body["locations"]["tomb"]["doom"]
    assert all(not isinstance(e, DoomEffectSeen) or e.effect for e in events)


def test_every_committed_action_is_autosaved(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path, "alpha", keep=3)
    session = Session(make_campaign(), store)
    for _ in range(4):
        session.submit(ANN, PassTurn())
        while session.pending is not None:
            session.answer(Seat.host(), session.pending.default)
    assert len(store.snapshots()) == 3
    assert body_to_state(store.load_newest().body) == session.state
    kinds = [r["k"] for r in store.read_journal().records]
    assert kinds[0] == "begin" and kinds.count("action") == 4


def _footprint(session: Session, store: CampaignStore, heard: list[Update]) -> tuple[object, ...]:
    """Everything a refusal must leave alone: state, journal (memory and disk), snapshots, subscribers."""
    return (
        state_hash(session.state),
        len(session.records),
        store.journal_path.read_bytes(),
        [path.name for path in store.snapshots()],
        len(heard),
        session.pending,
    )


def test_every_kind_of_refusal_leaves_state_journal_saves_and_subscribers_untouched(tmp_path: Path) -> None:
    """Session: a refused action or answer gives a readable reason and nothing changes (hash compared)."""
    store = CampaignStore(tmp_path, "alpha")
    session = Session(make_campaign(bleeding=True, insight=3), store)
    heard: list[Update] = []
    session.subscribe(heard.append, Seat.spectator())
    before = _footprint(session, store, heard)
    refusals = [
        (Seat.spectator(), PassTurn(), "Spectators can watch but not act."),
        (Seat.for_player("zed"), PassTurn(), "You are not a player in this campaign."),
        (BEN, CatchBreath(actor="wren"), "Wren is Ann's character, not yours."),
        (BEN, RenamePlayer(player="ann", name="Zed"), "You can only rename yourself."),
        (ANN, CatchBreath(actor="ghost"), "ghost is not with the party."),
        (
            ANN,
            SpendInsight(actor="wren", spend=InsightSpend(SpendKind.RAISE_SCORE, attr=Attr.STR)),
            "interlude",
        ),
    ]
    for seat, action, reason in refusals:
        result = session.submit(seat, action)
        assert not result.ok and reason in result.reason, (action, result.reason)
        assert result.pending_decision is None
        assert _footprint(session, store, heard) == before, action
    assert session.answer(ANN, "DEX").reason == "Nothing is waiting for an answer."
    assert _footprint(session, store, heard) == before

    # Mid-action: Bleeding waits for Ann (§4.6); wrong seats, wrong keys and new actions change nothing.
    assert session.submit(ANN, PassTurn()).pending_decision is not None
    waiting = _footprint(session, store, heard)
    for seat, key in ((Seat.spectator(), "DEX"), (BEN, "DEX"), (ANN, "nonsense"), (Seat.host(), "")):
        result = session.answer(seat, key)
        assert not result.ok and result.reason
        assert _footprint(session, store, heard) == waiting, (seat, key)
    blocked = session.submit(Seat.host(), PassTurn())
    assert not blocked.ok and blocked.reason == "Waiting for Ann to decide first."
    assert _footprint(session, store, heard) == waiting


def test_an_action_undone_after_a_decision_tells_every_seat_the_decision_is_gone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Session: seats told of a pending decision learn that it went away with its action."""

    def failing(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
        state.silver += 100
        yield Decision("pick", "wren", "Pick", (Choice("a", "A"),), "a")
        raise IllegalAction("The rope snaps.")

    session = Session(make_campaign())
    heard: list[Update] = []
    session.subscribe(heard.append, BEN)
    silver = session.state.silver
    monkeypatch.setattr("expedition.session.session.carry_out", failing)
    assert session.submit(ANN, PassTurn()).waiting_for == "ann"
    assert heard[-1].pending is not None and heard[-1].view.body["silver"] == silver + 100
    assert not session.answer(ANN, "a").ok
    assert len(heard) == 2
    last = heard[-1]
    assert last.pending is None and not last.committed and last.events == ()
    assert last.view.body["silver"] == silver and session.state.silver == silver


def test_an_action_refused_at_once_tells_no_subscriber(monkeypatch: pytest.MonkeyPatch) -> None:
    """Session: a rule that refuses before any decision leaves the subscribers unbothered."""

    def refusing(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
        state.turn += 5
        raise IllegalAction("Not now.")
        yield  # pragma: no cover - makes this a generator

    session = Session(make_campaign())
    heard: list[Update] = []
    session.subscribe(heard.append, ANN)
    before = state_hash(session.state)
    monkeypatch.setattr("expedition.session.session.carry_out", refusing)
    result = session.submit(ANN, PassTurn())
    assert not result.ok and result.reason == "Not now."
    assert heard == [] and state_hash(session.state) == before


def test_a_failing_gm_policy_takes_the_default_and_is_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Session: GM decisions never leave an action half done, even when the GM policy breaks."""

    def fake_apply(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
        state.turn = (
            1 if (yield Decision("gm", GM, "?", (Choice("a", "A"), Choice("b", "B")), "b")) == "b" else 2
        )

    def broken(decision: Decision) -> str:
        raise RuntimeError("policy bug")

    monkeypatch.setattr("expedition.session.session.carry_out", fake_apply)
    session = Session(make_campaign(), gm=broken)
    with caplog.at_level(logging.ERROR, logger="expedition.session.session"):
        assert session.submit(ANN, PassTurn()).ok
    assert session.state.turn == 1 and session.pending is None
    committed = [r for r in session.records if r["k"] == "action"]
    assert committed[-1]["answers"] == [{"kind": "gm", "owner": "gm", "key": "b"}]
    assert "policy bug" in caplog.text


def test_a_player_seat_hears_hidden_omens_only_through_the_third_eye() -> None:
    """§6.2, §9.3: the omens tracker's moves and its size roll reach only the Third eye's owner."""
    from expedition.rules.core.events import DiceRolled
    from expedition.rules.core.tracker import Visibility
    from expedition.rules.trackers.doom import DoomEffectReached
    from expedition.rules.trackers.omens import OMENS_NAME, OmensStarted
    from expedition.session.views import events_for

    state = make_campaign()
    state.character("wren").traits.add(Trait.THIRD_EYE)
    events = [
        DiceRolled(rule="§9.3", who=GM, why="omens tracker size", sides=6, faces=(3, 4)),
        OmensStarted(rule="§9.3", tracker=OMENS_NAME, size=7),
        TrackerAdvanced(
            rule="§9.3", tracker=OMENS_NAME, steps=1, value=1, size=7, visibility=Visibility.HIDDEN
        ),
        DoomEffectReached(
            rule="§9.2", tracker="doom:tomb", segment=2, effect="rats", description="Rats swarm."
        ),
    ]
    for seat in (ANN, Seat.host()):
        shown = events_for(state, seat, events)
        assert shown[:3] == events[:3]
        assert isinstance(shown[3], DoomEffectSeen) and not hasattr(shown[3], "segment")
    for seat in (BEN, Seat.spectator()):
        shown = events_for(state, seat, events)
        assert [type(e) for e in shown] == [HiddenTrackerMoved, HiddenTrackerMoved, DoomEffectSeen]
        assert [e.how for e in shown[:2]] == ["started", "advanced"]  # type: ignore[attr-defined]
        assert all("7" not in repr(e) for e in shown[:2])


def test_no_seat_sees_the_gm_roll_the_dead_vigil() -> None:
    """HOUSE §1.7: whether and when a body rises is the GM's secret, from every seat, Third eye or not."""
    from expedition.rules.core.events import DiceRolled
    from expedition.rules.exploration.dead_vigil import VIGIL_ROLL
    from expedition.session.views import events_for

    state = make_campaign()
    state.character("wren").traits.add(Trait.THIRD_EYE)
    secret = DiceRolled(rule="§10.1", who=GM, why=VIGIL_ROLL, sides=6, faces=(4,))
    open_roll = DiceRolled(rule="§3", who="wren", why="a STR test", sides=6, faces=(2, 5))
    for seat in (ANN, BEN, Seat.host(), Seat.spectator()):
        assert events_for(state, seat, [secret, open_roll]) == [open_roll]


@pytest.mark.parametrize("pause", [True, False])
def test_without_copies_a_failed_action_is_undone_by_playing_the_game_again(
    monkeypatch: pytest.MonkeyPatch, pause: bool
) -> None:
    """Session(copies=False), a bot's: no copy before each action, yet a rule failing part-way
    leaves the state exactly as before it (hash compared), tells nobody when it failed at once,
    and the game goes on as a session with copies plays it.
    """
    plain, copied = (Session(make_campaign(3, bleeding=True), copies=c) for c in (False, True))
    for session in (plain, copied):
        drive(session, random.Random(8), 25)
    assert plain.state.actions == copied.state.actions > 10
    before = state_hash(plain.state)
    assert before == state_hash(copied.state)
    heard: list[Update] = []
    plain.subscribe(heard.append, ANN)
    real = plain.view(Seat.host()).state.silver

    def failing(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
        state.silver += 100
        state.party[0].items.clear()
        if pause:
            yield Decision("pick", "wren", "Pick", (Choice("a", "A"),), "a")
        raise IllegalAction("The rope snaps.")
        yield  # pragma: no cover - makes this a generator

    monkeypatch.setattr("expedition.session.session.carry_out", failing)
    result = plain.submit(ANN, PassTurn())
    if pause:
        assert result.pending_decision is not None
        result = plain.answer(ANN, "a")
    assert not result.ok and result.reason == "The rope snaps."
    assert state_hash(plain.state) == before and plain.pending is None
    assert plain.view(Seat.host()).state.silver == real
    assert len(heard) == (2 if pause else 0)
    monkeypatch.undo()
    for session in (plain, copied):
        drive(session, random.Random(9), 25)
    assert state_hash(plain.state) == state_hash(copied.state)
