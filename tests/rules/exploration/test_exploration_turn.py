"""Tests for exploration/exploration_turn.py: a turn, wandering, noise, darkness (§10.1, §7.8, HOUSE §1.5)."""

from __future__ import annotations

from expedition.rules.character.adventurer import Status
from expedition.rules.character.mortal_wounds import Died, MortallyWounded
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.exploration.exploration_turn import (
    WANDERING_CAP,
    DarknessEndured,
    ExplorationTurnPassed,
    LingeredTooLong,
    NoiseMade,
    WanderingMonstersComing,
    endure_darkness,
    exploration_turn,
    make_noise,
    wandering_check,
)
from expedition.rules.exploration.searching import Search
from expedition.rules.items import slots
from tests.rules.exploration_helpers import make_state, run


def _ctx(faces: list[int]) -> Context:
    return Context(ScriptedDice(faces))


def test_a_turn_counts_up_and_fills_one_decay_segment_section_10_1() -> None:
    """§10.1, §9.1: every exploration turn in the dungeon advances decay by one, and nothing is rolled yet."""
    state = make_state()
    ctx = _ctx([])
    resolve_default(exploration_turn(ctx, state))
    assert state.turn == 1 and state.decay.filled == 1
    passed = [e for e in ctx.events if isinstance(e, ExplorationTurnPassed)]
    assert [(e.turn, e.rule) for e in passed] == [(1, "§10.1")]
    assert state.expedition is not None and state.expedition.turns_in_area == 1


def test_every_third_turn_in_one_area_makes_a_one_die_wandering_check_house_1_5() -> None:
    """HOUSE §1.5: loitering: the 3rd turn in a row in one area rolls 1d!; a 1 sends row 1d6 + E - 1."""
    state = make_state()
    ctx = _ctx([])
    resolve_default(exploration_turn(ctx, state))
    resolve_default(exploration_turn(ctx, state))  # turns 1 and 2: no die is rolled
    ctx = _ctx([1, 2])  # the 1d! shows 1; row 2 + 1 - 1 = 2
    resolve_default(exploration_turn(ctx, state))
    coming = [e for e in ctx.events if isinstance(e, WanderingMonstersComing)]
    assert [(e.reason, e.row, e.group, e.enemies) for e in coming] == [("loitering", 2, "Ghouls", ("ghoul",))]
    assert state.expedition is not None and state.expedition.coming == ["Ghouls"]


def test_a_wandering_row_is_capped_at_eight_and_no_trigger_sends_nothing_house_1_8() -> None:
    """HOUSE §1.8, §1.5: the row 1d6 + E - 1 stops at 8; risk dice without a 1 bring nobody."""
    state = make_state()
    assert state.expedition is not None
    ctx = _ctx([2, 3])
    assert wandering_check(ctx, state, 2, reason="decay") is None and ctx.dice.used == 2  # type: ignore[attr-defined]
    assert wandering_check(_ctx([]), state, 0, reason="noise") is None
    state.expedition.depth, state.expedition.dungeon.danger = 2, 4  # E = 6 (below the first level)
    ctx = _ctx([1, 6])
    assert wandering_check(ctx, state, 1, reason="noise") == "Ghouls"
    event = next(e for e in ctx.events if isinstance(e, WanderingMonstersComing))
    assert event.row == WANDERING_CAP == 8 and event.rule == "HOUSE §1.5"


def test_the_first_level_rolls_its_wandering_row_at_e_one_whatever_the_danger() -> None:
    """House (issue #14): on the first level the row is 1d6 + 1 - 1, danger or not; deeper, E counts."""
    state = make_state()
    assert state.expedition is not None and state.expedition.depth == 1
    state.expedition.dungeon.danger = 2  # E = 3, but the first level reads E 1
    ctx = _ctx([1, 4])
    wandering_check(ctx, state, 1, reason="noise")
    assert [e.row for e in ctx.events if isinstance(e, WanderingMonstersComing)] == [4]
    state.expedition.depth = 2  # E = 4 below it
    ctx = _ctx([1, 4])
    wandering_check(ctx, state, 1, reason="noise")
    assert [e.row for e in ctx.events if isinstance(e, WanderingMonstersComing)] == [7]


def test_a_very_loud_noise_advances_doom_and_rolls_two_risk_dice_house_1_5() -> None:
    """HOUSE §1.5: loud is 1d!; very loud is 2d! and doom +1."""
    state = make_state()
    ctx = _ctx([4])
    resolve_default(make_noise(ctx, state, what="forcing a door"))
    assert state.here.doom.filled == 0 and ctx.dice.used == 1  # type: ignore[attr-defined]
    ctx = _ctx([4, 5])
    resolve_default(make_noise(ctx, state, very=True, what="a bell"))
    assert state.here.doom.filled == 1 and ctx.dice.used == 2  # type: ignore[attr-defined]
    assert any(isinstance(e, NoiseMade) and e.very for e in ctx.events)


