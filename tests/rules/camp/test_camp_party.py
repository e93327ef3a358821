"""Tests for rules/camp/camp_party.py: who takes a camp action, whom it aims at, who rests (§10.3)."""

from __future__ import annotations

import pytest

from expedition.rules.camp.camp_party import camper, living, party_target
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.lookout import KeepLookout
from expedition.rules.character.adventurer import Status
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.exploration.camp_state import CampPlace
from tests.rules.camp_helpers import camp_with, make_state


def test_the_actor_must_be_named_present_and_able_to_act() -> None:
    """§10.3, §4.3: a nameless action is malformed; a stranger or a fainted adventurer cannot act."""
    state = make_state()
    with pytest.raises(IllegalAction, match="not camping"):
        camper(state, KeepLookout(actor="wren"))
    camp_with(state, CampPlace(long_rest=True))
    assert camper(state, KeepLookout(actor="wren")) == (current_camp(state), state.character("wren"))
    with pytest.raises(InvalidAction, match="acting character"):
        camper(state, KeepLookout())
    with pytest.raises(IllegalAction, match="not with the party"):
        camper(state, KeepLookout(actor="nobody"))
    state.character("moss").status = Status.FAINTED
    with pytest.raises(IllegalAction, match="Moss cannot act \\(fainted\\)"):
        camper(state, KeepLookout(actor="moss"))


def test_a_camp_action_aims_at_the_actor_or_a_party_member() -> None:
    """§10.3: "" aims at the actor; any other id must be with the party."""
    state = make_state()
    wren = state.character("wren")
    assert party_target(state, wren, "") is wren
    assert party_target(state, wren, "moss") is state.character("moss")
    with pytest.raises(IllegalAction, match="ghost is not with the party"):
        party_target(state, wren, "ghost")


def test_everyone_but_the_dead_shares_the_rest() -> None:
    """§10.3: rest and sleep reach every party member not dead, in party order, the fainted too."""
    state = make_state()
    state.character("wren").status = Status.FAINTED
    assert [m.id for m in living(state)] == ["wren", "moss"]
    state.character("moss").status = Status.DEAD
    assert [m.id for m in living(state)] == ["wren"]
