"""Tests for combat/enemies/habits.py:

The enemies' own habits, demons to goblins (HOUSE §3.3, §12.1, §12.2).
"""

from __future__ import annotations

from expedition.rules.combat.enemies.habits import act
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.items.slots import TORSO
from tests.rules.combat.enemies.test_specials import _combat, _decline, _script, acts, enemies, setup
from tests.rules.magic_helpers import WORLD, give


def test_a_foe_without_habits_of_its_own_is_left_to_the_archetype() -> None:
    """HOUSE §3.2: `act` returns None for an enemy with no script (a Plagued Rat)."""
    state, foes = setup("plagued_rat")
    ctx, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent is None and acts(ctx) == []


def test_a_scrapper_rolls_after_its_knife_and_stays_next_to_its_victim() -> None:
    """§12.2, HOUSE §3.3 Goblin Scrapper: after Knife in the gut, Roll: +2 dodge tokens, still Close."""
    state, foes = setup("goblin_scrapper", at=(2, 2))
    ctx, spent = _script(state, foes[0], "wiz", 1, {"knife_in_the_gut"})
    wiz = _combat(state).positions["wiz"]
    assert spent == 1 and acts(ctx)[0] == "roll" and foes[0].tokens.dodge == 2
    assert abs(foes[0].pos[0] - wiz[0]) + abs(foes[0].pos[1] - wiz[1]) == 1


def test_a_void_demon_below_half_phases_out() -> None:
    """§12.1, HOUSE §3.3 Void Demon: below half, Phase out (+2 dodge tokens, a 2-tile move)."""
    state, foes = setup("void_demon", at=(4, 2))
    foes[0].wounds = 5  # W 9
    ctx, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent == 1 and acts(ctx)[0] == "phase_out" and foes[0].tokens.dodge == 2


def test_a_lesser_demon_axes_an_adjacent_target_for_a_stun_token() -> None:
    """§12.1, HOUSE §3.3 Lesser Demon (house proposal): Void Axe deals no wounds but 1 stun token."""
    state, foes = setup("lesser_demon", at=(2, 2))
    wiz = state.character("wiz")
    _, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent == 1 and wiz.tokens.stun == 1 and sum(a.wounds for a in wiz.attrs.values()) == 0
    _, spent = _script(state, foes[0], "wiz", 1, {"void_axe"})
    assert spent is None  # then it bites, by the plain AI


def test_a_bugbear_chews_armour_only_on_a_well_armoured_target() -> None:
    """§12.2, HOUSE §3.3 Bugbear: Chew Armor first when the worn piece has 3+ unbroken AP."""
    state, foes = setup("bugbear", at=(2, 2))
    _, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent is None
    mail = give(state.character("wiz"), "chainmail", 9)
    mail.place = TORSO
    ctx = Context(ScriptedDice([2, 2, 2]), world=WORLD)  # the armour roll saves nothing
    spent = resolve(act(ctx, state, _combat(state), foes[0], state.character("wiz"), 2, set()), _decline)
    assert spent == 1 and acts(ctx) == ["chew_armour"] and mail.working_ap() == 2


def test_the_matriarch_never_approaches_and_gazes_at_whoever_is_close() -> None:
    """§12.2, HOUSE §3.3 Goblin Matriarch: she never closes in; Controlling Gaze on the adjacent."""
    state, foes = setup("goblin_matriarch", at=(5, 3))
    _, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent == 0 and foes[0].pos == (5, 3)
    foes[0].pos = (2, 2)
    ctx, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent == 1 and acts(ctx) == ["controlling_gaze"] and state.character("wiz").tokens.stun == 1


def test_bloodshot_goblin_regenerates_with_its_third_action_once_hurt_twice() -> None:
    """§12.2: three actions; the third heals 1 wound (and stops bleeding) once it has 2 wounds."""
    state, foes = setup("bloodshot_goblin")
    foes[0].wounds, foes[0].bleeding = 2, True
    ctx = enemies(state, [5])  # the bleeding roll
    assert acts(ctx) == ["serrated_teeth", "serrated_teeth", "unnatural_regeneration"]
    assert foes[0].wounds == 1 and not foes[0].bleeding


def test_a_vault_weaver_consumes_a_corpse_and_its_wave_stuns_everyone_nearby() -> None:
    """§12.1: it becomes a Red Weaver keeping its wounds; every adventurer Nearby takes 1 stun token."""
    state, foes = setup("vault_weaver", "plagued_rat", at=(4, 2))
    foes[0].wounds = 2
    foes[1].pos, foes[1].out = (5, 2), True
    enemies(state, [])
    assert foes[0].key == "red_weaver" and foes[0].wounds == 2
    assert state.character("wiz").tokens.stun == 1


def test_the_sniper_aims_shoots_then_spends_a_turn_reloading() -> None:
    """§12.2: Take aim, then the crossbow (defended at disadvantage); reloading takes 2 actions."""
    state, _ = setup("boggart_sniper", at=(4, 2))
    assert acts(enemies(state, [])) == ["take_aim", "black_crossbow"]
    assert acts(enemies(state, [])) == ["reload"]


def test_the_hobgoblin_raises_its_cracked_shield_once_after_its_first_wound() -> None:
    """§12.2, HOUSE §3.3: +2 shield tokens once a fight, on the turn after it is first hurt."""
    state, foes = setup("hobgoblin")
    for member in state.party:
        for attr in Attr:
            member[attr].score = 5  # tough enough to take three turns of blows
    assert "cracked_shield" not in acts(enemies(state, []))
    foes[0].wounds = 1
    assert acts(enemies(state, []))[0] == "cracked_shield"
    assert foes[0].tokens.shield == 2
    assert "cracked_shield" not in acts(enemies(state, []))
