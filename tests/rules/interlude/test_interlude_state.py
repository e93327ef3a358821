"""Tests for arriving in the settlement, the interlude day loop and leaving again (§10.4, §10.5, §16 #14)."""

from __future__ import annotations

import random

from expedition.persistence.state import state_hash
from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.insight import InsightSpend, SpendKind
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Skill
from expedition.rules.engine.campaign import Player, new_campaign
from expedition.rules.engine.dispatch import SpendInsight, can
from expedition.rules.engine.legal_actions import legal_actions
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.rules.interlude.daily_actions import PlanDay
from expedition.rules.interlude.day_and_night import EndDay, begin_day
from expedition.rules.interlude.hunger_and_sleep import ChooseBed
from expedition.rules.interlude.interlude_state import DailyAction, arrive
from expedition.rules.interlude.recruiting import NewRecruit
from expedition.rules.interlude.setting_out import SetOut
from expedition.session.catalog_world import default_world
from expedition.session.replay import replay_records
from expedition.session.session import Session
from expedition.session.views import Seat
from tests.session.helpers import drive, make_campaign


def test_arriving_gives_the_start_of_interlude_bonuses_section_10_4_1() -> None:
    """§10.4.1: Pilfer +1d6 silver, Cooking 1 ration, Master Chef 3; Nauseated is cured."""
    cook, chef, thief = Character("a", "A"), Character("b", "B"), Character("c", "C")
    cook.skills.add(Skill.COOKING)
    chef.skills.add(Skill.MASTER_CHEF)
    thief.skills.add(Skill.PILFER)
    thief.afflictions.add(Affliction.NAUSEATED)
    state = new_campaign(3, [cook, chef, thief], [Player("player1", "P")], ctx=Context(SeededDice(3)))
    interlude = arrive(Context(ScriptedDice([5]), world=default_world()), state)
    assert state.silver == 5 and not thief.afflictions
    assert [i.quantity for i in cook.items if i.defn.key == "ration"] == [1]
    assert [i.quantity for i in chef.items if i.defn.key == "ration"] == [3]
    assert interlude.size == 3 and interlude.arrival  # Blacksalt counts as a Fief (house)
    assert state.locations["blacksalt"].settlement


def _back(seed: int) -> Session:
    session = Session(make_campaign(seed, dungeon=None, insight=3))
    host = Seat.host()
    assert session.submit(host, SetOut()).ok
    assert session.submit(host, ExitDungeon()).ok
    return session


def test_exit_begins_the_interlude_and_set_out_ends_it_section_10_4() -> None:
    """§10.4: leaving the dungeon opens the interlude; setting out closes it at once (§10.4.3)."""
    session = _back(1)
    state = session.state
    assert state.phase is Phase.INTERLUDE and state.interlude is not None
    assert state.interlude.arrival and not can(state, PlanDay(actor="wren", action=DailyAction.REST))
    assert session.submit(Seat.host(), SetOut()).ok
    assert state.interlude is None and state.phase is Phase.EXPLORATION


def test_a_full_day_runs_events_actions_hunger_sleep_and_replays_section_16_14() -> None:
    """§16 #14: after the night of return a day opens with its event, then plans and night; it replays."""
    session = _back(2)
    host = Seat.host()
    state = session.state
    assert session.submit(host, ChooseBed(actor="wren", place="streets_small")).ok
    assert session.submit(host, EndDay()).ok
    while session.pending is not None:
        assert session.answer(host, session.pending.default).ok
    interlude = state.interlude
    assert interlude is not None and interlude.day == 2 and not interlude.arrival and interlude.events
    for member in list(state.living):
        assert session.submit(host, PlanDay(actor=member.id, action=DailyAction.REST)).ok
    assert not session.submit(host, PlanDay(actor="wren", action=DailyAction.LAY_LOW)).ok
    assert session.submit(host, EndDay()).ok
    while session.pending is not None:
        assert session.answer(host, session.pending.default).ok
    assert state.interlude is not None and state.interlude.day == 3 and not state.interlude.plans
    assert session.submit(host, SetOut()).ok
    report = replay_records(session.records)
    assert report.final_hash == state_hash(session.state)


