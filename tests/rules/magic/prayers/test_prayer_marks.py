"""Tests for magic/prayers/prayer_marks.py: prayer marks and the hooks reading them (§11.2, HOUSE §11.2)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Status
from expedition.rules.core.attributes import Attr
from expedition.rules.core.lasting import Span, add_lasting, end_lasting, has_lasting
from expedition.rules.magic.prayers.prayer_marks import (
    DIRGE,
    ENTROPY,
    FURY,
    FURY_DAMAGE,
    GRACE,
    OWED,
    DeathDeferred,
    death_deferred,
    foe_actions,
    foe_fell,
    fury_wound,
    mirror,
    parse_tile,
    spend_fury,
    tile_key,
)
from tests.rules.magic_helpers import fight, make_state
from tests.rules.prayer_helpers import ctx


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_a_tile_key_reads_back_as_the_same_tile(x: int, y: int) -> None:
    """HOUSE §11.2: places marked by Seal and Silence are held by "x,y" keys that parse back."""
    assert parse_tile(tile_key((x, y))) == (x, y)


def test_parse_tile_refuses_what_is_not_a_tile() -> None:
    """HOUSE §11.2: a foe uid, an id or three numbers are not tiles."""
    assert [parse_tile(t) for t in ("foe1", "wiz", "1,2,3", "", "a,b")] == [None] * 5


def test_righteous_fury_adds_one_wound_to_the_roll_it_powered_only() -> None:
    """§11.2 Righteous Fury: the fury is spent by the next roll, whose damage gets +1 wound once."""
    state = make_state()
    cle = state.character("cle")
    mirror(cle, FURY, True)
    spend_fury(cle, True)
    assert FURY not in cle.magic.effects
    assert fury_wound(cle) == 1 and fury_wound(cle) == 0
    mirror(cle, FURY_DAMAGE, True)
    spend_fury(cle, False)  # a later roll without fury: the old bonus is gone
    assert fury_wound(cle) == 0


def test_a_held_foe_has_no_actions_and_entropy_takes_one_once() -> None:
    """§11.2 Hold and Entropy: Held gives 0 actions; an Entropy mark costs 1 action, then is used up."""
    state = make_state()
    goblin, other = fight(state, "goblin_scrapper", "goblin_scrapper")
    assert state.expedition is not None and state.expedition.combat is not None
    combat = state.expedition.combat
    combat.held.add(goblin.uid)
    assert foe_actions(ctx(), state, combat, goblin, 2) == 0
    add_lasting(ctx(), state, ENTROPY, other.uid, Span.ROUND, 1, value=1, rule="§11.2")
    assert foe_actions(ctx(), state, combat, other, 2) == 1
    assert not has_lasting(state, other.uid, ENTROPY)
    assert foe_actions(ctx(), state, combat, other, 2) == 2


def test_borrowed_time_defers_death_and_the_end_of_the_grace_brings_it() -> None:
    """§11.2 Borrowed Time: death waits (mortally wounded) while the grace lasts, and comes after it."""
    state = make_state()
    wiz = state.character("wiz")
    assert not death_deferred(ctx(), wiz, "test")
    grace = add_lasting(ctx(), state, GRACE, wiz.id, Span.TURN, 2, rule="§11.2")
    mirror(wiz, GRACE, True)
    context = ctx()
    assert death_deferred(context, wiz, "a fall")
    assert wiz.status is Status.MORTALLY_WOUNDED and OWED in wiz.magic.effects
    assert any(isinstance(e, DeathDeferred) and e.cause == "a fall" for e in context.events)
    end_lasting(ctx(), state, grace, "ran out", rule="§11.2")
    assert wiz.status is Status.DEAD and GRACE not in wiz.magic.effects


def test_dirge_heals_only_those_nearby_when_the_marked_foe_falls() -> None:
    """§11.2 Dirge, §16 #3: those within 6 tiles of the fallen foe heal 2 wounds, others not."""
    state = make_state()
    (goblin,) = fight(state, "goblin_scrapper")
    assert state.expedition is not None and state.expedition.combat is not None
    goblin.pos = (8, 3)
    state.expedition.combat.positions.update({"wiz": (1, 2), "cle": (7, 2)})
    wiz, cle = state.character("wiz"), state.character("cle")
    wiz[Attr.STR].wounds = cle[Attr.STR].wounds = 2
    foe_fell(ctx(), state, goblin)  # no Dirge mark: nothing
    assert cle[Attr.STR].wounds == 2
    add_lasting(ctx(), state, DIRGE, goblin.uid, Span.ROUND, 3, rule="§11.2")
    foe_fell(ctx(), state, goblin)
    assert (cle[Attr.STR].wounds, wiz[Attr.STR].wounds) == (0, 2)
    assert not has_lasting(state, goblin.uid, DIRGE)
