"""Attack and control spells (§11.1, §10.2.2, §16 #26, HOUSE §1.7, §3, §6.2): hits, tokens, durations, AI."""

from __future__ import annotations

import pytest

from expedition.rules.combat_enemies import enemy_turns
from expedition.rules.combat_rounds import begin_turn, cleanup
from expedition.rules.combat_state import Attacked, CombatState, EnemyActed, combat_of
from expedition.rules.combat_strike import BONEDANCE
from expedition.rules.context import Context
from expedition.rules.decisions import resolve
from expedition.rules.dice import ScriptedDice
from expedition.rules.dungeon_map import Corpse
from expedition.rules.errors import IllegalAction
from expedition.rules.lasting import Span, add_lasting, end_spans, has_lasting, lasting_on
from expedition.rules.notation import parse_attack
from expedition.rules.spell_attacks import ATTACKS, BURST, COMMANDED, HurlSpellShot
from expedition.rules.spell_control import GLUE, NIGHTMARE, PHOBIA, SHACKLES, against, movement
from expedition.rules.spellcasting import CastSpell
from expedition.rules.turns import verify
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


def enemy_phase(state, faces: list[int]) -> Context:  # type: ignore[no-untyped-def]
    """Run the enemy phase with `faces` then 5s (defences default), for AI behaviour tests."""
    ctx = Context(ScriptedDice(faces + [5] * 60), world=WORLD)
    resolve(enemy_turns(ctx, state), lambda d: d.default)
    return ctx


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


def test_command_undead_refuses_the_living_and_the_strong() -> None:
    """§11.1 Command undead: only undead of level 3 or lower."""
    state, _ = wizard("command_undead")
    fight(state, "goblin_scrapper", "starved_cadaver")
    with pytest.raises(IllegalAction, match="only on the undead"):
        verify(state, cast("command_undead", "foe1"))
    with pytest.raises(IllegalAction, match="too strong"):
        verify(state, cast("command_undead", "foe2"))


def test_a_commanded_undead_attacks_the_foe_it_is_ordered_to() -> None:
    """§11.1, HOUSE §3 (house: the victim defends with LVL dice): 2 and 3 fail, 1 wound; 6 and 6 parry."""
    state, _ = wizard("command_undead")
    _corpse, leech = fight(state, "slumbering_corpse", "giant_leech")
    run(state, cast("command_undead", "foe1"), [5, 5], "fight:foe2")
    assert lasting_on(state, "foe1", COMMANDED)[0].text == "fight:foe2"
    ctx = enemy_phase(state, [2, 3, 6, 6])
    mine = [a for a in attacks(ctx) if a.attacker == "foe1"]
    assert [a.defender for a in mine] == ["foe2", "foe2"] and [a.hit for a in mine] == [True, False]
    assert leech.wounds == 1
    assert not any(a.attacker == "foe1" and a.defender in ("wiz", "cle") for a in attacks(ctx))


def test_a_commanded_undead_told_to_hold_stands_still() -> None:
    """§11.1: "hold" (or an order it cannot follow) leaves it where it is, attacking nobody."""
    state, _ = wizard("command_undead")
    (corpse,) = fight(state, "slumbering_corpse")
    run(state, cast("command_undead", "foe1"), [5, 5], "hold")
    ctx = enemy_phase(state, [])
    assert corpse.pos == (3, 2) and attacks(ctx) == []
    assert any(isinstance(e, EnemyActed) and e.action == "hold" for e in ctx.events)


# --- Phobia ---------------------------------------------------------------------------------------


def test_phobia_lasts_1d6_rounds_and_ends_at_cleanup() -> None:
    """§11.1 Phobia: the duration die (2) counts rounds; cleanup ticks them away."""
    state, _ = wizard("phobia")
    fight(state, "goblin_scrapper")
    run(state, cast("phobia", "foe1"), [2, 5, 5])
    (effect,) = lasting_on(state, "foe1", PHOBIA)
    assert (effect.text, effect.left) == ("wiz", 2)
    ctx = Context(ScriptedDice([]))
    cleanup(ctx, state, combat(state))
    assert has_lasting(state, "foe1", PHOBIA)
    cleanup(ctx, state, combat(state))
    assert not has_lasting(state, "foe1", PHOBIA)


def test_a_foe_with_a_phobia_backs_away_and_never_attacks_whom_it_dreads() -> None:
    """§11.1 Phobia, HOUSE §3.1: next to the wizard it dreads, the scrapper moves off, attacking others."""
    state, _ = wizard("phobia")
    (scrapper,) = fight(state, "goblin_scrapper")
    scrapper.pos = (2, 2)
    add_lasting(Context(ScriptedDice([])), state, PHOBIA, "foe1", Span.ROUND, 3, text="wiz", rule="§11.1")
    ctx = enemy_phase(state, [])
    assert all(a.defender != "wiz" for a in attacks(ctx))
    assert abs(scrapper.pos[0] - 1) + abs(scrapper.pos[1] - 2) > 1


# --- Glue -----------------------------------------------------------------------------------------


