"""Tests for rules/combat/fight_setup.py: placing, initiative, ambush, surprise (§10.2.1, §10.1, §16 #19)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.combat.combat_events import CombatStarted, FoePlaced
from expedition.rules.combat.combat_state import CombatPhase
from expedition.rules.combat.fight_setup import (
    fight_here,
    start_combat,
    summon,
    wandering_arrives,
    wandering_group,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.distance import chebyshev
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.phase import Phase
from expedition.rules.exploration.features import Encounter, EncounterRow
from tests.rules import magic_helpers as magic
from tests.rules.combat.test_fights import combat_of, fight, make_state, rat


class _World:
    enemies = {"rat": rat(), "big_rat": replace(rat(wounds=6), key="big_rat")}


class _Budgeted:
    enemies = {
        "rat": rat(),
        "brute": replace(rat(), key="brute", threat=4),
        "ogre": replace(rat(), key="ogre", threat=7),
    }


def test_a_dex_check_makes_an_adventurer_fast_or_slow() -> None:
    """§10.2.1: success on the DEX check is fast, failure slow; the phase is combat."""
    state = make_state("wren", "ash")
    fight(state, [5, 2, 2, 3])
    combat = combat_of(state)
    assert combat.fast == ["wren"] and combat.slow == ["ash"]
    assert state.phase is Phase.COMBAT and combat.phase is CombatPhase.FAST and combat.round == 1


def test_an_ambush_makes_everyone_fast_without_checks() -> None:
    """§10.1: ambushing unaware enemies: no initiative, all fast."""
    state = make_state("wren", "ash")
    ctx = fight(state, [], ambush=True)
    assert combat_of(state).fast == ["wren", "ash"] and ctx.dice.used == 0  # type: ignore[attr-defined]


def test_a_surprised_party_is_all_slow_and_the_enemies_act_first() -> None:
    """§16 #19: surprised, every adventurer is slow with no checks; the enemy phase runs at once."""
    state = make_state()
    ctx = Context(SeededDice(3))
    resolve_default(start_combat(ctx, state, [rat()], surprised=True))
    combat = combat_of(state)
    assert combat.slow == ["wren"] and combat.fast == [] and combat.phase is CombatPhase.SLOW


def test_no_second_fight_and_no_fight_without_foes() -> None:
    """§10.2.1: a fight needs enemies and cannot start while another goes on."""
    state = make_state()
    with pytest.raises(IllegalAction):
        resolve_default(start_combat(Context(ScriptedDice([])), state, []))
    fight(state, [], ambush=True)
    with pytest.raises(IllegalAction, match="already"):
        resolve_default(start_combat(Context(ScriptedDice([])), state, [rat()]))


def test_foes_of_a_room_stand_around_its_centre_on_free_tiles() -> None:
    """§10.2.1 phase 0: the GM places the enemies in their room, each on its own tile."""
    state = make_state("wren", "ash")
    ctx = Context(ScriptedDice([]))
    resolve_default(start_combat(ctx, state, [rat(), rat(), rat()], ambush=True, room=0))
    combat = combat_of(state)
    tiles = [foe.pos for foe in combat.foes]
    assert len(set(tiles)) == 3 and not set(tiles) & set(combat.positions.values())
    assert tiles[0] == state.expedition.level.rooms[0].center  # type: ignore[union-attr]
    assert [e.pos for e in ctx.events if isinstance(e, FoePlaced)] == tiles


def test_an_asleep_encounter_is_ambushed_and_a_bloodied_one_starts_wounded() -> None:
    """HOUSE §2.5: activity 1 is an ambush (all fast, no checks); activity 3 gives 1 wound, 2 if W ≥ 6."""
    state = make_state()
    level = state.expedition.level  # type: ignore[union-attr]
    level.encounters.append(Encounter(room=0, enemies=("rat",), name="Rats", activity=1))
    ctx = Context(ScriptedDice([]), world=_World())  # type: ignore[arg-type]
    assert resolve_default(fight_here(ctx, state))
    assert combat_of(state).fast == ["wren"] and combat_of(state).ambush
    bloodied = make_state()
    level = bloodied.expedition.level  # type: ignore[union-attr]
    level.encounters.append(Encounter(room=0, enemies=("rat", "big_rat"), name="Rats", activity=3))
    ctx = Context(SeededDice(4), world=_World())  # type: ignore[arg-type]
    assert resolve_default(fight_here(ctx, bloodied))
    assert [foe.wounds for foe in combat_of(bloodied).foes] == [1, 2]


