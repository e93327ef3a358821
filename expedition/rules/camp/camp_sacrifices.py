"""Provides the sacrifices made at camp (§5.7.4, §10.3): Goshkalon's burnt teeth and Kaal Rafir's prayer.

Both are camp actions of an angry god's cleric, each 1 camp action from the pool:

- `BurnTeeth` (Goshkalon): needs the camp fire and a handful of teeth. Each camp action burns one
  handful and rolls 1d!: a trigger pleases the god. House: a found handful (no usage die) is used
  up; the starting kit's purse of teeth has a usage die (Ud6, as the kit's flasks of holy water
  do), rolled after each handful burnt from it, and gone when it runs out. Loose handfuls burn first.
- `PrayForFavour` (Kaal Rafir): praying at camp restores his favour, with no test (house); the
  prayer needs the holy symbol, as every prayer does (§11.2).

The other gods' sacrifices are made while exploring (`magic.prayers.sacrifices`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.camp.camp_party import camper
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.pool import afford, spend
from expedition.rules.core.actions import Action
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item
from expedition.rules.core.skills import Trait
from expedition.rules.items.usage import roll_usage, use_one
from expedition.rules.magic.prayers.praying import has_holy_symbol
from expedition.rules.magic.prayers.sacrifices import appease

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = [
    "COST",
    "TEETH",
    "BurnTeeth",
    "PrayForFavour",
    "TeethBurned",
    "burn_teeth",
    "pray_for_favour",
    "sacrifice_options",
    "verify_burn_teeth",
    "verify_prayer",
]

RULE = "§5.7.4"
COST = 1
"""Camp actions each sacrifice takes, as any camp action the camp's table does not list (§10.3)."""
TEETH = "human_teeth"
"""The item burnt for Goshkalon: a handful of teeth (HOUSE §4.4)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BurnTeeth(Action):
    """Burn a handful of teeth in the camp fire for an angry Goshkalon (§5.7.4): 1 camp action, 1d!."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PrayForFavour(Action):
    """Pray to an angry Kaal Rafir at camp (§5.7.4): 1 camp action; his favour returns (house: no test)."""


def _angry_cleric(state: CampaignState, action: Action, god: str) -> Character:
    _, member = camper(state, action)
    if Trait.DIVINE_MANDATE not in member.traits or member.magic.calling != god:
        raise IllegalAction(f"{member.name} is no cleric of {god.replace('_', ' ').title()}.")
    if not member.magic.god_angry:
        raise IllegalAction(f"{member.name}'s god is not angry.")
    return member


def _handful(member: Character) -> Item | None:
    teeth = [i for i in member.items if i.defn.key == TEETH]
    return next((i for i in teeth if not i.usage), None) or next(iter(teeth), None)


def verify_burn_teeth(state: CampaignState, action: BurnTeeth) -> None:
    """Raise unless Goshkalon's angry cleric can burn a handful of teeth in this camp's fire now."""
    member = _angry_cleric(state, action, "goshkalon")
    if not current_camp(state).fire:
        raise IllegalAction("Teeth are burnt in a fire: this camp has none.")
    if _handful(member) is None:
        raise IllegalAction(f"{member.name} carries no teeth to burn.")
    afford(current_camp(state), COST)


def verify_prayer(state: CampaignState, action: PrayForFavour) -> None:
    """Raise unless Kaal Rafir's angry cleric, holy symbol in hand, can pray at this camp now."""
    member = _angry_cleric(state, action, "kaal_rafir")
    if not has_holy_symbol(member):
        raise IllegalAction(f"{member.name} has no holy symbol: no prayer works without one.")
    afford(current_camp(state), COST)


def burn_teeth(ctx: Context, state: CampaignState, action: BurnTeeth) -> Resolution[None]:
    """One handful into the fire: 1d!, a trigger pleases Goshkalon; the handful is spent (§5.7.4, house)."""
    spend(ctx, current_camp(state), action, COST)
    member = state.character(action.actor)
    item = _handful(member)
    assert item is not None  # the guard checked
    (face,) = ctx.roll(1, 6, who=member.id, why="teeth for Goshkalon (1d!)", rule=RULE)
    pleased = risk_triggered((face,))
    ctx.emit(TeethBurned(rule=RULE, character=member.id, face=face, pleased=pleased))
    if item.usage:
        roll_usage(ctx, member, item, rule=RULE)
    else:
        use_one(ctx, member, item, rule=RULE)
    if pleased:
        appease(ctx, member, rule=RULE)
    return
    yield


def pray_for_favour(ctx: Context, state: CampaignState, action: PrayForFavour) -> Resolution[None]:
    """Pray to Kaal Rafir at camp: his favour returns, no test (§5.7.4, house)."""
    spend(ctx, current_camp(state), action, COST)
    appease(ctx, state.character(action.actor), rule=RULE)
    return
    yield


def sacrifice_options(member: Character) -> list[tuple[Action, str]]:
    """The camp sacrifices to list for `member` (a cleric of Goshkalon or Kaal Rafir whose god is angry)."""
    if Trait.DIVINE_MANDATE not in member.traits or not member.magic.god_angry:
        return []
    if member.magic.calling == "goshkalon":
        return [(BurnTeeth(actor=member.id), "Burn teeth for Goshkalon")]
    if member.magic.calling == "kaal_rafir":
        return [(PrayForFavour(actor=member.id), "Pray to Kaal Rafir")]
    return []


@dataclass(frozen=True, slots=True, kw_only=True)
class TeethBurned(Event):
    """A handful of teeth burnt for Goshkalon; `face` is the 1d!, `pleased` when it triggered."""

    character: str
    face: int
    pleased: bool
