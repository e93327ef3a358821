"""Setting out from the settlement into a dungeon, through the session, and replaying it."""

from __future__ import annotations

import random
from pathlib import Path

from expedition.persistence.state import state_hash
from expedition.persistence.store import CampaignStore
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.item_defs import Item, ItemDef, Light
from expedition.rules.core.phase import Phase
from expedition.rules.engine.dispatch import PassTurn, can
from expedition.rules.exploration.exploration_turn import endure_darkness
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.rules.interlude.setting_out import SetOut
from expedition.session.replay import replay_records
from expedition.session.session import Session
from expedition.session.views import Seat
from tests.session.helpers import drive, make_campaign


def test_set_out_builds_a_new_dungeon_from_the_campaign_dice_section_10() -> None:
    """§10: from the interlude the party sets out; the new dungeon is the current location."""
    session = Session(make_campaign(3, dungeon=None))
    assert session.state.phase is Phase.INTERLUDE
    result = session.submit(Seat.host(), SetOut())
    assert result.ok, result.reason
    state = session.state
    assert state.phase is Phase.EXPLORATION and state.expedition is not None
    location = state.locations[state.location]
    assert location.origin.startswith("generated:") and not location.settlement
    assert state.expedition.position == state.expedition.dungeon.entrance


def test_same_campaign_seed_finds_the_same_dungeon_section_10() -> None:
    """§10: the dungeon comes from the campaign's dice, so the same campaign finds the same place."""
    first, second = Session(make_campaign(5, dungeon=None)), Session(make_campaign(5, dungeon=None))
    for session in (first, second):
        assert session.submit(Seat.host(), SetOut()).ok
    assert first.state.location == second.state.location
    assert state_hash(first.state) == state_hash(second.state)


def test_cannot_set_out_twice_or_to_an_unknown_place_section_10() -> None:
    """§10: one expedition at a time; an unknown name is refused with a reason."""
    session = Session(make_campaign(2, dungeon=None))
    refused = session.submit(Seat.host(), SetOut(dungeon="atlantis"))
    assert not refused.ok and "atlantis" in refused.reason
    assert session.submit(Seat.host(), SetOut()).ok
    again = session.submit(Seat.host(), SetOut())
    assert not again.ok and "already" in again.reason


def test_return_visit_keeps_the_dungeons_doom_section_9_2() -> None:
    """§9.2: leaving costs doom +2, and going back reuses the same tracker and the same map."""
    session = Session(make_campaign(4, dungeon=None))
    assert session.submit(Seat.host(), SetOut(dungeon="saint_wenna")).ok
    state = session.state
    assert state.expedition is not None
    # The party arrives at the entrance, where the way out is.
    assert can(state, ExitDungeon())
    assert session.submit(Seat.host(), ExitDungeon()).ok
    assert state.phase is Phase.INTERLUDE and state.expedition is None
    doom_after_leaving = state.locations["saint_wenna"].doom.filled
    assert doom_after_leaving >= 2
    assert session.submit(Seat.host(), SetOut(dungeon="saint_wenna")).ok
    assert state.locations["saint_wenna"].doom.filled == doom_after_leaving
    assert state.expedition is not None and state.expedition.dungeon.key == "saint_wenna"


def test_expeditions_replay_to_the_same_hash_section_16() -> None:
    """Journal: setting out and exploring with random legal actions replays exactly."""
    for seed in range(4):
        session = Session(make_campaign(seed, dungeon=None))
        assert session.submit(Seat.host(), SetOut()).ok
        drive(session, random.Random(seed), 25)
        report = replay_records(session.records)
        assert report.final_hash == state_hash(session.state)
        assert report.actions == session.state.actions


def _torch(uid: int) -> Item:
    torch = ItemDef("torch", "Torches", pack=2, usage=4, light=Light.NEARBY)
    return Item.new(uid, torch)


def test_a_torch_is_lit_at_the_door_for_free_house() -> None:
    """House (§7.8): the first Nearby light is lit before going in, costing no turn."""
    state = make_campaign(6, dungeon=None)
    candle = Item.new(90, ItemDef("candle", "Candles", pack=6, usage=6, light=Light.CLOSE))
    state.party[0].items.append(candle)
    state.party[1].items.append(_torch(91))
    session = Session(state)
    assert session.submit(Seat.host(), SetOut()).ok
    assert [item.lit for item in (candle, state.party[1].items[-1])] == [False, True]
    assert state.turn == 0 and state.decay.filled == 0


def test_darkness_suggests_terrified_when_pre_has_no_room_section_7_8() -> None:
    """§7.8, §4.1: the suggested answer never makes a character faint from the dark."""
    state = make_campaign(8)
    member = state.party[0]
    member[Attr.PRE].fatigue = member[Attr.PRE].score
    decision = next(endure_darkness(Context(ScriptedDice([])), state, member.id))
    assert decision.default == "terrified"
    state.party[1][Attr.PRE].fatigue = 0
    assert next(endure_darkness(Context(ScriptedDice([])), state, "bo")).default == "fatigue"


def test_the_end_of_an_expedition_and_of_an_interlude_are_kept_snapshots(tmp_path: Path) -> None:
    """Store: one kept snapshot per finished interlude and per finished expedition, beyond the rolling ten."""
    store = CampaignStore(tmp_path, "milestones", keep=2)
    session = Session(make_campaign(4, dungeon=None), store)
    assert session.submit(Seat.host(), SetOut(dungeon="saint_wenna")).ok
    for _ in range(3):
        assert session.submit(Seat.host(), PassTurn()).ok
        while session.pending is not None:
            assert session.answer(Seat.host(), session.pending.default).ok
    assert session.submit(Seat.host(), ExitDungeon()).ok
    kept = [store.milestone(path) for path in store.snapshots()]
    names = [name for name in kept if name]
    assert [name.split("-end-")[0] for name in names] == ["interlude", "expedition"]
