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
    GRIMOIRE = "grimoire"


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


class Special(StrEnum):
    """A special rule of a weapon, armour or shield that the rules look up (§7.5-§7.7, HOUSE §6.5).

    Flags of the attack notation (X, P, R, B) live in the attack itself; these are the rest.
    """

    DODGE_ON_HIT = "dodge_on_hit"
    """A hit gives the attacker 1 dodge token (quarterstaff)."""
    SELF_HIT_ON_MISS = "self_hit_on_miss"
    """On a miss roll a d6: a 1 deals 1 wound to the wielder (flail)."""
    BREAKS_WHEN_REDUCED = "breaks_when_reduced"
    """When all its damage is reduced roll a d6: a 1 breaks it (sacrificial dagger)."""
    STUN_UNARMOURED = "stun_unarmoured"
    """A hit on an enemy without armour also gives a stun token (notched whip)."""
    STUN_ON_SIX = "stun_on_six"
    """After a hit roll a d6: a 6 gives the enemy a stun token (war hammer)."""
    STUN_ON_HIT = "stun_on_hit"
    """A living target hit takes a stun token, 2 on a great success (house sleeping darts)."""
    DIAGONAL = "diagonal"
    """Reaches diagonally as well (§16 #2)."""
    ONE_HANDED_PENALTY = "one_handed_penalty"
    """Two-handed, but may be wielded in one hand with 1 die fewer (spears)."""
    STRENGTH_THROW = "strength_throw"
    """May be thrown with STR; then a coin flip of heads deals no damage (throwing hatchet)."""
    EASY_TO_HIDE = "easy_to_hide"
    """Easy to hide (small knife)."""
    UNDEAD_ONLY = "undead_only"
    """Its attack harms only undead (holy water)."""
    SHARES_HAND = "shares_hand"
    """Fits in the same hand as a wielded weapon (buckler)."""
    SPIKED = "spiked"
    """Deals 1 wound to a melee attacker it blocks (spiked shield)."""
    UNDER_HEAVY = "under_heavy"
    """May be worn under heavy armour (gambeson)."""
    BREAKS_ON_ONES = "breaks_on_ones"
    """A rolled 4 does not break it, only 1s do (padded armour)."""
    BREAKS_ONE_AP = "breaks_one_ap"
    """Each roll breaks exactly 1 AP (soldier helmet)."""
    NO_IMPACT = "no_impact"
    """Useless against impact attacks (chainmail, HOUSE §6.6)."""
    DEX_DIE_PENALTY = "dex_die_penalty"
    """The wearer has 1 DEX die fewer (gothic plate armour)."""


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
        text: What it is and does, in our own words.
        why: For house content, why we invented it.
        kit: True for a book item found only in a starting kit or the sample dungeon, not in
            the price tables (its kit stats win, §16 #7).
        specials: Special rules the rules look up (see `Special`).
        no_dodge: The wielder cannot Dodge while it is equipped (shields, §7.7).
        break_risk: Risk dice rolled each time its shield tokens are spent; a trigger breaks it.
        close_attack: Attack notation used against Close targets instead (long spear).
        dual_attack: Attack notation when two are wielded together (short sword).
        ammo: Item key of the ammunition it needs (short bow, crossbow).
        reload_actions: Actions a reload takes (crossbow: 2).
        fuel: Item key of the fuel that refills its usage die (lantern: oil).
        value: Fixed worth in silver when it has one (house gold coin), else 0.
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
    text: str = ""
    why: str = ""
    kit: bool = False
    specials: frozenset[Special] = field(default_factory=frozenset)
    no_dodge: bool = False
    break_risk: int = 0
    close_attack: str | None = None
    dual_attack: str | None = None
    ammo: str = ""
    reload_actions: int = 0
    fuel: str = ""
    value: int = 0

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
        place: Where it sits (see `rules/items/slots.py`): "torso", "left_hand", "right_hand",
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
