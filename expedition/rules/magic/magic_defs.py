"""Provides definitions of classes, backgrounds, schools, gods, spells, prayers, mishaps and miracles.

These are plain frozen values built by the content layer; the rules that cast spells, answer
prayers and resolve maneuvers read them later.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.item_defs import ArmourType
from expedition.rules.core.notation import Attack
from expedition.rules.core.reach import Reach
from expedition.rules.core.skills import Skill, Trait


class KitRole(StrEnum):
    """What a kit item does for its owner's magic (§5.7.3, §5.7.4, §11)."""

    CONDUCTOR = "conductor"
    """Lets a wizard cast without every failure becoming a critical failure."""
    GRIMOIRE = "grimoire"
    """Lets a wizard study to get forgotten spells back."""
    HOLY_SYMBOL = "holy_symbol"
    """Lets a cleric pray at all."""


class Limit(StrEnum):
    """How often something may be used; `NONE` means as often as there are actions."""

    NONE = "none"
    TURN = "turn"
    COMBAT = "combat"
    EXPEDITION = "expedition"


class Choice(StrEnum):
    """What a class chooses at creation (§5.7)."""

    BACKGROUND = "background"
    SCHOOL = "school"
    GOD = "god"


@dataclass(frozen=True, slots=True)
class KitItem:
    """One line of a starting kit.

    Attributes:
        item: Key of the item, weapon, armour or shield it gives.
        quantity: How many.
        usage: Starting usage die sides when the kit says so (Ud10 throwing hatchets), else 0.
        roles: Magic roles the item fills for this kit (an inscribed skull is grimoire and conductor).
        note: A short remark on this copy ("stolen", "valuable").
    """

    item: str
    quantity: int = 1
    usage: int = 0
    roles: frozenset[KitRole] = frozenset()
    note: str = ""


@dataclass(frozen=True, slots=True)
class Kit:
    """A starting kit: items, and money rolled when the character is made.

    Attributes:
        items: The items, in the book's order.
        silver: Silver rolled at creation, or None.
        counterfeit: Counterfeit coins rolled at creation (the Moon-curser's), or None.
    """

    items: tuple[KitItem, ...] = ()
    silver: DiceExpr | None = None
    counterfeit: DiceExpr | None = None

    def roles(self, role: KitRole) -> tuple[str, ...]:
        """Keys of the kit items that fill `role`."""
        return tuple(line.item for line in self.items if role in line.roles)


@dataclass(frozen=True, slots=True)
class ManeuverDef:
    """A combat maneuver of a warrior or thief background (§5.7).

    Attributes:
        key: Stable identifier.
        name: Display name.
        background: Key of the background that teaches it.
        actions: Combat actions it costs (1 unless its text says otherwise).
        attack: Its own attack notation when it has one (Bash: `STR 1`).
        tests: Attributes tested when it calls for a test rather than an attack.
        reach: How far it reaches; None when it has no target.
        reaction: True when it is used during the enemy turn.
        limit: How often it may be used.
        text: Its rules, in our words.
        house: True when our invention.
    """

    key: str
    name: str
    background: str
    actions: int = 1
    attack: Attack | None = None
    tests: tuple[Attr, ...] = ()
    reach: Reach | None = None
    reaction: bool = False
    limit: Limit = Limit.NONE
    text: str = ""
    house: bool = False


@dataclass(frozen=True, slots=True)
class ClassDef:
    """One of the four classes (§5.7).

    Attributes:
        key: Stable identifier.
        name: Display name.
        proficiency: The attribute that gains +1 proficiency.
        traits: Special traits granted.
        skills: Skills granted.
        armour: The heaviest armour allowed without penalty, or None for any armour.
        gear: The weapons and armour allowed without penalty, in our words.
        choice: What the player picks next: a background, a school or a god.
        maneuvers: How many maneuvers of the background the character learns.
        text: Description in our words.
    """

    key: str
    name: str
    proficiency: Attr
    traits: frozenset[Trait] = frozenset()
    skills: frozenset[Skill] = frozenset()
    armour: ArmourType | None = None
    gear: str = ""
    choice: Choice = Choice.BACKGROUND
    maneuvers: int = 0
    text: str = ""


