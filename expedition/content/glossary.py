"""Provides `assets/glossary.toml`: skills, traits, traumas, afflictions and daily actions in our words.

Which basic skill an advanced one replaces, and which cures remove an affliction, are not in the
file: the rules hold them (`skills.BASIC`, `afflictions.CURES`) and the compendium reads them there.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from expedition.content.compendium_pages import CompendiumEntry
from expedition.content.problems import Problem
from expedition.content.reader import Entry, entries, load_toml
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.skills import BASIC, Skill, Trait

FILE = "glossary.toml"
"""The file, inside the assets folder, that holds the glossary."""

KINDS: dict[str, type[StrEnum] | None] = {
    "skill": Skill,
    "trait": Trait,
    "trauma": Trauma,
    "affliction": Affliction,
    "daily_action": None,
}
"""Each glossary table, and the rules enum whose values it must cover exactly (None: free keys)."""


@dataclass(frozen=True, slots=True)
class Term:
    """One glossary entry.

    Attributes:
        kind: "skill", "trait", "trauma", "affliction" or "daily_action".
        key: The rules enum's value (free for daily actions).
        name: Display name.
        text: What it is or does, in our words.
        effect: For an affliction, what it does.
        cures: For an affliction, what removes it, in words.
    """

    kind: str
    key: str
    name: str
    text: str
    effect: str = ""
    cures: str = ""


@dataclass(frozen=True, slots=True)
class Glossary:
    """Every glossary entry, by kind, in file order.

    Attributes:
        skills: One per `Skill`.
        traits: One per `Trait`.
        traumas: One per `Trauma`.
        afflictions: One per `Affliction`.
        daily_actions: The interlude's daily actions (§10.4.3).
    """

    skills: tuple[Term, ...]
    traits: tuple[Term, ...]
    traumas: tuple[Term, ...]
    afflictions: tuple[Term, ...]
    daily_actions: tuple[Term, ...]

    def of(self, kind: str) -> tuple[Term, ...]:
        """The entries of one kind."""
        return {
            "skill": self.skills,
            "trait": self.traits,
            "trauma": self.traumas,
            "affliction": self.afflictions,
            "daily_action": self.daily_actions,
        }[kind]

    def term(self, kind: str, key: str) -> Term:
        """One entry by kind and key.

        Raises:
            KeyError: No such entry.
        """
        for term in self.of(kind):
            if term.key == key:
                return term
        raise KeyError(f"{kind}:{key}")


def load_glossary(assets: Path, problems: list[Problem]) -> Glossary:
    """Read `glossary.toml`, recording every fault in `problems`.

    Each enum-backed kind must name every value of its enum exactly once and nothing else.
    """
    data = load_toml(assets / FILE, problems)
    found: dict[str, list[Term]] = {}
    for kind, enum in KINDS.items():
        terms = [_term(entry, kind, enum) for entry in entries(data, kind, FILE, problems)]
        found[kind] = terms
        keys = [term.key for term in terms]
        for key in sorted({k for k in keys if keys.count(k) > 1}):
            problems.append(Problem(FILE, kind, key, "key", "used by more than one entry"))
        if enum is not None:
            for member in enum:
                if member.value not in keys:
                    problems.append(Problem(FILE, kind, message=f"no entry for {member.value!r}"))
    return Glossary(
        tuple(found["skill"]),
        tuple(found["trait"]),
        tuple(found["trauma"]),
        tuple(found["affliction"]),
        tuple(found["daily_action"]),
    )


def _term(entry: Entry, kind: str, enum: type[StrEnum] | None) -> Term:
    key: str = entry.text("key")
    if enum is not None and key and key not in _values(enum):
        entry.problem("key", f"{key!r} is not a {kind} the rules know")
    name, text = entry.text("name"), entry.text("text")
    effect = cures = ""
    if kind == "affliction":
        effect, cures = entry.text("effect"), entry.text("cures")
    entry.done()
    return Term(kind, key, name, text, effect, cures)


def _values(enum: type[StrEnum]) -> frozenset[str]:
    return frozenset(member.value for member in enum)


def compendium_glossary(glossary: Glossary) -> list[CompendiumEntry]:
    """Pages of kinds "skill", "trait", "trauma", "affliction" and "daily_action"."""
    pages: list[CompendiumEntry] = []
    for kind in KINDS:
        for term in glossary.of(kind):
            details: tuple[tuple[str, str], ...] = ()
            basic = BASIC.get(Skill(term.key)) if kind == "skill" and term.key in _values(Skill) else None
            if basic is not None:
                name = next((t.name for t in glossary.skills if t.key == basic.value), basic.value)
                details = (("Replaces", name),)
            if term.kind == "affliction":
                details = (("Effect", term.effect), ("Goes away with", term.cures))
            pages.append(
                CompendiumEntry(kind=kind, key=term.key, name=term.name, text=term.text, details=details)
            )
    return pages
