"""Tests for rules/camp/camp_sacrifices.py: teeth for Goshkalon, a prayer to Kaal Rafir at camp (§5.7.4)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.camp_sacrifices import (
    BurnTeeth,
    PrayForFavour,
    TeethBurned,
    burn_teeth,
    sacrifice_options,
    verify_burn_teeth,
    verify_prayer,
)
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.engine.dispatch import verify
from expedition.rules.magic.prayers.sacrifices import GodAppeased
from tests.rules.magic_helpers import WORLD, give
from tests.rules.prayer_helpers import angry, camp, camp_run


def test_burning_teeth_needs_a_camp_fire_and_teeth() -> None:
    """§5.7.4 Goshkalon: only in camp with a fire lit, and only with a handful of teeth."""
    state, cle = angry("goshkalon")
    camp(state, fire=False)
    give(cle, "human_teeth", 10)
    with pytest.raises(IllegalAction, match="fire"):
        verify(state, BurnTeeth(actor="cle"))
    state, cle = angry("goshkalon")
    camp(state)
    with pytest.raises(IllegalAction, match="no teeth"):
        verify(state, BurnTeeth(actor="cle"))
    give(cle, "human_teeth", 10)
    verify(state, BurnTeeth(actor="cle"))


def test_a_handful_that_does_not_trigger_leaves_the_god_angry_and_is_used_up() -> None:
    """§5.7.4 Goshkalon: 1d! per handful; no 1, no favour; a found handful burns away (house)."""
    state, cle = angry("goshkalon")
    site = camp(state)
    give(cle, "human_teeth", 10)
    ctx = camp_run(state, BurnTeeth(actor="cle"), [4])
    assert cle.magic.god_angry and site.pool == 2
    assert not [i for i in cle.items if i.defn.key == "human_teeth"]
    assert [e.pleased for e in ctx.events if isinstance(e, TeethBurned)] == [False]


def test_a_trigger_pleases_goshkalon_and_the_purse_rolls_its_usage_die() -> None:
    """§5.7.4 Goshkalon: a 1 on the 1d! pleases him; the kit's purse (Ud6, house) rolls its die each time."""
    state, cle = angry("goshkalon")
    camp(state)
    purse = give(cle, "human_teeth", 10)
    purse.usage = 6
    camp_run(state, BurnTeeth(actor="cle"), [3, 5])
    assert cle.magic.god_angry and purse.usage == 6
    ctx = camp_run(state, BurnTeeth(actor="cle"), [1, 2])
    assert not cle.magic.god_angry and purse.usage == 4 and purse in cle.items
    assert any(isinstance(e, GodAppeased) and e.rule == "§5.7.4" for e in ctx.events)
    with pytest.raises(IllegalAction, match="not angry"):
        verify(state, BurnTeeth(actor="cle"))


def test_loose_handfuls_burn_before_the_purse() -> None:
    """§5.7.4 (house): a found handful without a usage die goes first; the purse is kept."""
    state, cle = angry("goshkalon")
    camp(state)
    purse = give(cle, "human_teeth", 10)
    purse.usage = 6
    loose = give(cle, "human_teeth", 11)
    camp_run(state, BurnTeeth(actor="cle"), [6])
    assert loose not in cle.items and purse in cle.items and purse.usage == 6


def test_praying_to_kaal_rafir_needs_the_holy_symbol_and_a_camp_action() -> None:
    """§5.7.4, §11.2: the camp prayer needs the holy symbol and an action in the pool."""
    state, cle = angry("kaal_rafir")
    camp(state, pool=0)
    with pytest.raises(IllegalAction, match="camp action"):
        verify(state, PrayForFavour(actor="cle"))
    camp(state)
    cle.items.clear()
    with pytest.raises(IllegalAction, match="holy symbol"):
        verify(state, PrayForFavour(actor="cle"))


def test_sacrifice_options_only_for_an_angry_cleric_of_a_camp_god() -> None:
    """§5.7.4: Goshkalon's angry cleric may burn teeth, Kaal Rafir's pray; others, or calm gods, nothing."""
    state, cle = angry("goshkalon")
    assert [(type(a), label) for a, label in sacrifice_options(cle)] == [
        (BurnTeeth, "Burn teeth for Goshkalon")
    ]
    cle.magic.calling = "kaal_rafir"
    assert [type(a) for a, _ in sacrifice_options(cle)] == [PrayForFavour]
    cle.magic.calling = "akhzu"
    assert sacrifice_options(cle) == []
    cle.magic.calling, cle.magic.god_angry = "kaal_rafir", False
    assert sacrifice_options(cle) == []
    assert sacrifice_options(state.character("wiz")) == []


def test_the_guards_name_the_wrong_cleric_and_a_missing_actor() -> None:
    """§5.7.4: only the angry god's own cleric sacrifices; a nameless action is malformed."""
    state, _ = angry("goshkalon")
    camp(state)
    with pytest.raises(IllegalAction, match="Cle is no cleric of Kaal Rafir"):
        verify_prayer(state, PrayForFavour(actor="cle"))
    with pytest.raises(IllegalAction, match="Wiz is no cleric of Goshkalon"):
        verify_burn_teeth(state, BurnTeeth(actor="wiz"))
    with pytest.raises(InvalidAction):
        verify_burn_teeth(state, BurnTeeth())


def test_burn_teeth_pays_one_camp_action_and_rolls_one_die() -> None:
    """§5.7.4, §10.3: the verb takes 1 from the pool, rolls 1d! for the god and reports the face."""
    state, cle = angry("goshkalon")
    site = camp(state, pool=2)
    give(cle, "human_teeth", 10)
    ctx = Context(ScriptedDice([1]), world=WORLD)
    resolve_default(burn_teeth(ctx, state, BurnTeeth(actor="cle")))
    assert site.pool == 1 and not cle.magic.god_angry
    assert [(e.face, e.pleased, e.rule) for e in ctx.events if isinstance(e, TeethBurned)] == [
        (1, True, "§5.7.4")
    ]
    assert any(isinstance(e, GodAppeased) for e in ctx.events)
