"""Tests for magic/spells/spell_effects.py:

Pain, Machine spirit, Knock/Lock, Nether swap, Magic Shield (§11.1).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.magic.spells.spell_effects import parse_tile
from expedition.rules.magic.spells.spellcasting import CastSpell
from tests.rules.magic_helpers import WORLD, fight, make_state, run


def wizard(*spells: str):  # type: ignore[no-untyped-def]
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.known_spells = list(spells)
    wiz.magic.memorised_spells = list(spells)
    return state, wiz


def test_knock_lock_opens_a_locked_door_nearby() -> None:
    """§11.1 Knock/Lock: a seen door within 6 tiles opens."""
    state, _ = wizard("knock_lock")
    assert state.expedition is not None
    state.expedition.seen[1].add((5, 1))
    run(state, CastSpell(actor="wiz", spell="knock_lock", target="5,1"), [5, 5])
    assert state.expedition.level.doors[(5, 1)].state is DoorState.OPEN


def test_pain_gives_a_nearby_enemy_three_stun_tokens_less_its_resistance_for_two_actions() -> None:
    """§11.1 Pain, §10.2.2: 2 actions in a fight."""
    state, _ = wizard("pain")
    (foe,) = fight(state, "gremlin")
    run(state, CastSpell(actor="wiz", spell="pain", target="foe1"), [5, 5])
    assert foe.tokens.stun == 3 - foe.defn.resist
    assert state.expedition is not None and state.expedition.combat is not None
    assert "wiz" in state.expedition.combat.done


def test_magic_shield_and_nether_swap_work_in_a_fight() -> None:
    """§11.1: Magic Shield lasts the fight; Nether swap trades places with a Nearby creature."""
    state, wiz = wizard("magic_shield", "nether_swap")
    (foe,) = fight(state, "gremlin")
    run(state, CastSpell(actor="wiz", spell="magic_shield"), [5, 5])
    assert "magic_shield" in wiz.magic.effects
    run(state, CastSpell(actor="wiz", spell="nether_swap", target="foe1"), [5, 5])
    assert state.expedition is not None and state.expedition.combat is not None
    assert foe.pos == (1, 2) and state.expedition.combat.positions["wiz"] == (3, 2)


def test_machine_spirit_mends_broken_metal_armour() -> None:
    """§11.1 Machine spirit."""
    from tests.rules.magic_helpers import give

    state, wiz = wizard("machine_spirit")
    key = next(k for k, d in WORLD.items.items() if "metal" in d.tags and d.armour)
    armour = give(wiz, key, 9)
    armour.broken = [1 for _ in armour.broken] or [1]
    run(state, CastSpell(actor="wiz", spell="machine_spirit"), [5, 5])
    assert not any(armour.broken)


@given(st.integers(-99, 99), st.integers(-99, 99))
def test_a_spell_target_tile_is_written_x_comma_y(x: int, y: int) -> None:
    """§11.1 Knock/Lock: a tile target reads back as the tile it names."""
    assert parse_tile(f"{x},{y}") == (x, y)


def test_a_target_that_is_not_a_tile_is_malformed() -> None:
    """§11.1: a door target must be a tile."""
    for text in ("door", "1", "1,2,3", ""):
        with pytest.raises(InvalidAction, match="not a tile"):
            parse_tile(text)


def test_knock_lock_locks_an_open_door_and_refuses_unseen_or_barred_ones() -> None:
    """§11.1 Knock/Lock: opens or locks a seen door Nearby; a bar is not a lock."""
    state, _ = wizard("knock_lock")
    assert state.expedition is not None
    door = state.expedition.level.doors[(5, 1)]
    with pytest.raises(IllegalAction, match="seen"):
        verify(state, CastSpell(actor="wiz", spell="knock_lock", target="5,1"))
    state.expedition.seen[1].add((5, 1))
    door.state = DoorState.BARRED
    with pytest.raises(IllegalAction, match="bar"):
        verify(state, CastSpell(actor="wiz", spell="knock_lock", target="5,1"))
    door.state = DoorState.OPEN
    run(state, CastSpell(actor="wiz", spell="knock_lock", target="5,1"), [5, 5])
    assert door.state is DoorState.LOCKED


def test_pain_reaches_only_nearby_living_or_undead_foes() -> None:
    """§11.1 Pain, §16 #3: a ghost is neither living nor undead; Nearby is 6 tiles."""
    state, _ = wizard("pain")
    shadow, rat = fight(state, "shadow", "giant_rat")
    with pytest.raises(IllegalAction, match="neither"):
        verify(state, CastSpell(actor="wiz", spell="pain", target=shadow.uid))
    rat.pos = (8, 2)  # 7 tiles from the wizard at (1, 2)
    with pytest.raises(IllegalAction, match="reaches"):
        verify(state, CastSpell(actor="wiz", spell="pain", target=rat.uid))
    rat.pos = (7, 2)
    verify(state, CastSpell(actor="wiz", spell="pain", target=rat.uid))


def test_magic_shield_cannot_be_cast_twice_in_one_fight() -> None:
    """§11.1 Magic Shield lasts the fight: a second cast is refused."""
    state, wiz = wizard("magic_shield")
    fight(state, "gremlin")
    wiz.magic.effects.append("magic_shield")
    with pytest.raises(IllegalAction, match="already"):
        verify(state, CastSpell(actor="wiz", spell="magic_shield"))
