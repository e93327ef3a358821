"""Tests for rules/magic/spells/control_spells.py: spells that bend a foe's will or body (§11.1, §10.2)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.combat_events import Attacked, EnemyActed
from expedition.rules.combat.combat_state import CombatState, combat_of
from expedition.rules.combat.enemy_phase import enemy_turns
from expedition.rules.combat.rounds import begin_turn, cleanup
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import Span, add_lasting, end_spans, has_lasting, lasting_on
from expedition.rules.core.notation import parse_attack
from expedition.rules.engine.dispatch import verify
from expedition.rules.magic.spells.attack_spells import COMMANDED
from expedition.rules.magic.spells.control_spells import GLUE, NIGHTMARE, PHOBIA, SHACKLES, against, movement
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


def enemy_phase(state, faces: list[int]) -> Context:  # type: ignore[no-untyped-def]
    """Run the enemy phase with `faces` then 5s (defences default), for AI behaviour tests."""
    ctx = Context(ScriptedDice(faces + [5] * 60), world=WORLD)
    resolve(enemy_turns(ctx, state), lambda d: d.default)
    return ctx


def attacks(ctx: Context) -> list[Attacked]:
    return [e for e in ctx.events if isinstance(e, Attacked)]


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
    from expedition.rules.character.adventurer import Status

    state, wiz = wizard("shackles")
    fight(state, "goblin_scrapper")
    run(state, cast("shackles", "foe1"), [5, 5])
    wiz.status = Status.FAINTED
    enemy_phase(state, [])
    assert not has_lasting(state, "foe1", SHACKLES)


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
