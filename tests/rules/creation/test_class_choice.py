"""Tests for creation/class_choice.py:

Choosing a class, its background, school or god, and maneuvers (§5.7).
"""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve, resolve_default
from expedition.rules.core.dice import DiceExpr, ScriptedDice
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.creation.class_choice import ClassChosen, ClassOptions, choose_calling
from expedition.rules.magic.magic_defs import (
    BackgroundDef,
    ClassDef,
    GodDef,
    Kit,
    KitItem,
    ManeuverDef,
    PrayerDef,
    SchoolDef,
    SpellDef,
)
from expedition.rules.magic.magic_defs import Choice as Pick

WARRIOR = ClassDef("warrior", "Warrior", Attr.STR, maneuvers=1)
THIEF = ClassDef("thief", "Thief", Attr.DEX, maneuvers=1)
WIZARD = ClassDef(
    "wizard",
    "Wizard",
    Attr.INT,
    traits=frozenset({Trait.MAGIC_USER}),
    skills=frozenset({Skill.LOREMASTER}),
    choice=Pick.SCHOOL,
)
CLERIC = ClassDef("cleric", "Cleric", Attr.PRE, traits=frozenset({Trait.DIVINE_MANDATE}), choice=Pick.GOD)
FOOTMAN = BackgroundDef(
    "footman",
    "Footman",
    "warrior",
    traits=frozenset({Trait.HARDENED}),
    kit=Kit((KitItem("spear"),), silver=DiceExpr(2, 6)),
    maneuvers=(
        ManeuverDef("turtle", "Turtle", "footman"),
        ManeuverDef("aegis", "Aegis", "footman"),
        ManeuverDef("payback", "Payback", "footman"),
    ),
)
ROGUE = BackgroundDef(
    "lone_rogue",
    "Lone Rogue",
    "thief",
    traits=frozenset({Trait.DAUNTLESS}),
    skills=frozenset({Skill.SLIPPERY}),
    maneuvers=(ManeuverDef("wing_it", "Wing it", "lone_rogue"),),
)
NECRO = SchoolDef("necromancers", "Necromancers", kit=Kit((KitItem("chalk"),)))
CADOR = GodDef("cador", "Cador", kit=Kit((KitItem("war_hammer"),)), skills=frozenset({Skill.WARD_THE_DEAD}))
OPTIONS = ClassOptions(
    {"warrior": WARRIOR, "thief": THIEF, "wizard": WIZARD, "cleric": CLERIC},
    {"footman": FOOTMAN, "lone_rogue": ROGUE},
    {"necromancers": NECRO},
    {"cador": CADOR},
)


def _ada() -> Character:
    return Character(id="c1", name="Ada")


def test_sub_choices_depend_on_the_class_section_5_7() -> None:
    """§5.7: warriors and thieves pick their own backgrounds, wizards a school, clerics a god."""
    assert OPTIONS.sub_choices(WARRIOR) == [("footman", "Footman")]
    assert OPTIONS.sub_choices(THIEF) == [("lone_rogue", "Lone Rogue")]
    assert OPTIONS.sub_choices(WIZARD) == [("necromancers", "Necromancers")]
    assert OPTIONS.sub_choices(CLERIC) == [("cador", "Cador")]


def test_warrior_gets_proficiency_background_trait_a_chosen_maneuver_and_the_kit_section_5_7_1() -> None:
    """§5.7, §5.7.1: +1 STR proficiency, Hardened, one maneuver of three, the Footman's kit."""
    ctx = Context(ScriptedDice([]))
    ada = _ada()
    seen: list[Decision] = []

    def answer(decision: Decision) -> str:
        seen.append(decision)
        return {"class": "warrior", "background": "footman", "maneuver": "aegis"}[decision.kind]

    calling = resolve(choose_calling(ctx, ada, OPTIONS), answer)
    assert [d.kind for d in seen] == ["class", "background", "maneuver"]
    assert all(d.owner == "c1" and d.rule == "§5.7" for d in seen)
    assert seen[2].keys == ("turtle", "aegis", "payback")
    assert (calling.class_key, calling.choice, calling.maneuvers) == ("warrior", "footman", ("aegis",))
    assert calling.kit is FOOTMAN.kit
    assert ada[Attr.STR].proficiency == 1 and Trait.HARDENED in ada.traits
    assert [e for e in ctx.events if isinstance(e, ClassChosen)] == [
        ClassChosen(rule="§5.7", character="c1", class_key="warrior", choice="footman", maneuvers=("aegis",))
    ]


def test_thief_background_adds_its_skill_section_5_7_2() -> None:
    """§5.7.2: the Lone Rogue's Slippery skill and Dauntless trait come with the background."""
    ada = _ada()
    calling = resolve(
        choose_calling(Context(ScriptedDice([])), ada, OPTIONS), answers("thief", "lone_rogue", "wing_it")
    )
    assert calling.maneuvers == ("wing_it",)
    assert ada[Attr.DEX].proficiency == 1
    assert Skill.SLIPPERY in ada.skills and Trait.DAUNTLESS in ada.traits


def test_wizard_takes_school_kit_magic_user_and_loremaster_without_maneuvers_section_5_7_3() -> None:
    """§5.7, §5.7.3: +1 INT proficiency, Magic user, Loremaster; the school's kit; no maneuver asked."""
    ada = _ada()
    calling = resolve(
        choose_calling(Context(ScriptedDice([])), ada, OPTIONS), answers("wizard", "necromancers")
    )
    assert calling.kit is NECRO.kit and calling.maneuvers == ()
    assert ada[Attr.INT].proficiency == 1
    assert Trait.MAGIC_USER in ada.traits and Skill.LOREMASTER in ada.skills


