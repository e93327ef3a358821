"""Tests for combat/combat_harm.py:

Defending enemy attacks, wounding foes (§10.2.3, §10.2.5, §16 #21, #25).
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.combat.combat_events import Attacked, FoeFleeing
from expedition.rules.combat.combat_harm import DECLINE, defend, knock_out, morale_test, wound_foe
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.notation import parse_attack
from expedition.rules.engine.campaign import CampaignState
from tests.rules.combat.test_fights import combat_of, fight, make_state, place, rat


def _setup() -> tuple[CampaignState, CombatState, Foe]:
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    return state, combat_of(state), foe


def _wounds(member: Character) -> int:
    return sum(a.wounds for a in member.attrs.values())


def _defend(
    attack: str, faces: list[int], answer: str | None = None
) -> tuple[Character, Context, list[Decision], bool]:
    state, combat, foe = _setup()
    wren = state.party[0]
    seen: list[Decision] = []

    def choose(decision: Decision) -> str:
        seen.append(decision)
        return answer if answer is not None and decision.kind == "defend" else decision.default

    ctx = Context(ScriptedDice(faces))
    hit = resolve(defend(ctx, state, combat, foe, "Bite", parse_attack(attack), wren), choose)
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return wren, ctx, seen, hit


def test_the_defender_may_roll_any_named_attribute_or_decline() -> None:
    """§10.2.3, §2.1: "STR/DEX" offers both attributes and "decline"; the owner is the defender."""
    _, _, seen, hit = _defend("STR/DEX 1", [5, 2])
    ask = next(d for d in seen if d.kind == "defend")
    assert {c.key for c in ask.choices} == {"roll:STR", "roll:DEX", DECLINE} and ask.owner == "wren"
    assert not hit


def test_a_failed_defence_takes_base_and_a_critical_failure_adds_crit_and_its_flags() -> None:
    """§10.2.3, §2.1: failure BASE; critical failure BASE + CRIT, with the CRIT's B (Bleeding)."""
    wren, _, _, hit = _defend("STR 1+1B", [2, 3])
    assert hit and _wounds(wren) == 1 and not wren.has(Affliction.BLEEDING)
    wren, ctx, _, hit = _defend("STR 1+1B", [1, 2])
    assert hit and _wounds(wren) == 2 and wren.has(Affliction.BLEEDING)
    attacked = next(e for e in ctx.events if isinstance(e, Attacked))
    assert attacked.critical and attacked.damage == 2 and attacked.rule == "§10.2.3"


def test_declining_rolls_no_dice_and_is_a_plain_hit() -> None:
    """§10.2.3: rolling nothing avoids fatigue and is an automatic, non-critical hit."""
    wren, ctx, _, hit = _defend("STR 1+1B", [], DECLINE)
    attacked = next(e for e in ctx.events if isinstance(e, Attacked))
    assert hit and not attacked.critical and _wounds(wren) == 1
    assert all(a.fatigue == 0 for a in wren.attrs.values())


def test_a_downed_adventurer_cannot_defend_and_is_simply_hit() -> None:
    """HOUSE §3.1: a downed adventurer gets no defence decision; the attack lands as if declined."""
    state, combat, foe = _setup()
    wren = state.party[0]
    wren.status = Status.FAINTED
    seen: list[Decision] = []
    ctx = Context(ScriptedDice([]))
    hit = resolve(
        defend(ctx, state, combat, foe, "Bite", parse_attack("STR 1"), wren),
        lambda d: seen.append(d) or d.default,  # type: ignore[func-returns-value]
    )
    assert hit and not any(d.kind == "defend" for d in seen)


def test_wounding_a_foe_rolls_armour_then_resistance_then_the_cap() -> None:
    """§10.2.5: AP rolls cancel on 4–6 and break on 1 and 4; resistance comes off; P skips armour."""
    state, combat, foe = _setup()
    foe.defn = replace(rat(wounds=9), armour=2, resist=1)
    ctx = Context(ScriptedDice([4, 2]))
    assert wound_foe(ctx, state, combat, foe, 3, by="wren") == 1  # 3 - 1 (armour) - 1 (resist)
    assert foe.broken == 1 and foe.working_ap == 1 and foe.hurt_by == {"wren": 1}  # the 4 broke one AP
    assert wound_foe(Context(ScriptedDice([])), state, combat, foe, 3, by="wren", pierce=True) == 2
    foe.defn = replace(foe.defn, damage_cap=1)
    assert wound_foe(Context(ScriptedDice([])), state, combat, foe, 5, by="ash", pierce=True) == 1


