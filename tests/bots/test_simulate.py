"""Tests the bots and the simulation runner: the figures' shape, determinism, and honest play."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from expedition.bots import driver
from expedition.bots.driver import Caps, make_policy, play_campaign
from expedition.bots.policy import playable
from expedition.bots.setup import quick_session
from expedition.bots.simulate import simulate, summary
from expedition.cli import main
from expedition.session.seat_view import SeatOption, SeatView
from expedition.session.views import Seat

KEYS = (
    "expeditions",
    "whole_party_back",
    "total_party_kill",
    "first_fight_lost",
    "adventurer_deaths_per_adventurer_expedition",
    "campaigns_setting_out_sixth",
    "longest_fight_rounds",
    "exceptions",
    "invariant_violations",
)
SMALL = Caps(expedition_steps=120, interlude_steps=60, fight_rounds=40)
"""Caps that keep a unit test's campaigns short: a long one stops as stuck, which is fine here."""


def test_json_has_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--campaigns", "1", "--expeditions", "1", "--seed", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in KEYS:
        assert key in figures
    assert isinstance(figures["expeditions"], int)
    for key in KEYS[1:6]:
        assert 0.0 <= figures[key] <= 1.0


def test_survival_by_expedition_number_adds_up_to_the_whole_run() -> None:
    """The report's table by expedition number: each number's expeditions, and the shares over them."""
    figures = summary(simulate(2, 2, policy="sensible", seed=5))
    rows = figures["by_expedition_number"]
    assert list(rows) == ["1", "2"]
    assert [row["set_out"] for row in rows.values()] == [2, 2]
    assert figures["expeditions_ended"] == figures["expeditions"] == 4  # each share is over 2
    for key in ("whole_party_back", "total_party_kill"):
        assert sum(row[key] for row in rows.values()) / 2 == pytest.approx(figures[key], abs=1e-3)
    assert isinstance(figures["treasures_mean"], float)


def test_the_sixth_expedition_is_not_judged_when_no_campaign_was_asked_to_play_six(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A short run says the figure was not asked for, not "0 % OUT"."""
    assert main(["simulate", "--campaigns", "1", "--expeditions", "1", "--seed", "3"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "not asked" in line)
    assert "Campaigns" in row and "—" in row and "70%" in row and "OUT" not in row
    short = summary(simulate(1, 1, policy="random", seed=3, caps=SMALL))
    assert short["campaigns_asked_sixth"] == 0


def test_results_do_not_depend_on_the_jobs() -> None:
    one = summary(simulate(2, 1, policy="random", seed=11, jobs=1, caps=SMALL))
    two = summary(simulate(2, 1, policy="random", seed=11, jobs=2, caps=SMALL))
    assert one == two


@pytest.mark.parametrize("policy", ["random", "sensible"])
def test_a_policy_never_submits_a_disabled_option(policy: str) -> None:
    session, seat = quick_session(5), Seat.host()
    bot = make_policy(policy, 5)
    for _ in range(60):
        view = session.view(seat)
        if view.pending is not None:
            key = bot.decide(view, view.pending)
            assert key in view.pending.keys
            assert session.answer(seat, key).ok
            continue
        option = bot.choose(view)
        if option is None:
            break
        assert option.enabled
        assert option in playable(view)
        session.submit(seat, option.action)


def test_a_campaign_replays_to_the_same_hash() -> None:
    result = play_campaign(2, "sensible", 1, SMALL)
    assert result.replayed in (True, None)  # None: it stopped on a fault first, recorded with its step
    for problem in result.problems:
        assert problem.seed == 2 and problem.step >= 1


def test_an_option_label_showing_an_internal_key_stops_the_campaign(monkeypatch: pytest.MonkeyPatch) -> None:
    """The referee reads what the seat is shown: an id in a label ("(foe1)") is a recorded violation."""
    real = SeatView.options_for

    def leaky(view: SeatView, actor: str) -> tuple[SeatOption, ...]:
        options = real(view, actor)
        return (replace(options[0], label="Attack the Rat (foe1)"), *options[1:]) if options else options

    monkeypatch.setattr(SeatView, "options_for", leaky)
    monkeypatch.setattr(driver, "TEXT_SCAN_EVERY", 1)  # this short campaign has only a few steps
    result = play_campaign(1, "random", 1, SMALL)
    assert [(p.kind, p.fault) for p in result.problems] == [("violation", "player text holds a foe uid")]
    assert "Attack the Rat (foe1)" in result.problems[0].message


def test_a_camp_out_in_the_settlement_is_no_expedition(monkeypatch: pytest.MonkeyPatch) -> None:
    """A camp bed in town runs a camp phase; the referee counts an expedition only with a dungeon."""
    seen: list[tuple[bool, bool]] = []  # (a camp phase in town, an expedition counted meanwhile)
    real_step = driver._Referee._step

    def step(referee: driver._Referee, caught: driver._Caught) -> None:
        real_step(referee, caught)
        state = referee.session.state
        seen.append(
            (state.phase.value == "camp" and state.interlude is not None, referee.current is not None)
        )

    monkeypatch.setattr(driver._Referee, "_step", step)
    result = play_campaign(6, "sensible", 2)  # seed 6's party camps out in its first interlude
    assert any(camping for camping, _ in seen)
    assert not any(camping and counted for camping, counted in seen)
    assert len(result.expeditions) == 2
