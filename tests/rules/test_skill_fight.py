"""Tests for rules/skill_fight.py (with skill_slip.py, skill_beasts.py): skills in a fight (§6.1, §4.6)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from expedition.rules.campaign import CampaignState
from expedition.rules.character import Attr, Status
from expedition.rules.combat_actions import AttackFoe, CombatMove, move_routes
from expedition.rules.combat_harm import defend
from expedition.rules.combat_options import attack_odds, combat_options
from expedition.rules.combat_setup import start_combat
from expedition.rules.combat_state import Attacked, CombatMoved, CombatStarted, Foe
from expedition.rules.conditions import Affliction
from expedition.rules.context import Context
from expedition.rules.decisions import Decision, answers, resolve
from expedition.rules.dice import ScriptedDice, SeededDice
from expedition.rules.enemies import EnemyTag
from expedition.rules.errors import IllegalAction
from expedition.rules.events import DiceRolled, Note
from expedition.rules.lasting import Span, end_spans, has_lasting, lasting_on
from expedition.rules.notation import Attack, parse_attack
from expedition.rules.parley import Parley, parley_offers
from expedition.rules.prayer_marks import hostile, on_our_side
from expedition.rules.prayer_swarm import SwarmDrained, swarm_turn
from expedition.rules.recovery import WoundHealed
from expedition.rules.skill_beasts import HOUND, PET, PetJoined, is_animal, tame_terms
from expedition.rules.skill_fight import (
    FEARLESS,
    FearlessHeal,
    FightSkillUsed,
    GhostsSeen,
    fight_advantage,
    fight_opens,
    verify_fearless,
)
from expedition.rules.skill_slip import STAY, SlippedAway
from expedition.rules.skills import Skill
from expedition.rules.turns import verify
from tests.rules.magic_helpers import WORLD, give, run
from tests.rules.maneuver_helpers import combat, fighter, foes

KNIFE = parse_attack("STR 1B+1")
ANIMALS = {
    "plagued_rat",
    "rat_king",
    "giant_rat",
    "bloated_plague_rat",
    "swarm_of_insects",
    "rotworm_swarm",
    "giant_leech",
    "giant_frog",
    "giant_crab",
    "golden_ridge_maneater",
    "spiderling",
    "dire_spider",
    "giant_spider",
}


def _asked(seen: list[Decision], answer: str = "") -> Callable[[Decision], str]:
    def pick(d: Decision) -> str:
        seen.append(d)
        return answer if answer and answer in d.keys else d.default

    return pick


def _attacked(
    state: CampaignState, foe: Foe, name: str, attack: Attack, pick: Callable[[Decision], str]
) -> bool:
    """The foe attacks the wizard (combat_harm.defend) with dice 5, 2; True if it hit."""
    ctx = Context(ScriptedDice([5, 2]))
    return resolve(defend(ctx, state, combat(state), foe, name, attack, state.character("wiz")), pick)


# --- Fearless -----------------------------------------------------------------------------------


def test_fearless_heals_one_pre_wound_for_one_action_section_6_1() -> None:
    """§6.1 Fearless: offered with a PRE wound; 1 action (house cost) heals it and marks the fight."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.FEARLESS)
    wiz[Attr.PRE].wounds = 2
    foes(state, "goblin_scrapper", at=(5, 2))
    offered = [o for o in combat_options(state, "wiz") if isinstance(o.action, FearlessHeal)]
    assert len(offered) == 1 and offered[0].enabled and offered[0].cost == 1
    ctx = run(state, FearlessHeal(actor="wiz"), [])
    assert wiz[Attr.PRE].wounds == 1
    assert any(isinstance(e, WoundHealed) and e.attr is Attr.PRE for e in ctx.events)
    assert any(isinstance(e, FightSkillUsed) and e.skill == "fearless" for e in ctx.events)
    assert combat(state).active == "wiz" and combat(state).actions_left == 1


