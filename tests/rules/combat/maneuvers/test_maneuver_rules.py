"""Maneuvers (§5.7.1, §5.7.2, §10.2.2): known maneuvers in a fight, costs and effects, or a reason."""

from __future__ import annotations

import re

import pytest

from expedition.rules.combat.maneuvers.maneuver_rules import MANEUVER_EFFECTS, MISSING, UseManeuver
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.dispatch import verify
from tests.rules.magic_helpers import WORLD, fight, make_state, run


def fighter(*keys: str):  # type: ignore[no-untyped-def]
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.maneuvers = list(keys)
    return state, wiz


def test_a_maneuver_must_be_known_and_used_in_a_fight() -> None:
    """§5.7: only learned maneuvers, only in combat."""
    state, _ = fighter("quick_thinking")
    with pytest.raises(IllegalAction):
        verify(state, UseManeuver(actor="wiz", maneuver="quick_thinking"))
    fight(state, "gremlin")
    verify(state, UseManeuver(actor="wiz", maneuver="quick_thinking"))
    with pytest.raises(IllegalAction, match="not learned"):
        verify(state, UseManeuver(actor="wiz", maneuver="roar"))


def test_quick_thinking_gives_a_dodge_token_on_a_success() -> None:
    """§5.7.2 Quick thinking: a PRE or INT test, success: 1 dodge token; 1 action."""
    state, wiz = fighter("quick_thinking")
    fight(state, "gremlin")
    run(state, UseManeuver(actor="wiz", maneuver="quick_thinking"), [5, 5], "INT")
    assert wiz.tokens.dodge == 1
    assert state.expedition is not None and state.expedition.combat is not None
    assert state.expedition.combat.actions_left == 1


def test_roar_stuns_living_enemies_nearby_once_per_fight() -> None:
    """§5.7.1 Roar: a PRE test per living enemy Nearby; each success, a stun token; once per fight."""
    state, _ = fighter("roar")
    living = next(k for k, d in WORLD.catalog.enemies.items() if d.living and not d.immune_to_pre)
    (foe,) = fight(state, living)
    run(state, UseManeuver(actor="wiz", maneuver="roar"), [5, 5])
    assert foe.tokens.stun == 1
    with pytest.raises(IllegalAction):
        verify(state, UseManeuver(actor="wiz", maneuver="roar"))


def test_moving_shadows_trades_a_dodge_token_for_an_action() -> None:
    """§5.7.2 Moving Shadows (house: costs no action)."""
    state, wiz = fighter("moving_shadows")
    fight(state, "gremlin")
    wiz.tokens.dodge = 1
    run(state, UseManeuver(actor="wiz", maneuver="moving_shadows"), [])
    assert wiz.tokens.dodge == 0
    assert state.expedition is not None and state.expedition.combat is not None
    assert state.expedition.combat.actions_left == 3


@pytest.mark.parametrize("key", sorted(WORLD.maneuvers))
def test_every_maneuver_has_an_effect_or_a_reason_to_refuse(key: str) -> None:
    """§5.7: no silent no-ops: each maneuver has rules (with the content's cost) or is refused with why."""
    assert (key in MANEUVER_EFFECTS) != (key in MISSING)
    if key in MANEUVER_EFFECTS:
        assert MANEUVER_EFFECTS[key].actions == WORLD.maneuvers[key].actions
        return
    state, _ = fighter(key)
    fight(state, "gremlin")
    with pytest.raises(IllegalAction, match=re.escape(MISSING[key])):
        verify(state, UseManeuver(actor="wiz", maneuver=key))


def test_no_maneuver_is_missing_any_more() -> None:
    """§5.7: every maneuver of the seven backgrounds has an effect."""
    assert MISSING == {}
    assert set(WORLD.maneuvers) <= set(MANEUVER_EFFECTS)
