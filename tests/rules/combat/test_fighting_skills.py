"""Tests for combat/fighting_skills.py:

Fearless, Stalker, attack advantages, Cursed and ghosts (§6.1, §4.6).
"""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.character.recovery import WoundHealed
from expedition.rules.combat.attack_odds import attack_odds
from expedition.rules.combat.attacking import AttackFoe
from expedition.rules.combat.combat_events import Attacked, CombatStarted
from expedition.rules.combat.fight_setup import start_combat
from expedition.rules.combat.fighting_skills import (
    FEARLESS,
    FearlessHeal,
    FightSkillUsed,
    GhostsSeen,
    fight_opens,
    verify_fearless,
)
from expedition.rules.combat.strike import skill_advantage
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import DiceRolled, Note
from expedition.rules.core.lasting import Span, end_spans, lasting_on
from expedition.rules.core.skills import Skill
from expedition.rules.engine.combat_options import combat_options
from expedition.rules.engine.dispatch import verify
from tests.rules.magic_helpers import WORLD, run
from tests.rules.maneuver_helpers import combat, fighter, foes
from tests.rules.skill_helpers import asked

# --- Fearless ------------------------------------------------------------------------------------


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


# --- Stalker ------------------------------------------------------------------------------------


def test_stalker_strikes_an_unaware_foe_with_a_free_critical_before_round_1_section_6_1() -> None:
    """§6.1 Stalker, HOUSE §6.1 unaware: an ambush gives a free hit for BASE + CRIT (short sword: 3)."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.STALKER)
    ctx, seen = Context(ScriptedDice([]), world=WORLD), []
    leech = WORLD.catalog.enemies["giant_leech"]
    resolve(start_combat(ctx, state, [leech], ambush=True, room=0), asked(seen))
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
    resolve(fight_opens(Context(ScriptedDice([])), state, combat(state)), asked(seen))
    assert not seen and combat(state).foe("foe1").wounds == 0
    combat(state).ambush = True
    combat(state).foe("foe1").pos = (6, 3)
    ctx = Context(ScriptedDice([]))
    resolve(fight_opens(ctx, state, combat(state)), asked(seen))
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
    assert skill_advantage(state, wiz, worm) == 1
    assert attack_odds(state, "wiz", "foe1", 10).success > plain
    ctx = run(state, AttackFoe(actor="wiz", target="foe1", weapon_uid=10), [2, 3, 5])
    assert next(e for e in ctx.events if isinstance(e, Attacked)).hit
