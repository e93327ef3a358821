"""Tests for rules/combat/slippery.py: Slippery spends dodge tokens to slip out of an attack (§6.1, house)."""

from __future__ import annotations

from expedition.rules.combat.combat_events import Attacked, CombatMoved
from expedition.rules.combat.combat_harm import defend
from expedition.rules.combat.slippery import STAY, SlippedAway
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.skills import Skill
from tests.rules.maneuver_helpers import combat, fighter, foes
from tests.rules.skill_helpers import KNIFE, asked, attacked

# --- Fearless ------------------------------------------------------------------------------------


def test_slippery_spends_dodge_tokens_to_slip_out_of_reach_and_the_attack_is_lost_house() -> None:
    """§6.1 Slippery, HOUSE reading: asked before the attack; 1 token a tile; out of reach, it is lost."""
    state, wiz = fighter("")
    wiz.skills.add(Skill.SLIPPERY)
    wiz.tokens.dodge = 2
    (foe,) = foes(state, "goblin_scrapper", at=(2, 2))
    ctx, seen = Context(ScriptedDice([])), []
    pick = asked(seen, "slip:1,3")
    hit = resolve(defend(ctx, state, combat(state), foe, "Knife in the gut", KNIFE, wiz), pick)
    (question,) = seen
    assert question.kind == "slippery" and question.owner == "wiz" and question.default == STAY
    assert question.choices[1].key == "slip:1,3"  # out of reach, fewest tokens first
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
    hit = resolve(defend(ctx, state, combat(state), foe, "Knife in the gut", KNIFE, wiz), asked(seen))
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
    attacked(state, foe, "Bite", KNIFE, asked(seen))
    assert [d.kind for d in seen][:1] == ["defend"] and "slippery" not in [d.kind for d in seen]  # no skill
    wiz.skills.add(Skill.SLIPPERY)
    seen.clear()
    area = parse_attack("STR 2")  # Death dealer hits everyone Close, diagonals too: 2 tiles cannot escape it
    attacked(state, foe, "Death dealer", area, asked(seen))
    assert "slippery" not in [d.kind for d in seen] and seen[0].kind == "defend"
    wiz.tokens.dodge = 0
    seen.clear()
    attacked(state, foe, "Bite", KNIFE, asked(seen))
    assert [d.kind for d in seen] == ["defend"]  # no token left: nothing to slip with, nothing to reroll
