"""Tests for engine/campaign.py: the campaign state, its start and the roster (§10, §9)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import DiceRolled
from expedition.rules.core.item_defs import Item, ItemDef
from expedition.rules.core.phase import Phase
from expedition.rules.core.tracker import Visibility
from expedition.rules.engine.campaign import (
    CampaignStarted,
    Fate,
    LeftParty,
    Player,
    RosterEntry,
    new_campaign,
    retire_the_fallen,
)
from expedition.rules.trackers.doom import SETTLEMENT_DOOM_EFFECTS, DoomThreshold
from expedition.rules.trackers.omens import OMENS_NAME, OmensStarted

THRESHOLDS = (DoomThreshold(2, "rats", "Rats swarm."), DoomThreshold(5, "collapse", "A hall collapses."))
PLAYERS = [Player("ann", "Ann"), Player("ben", "Ben")]


def party() -> list[Character]:
    return [Character("wren", "Wren", owner="ann"), Character("bo", "Bo", owner="ben")]


def test_a_campaign_rolls_its_hidden_omens_tracker_at_2d6_section_9_3() -> None:
    """§9.3: one omens tracker for the campaign, 2d6 segments, empty and hidden."""
    ctx = Context(SeededDice(17))
    state = new_campaign(17, party(), PLAYERS, ctx=ctx)
    rolled = [e for e in ctx.events if isinstance(e, DiceRolled)]
    assert len(rolled) == 1 and rolled[0].why == "omens tracker size" and rolled[0].who == "gm"
    assert state.omens.size == sum(rolled[0].faces) and 2 <= state.omens.size <= 12
    assert state.omens.name == OMENS_NAME and state.omens.filled == 0
    assert state.omens.visibility is Visibility.HIDDEN
    started = [e for e in ctx.events if isinstance(e, OmensStarted)]
    assert started and started[0].size == state.omens.size
    assert state.dice == {"seed": 17, "index": 2}  # two dice rolled: the state keeps the dice's place


def test_a_campaign_starts_in_the_settlement_with_its_doom_section_10_and_9_4() -> None:
    """§10, §9.4: without a dungeon the party starts in the interlude at home, whose doom is hidden."""
    ctx = Context(SeededDice(2))
    state = new_campaign(2, party(), PLAYERS, settlement="blacksalt", silver=30, ctx=ctx)
    assert state.phase is Phase.INTERLUDE and not state.phase.expedition
    assert state.location == state.settlement == "blacksalt" and list(state.locations) == ["blacksalt"]
    home = state.here
    assert home.settlement and home.origin == ""
    assert home.doom.name == "doom:blacksalt" and home.doom.thresholds == SETTLEMENT_DOOM_EFFECTS
    assert home.doom.visibility is Visibility.KNOWN_HIDDEN
    assert state.silver == 30 and state.day == 1 and state.actions == 0 and state.roster == []
    assert [t.name for t in state.trackers()] == [OMENS_NAME, "decay", "doom:blacksalt"]
    assert ctx.events[-1] == CampaignStarted(rule="§10", seed=2, location="blacksalt", phase=Phase.INTERLUDE)


def test_a_campaign_may_open_at_a_dungeon_door_with_its_own_doom_section_9_2() -> None:
    """§9.2: every known location keeps a doom tracker; the dungeon's size defaults to its last effect."""
    state = new_campaign(4, party(), PLAYERS, dungeon="tomb", doom_thresholds=THRESHOLDS)
    assert state.phase is Phase.EXPLORATION and state.phase.expedition and state.location == "tomb"
    tomb = state.locations["tomb"]
    assert not tomb.settlement and tomb.doom.size == 5 and tomb.doom.thresholds == THRESHOLDS
    assert set(state.locations) == {"blacksalt", "tomb"} and state.settlement == "blacksalt"
    bare = new_campaign(4, party(), PLAYERS, dungeon="cave")
    assert bare.locations["cave"].doom.size == 8
    sized = new_campaign(4, party(), PLAYERS, dungeon="cave", doom_size=12, doom_thresholds=THRESHOLDS)
    assert sized.locations["cave"].doom.size == 12


def test_new_items_get_uids_past_every_carried_item_section_7() -> None:
    """§7: item uids are unique in the campaign, so the next one follows the party's highest."""
    members = party()
    members[1].items.append(Item.new(41, ItemDef("rope", "Rope")))
    assert new_campaign(1, members, PLAYERS).next_uid == 42
    assert new_campaign(1, party(), PLAYERS).next_uid == 1