def test_fearless_is_once_per_fight_and_comes_back_next_fight_section_6_1() -> None:
    """§6.1: "once per combat": a second use is refused; the FIGHT mark ends with the fight."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.FEARLESS)
    wiz[Attr.PRE].wounds = 2
    foes(state, "goblin_scrapper", at=(5, 2))
    run(state, FearlessHeal(actor="wiz"), [])
    with pytest.raises(IllegalAction, match="already used Fearless"):
        verify(state, FearlessHeal(actor="wiz"))
    (mark,) = lasting_on(state, "wiz", FEARLESS)
    assert mark.span is Span.FIGHT
    end_spans(Context(ScriptedDice([])), state, (Span.ROUND, Span.FIGHT), "fight over", rule="§16 #25")
    foes(state, "goblin_scrapper", at=(5, 2))
    verify(state, FearlessHeal(actor="wiz"))


def test_fearless_is_refused_without_skill_wound_or_while_hungry_section_6_1_and_4_6() -> None:
    """§6.1/§4.6: no skill, no PRE wound, or Hungry (wounds do not heal) refuse it; Cursed does not."""
    state, wiz = fighter("")
    wiz[Attr.PRE].wounds = 1
    foes(state, "goblin_scrapper", at=(5, 2))
    assert not any(isinstance(o.action, FearlessHeal) for o in combat_options(state, "wiz"))
    with pytest.raises(IllegalAction, match="Fearless skill"):
        verify_fearless(state, FearlessHeal(actor="wiz"))
    wiz.skills.add(Skill.FEARLESS)
    wiz.afflictions.add(Affliction.HUNGRY)
    (option,) = [o for o in combat_options(state, "wiz") if isinstance(o.action, FearlessHeal)]
    assert not option.enabled and "Hungry" in option.reason
    wiz.afflictions = {Affliction.CURSED}  # healing by magic-like will, not by rest (§4.6)
    verify_fearless(state, FearlessHeal(actor="wiz"))
    wiz[Attr.PRE].wounds = 0
    with pytest.raises(IllegalAction, match="no PRE wound"):
        verify_fearless(state, FearlessHeal(actor="wiz"))


def test_fearless_needs_a_conscious_adventurer_section_6_1() -> None:
    """§6.1: a fainted adventurer cannot use it."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.FEARLESS)
    wiz[Attr.PRE].wounds = 1
    foes(state, "goblin_scrapper", at=(5, 2))
    wiz.status = Status.FAINTED
    with pytest.raises(IllegalAction):
        verify(state, FearlessHeal(actor="wiz"))


# --- Slippery -----------------------------------------------------------------------------------


def test_slippery_spends_dodge_tokens_to_slip_out_of_reach_and_the_attack_is_lost_house() -> None:
    """§6.1 Slippery, HOUSE reading: asked before the attack; 1 token a tile; out of reach, it is lost."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.SLIPPERY)
    wiz.tokens.dodge = 2
    (foe,) = foes(state, "goblin_scrapper", at=(2, 2))
    ctx, seen = Context(ScriptedDice([])), []
    pick = _asked(seen, "slip:1,3")
    hit = resolve(defend(ctx, state, combat(state), foe, "Knife in the gut", KNIFE, wiz), pick)
    (asked,) = seen
    assert asked.kind == "slippery" and asked.owner == "wiz" and asked.default == STAY
    assert asked.choices[1].key == "slip:1,3"  # out of reach, fewest tokens first
    assert not hit and combat(state).positions["wiz"] == (1, 3) and wiz.tokens.dodge == 1
    slipped = next(e for e in ctx.events if isinstance(e, SlippedAway))
    assert slipped.escaped and slipped.tiles == 1 and slipped.rule == "§6.1"
    assert any(isinstance(e, CombatMoved) and e.who == "wiz" for e in ctx.events)
    assert not any(isinstance(e, Attacked) for e in ctx.events)


def test_slippery_staying_keeps_the_tokens_for_the_defence_section_6_1() -> None:
    """§6.1/§10.2.3: answering "stay" (the default) defends as usual with the dodge tokens."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.SLIPPERY)
    wiz.tokens.dodge = 1
    (foe,) = foes(state, "goblin_scrapper", at=(2, 2))
    ctx, seen = Context(ScriptedDice([5, 2])), []
    hit = resolve(defend(ctx, state, combat(state), foe, "Knife in the gut", KNIFE, wiz), _asked(seen))
    assert [d.kind for d in seen][:2] == ["slippery", "defend"]
    assert any(key.startswith("dodge:") for d in seen[2:] for key in d.keys)  # the token may still reroll
    assert not hit and combat(state).positions["wiz"] == (1, 2) and wiz.tokens.dodge == 1
    assert not any(isinstance(e, SlippedAway) for e in ctx.events)