def test_insight_is_spent_in_the_interlude_section_10_5_2() -> None:
    """§10.5.2: insight is spent during the interlude, not on an expedition."""
    session = _back(3)
    spend = SpendInsight(actor="wren", spend=InsightSpend(SpendKind.LEARN_SKILL, skill=Skill.COOKING))
    assert can(session.state, spend)
    assert spend in legal_actions(session.state)
    assert session.submit(Seat.host(), spend).ok
    assert Skill.COOKING in session.state.character("wren").skills
    assert session.submit(Seat.host(), SetOut()).ok
    assert not can(session.state, spend)


def test_a_player_with_nobody_left_makes_a_new_recruit_section_5_1() -> None:
    """§5.1, §10.4: the dead stay on the roster; their player makes one new adventurer in the interlude."""
    session = _back(4)
    state = session.state
    assert not can(state, NewRecruit(player="ann"))
    state.character("wren").status = Status.DEAD
    state.party.remove(state.character("wren"))
    assert can(state, NewRecruit(player="ann"))
    result = session.submit(Seat.host(), NewRecruit(player="ann"))
    while session.pending is not None:
        result = session.answer(Seat.host(), session.pending.default)
    assert result.ok, result.reason
    recruit = next(c for c in state.party if c.owner == "ann")
    uids = [item.uid for member in state.party for item in member.items] + [i.uid for i in state.stash]
    assert len(uids) == len(set(uids)) and recruit.id not in ("wren", "bo")
    assert recruit.id in state.sheets


def test_random_interludes_replay_to_the_same_hash_section_10_4() -> None:
    """§10.4: random legal play through the interlude replays exactly from the journal."""
    for seed in range(3):
        session = _back(seed)
        drive(session, random.Random(seed), 30)
        report = replay_records(session.records)
        assert report.final_hash == state_hash(session.state)


def test_plans_are_reported_section_10_4_3() -> None:
    """§10.4.3: an announced daily action is kept for the day and cannot be changed."""
    session = _back(5)
    assert session.submit(Seat.host(), EndDay()).ok
    while session.pending is not None:
        assert session.answer(Seat.host(), session.pending.default).ok
    result = session.submit(Seat.host(), PlanDay(actor="bo", action=DailyAction.LAY_LOW))
    assert result.ok
    assert session.state.interlude is not None
    assert session.state.interlude.plans_of("bo")[0].action is DailyAction.LAY_LOW
    assert not session.submit(Seat.host(), PlanDay(actor="bo", action=DailyAction.REST)).ok


def test_arriving_wakes_the_fainted_and_stabilises_the_mortally_wounded_section_16_31_33() -> None:
    """§16 #31, #33: no turns pass in town, so the fainted wake on arrival and the healers tend the dying."""
    fainted, dying = Character("a", "A"), Character("b", "B")
    fainted.status, fainted.faint_turns = Status.FAINTED, 3
    dying.status, dying.near_death_turns = Status.MORTALLY_WOUNDED, 1
    state = new_campaign(3, [fainted, dying], [Player("player1", "P")], ctx=Context(SeededDice(3)))
    state.interlude = None
    interlude = arrive(Context(ScriptedDice([]), world=default_world()), state)
    assert fainted.status is Status.ACTIVE and dying.status is Status.ACTIVE
    assert dying.near_death_turns is None and fainted.faint_turns == 0
    interlude.arrival = False
    assert can(state, PlanDay(actor="a", action=DailyAction.REST))
    fainted.status, fainted.faint_turns = Status.FAINTED, 2  # fainted in the night
    ctx = Context(SeededDice(4), world=default_world())
    resolve_default(begin_day(ctx, state, interlude))
    assert fainted.status is Status.ACTIVE
