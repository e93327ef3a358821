"""Provides enemy definitions: stat blocks, actions, specials and house behaviour (§10.2.5, §12).

The content layer builds `EnemyDef`s from `assets/enemies.toml`; the rules only read them.
Every enemy also has the two basic actions of §10.2.5 (Move and Recover), which are not listed
in its stat block.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from expedition.rules.core.events import Note
from expedition.rules.core.notation import Attack

if TYPE_CHECKING:
    from expedition.rules.core.context import Context

BASIC_ACTIONS_PER_TURN = 2
"""Actions an enemy usually gets in a round (§10.2.1)."""

EXTRACTS = ("flame", "water", "smoke", "necro", "rot", "ether")
"""The alchemy extracts a stat block can name (§12)."""


class EnemyTag(StrEnum):
    """Enemy tags, which switch rules on and off (§10.2.5)."""

    LIVING = "living"
    UNDEAD = "undead"
    GHOST = "ghost"
    GOBLIN = "goblin"
    VOIDSPAWN = "voidspawn"
    HUMAN = "human"
    ANIMAL = "animal"
    """House tag (not in the book's stat blocks): a beast, for Animal Affinity and Beastmaster (§6.1)."""


class EnemyGroup(StrEnum):
    """The bestiary family an enemy is listed under (§12.1-§12.6)."""

    DEMONS = "demons"
    GOBLINS = "goblins"
    SCAVENGERS = "scavengers"
    SHORE = "shore"
    UNDEAD = "undead"
    OTHERS = "others"

    @property
    def section(self) -> str:
        """The RULES.md section that lists the family, such as "§12.2"."""
        return _SECTIONS[self][0]

    @property
    def heading(self) -> str:
        """The family's display title."""
        return _SECTIONS[self][1]


_SECTIONS = {
    EnemyGroup.DEMONS: ("§12.1", "Demons and the void"),
    EnemyGroup.GOBLINS: ("§12.2", "The Child-Stealers"),
    EnemyGroup.SCAVENGERS: ("§12.3", "Dungeon scavengers"),
    EnemyGroup.SHORE: ("§12.4", "Shore creatures"),
    EnemyGroup.UNDEAD: ("§12.5", "Undead"),
    EnemyGroup.OTHERS: ("§12.6", "Ghosts, spiders and humans"),
}


class Archetype(StrEnum):
    """How an enemy chooses targets and actions (house, HOUSE.md §3.2)."""

    SHAMBLER = "shambler"
    BRUTE = "brute"
    SKIRMISHER = "skirmisher"
    SHOOTER = "shooter"
    SWARM = "swarm"
    AMBUSHER = "ambusher"
    GRAPPLER = "grappler"
    CASTER = "caster"
    GHOST = "ghost"
    COWARD = "coward"


FOLLOWING_ARCHETYPES = frozenset({Archetype.AMBUSHER, Archetype.COWARD})
"""Archetypes that hand over to another one: an ambusher after it springs, a coward when bold."""


class HarmSource(StrEnum):
    """What can still hurt an enemy that ordinary weapons cannot (§12.3, §12.6)."""

    FIRE = "fire"
    SPELL = "spell"
    PRAYER = "prayer"


@dataclass(frozen=True, slots=True)
class EnemyAction:
    """One action from a stat block (§10.2.5).

    Attributes:
        key: Stable identifier, unique within the enemy.
        name: The book's name for it.
        cost: Actions it takes.
        attack: The attack in enemy notation (the defender tests the attribute), or None when
            there is nothing to defend against.
        text: Its effect, in our words.
        area: True when it strikes everyone in its reach rather than one target.
        house: True when part of it is our invention (HOUSE.md).
        why: Why we invented it, when `house` is set.
    """

    key: str
    name: str
    cost: int = 1
    attack: Attack | None = None
    text: str = ""
    area: bool = False
    house: bool = False
    why: str = ""

    def __post_init__(self) -> None:
        if self.cost < 1:
            raise ValueError(f"an action costs at least 1 action, not {self.cost}")


@dataclass(frozen=True, slots=True)
class EnemySpecial:
    """A passive rule from a stat block.

    Attributes:
        name: Short name.
        text: The rule, in our words.
        house: True when it is our reading or invention (HOUSE.md).
        why: Why, when `house` is set.
    """

    name: str
    text: str
    house: bool = False
    why: str = ""


@dataclass(frozen=True, slots=True)
class Behaviour:
    """How the engine runs an enemy (house, HOUSE.md §3).

    Attributes:
        archetype: Its archetype (§3.2).
        follow_up: For an ambusher, how it fights once sprung; for a coward, how it fights
            when bold. None for every other archetype.
        ambusher: True when it can also lie hidden and spring like an ambusher.
        leader: True when its fall makes the living allies of its group test to flee (§3.1).
        shield_bearer: True when it ends a turn with nobody adjacent by raising its shield.
        tactics: Its own habits (§3.3), in our words.
    """

    archetype: Archetype
    follow_up: Archetype | None = None
    ambusher: bool = False
    leader: bool = False
    shield_bearer: bool = False
    tactics: str = ""

    def __post_init__(self) -> None:
        if (self.archetype in FOLLOWING_ARCHETYPES) != (self.follow_up is not None):
            raise ValueError(f"only an ambusher or a coward has a follow-up archetype ({self.archetype})")
        if self.follow_up in FOLLOWING_ARCHETYPES:
            raise ValueError(f"a follow-up archetype cannot be {self.follow_up}")

    @property
    def springs(self) -> bool:
        """True when it can start a fight hidden (HOUSE.md §3.2 Ambusher)."""
        return self.ambusher or self.archetype is Archetype.AMBUSHER


@dataclass(frozen=True, slots=True, kw_only=True)
class EnemyDef:
    """An enemy's stat block (§10.2.5, §12) with the facts the engine needs spelled out.

    Attributes:
        key: Stable identifier.
        name: Display name.
        group: Its bestiary family.
        level: LVL, the dice pool for any test it makes.
        wounds: W; it is out once it has taken more wounds than this (§16 #21).
        armour: AP, its armour dice.
        resist: Subtracted from the damage of each hit.
        movement: Tiles per Move action.
        tags: Its tags.
        extract: The alchemy extract it yields, or "".
        specials: Passive rules.
        actions: What it can do besides Move and Recover.
        behaviour: How the engine runs it (house).
        threat: Its threat for the encounter budget (house, HOUSE.md §2.1).
        text: A description, in our words.
        actions_per_turn: Actions it gets in a round.
        damage_cap: The most wounds one hit can deal to it, 0 for no cap.
        hard_to_hit: Attacks against it are made with disadvantage.
        dodge_each_round: Dodge tokens it gains at the start of each round.
        ignores_morale: It never flees (§16 #25).
        immune_to_pre: PRE attacks (Intimidate, Roar) do not affect it.
        harmed_only_by: When not empty, ordinary weapons cannot hurt it; only these can.
        house: True when the whole enemy is our invention.
        why: Why, when `house` is set.
    """

    key: str
    name: str
    group: EnemyGroup
    level: int
    wounds: int
    armour: int
    resist: int
    movement: int
    tags: frozenset[EnemyTag]
    extract: str = ""
    specials: tuple[EnemySpecial, ...] = ()
    actions: tuple[EnemyAction, ...] = ()
    behaviour: Behaviour
    threat: int
    text: str = ""
    actions_per_turn: int = BASIC_ACTIONS_PER_TURN
    damage_cap: int = 0
    hard_to_hit: bool = False
    dodge_each_round: int = 0
    ignores_morale: bool = False
    immune_to_pre: bool = False
    harmed_only_by: frozenset[HarmSource] = frozenset()
    house: bool = False
    why: str = ""

    def __post_init__(self) -> None:
        if self.level < 1 or self.wounds < 1 or self.actions_per_turn < 1:
            raise ValueError(f"{self.key}: level, wounds and actions per turn must be at least 1")
        if min(self.armour, self.resist, self.movement, self.damage_cap, self.dodge_each_round) < 0:
            raise ValueError(f"{self.key}: armour, resist, movement, caps and tokens cannot be negative")
        if self.extract and self.extract not in EXTRACTS:
            raise ValueError(f"{self.key}: unknown extract {self.extract!r}")
        keys = [action.key for action in self.actions]
        if len(set(keys)) != len(keys):
            raise ValueError(f"{self.key}: action keys must be unique")

    def action(self, key: str) -> EnemyAction:
        """Return the action with this key.

        Raises:
            KeyError: When the enemy has no such action.
        """
        for action in self.actions:
            if action.key == key:
                return action
        raise KeyError(f"{self.name} has no action {key!r}")

    @property
    def living(self) -> bool:
        """True for enemies tagged living: they bleed and may flee (§10.2.5, §16 #25)."""
        return EnemyTag.LIVING in self.tags


def knocked_out(wounds_taken: int, defn: EnemyDef) -> bool:
    """Return True once an enemy is out: its wounds taken exceed its W (§16 #21).

    An enemy with W 4 still stands with 4 wounds and drops at the 5th.

    Raises:
        ValueError: If `wounds_taken` is negative.
    """
    if wounds_taken < 0:
        raise ValueError(f"wounds taken cannot be negative, not {wounds_taken}")
    return wounds_taken > defn.wounds


def house_threat(defn: EnemyDef) -> int:
    """Threat worked out from the stat block by the formula of HOUSE.md §2.1.

    LVL + W // 4, plus 1 each for three actions a turn, capped damage and being hard to hit,
    plus 2 when ordinary weapons cannot harm it.
    """
    threat = defn.level + defn.wounds // 4
    threat += defn.actions_per_turn > BASIC_ACTIONS_PER_TURN
    threat += defn.damage_cap > 0
    threat += defn.hard_to_hit
    threat += 2 * bool(defn.harmed_only_by)
    return threat


def special_key(name: str) -> str:
    """The key of a special from its name: "Small and fast" → "small_and_fast"."""
    return "_".join("".join(c if c.isalnum() else " " for c in name.lower()).split())


def enemy_defs(ctx: Context, keys: Sequence[str]) -> list[EnemyDef]:
    """The stat blocks for `keys` from the world's content; unknown keys are skipped with a note."""
    known: Mapping[str, EnemyDef] = getattr(ctx.world, "enemies", None) or {}
    found = [known[key] for key in keys if key in known]
    missing = [key for key in keys if key not in known]
    if missing:
        ctx.emit(Note(rule="§10.2.1", text=f"No stat block for {', '.join(missing)}; they stay away."))
    return found