def test_cleric_of_cador_learns_ward_the_dead_section_5_7_4() -> None:
    """§5.7.4: Cador's clerics start with Ward the dead; Divine mandate and +1 PRE proficiency."""
    ada = _ada()
    calling = resolve(choose_calling(Context(ScriptedDice([])), ada, OPTIONS), answers("cleric", "cador"))
    assert calling.kit is CADOR.kit
    assert ada[Attr.PRE].proficiency == 1
    assert Skill.WARD_THE_DEAD in ada.skills and Trait.DIVINE_MANDATE in ada.traits


SCHOOL = SchoolDef("yadar", "Yadar", spells=("bonedance", "explode_corpse", "command_undead"))
SPELLS = {key: SpellDef(key, key.replace("_", " ").title(), "yadar") for key in SCHOOL.spells}
KAAL = GodDef("kaal", "Kaal", prayers=("plague", "swarm"))
PRAYERS = {
    "bless": PrayerDef("bless", "Bless"),
    "plague": PrayerDef("plague", "Plague", god="kaal"),
    "swarm": PrayerDef("swarm", "Swarm", god="kaal"),
    "mercy": PrayerDef("mercy", "Mercy", god="someone_else"),
}
MAGIC_OPTIONS = ClassOptions(
    {"wizard": WIZARD, "cleric": CLERIC}, {}, {"yadar": SCHOOL}, {"kaal": KAAL}, SPELLS, PRAYERS
)


def test_a_wizard_writes_down_as_many_school_spells_as_their_int_score_section_11_1() -> None:
    """§11.1: at creation the wizard picks INT-score spells from the school's list, one at a time."""
    ada = _ada()
    ada[Attr.INT].score = 2
    asked: list[Decision] = []

    def answer(decision: Decision) -> str:
        asked.append(decision)
        return {"class": "wizard", "school": "yadar"}.get(decision.kind, decision.choices[-1].key)

    ctx = Context(ScriptedDice([]))
    calling = resolve(choose_calling(ctx, ada, MAGIC_OPTIONS), answer)
    spell_asks = [d for d in asked if d.kind == "spell"]
    assert [len(d.choices) for d in spell_asks] == [3, 2]  # a written spell is not offered again
    assert spell_asks[0].choices[0].label == "Bonedance" and "1 of 2" in spell_asks[0].prompt
    assert calling.spells == ("command_undead", "explode_corpse")
    assert ada.magic.known_spells == ["command_undead", "explode_corpse"] and ada.magic.calling == "yadar"
    chosen = [e for e in ctx.events if isinstance(e, ClassChosen)]
    assert chosen[0].spells == ("command_undead", "explode_corpse")


def test_a_cleric_writes_down_pre_score_prayers_from_the_basic_list_and_their_gods_section_11_2() -> None:
    """§11.2: the pool is the basic prayers and the god's own; another god's prayer is not offered."""
    ada = _ada()
    ada[Attr.PRE].score = 3
    asked: list[Decision] = []

    def answer(decision: Decision) -> str:
        asked.append(decision)
        return {"class": "cleric", "god": "kaal"}.get(decision.kind, decision.default)

    calling = resolve(choose_calling(Context(ScriptedDice([])), ada, MAGIC_OPTIONS), answer)
    first = next(d for d in asked if d.kind == "prayer")
    assert [c.key for c in first.choices] == ["bless", "plague", "swarm"]
    assert calling.prayers == ("bless", "plague", "swarm") and ada.magic.known_prayers == list(
        calling.prayers
    )


def test_no_score_means_no_spell_is_written_and_a_maneuver_lands_on_the_sheet_section_11_1() -> None:
    """§11.1, §5.7: INT 0 writes down nothing; a warrior's maneuver is on the sheet at once."""
    ada = _ada()
    ada[Attr.INT].score = 0
    calling = resolve(
        choose_calling(Context(ScriptedDice([])), ada, MAGIC_OPTIONS), answers("wizard", "yadar")
    )
    assert calling.spells == () and ada.magic.known_spells == []
    bram = Character(id="c2", name="Bram")
    resolve(choose_calling(Context(ScriptedDice([])), bram, OPTIONS), answers("warrior", "footman", "aegis"))
    assert bram.magic.maneuvers == ["aegis"]


def test_default_class_is_offered_and_the_proficiency_keeps_the_creation_limit_section_3_1() -> None:
    """§5.7, §3.1: the spec's class is the default; a proficiency already at 2 stays at 2."""
    ada = _ada()
    ada[Attr.INT].proficiency = 2
    gen = choose_calling(Context(ScriptedDice([])), ada, OPTIONS, default_class="wizard")
    first = next(gen)
    assert first.default == "wizard"
    calling = resolve_default(choose_calling(Context(ScriptedDice([])), ada, OPTIONS, default_class="wizard"))
    assert calling.class_key == "wizard" and ada[Attr.INT].proficiency == 2


def test_no_class_or_no_sub_choice_is_invalid_section_5_7() -> None:
    """§5.7: a class must exist, and it must have a background, school or god to choose."""
    with pytest.raises(InvalidAction, match="no class"):
        resolve_default(choose_calling(Context(ScriptedDice([])), _ada(), ClassOptions()))
    bare = ClassOptions({"wizard": WIZARD})
    with pytest.raises(InvalidAction, match="has no school"):
        resolve_default(choose_calling(Context(ScriptedDice([])), _ada(), bare))
