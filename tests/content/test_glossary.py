"""Tests for glossary.toml: skills (§6.1), traits (§6.2), traumas (§4.5), afflictions (§4.6), §10.4.3."""

from __future__ import annotations

from pathlib import Path

import pytest

from expedition.content.glossary import Glossary, compendium_glossary, load_glossary
from expedition.content.problems import Problem
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.skills import BASIC, Skill, Trait

ASSETS = Path(__file__).resolve().parents[2] / "assets"


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    problems: list[Problem] = []
    loaded = load_glossary(ASSETS, problems)
    assert problems == []
    return loaded


def test_every_enum_value_has_exactly_one_entry(glossary: Glossary) -> None:
    """§6.1, §6.2, §4.5, §4.6: the glossary keys are the rules' enum values, one each, nothing else."""
    assert sorted(t.key for t in glossary.skills) == sorted(s.value for s in Skill)
    assert sorted(t.key for t in glossary.traits) == sorted(t.value for t in Trait)
    assert sorted(t.key for t in glossary.traumas) == sorted(t.value for t in Trauma)
    assert sorted(t.key for t in glossary.afflictions) == sorted(a.value for a in Affliction)


def test_counts(glossary: Glossary) -> None:
    assert len(glossary.afflictions) == 12
    assert len(glossary.traumas) == 7
    assert len(glossary.skills) == len(Skill) == 26
    assert len(glossary.traits) == len(Trait) == 11
    assert [t.key for t in glossary.daily_actions] == [
        "rest",
        "tend_wounds",
        "sell",
        "go_shopping",
        "back_to_expedition",
        "lay_low",
    ]


def test_exactly_the_advanced_skills_name_the_basic_skill_they_replace(glossary: Glossary) -> None:
    """§6.1: the compendium's "Replaces" is the rules' own `skills.BASIC`, for those skills only."""
    names = {t.key: t.name for t in glossary.skills}
    replaces = {
        page.key: dict(page.details)["Replaces"]
        for page in compendium_glossary(glossary)
        if page.kind == "skill" and page.details
    }
    assert replaces == {adv.value: names[basic.value] for adv, basic in BASIC.items()}


def test_every_affliction_says_what_it_does_and_what_cures_it(glossary: Glossary) -> None:
    """§4.6: each affliction has its effect and its cures in words."""
    for term in glossary.afflictions:
        assert term.effect and term.cures, term.key


def test_every_entry_has_a_name_and_text(glossary: Glossary) -> None:
    for kind in ("skill", "trait", "trauma", "affliction", "daily_action"):
        for term in glossary.of(kind):
            assert term.name and term.text, (kind, term.key)


def test_compendium_kinds_and_details(glossary: Glossary) -> None:
    pages = compendium_glossary(glossary)
    kinds = [page.kind for page in pages]
    assert {kind: kinds.count(kind) for kind in set(kinds)} == {
        "skill": 26,
        "trait": 11,
        "trauma": 7,
        "affliction": 12,
        "daily_action": 6,
    }
    master_chef = next(page for page in pages if page.key == "master_chef")
    assert master_chef.details == (("Replaces", "Cooking"),)
    plagued = next(page for page in pages if page.key == "plagued")
    assert plagued.details[0][0] == "Effect"


def test_a_broken_copy_lists_every_fault(tmp_path: Path) -> None:
    text = (ASSETS / "glossary.toml").read_text(encoding="utf-8")
    for old, new in [
        ('key = "veteran"', 'key = "old_soldier"'),  # unknown skill, and veteran missing
        ('key = "hardened"', 'key = "berserker"'),  # a duplicate trait, hardened missing
        ('key = "angry"\n', 'key = "angry"\ncured_by = ["tea"]\n'),  # the rules' cures are not the file's
        ('name = "Visions"\n', ""),  # a required field missing
        ('key = "lay_low"', 'key = "lay_low"\ncost = 2'),  # a stray field
    ]:
        assert old in text, old
        text = text.replace(old, new, 1)
    (tmp_path / "glossary.toml").write_text(text, encoding="utf-8")
    problems: list[Problem] = []
    load_glossary(tmp_path, problems)
    report = "\n".join(str(problem) for problem in problems)
    assert "[skill] 'old_soldier' field 'key': 'old_soldier' is not a skill the rules know" in report
    assert "[skill]: no entry for 'veteran'" in report
    assert "[trait] 'berserker' field 'key': used by more than one entry" in report
    assert "[trait]: no entry for 'hardened'" in report
    assert "[affliction] 'angry' field 'cured_by': unknown field" in report
    assert "[trauma] 'visions' field 'name': is required" in report
    assert "[daily_action] 'lay_low' field 'cost': unknown field" in report
    assert len(problems) == 7, report
