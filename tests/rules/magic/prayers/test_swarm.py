"""Tests for rules/magic/prayers/swarm.py: the party's summoned Swarm of Insects (§11.2, HOUSE §11.2)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.combat_events import CombatEnded, CombatOutcome
from expedition.rules.combat.rounds import check_end
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.magic.prayers.prayer_marks import (
    hostile,
)
from expedition.rules.magic.prayers.swarm import SwarmDrained, swarm_turn
from tests.rules.magic_helpers import WORLD, fight
from tests.rules.prayer_helpers import cleric, pray


def test_swarm_fights_for_the_party_and_does_not_keep_the_fight_going() -> None:
    """§11.2 Swarm, HOUSE §11.2: a summoned swarm on the party's side drains the cleric's target."""
    state, _ = cleric("swarm", god="kaal_rafir")
    (goblin,) = fight(state, "goblin_scrapper")
    pray(state, "swarm", "", [])
    combat = state.expedition.combat
    swarm = combat.foes[-1]
    assert swarm.key == "swarm_of_insects" and hostile(state, combat) == [goblin]
    drain = Context(ScriptedDice([5, 1]), world=WORLD)  # it flies in, then: a hit, the goblin's armour die
    resolve(swarm_turn(drain, state, combat, swarm), lambda d: "foe1")
    assert [e.wounds for e in drain.events if isinstance(e, SwarmDrained)] == [1]
    assert goblin.wounds == 1 and abs(swarm.pos[0] - goblin.pos[0]) + abs(swarm.pos[1] - goblin.pos[1]) == 1
    miss = Context(ScriptedDice([3, 3]), world=WORLD)
    resolve(swarm_turn(miss, state, combat, swarm), lambda d: "foe1")
    assert [e.wounds for e in miss.events if isinstance(e, SwarmDrained)] == [0, 0] and goblin.wounds == 1
    goblin.out = True
    ended = Context(ScriptedDice([]), world=WORLD)
    assert resolve_default(check_end(ended, state, combat))
    assert any(isinstance(e, CombatEnded) and e.outcome is CombatOutcome.VICTORY for e in ended.events)


def test_the_swarm_asks_its_cleric_and_goes_for_the_nearest_enemy_by_default() -> None:
    """§11.2 Swarm, HOUSE §11.2: the cleric names the target (default: nearest); it flies in, drains."""
    from expedition.rules.core.decisions import Decision

    state, _ = cleric("swarm", god="kaal_rafir")
    far, near = fight(state, "plagued_rat", "plagued_rat")
    far.pos = (8, 3)
    pray(state, "swarm", "", [])
    combat = state.expedition.combat
    swarm = combat.foes[-1]
    asked: list[Decision] = []

    def default(d: Decision) -> str:
        asked.append(d)
        return d.default

    drain = Context(ScriptedDice([4]), world=WORLD)  # one flight, one drain: 4 hits (no armour)
    resolve(swarm_turn(drain, state, combat, swarm), default)
    (decision,) = asked
    assert decision.owner == "cle" and decision.default == near.uid
    assert set(decision.keys) == {far.uid, near.uid}
    assert near.wounds == 1 and far.wounds == 0


def test_a_swarm_with_no_enemy_left_does_nothing() -> None:
    """§11.2 Swarm: with only the party's creatures left, it asks nothing and rolls nothing."""
    state, _ = cleric("swarm", god="kaal_rafir")
    (goblin,) = fight(state, "goblin_scrapper")
    pray(state, "swarm", "", [])
    combat = state.expedition.combat
    swarm = combat.foes[-1]
    goblin.out = True
    idle = Context(ScriptedDice([]), world=WORLD)
    resolve(swarm_turn(idle, state, combat, swarm), lambda d: pytest.fail("no decision expected"))
    assert not any(isinstance(e, SwarmDrained) for e in idle.events)