@dataclass(frozen=True, slots=True)
class BackgroundDef:
    """A warrior or thief background (§5.7.1, §5.7.2).

    Attributes:
        key: Stable identifier.
        name: Display name.
        class_key: Key of the class it belongs to.
        traits: Special traits granted.
        skills: Skills granted.
        kit: Starting kit.
        maneuvers: The maneuvers to choose from (three).
        text: Description in our words.
        house: True when our invention.
    """

    key: str
    name: str
    class_key: str
    traits: frozenset[Trait] = frozenset()
    skills: frozenset[Skill] = frozenset()
    kit: Kit = Kit()
    maneuvers: tuple[ManeuverDef, ...] = ()
    text: str = ""
    house: bool = False


@dataclass(frozen=True, slots=True)
class SchoolDef:
    """A wizard's school of magic (§5.7.3).

    Attributes:
        key: Stable identifier.
        name: Display name.
        kit: Starting kit.
        spells: Keys of the spells on the school's list.
        grimoire: False when its wizards need no grimoire (the Awakened meditate instead).
        text: Description in our words.
    """

    key: str
    name: str
    kit: Kit = Kit()
    spells: tuple[str, ...] = ()
    grimoire: bool = True
    text: str = ""


@dataclass(frozen=True, slots=True)
class GodDef:
    """A cleric's god (§5.7.4).

    Attributes:
        key: Stable identifier.
        name: Display name.
        domains: What the god stands for.
        sacrifice: What wins back the god's favour after a critical failure, in our words.
        kit: Starting kit.
        prayers: Keys of the god's own prayers (the basic prayers are open to every cleric).
        skills: Skills the god's clerics start with (Cador: Ward the dead).
        text: Description in our words.
    """

    key: str
    name: str
    domains: tuple[str, ...] = ()
    sacrifice: str = ""
    kit: Kit = Kit()
    prayers: tuple[str, ...] = ()
    skills: frozenset[Skill] = frozenset()
    text: str = ""


@dataclass(frozen=True, slots=True)
class SpellDef:
    """A wizard's spell (§11.1). Every cast is followed by an INT test.

    Attributes:
        key: Stable identifier.
        name: Display name.
        school: Key of the school whose list holds it.
        actions: Combat actions it costs (1 or 2; always 1 ET in exploration).
        attr: The attribute tested after casting.
        attack: Attack notation when the spell attacks.
        reach: How far it reaches; None when it affects only the caster.
        summons: Key of an enemy it calls up, or "".
        text: Its effect, in our words.
        house: True when our invention (or a reading of a gap).
    """

    key: str
    name: str
    school: str
    actions: int = 1
    attr: Attr = Attr.INT
    attack: Attack | None = None
    reach: Reach | None = None
    summons: str = ""
    text: str = ""
    house: bool = False


@dataclass(frozen=True, slots=True)
class PrayerDef:
    """A cleric's prayer (§11.2). Casting is a PRE test.

    Attributes:
        key: Stable identifier.
        name: Display name.
        god: Key of the god whose list holds it; "" for a basic prayer open to every cleric.
        actions: Combat actions it costs.
        attr: The attribute tested to cast it.
        attack: Attack notation when the prayer attacks.
        reach: How far it reaches; None when it affects only the cleric.
        summons: Key of an enemy it calls up, or "".
        text: Its effect, in our words.
        house: True when our invention (or a reading of a gap).
    """

    key: str
    name: str
    god: str = ""
    actions: int = 1
    attr: Attr = Attr.PRE
    attack: Attack | None = None
    reach: Reach | None = None
    summons: str = ""
    text: str = ""
    house: bool = False

    @property
    def basic(self) -> bool:
        """True for the basic prayers every cleric may learn."""
        return not self.god


@dataclass(frozen=True, slots=True)
class MishapRow:
    """One row of the spell mishap table (3d6 + earlier mishaps this expedition, §11.1).

    Attributes:
        roll: The total this row answers.
        open_ended: True when it also answers every higher total (18+).
        name: Short title.
        afflictions: Afflictions the caster gains.
        doom: Doom tracker advance.
        summons: Key of the enemy that appears, or "".
        text: The mishap, in our words.
        house: True when our invention.
    """

    roll: int
    name: str
    open_ended: bool = False
    afflictions: frozenset[Affliction] = frozenset()
    doom: int = 0
    summons: str = ""
    text: str = ""
    house: bool = False


@dataclass(frozen=True, slots=True)
class MiracleRow:
    """One row of the miracle table (1d6 on a prayer's great success, §11.2).

    Attributes:
        roll: The die face this row answers.
        name: Short title.
        text: The miracle, in our words.
        house: True when our invention.
    """

    roll: int
    name: str
    text: str = ""
    house: bool = False
