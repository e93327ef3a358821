"""Spells (§11.1, §10.1, §10.2.2, §10.3, §4.5): memorising, casting, forgetting, mishaps, Concentrate."""

from __future__ import annotations

import re

import pytest

from expedition.rules.conditions import Affliction, Trauma
from expedition.rules.context import Context
from expedition.rules.dice import ScriptedDice
from expedition.rules.dungeon_map import DoorState
from expedition.rules.errors import IllegalAction
from expedition.rules.expedition import magic_lit
from expedition.rules.memorising import memorise, prepare_magic
from expedition.rules.spell_book import MISSING, SPELL_EFFECTS
from expedition.rules.spellcasting import CastSpell, Concentrate, SpellMishapRolled
from expedition.rules.turns import verify
from tests.rules.magic_helpers import WORLD, fight, make_state, run


def wizard(*spells: str):  # type: ignore[no-untyped-def]
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.known_spells = list(spells)
    wiz.magic.memorised_spells = list(spells)
    return state, wiz


def test_memorise_holds_at_most_the_int_score_of_known_spells() -> None:
    """§11.1, §10.3: a wizard with INT 2 memorises two known spells, not three, and nothing unknown."""
    _state, wiz = wizard("light", "knock_lock", "pain")
    ctx = Context(ScriptedDice([]), world=WORLD)
    with pytest.raises(IllegalAction):
        memorise(ctx, wiz, ["light", "knock_lock", "pain"])
    with pytest.raises(IllegalAction):
        memorise(ctx, wiz, ["hover"])
    memorise(ctx, wiz, ["light", "pain"])
    assert wiz.magic.memorised_spells == ["light", "pain"]


def test_prepare_magic_fills_known_and_memorised_spells_up_to_the_score() -> None:
    """§11.1 (house reading): at set-out the school's first INT-score spells are known and memorised."""
    state = make_state()
    wiz = state.character("wiz")
    prepare_magic(Context(ScriptedDice([]), world=WORLD), state)
    assert wiz.magic.known_spells == list(WORLD.schools["the_awakened"].spells[:2])
    assert wiz.magic.memorised_spells == wiz.magic.known_spells


def test_a_successful_light_spell_lights_the_room_for_one_decay_and_costs_one_turn() -> None:
    """§11.1, §10.1: the effect happens, the INT test succeeds, 1 ET passes; the spell stays memorised."""
    state, wiz = wizard("light")
    run(state, CastSpell(actor="wiz", spell="light"), [5, 5])
    assert magic_lit(state) and state.turn == 1
    assert wiz.magic.forgotten_spells == []


def test_a_failed_casting_test_forgets_the_spell() -> None:
    """§11.1: on a failure the effect still happens but the spell is forgotten and cannot be cast again."""
    state, wiz = wizard("light")
    run(state, CastSpell(actor="wiz", spell="light"), [2, 3])
    assert magic_lit(state) and wiz.magic.forgotten_spells == ["light"]
    with pytest.raises(IllegalAction, match="forgotten"):
        verify(state, CastSpell(actor="wiz", spell="light"))


def test_a_critical_failure_rolls_a_mishap_with_earlier_mishaps_added() -> None:
    """§11.1: 3d6 + mishaps so far; 1+1+1 plus one earlier mishap is 4, a thunderclap: doom +1."""
    state, wiz = wizard("light")
    wiz.magic.mishaps = 1
    ctx = run(state, CastSpell(actor="wiz", spell="light"), [1, 2, 1, 1, 1])
    mishap = next(e for e in ctx.events if isinstance(e, SpellMishapRolled))
    assert (mishap.roll, mishap.earlier, mishap.total, mishap.counted) == (3, 1, 4, True)
    assert wiz.magic.mishaps == 2 and state.here.doom.filled == 1


def test_without_a_conductor_every_failure_is_critical() -> None:
    """§11.1: no conductor, a plain failure rolls a mishap (3: INT fatigue and Nauseated)."""
    state, wiz = wizard("light")
    wiz.items.clear()
    run(state, CastSpell(actor="wiz", spell="light"), [2, 3, 1, 1, 1])
    assert Affliction.NAUSEATED in wiz.afflictions and wiz.magic.mishaps == 1


def test_a_great_success_makes_the_next_casting_test_succeed_by_itself() -> None:
    """§11.1: two 6s, then the next cast rolls no test dice."""
    state, wiz = wizard("light")
    run(state, CastSpell(actor="wiz", spell="light"), [6, 6])
    assert wiz.magic.sure_cast
    run(state, CastSpell(actor="wiz", spell="light"), [])
    assert not wiz.magic.sure_cast


def test_concentrate_recovers_a_forgotten_spell_on_a_success() -> None:
    """§10.1: Concentrate, an INT test, brings one forgotten spell back for 1 ET."""
    state, wiz = wizard("light")
    wiz.magic.forgotten_spells = ["light"]
    run(state, Concentrate(actor="wiz", spell="light"), [5, 5])
    assert wiz.magic.forgotten_spells == [] and state.turn == 1


def test_a_failed_concentrate_rolls_a_mishap_that_adds_and_counts_nothing() -> None:
    """§10.1: the mishap roll ignores earlier mishaps and is not recorded."""
    state, wiz = wizard("light")
    wiz.magic.forgotten_spells = ["light"]
    wiz.magic.mishaps = 5
    ctx = run(state, Concentrate(actor="wiz", spell="light"), [2, 3, 1, 1, 2])
    mishap = next(e for e in ctx.events if isinstance(e, SpellMishapRolled))
    assert (mishap.total, mishap.counted) == (4, False) and wiz.magic.mishaps == 5


def test_visions_stuns_others_nearby_when_a_spell_is_cast() -> None:
    """§4.5: an ally with Visions takes a stun token when someone casts Nearby."""
    state, _ = wizard("light")
    cle = state.character("cle")
    cle.traumas.add(Trauma.VISIONS)
    run(state, CastSpell(actor="wiz", spell="light"), [5, 5])
    assert cle.tokens.stun == 1


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


@pytest.mark.parametrize("key", sorted(WORLD.spells))
def test_every_spell_has_an_effect_or_a_reason_to_refuse(key: str) -> None:
    """§11.1: no silent no-ops: a spell has rules (with the content's action cost) or is refused with why."""
    assert (key in SPELL_EFFECTS) != (key in MISSING)
    if key in SPELL_EFFECTS:
        assert SPELL_EFFECTS[key].actions == WORLD.spells[key].actions
        return
    state, _ = wizard(key)
    with pytest.raises(IllegalAction, match=re.escape(MISSING[key])):
        verify(state, CastSpell(actor="wiz", spell=key))


def test_magic_shield_gives_a_shield_token_as_each_turn_begins_until_the_fight_ends() -> None:
    """§11.1 Magic Shield: +1 shield token at the start of each of the wizard's turns, up to 5."""
    from expedition.rules.magic_combat import fight_ends, turn_begins

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
