"""Provides the party: its adventurers, the shared stash and purse, and each adventurer's creation sheet."""

from __future__ import annotations

from dataclasses import dataclass, field

from expedition.rules.character.adventurer import Character
from expedition.rules.core.item_defs import Item, ItemDef


@dataclass(frozen=True, slots=True)
class CreationSheet:
    """What character creation decided for one adventurer (§5.1), kept for the sheet and the log.

    Attributes:
        character: The adventurer's id.
        infancy: Key of the infancy row (§5.2).
        career: Key of the previous-career row (§5.3).
        tragedy: Key of the tragedy row (§5.4).
        burden: Key of the burden row (§5.5).
        feature: Key of the feature row (§5.6).
        class_key: Key of the class (§5.7).
        choice: Key of the background, school or god.
        maneuvers: Keys of the maneuvers learned.
        silver: Silver the adventurer brought to the party purse.
    """

    character: str
    infancy: str = ""
    career: str = ""
    tragedy: str = ""
    burden: str = ""
    feature: str = ""
    class_key: str = ""
    choice: str = ""
    maneuvers: tuple[str, ...] = ()
    silver: int = 0


@dataclass(slots=True)
class Party:
    """The adventurers of a campaign and what they share.

    Attributes:
        characters: The adventurers, in seat order.
        stash: Items the party owns that nobody carries (left at the settlement).
        silver: The party's silver coins.
        counterfeit: Counterfeit coins (the Moon-curser's kit), kept apart from real silver.
        sheets: Each adventurer's creation sheet, by character id.
        next_uid: The uid the next new item gets; uids are unique within the campaign.
    """

    characters: list[Character] = field(default_factory=list)
    stash: list[Item] = field(default_factory=list)
    silver: int = 0
    counterfeit: int = 0
    sheets: dict[str, CreationSheet] = field(default_factory=dict)
    next_uid: int = 1

    def new_item(self, defn: ItemDef, quantity: int | None = None) -> Item:
        """A fresh item with the next free uid (see `Item.new`)."""
        item = Item.new(self.next_uid, defn, quantity)
        self.next_uid += 1
        return item

    def character(self, character_id: str) -> Character:
        """The adventurer with this id.

        Raises:
            KeyError: If nobody in the party has it.
        """
        for character in self.characters:
            if character.id == character_id:
                return character
        raise KeyError(character_id)
