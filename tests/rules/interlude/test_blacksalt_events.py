"""Tests for the Blacksalt events (§10.4.4): the daily 1d6, every bad event and every opportunity."""

from __future__ import annotations

import pytest

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.skills import Skill
from expedition.rules.core.tracker import TrackerAdvanced
from expedition.rules.interlude.blacksalt_events import blacksalt_event
from expedition.session.catalog_world import default_world
from tests.rules.interlude_helpers import back_in_town, ctx_with, interlude_of

WORLD = default_world()


@pytest.mark.parametrize(
    ("face", "kind"),
    [(1, "bad_event"), (3, "bad_event"), (4, "quiet_day"), (5, "quiet_day"), (6, "opportunity")],
)
def test_the_daily_die_chooses_the_table_section_10_4_4(face: int, kind: str) -> None:
    """§10.4.4: 1–3 bad events, 4–5 nothing, 6 opportunities."""
    state = back_in_town()
    faces = [face] + ([2] if kind != "quiet_day" else [])  # bad 2: bad harvest / opp. 2: good harvest
    ctx = ctx_with([*faces, 4])
    keys = resolve_default(blacksalt_event(ctx, state, interlude_of(state)))
    assert keys[0] == kind and interlude_of(state).events == list(keys)


def _setup():  # type: ignore[no-untyped-def]
    state = back_in_town()
    for member in state.party:
        member.afflictions |= {Affliction.ANGRY, Affliction.TERRIFIED}
        member[Attr.STR].wounds = 1
    state.locations["blacksalt"].doom.filled = 2
    return state


@pytest.mark.parametrize("row", [r.key for r in WORLD.roll_table("bad_events").rows])
def test_every_bad_event_section_10_4_4(row: str) -> None:
    """§10.4.4 bad events: each row's effect, applied to the settlement and every adventurer."""
    state = _setup()
    interlude = interlude_of(state)
    table = WORLD.roll_table("bad_events")
    face = next(r.low for r in table.rows if r.key == row)
    assert face is not None
    ctx = ctx_with([1, face] + [4] * 10)
    resolve_default(blacksalt_event(ctx, state, interlude))
    doom = state.locations["blacksalt"].doom.filled
    hero, other = state.character("c1"), state.character("c2")
    if row == "worse_to_come":
        omens = [
            e
            for e in ctx.events
            if isinstance(e, TrackerAdvanced) and e.tracker == state.omens.name and e.rule == "§10.4.4"
        ]
        assert doom == 3 and len(omens) == 1
    elif row == "bad_harvest":
        assert interlude.bad_harvest == 4
    elif row == "thugs":
        assert sum(m[a].wounds for m in state.party for a in Attr) == 2 + 3
        assert state.silver == 50 - 8
    elif row == "sunless_day":
        assert Affliction.HOPELESS in hero.afflictions and Affliction.HOPELESS in other.afflictions
    elif row == "overcrowding":
        assert interlude.overcrowding == 4
    elif row == "persecution":
        assert doom == 3


def test_street_wise_keep_their_share_from_thugs_house() -> None:
    """§10.4.4, §6.1: the streetwise cannot be robbed; the group pays only the others' share (house)."""
    state = back_in_town()
    state.character("c1").skills.add(Skill.STREET_WISE)
    resolve_default(blacksalt_event(ctx_with([1, 3, 4, 4] + [4] * 10), state, interlude_of(state)))
    assert state.silver == 50 - 4


@pytest.mark.parametrize("row", [r.key for r in WORLD.roll_table("opportunities").rows])
def test_every_opportunity_section_10_4_4(row: str) -> None:
    """§10.4.4 opportunities: each row's effect."""
    state = _setup()
    interlude = interlude_of(state)
    interlude.bad_harvest = interlude.overcrowding = 3
    table = WORLD.roll_table("opportunities")
    face = next(r.low for r in table.rows if r.key == row)
    assert face is not None
    resolve_default(blacksalt_event(ctx_with([6, face]), state, interlude))
    doom = state.locations["blacksalt"].doom.filled
    hero = state.character("c1")
    if row == "unexpected_blessing":
        assert doom == 1
    elif row == "good_harvest":
        assert interlude.good_harvest and interlude.bad_harvest == 0
    elif row == "naive_investor":
        assert interlude.naive_investor
    elif row == "calm_day":
        assert len(hero.afflictions) == 1
    elif row == "empty_streets":
        assert interlude.empty_streets and interlude.overcrowding == 0
    elif row == "refreshing_winds":
        assert Affliction.ANGRY not in hero.afflictions