@pytest.mark.parametrize(
    ("members", "players", "ctx", "message"),
    [
        (None, [Player("ann", "A"), Player("ann", "B")], None, "two players share an id"),
        ([Character("x", "X", owner="ann"), Character("x", "Y", owner="ann")], None, None, "share an id"),
        ([Character("x", "X", owner="zed")], None, None, "X belongs to 'zed', who is not a player"),
        (None, None, Context(ScriptedDice([3, 4])), "dice seeded with its own seed"),
        (None, None, Context(SeededDice(99)), "dice seeded with its own seed"),
    ],
)
def test_a_malformed_campaign_is_refused_section_10(
    members: list[Character] | None, players: list[Player] | None, ctx: Context | None, message: str
) -> None:
    """§10: every adventurer belongs to a player at the table, and the dice follow the campaign seed."""
    with pytest.raises(InvalidAction, match=message):
        new_campaign(5, members if members is not None else party(), players or PLAYERS, ctx=ctx)


def test_lookups_name_what_is_missing_section_10() -> None:
    """§10: party members and players are found by id; a missing one is a readable refusal."""
    state = new_campaign(3, party(), PLAYERS)
    assert state.character("bo").name == "Bo" and state.player("ann").name == "Ann"
    with pytest.raises(InvalidAction, match="nobody in the party is called 'ghost'"):
        state.character("ghost")
    with pytest.raises(InvalidAction, match="there is no player 'zed'"):
        state.player("zed")
    state.party[0].status = Status.DEAD
    assert [c.id for c in state.living] == ["bo"]


def test_the_fallen_leave_the_party_for_the_roster_with_their_cause_section_4_4() -> None:
    """§4.4: the dead leave the party; the roster keeps them, dead, with how and when they died."""
    state = new_campaign(6, party(), PLAYERS)
    state.day = 4
    wren, bo = state.party
    wren.status = Status.DEAD
    ctx = Context(ScriptedDice([]))
    assert retire_the_fallen(ctx, state, {"wren": "bled out"}) == [wren]
    assert state.party == [bo]
    assert state.roster == [RosterEntry(wren, Fate.DEAD, "bled out", 4)]
    assert ctx.events == [LeftParty(rule="§4.4", character="wren", fate=Fate.DEAD, cause="bled out")]
    bo.status = Status.DEAD
    retire_the_fallen(ctx, state, {})
    assert state.roster[-1].cause == "died" and state.party == [] and state.living == []
    assert retire_the_fallen(ctx, state, {}) == []


@given(statuses=st.lists(st.sampled_from(list(Status)), min_size=1, max_size=4))
def test_only_the_dead_ever_leave_and_nobody_is_lost_section_4_4(statuses: list[Status]) -> None:
    """§4.4: fainted and mortally wounded adventurers stay; party plus roster always holds everyone."""
    members = [Character(f"c{n}", f"C{n}", owner="ann", status=status) for n, status in enumerate(statuses)]
    state = new_campaign(1, members, PLAYERS)
    retire_the_fallen(Context(ScriptedDice([])), state, {})
    assert all(member.status is not Status.DEAD for member in state.party)
    assert all(entry.fate is Fate.DEAD for entry in state.roster)
    assert sorted(c.id for c in [*state.party, *(e.character for e in state.roster)]) == [
        c.id for c in members
    ]


def test_counterfeit_coins_are_kept_apart_from_silver_even_for_a_recruit_section_5_7() -> None:
    """§5.7: a Moon-curser's counterfeit coins join the campaign's own count, never its silver."""
    from expedition.rules.core.decisions import Decision, resolve
    from expedition.rules.creation.recruits import recruit
    from expedition.session.catalog_world import world_or_none

    def moon_curser(decision: Decision) -> str:
        wanted = {"class": "thief", "background": "moon_curser"}.get(decision.kind)
        return wanted if wanted in decision.keys else decision.default

    state = new_campaign(1, [Character("c1", "Ann's", owner="ann")], PLAYERS, silver=5)
    assert state.counterfeit == 0
    ctx = Context(SeededDice(1), world=world_or_none())
    resolve(recruit(ctx, state, "ben"), moon_curser)
    fakes = [e for e in ctx.events if isinstance(e, DiceRolled) and e.why == "counterfeit"]
    assert len(fakes) == 1 and state.counterfeit == sum(fakes[0].faces) >= 3
    assert state.silver == 5 + state.sheets["c2"].silver
