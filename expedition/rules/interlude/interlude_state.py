"""Provides the interlude's state (§10.4): the settlement, the day, plans, beds and the market, and arriving.

The interlude begins when the party leaves a dungeon (`arrive`, called by ExitDungeon) and ends
when it sets out again (`close_interlude`, called by SetOut). Its content (roll tables,
settlement sizes, sleeping places) comes from `ctx.world` through `interlude_content`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.afflictions import Cure, apply_cure
from expedition.rules.character.fainting import come_round_in_town
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.item_defs import Category, Item, ItemDef, Tag
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.locations import Location
from expedition.rules.interlude.settlement_defs import place_cost, place_sizes
from expedition.rules.items import handling, slots
from expedition.rules.trackers.doom import settlement_doom

if TYPE_CHECKING:
    from collections.abc import Mapping

    from expedition.rules.core.roll_tables import RollTable
    from expedition.rules.creation.party_creation import CreationOptions
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.interlude.settlement_defs import SettlementSize, SleepingPlace

HOUSE_DEFAULT_SIZE = 3
"""House: a settlement the content does not name (Blacksalt, the home town) counts as a Fief (size 3).

Blacksalt's market is the home port's (house balance, `session.catalog_world.home_port`): its
common goods are always in stock, where a Fief rolls 4d!."""


class DailyAction(StrEnum):
    """The daily actions of the interlude (§10.4.3, §16 #28)."""

    REST = "rest"
    TEND_WOUNDS = "tend_wounds"
    SELL = "sell"
    GO_SHOPPING = "go_shopping"
    LAY_LOW = "lay_low"
    REPAIR_ARMOUR = "repair_armour"


@dataclass(frozen=True, slots=True)
class DailyPlan:
    """One announced daily action (§10.4.3); it cannot be changed once announced.

    Attributes:
        actor: The adventurer's id.
        action: What they do.
        option: The paid or optional extra ("entertainment", "drunk", "bucolic", "surgeon",
            "witch_doctor", "first_aid", "time"), or "".
        items: Item uids: up to 3 to sell, or the armour to repair.
    """

    actor: str
    action: DailyAction
    option: str = ""
    items: tuple[int, ...] = ()


@dataclass(slots=True)
class InterludeState:
    """The interlude under way (§10.4).

    Attributes:
        settlement: The settlement's name (a key of `CampaignState.locations`).
        size: Its size, 1 (Small Camp) to 5 (City).
        day: Interlude day, from 1 (the day the party came back).
        arrival: True on the day of return: the expedition was that day, only the night is left.
        plans: Daily actions announced today.
        beds: Where each adventurer sleeps tonight, by character id (sleeping place keys).
        stock: Whether an item is in stock this interlude, by item key, once rolled (§7.2).
        prices: Each item's rolled price this interlude, by item key, before modifiers (§7.2).
        haggled: Adventurers who used Haggle this interlude (§6.1).
        traded_price: Adventurers who used Trade network's price reroll this interlude.
        traded_stock: Adventurers who used Trade network's availability reroll this interlude.
        events: Keys of today's Blacksalt rows (§10.4.4).
        bad_harvest: Days of food at double price left.
        overcrowding: Days of rent and housing at double price left.
        good_harvest: Food at half price today.
        naive_investor: Sales fetch 50 % more today.
        empty_streets: Housing at half price today.
        wares: Every item the world knows, with its price category (§7.2), written down on arrival:
            the market's guards see no world and judge by it (an item missing here is unknown).
        places: The world's sleeping places on arrival, as [nightly silver, *sizes offering it]
            (§10.4.5, HOUSE §4.4), for ChooseBed's guard; `place_needs` holds what each needs.
        place_needs: What each sleeping place needs every sleeper to carry ("" for nothing).
    """

    settlement: str
    size: int
    day: int = 1
    arrival: bool = True
    plans: list[DailyPlan] = field(default_factory=list)
    beds: dict[str, str] = field(default_factory=dict)
    stock: dict[str, bool] = field(default_factory=dict)
    prices: dict[str, int] = field(default_factory=dict)
    haggled: list[str] = field(default_factory=list)
    traded_price: list[str] = field(default_factory=list)
    traded_stock: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    bad_harvest: int = 0
    overcrowding: int = 0
    good_harvest: bool = False
    naive_investor: bool = False
    empty_streets: bool = False
    wares: dict[str, Category] = field(default_factory=dict)
    places: dict[str, list[int]] = field(default_factory=dict)
    place_needs: dict[str, str] = field(default_factory=dict)

    def plans_of(self, actor: str) -> list[DailyPlan]:
        """The daily actions `actor` announced today."""
        return [plan for plan in self.plans if plan.actor == actor]


@runtime_checkable
class InterludeContent(Protocol):
    """The content the interlude needs from the world (implemented by `CatalogWorld`)."""

    @property
    def items(self) -> Mapping[str, ItemDef]:
        """Every item definition by key."""
        ...

    def roll_table(self, key: str) -> RollTable:
        """The roll table with this key."""
        ...

    def settlement_size(self, settlement: str) -> SettlementSize:
        """The size definition of a settlement (named ones by key or name; others a house default)."""
        ...

    def sleeping_places(self) -> tuple[SleepingPlace, ...]:
        """Every place a night can be spent."""
        ...

    def creation_options(self) -> CreationOptions:
        """What character creation needs."""
        ...


def interlude_content(ctx: Context) -> InterludeContent:
    """The interlude's content from `ctx.world`.

    Raises:
        IllegalAction: When no world with the interlude's content is loaded.
    """
    world = ctx.world
    if world is None or not isinstance(world, InterludeContent):
        raise IllegalAction("The settlement's content is not loaded, so the interlude cannot run.")
    return world


def current(state: CampaignState) -> InterludeState:
    """The interlude under way.

    Raises:
        IllegalAction: Outside an interlude (before the first expedition, or out in a dungeon).
    """
    interlude = state.interlude
    if interlude is None or state.phase.expedition:
        raise IllegalAction("That can only be done in a settlement, during an interlude.")
    return interlude


def arrive(ctx: Context, state: CampaignState) -> InterludeState:
    """Begin the interlude in the party's settlement (§10.4.1, §10.4.2).

    Leaving the dungeon has already advanced its doom and cured Hopeless. Here the fainted wake
    and the mortally wounded are stabilised (§16 #31, #33), Nauseated is cured, Pilfer gives 1d6
    silver, Cooking 1 ration and Master Chef 3, and the settlement gets its own doom tracker if it
    has none (§9.4). The day of return was the expedition, so only
    its night is left (§10.4.1).
    """
    name = state.settlement
    if name not in state.locations:
        state.locations[name] = Location(name, settlement_doom(name), settlement=True)
    world = ctx.world
    size = world.settlement_size(name).size if isinstance(world, InterludeContent) else HOUSE_DEFAULT_SIZE
    interlude = InterludeState(settlement=name, size=size)
    if isinstance(world, InterludeContent):  # what the guards must know, since they see no world
        interlude.wares = {key: defn.category for key, defn in world.items.items()}
        for place in world.sleeping_places():
            interlude.places[place.key] = [place_cost(place), *place_sizes(place)]
            interlude.place_needs[place.key] = place.needs
    state.interlude = interlude
    ctx.emit(InterludeBegan(rule="§10.4", settlement=name, size=size, day=state.day))
    for member in state.living:
        come_round_in_town(ctx, member)  # no turns pass in town to wake by (§16 #31, #33)
        apply_cure(ctx, member, Cure.INTERLUDE, rule="§10.4.1")
        if member.has(Skill.PILFER):
            silver = sum(ctx.roll(1, 6, who=member.id, why="Pilfer", rule="§6.1"))
            state.silver += silver
            ctx.emit(SilverGained(rule="§6.1", character=member.id, silver=silver, why="pilfer"))
        rations = 3 if member.has(Skill.MASTER_CHEF) else 1 if member.has(Skill.COOKING) else 0
        defn = world.items.get("ration") if world is not None else None
        if rations and defn is not None:
            receive(ctx, state, member, new_item(state, defn, rations), rule="§6.1")
        elif rations:
            ctx.emit(Note(rule="§6.1", text="No ration is known to the content; the cook's bonus is lost."))
    return interlude


def close_interlude(ctx: Context, state: CampaignState) -> None:
    """End the interlude (the party sets out, §10.4.3 "go back to expedition"); does nothing outside one."""
    interlude = state.interlude
    if interlude is None:
        return
    state.interlude = None
    ctx.emit(InterludeEnded(rule="§10.4.3", settlement=interlude.settlement, days=interlude.day))


def new_item(state: CampaignState, defn: ItemDef, quantity: int | None = None) -> Item:
    """A fresh item with the campaign's next free uid."""
    item = Item.new(state.next_uid, defn, quantity)
    state.next_uid += 1
    return item


def receive(ctx: Context, state: CampaignState, character: Character, item: Item, *, rule: str) -> bool:
    """Give a new item to a character where it fits (notes when tiny, containers, hands), else stash it.

    Returns:
        True if the character carries it, False if it went to the stash.
    """
    places = [slots.NOTES] if Tag.TINY in item.defn.tags else []
    places += [slots.inside(c) for c in slots.worn_containers(character)] + list(slots.HANDS)
    for place in places:
        if slots.can_put(character, item, place):
            handling.put(ctx, character, item, place, rule=rule)
            return True
    state.stash.append(item)
    ctx.emit(NewItemStashed(rule=rule, character=character.id, item=item.uid, name=item.name))
    return False


@dataclass(frozen=True, slots=True, kw_only=True)
class InterludeBegan(Event):
    """The party is back in a settlement; the interlude begins (§10.4)."""

    settlement: str
    size: int
    day: int


@dataclass(frozen=True, slots=True, kw_only=True)
class InterludeEnded(Event):
    """The party set out again; the interlude is over (§10.4.3)."""

    settlement: str
    days: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SilverGained(Event):
    """The party's purse grew (Pilfer, a sale).

    Attributes:
        character: Who brought it in.
        silver: How much.
        why: "pilfer", "sale" …
    """

    character: str
    silver: int
    why: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NewItemStashed(Event):
    """A new item did not fit on its owner and was left in the settlement stash."""

    character: str
    item: int
    name: str


def interlude_member(state: CampaignState, action: Action) -> Character:
    """The living party member `action` names as its actor.

    Raises:
        InvalidAction: When the action names nobody.
        IllegalAction: When that adventurer is not with the party (or is dead).
    """
    if not action.actor:
        raise InvalidAction(f"{type(action).__name__} needs the acting character")
    for member in state.party:
        if member.id == action.actor and member.status is not Status.DEAD:
            return member
    raise IllegalAction(f"{action.actor} is not with the party.")