def test_no_fight_starts_outside_exploration_or_with_the_encounter_beaten() -> None:
    """§10.1: only an undefeated encounter in the party's room starts a fight, while exploring."""
    state = make_state()
    level = state.expedition.level  # type: ignore[union-attr]
    level.encounters.append(Encounter(room=0, enemies=("rat",), name="Rats", activity=4, defeated=True))
    ctx = Context(ScriptedDice([]), world=_World())  # type: ignore[arg-type]
    assert not resolve_default(fight_here(ctx, state))
    level.encounters[0].defeated = False
    state.phase = Phase.CAMP
    assert not resolve_default(fight_here(ctx, state))
    assert state.expedition.combat is None  # type: ignore[union-attr]


def test_an_announced_wandering_group_arrives_and_attacks() -> None:
    """HOUSE §1.5: the group that gave its sign comes; it is taken off the expedition's coming list."""
    state = make_state()
    expedition = state.expedition
    assert expedition is not None
    expedition.dungeon.wandering = (EncounterRow(roll=1, name="Rats", core=("rat",)),)
    expedition.coming.append("Rats")
    ctx = Context(SeededDice(2), world=_World())  # type: ignore[arg-type]
    assert resolve_default(wandering_arrives(ctx, state, ["Rats"]))
    started = [e for e in ctx.events if isinstance(e, CombatStarted)]
    assert started and started[0].group == "Rats" and started[0].foes == ("foe1",)
    assert "Rats" not in expedition.coming


def test_a_wandering_group_is_built_to_the_budget_of_the_party_left_standing() -> None:
    """HOUSE §1.5, §2.3, §2.7 (house): ¾ × N × (E + 1), a downed adventurer ½, level 1 at E 1, no filler."""
    state = make_state("wren", "ash")  # level 1: B = ¾ × 2 × 2 = 3; a first member up to 4½
    expedition = state.expedition
    assert expedition is not None
    low = EncounterRow(roll=1, name="Rats", core=("rat", "rat", "rat", "rat"), filler=("rat",))
    high = EncounterRow(roll=2, name="Brute", core=("brute", "rat"), filler=("rat",))
    top = EncounterRow(roll=3, name="Ogre", core=("ogre",))
    expedition.dungeon.wandering = (low, high, top)
    ctx = Context(SeededDice(2), world=_Budgeted())  # type: ignore[arg-type]
    assert [d.key for d in wandering_group(ctx, state, low)] == ["rat"] * 3  # the core cut to B
    assert [d.key for d in wandering_group(ctx, state, high)] == ["brute"]  # the first is always kept
    assert [d.key for d in wandering_group(ctx, state, top)] == ["brute"]  # 7 > 4½: the row below
    state.character("ash").status = Status.FAINTED  # N = 1½: B = 2¼, a first member up to 3⅜
    assert [d.key for d in wandering_group(ctx, state, low)] == ["rat"] * 2
    assert [d.key for d in wandering_group(ctx, state, top)] == ["rat"] * 2  # 7 and 4 too dear: row 1


