"""Tests for rules/combat/combat_verbs.py: what each combat action does and spends (§10.2.2, §16 #15, #25)."""

from __future__ import annotations

from dataclasses import replace

from expedition.rules.combat.combat_actions import (
    AttackFoe,
    CombatMove,
    Defend,
    Dodge,
    Feint,
    Flee,
    Help,
    Intimidate,
    Recover,
)
from expedition.rules.combat.combat_events import Attacked, CombatEnded, CombatOutcome, TokensChanged
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.combat.combat_verbs import distracted
from expedition.rules.combat.rounds import cleanup
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Note
from expedition.rules.core.item_defs import Item, ItemDef
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Skill
from expedition.rules.engine.dispatch import apply, verify
from expedition.rules.items import handling, slots
from tests.rules.combat.test_fights import SHIELD, combat_of, fight, make_state, place, rat, run


def test_an_attack_hits_for_base_and_a_great_success_adds_crit_and_knocks_out_past_w() -> None:
    """§10.2.2, §16 #21: a hit deals BASE, a great success BASE+CRIT; W 2 drops at the 3rd wound."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    foe.defn = rat(wounds=5)
    run(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1), [5, 2])
    assert foe.wounds == 2 and not foe.out
    run(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1), [6, 6])
    assert foe.wounds == 5 and not foe.out  # W 5 resists 5


def test_a_foe_is_knocked_out_when_wounds_exceed_w_and_the_fight_is_won() -> None:
    """§16 #21, #25: the 3rd wound on W 2 knocks it out; no conscious enemy is a victory, 1 ET passes."""
    state = make_state()
    turn = state.turn
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    ctx = Context(SeededDice(1))
    foe.wounds = 2
    resolve(apply(ctx, state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1)), lambda d: d.default)
    if not foe.out:  # a miss with these dice; hit again until it drops
        ctx = run(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1), [5, 5])
    assert foe.out
    ended = [e for e in ctx.events if isinstance(e, CombatEnded)]
    assert ended and ended[0].outcome is CombatOutcome.VICTORY
    assert state.phase is Phase.EXPLORATION and state.expedition.combat is None  # type: ignore[union-attr]
    assert state.turn == turn + 1


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


def test_recover_gives_up_a_token_for_fatigue_and_removes_a_stun_token() -> None:
    """§16 #15: one Recover drops a token (1 fatigue back) and a stun token; the stunned only Recover."""
    state = make_state()
    wren = state.party[0]
    fight(state, [], ambush=True)
    place(state, (9, 5))
    wren.tokens.dodge, wren.tokens.stun, wren[Attr.STR].fatigue = 1, 1, 1
    try:
        verify(state, Dodge(actor="wren"))
        raise AssertionError("a stunned adventurer dodged")
    except IllegalAction:
        pass
    run(state, Recover(actor="wren", attr="STR"), [])
    assert (wren.tokens.dodge, wren.tokens.stun, wren[Attr.STR].fatigue) == (0, 0, 0)


def test_fleeing_out_of_sight_ends_the_fight_as_fled() -> None:
    """§16 #25: every conscious adventurer out of the enemies' sight ends the fight."""
    state = make_state()
    level = state.expedition.level  # type: ignore[union-attr]
    level.tiles[3] = "#....#.....#"
    level.tiles[2] = "#....#.....#"
    level.tiles[4] = "#....#.....#"
    level.tiles[5] = "#....#.....#"
    level.tiles[1] = "#..........#"
    level.tiles[6] = "#....#.....#"
    fight(state, [], ambush=True)
    foe = place(state, (8, 4))
    foe.defn = rat()
    ctx = Context(ScriptedDice([]))
    resolve_default(apply(ctx, state, Flee(actor="wren", to=(2, 6))))
    ended = [e for e in ctx.events if isinstance(e, CombatEnded)]
    assert ended and ended[0].outcome is CombatOutcome.FLED
    assert state.phase is Phase.EXPLORATION


def test_a_foe_is_distracted_when_flanked_engaged_with_another_or_stunned() -> None:
    """HOUSE §6.1, §16 #5: flanked, engaged with someone else, or stunned counts as distracted."""
    combat = CombatState(positions={"wren": (2, 3), "ash": (8, 8)})
    foe = Foe(uid="foe1", key="rat", defn=rat(), pos=(3, 3))
    assert not distracted(combat, foe, "wren")
    assert distracted(combat, foe, "ash")  # engaged with Wren, not with Ash
    combat.positions["ash"] = (4, 3)
    assert distracted(combat, foe, "wren")  # flanked
    combat.positions["ash"] = (8, 8)
    foe.tokens.stun = 1
    assert distracted(combat, foe, "wren")


def test_moving_drops_shield_tokens_unless_shield_master() -> None:
    """§10.2.2: a Move removes unused shield tokens (dodge tokens stay); Shield Master keeps them."""
    state = make_state()
    fight(state, [], ambush=True)
    place(state, (9, 6))
    wren = state.party[0]
    wren.tokens.shield, wren.tokens.dodge = 2, 1
    run(state, CombatMove(actor="wren", to=(2, 4)), [])
    assert (wren.tokens.shield, wren.tokens.dodge) == (0, 1)
    wren.skills.add(Skill.SHIELD_MASTER)
    wren.tokens.shield = 2
    run(state, CombatMove(actor="wren", to=(2, 5)), [])
    assert wren.tokens.shield == 2


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


def test_an_attack_whose_weapon_the_encumbrance_test_dropped_is_not_taken() -> None:
    """§7.1, §10.2.2: the turn's STR test drops the chosen sword; the attack is refused, no action spent."""
    state = make_state()
    wren = state.party[0]
    rock = ItemDef(key="rock", name="Rock")
    wren.items.extend(Item(uid=100 + n, defn=rock, place=slots.TORSO) for n in range(13))  # 14 > 13
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    ctx = run(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1), [2, 3, 1])  # fail; item 1
    assert all(i.uid != 1 for i in wren.items)  # the sword lies on the floor
    assert not [e for e in ctx.events if isinstance(e, Attacked)]
    assert any(isinstance(e, Note) and "not taken" in e.text for e in ctx.events)
    combat = combat_of(state)
    assert combat.active == "wren" and combat.actions_left == 2 and foe.wounds == 0
