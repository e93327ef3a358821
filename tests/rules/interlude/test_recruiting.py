"""Tests for interlude/recruiting.py: `NewRecruit`, a new adventurer in place of a fallen one (§5.1)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.campaign import Fate, Player, RosterEntry
from expedition.rules.interlude.day_and_night import EndDay
from expedition.rules.interlude.interlude_actions import GUARDS
from expedition.rules.interlude.interlude_state import DailyAction, DailyPlan
from expedition.rules.interlude.market import Haggle
from expedition.rules.interlude.recruiting import WAITING, NewRecruit
from tests.rules.interlude_helpers import back_in_town, interlude_of


def test_haggling_needs_the_skill_and_recruiting_needs_an_empty_seat() -> None:
    """§6.1, §5.1: Haggle takes the skill; a new adventurer joins only in place of a fallen one."""
    state = back_in_town()
    interlude_of(state).plans.append(DailyPlan("c1", DailyAction.GO_SHOPPING))
    with pytest.raises(IllegalAction, match="it takes the Haggle skill"):
        GUARDS[Haggle](state, Haggle(actor="c1", item="rope"))
    with pytest.raises(IllegalAction, match="nobody to replace"):
        GUARDS[NewRecruit](state, NewRecruit(player="ann"))
    for member in state.party:
        member.status = Status.DEAD
    GUARDS[NewRecruit](state, NewRecruit(player="ann"))
    with pytest.raises(IllegalAction, match="Nobody is left alive"):
        GUARDS[EndDay](state, EndDay())


def test_a_solo_player_replaces_each_fallen_adventurer_one_for_one_house() -> None:
    """House (§5.1 for a player with several): while fewer are alive than set out, one joins per fallen."""
    state = back_in_town(members=4)
    assert state.party_size == 4
    recruit = GUARDS[NewRecruit]
    with pytest.raises(IllegalAction, match="nobody to replace"):
        recruit(state, NewRecruit(player="ann"))
    state.party[0].status = Status.DEAD
    recruit(state, NewRecruit(player="ann"))  # three alive of four: one may join
    state.party.append(Character("c9", "Newcomer", owner="ann"))
    with pytest.raises(IllegalAction, match="nobody to replace"):
        recruit(state, NewRecruit(player="ann"))


def test_one_waiting_in_the_settlement_counts_as_alive_house() -> None:
    assert Fate.WAITING == WAITING  # the guard reads the fate by its value (the layers)
    state = back_in_town(members=4)
    left = state.party.pop()
    state.roster.append(RosterEntry(left, Fate.WAITING, "stayed behind"))
    with pytest.raises(IllegalAction, match="nobody to replace"):
        GUARDS[NewRecruit](state, NewRecruit(player="ann"))
    state.roster[-1].fate = Fate.DEAD
    GUARDS[NewRecruit](state, NewRecruit(player="ann"))


def test_at_a_table_of_two_the_player_with_fewer_adventurers_replaces_the_fallen_house() -> None:
    state = back_in_town(members=4)
    state.players.append(Player("ben", "Ben"))
    state.party[2].owner = state.party[3].owner = "ben"
    state.party[0].status = Status.DEAD  # Ann: one left; Ben: two
    GUARDS[NewRecruit](state, NewRecruit(player="ann"))
    with pytest.raises(IllegalAction, match="Ben already plays more adventurers than another player"):
        GUARDS[NewRecruit](state, NewRecruit(player="ben"))


def test_a_campaign_begun_before_the_party_size_was_kept_recruits_only_for_an_empty_seat() -> None:
    """party_size 0 (an old save): the rule as it was, a player with nobody left."""
    state = back_in_town(members=4)
    state.party_size = 0
    state.party[0].status = Status.DEAD
    with pytest.raises(IllegalAction, match="nobody to replace"):
        GUARDS[NewRecruit](state, NewRecruit(player="ann"))
    for member in state.party:
        member.status = Status.DEAD
    GUARDS[NewRecruit](state, NewRecruit(player="ann"))
