"""The Move action in a fight (§10.2.2, HOUSE §6.4): how far, who blocks, and where a mover must stop."""

from __future__ import annotations

import pytest

from expedition.rules.combat.combat_state import CombatState
from expedition.rules.combat.moving_and_fleeing import CombatMove, move_routes
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from tests.rules.combat.test_fights import combat_of, fight, make_state, place, run


def _setup(*names: str) -> tuple[CampaignState, CombatState]:
    state = make_state(*names)
    fight(state, [], ambush=True)
    combat = combat_of(state)
    combat.active, combat.actions_left = names[0], 2
    return state, combat


def test_a_move_covers_twice_the_available_dex_in_orthogonal_steps() -> None:
    """§10.2.2: DEX 2 → up to 4 tiles, counted orthogonally."""
    state, combat = _setup("wren")
    combat.positions["wren"] = (2, 3)
    place(state, (10, 6))
    tiles = move_routes(state, combat, state.character("wren"))
    assert (6, 3) in tiles and (7, 3) not in tiles and (4, 5) in tiles and (5, 5) not in tiles
    assert len(tiles[(6, 3)]) == 4


def test_an_ally_can_be_passed_through_but_not_stood_on() -> None:
    """§10.2.2 (house reading): allies do not block a Move; the mover cannot end on an ally's tile."""
    state, combat = _setup("wren", "ash")
    combat.positions.update({"wren": (2, 3), "ash": (3, 3)})
    place(state, (10, 6))
    level = state.expedition.level  # type: ignore[union-attr]
    level.tiles[2] = "#" * 12  # a corridor one tile wide along row 3
    level.tiles[4] = "#" * 12
    tiles = move_routes(state, combat, state.character("wren"))
    assert (3, 3) not in tiles
    assert tiles[(4, 3)] == ((3, 3), (4, 3))
    run(state, CombatMove(actor="wren", to=(4, 3)), [])
    assert combat.positions["wren"] == (4, 3)


def test_a_foe_blocks_the_way_and_leaving_its_side_stops_the_move() -> None:
    """§10.2.2 / HOUSE §6.4: foes block; a mover leaving a tile next to a foe stops on the next tile."""
    state, combat = _setup("wren")
    combat.positions["wren"] = (2, 3)
    place(state, (3, 3))
    tiles = move_routes(state, combat, state.character("wren"))
    assert (3, 3) not in tiles
    assert (1, 3) in tiles and (1, 2) not in tiles  # stepping away from the rat ends the move
    with pytest.raises(IllegalAction):
        verify(state, CombatMove(actor="wren", to=(3, 3)))


def test_the_dead_leave_the_map_so_their_tile_is_free_again() -> None:
    """§10.2.5 (house reading): a fallen adventurer's body holds no tile; a foe may step where they fell."""
    from expedition.rules.character.adventurer import Status
    from expedition.rules.combat.combat_state import CombatPhase
    from expedition.rules.combat.enemy_phase import enemy_turns
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import resolve_default
    from tests.rules.combat.test_fights import ThenSeeded

    state, combat = _setup("wren", "ash")
    combat.positions.update({"wren": (2, 3), "ash": (3, 3)})
    state.character("ash").status = Status.DEAD
    state.party = [m for m in state.party if m.id != "ash"]  # the dead go to the roster
    place(state, (4, 3))  # the rat is next to the body; wren is two tiles off
    combat.phase = CombatPhase.ENEMIES
    resolve_default(enemy_turns(Context(ThenSeeded([])), state))
    assert "ash" not in combat.positions
    assert combat.foes[0].pos == (3, 3)  # it stepped onto the tile where Ash fell, next to Wren
