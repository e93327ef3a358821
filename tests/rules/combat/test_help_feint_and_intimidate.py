"""Tests for rules/combat/help_feint_and_intimidate.py: `Help`, `Feint` and `Intimidate` (§3.5, §6.1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from expedition.rules.combat.combat_actions import GUARDS
from expedition.rules.combat.combat_events import Attacked
from expedition.rules.combat.combat_state import Foe
from expedition.rules.combat.help_feint_and_intimidate import Feint, Help, Intimidate
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.skills import Skill
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from tests.rules.combat.test_fights import combat_of, fight, make_state, place, rat, run


def _fight(*names: str) -> CampaignState:
    state = make_state(*names)
    fight(state, [], ambush=True)
    place(state, (9, 6))
    return state


def test_help_needs_an_ally_on_or_next_to_the_helper_who_is_not_sleepy() -> None:
    """§10.2.2, §3.5: help an ally within 1 tile; Sleepy characters cannot help."""
    state = _fight("wren", "ash")
    combat, wren = combat_of(state), state.party[0]
    combat.positions.update({"wren": (2, 3), "ash": (5, 3)})
    with pytest.raises(IllegalAction, match="next to"):
        GUARDS[Help](state, Help(actor="wren", ally="ash"))
    combat.positions["ash"] = (3, 3)
    GUARDS[Help](state, Help(actor="wren", ally="ash"))
    with pytest.raises(IllegalAction):
        GUARDS[Help](state, Help(actor="wren", ally="wren"))
    wren.afflictions.add(Affliction.SLEEPY)
    with pytest.raises(IllegalAction, match="Sleepy"):
        GUARDS[Help](state, Help(actor="wren", ally="ash"))


def test_intimidate_needs_the_skill_and_works_once_a_fight() -> None:
    """§6.1, §10.2.2: Intimidate needs the skill and is used once per combat."""
    state = _fight()
    with pytest.raises(IllegalAction, match="skill"):
        GUARDS[Intimidate](state, Intimidate(actor="wren"))
    state.party[0].skills.add(Skill.INTIMIDATE)
    GUARDS[Intimidate](state, Intimidate(actor="wren"))
    combat_of(state).intimidated.add("wren")
    with pytest.raises(IllegalAction, match="already"):
        verify(state, Intimidate(actor="wren"))


def test_a_feint_strips_every_token_from_a_close_foe() -> None:
    """§6.1 (Duelist), §10.2.4: a feint removes the foe's shield and dodge tokens."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    foe.tokens.shield, foe.tokens.dodge = 2, 1
    state.party[0].skills.add(Skill.DUELIST)
    run(state, Feint(actor="wren", target=foe.uid), [])
    assert (foe.tokens.shield, foe.tokens.dodge) == (0, 0) and not foe.feinted


def test_intimidate_wounds_every_nearby_foe_not_immune_to_pre() -> None:
    """§6.1, §12.5: a PRE 1N attack on every Nearby foe; those immune to PRE are untouched."""
    state = make_state()
    fight(state, [], ambush=True)
    combat = combat_of(state)
    bold = place(state, (5, 3))
    bold.defn = rat(wounds=5)
    undead = Foe(uid="foe2", key="husk", defn=replace(rat(wounds=5), immune_to_pre=True), pos=(6, 4))
    combat.foes.append(undead)
    state.party[0].skills.add(Skill.INTIMIDATE)
    ctx = run(state, Intimidate(actor="wren"), [5, 2])
    assert bold.wounds == 1 and undead.wounds == 0 and "wren" in combat.intimidated
    assert [e.defender for e in ctx.events if isinstance(e, Attacked) and e.attack == "Intimidate"] == [
        bold.uid
    ]


def test_help_puts_the_helpers_die_on_the_allys_next_turn() -> None:
    """§10.2.2, §3.5: Help (2 actions) marks the ally as helped by the helper."""
    state = make_state("wren", "ash")
    fight(state, [], ambush=True)
    place(state, (9, 6))
    combat = combat_of(state)
    combat.positions.update({"wren": (2, 3), "ash": (3, 3)})
    run(state, Help(actor="wren", ally="ash"), [])
    assert combat.helped == {"ash": "wren"} and "wren" in combat.done
