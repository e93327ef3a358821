"""Attack and control spells (§11.1, §10.2.2, §16 #26, HOUSE §1.7, §3, §6.2): hits, tokens, durations, AI."""

from __future__ import annotations

import pytest

from expedition.rules.combat.combat_events import Attacked
from expedition.rules.combat.combat_state import CombatState, combat_of
from expedition.rules.combat.strike import BONEDANCE
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import Span, add_lasting, has_lasting
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.dead_vigil import BURST
from expedition.rules.exploration.features import Corpse
from expedition.rules.magic.spells.attack_spells import ATTACKS, COMMANDED, HurlSpellShot
from expedition.rules.magic.spells.spellcasting import CastSpell
from tests.rules.magic_helpers import WORLD, fight, make_state, run


def wizard(*spells: str):  # type: ignore[no-untyped-def]
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.known_spells = list(spells)
    wiz.magic.memorised_spells = list(spells)
    return state, wiz


def cast(spell: str, target: str = "") -> CastSpell:
    return CastSpell(actor="wiz", spell=spell, target=target)


def combat(state) -> CombatState:  # type: ignore[no-untyped-def]
    return combat_of(state)


def attacks(ctx: Context) -> list[Attacked]:
    return [e for e in ctx.events if isinstance(e, Attacked)]


# --- notation -------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(ATTACKS))
def test_attack_spells_use_the_content_notation(key: str) -> None:
    """§11.1, §2.1: the rules roll the attack the content writes (attribute, BASE, flags)."""
    written = WORLD.spells[key].attack
    assert written is not None
    attack, reach = ATTACKS[key]
    assert (attack.attrs, attack.base, attack.base_flags, attack.crit) == (
        written.attrs,
        written.base,
        written.base_flags,
        written.crit,
    )
    assert reach == (WORLD.spells[key].reach if written.reach.tiles == 1 else written.reach)


# --- Magic Missile, Silver cannon -----------------------------------------------------------------


def test_magic_missile_arms_the_wizard_and_its_first_bolt_hits_for_int_3() -> None:
    """§11.1 Magic Missile, §10.2.2: the cast's bolt hits (a 5) for 3; the wizard is armed for the fight."""
    state, _ = wizard("magic_missile")
    (leech,) = fight(state, "giant_leech")
    ctx = run(state, cast("magic_missile", "foe1"), [5, 3, 5, 5])
    assert leech.wounds == 3
    assert attacks(ctx)[0].hit and attacks(ctx)[0].damage == 3
    assert has_lasting(state, "wiz", "spell:magic_missile")


def test_a_magic_missile_shot_costs_an_action_and_no_casting_test_and_may_miss() -> None:
    """§11.1 Magic Missile (house shot action): 2 and 3 miss; only the attack's dice are rolled."""
    state, wiz = wizard("magic_missile")
    (leech,) = fight(state, "giant_leech")
    with pytest.raises(IllegalAction, match="has not cast"):
        verify(state, HurlSpellShot(actor="wiz", spell="magic_missile", target="foe1"))
    run(state, cast("magic_missile"), [5, 5])
    ctx = run(state, HurlSpellShot(actor="wiz", spell="magic_missile", target="foe1"), [2, 3])
    assert not attacks(ctx)[0].hit and leech.wounds == 0
    assert "wiz" in combat(state).done and wiz.magic.forgotten_spells == []


def test_dodge_tokens_are_gm_rerolls_against_a_spell_attack() -> None:
    """§10.2.2, HOUSE §3.1: the foe's dodge token rerolls the hitting 5 into a 2: a miss, the token spent."""
    state, _ = wizard("morbid_touch")
    (leech,) = fight(state, "giant_leech")
    leech.tokens.dodge = 1
    ctx = run(state, cast("morbid_touch", "foe1"), [5, 3, 2, 5, 5])
    assert not attacks(ctx)[0].hit and leech.tokens.dodge == 0 and leech.wounds == 0


def test_silver_cannon_uses_a_silver_per_shot_and_needs_silver() -> None:
    """§11.1 Silver cannon: INT 3P, 1 silver a shot; an empty purse refuses the shot."""
    state, _ = wizard("silver_cannon")
    (leech,) = fight(state, "giant_leech")
    state.silver = 1
    run(state, cast("silver_cannon", "foe1"), [6, 3, 5, 5])
    assert state.silver == 0 and leech.wounds == 3
    with pytest.raises(IllegalAction, match="purse is empty"):
        verify(state, HurlSpellShot(actor="wiz", spell="silver_cannon", target="foe1"))


# --- Morbid touch, Soul punch ---------------------------------------------------------------------


def test_morbid_touch_hurts_a_shadow_that_weapons_cannot() -> None:
    """§11.1 Morbid touch, §12: INT 2P; a shadow (only spells and prayers harm it) takes 2 wounds."""
    state, _ = wizard("morbid_touch")
    (shadow,) = fight(state, "shadow")
    run(state, cast("morbid_touch", "foe1"), [5, 2, 5, 5])
    assert shadow.wounds == 2


