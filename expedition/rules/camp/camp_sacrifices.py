"""Provides the sacrifices made at camp (§5.7.4, §10.3): Goshkalon's burnt teeth and Kaal Rafir's prayer.

Both are camp actions of an angry god's cleric, each 1 camp action from the pool:

- `BurnTeeth` (Goshkalon): needs the camp fire and a handful of teeth. Each camp action burns one
  handful and rolls 1d!: a trigger pleases the god. House: a found handful (no usage die) is used
  up; the starting kit's purse of teeth has a usage die (Ud6, as the kit's flasks of holy water
  do), rolled after each handful burnt from it, and gone when it runs out. Loose handfuls burn first.
- `PrayForFavour` (Kaal Rafir): praying at camp restores his favour, with no test (house); the
  prayer needs the holy symbol, as every prayer does (§11.2).

The other gods' sacrifices are made while exploring (`sacrifices`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.camp.camp_action_types import camp_cost
from expedition.rules.camp.camp_setup import current_camp
from expedition.rules.camp.camp_verbs import CampActionTaken
from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item
from expedition.rules.core.skills import Trait
from expedition.rules.items.usage import roll_usage, use_one
from expedition.rules.magic.prayers.praying import has_holy_symbol
from expedition.rules.magic.prayers.sacrifices import appease

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = ["GUARDS", "TEETH", "VERBS", "BurnTeeth", "PrayForFavour", "TeethBurned", "sacrifice_options"]

RULE = "§5.7.4"
TEETH = "human_teeth"
"""The item burnt for Goshkalon: a handful of teeth (HOUSE §4.4)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BurnTeeth(Action):
    """Burn a handful of teeth in the camp fire for an angry Goshkalon (§5.7.4): 1 camp action, 1d!."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PrayForFavour(Action):
    """Pray to an angry Kaal Rafir at camp (§5.7.4): 1 camp action; his favour returns (house: no test)."""


def _angry_cleric(state: CampaignState, action: Action, god: str) -> Character:
    current_camp(state)
    if not action.actor:
        raise InvalidAction(f"{type(action).__name__} needs the acting character")
    member = next((c for c in state.party if c.id == action.actor), None)
    if member is None:
        raise IllegalAction(f"{action.actor} is not with the party.")
    if not member.can_act:
        raise IllegalAction(f"{member.name} cannot act ({member.status.value.replace('_', ' ')}).")
    if Trait.DIVINE_MANDATE not in member.traits or member.magic.calling != god:
        raise IllegalAction(f"{member.name} is no cleric of {god.replace('_', ' ').title()}.")
    if not member.magic.god_angry:
        raise IllegalAction(f"{member.name}'s god is not angry.")
    return member


def _pool(state: CampaignState, action: Action) -> None:
    camp = current_camp(state)
    cost = camp_cost(state, action)
    if cost > camp.pool:
        raise IllegalAction(f"That takes {cost} camp action{'s' if cost > 1 else ''}; {camp.pool} left.")


def _handful(member: Character) -> Item | None:
    teeth = [i for i in member.items if i.defn.key == TEETH]
    return next((i for i in teeth if not i.usage), None) or next(iter(teeth), None)


def _verify_burn(state: CampaignState, action: BurnTeeth) -> None:
    member = _angry_cleric(state, action, "goshkalon")
    if not current_camp(state).fire:
        raise IllegalAction("Teeth are burnt in a fire: this camp has none.")
    if _handful(member) is None:
        raise IllegalAction(f"{member.name} carries no teeth to burn.")
    _pool(state, action)


def _verify_pray(state: CampaignState, action: PrayForFavour) -> None:
    member = _angry_cleric(state, action, "kaal_rafir")
    if not has_holy_symbol(member):
        raise IllegalAction(f"{member.name} has no holy symbol: no prayer works without one.")
    _pool(state, action)


def _pay(ctx: Context, state: CampaignState, action: Action) -> None:
    camp = current_camp(state)
    cost = camp_cost(state, action)
    camp.pool -= cost
    ctx.emit(
        CampActionTaken(
            rule="§10.3", action=type(action).__name__, character=action.actor, cost=cost, left=camp.pool
        )
    )


def burn_teeth(ctx: Context, state: CampaignState, action: BurnTeeth) -> Resolution[None]:
    """One handful into the fire: 1d!, a trigger pleases Goshkalon; the handful is spent (§5.7.4, house)."""
    _pay(ctx, state, action)
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
    _pay(ctx, state, action)
    appease(ctx, state.character(action.actor), rule=RULE)
    return
    yield


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    BurnTeeth: _verify_burn,
    PrayForFavour: _verify_pray,
}
"""The camp sacrifices' guards."""

VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    BurnTeeth: burn_teeth,
    PrayForFavour: pray_for_favour,
}
"""The camp sacrifices' verbs."""

DOES: dict[type[Action], str] = {
    BurnTeeth: "Burn a handful of teeth for Goshkalon: 1d!, and a trigger pleases him.",
    PrayForFavour: "Pray to Kaal Rafir: his favour returns.",
}
"""What each camp sacrifice does, in a line."""


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
