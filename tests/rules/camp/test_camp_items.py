"""Tests for camp/camp_items.py: medicine, repair kits, rations and brews in camp (§7.3, §7.4, §10.3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.camp.camp_items import (
    ArmourRepaired,
    CampItemUsed,
    repair_armour,
    repairable,
    use_camp_item,
    verify_camp_item,
)
from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import ArmourType, Item
from expedition.rules.items.slots import TORSO
from expedition.session.catalog_world import default_world

ITEMS = default_world().items


def _with(member: Character, key: str, uid: int, *, worn: bool = True) -> Item:
    item = Item.new(uid, ITEMS[key])
    if worn:
        item.place = TORSO
    member.items.append(item)
    return item


def _use(user: Character, target: Character, item: Item, faces: list[int], *keys: str) -> Context:
    ctx = Context(ScriptedDice(faces))
    resolve(use_camp_item(ctx, user, target, item), answers(*keys))
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return ctx


def test_only_camp_items_with_a_camp_use_are_accepted() -> None:
    """§7.3, §10.3: setup items are used at setup; items with no camp use are refused with the reason."""
    ada = Character("ada", "Ada")
    supplies = _with(ada, "camping_supplies", 1)
    compass = _with(ada, "compass", 2)
    with pytest.raises(IllegalAction, match="used when the camp is set up"):
        verify_camp_item(ada, ada, supplies)
    with pytest.raises(IllegalAction, match="no use in camp"):
        verify_camp_item(ada, ada, compass)


def test_medicine_needs_a_wound_it_can_heal_or_someone_down() -> None:
    """§4.4, §7.4: a first aid kit heals only STR or DEX wounds; anyone down can be brought back."""
    ada, bo = Character("ada", "Ada"), Character("bo", "Bo")
    kit = _with(ada, "first_aid_kit", 1)
    bo[Attr.INT].wounds = 1
    with pytest.raises(IllegalAction, match="Bo has no wound the First aid kit can heal"):
        verify_camp_item(ada, bo, kit)
    bo.status = Status.FAINTED
    verify_camp_item(ada, bo, kit)
    ctx = _use(ada, bo, kit, [5])  # the kit's Ud6 holds
    assert bo.status is Status.ACTIVE and bo[Attr.INT].wounds == 1  # woken, not healed
    assert [(e.character, e.target) for e in ctx.events if isinstance(e, CampItemUsed)] == [("ada", "bo")]


def test_a_medical_supply_heals_a_wound_and_one_unit_is_used() -> None:
    """§4.4, §7.4: a medical supply heals a wound in any attribute; a pack of 2 loses one."""
    ada = Character("ada", "Ada")
    supply = _with(ada, "medical_supply", 1)
    ada[Attr.PRE].wounds = 1
    _use(ada, ada, supply, [])
    assert ada[Attr.PRE].wounds == 0 and supply.quantity == 1


def test_a_paranoid_user_shares_rations_but_nothing_else() -> None:
    """§4.5: Paranoid: no camp items for others, except rations."""
    ada, bo = Character("ada", "Ada"), Character("bo", "Bo")
    ada.traumas.add(Trauma.PARANOID)
    bo[Attr.STR].wounds = 1
    bo.afflictions.add(Affliction.HUNGRY)
    with pytest.raises(IllegalAction, match="paranoid"):
        verify_camp_item(ada, bo, _with(ada, "medical_supply", 1))
    ration = _with(ada, "ration", 2)
    _use(ada, bo, ration, [])
    assert Affliction.HUNGRY not in bo.afflictions and ration not in ada.items


@pytest.mark.parametrize(
    ("brew", "cured"),
    [("tea", Affliction.ANGRY), ("coffee", Affliction.SLEEPY), ("hot_chocolate", Affliction.ANGRY)],
)
def test_a_special_ration_is_brewed_to_choice(brew: str, cured: Affliction) -> None:
    """§10.3: tea or hot chocolate removes Angry, coffee Sleepy; each removes Parched but not Hungry."""
    ada = Character("ada", "Ada")
    ada.afflictions |= {Affliction.ANGRY, Affliction.SLEEPY, Affliction.PARCHED, Affliction.HUNGRY}
    _use(ada, ada, _with(ada, "special_ration", 1), [], brew)
    assert cured not in ada.afflictions and Affliction.PARCHED not in ada.afflictions
    assert Affliction.HUNGRY in ada.afflictions


def test_repair_kits_mend_only_the_armour_weights_they_know() -> None:
    """§4.2, §7.4: sewing tools mend light armour only, 1 AP a use; worn heavy armour is left alone."""
    ada = Character("ada", "Ada")
    gambeson, mail = _with(ada, "gambeson", 1), _with(ada, "chainmail", 2)
    gambeson.broken, mail.broken = [1], [2]
    assert repairable(ada, frozenset({ArmourType.LIGHT})) == [gambeson]
    tools = _with(ada, "sewing_tools", 3)
    ctx = _use(ada, ada, tools, [8])
    assert (gambeson.broken, mail.broken) == ([0], [2])
    assert [(e.item, e.points) for e in ctx.events if isinstance(e, ArmourRepaired)] == [(gambeson.uid, 1)]


@given(st.integers(0, 3), st.integers(0, 8))
def test_repair_never_mends_more_than_asked_or_broken(broken: int, points: int) -> None:
    """§4.2: repairing mends min(points, broken) armour points, never more."""
    ada = Character("ada", "Ada")
    mail = _with(ada, "chainmail", 1)
    mail.broken = [broken]
    repaired = repair_armour(Context(ScriptedDice([])), ada, points, rule="§4.2")
    assert repaired == min(points, broken) == broken - mail.broken[0]
