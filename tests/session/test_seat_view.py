"""The seat view: the filtered state as typed objects, the options the session works out, built lazily."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from expedition.cli_new import _options, _specs
from expedition.net.plain_forms import mirror_state, seat_view_from_plain, seat_view_to_plain
from expedition.persistence.state import state_to_body
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution, resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.skills import Trait
from expedition.rules.creation.party_creation import create_party
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import PassTurn
from expedition.rules.engine.legal_actions import legal_actions
from expedition.rules.exploration.locations import reveal_doom
from expedition.rules.exploration.stepping import Step
from expedition.session import view_frames
from expedition.session.campaigns import start_campaign
from expedition.session.port import Update
from expedition.session.seat_options import TABLE
from expedition.session.seat_state import seat_state
from expedition.session.session import Session
from expedition.session.views import Seat, view_for
from tests.session.helpers import make_campaign
from tests.session.test_view_dungeon import hall_state
from tests.ui.combat_fixtures import guard_session

ANN, BEN = Seat.for_player("ann"), Seat.for_player("ben")
SEATS = (Seat.host(), ANN, BEN, Seat.spectator())


def _same_as_the_clients_copy(state: CampaignState, seat: Seat) -> None:
    assert state_to_body(seat_state(state, seat)) == state_to_body(mirror_state(view_for(state, seat)))


@pytest.mark.parametrize("seat", SEATS)
def test_the_typed_filtered_state_is_the_one_a_client_rebuilds_from_its_plain_view(seat: Seat) -> None:
    """Session and seats: a local screen and a served one read the same filtered state."""
    state = make_campaign()
    state.character("wren").traits.add(Trait.THIRD_EYE)  # Ann sees the omens
    state.here.doom.filled = 1
    reveal_doom(Context(ScriptedDice([])), state, state.character("bo"))  # Ben read the doom
    _same_as_the_clients_copy(state, seat)
    _same_as_the_clients_copy(hall_state(), seat)
    _same_as_the_clients_copy(guard_session().state, seat)


def test_in_random_play_the_typed_filtered_state_always_matches_the_clients_copy(tmp_path: Path) -> None:
    options = _options()
    ctx = Context(SeededDice(4))
    party = resolve_default(create_party(ctx, _specs(None, options), options))
    session = start_campaign(party, 4, saves=tmp_path, ctx=ctx)
    rng = random.Random(4)
    host = Seat.host()
    try:
        for step in range(150):
            if session.pending is not None:
                session.answer(host, rng.choice(session.pending.keys))
                continue
            if step % 5 == 0:
                _same_as_the_clients_copy(session.state, Seat.spectator())
            actions = legal_actions(session.state)
            if not actions:
                break
            session.submit(host, rng.choice(actions))
    finally:
        session.close()


def test_every_subscriber_of_a_seat_shares_one_view_and_one_update() -> None:
    session = Session(hall_state(), None)
    heard: list[Update] = []
    for seat in (Seat.host(), Seat.host(), Seat.spectator(), Seat.spectator()):
        session.subscribe(heard.append, seat)
    assert session.submit(Seat.host(), Step(actor="wren", direction="south")).ok
    assert heard[0] is heard[1] and heard[2] is heard[3] and heard[0] is not heard[2]
    assert heard[0].view is session.view(Seat.host()) and heard[2].view is session.view(Seat.spectator())
    assert heard[0].view.version == session.version == 1


def test_a_view_read_after_the_game_moved_on_still_shows_its_own_version() -> None:
    """A screen handles an update after the next step was taken: the view it holds does not move."""
    session = Session(hall_state(), None)
    before = session.view(Seat.host())
    assert session.submit(Seat.host(), Step(actor="wren", direction="south")).ok
    after = session.view(Seat.host())
    assert after is not before and after.version == before.version + 1
    # Read only now: built from the state as it was, not as it is.
    start = before.state.expedition
    now = after.state.expedition
    assert start is not None and now is not None
    assert (start.position[0], start.position[1] + 1) == now.position
    assert before.body["actions"] == 0 and after.body["actions"] == 1


def test_a_view_handed_out_at_a_decision_keeps_the_state_as_it_paused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def pays(ctx: Context, state: CampaignState, action: Action) -> Resolution[None]:
        state.silver += 10
        yield Decision("pick", "wren", "Pick", (Choice("a", "A"), Choice("b", "B")), "a")
        state.silver += 100
        state.actions += 1

    monkeypatch.setattr("expedition.session.session.carry_out", pays)
    session = Session(make_campaign())
    silver = session.state.silver
    assert session.submit(Seat.host(), PassTurn()).pending_decision is not None
    paused = session.view(ANN)
    assert paused.pending is not None and paused.waiting_for == "ann" and paused.decides
    assert not session.view(BEN).decides and not session.view(Seat.spectator()).decides
    assert session.answer(ANN, "a").ok
    assert paused.state.silver == silver + 10  # read after the answer: still as it paused
    assert session.view(ANN).state.silver == silver + 110 and session.view(ANN).pending is None


def test_spectators_get_no_options_and_players_only_their_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(make_campaign())
    assert session.view(Seat.spectator()).options == () and session.view(Seat.spectator()).ready == ()
    ann = session.view(ANN)
    assert set(ann.choices) == {"wren", TABLE}
    assert all(o.actor in ("wren", "") for o in ann.choices["wren"])
    host = session.view(Seat.host())
    assert set(host.choices) == {"wren", "bo", TABLE}
    renames = {o.target: o for o in ann.options_for(TABLE) if o.kind == "RenamePlayer"}
    assert renames["ann"].enabled and not renames["ben"].enabled
    assert renames["ben"].reason == "You can only rename yourself."


def test_steps_come_with_the_tile_they_go_to_and_a_wall_with_the_rules_reason() -> None:
    session = Session(hall_state(), None)
    view = session.view(Seat.host())
    expedition = view.state.expedition
    assert expedition is not None
    x, y = expedition.position
    steps = {o.action: o for o in view.options_for("wren") if o.kind == "Step"}
    south = steps[Step(actor="wren", direction="south")]
    assert south.tile == (x, y + 1) and south.unit == "turn"
    assert session.submit(Seat.host(), steps[Step(actor="wren", direction="north")].action).ok
    wall = next(o for o in session.view(Seat.host()).options_for("wren") if o.label == "Step north")
    assert not wall.enabled and wall.reason and wall.tile == (x, y - 2)  # the hall's north wall
    refusal = session.submit(Seat.host(), wall.action)
    assert not refusal.ok and refusal.reason == wall.reason


def test_attacks_come_with_their_exact_odds_worked_out_by_the_session() -> None:
    session = guard_session()
    host = Seat.host()
    for _ in range(200):  # on into the guard room, until an adventurer may strike
        view = session.view(host)
        attacks = [o for o in view.options if o.kind == "AttackFoe" and o.enabled]
        if attacks and view.pending is None:
            break
        if view.pending is not None:
            session.answer(host, view.pending.default)
            continue
        ready = view.ready
        east = next((o for o in view.options if o.kind == "Step" and "east" in o.label), None)
        end = next((o for o in view.options_for(ready[0]) if o.kind == "EndTurn"), None) if ready else None
        assert session.submit(host, (east or end).action).ok  # type: ignore[union-attr]
    assert attacks and all(o.odds is not None and o.target and o.unit == "action" for o in attacks)


def test_verify_runs_once_for_a_submitted_action(monkeypatch: pytest.MonkeyPatch) -> None:
    from expedition.session import session as session_module

    calls: list[Action] = []
    real = session_module.verify

    def counting(state: CampaignState, action: Action) -> None:
        calls.append(action)
        real(state, action)

    monkeypatch.setattr(session_module, "verify", counting)
    session = Session(hall_state(), None)
    step = Step(actor="wren", direction="south")
    assert session.submit(Seat.host(), step).ok
    assert calls == [step]


def test_options_and_the_filtered_state_are_built_without_encoding_the_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bots read options every action: neither they nor the typed state cost a full encode."""
    encodes: list[Any] = []
    real = view_frames.state_to_body
    monkeypatch.setattr(view_frames, "state_to_body", lambda state: encodes.append(state) or real(state))
    session = Session(hall_state(), None, journal=False)
    view = session.view(Seat.host())
    assert view.options and view.state.expedition is not None and view.trackers["decay"].filled == 0
    assert encodes == []
    assert view.body["actions"] == 0 and len(encodes) == 1  # the plain form only when asked
    assert view.body is view.body and len(encodes) == 1


def test_a_seat_view_travels_whole_and_comes_back_the_same() -> None:
    """Serving: the client gets the view with its options worked out on the server."""
    session = Session(hall_state(), None)
    view = session.view(Seat.host())
    again = seat_view_from_plain(seat_view_to_plain(view))
    assert again.seat == view.seat and again.version == view.version
    assert again.options == view.options and dict(again.trackers) == dict(view.trackers)
    assert again.ready == view.ready and again.pending == view.pending
    assert state_to_body(again.state) == state_to_body(view.state)
