"""Provides choosing a class at creation (§5.7): class, background/school/god, maneuvers, and the kit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from expedition.rules.character.adventurer import Character
from expedition.rules.character.progression import change_proficiency, gain_trait, learn_skill
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.magic.magic_defs import (
    BackgroundDef,
    ClassDef,
    GodDef,
    Kit,
    PrayerDef,
    SchoolDef,
    SpellDef,
)
from expedition.rules.magic.magic_defs import Choice as Pick


@dataclass(frozen=True, slots=True)
class ClassOptions:
    """The classes on offer and what each lets a character choose next (§5.7).

    Attributes:
        classes: Class definitions by key, in the order offered.
        backgrounds: Warrior and thief backgrounds by key.
        schools: Wizard schools by key.
        gods: Cleric gods by key.
        spells: Every spell by key, for the names a wizard picks from.
        prayers: Every prayer by key; the basic ones are open to every cleric.
    """

    classes: Mapping[str, ClassDef] = field(default_factory=dict)
    backgrounds: Mapping[str, BackgroundDef] = field(default_factory=dict)
    schools: Mapping[str, SchoolDef] = field(default_factory=dict)
    gods: Mapping[str, GodDef] = field(default_factory=dict)
    spells: Mapping[str, SpellDef] = field(default_factory=dict)
    prayers: Mapping[str, PrayerDef] = field(default_factory=dict)

    def prayer_pool(self, god: GodDef) -> list[str]:
        """The prayers a cleric of `god` may write down: the basic ones, then the god's own (§11.2)."""
        basic = [key for key, prayer in self.prayers.items() if prayer.basic]
        return basic + [key for key in god.prayers if key not in basic]

    def sub_choices(self, klass: ClassDef) -> list[tuple[str, str]]:
        """(key, name) of the backgrounds, schools or gods `klass` chooses among."""
        if klass.choice is Pick.SCHOOL:
            return [(key, school.name) for key, school in self.schools.items()]
        if klass.choice is Pick.GOD:
            return [(key, god.name) for key, god in self.gods.items()]
        return [(key, bg.name) for key, bg in self.backgrounds.items() if bg.class_key == klass.key]


@dataclass(frozen=True, slots=True)
class Calling:
    """What a character chose: class, background/school/god, maneuvers, and the kit that comes with it.

    Attributes:
        class_key: The class.
        choice: The background, school or god.
        maneuvers: Maneuver keys learned.
        kit: The starting kit of the choice.
        spells: Spells a wizard wrote down (§11.1).
        prayers: Prayers a cleric wrote down (§11.2).
    """

    class_key: str
    choice: str
    maneuvers: tuple[str, ...]
    kit: Kit
    spells: tuple[str, ...] = ()
    prayers: tuple[str, ...] = ()


