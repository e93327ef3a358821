"""Tests for rules/camp/breaking_camp.py: the ambush roll, packing up, the way back (§10.3, §16 #9, #19)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.ambush import AmbushResult, AmbushRolled, CampAmbushed
from expedition.rules.camp.breaking_camp import BreakCamp, CampBroken, break_camp
from expedition.rules.camp.camp_setup import camp_of, current_camp
from expedition.rules.camp.rest_and_sleep import WellDeservedRest
from expedition.rules.character.adventurer import Character
from expedition.rules.combat.enemies.enemy_defs import (
    Archetype,
    Behaviour,
    EnemyAction,
    EnemyDef,
    EnemyGroup,
    EnemyTag,
)
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.phase import Phase
from expedition.rules.engine.campaign import CampaignState, Player, new_campaign
from expedition.rules.engine.dispatch import apply
from expedition.rules.exploration.camp_state import CampPlace
from tests.rules.camp_helpers import SUPPLIES, camp_with, give, make_state, run


@pytest.mark.parametrize(("long_rest", "doom"), [(False, 1), (True, 2)])
def test_breaking_camp_after_a_safe_roll_advances_doom(long_rest: bool, doom: int) -> None:
    """§10.3, §16 #9: breaking camp: doom +1, +2 in all after a long rest; back to exploring."""
    state = make_state()
    camp_with(state, CampPlace(exposed=True, long_rest=long_rest))
    ctx = run(state, BreakCamp(actor="wren"), [3])
    assert state.here.doom.filled == doom and state.phase is Phase.EXPLORATION
    assert camp_of(state) is None
    assert [e.doom for e in ctx.events if isinstance(e, CampBroken)] == [doom]
    assert not any(isinstance(e, CampAmbushed) for e in ctx.events)


@pytest.mark.parametrize(
    ("faces", "result"), [([6, 2], AmbushResult.FIGHT), ([6, 6], AmbushResult.SURPRISED)]
)
def test_a_six_on_the_ambush_dice_brings_a_wandering_group(faces: list[int], result: AmbushResult) -> None:
    """§10.3, §16 #19, HOUSE §1.5: any 6 is a fight with a wandering group; two 6s surprise the party."""
    state = make_state()
    give(state, "wren", SUPPLIES)
    camp_with(state, CampPlace(exposed=True, long_rest=False), "1", "yes")
    ctx = run(state, BreakCamp(actor="wren"), [*faces, 2])  # then the wandering row: 2 + E 1 − 1
    ambushed = [e for e in ctx.events if isinstance(e, CampAmbushed)]
    assert [(e.group, e.enemies, e.surprised) for e in ambushed] == [
        ("Ghouls", ("ghoul", "ghoul"), result is AmbushResult.SURPRISED)
    ]
    assert state.here.doom.filled == 1 and camp_of(state) is None


def test_camping_out_in_the_interlude_keeps_doom_and_returns_to_the_interlude() -> None:
    """§10.3, §10.4: a camp outside a dungeon lives on the campaign and costs no dungeon doom."""
    party = [Character("wren", "Wren", owner="ann")]
    state = new_campaign(3, party, [Player("ann", "Ann")])
    doom_before = state.here.doom.filled
    camp_with(state, CampPlace(name="a hollow", in_dungeon=False, long_rest=False))
    assert state.camp is not None and camp_of(state) is state.camp
    assert state.phase.value == "camp"
    run(state, WellDeservedRest(actor="wren"), [])
    run(state, BreakCamp(actor="wren"), [])  # nothing exposed, no fire: no ambush dice
    assert state.phase is Phase.INTERLUDE and state.camp is None and state.here.doom.filled == doom_before


GHOUL = EnemyDef(
    key="ghoul",
    name="Ghoul",
    group=EnemyGroup.UNDEAD,
    level=2,
    wounds=4,
    armour=0,
    resist=0,
    movement=4,
    tags=frozenset({EnemyTag.UNDEAD}),
    actions=(EnemyAction("claw", "Claw", attack=parse_attack("STR 2")),),
    behaviour=Behaviour(Archetype.BRUTE),
    threat=3,
)


class Bestiary:
    """A world that knows one enemy (what `start_combat` asks `ctx.world` for)."""

    enemies = {"ghoul": GHOUL}


class ThenSeeded:
    """Scripted faces first, then seeded ones (the fight after the ambush rolls a lot)."""

    def __init__(self, faces: list[int]) -> None:
        self.script, self.rest = ScriptedDice(faces), SeededDice(1)

    def roll(self, sides: int) -> int:
        return self.script.roll(sides) if self.script.remaining else self.rest.roll(sides)


@pytest.mark.parametrize("surprised", [False, True])
def test_an_ambush_starts_a_fight_with_the_wandering_group(surprised: bool) -> None:
    """§10.3, §16 #19: a 6 starts a fight with the wandering group; two 6s: every adventurer slow."""
    state = make_state()
    camp_with(state, CampPlace(exposed=True, camped_before=True, long_rest=False))
    ctx = Context(ThenSeeded([6, 6 if surprised else 1, 2]), world=Bestiary())  # type: ignore[arg-type]
    resolve(apply(ctx, state, BreakCamp(actor="wren")), answers())
    assert state.expedition is not None and camp_of(state) is None
    combat = state.expedition.combat
    assert combat is not None and combat.group == "Ghouls" and combat.surprised is surprised
    assert len(combat.foes) == 2
    if surprised:
        assert set(combat.slow) == {"wren", "moss"} and not combat.fast


def _break_camp(state: CampaignState, action: BreakCamp) -> Context:
    """Run the verb directly (no guard), with no dice."""
    ctx = Context(ScriptedDice([]))
    resolve(break_camp(ctx, state, action), answers())
    return ctx


def test_breaking_camp_does_not_roll_the_ambush_twice() -> None:
    """§10.3: once the ambush roll is made, breaking camp only packs up (doom +1)."""
    state = make_state()
    camp_with(state, CampPlace(exposed=True, long_rest=False))
    current_camp(state).ambush_rolled = True
    ctx = _break_camp(state, BreakCamp(actor="wren"))  # no faces: a second roll would run out of dice
    assert not any(isinstance(e, AmbushRolled) for e in ctx.events)
    assert [e.doom for e in ctx.events if isinstance(e, CampBroken)] == [1] and camp_of(state) is None
