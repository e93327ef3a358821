"""Tests for exploration/hazards/drag_marks.py:

Drag marks that may bring the level's maneater (HOUSE §1.10).
"""

from __future__ import annotations

from dataclasses import replace

from expedition.rules.combat.combat_events import CombatStarted
from expedition.rules.combat.fight_setup import wandering_arrives
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.dungeon_map import Room
from expedition.rules.exploration.exploration_turn import WanderingMonstersComing
from expedition.rules.exploration.features import Encounter
from expedition.rules.exploration.hazards.drag_marks import DRAG_GROUP, LairStirred, hazard_group
from expedition.rules.exploration.stepping import Step
from tests.rules.combat.test_fights import rat
from tests.rules.exploration_helpers import make_state, run, to_crypt


class _World:
    enemies = {
        "golden_ridge_maneater": replace(rat(), key="golden_ridge_maneater"),
        "hobgoblin": replace(rat(), key="hobgoblin"),
    }


def _crypt(state: CampaignState) -> Room:
    assert state.expedition is not None
    return state.expedition.level.rooms[1]


def test_drag_marks_may_bring_the_maneater_and_its_keeper_house_1_10() -> None:
    """HOUSE §1.10: entering, a 2d! check; a trigger takes the maneater and a hobgoblin from their lair."""
    state = make_state()
    assert state.expedition is not None
    kennel = Encounter(
        99, ("golden_ridge_maneater", "hobgoblin", "goblin_scrapper"), name="Kennel", lair=True
    )
    state.expedition.level.encounters.append(kennel)
    _crypt(state).hazard = "drag_marks"
    for _ in range(3):
        run(state, Step(direction="east"), [])
    ctx = run(state, Step(direction="east"), [1, 5])
    assert state.expedition.coming == [DRAG_GROUP]
    assert kennel.enemies == ("goblin_scrapper",) and not kennel.defeated
    assert [e.left for e in ctx.events if isinstance(e, LairStirred)] == [("goblin_scrapper",)]
    coming = [e for e in ctx.events if isinstance(e, WanderingMonstersComing)]
    assert [(c.group, c.enemies, c.rule) for c in coming] == [
        (DRAG_GROUP, ("golden_ridge_maneater", "hobgoblin"), "HOUSE §1.10")
    ]
    assert (
        hazard_group(DRAG_GROUP) == ("golden_ridge_maneater", "hobgoblin") and hazard_group("Crawlers") == ()
    )


def test_drag_marks_check_nothing_without_a_maneater_or_on_a_quiet_roll_house_1_10() -> None:
    """HOUSE §1.10: no maneater on the level, no roll; a roll without a 1 brings nothing."""
    state = make_state()
    _crypt(state).hazard = "drag_marks"
    to_crypt(state)  # no dice: nothing is rolled
    assert state.expedition is not None and state.expedition.coming == []
    state = make_state()
    assert state.expedition is not None
    kennel = Encounter(99, ("golden_ridge_maneater",), lair=True)
    state.expedition.level.encounters.append(kennel)
    _crypt(state).hazard = "drag_marks"
    for _ in range(3):
        run(state, Step(direction="east"), [])
    run(state, Step(direction="east"), [4, 6])
    assert state.expedition.coming == [] and kennel.enemies == ("golden_ridge_maneater",)


def test_the_maneater_and_its_keeper_arrive_as_a_wandering_group_house_1_10() -> None:
    """HOUSE §1.10, §1.5: the group the drag marks sent is found by name and starts a fight."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.coming.append(DRAG_GROUP)
    ctx = Context(SeededDice(3), world=_World())  # type: ignore[arg-type]
    assert resolve_default(wandering_arrives(ctx, state, [DRAG_GROUP]))
    started = [e for e in ctx.events if isinstance(e, CombatStarted)]
    assert len(started) == 1 and started[0].group == DRAG_GROUP and len(started[0].foes) == 2