def test_only_a_living_foe_bleeds_from_a_bleeding_hit() -> None:
    """§10.2.5: bleeding affects only enemies tagged living."""
    state, combat, foe = _setup()
    foe.defn = rat(wounds=9)
    wound_foe(Context(ScriptedDice([])), state, combat, foe, 1, by="wren", bleeds=True)
    assert foe.bleeding
    foe.defn, foe.bleeding = rat(wounds=9, living=False), False
    wound_foe(Context(ScriptedDice([])), state, combat, foe, 1, by="wren", bleeds=True)
    assert not foe.bleeding


@given(st.integers(1, 8), st.integers(0, 8))
def test_a_foe_is_knocked_out_exactly_when_its_wounds_exceed_w(w: int, raw: int) -> None:
    """§16 #21: W wounds are survived; the next one knocks it out."""
    state, combat, foe = _setup()
    foe.defn = rat(wounds=w)
    wound_foe(Context(ScriptedDice([])), state, combat, foe, raw, by="wren")
    assert foe.out is (raw > w) and foe.wounds == raw


def test_morale_a_trigger_breaks_a_foe_but_ignores_morale_never_rolls() -> None:
    """§16 #25: 1d! — a 1 makes it flee; a 2+ holds; "ignores morale" enemies never test."""
    _, _, foe = _setup()
    assert not morale_test(Context(ScriptedDice([2])), foe, dice=1, reason="hurt")
    ctx = Context(ScriptedDice([1]))
    assert morale_test(ctx, foe, dice=1, reason="hurt") and foe.fleeing
    assert any(isinstance(e, FoeFleeing) for e in ctx.events)
    calm = Foe(uid="foe2", key="rat", defn=rat(morale=False))
    quiet = Context(ScriptedDice([]))
    assert not morale_test(quiet, calm, dice=1, reason="hurt") and quiet.dice.used == 0  # type: ignore[attr-defined]


def test_a_fallen_leader_makes_its_living_allies_test_at_once() -> None:
    """HOUSE §3.1: when a leader falls, every living ally still standing tests 1d! to flee."""
    state = make_state()
    fight(state, [], ambush=True)
    combat = combat_of(state)
    boss = combat.foes[0]
    boss.defn = replace(rat(), behaviour=replace(rat().behaviour, leader=True))
    ally = Foe(uid="foe2", key="rat", defn=rat(), pos=(9, 6))
    combat.foes.append(ally)
    knock_out(Context(ScriptedDice([1])), state, combat, boss, by="wren")
    assert boss.out and ally.fleeing


def test_a_group_with_half_its_number_down_tests_to_break_with_each_new_fall() -> None:
    """HOUSE §3.1 broken ranks (house): from the fall that leaves half a group down, the rest test 1d!."""
    state = make_state()
    fight(state, [], ambush=True)
    combat = combat_of(state)
    first = combat.foes[0]
    second, third, fourth = (Foe(uid=f"foe{n}", key="rat", defn=rat(), pos=(9, 4 + n)) for n in (2, 3, 4))
    combat.foes += [second, third, fourth]
    calm = Context(ScriptedDice([]))
    knock_out(calm, state, combat, first, by="wren")  # 1 of 4 down: no test
    assert calm.dice.used == 0  # type: ignore[attr-defined]
    held = Context(ScriptedDice([3, 5]))
    knock_out(held, state, combat, second, by="wren")  # 2 of 4: each of the other two tests
    assert held.dice.used == 2 and not (third.fleeing or fourth.fleeing)  # type: ignore[attr-defined]
    broke = Context(ScriptedDice([1]))
    knock_out(broke, state, combat, third, by="wren")  # 3 of 4: the last tests, and a 1 breaks it
    assert fourth.fleeing and any(isinstance(e, FoeFleeing) for e in broke.events)
