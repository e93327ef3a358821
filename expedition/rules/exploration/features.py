"""Provides what is placed on a dungeon level: doors, traps, treasure, caches, corpses, encounters."""

from __future__ import annotations

from dataclasses import dataclass

from expedition.rules.core.distance import Pos
from expedition.rules.exploration.tiles import DoorState

__all__ = ["Cache", "Corpse", "Door", "Encounter", "EncounterRow", "Trap", "Treasure"]


@dataclass(slots=True)
class Door:
    """A door on a level (HOUSE §1.4).

    Attributes:
        pos: Its tile.
        state: How it stands now.
        secret: A secret door: drawn as wall until `found`.
        found: For a secret door, whether the party has found it (Search).
        barred_from: For a barred door, the neighbouring tile on the side where the bar is: from
            there it lifts freely, from the other side it must be broken. None otherwise.
        rooms: The ids of the rooms it joins (one id for a door into a corridor).
    """

    pos: Pos
    state: DoorState = DoorState.CLOSED
    secret: bool = False
    found: bool = False
    barred_from: Pos | None = None
    rooms: tuple[int, ...] = ()

    @property
    def blocks_sight(self) -> bool:
        """True unless the door stands open (an unfound secret door always blocks)."""
        return self.state is not DoorState.OPEN or (self.secret and not self.found)


@dataclass(slots=True)
class Trap:
    """A trap (HOUSE §1.8 and each theme's trap table).

    Attributes:
        pos: Its tile (a floor trap springs on whoever enters it; an object trap on whoever Loots it).
        room: The id of its room.
        key: The theme trap's key ("spiked_flagstones").
        name: Its name.
        hidden: Placed concealed; it cannot be seen until `found`. Generated traps are always hidden.
        found: The party has found it (Look for traps, Search).
        disarmed: Disarmed; it no longer springs.
        sprung: It has gone off.
        test: The attribute the victim tests to avoid it ("DEX"), "" for an effect with no test.
        attack: The attack in enemy notation ("DEX 3", "-DEX 2+2"), "" for none.
        effect: What else it does, in words.
        tell: The sign described when its tile is lit.
        find: How it is found: "normal", "advantage", "disadvantage" or a sentence.
        disarm: How it is disarmed, "" when it cannot be ("—" in the tables).
        object_trap: True for a trap on an object (a coffin, a jar) rather than the floor.
        impact: True for falling or crushing harm (§6.6), against which shields help.
    """

    pos: Pos
    room: int
    key: str
    name: str
    hidden: bool = True
    found: bool = False
    disarmed: bool = False
    sprung: bool = False
    test: str = ""
    attack: str = ""
    effect: str = ""
    tell: str = ""
    find: str = "normal"
    disarm: str = ""
    object_trap: bool = False
    impact: bool = False

    @property
    def known(self) -> bool:
        """True if the party can see it: found, or never concealed."""
        return self.found or not self.hidden

    @property
    def armed(self) -> bool:
        """True while it can still go off."""
        return not (self.disarmed or self.sprung)


@dataclass(frozen=True, slots=True)
class Treasure:
    """One treasure item of a category (HOUSE §4.1); its price is rolled when it is sold.

    Attributes:
        name: What it is ("Pearl string").
        category: "uncommon", "valuable", "rare" or "exotic".
        kind: J jewellery, R relic, A art, T trade goods, C curio.
        slots: Inventory slots (0 for tiny).
        fragile: Worthless after 3+ wounds from one attack, a fall or being swept away.
        marked: Cannot be sold in the settlement nearest its dungeon.
    """

    name: str
    category: str
    kind: str = "T"
    slots: int = 0
    fragile: bool = False
    marked: bool = False


@dataclass(slots=True)
class Cache:
    """A treasure cache found by a Loot action (HOUSE §1.3).

    Attributes:
        pos: Its tile.
        room: The id of its room.
        silver: Exact coins in it.
        items: Item keys from items.toml (rations, rope, lanterns ...), one entry per item.
        treasures: Category treasure items.
        looted: Already taken.
        hidden: Only a Search finds it (a smugglers' niche).
        locked: A locked chest or coffer (Pick a lock, DEX test).
        description: What it looks like ("Burial purse").
    """

    pos: Pos
    room: int
    silver: int = 0
    items: tuple[str, ...] = ()
    treasures: tuple[Treasure, ...] = ()
    looted: bool = False
    hidden: bool = False
    locked: bool = False
    description: str = ""


@dataclass(slots=True)
class Corpse:
    """A body the dead vigil may raise (HOUSE §1.7).

    Attributes:
        pos: Its tile.
        kind: What it was: an enemy key, "human" or "adventurer".
        rises_in_days: Days until it rises, None if it never will.
        rises_as: The enemy key it rises as ("freshly_risen_corpse"), "" if it never will.
        warded: Warded against rising.
        name: A name, for adventurers and named dead.
        vigil_dice: For a body left in play, the risk dice the vigil still rolls before its count
            starts (0: it always rises, 3: a goblin's 3d!, 1: a beast's 1d!); None once settled
            (`rules.dead_vigil`).
        who: A fallen adventurer's character id, "" for anyone else.
    """

    pos: Pos
    kind: str
    rises_in_days: int | None = None
    rises_as: str = ""
    warded: bool = False
    name: str = ""
    vigil_dice: int | None = None
    who: str = ""


@dataclass(frozen=True, slots=True)
class EncounterRow:
    """One row of a theme's encounter table (HOUSE §1.8): a core and optional filler.

    Attributes:
        roll: The row number (1..8 for wandering groups, 1..6 for lairs).
        name: The group's name ("Crawlers").
        core: Enemy keys of the core, in the order they are added (§2.3).
        filler: Enemy keys added while the budget allows.
        note: A rule or description for the group, "" for none.
    """

    roll: int
    name: str
    core: tuple[str, ...]
    filler: tuple[str, ...] = ()
    note: str = ""


@dataclass(slots=True)
class Encounter:
    """An encounter placed in a room when the level is stocked.

    Attributes:
        room: The id of its room.
        enemies: Enemy keys of the group as built (§2.3).
        name: The group's name.
        row: The table row it came from.
        lair: A lair encounter.
        activity: Its activity roll (HOUSE §2.5), 1..6.
        note: The row's note.
        defeated: Beaten, fled or otherwise gone.
        wounds: Wounds each enemy kept from a fight it was not beaten in, in `enemies` order
            (HOUSE §3.1: survivors keep their wounds); empty when none fought yet.
    """

    room: int
    enemies: tuple[str, ...]
    name: str = ""
    row: int = 0
    lair: bool = False
    activity: int = 0
    note: str = ""
    defeated: bool = False
    wounds: tuple[int, ...] = ()
