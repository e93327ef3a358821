"""Tests for rules/combat/beasts.py: animals, Animal Affinity, Beastmaster and the hound (§6.1, house)."""

from __future__ import annotations

from expedition.rules.combat.attack_odds import attack_odds
from expedition.rules.combat.attacking import AttackFoe
from expedition.rules.combat.beasts import HOUND, PET, PetJoined, is_animal
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.combat.fight_setup import start_combat
from expedition.rules.combat.fighting_skills import (
    fight_opens,
)
from expedition.rules.combat.moving_and_fleeing import CombatMove, move_routes
from expedition.rules.combat.parley import Parley, parley_offers, tame_terms
from expedition.rules.combat.strike import skill_advantage
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.lasting import has_lasting
from expedition.rules.core.skills import Skill
from expedition.rules.engine.combat_options import combat_options
from expedition.rules.magic.prayers.prayer_marks import hostile, on_our_side
from expedition.rules.magic.prayers.swarm import SwarmDrained, swarm_turn
from tests.rules.magic_helpers import WORLD, give, run
from tests.rules.maneuver_helpers import combat, fighter, foes
from tests.rules.skill_helpers import ANIMALS, asked

# --- Fearless ------------------------------------------------------------------------------------


def test_the_animal_tag_marks_the_living_beasts_section_6_1_house() -> None:
    """§6.1 (HOUSE tag): rats, vermin, leeches, frogs, crabs, the maneater and living spiders are animals."""
    tagged = {k for k, d in WORLD.catalog.enemies.items() if EnemyTag.ANIMAL in d.tags}
    assert tagged == ANIMALS
    for key in tagged:
        tags = WORLD.catalog.enemies[key].tags
        assert EnemyTag.LIVING in tags and not tags & {EnemyTag.GOBLIN, EnemyTag.HUMAN, EnemyTag.UNDEAD}


def test_beastmaster_has_advantage_attacking_animals_section_6_1() -> None:
    """§6.1 Beastmaster: advantage on attack tests against animals (a reroll turns [2,3] into a hit)."""
    state, wiz = fighter("")
    (leech,) = foes(state, "giant_leech", at=(2, 2))
    assert skill_advantage(state, wiz, leech) == 0
    run(state, AttackFoe(actor="wiz", target="foe1", weapon_uid=10), [2, 3])
    assert leech.wounds == 0
    state, wiz = fighter("")
    wiz.skills.add(Skill.BEASTMASTER)
    (leech,) = foes(state, "giant_leech", at=(2, 2))
    (goblin,) = foes(state, "goblin_scrapper", at=(2, 2))
    assert skill_advantage(state, wiz, goblin) == 0
    (leech,) = foes(state, "giant_leech", at=(2, 2))
    assert skill_advantage(state, wiz, leech) == 1
    before = attack_odds(state, "wiz", "foe1", 10).success
    run(state, AttackFoe(actor="wiz", target="foe1", weapon_uid=10), [2, 3, 5])
    assert leech.wounds == 2
    wiz.skills = {Skill.ANIMAL_AFFINITY}
    assert skill_advantage(state, wiz, leech) == 0 and attack_odds(state, "wiz", "foe1", 10).success < before


def test_animal_affinity_parleys_with_advantage_and_tames_small_beasts_section_6_1_house() -> None:
    """§6.1 Animal Affinity, house taming: food offered to an animal of LVL 3 or less, PRE at advantage."""
    state, wiz = fighter("")
    ration = give(wiz, "ration", 8)
    (rat,) = foes(state, "giant_rat", at=(3, 2))
    assert not parley_offers(state, "wiz") and tame_terms(wiz, rat) is None
    wiz.skills.add(Skill.ANIMAL_AFFINITY)
    (offer,) = parley_offers(state, "wiz")
    assert offer[0] == Parley(actor="wiz", target="foe1", offer=ration.uid)
    ctx = run(state, offer[0], [2, 3, 5])  # fails, then the advantage reroll makes it a success
    assert rat.fled and ration not in wiz.items
    assert ctx.dice.used == 3  # type: ignore[attr-defined]
    (crab,) = foes(state, "giant_crab", at=(3, 2))
    assert is_animal(crab) and tame_terms(wiz, crab) is None  # LVL 5: too big to feed off


def test_a_beastmasters_hound_joins_each_fight_on_the_party_side_section_6_1_house() -> None:
    """§6.1 Beastmaster's pet (house stats): a fresh hound at its master's side, on the party's side."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.BEASTMASTER)
    ctx = Context(ScriptedDice([]), world=WORLD)
    resolve(start_combat(ctx, state, [WORLD.catalog.enemies["giant_leech"]], ambush=True, room=0), answers())
    fight = combat(state)
    pet = fight.foe("foe2")
    assert pet.defn is HOUND and pet.defn.house and on_our_side(state, pet)
    assert [f.uid for f in hostile(state, fight)] == ["foe1"]
    assert abs(pet.pos[0] - fight.positions["wiz"][0]) + abs(pet.pos[1] - fight.positions["wiz"][1]) == 1
    assert any(isinstance(e, PetJoined) and e.character == "wiz" for e in ctx.events)
    assert has_lasting(state, pet.uid, PET)
    labels = [o.label for o in combat_options(state, "wiz")]
    assert not any("Hound" in label and "Attack" in label for label in labels)


def test_the_hound_bites_the_foe_its_master_names_section_6_1_house() -> None:
    """§6.1 (house): in the enemy phase the Beastmaster names the quarry; 1d6 of 4+ bites (the Swarm's AI)."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.BEASTMASTER)
    foes(state, "giant_leech", at=(5, 2))
    fight = combat(state)
    resolve(fight_opens(Context(ScriptedDice([])), state, fight), answers())
    pet = fight.foe("foe2")
    pet.pos = (4, 2)
    ctx, seen = Context(ScriptedDice([5, 2])), []
    resolve(swarm_turn(ctx, state, fight, pet), asked(seen))
    assert seen[0].kind == "swarm_target" and seen[0].owner == "wiz"
    bites = [e for e in ctx.events if isinstance(e, SwarmDrained)]
    assert [b.wounds for b in bites] == [1, 0] and fight.foe("foe1").wounds == 1


def test_the_hound_does_not_pin_its_master_section_6_1_house() -> None:
    """§10.2.2: leaving a tile next to an enemy stops a move, but not the tile next to one's own hound."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.BEASTMASTER)
    foes(state, "giant_leech", at=(8, 3))
    fight = combat(state)
    resolve(fight_opens(Context(ScriptedDice([])), state, fight), answers())
    fight.foe("foe2").pos = (2, 2)
    fight.positions["cle"] = (8, 1)
    assert (1, 3) in move_routes(state, fight, wiz) and (3, 3) in move_routes(state, fight, wiz)
    run(state, CombatMove(actor="wiz", to=(3, 3)), [])
    assert fight.positions["wiz"] == (3, 3)
