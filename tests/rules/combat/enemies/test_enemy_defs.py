"""Tests for enemy definitions: knocked out (§16 #21), behaviour shape and house threat (HOUSE §2.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.combat.enemies.enemy_defs import (
    Archetype,
    Behaviour,
    EnemyAction,
    EnemyDef,
    EnemyGroup,
    EnemyTag,
    HarmSource,
    enemy_defs,
    house_threat,
    knocked_out,
    special_key,
)
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.events import Note
from expedition.rules.core.notation import parse_attack
from tests.rules.combat.test_fights import rat


class _World:
    enemies = {"rat": rat()}


def enemy(wounds: int = 4, **changes: object) -> EnemyDef:
    fields: dict[str, object] = dict(
        key="boggart",
        name="Boggart",
        group=EnemyGroup.GOBLINS,
        level=2,
        wounds=wounds,
        armour=2,
        resist=0,
        movement=4,
        tags=frozenset({EnemyTag.LIVING, EnemyTag.GOBLIN}),
        actions=(EnemyAction("serrated_blade", "Serrated blade", attack=parse_attack("STR 2+1")),),
        behaviour=Behaviour(Archetype.BRUTE),
        threat=3,
    )
    fields.update(changes)
    return EnemyDef(**fields)  # type: ignore[arg-type]


def test_enemy_with_wounds_equal_to_w_still_stands_section_16_21() -> None:
    """§16 #21: W 4 resists 4 wounds."""
    assert not knocked_out(4, enemy(wounds=4))


def test_enemy_drops_when_wounds_exceed_w_section_16_21() -> None:
    """§16 #21: W 4 drops at the 5th wound."""
    assert knocked_out(5, enemy(wounds=4))


def test_unhurt_enemy_is_not_knocked_out_section_16_21() -> None:
    """§16 #21: no wounds, still standing."""
    assert not knocked_out(0, enemy(wounds=2))


def test_negative_wounds_taken_are_refused_section_16_21() -> None:
    """§16 #21: a count of wounds taken cannot be negative."""
    with pytest.raises(ValueError):
        knocked_out(-1, enemy())


@given(st.integers(min_value=1, max_value=30), st.integers(min_value=0, max_value=60))
def test_knocked_out_exactly_when_wounds_exceed_w_section_16_21(wounds: int, taken: int) -> None:
    """§16 #21: out if and only if wounds taken > W."""
    assert knocked_out(taken, enemy(wounds=wounds)) is (taken > wounds)


def test_house_threat_adds_level_and_quarter_wounds_house_2_1() -> None:
    """HOUSE §2.1: T = LVL + W // 4 for a plain enemy (Boggart: 2 + 1)."""
    assert house_threat(enemy(wounds=4)) == 3


def test_house_threat_counts_frenzy_cap_disadvantage_and_immunity_house_2_1() -> None:
    """HOUSE §2.1: +1 each for three actions, capped damage, hard to hit; +2 for weapon immunity."""
    plain = enemy(wounds=3, level=2)
    assert house_threat(plain) == 2
    assert house_threat(enemy(wounds=3, level=2, actions_per_turn=3)) == 3
    assert house_threat(enemy(wounds=3, level=2, damage_cap=1)) == 3
    assert house_threat(enemy(wounds=3, level=2, hard_to_hit=True)) == 3
    assert house_threat(enemy(wounds=3, level=2, harmed_only_by=frozenset({HarmSource.FIRE}))) == 4


def test_coward_needs_a_bold_archetype_house_3_2() -> None:
    """HOUSE §3.2: a coward acts as its bold archetype, so it must name one."""
    with pytest.raises(ValueError):
        Behaviour(Archetype.COWARD)
    assert Behaviour(Archetype.COWARD, Archetype.SWARM).follow_up is Archetype.SWARM


def test_only_ambushers_and_cowards_have_a_follow_up_house_3_2() -> None:
    """HOUSE §3.2: a brute has no follow-up, and a follow-up cannot itself hand over."""
    with pytest.raises(ValueError):
        Behaviour(Archetype.BRUTE, Archetype.SWARM)
    with pytest.raises(ValueError):
        Behaviour(Archetype.AMBUSHER, Archetype.COWARD)


def test_ambusher_flag_or_archetype_springs_house_3_2() -> None:
    """HOUSE §3.2: an ambusher, or an enemy that can also ambush, starts hidden."""
    assert Behaviour(Archetype.AMBUSHER, Archetype.BRUTE).springs
    assert Behaviour(Archetype.GRAPPLER, ambusher=True).springs
    assert not Behaviour(Archetype.GRAPPLER).springs


def test_action_lookup_by_key_section_10_2_5() -> None:
    """§10.2.5: the stat block lists its actions; an unknown key is an error."""
    defn = enemy()
    assert defn.action("serrated_blade").attack == parse_attack("STR 2+1")
    with pytest.raises(KeyError):
        defn.action("fly")


def test_stat_block_refuses_impossible_numbers_section_10_2_5() -> None:
    """§10.2.5: W and LVL at least 1, no negative AP, known extracts, unique action keys."""
    with pytest.raises(ValueError):
        enemy(wounds=0)
    with pytest.raises(ValueError):
        enemy(armour=-1)
    with pytest.raises(ValueError):
        enemy(extract="gold")
    blade = EnemyAction("blade", "Blade")
    with pytest.raises(ValueError):
        enemy(actions=(blade, blade))


def test_action_costs_at_least_one_section_10_2_5() -> None:
    """§10.2.5: an action costs 1 or more actions."""
    with pytest.raises(ValueError):
        EnemyAction("feast", "Feast", cost=0)


def test_living_tag_marks_enemies_that_bleed_section_10_2_5() -> None:
    """§10.2.5: only enemies tagged living bleed."""
    assert enemy().living
    assert not enemy(tags=frozenset({EnemyTag.UNDEAD})).living


def test_unknown_enemy_keys_are_skipped_with_a_note() -> None:
    """§10.2.1: only enemies with a stat block are placed; the rest are noted as staying away."""
    ctx = Context(ScriptedDice([]), world=_World())  # type: ignore[arg-type]
    assert [d.key for d in enemy_defs(ctx, ["rat", "dragon", "rat"])] == ["rat", "rat"]
    assert any(isinstance(e, Note) and "dragon" in e.text for e in ctx.events)


def test_a_special_is_keyed_by_its_name_in_lower_case_words() -> None:
    """§12: "Small and fast" and "Will to live!" are found by "small_and_fast" and "will_to_live"."""
    assert special_key("Small and fast") == "small_and_fast"
    assert special_key("Will to live!") == "will_to_live"
