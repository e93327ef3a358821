"""Tests for rules/combat/defending.py: `Defend` and `Dodge`: shield and dodge tokens (§10.2.2)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.combat_actions import GUARDS
from expedition.rules.combat.combat_events import TokensChanged
from expedition.rules.combat.defending import Defend, Dodge
from expedition.rules.combat.rounds import cleanup
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.items import handling, slots
from tests.rules.combat.test_fights import SHIELD, combat_of, fight, make_state, place, run


def _fight(*names: str) -> CampaignState:
    state = make_state(*names)
    fight(state, [], ambush=True)
    place(state, (9, 6))
    return state


def test_defend_needs_a_held_shield_and_stops_at_five_tokens() -> None:
    """§10.2.2: Defend needs a shield; the cap is 5 shield tokens."""
    state = _fight()
    wren = state.party[0]
    with pytest.raises(IllegalAction, match="no shield"):
        GUARDS[Defend](state, Defend(actor="wren"))
    handling.wield(Context(ScriptedDice([])), wren, Item.new(9, SHIELD), slots.LEFT_HAND)
    GUARDS[Defend](state, Defend(actor="wren"))
    wren.tokens.shield = 5
    with pytest.raises(IllegalAction, match="5 shield"):
        GUARDS[Defend](state, Defend(actor="wren"))


def test_defend_gives_shield_tokens_capped_at_five_and_cleanup_keeps_them_but_drops_dodge() -> None:
    """§10.2.2, §10.2.4: Defend adds the shield's tokens (max 5); cleanup removes dodge, keeps shield."""
    state = make_state()
    wren = state.party[0]
    ctx = Context(ScriptedDice([]))
    handling.wield(ctx, wren, Item.new(9, SHIELD), slots.LEFT_HAND)
    fight(state, [], ambush=True)
    wren.tokens.shield = 4
    place(state, (8, 5))
    run(state, Defend(actor="wren"), [])
    assert wren.tokens.shield == 5
    wren.tokens.dodge = 2
    cleanup(ctx, state, combat_of(state))
    assert wren.tokens.shield == 5 and wren.tokens.dodge == 0


def test_dodge_is_refused_with_a_no_dodge_shield_and_gives_two_or_three_tokens() -> None:
    """§10.2.2: Dodge costs 2 actions, a DEX test: 2 tokens, 3 on a great success."""
    state = make_state()
    wren = state.party[0]
    fight(state, [], ambush=True)
    place(state, (9, 5))
    ctx = run(state, Dodge(actor="wren"), [6, 6])
    gained = [e for e in ctx.events if isinstance(e, TokensChanged) and e.why == "dodge"]
    assert gained and gained[0].dodge == 3 and wren.tokens.dodge == 0  # gone again at cleanup
    shielded = make_state()
    handling.wield(Context(ScriptedDice([])), shielded.party[0], Item.new(9, SHIELD), slots.LEFT_HAND)
    fight(shielded, [], ambush=True)
    try:
        verify(shielded, Dodge(actor="wren"))
        raise AssertionError("dodged with a metal shield")
    except IllegalAction:
        pass
