"""Tests for rules/combat/moving_and_fleeing.py: `CombatMove` and `Flee` (§10.2.2, §16 #25)."""

from __future__ import annotations

from expedition.rules.combat.combat_events import CombatEnded, CombatOutcome
from expedition.rules.combat.moving_and_fleeing import CombatMove, Flee, move_tiles
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Skill
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import apply
from tests.rules.combat.test_fights import fight, make_state, place, rat, run


def _fight(*names: str) -> CampaignState:
    state = make_state(*names)
    fight(state, [], ambush=True)
    place(state, (9, 6))
    return state


def test_a_move_covers_twice_the_available_dex_and_a_broken_leg_only_one_tile() -> None:
    """§10.2.2, §4.5: 2 × available DEX tiles; fatigue lowers it; a Broken leg caps it at 1."""
    wren = _fight().party[0]
    assert move_tiles(wren) == 4
    wren[Attr.DEX].fatigue = 1
    assert move_tiles(wren) == 2
    wren.traumas.add(Trauma.BROKEN_LEG)
    assert move_tiles(wren) == 1


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


def test_the_flight_event_is_registered_under_its_own_name_section_16_25() -> None:
    """§16 #25: `AdventurerFled` is known to the event registry (saved logs name it)."""
    from expedition.rules.combat.moving_and_fleeing import AdventurerFled
    from expedition.rules.core.events import EVENT_TYPES

    assert EVENT_TYPES["AdventurerFled"] is AdventurerFled
