"""Shared builders for the prayer tests: a cleric who knows some prayers, and a successful prayer."""

from __future__ import annotations

from expedition.rules.campaign import CampaignState
from expedition.rules.character import Character
from expedition.rules.context import Context
from expedition.rules.dice import ScriptedDice
from expedition.rules.prayers import InvokePrayer
from tests.rules.magic_helpers import WORLD, make_state, run


def cleric(*prayers: str, god: str = "cador") -> tuple[CampaignState, Character]:
    """The cleric of `make_state`, serving `god`, knowing and memorising `prayers`."""
    state = make_state()
    cle = state.character("cle")
    cle.magic.calling = god
    cle.magic.known_prayers = list(prayers)
    cle.magic.memorised_prayers = list(prayers)
    return state, cle


def pray(state: CampaignState, prayer: str, target: str, faces: list[int], *keys: str) -> Context:
    """A successful PRE test (5, 5), then the prayer's own dice."""
    return run(state, InvokePrayer(actor="cle", prayer=prayer, target=target), [5, 5, *faces], *keys)


def ctx() -> Context:
    """A context with no dice and the content world."""
    return Context(ScriptedDice([]), world=WORLD)