def test_a_glued_foe_spends_its_actions_breaking_free_before_it_can_move() -> None:
    """§11.1 Glue, §16 #26, HOUSE §6.2: LVL 1 test: a 2 fails, a 5 frees it; it has not moved."""
    state, _ = wizard("glue")
    (scrapper,) = fight(state, "goblin_scrapper")
    scrapper.pos = (6, 2)
    run(state, cast("glue", "foe1"), [5, 5])
    assert has_lasting(state, "foe1", GLUE)
    enemy_phase(state, [2, 5])
    assert scrapper.pos == (6, 2) and not has_lasting(state, "foe1", GLUE)


def test_glue_ends_with_the_fight() -> None:
    """§11.1 Glue lasts the fight (Span.FIGHT ends with it)."""
    state, _ = wizard("glue")
    fight(state, "goblin_scrapper")
    run(state, cast("glue", "foe1"), [5, 5])
    end_spans(Context(ScriptedDice([])), state, (Span.ROUND, Span.FIGHT), "fight over", rule="§16 #25")
    assert not has_lasting(state, "foe1", GLUE)


# --- Bonedance ------------------------------------------------------------------------------------


def test_bonedance_halves_movement_and_eases_the_defence_against_it() -> None:
    """§11.1 Bonedance: Movement 4 becomes 2; the defender tests its attack one step easier."""
    state, _ = wizard("bonedance")
    (scrapper,) = fight(state, "goblin_scrapper")
    scrapper.pos = (7, 2)
    run(state, cast("bonedance", "foe1"), [5, 5])
    assert movement(state, scrapper) == 2
    knife = parse_attack("STR 1")
    assert against(state, scrapper, knife).defence == 1
    enemy_phase(state, [])
    assert scrapper.pos == (3, 2)  # two Moves of 2; unhalved, the second would bring it next to the wizard


# --- Shackles -------------------------------------------------------------------------------------


def test_shackles_stun_the_foe_each_turn_while_the_wizard_channels() -> None:
    """§11.1 Shackles: the cast ends the wizard's turn; the foe takes 2 stun tokens and spends its turn."""
    state, _ = wizard("shackles")
    (scrapper,) = fight(state, "goblin_scrapper")
    scrapper.pos = (2, 2)
    run(state, cast("shackles", "foe1"), [5, 5])
    assert "wiz" in combat(state).done and has_lasting(state, "foe1", SHACKLES)
    ctx = enemy_phase(state, [])
    assert attacks(ctx) == [] and scrapper.pos == (2, 2)
    assert [e.action for e in ctx.events if isinstance(e, EnemyActed)] == ["recover", "recover"]


def test_acting_again_lets_the_shackles_go() -> None:
    """§11.1 (house): a channelling wizard who begins a turn by acting stops channelling."""
    state, wiz = wizard("shackles")
    fight(state, "goblin_scrapper")
    run(state, cast("shackles", "foe1"), [5, 5])
    fights = combat(state)
    fights.done.discard("wiz")
    resolve(begin_turn(Context(ScriptedDice([])), state, wiz), lambda d: d.default)
    assert not has_lasting(state, "foe1", SHACKLES)


def test_shackles_fall_when_the_wizard_cannot_channel() -> None:
    """§11.1: a fainted wizard channels nothing; the foe acts and the shackles end."""
    from expedition.rules.character import Status

    state, wiz = wizard("shackles")
    fight(state, "goblin_scrapper")
    run(state, cast("shackles", "foe1"), [5, 5])
    wiz.status = Status.FAINTED
    enemy_phase(state, [])
    assert not has_lasting(state, "foe1", SHACKLES)


# --- Nightmare ------------------------------------------------------------------------------------


def test_nightmare_puts_a_living_foe_to_sleep_until_it_is_hurt() -> None:
    """§11.1 Nightmare: it skips its turns; once wounded, it wakes at its next turn and acts."""
    state, _ = wizard("nightmare")
    (scrapper,) = fight(state, "goblin_scrapper")
    run(state, cast("nightmare", "foe1"), [5, 5])
    ctx = enemy_phase(state, [])
    assert scrapper.pos == (3, 2)
    assert [e.action for e in ctx.events if isinstance(e, EnemyActed)] == ["sleep"]
    scrapper.wounds = 1
    ctx = enemy_phase(state, [])
    assert not has_lasting(state, "foe1", NIGHTMARE)
    assert any(isinstance(e, EnemyActed) and e.action != "sleep" for e in ctx.events)


def test_nightmare_refuses_a_creature_that_does_not_sleep() -> None:
    """§11.1 Nightmare (house: the undead, ghosts and voidspawn never sleep)."""
    state, _ = wizard("nightmare")
    fight(state, "reanimated_husk")
    with pytest.raises(IllegalAction, match="cannot sleep"):
        verify(state, cast("nightmare", "foe1"))


def test_control_spells_reach_only_nearby_foes_and_only_in_a_fight() -> None:
    """§11.1, §16 #3: seven tiles is too far; outside a fight there is no foe to hold."""
    state, _ = wizard("glue")
    with pytest.raises(IllegalAction, match="only works in a fight"):
        verify(state, cast("glue", "foe1"))
    (scrapper,) = fight(state, "goblin_scrapper")
    scrapper.pos = (7, 2)
    verify(state, cast("glue", "foe1"))
    combat(state).positions["wiz"] = (1, 1)
    with pytest.raises(IllegalAction, match="reaches"):
        verify(state, cast("glue", "foe1"))
