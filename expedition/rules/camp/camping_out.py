"""Provides camping out in the interlude (house, §10.3, §10.4.5): a camp phase, then the camp sleeping table.

House (HOUSE §4.4 reading of "Camp"): when any adventurer's bed tonight is the camp, the party
holds a camp outside the settlement after the day's actions, with the dungeon camp's rules and
screen: Cooking, Surgeon, Ritualist (which lowers this settlement's doom or the omens), Crafting,
memorising, camp items, rest and sleep. The camp is dry, open to the sky, lets a fire burn, and
is a long rest (+2 camp actions; no doom, since it is not in a dungeon). Each camper keeps one
camping supply back from the setup for the camp table. Breaking it rolls no ambush: the night
goes on at once (`breaking_camp`: hunger, where whoever ate a cooked meal at the camp needs no
ration, then each bed's 2d6 table, the campers on the camp table) and the next day begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.camp.camp_setup import start_camp
from expedition.rules.character.adventurer import Character
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Note
from expedition.rules.exploration.camp_state import CampPlace
from expedition.rules.interlude.hunger_and_sleep import CAMP
from expedition.rules.trackers.doom import hunted

if TYPE_CHECKING:
    from collections.abc import Sequence

    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.interlude.interlude_state import InterludeState

__all__ = ["camp_out_place", "campers", "hold_camp"]


def campers(state: CampaignState, interlude: InterludeState) -> list[Character]:
    """The living adventurers whose bed tonight is the camp; nobody while the locals hunt the party."""
    if hunted(state.locations[interlude.settlement].doom.filled):
        return []
    return [m for m in state.living if interlude.beds.get(m.id, "") == CAMP]


def camp_out_place(interlude: InterludeState, sleepers: Sequence[Character]) -> CampPlace:
    """The camping place outside a settlement (house): dry, exposed, fire allowed, a long rest."""
    where = interlude.settlement.replace("_", " ").title()
    return CampPlace(
        name=f"a camp outside {where}",
        dry=True,
        exposed=True,
        fire_possible=True,
        long_rest=True,
        in_dungeon=False,
        campers=tuple(m.id for m in sleepers),
    )


def hold_camp(ctx: Context, state: CampaignState, interlude: InterludeState) -> Resolution[bool]:
    """Set up tonight's camp outside the settlement (house, §10.3) when anyone sleeps at the camp.

    Returns:
        True when a camp was set up (the night then waits for `BreakCamp`); False when nobody
        camps or nobody can set it up (the night goes on at once).
    """
    sleepers = campers(state, interlude)
    if not sleepers:
        return False
    try:
        yield from start_camp(ctx, state, place=camp_out_place(interlude, sleepers))
    except IllegalAction as refused:
        ctx.emit(Note(rule="§10.3", text=f"{refused} The night goes on without a camp."))
        return False
    return True
