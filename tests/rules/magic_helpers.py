"""Shared builders for the spell, prayer and maneuver tests: a small dungeon, a wizard, a cleric, a fight."""

from __future__ import annotations

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.item_defs import Item
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Trait
from expedition.rules.engine.campaign import CampaignState, Player, new_campaign
from expedition.rules.engine.dispatch import apply
from expedition.rules.exploration.dungeon_map import Dungeon, Level, Room
from expedition.rules.exploration.expedition import start_expedition
from expedition.rules.exploration.features import Door
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.items import inventory
from expedition.rules.trackers.doom import DoomThreshold
from expedition.session.catalog_world import default_world

WORLD = default_world()
TILES = ["##########", "#....+...#", "#........#", "#........#", "##########"]


def dungeon() -> Dungeon:
    level = Level(
        depth=1,
        width=10,
        height=5,
        tiles=list(TILES),
        rooms=[Room(0, 1, 1, 4, 3, name="Hall", entrance=True), Room(1, 6, 1, 3, 3, name="Crypt")],
        doors={(5, 1): Door((5, 1), DoorState.LOCKED, rooms=(0, 1))},
        exit=(1, 3),
        arrival=(1, 3),
    )
    return Dungeon(
        key="tomb",
        name="Tomb",
        seed=0,
        theme="undead",
        danger=0,
        levels=[level],
        doom=(DoomThreshold(6, "rats", "Rats."),),
        doom_size=8,
        wandering=(),
        entrance=(2, 2),
    )


def give(member: Character, key: str, uid: int) -> Item:
    item = Item.new(uid, WORLD.items[key])
    member.items.append(item)
    return item


def make_state() -> CampaignState:
    """A wizard (wand) and a cleric of Cador (talisman), 2 in every attribute, exploring.

    Both are night-stalkers, so darkness costs them no fatigue.
    """
    wiz = Character("wiz", "Wiz", owner="ann", traits={Trait.MAGIC_USER, Trait.NIGHT_STALKER})
    cle = Character("cle", "Cle", owner="ann", traits={Trait.DIVINE_MANDATE, Trait.NIGHT_STALKER})
    for member in (wiz, cle):
        for attr in Attr:
            member[attr].score = 2
    state = new_campaign(7, [wiz, cle], [Player("ann", "Ann")])
    ctx = Context(ScriptedDice([]), world=WORLD)
    start_expedition(ctx, state, dungeon(), items=WORLD.items)
    give(wiz, "wand", 1)
    give(cle, "ancient_talisman", 2)
    wiz.magic.calling, cle.magic.calling = "the_awakened", "cador"
    return state


def fight(state: CampaignState, *keys: str) -> list[Foe]:
    """Put the party in a fight, both adventurers fast, foes two tiles east of the wizard."""
    assert state.expedition is not None
    foes = [
        Foe(uid=f"foe{i + 1}", key=k, defn=WORLD.catalog.enemies[k], pos=(3 + i, 2))
        for i, k in enumerate(keys)
    ]
    state.expedition.combat = CombatState(
        foes=foes, positions={"wiz": (1, 2), "cle": (1, 1)}, fast=["wiz", "cle"]
    )
    state.phase = Phase.COMBAT
    return foes


def run(state: CampaignState, action: Action, faces: list[int], *keys: str) -> Context:
    """Apply `action` with scripted dice, answering decisions with `keys` then defaults."""
    ctx = Context(ScriptedDice(faces), world=WORLD)
    queue = list(keys)
    resolve(apply(ctx, state, action), lambda d: queue.pop(0) if queue else d.default)
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return ctx


_ = inventory
