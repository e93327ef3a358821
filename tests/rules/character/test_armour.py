"""Tests for armour rolls and damage to enemies (§4.2, §7.6)."""

from __future__ import annotations

from expedition.rules.character.adventurer import Character
from expedition.rules.character.armour import (
    ArmourPointsBroken,
    ArmourResult,
    EnemyDamage,
    armour_defence,
    armour_roll,
    enemy_damage,
    roll_item,
)
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.item_defs import ArmourSlot, ArmourType, Item, ItemDef


def ctx(*faces: int) -> Context:
    return Context(ScriptedDice(faces))


def armour(key: str, *ap: int) -> Item:
    return Item.new(
        7,
        ItemDef(
            key, key.replace("_", " "), armour=ap, armour_type=ArmourType.MEDIUM, armour_slot=ArmourSlot.BODY
        ),
    )


def test_each_four_five_or_six_reduces_and_each_one_or_four_breaks() -> None:
    """§4.2: one die per AP; 4-6 reduce one wound each; 1 and 4 break one AP each."""
    assert armour_roll(ctx(1, 4, 5), "ana", 3) == ArmourResult(reduced=2, broken=2)
    assert armour_roll(ctx(2, 3), "ana", 2) == ArmourResult(reduced=0, broken=0)


def test_may_roll_fewer_dice_but_never_more_than_ap() -> None:
    """§4.2: the wearer may roll fewer armour dice; never more than the working AP."""
    x = ctx(6, 6)
    assert armour_roll(x, "ana", 3, dice=1) == ArmourResult(1, 0)
    assert armour_roll(x, "ana", 1, dice=5) == ArmourResult(1, 0)
    assert armour_roll(ctx(), "ana", 2, dice=0) == ArmourResult(0, 0)


def test_padded_armour_breaks_only_on_ones() -> None:
    """§7.6: a rolled 4 does not damage padded armour; only 1s do."""
    assert armour_roll(ctx(4, 1), "ana", 2, padded=True) == ArmourResult(reduced=1, broken=1)


def test_soldier_helmet_breaks_exactly_one_ap_per_use() -> None:
    """§7.6: each use of a soldier helmet breaks exactly 1 AP."""
    assert armour_roll(ctx(6, 6), "ana", 2, soldier_helmet=True) == ArmourResult(2, 1)
    assert armour_roll(ctx(1, 4), "ana", 2, soldier_helmet=True) == ArmourResult(1, 1)


def test_rolling_an_item_breaks_its_part_and_recognises_specials() -> None:
    """§4.2, §7.6: breaking updates only the rolled part; padded armour is known by its key."""
    item = armour("gladiator_armor", 1, 1)
    x = ctx(4)
    assert roll_item(x, "ana", item, 1) == ArmourResult(1, 1)
    assert item.broken == [0, 1]
    assert x.events[-1] == ArmourPointsBroken(rule="§4.2", who="ana", item=7, part=1, points=1, working=0)
    padded = armour("padded_armor", 2)
    roll_item(ctx(4, 4), "ana", padded)
    assert padded.broken == [0]


def test_broken_part_is_not_offered() -> None:
    """§4.2: a part with no working AP cannot roll; the default is the part with most AP."""
    item = armour("gothic_plate_armor", 2, 3)
    item.broken = [2, 0]
    asked: list[Decision] = []

    def answer(decision: Decision) -> str:
        asked.append(decision)
        return decision.default

    reduced = resolve(armour_defence(ctx(5, 5, 2), Character(id="ana", name="Ana"), (item,), 3), answer)
    assert reduced == 2
    assert asked[0].keys == ("none", "7:1") and asked[0].default == "7:1"
    assert asked[1].keys == ("1", "2", "3")


def test_no_working_armour_asks_nothing() -> None:
    """§4.2: with nothing to roll there is no armour decision."""
    item = armour("leather_armor", 1)
    item.broken = [1]
    assert resolve_default(armour_defence(ctx(), Character(id="ana", name="Ana"), (item,), 2)) == 0


def test_choose_one_piece_when_several_are_worn() -> None:
    """§4.2: only one worn piece defends against an attack; the player picks which."""
    body, helmet = armour("leather_armor", 1), Item.new(8, ItemDef("cage_helmet", "Cage helmet", armour=(1,)))
    reduced = resolve(
        armour_defence(ctx(6), Character(id="ana", name="Ana"), (body, helmet), 2), answers("8:0")
    )
    assert reduced == 1 and helmet.broken == [0] and body.broken == [0]


def test_enemy_armour_then_resistance() -> None:
    """§4.2: enemy damage is reduced by armour, then by flat resistance, never below 0."""
    assert enemy_damage(ctx(5, 1), 4, ap=2, resist=1) == EnemyDamage(wounds=2, broken=1)
    assert enemy_damage(ctx(6), 1, ap=1, resist=2) == EnemyDamage(wounds=0, broken=0)


def test_enemy_piercing_skips_armour_and_r_skips_resistance() -> None:
    """§2.1 P and R: P rolls no armour; R ignores resistance."""
    assert enemy_damage(ctx(), 3, ap=2, resist=1, pierce=True) == EnemyDamage(2, 0)
    assert enemy_damage(ctx(2), 3, ap=1, resist=1, unreducible=True) == EnemyDamage(3, 0)


def test_cold_blood_cancels_enemy_resistance() -> None:
    """§4.2, §6.2: Cold blood makes the enemy's resistance not apply."""
    assert enemy_damage(ctx(), 3, resist=2, cold_blood=True) == EnemyDamage(3, 0)
    assert enemy_damage(ctx(), 3, resist=2) == EnemyDamage(1, 0)
