"""Tests for rules/combat/enemies/targeting.py: enemies' own targeting preferences (HOUSE §3.1, §3.3)."""

from __future__ import annotations

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_harm import morale_test
from expedition.rules.combat.enemies.targeting import (
    caster,
    isolated,
    light_bearer,
    mothered,
    preferred,
    set_quarry,
)
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.skills import Trait
from tests.rules.combat.enemies.test_specials import _combat, setup
from tests.rules.magic_helpers import WORLD, give


def test_a_lesser_demon_goes_for_a_caster_then_a_light_bearer_before_the_nearer_adventurer() -> None:
    """HOUSE §3.3 Lesser Demon: casters (magic-user, divine mandate) first, then the light-bearer."""
    state, foes = setup("lesser_demon", at=(2, 1))  # next to the cleric, two tiles from the wizard
    wiz, cle = state.character("wiz"), state.character("cle")
    cle.traits.discard(Trait.DIVINE_MANDATE)
    assert preferred(state, _combat(state), foes[0], [wiz, cle]) == [wiz]
    wiz.traits.discard(Trait.MAGIC_USER)
    give(cle, "torch", 30).lit = True
    assert preferred(state, _combat(state), foes[0], [wiz, cle]) == [cle]


def test_a_swarm_of_insects_shuns_the_adventurer_holding_a_lit_light() -> None:
    """HOUSE §3.3 Swarm of Insects: it prefers adventurers without a lit light; with no choice, anyone."""
    state, foes = setup("swarm_of_insects", at=(2, 2))
    wiz, cle = state.character("wiz"), state.character("cle")
    give(wiz, "torch", 30).lit = True
    assert preferred(state, _combat(state), foes[0], [wiz, cle]) == [cle]
    assert preferred(state, _combat(state), foes[0], [wiz]) == [wiz]


def test_a_boggart_goes_for_whoever_stands_next_to_the_goblin_it_guards() -> None:
    """HOUSE §3.3 Boggart, Bodyguard: an adventurer next to a Hunter becomes its target."""
    state, foes = setup("boggart", "goblin_hunter", at=(2, 1))  # the boggart is next to the cleric
    foes[1].pos = (2, 2)  # the hunter is next to the wizard
    wiz, cle = state.character("wiz"), state.character("cle")
    assert preferred(state, _combat(state), foes[0], [wiz, cle]) == [wiz]


def test_while_the_matriarch_stands_goblins_skip_flee_tests_and_go_for_whoever_hurt_her() -> None:
    """HOUSE §3.3 Goblin Matriarch, "Mother!": no flee test for goblins; they target whoever hurt her most."""
    state, foes = setup("goblin_scrapper", "goblin_matriarch", at=(2, 2))
    combat = _combat(state)
    foes[1].hurt_by["cle"] = 1
    wiz, cle = state.character("wiz"), state.character("cle")
    assert preferred(state, combat, foes[0], [wiz, cle]) == [cle]
    ctx = Context(ScriptedDice([]), world=WORLD)
    assert not morale_test(ctx, foes[0], dice=1, reason="hurt", combat=combat)
    foes[1].out = True
    assert preferred(state, combat, foes[0], [wiz, cle]) == [wiz, cle]
    ctx = Context(ScriptedDice([1]), world=WORLD)
    assert morale_test(ctx, foes[0], dice=1, reason="hurt", combat=combat) and foes[0].fleeing


def test_casters_and_light_bearers_are_known_by_trait_and_lit_light() -> None:
    """HOUSE §3.1: a caster has the magic-user or divine-mandate trait; a light-bearer holds a lit light."""
    state, _ = setup("plagued_rat")
    wiz, cle = state.character("wiz"), state.character("cle")
    assert caster(wiz) and caster(cle)
    wiz.traits.discard(Trait.MAGIC_USER)
    assert not caster(wiz) and not light_bearer(wiz)
    torch = give(wiz, "torch", 30)
    assert not light_bearer(wiz)
    torch.lit = True
    assert light_bearer(wiz)


def test_a_quarry_set_this_round_overrides_every_other_preference() -> None:
    """HOUSE §3.3: a foe that picked its quarry (the Ectoplasmic Worm's lone target) keeps it this round."""
    state, foes = setup("plagued_rat")
    wiz, cle = state.character("wiz"), state.character("cle")
    assert preferred(state, _combat(state), foes[0], [wiz, cle]) == [wiz, cle]  # a plain foe has no taste
    set_quarry(Context(ScriptedDice([]), world=WORLD), state, foes[0], cle, "HOUSE §3.3")
    assert preferred(state, _combat(state), foes[0], [wiz, cle]) == [cle]


def test_without_a_caster_or_light_a_demon_picks_the_isolated() -> None:
    """HOUSE §3.3 Lesser Demon: then the isolated adventurer (fewest others within 2 tiles)."""
    state, foes = setup("lesser_demon", at=(4, 3))
    combat = _combat(state)
    ftr = Character("ftr", "Ftr", owner="ann")
    state.party.append(ftr)
    combat.positions["ftr"] = (8, 3)
    people = [state.character("wiz"), state.character("cle"), ftr]
    for member in people:
        member.traits.clear()
    assert [isolated(combat, people, m) for m in people] == [1, 1, 0]
    assert preferred(state, combat, foes[0], people) == [ftr]


def test_only_goblins_other_than_the_matriarch_are_mothered() -> None:
    """HOUSE §3.3 "Mother!": goblins skip flee tests while she stands; she and non-goblins do not."""
    state, foes = setup("goblin_scrapper", "goblin_matriarch", "plagued_rat")
    combat = _combat(state)
    assert mothered(combat, foes[0]) and not mothered(combat, foes[1]) and not mothered(combat, foes[2])
    assert not mothered(None, foes[0])
    foes[1].fled = True
    assert not mothered(combat, foes[0])
    assert morale_test(Context(ScriptedDice([1])), foes[0], dice=1, reason="test", combat=combat)
