"""Provides item definitions (one frozen type for items, weapons, armour and shields) and carried items.

The content layer builds `ItemDef`s from TOML; the rules only read them. A carried `Item`
embeds its definition, so a saved campaign does not depend on today's content files, and
keeps what changes in play: usage die, broken armour points, pack count, whether it is lit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Category(StrEnum):
    """Price category (§7.2)."""

    FREE = "free"
    COMMON = "common"
    UNCOMMON = "uncommon"
    VALUABLE = "valuable"
    RARE = "rare"
    EXOTIC = "exotic"


class Tag(StrEnum):
    """Item tags (§7.3) and the awkward traits that cost a slot (§7.1)."""

    QUICK = "quick"
    SLOW = "slow"
    CAMP = "camp"
    EQUIPMENT = "equipment"
    OVERSIZED = "oversized"
    FRAGILE = "fragile"
    UNSTABLE = "unstable"
    TINY = "tiny"
    LIQUID = "liquid"
    TWO_HANDED = "two_handed"
    CONDUCTOR = "conductor"
    HOLY_SYMBOL = "holy_symbol"
    MAGIC = "magic"
    TREASURE = "treasure"
    METAL = "metal"
    EXTRACT = "extract"


AWKWARD = frozenset({Tag.OVERSIZED, Tag.FRAGILE, Tag.UNSTABLE})
"""Tags that each take one extra slot (§7.1)."""


class ArmourType(StrEnum):
    """Armour weight (§7.6): light ("cloth"), medium ("leather"), heavy."""

    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


class ArmourSlot(StrEnum):
    """Where armour is worn: body armour, helmet, or over other armour (capes)."""

    BODY = "body"
    HEAD = "head"
    OVER = "over"


class Light(StrEnum):
    """How far a light source reaches (§7.8)."""

    CLOSE = "close"
    NEARBY = "nearby"


@dataclass(frozen=True, slots=True)
class ItemDef:
    """What an item is. Facets a kind of item does not have stay at their empty default.

    Attributes:
        key: Stable identifier ("torch", "battle_axe").
        name: Display name.
        category: Price category.
        tags: Tags from `Tag`.
        slots: Slots it takes before awkward tags are added (0 for tiny things).
        usage: Starting usage die sides (8 for Ud8), 0 when it has none.
        pack: How many come together ("pack of 2").
        capacity: Items it holds when it is a container.
        liquid_capacity: Liquid units it holds (canteen 1, waterskin 2).
        light: Light radius when lit, or None.
        attack: Attack notation (§2.1) when it can be used as a weapon.
        hands: Hands needed to wield it.
        armour: Armour points per part (`(2, 3)` for two-part armour); empty when not armour.
        armour_type: Weight class of armour.
        armour_slot: Where armour is worn.
        shield_tokens: Shield tokens per Defend action when it is a shield.
        house: True for our own invention (not in the book).
        per_slot: Units that share one slot, counted across a place (water: 2 per slot, §7.1).
    """

    key: str
    name: str
    category: Category = Category.COMMON
    tags: frozenset[Tag] = field(default_factory=frozenset)
    slots: int = 1
    usage: int = 0
    pack: int = 1
    capacity: int = 0
    liquid_capacity: int = 0
    light: Light | None = None
    attack: str | None = None
    hands: int = 1
    armour: tuple[int, ...] = ()
    armour_type: ArmourType | None = None
    armour_slot: ArmourSlot | None = None
    shield_tokens: int = 0
    house: bool = False
    per_slot: int = 1

    @property
    def slot_cost(self) -> int:
        """Slots taken: base slots plus one per awkward tag (§7.1); tiny things take none."""
        if Tag.TINY in self.tags:
            return 0
        return self.slots + len(self.tags & AWKWARD)

    @property
    def is_armour(self) -> bool:
        """True for armour and helmets."""
        return bool(self.armour)

    @property
    def is_shield(self) -> bool:
        """True for shields."""
        return self.shield_tokens > 0


@dataclass(slots=True)
class Item:
    """One carried item (or pack of items) and what has happened to it.

    Attributes:
        uid: Unique within a campaign.
        defn: Its definition.
        quantity: How many are left in the pack.
        usage: Current usage die sides; 0 when spent or when it has no usage die.
        broken: Broken armour points per armour part.
        lit: Whether a light source is burning.
        place: Where it sits (see `rules/places.py`): "torso", "left_hand", "right_hand",
            "notes", a container box, or inside a worn container; "" while it is nobody's.
        wielded: Whether it is wielded in its hand (§7.1).
    """

    uid: int
    defn: ItemDef
    quantity: int = 1
    usage: int = 0
    broken: list[int] = field(default_factory=list)
    lit: bool = False
    place: str = ""
    wielded: bool = False

    @classmethod
    def new(cls, uid: int, defn: ItemDef, quantity: int | None = None) -> Item:
        """A fresh item as bought: full pack, full usage die, no broken armour."""
        return cls(
            uid=uid,
            defn=defn,
            quantity=defn.pack if quantity is None else quantity,
            usage=defn.usage,
            broken=[0] * len(defn.armour),
        )

    @property
    def name(self) -> str:
        """Display name."""
        return self.defn.name

    def working_ap(self, part: int = 0) -> int:
        """Unbroken armour points on one part of armour."""
        return self.defn.armour[part] - self.broken[part]
