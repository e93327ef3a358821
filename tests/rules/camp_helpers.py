"""Shared builders for the camp tests: a one-room tomb, two adventurers, camp items and a camp set up."""

from __future__ import annotations

from expedition.rules.camp.camp_setup import current_camp, start_camp
from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.item_defs import ArmourSlot, ArmourType, Item, ItemDef, Light, Tag
from expedition.rules.engine.campaign import CampaignState, Player, new_campaign
from expedition.rules.engine.dispatch import apply
from expedition.rules.exploration.camp_state import CampPlace
from expedition.rules.exploration.dungeon_map import Dungeon, Level, Room
from expedition.rules.exploration.expedition import start_expedition
from expedition.rules.exploration.features import Encounter, EncounterRow
from expedition.rules.items.slots import LEFT_HAND, TORSO
from expedition.rules.trackers.doom import DoomThreshold

CAMP = frozenset({Tag.CAMP})
SUPPLIES = ItemDef(key="camping_supplies", name="Camping supplies", tags=CAMP)
FIREWOOD = ItemDef(key="firewood", name="Firewood", tags=CAMP)
RATION = ItemDef(key="ration", name="Ration", tags=frozenset({Tag.SLOW, Tag.CAMP}))
SPECIAL = ItemDef(key="special_ration", name="Special ration", tags=CAMP)
MEDICAL = ItemDef(key="medical_supply", name="Medical supply", tags=CAMP, pack=2)
SEWING = ItemDef(key="sewing_tools", name="Sewing tools", tags=CAMP, usage=8)
GAMBESON = ItemDef(
    key="gambeson", name="Gambeson", armour=(3,), armour_type=ArmourType.LIGHT, armour_slot=ArmourSlot.BODY
)
LAMP = ItemDef(key="lamp", name="Lamp", tags=frozenset({Tag.QUICK}), light=Light.NEARBY)
TILES = ["#" * 12, *["#" + "." * 10 + "#"] * 6, "#" * 12]


def make_dungeon(*, encounter: bool = False) -> Dungeon:
    """A one-level tomb: one dry room "Refuge", doom thresholds at 3 and 6, two wandering rows."""
    level = Level(
        depth=1,
        width=12,
        height=8,
        tiles=list(TILES),
        rooms=[Room(0, 1, 1, 10, 6, name="Refuge")],
        encounters=[Encounter(0, ("ghoul",), name="Ghouls")] if encounter else [],
        arrival=(1, 1),
    )
    return Dungeon(
        key="tomb",
        name="Tomb",
        seed=0,
        theme="undead",
        danger=0,
        levels=[level],
        doom=(DoomThreshold(3, "rats", "Rats."), DoomThreshold(6, "end", "The end.")),
        doom_size=6,
        wandering=(EncounterRow(1, "Crawlers", ("crawler",)), EncounterRow(2, "Ghouls", ("ghoul", "ghoul"))),
        entrance=(2, 1),
    )


def make_state(*, encounter: bool = False) -> CampaignState:
    """Wren and Moss (2 in every attribute) exploring the tomb; Wren holds a lit everlasting lamp."""
    party = [Character("wren", "Wren", owner="ann"), Character("moss", "Moss", owner="ann")]
    for member in party:
        for attr in Attr:
            member[attr].score = 2
    state = new_campaign(7, party, [Player("ann", "Ann")])
    start_expedition(Context(ScriptedDice([])), state, make_dungeon(encounter=encounter))
    lamp = give(state, "wren", LAMP)
    lamp.place, lamp.lit = LEFT_HAND, True  # an everlasting light: no darkness, no usage rolls
    return state


def give(state: CampaignState, who: str, defn: ItemDef, quantity: int | None = None) -> Item:
    """Give `who` a new item of `defn`, carried on the torso."""
    item = Item.new(state.next_uid, defn, quantity)
    state.next_uid += 1
    item.place = TORSO
    state.character(who).items.append(item)
    return item


def run(state: CampaignState, action: Action, faces: list[int], *keys: str) -> Context:
    """Apply `action` with scripted dice, answering decisions with `keys` then defaults."""
    ctx = Context(ScriptedDice(faces))
    resolve(apply(ctx, state, action), answers(*keys))
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]  # every scripted face was rolled
    return ctx


def camp_with(state: CampaignState, place: CampPlace, *keys: str) -> Context:
    """Set up camp at `place` directly, answering the setup questions with `keys`."""
    ctx = Context(ScriptedDice([]))
    resolve(start_camp(ctx, state, place=place), answers(*keys))
    return ctx


def pool(state: CampaignState) -> int:
    """Camp actions left in the camp under way."""
    return current_camp(state).pool
