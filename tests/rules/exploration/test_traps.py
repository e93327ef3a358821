"""Tests for exploration/traps.py: springing, finding and disarming traps (§10.1, HOUSE §1.8, HOUSE §0)."""

from __future__ import annotations

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.events import Note
from expedition.rules.exploration.features import Trap
from expedition.rules.exploration.traps import (
    TrapDisarmed,
    TrapFound,
    TrapSprung,
    can_disarm,
    disarm_attr,
    find,
    find_modifier,
    known_armed,
    run_test,
    spring,
    traps_here,
)
from tests.rules.exploration_helpers import make_state


def _trap(**kw: object) -> Trap:
    return Trap((7, 2), 1, "spikes", "Spiked flagstones", **kw)  # type: ignore[arg-type]


def _wounds(state: object) -> int:
    wren = state.character("wren")  # type: ignore[attr-defined]
    return sum(wren[a].wounds for a in Attr)


def test_a_failed_defence_takes_base_and_its_flags_a_success_avoids_it_house_0() -> None:
    """HOUSE §1.8, §0: the victim tests the attribute; failure takes BASE (B: Bleeding); success nothing."""
    state = make_state()
    wren = state.character("wren")
    trap = _trap(test="DEX", attack="DEX 2B")
    ctx = Context(ScriptedDice([5, 3]))
    resolve_default(spring(ctx, state, trap, wren, rule="HOUSE §1.8"))
    assert trap.sprung and trap.found and not trap.armed and _wounds(state) == 0
    assert [(e.victim, e.rule) for e in ctx.events if isinstance(e, TrapSprung)] == [("wren", "HOUSE §1.8")]
    again = _trap(test="DEX", attack="DEX 2B")
    resolve_default(spring(Context(ScriptedDice([2, 3])), state, again, wren, rule="HOUSE §1.8"))
    assert _wounds(state) == 2 and Affliction.BLEEDING in wren.afflictions


def test_a_critical_failure_adds_the_crit_wounds_house_0() -> None:
    """HOUSE §0: against a trap a critical failure takes BASE + CRIT."""
    state = make_state()
    trap = _trap(attack="DEX 1+2")
    resolve_default(spring(Context(ScriptedDice([1, 2])), state, trap, state.character("wren"), rule="§10.1"))
    assert _wounds(state) == 3


def test_a_trap_without_a_readable_attack_only_reports_its_effect_house_1_8() -> None:
    """HOUSE §1.8: an effect in words rolls nothing; notation that cannot be read is reported, not guessed."""
    state = make_state()
    wren = state.character("wren")
    ctx = Context(ScriptedDice([]))
    resolve_default(spring(ctx, state, _trap(effect="A bell rings."), wren, rule="HOUSE §1.8"))
    assert any(isinstance(e, Note) and "A bell rings." in e.text for e in ctx.events)
    ctx = Context(ScriptedDice([]))
    resolve_default(spring(ctx, state, _trap(attack="???"), wren, rule="HOUSE §1.8"))
    assert any(isinstance(e, Note) and "cannot be read" in e.text for e in ctx.events)
    assert _wounds(state) == 0


def test_traps_here_are_the_rooms_or_those_near_in_a_corridor_section_10_1() -> None:
    """§10.1: looking covers the party's room; in a corridor, the traps within 2 tiles."""
    state = make_state()
    expedition = state.expedition
    assert expedition is not None
    assert traps_here(expedition) == []  # the hall has none
    expedition.position = (5, 2)  # the doorway, 2 tiles from the spikes
    assert traps_here(expedition) == expedition.level.traps
    expedition.position, expedition.area = (8, 3), "room:1"
    assert traps_here(expedition) == expedition.level.traps
    assert known_armed(expedition.level.traps) == []
    expedition.level.traps[0].found = True
    assert known_armed(expedition.level.traps) == expedition.level.traps


def test_finding_marks_the_hidden_ones_and_a_great_success_disarms_all_known_section_10_1() -> None:
    """§10.1: a find reveals armed hidden traps (with their tell); disarming makes every known one safe."""
    hidden, known, spent = _trap(tell="loose stones"), _trap(found=True), _trap(sprung=True)
    ctx = Context(ScriptedDice([]))
    assert find(ctx, [hidden, known, spent], disarm=False, rule="§10.1") == [hidden]
    assert hidden.found and not hidden.disarmed
    assert [e.tell for e in ctx.events if isinstance(e, TrapFound)] == ["loose stones"]
    other = _trap()
    ctx = Context(ScriptedDice([]))
    assert find(ctx, [other, known], disarm=True, rule="§10.1") == [other]
    assert other.disarmed and known.disarmed and not spent.disarmed
    assert len([e for e in ctx.events if isinstance(e, TrapDisarmed)]) == 2


def test_find_and_disarm_read_the_theme_tables_house_1_8() -> None:
    """HOUSE §1.8: the hardest hidden trap sets the find modifier; Disarm names its attribute, "—" none."""
    assert find_modifier([_trap(find="advantage"), _trap(find="disadvantage")]) == (0, 1)
    assert find_modifier([_trap(find="advantage"), _trap(find="advantage")]) == (1, 0)
    assert find_modifier([_trap(find="advantage"), _trap(find="normal")]) == (0, 0)
    assert find_modifier([_trap(find="disadvantage", found=True)]) == (0, 0)  # known ones do not count
    assert disarm_attr(_trap(disarm="INT; chalk gives advantage")) is Attr.INT
    assert disarm_attr(_trap(disarm="with care")) is Attr.DEX and disarm_attr(_trap()) is Attr.DEX
    assert not can_disarm(_trap(disarm="—")) and not can_disarm(_trap()) and can_disarm(_trap(disarm="DEX"))


def test_a_check_asks_nothing_and_a_test_asks_how_to_roll_section_3_5() -> None:
    """§3.5, §3.2: run_test first asks a test's approach; a check is rolled at once and never tires."""
    state = make_state()
    wren = state.character("wren")
    asking = run_test(Context(ScriptedDice([])), state, wren, Attr.INT, purpose="to look", rule="§10.1")
    decision = next(asking)
    assert decision.kind == "approach"
    result = resolve_default(
        run_test(Context(ScriptedDice([1, 2])), state, wren, Attr.INT, check=True, rule="HOUSE §1.4")
    )
    assert not result.succeeded and wren[Attr.INT].fatigue == 0
