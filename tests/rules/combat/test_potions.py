"""Tests for rules/combat/potions.py: potions, tonics and living ashes when used (§7.4, §11.1)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.potions import (
    BRAVERY,
    Quickened,
    ashes_wound,
    blast_tile,
    bravery,
    giants,
    mercurial,
    mercurial_actions,
    mercurial_turn_ends,
    purging,
    rub_ashes,
    verify_bravery,
    verify_giants,
    verify_living_ashes,
    verify_mercurial,
    verify_purging,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import end_lasting, lasting_on
from tests.rules.magic_helpers import WORLD, fight, give, make_state


def _ctx(*faces: int) -> Context:
    """A context on scripted dice with the shipped world."""
    return Context(ScriptedDice(list(faces)), world=WORLD)


def test_a_potion_of_giants_mends_all_str_and_rolls_its_die() -> None:
    """§11.1: every STR wound and all STR fatigue go, its Ud4 is rolled; nothing to mend is refused."""
    state = make_state()
    wiz = state.character("wiz")
    potion = give(wiz, "potion_of_giants", 10)
    with pytest.raises(IllegalAction, match="no STR wound or fatigue"):
        verify_giants(state, wiz, potion, "")
    wiz[Attr.STR].wounds, wiz[Attr.STR].fatigue = 2, 1
    ctx = _ctx(1)  # a 1 on the Ud4 spends it
    resolve_default(giants(ctx, state, wiz, potion, ""))
    assert (wiz[Attr.STR].wounds, wiz[Attr.STR].fatigue) == (0, 0) and potion not in wiz.items


def test_purging_hot_water_trades_two_str_wounds_for_one_pre_wound() -> None:
    """§11.1, §16 #8: heals 2 STR wounds and deals 1 PRE wound; needs a STR wound to heal."""
    state = make_state()
    wiz = state.character("wiz")
    water = give(wiz, "purging_hot_water", 10)
    with pytest.raises(IllegalAction, match="no STR wound"):
        verify_purging(state, wiz, water, "")
    wiz[Attr.STR].wounds = 1
    resolve_default(purging(_ctx(4), state, wiz, water, ""))
    assert (wiz[Attr.STR].wounds, wiz[Attr.PRE].wounds) == (0, 1)


def test_bravery_marks_the_drinker_once_and_the_mark_goes_with_the_effect() -> None:
    """§11.1: no Terrified for the expedition; (house) not twice, and the marker ends with the effect."""
    state = make_state()
    wiz = state.character("wiz")
    tonic = give(wiz, "tonic_of_bravery", 10)
    wiz.afflictions.add(Affliction.TERRIFIED)
    ctx = _ctx()
    resolve_default(bravery(ctx, state, wiz, tonic, ""))
    assert BRAVERY in wiz.magic.effects and Affliction.TERRIFIED not in wiz.afflictions
    with pytest.raises(IllegalAction, match="already made brave"):
        verify_bravery(state, wiz, give(wiz, "tonic_of_bravery", 11), "")
    (effect,) = lasting_on(state, "wiz", BRAVERY)
    end_lasting(ctx, state, effect, "expedition over", rule="§11.1")
    assert BRAVERY not in wiz.magic.effects


@pytest.mark.parametrize(("face", "lasts"), [(3, True), (2, False)])
def test_the_mercurial_tonic_adds_an_action_until_its_d4_is_spent(face: int, lasts: bool) -> None:
    """§10.2.1, §11.1: +1 action now and each turn; its Ud4 at each turn's end, a 1 or 2 spends it."""
    state = make_state()
    fight(state, "plagued_rat")
    assert state.expedition is not None and state.expedition.combat is not None
    combat = state.expedition.combat
    wiz = state.character("wiz")
    combat.actions_left = 1
    tonic = give(wiz, "mercurial_tonic", 10)
    ctx = _ctx()
    resolve_default(mercurial(ctx, state, wiz, tonic, ""))
    assert combat.actions_left == 2 and mercurial_actions(state, "wiz") == 1
    assert [e.actions for e in ctx.events if isinstance(e, Quickened)] == [2]
    with pytest.raises(IllegalAction, match="already quickened"):
        verify_mercurial(state, wiz, give(wiz, "mercurial_tonic", 11), "")
    mercurial_turn_ends(_ctx(face), state, "wiz")
    assert mercurial_actions(state, "wiz") == int(lasts)
    assert mercurial_actions(state, "cle") == 0


def test_living_ashes_go_on_a_chosen_weapon_once() -> None:
    """§7.4: a wielded weapon rubbed with ashes deals +1 wound; the same weapon is not rubbed twice."""
    state = make_state()
    wiz = state.character("wiz")
    dagger, club = give(wiz, "dagger", 10), give(wiz, "dagger", 11)
    for weapon in (dagger, club):
        weapon.place, weapon.wielded = "right_hand", True
    ashes = give(wiz, "living_ashes", 12)
    resolve_default(rub_ashes(_ctx(4), state, wiz, ashes, str(club.uid)))
    assert (ashes_wound(state, wiz, dagger), ashes_wound(state, wiz, club)) == (0, 1)
    with pytest.raises(IllegalAction, match="without living ashes"):
        verify_living_ashes(state, wiz, ashes, str(club.uid))
    verify_living_ashes(state, wiz, ashes, "")  # the dagger is still fresh


def test_the_blast_tile_is_a_foe_or_a_nearby_tile_in_sight() -> None:
    """§11.1, §16 #3: thrown at a foe's tile or at "x,y" within Nearby (6 tiles) and in sight."""
    state = make_state()
    (rat,) = fight(state, "plagued_rat")
    wiz = state.character("wiz")
    assert blast_tile(state, wiz, rat.uid) == rat.pos
    assert blast_tile(state, wiz, "2,3") == (2, 3)
    with pytest.raises(IllegalAction, match="at a foe or a tile"):
        blast_tile(state, wiz, "over there")
    with pytest.raises(IllegalAction, match="Nearby"):
        blast_tile(state, wiz, "8,3")  # 8 tiles from the wizard at (1, 2)