def test_a_critical_spell_hit_deals_base_plus_crit() -> None:
    """§2.1, §11.1: a great success deals BASE + CRIT (Morbid touch has no CRIT: still 2)."""
    state, _ = wizard("morbid_touch")
    (leech,) = fight(state, "giant_leech")
    ctx = run(state, cast("morbid_touch", "foe1"), [6, 6, 5, 5])
    assert attacks(ctx)[0].critical and leech.wounds == 2


def test_soul_punch_reaches_only_close_and_ignores_armour() -> None:
    """§11.1 Soul punch: STR 3PR at a Close target; the husk's 3 AP roll nothing (P), 3 wounds."""
    state, _ = wizard("soul_punch")
    (husk,) = fight(state, "reanimated_husk")
    with pytest.raises(IllegalAction, match="reaches"):
        verify(state, cast("soul_punch", "foe1"))
    husk.pos = (2, 2)
    run(state, cast("soul_punch", "foe1"), [5, 2, 5, 5])
    assert husk.wounds == 3


def test_bonedance_gives_the_attacker_advantage() -> None:
    """§11.1 Bonedance: 2 and 3 would miss; the advantage reroll turns the 2 into a 5, a hit."""
    state, _ = wizard("morbid_touch")
    (leech,) = fight(state, "giant_leech")
    ctx0 = Context(ScriptedDice([]), world=WORLD)
    add_lasting(ctx0, state, BONEDANCE, "foe1", Span.FIGHT, rule="§11.1")
    ctx = run(state, cast("morbid_touch", "foe1"), [2, 3, 5, 5, 5])
    assert attacks(ctx)[0].hit and leech.wounds == 2


# --- Explode corpse -------------------------------------------------------------------------------


def test_explode_corpse_bursts_a_seen_corpse_and_wounds_everyone_close() -> None:
    """§11.1 Explode corpse, HOUSE §1.7: 2 wounds to the party beside it; no trigger: the corpse is gone."""
    state, wiz = wizard("explode_corpse")
    expedition = state.expedition
    assert expedition is not None
    x, y = expedition.position
    expedition.level.corpses.append(Corpse(pos=(x + 1, y), kind="human"))
    expedition.seen.setdefault(1, set()).add((x + 1, y))
    run(state, cast("explode_corpse", f"{x + 1},{y}"), [4, 5, 5])
    assert expedition.level.corpses == []
    assert sum(a.wounds for a in wiz.attrs.values()) == 2
    assert sum(a.wounds for a in state.character("cle").attrs.values()) == 2


def test_a_burst_corpse_may_rise_as_a_shadow() -> None:
    """HOUSE §1.7: a triggered 1d! keeps the corpse, now to rise as a Shadow (1d6 weeks)."""
    state, _ = wizard("explode_corpse")
    expedition = state.expedition
    assert expedition is not None
    expedition.level.corpses.append(Corpse(pos=(5, 3), kind="goblin_scrapper"))
    expedition.seen.setdefault(1, set()).add((5, 3))
    run(state, cast("explode_corpse", "5,3"), [1, 2, 5, 5])
    (corpse,) = expedition.level.corpses
    assert (corpse.rises_as, corpse.rises_in_days) == ("shadow", 14)


def test_explode_corpse_bursts_a_fallen_foe_and_hurts_foes_close_to_it() -> None:
    """§11.1 (house: a knocked-out foe's body bursts): the leech beside it takes 2; the body bursts once."""
    state, wiz = wizard("explode_corpse")
    scrapper, leech = fight(state, "goblin_scrapper", "giant_leech")
    scrapper.out = True
    run(state, cast("explode_corpse", "foe1"), [5, 5])
    assert leech.wounds == 2 and has_lasting(state, "foe1", BURST)
    assert sum(a.wounds for a in wiz.attrs.values()) == 0  # two tiles away
    with pytest.raises(IllegalAction, match="Explode corpse needs"):
        verify(state, cast("explode_corpse", "foe1"))


def test_explode_corpse_refuses_a_conscious_foe_unless_commanded_undead() -> None:
    """§11.1: a living foe cannot burst; a commanded undead does, and falls."""
    state, _ = wizard("explode_corpse")
    (corpse,) = fight(state, "slumbering_corpse")
    with pytest.raises(IllegalAction):
        verify(state, cast("explode_corpse", "foe1"))
    add_lasting(Context(ScriptedDice([])), state, COMMANDED, "foe1", Span.FIGHT, text="hold", rule="§11.1")
    run(state, cast("explode_corpse", "foe1"), [5, 5])
    assert corpse.out


def test_a_ghost_leaves_no_body_to_burst() -> None:
    """§11.1 (house): a knocked-out ghost is not a corpse."""
    state, _ = wizard("explode_corpse")
    (shadow,) = fight(state, "shadow")
    shadow.out = True
    with pytest.raises(IllegalAction):
        verify(state, cast("explode_corpse", "foe1"))


# --- Command undead -------------------------------------------------------------------------------


# --- Phobia ---------------------------------------------------------------------------------------


# --- Glue -----------------------------------------------------------------------------------------


# --- Bonedance ------------------------------------------------------------------------------------


# --- Shackles -------------------------------------------------------------------------------------


# --- Nightmare ------------------------------------------------------------------------------------