def test_slippery_is_not_asked_without_tokens_skill_or_a_way_out_section_6_1() -> None:
    """§6.1: no dodge token, no skill, or no tile out of the attack's reach: no question."""
    state, wiz = fighter("")
    wiz.tokens.dodge = 2
    (foe,) = foes(state, "hobgoblin", at=(2, 2))
    seen: list[Decision] = []
    _attacked(state, foe, "Bite", KNIFE, _asked(seen))
    assert [d.kind for d in seen][:1] == ["defend"] and "slippery" not in [d.kind for d in seen]  # no skill
    wiz.skills.add(Skill.SLIPPERY)
    seen.clear()
    area = parse_attack("STR 2")  # Death dealer hits everyone Close, diagonals too: 2 tiles cannot escape it
    _attacked(state, foe, "Death dealer", area, _asked(seen))
    assert "slippery" not in [d.kind for d in seen] and seen[0].kind == "defend"
    wiz.tokens.dodge = 0
    seen.clear()
    _attacked(state, foe, "Bite", KNIFE, _asked(seen))
    assert [d.kind for d in seen] == ["defend"]  # no token left: nothing to slip with, nothing to reroll


# --- Stalker ------------------------------------------------------------------------------------


def test_stalker_strikes_an_unaware_foe_with_a_free_critical_before_round_1_section_6_1() -> None:
    """§6.1 Stalker, HOUSE §6.1 unaware: an ambush gives a free hit for BASE + CRIT (short sword: 3)."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.STALKER)
    ctx, seen = Context(ScriptedDice([]), world=WORLD), []
    leech = WORLD.catalog.enemies["giant_leech"]
    resolve(start_combat(ctx, state, [leech], ambush=True, room=0), _asked(seen))
    assert [d.kind for d in seen] == ["stalker_target"] and seen[0].owner == "wiz"
    foe = combat(state).foe("foe1")
    assert foe.wounds == 3 and not foe.out  # W 3, AP 0, Res 0: 2+1 crit lands in full
    hit = next(e for e in ctx.events if isinstance(e, Attacked))
    assert hit.critical and hit.damage == 3 and hit.rule == "§6.1"
    assert any(isinstance(e, FightSkillUsed) and e.skill == "stalker" for e in ctx.events)
    assert ctx.dice.used == 0  # type: ignore[attr-defined]  # no attack test: it simply hits


def test_stalker_needs_an_ambush_and_a_foe_in_reach_section_6_1() -> None:
    """§6.1: no ambush, no free hit; in an ambush with nobody in reach, a note and no hit."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.STALKER)
    seen: list[Decision] = []
    foes(state, "giant_leech", at=(2, 2))
    resolve(fight_opens(Context(ScriptedDice([])), state, combat(state)), _asked(seen))
    assert not seen and combat(state).foe("foe1").wounds == 0
    combat(state).ambush = True
    combat(state).foe("foe1").pos = (6, 3)
    ctx = Context(ScriptedDice([]))
    resolve(fight_opens(ctx, state, combat(state)), _asked(seen))
    assert not seen and any(isinstance(e, Note) and "no foe" in e.text for e in ctx.events)


