"""Shared builders for the prayer tests: a cleric who knows some prayers, and a successful prayer."""

from __future__ import annotations

from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.phase import Phase
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.camp_state import CampPlace, CampState
from expedition.rules.magic.prayers.praying import InvokePrayer
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


def angry(god: str) -> tuple[CampaignState, Character]:
    """The magic helpers' party, its cleric called by `god`, who is angry."""
    state = make_state()
    cle = state.character("cle")
    cle.magic.calling = god
    cle.magic.god_angry = True
    return state, cle


def camp(state: CampaignState, *, fire: bool = True, pool: int = 3) -> CampState:
    """Put the party in a camp with `pool` camp actions, with or without a fire."""
    assert state.expedition is not None
    state.expedition.camp = CampState(place=CampPlace(long_rest=False), pool=pool, total=pool, fire=fire)
    state.phase = Phase.CAMP
    return state.expedition.camp


def camp_run(state: CampaignState, action: Action, faces: list[int], *keys: str) -> Context:
    """Apply a camp action through the dispatcher with scripted dice."""
    ctx = Context(ScriptedDice(faces), world=WORLD)
    from expedition.rules.engine.dispatch import apply

    resolve(apply(ctx, state, action), answers(*keys))
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return ctx