def test_a_wandering_group_counts_an_adventurer_with_fewer_than_half_their_dice_as_half() -> None:
    """HOUSE §2.7 mercy, whole (house, issue #14): the badly hurt count ½ of N, as the downed do."""
    state = make_state("wren", "ash")  # every score 2: eight dice each
    expedition = state.expedition
    assert expedition is not None
    low = EncounterRow(roll=1, name="Rats", core=("rat", "rat", "rat", "rat"), filler=("rat",))
    expedition.dungeon.wandering = (low,)
    ctx = Context(SeededDice(2), world=_Budgeted())  # type: ignore[arg-type]
    ash = state.character("ash")
    ash[Attr.STR].wounds = ash[Attr.DEX].wounds = 2  # four dice left of eight: half, still N = 2
    assert [d.key for d in wandering_group(ctx, state, low)] == ["rat"] * 3
    ash[Attr.INT].wounds = 1  # three of eight, fewer than half: N = 1½, B = 2¼
    assert [d.key for d in wandering_group(ctx, state, low)] == ["rat"] * 2


def test_a_summoned_creature_joins_the_fight_next_to_the_caster() -> None:
    """§11.1 mishaps: a demon appears Close to the caster; one with no stat block stays away."""
    state = magic.make_state()
    wiz = state.character("wiz")
    magic.fight(state, "giant_rat")
    ctx = Context(ScriptedDice([]), world=magic.WORLD)
    resolve_default(summon(ctx, state, wiz, "lesser_demon"))
    demon = combat_of(state).foes[-1]
    assert demon.key == "lesser_demon" and demon.uid == "foe2"
    assert chebyshev(demon.pos, combat_of(state).positions["wiz"]) == 1
    assert any(isinstance(e, FoePlaced) and e.foe == "foe2" for e in ctx.events)
    resolve_default(summon(ctx, state, wiz, "no_such_beast"))
    assert len(combat_of(state).foes) == 2


def test_a_group_not_beaten_keeps_its_losses_and_its_wounds_for_the_next_fight() -> None:
    """HOUSE §3.1: after a fight the party fled or lost, the fallen stay fallen, the fled are gone,
    and the survivors keep their wounds; with nobody left the group is gone.
    """
    from expedition.rules.combat.combat_events import CombatOutcome
    from expedition.rules.combat.rounds import end_combat

    state = make_state()
    level = state.expedition.level  # type: ignore[union-attr]
    level.encounters.append(Encounter(room=0, enemies=("rat", "big_rat", "rat"), name="Rats", activity=4))
    ctx = Context(SeededDice(4), world=_World())  # type: ignore[arg-type]
    assert resolve_default(fight_here(ctx, state))
    fallen, hurt, gone = combat_of(state).foes
    fallen.out, hurt.wounds, gone.fled = True, 2, True
    resolve_default(end_combat(ctx, state, combat_of(state), CombatOutcome.FLED))
    encounter = level.encounters[0]
    assert (encounter.enemies, encounter.wounds, encounter.defeated) == (("big_rat",), (2,), False)
    state.phase = Phase.EXPLORATION
    assert resolve_default(fight_here(ctx, state))
    assert [(foe.key, foe.wounds) for foe in combat_of(state).foes] == [("big_rat", 2)]
    combat_of(state).foes[0].out = True
    resolve_default(end_combat(ctx, state, combat_of(state), CombatOutcome.FLED))
    assert encounter.defeated and encounter.enemies == ()


def test_victors_over_a_party_down_to_the_last_leave_it_where_it_lies() -> None:
    """HOUSE §3.1 (house): a group that put the whole party down goes back to its lair."""
    from expedition.rules.combat.combat_events import CombatOutcome
    from expedition.rules.combat.rounds import end_combat

    state = make_state()
    level = state.expedition.level  # type: ignore[union-attr]
    level.encounters.append(Encounter(room=0, enemies=("rat", "big_rat"), name="Rats", activity=4))
    ctx = Context(SeededDice(4), world=_World())  # type: ignore[arg-type]
    assert resolve_default(fight_here(ctx, state))
    combat_of(state).foes[1].wounds = 3
    resolve_default(end_combat(ctx, state, combat_of(state), CombatOutcome.PARTY_DOWN))
    encounter = level.encounters[0]
    assert encounter.defeated and encounter.wounds == (0, 3)
    state.phase = Phase.EXPLORATION
    assert not resolve_default(fight_here(ctx, state))