def test_stalker_cannot_hurt_a_shadow_with_a_blade_section_6_1_and_12_6() -> None:
    """§12.6: only spells and prayers harm the Shadow, so the free hit lands but does nothing."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.STALKER)
    foes(state, "shadow", at=(2, 2))
    combat(state).ambush = True
    ctx = Context(ScriptedDice([]))
    resolve(fight_opens(ctx, state, combat(state)), answers("foe1"))
    assert combat(state).foe("foe1").wounds == 0
    assert any(isinstance(e, Note) and "cannot harm" in e.text for e in ctx.events)


# --- animals, Animal Affinity, Beastmaster --------------------------------------------------------


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
    assert fight_advantage(state, wiz, leech) == 0
    run(state, AttackFoe(actor="wiz", target="foe1", weapon_uid=10), [2, 3])
    assert leech.wounds == 0
    state, wiz = fighter("")
    wiz.skills.add(Skill.BEASTMASTER)
    (leech,) = foes(state, "giant_leech", at=(2, 2))
    (goblin,) = foes(state, "goblin_scrapper", at=(2, 2))
    assert fight_advantage(state, wiz, goblin) == 0
    (leech,) = foes(state, "giant_leech", at=(2, 2))
    assert fight_advantage(state, wiz, leech) == 1
    before = attack_odds(state, "wiz", "foe1", 10).success
    run(state, AttackFoe(actor="wiz", target="foe1", weapon_uid=10), [2, 3, 5])
    assert leech.wounds == 2
    wiz.skills = {Skill.ANIMAL_AFFINITY}
    assert fight_advantage(state, wiz, leech) == 0 and attack_odds(state, "wiz", "foe1", 10).success < before


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
    resolve(swarm_turn(ctx, state, fight, pet), _asked(seen))
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


# --- Cursed: seeing ghosts ----------------------------------------------------------------------


def test_a_cursed_adventurer_foils_a_surprise_by_ghosts_section_4_6_house() -> None:
    """§4.6 Cursed "can see ghosts", HOUSE §3.3: ghosts alone cannot surprise the party; initiative rolls."""
    shadow = WORLD.catalog.enemies["shadow"]
    state, wiz = fighter("")
    ctx = Context(SeededDice(3), world=WORLD)
    resolve(start_combat(ctx, state, [shadow], surprised=True, room=0), lambda d: d.default)
    started = next(e for e in ctx.events if isinstance(e, CombatStarted))
    assert started.surprised and set(started.slow) == {"wiz", "cle"}
    state, wiz = fighter("")
    wiz.afflictions.add(Affliction.CURSED)
    ctx = Context(SeededDice(3), world=WORLD)
    resolve(start_combat(ctx, state, [shadow], surprised=True, room=0), lambda d: d.default)
    started = next(e for e in ctx.events if isinstance(e, CombatStarted))
    assert not started.surprised and started.rule == "§10.2.1"
    checks = [e for e in ctx.events[: ctx.events.index(started)] if isinstance(e, DiceRolled)]
    assert {e.who for e in checks} == {"wiz", "cle"}  # each made the DEX check of §10.2.1
    assert any(isinstance(e, GhostsSeen) and e.character == "wiz" for e in ctx.events)


def test_ghosts_with_living_company_still_surprise_section_4_6_house() -> None:
    """§4.6 (house): only a group of ghosts alone is seen coming; goblins with them still surprise."""
    state, wiz = fighter("")
    wiz.afflictions.add(Affliction.CURSED)
    group = [WORLD.catalog.enemies["shadow"], WORLD.catalog.enemies["goblin_scrapper"]]
    ctx = Context(SeededDice(3), world=WORLD)
    resolve(start_combat(ctx, state, group, surprised=True, room=0), lambda d: d.default)
    started = next(e for e in ctx.events if isinstance(e, CombatStarted))
    assert started.surprised and not any(isinstance(e, GhostsSeen) for e in ctx.events)


def test_a_cursed_adventurer_has_advantage_against_ghosts_section_4_6_house() -> None:
    """§4.6 (house): the Cursed see where a ghost really is: advantage on attack tests against it."""
    state, wiz = fighter("")
    (worm,) = foes(state, "ectoplasmic_worm", at=(2, 2))
    plain = attack_odds(state, "wiz", "foe1", 10).success
    wiz.afflictions.add(Affliction.CURSED)
    assert fight_advantage(state, wiz, worm) == 1
    assert attack_odds(state, "wiz", "foe1", 10).success > plain
    ctx = run(state, AttackFoe(actor="wiz", target="foe1", weapon_uid=10), [2, 3, 5])
    assert next(e for e in ctx.events if isinstance(e, Attacked)).hit