def test_the_third_decay_on_one_level_advances_doom_house_1_5() -> None:
    """HOUSE §1.5: lingering: every 3rd decay trigger spent on one level is doom +1."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.decays_on_level, state.decay.filled = 2, 5
    # Decay 2d6 = 1+1 (press on); lantern Ud8 = 8; the decay's wandering check 2d! = 5, 6.
    ctx = _ctx([1, 1, 8, 5, 6])
    resolve_default(exploration_turn(ctx, state))
    assert state.expedition.decays_on_level == 3 and state.here.doom.filled == 1
    assert any(isinstance(e, LingeredTooLong) and e.depth == 1 for e in ctx.events)


def test_darkness_defaults_to_fatigue_unless_already_terrified_section_7_8() -> None:
    """§7.8, §4.6: in the dark the player picks; default fatigue, or Terrified when that costs nothing."""
    state = make_state(lit=False)
    wren = state.character("wren")
    assert next(endure_darkness(_ctx([]), state, "wren")).default == "fatigue"
    ctx = _ctx([])
    assert resolve(endure_darkness(ctx, state, "wren"), answers("terrified")) == "terrified"
    assert Affliction.TERRIFIED in wren.afflictions and wren[Attr.PRE].fatigue == 0
    decision = next(endure_darkness(_ctx([]), state, "wren"))
    assert decision.default == "terrified" and decision.rule == "§7.8" and decision.owner == "wren"


def test_the_decay_cycle_over_six_turns_rolls_the_table_and_the_lights() -> None:
    """§9.1: the sixth turn fills decay: 2d6 each, each lit light's usage die, then a 2d! wandering check."""
    state = make_state()
    for turn in range(1, 6):
        # Failed searches pass the turns; the third turn in one room also makes a 1d! check (4: nothing).
        run(state, Search(actor="wren"), [2, 3] + ([4] if turn == 3 else []))
    assert state.decay.filled == 5
    # Sixth: search fails [2,3]; decay 2d6 = 1+1 (2: press on); lantern Ud8 = 8; loitering 1d! = 4;
    # the decay's wandering check 2d! = 5, 6.
    run(state, Search(actor="wren"), [2, 3, 1, 1, 8, 4, 5, 6])
    assert state.decay.filled == 0 and state.turn == 6
    assert state.expedition is not None and state.expedition.decays_on_level == 1


def test_a_doom_threshold_fires_and_advances_omens() -> None:
    """§9.2: a decay 7 advances doom; reaching a threshold advances omens by 1."""
    state = make_state()
    state.here.doom.filled = 1
    state.decay.filled = 5
    omens_before = state.omens.filled
    run(state, Search(actor="wren"), [2, 3, 3, 4, 8, 5, 6])  # decay roll 7: doom 2 = "rats"
    assert state.here.doom.filled == 2 and state.omens.filled == omens_before + 1


def test_a_light_running_out_goes_out_next_turn_then_darkness_costs_pre_or_terror() -> None:
    """§7.8: a spent light burns one more turn; then the dark costs 1 PRE fatigue or Terrified."""
    state = make_state()
    state.decay.filled = 5
    wren = state.character("wren")
    wren.items[-1].usage = 4  # the lantern is down to Ud4
    run(state, Search(actor="wren"), [2, 3, 1, 1, 1, 5, 6])  # lantern Ud4 rolls 1: burns its last turn
    assert slots.lit_lights(wren)
    ctx = run(state, Search(actor="wren"), [2, 3], "roll", "terrified")
    assert not slots.lit_lights(wren)
    assert any(isinstance(e, DarknessEndured) and e.choice == "terrified" for e in ctx.events)
    assert Affliction.TERRIFIED in wren.afflictions
    # A 5 succeeds even Terrified; the loitering 1d! rolls 4.
    run(state, Search(actor="wren"), [5, 3, 4], "roll", "fatigue")
    assert wren[Attr.PRE].fatigue == 1


def test_near_death_outside_a_fight_dies_at_the_end_of_the_next_exploration_turn_section_16_35() -> None:
    """§4.4 row 6, §16 #35: fallen during this turn's action they live through it; the next turn kills."""
    state = make_state()
    wren = state.party[0]
    wren.status, wren.near_death_turns = Status.MORTALLY_WOUNDED, 1
    ctx = _ctx([])
    ctx.emit(MortallyWounded(rule="§4.4", character="wren", near_death=True))  # fell in this action
    resolve_default(exploration_turn(ctx, state))
    assert wren.status is Status.MORTALLY_WOUNDED
    ctx = _ctx([])  # the next action: nobody stabilised them
    resolve_default(exploration_turn(ctx, state))
    assert wren.status is Status.DEAD and any(isinstance(e, Died) for e in ctx.events)


def test_a_fainted_bleeder_with_no_room_bleeds_out_into_wounds_section_16_32() -> None:
    """§4.3, §4.6, §16 #32: a Bleeding point with nowhere to go is a lethal wound, not another turn down."""
    state = make_state()
    wren = state.party[0]
    for attr in Attr:
        wren[attr].score, wren[attr].wounds, wren[attr].fatigue = 2, 2, 0
    wren.afflictions.add(Affliction.BLEEDING)
    wren.status, wren.faint_turns = Status.FAINTED, 1
    ctx = _ctx([5])  # the mortal-wound die: 5, Visions (§4.4)
    resolve_default(exploration_turn(ctx, state))
    assert wren.faint_turns == 0  # the point added no turn down
    assert wren.status is Status.MORTALLY_WOUNDED and wren.mortal_wounds == 1
