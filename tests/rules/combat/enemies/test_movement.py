"""Tests for combat/enemies/movement.py: nimble, tiny, pile-on, straight-line movement (§12, HOUSE §6.4)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.combat.combat_events import CombatMoved
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.combat.enemies.movement import approach, in_line, paths, step_aside
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.engine.campaign import CampaignState
from tests.rules.combat.enemies.test_specials import setup
from tests.rules.magic_helpers import WORLD


def _combat(state: CampaignState) -> CombatState:
    assert state.expedition is not None and state.expedition.combat is not None
    return state.expedition.combat


def _add(state: CampaignState, key: str, pos: tuple[int, int]) -> Foe:
    combat = _combat(state)
    foe = Foe(uid=f"foe{len(combat.foes) + 1}", key=key, defn=WORLD.catalog.enemies[key], pos=pos)
    combat.foes.append(foe)
    return foe


def test_a_giant_crab_moves_only_in_straight_lines() -> None:
    """§12.4, HOUSE §6.4: each Move of the crab goes one orthogonal direction."""
    state, foes = setup("giant_crab", at=(4, 3))
    found = paths(state, _combat(state), foes[0], 3)
    assert found and all(in_line((4, 3), p) for p in found)
    assert (5, 2) not in found and (7, 3) in found and found[(7, 3)] == ((5, 3), (6, 3), (7, 3))


def test_nimble_creatures_ignore_the_combat_movement_penalty() -> None:
    """HOUSE §6.4: leaving a tile next to an adventurer stops a rat, not a Shrunken Corpse."""
    state, foes = setup("plagued_rat", at=(2, 2))  # next to the wizard at (1, 2)
    assert set(paths(state, _combat(state), foes[0], 3)) == {(2, 1), (3, 2), (2, 3)}
    state, foes = setup("shrunken_corpse", at=(2, 2))
    assert (4, 2) in paths(state, _combat(state), foes[0], 3)


def test_tiny_kin_share_a_tile_two_at_a_time_and_others_may_not() -> None:
    """§12.5: two Shrunken Corpses fit on one tile; a third does not; a rat cannot join them."""
    state, foes = setup("shrunken_corpse", at=(4, 2))
    second = _add(state, "shrunken_corpse", (5, 2))
    assert (4, 2) in paths(state, _combat(state), second, 1)
    second.pos = (4, 2)
    third = _add(state, "shrunken_corpse", (5, 2))
    rat = _add(state, "plagued_rat", (4, 3))
    assert (4, 2) not in paths(state, _combat(state), third, 1)
    assert (4, 2) not in paths(state, _combat(state), rat, 1)
    assert foes[0].pos == (4, 2)


def test_a_husk_gives_other_undead_no_personal_space() -> None:
    """§12.5: the Reanimated Husk does not block other undead, who may end on its tile."""
    state, _ = setup("reanimated_husk", at=(4, 2))
    corpse = _add(state, "freshly_risen_corpse", (5, 2))
    rat = _add(state, "plagued_rat", (4, 3))
    assert (4, 2) in paths(state, _combat(state), corpse, 1)
    assert (4, 2) not in paths(state, _combat(state), rat, 1)


def test_approach_closes_in_and_refuses_when_it_cannot_get_nearer() -> None:
    """§10.2.5: a Move toward the target; no step that gets no closer."""
    state, foes = setup("plagued_rat", at=(7, 3))
    ctx = Context(ScriptedDice([]), world=WORLD)
    assert approach(ctx, state, _combat(state), foes[0], (1, 2), tiles=2)
    assert foes[0].pos in ((5, 3), (6, 2)) and any(isinstance(e, CombatMoved) for e in ctx.events)
    foes[0].pos = (2, 2)
    assert not approach(ctx, state, _combat(state), foes[0], (1, 2))


def test_step_aside_goes_where_fewer_adventurers_touch_it() -> None:
    """HOUSE §6.4: Roll, Fade and Scatter step 1 tile to the tile touching the fewest adventurers."""
    state, foes = setup("goblin_scrapper", at=(2, 1))
    combat = _combat(state)
    combat.positions["wiz"] = (2, 2)  # now the scrapper touches both the cleric and the wizard
    ctx = Context(ScriptedDice([]), world=WORLD)
    assert step_aside(ctx, state, combat, foes[0])
    assert foes[0].pos == (3, 1)
    assert not step_aside(ctx, state, combat, foes[0])  # already touches nobody


@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(-5, 5), st.integers(-5, 5))
def test_in_line_means_the_same_row_or_column(ax: int, ay: int, bx: int, by: int) -> None:
    """HOUSE §6.4: a straight line is one orthogonal direction."""
    assert in_line((ax, ay), (bx, by)) is (ax == bx or ay == by)
