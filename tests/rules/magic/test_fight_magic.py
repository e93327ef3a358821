"""Tests for rules/magic/fight_magic.py: the fight side of spells, prayers and maneuvers (§10.2.2, §11.1)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.combat_state import combat_of
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.reach import CLOSE
from expedition.rules.magic.fight_magic import (
    check_reach,
    fight_ends,
    foe,
    foes_in_reach,
    position,
    stun_foe,
    turn_begins,
)
from expedition.rules.magic.magic_effects import NEARBY
from tests.rules.magic_helpers import fight, make_state


def wizard(*spells: str):  # type: ignore[no-untyped-def]
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.known_spells = list(spells)
    wiz.magic.memorised_spells = list(spells)
    return state, wiz


def test_magic_shield_gives_a_shield_token_as_each_turn_begins_until_the_fight_ends() -> None:
    """§11.1 Magic Shield: +1 shield token at the start of each of the wizard's turns, up to 5."""
    state, wiz = wizard()
    wiz.magic.effects.append("magic_shield")
    ctx = Context(ScriptedDice([]))
    turn_begins(ctx, wiz)
    assert wiz.tokens.shield == 1
    wiz.tokens.shield = 5
    turn_begins(ctx, wiz)
    assert wiz.tokens.shield == 5
    fight_ends(state)
    assert wiz.magic.effects == []


def test_reach_is_measured_on_the_fight_map_and_the_same_tile_counts() -> None:
    """§10.2.2, §16 #2, #3: Close is 1 tile orthogonally; Nearby 6; sharing a tile always reaches."""
    state, _ = wizard()
    near, far = fight(state, "giant_rat", "giant_rat")
    near.pos, far.pos = (2, 2), (8, 2)
    check_reach(state, "wiz", near.uid, CLOSE)
    with pytest.raises(IllegalAction, match="7 tiles away"):
        check_reach(state, "wiz", far.uid, NEARBY)
    far.pos = (1, 2)
    check_reach(state, "wiz", far.uid, CLOSE)
    far.pos = (7, 2)
    assert [f.uid for f in foes_in_reach(state, "wiz", NEARBY)] == [near.uid, far.uid]
    assert [f.uid for f in foes_in_reach(state, "wiz", CLOSE)] == [near.uid]


def test_a_foe_target_must_be_conscious_and_an_absent_one_has_no_position() -> None:
    """§10.2.2: a dropped foe cannot be targeted, and a fled adventurer is not on the map."""
    state, _ = wizard()
    (rat,) = fight(state, "giant_rat")
    rat.pos = (2, 2)
    assert foe(state, "wiz", rat.uid, CLOSE) is rat
    rat.out = True
    with pytest.raises(IllegalAction, match="still in the fight"):
        foe(state, "wiz", rat.uid, CLOSE)
    with pytest.raises(IllegalAction, match="not on the fight"):
        position(state, rat.uid)
    combat_of(state).fled.add("cle")
    with pytest.raises(IllegalAction, match="not on the fight"):
        position(state, "cle")


def test_stun_foe_adds_tokens_and_ignores_nothing_to_add() -> None:
    """§11.1 Pain: stun tokens less resistance; none left to give means no change and no report."""
    state, _ = wizard()
    (rat,) = fight(state, "giant_rat")
    ctx = Context(ScriptedDice([]))
    stun_foe(ctx, rat, 0, "Pain", "§11.1")
    stun_foe(ctx, rat, -1, "Pain", "§11.1")
    assert rat.tokens.stun == 0 and ctx.events == []
    stun_foe(ctx, rat, 2, "Pain", "§11.1")
    assert rat.tokens.stun == 2 and len(ctx.events) == 1


def test_the_end_of_a_fight_keeps_only_lasting_marks_and_resets_once_per_fight_uses() -> None:
    """§11.1 "for this combat", §5.7 once per battle: fight effects end; prayer, item, mishap marks stay."""
    state, wiz = wizard()
    wiz.magic.effects[:] = ["magic_shield", "prayer:euphoria", "item:x", "mishap:y", "telekinesis"]
    wiz.magic.spent[:] = ["roar", "outsmart"]
    fight_ends(state)
    assert wiz.magic.effects == ["prayer:euphoria", "item:x", "mishap:y"] and wiz.magic.spent == []