def choose_calling(
    ctx: Context, character: Character, options: ClassOptions, *, default_class: str = ""
) -> Resolution[Calling]:
    """Ask the owner for a class, then its background, school or god, then maneuvers; apply the gains (§5.7).

    The class gives +1 proficiency (creation limits, §3.1), its traits and skills; the choice
    adds its own traits and skills (a background's trait, Cador's Ward the dead). The kit and its
    silver are returned for the caller to hand out.

    Raises:
        InvalidAction: If there is no class to choose, or a class has nothing to choose from.
    """
    if not options.classes:
        raise InvalidAction("there is no class to choose")
    keys = list(options.classes)
    class_key = yield Decision(
        kind="class",
        owner=character.id,
        prompt=f"{character.name}: which class?",
        choices=tuple(Choice(key, klass.name) for key, klass in options.classes.items()),
        default=default_class if default_class in keys else keys[0],
        rule="§5.7",
    )
    klass = options.classes[class_key]
    subs = options.sub_choices(klass)
    if not subs:
        raise InvalidAction(f"the {klass.name} has no {klass.choice.value} to choose")
    choice = yield Decision(
        kind=klass.choice.value,
        owner=character.id,
        prompt=f"{character.name}: which {klass.choice.value}?",
        choices=tuple(Choice(key, name) for key, name in subs),
        default=subs[0][0],
        rule="§5.7",
    )
    traits: set[Trait] = set(klass.traits)
    skills: list[Skill] = sorted(klass.skills)
    maneuvers: list[str] = []
    spells: list[str] = []
    prayers: list[str] = []
    kit: Kit
    if klass.choice is Pick.SCHOOL:
        school = options.schools[choice]
        kit = school.kit
        names = {key: _gist(spell.name, spell.text) for key, spell in options.spells.items()}
        spells = yield from _write_down(character, "spell", list(school.spells), names, Attr.INT, "§11.1")
    elif klass.choice is Pick.GOD:
        god = options.gods[choice]
        kit = god.kit
        skills += sorted(god.skills)
        names = {key: _gist(prayer.name, prayer.text) for key, prayer in options.prayers.items()}
        pool = options.prayer_pool(god)
        prayers = yield from _write_down(character, "prayer", pool, names, Attr.PRE, "§11.2")
    else:
        background = options.backgrounds[choice]
        kit = background.kit
        traits |= background.traits
        skills += sorted(background.skills)
        offered = list(background.maneuvers)
        for _ in range(min(klass.maneuvers, len(offered))):
            picked = yield Decision(
                kind="maneuver",
                owner=character.id,
                prompt=f"{character.name}: learn which maneuver?",
                choices=tuple(Choice(m.key, _gist(m.name, m.text)) for m in offered),
                default=offered[0].key,
                rule="§5.7",
            )
            maneuvers.append(picked)
            offered = [m for m in offered if m.key != picked]
    ctx.emit(
        ClassChosen(
            rule="§5.7",
            character=character.id,
            class_key=class_key,
            choice=choice,
            maneuvers=tuple(maneuvers),
            spells=tuple(spells),
            prayers=tuple(prayers),
        )
    )
    magic = character.magic
    magic.calling = choice
    magic.maneuvers = list(maneuvers)
    magic.known_spells = list(spells)
    magic.known_prayers = list(prayers)
    change_proficiency(ctx, character, klass.proficiency, 1, creation=True, rule="§5.7")
    for trait in sorted(traits):
        gain_trait(ctx, character, trait, rule="§5.7")
    for skill in skills:
        learn_skill(ctx, character, skill, rule="§5.7")
    return Calling(class_key, choice, tuple(maneuvers), kit, tuple(spells), tuple(prayers))


GIST = 110
"""Longest rules gist shown after a spell's, prayer's or maneuver's name when choosing one."""


def _gist(name: str, text: str) -> str:
    """The name and the start of its rules text, so a player can choose without the compendium."""
    if not text:
        return name
    if len(text) > GIST:
        text = text[: text.rfind(" ", 0, GIST)].rstrip(",;:") + " …"
    return f"{name} — {text}"


def _write_down(
    character: Character, kind: str, pool: list[str], names: Mapping[str, str], attr: Attr, rule: str
) -> Resolution[list[str]]:
    """Ask for as many spells or prayers as the attribute's score, one at a time, from `pool`.

    A wizard writes down spells equal to their INT score from the school's list (§11.1), a cleric
    prayers equal to their PRE score from the basic list and the god's (§11.2).
    """
    picked: list[str] = []
    left = list(pool)
    wanted = min(character[attr].score, len(left))
    while len(picked) < wanted:
        key = yield Decision(
            kind=kind,
            owner=character.id,
            prompt=(
                f"{character.name}: write down which {kind}? ({len(picked) + 1} of {wanted}, "
                f"one per point of {attr.value} score)"
            ),
            choices=tuple(Choice(k, names.get(k, k.replace("_", " ").capitalize())) for k in left),
            default=left[0],
            rule=rule,
        )
        picked.append(key)
        left.remove(key)
    return picked


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassChosen(Event):
    """A character chose a class and its background, school or god (§5.7).

    Attributes:
        character: Who chose.
        class_key: The class.
        choice: The background, school or god.
        maneuvers: Maneuvers learned.
        spells: Spells written down (a wizard, §11.1).
        prayers: Prayers written down (a cleric, §11.2).
    """

    character: str
    class_key: str
    choice: str
    maneuvers: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    prayers: tuple[str, ...] = ()
