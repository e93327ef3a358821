"""Provides choosing a class at creation (§5.7): class, background/school/god, maneuvers, and the kit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from expedition.rules.character import Character
from expedition.rules.context import Context
from expedition.rules.decisions import Choice, Decision, Resolution
from expedition.rules.errors import InvalidAction
from expedition.rules.events import Event
from expedition.rules.magic import BackgroundDef, ClassDef, GodDef, Kit, SchoolDef
from expedition.rules.magic import Choice as Pick
from expedition.rules.progression import change_proficiency, gain_trait, learn_skill
from expedition.rules.skills import Skill, Trait


@dataclass(frozen=True, slots=True)
class ClassOptions:
    """The classes on offer and what each lets a character choose next (§5.7).

    Attributes:
        classes: Class definitions by key, in the order offered.
        backgrounds: Warrior and thief backgrounds by key.
        schools: Wizard schools by key.
        gods: Cleric gods by key.
    """

    classes: Mapping[str, ClassDef] = field(default_factory=dict)
    backgrounds: Mapping[str, BackgroundDef] = field(default_factory=dict)
    schools: Mapping[str, SchoolDef] = field(default_factory=dict)
    gods: Mapping[str, GodDef] = field(default_factory=dict)

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
    """

    class_key: str
    choice: str
    maneuvers: tuple[str, ...]
    kit: Kit


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
    kit: Kit
    if klass.choice is Pick.SCHOOL:
        kit = options.schools[choice].kit
    elif klass.choice is Pick.GOD:
        god = options.gods[choice]
        kit = god.kit
        skills += sorted(god.skills)
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
                choices=tuple(Choice(m.key, m.name) for m in offered),
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
        )
    )
    change_proficiency(ctx, character, klass.proficiency, 1, creation=True, rule="§5.7")
    for trait in sorted(traits):
        gain_trait(ctx, character, trait, rule="§5.7")
    for skill in skills:
        learn_skill(ctx, character, skill, rule="§5.7")
    return Calling(class_key, choice, tuple(maneuvers), kit)


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassChosen(Event):
    """A character chose a class and its background, school or god (§5.7).

    Attributes:
        character: Who chose.
        class_key: The class.
        choice: The background, school or god.
        maneuvers: Maneuvers learned.
    """

    character: str
    class_key: str
    choice: str
    maneuvers: tuple[str, ...] = ()
