"""Tests for interlude/recruiting.py: `NewRecruit`, a new adventurer for an empty seat (§5.1)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.core.errors import IllegalAction
from expedition.rules.interlude.day_and_night import EndDay
from expedition.rules.interlude.interlude_actions import GUARDS
from expedition.rules.interlude.interlude_state import DailyAction, DailyPlan
from expedition.rules.interlude.market import Haggle
from expedition.rules.interlude.recruiting import NewRecruit
from tests.rules.interlude_helpers import back_in_town, interlude_of


def test_haggling_needs_the_skill_and_recruiting_needs_an_empty_seat() -> None:
    """§6.1, §5.1: Haggle takes the skill; only a player with nobody left makes a new adventurer."""
    state = back_in_town()
    interlude_of(state).plans.append(DailyPlan("c1", DailyAction.GO_SHOPPING))
    with pytest.raises(IllegalAction, match="it takes the Haggle skill"):
        GUARDS[Haggle](state, Haggle(actor="c1", item="rope"))
    with pytest.raises(IllegalAction, match="nobody left"):
        GUARDS[NewRecruit](state, NewRecruit(player="ann"))
    for member in state.party:
        member.status = Status.DEAD
    GUARDS[NewRecruit](state, NewRecruit(player="ann"))
    with pytest.raises(IllegalAction, match="Nobody is left alive"):
        GUARDS[EndDay](state, EndDay())
