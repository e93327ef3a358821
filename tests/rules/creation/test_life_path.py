"""Tests for expedition.rules.creation.life_path: applying life-path effects with the creation limits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character
from expedition.rules.character.progression import ProficiencyChanged, ScoreChanged, SkillLearned
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve, resolve_default
from expedition.rules.core.dice import DiceExpr, ScriptedDice, SeededDice
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.creation.life_path import (
    ApplyReport,
    LifePathRolled,
    LifePathRow,
    LifePathTable,
    apply_effects,
    roll_on,
)
from expedition.rules.creation.life_path_effects import (
    AttrKind,
    AttrPick,
    ChooseAttribute,
    ChooseSkill,
    Effect,
    GainAffliction,
    GainItem,
    GainSkill,
    GainTrait,
    GainTrauma,
    Insight,
    ProficiencyChange,
    ScoreChange,
    Silver,
    describe,
)


def make(faces: list[int] | None = None) -> tuple[Context, Character]:
    return Context(ScriptedDice(faces or [])), Character(id="ada", name="Ada")


def apply(ctx: Context, ada: Character, *effects: Effect, keys: tuple[str, ...] = ()) -> ApplyReport:
    return resolve(apply_effects(ctx, ada, effects, rule="§5.2"), answers(*keys))


def test_occultists_apprentice_raises_int_rolls_silver_and_teaches_a_skill() -> None:
    """§5.2 row 5: +2 INT, +1d6 silver, Occult studies."""
    ctx, ada = make([4])
    report = apply(
        ctx, ada, ScoreChange(Attr.INT, 2), Silver(DiceExpr(1, 6)), GainSkill(Skill.OCCULT_STUDIES)
    )
    assert ada[Attr.INT].score == 3
    assert Skill.OCCULT_STUDIES in ada.skills
    assert report == ApplyReport(silver=4)


def test_silver_adds_rolled_and_fixed_amounts() -> None:
    """§5.2: silver from several effects is summed in the report, not held by the character."""
    ctx, ada = make([2, 3])
    report = apply(ctx, ada, Silver(DiceExpr(2, 4)), Silver(amount=5))
    assert report.silver == 10


def test_creation_limit_clips_a_score_and_notes_the_lost_points() -> None:
    """§3.1: a score stays within 0–3 during creation; points beyond are lost."""
    ctx, ada = make()
    report = apply(ctx, ada, ScoreChange(Attr.STR, 3), ScoreChange(Attr.STR, 1))
    assert ada[Attr.STR].score == 3
    assert report.notes == (
        "STR score: 1 point beyond the limit is lost.",
        "STR score: 1 point beyond the limit is lost.",
    )
    assert [event.lost for event in ctx.events if isinstance(event, ScoreChanged)] == [1]


def test_creation_limit_clips_a_proficiency_at_2() -> None:
    """§3.1: a proficiency stays within 0–2 during creation."""
    ctx, ada = make()
    apply(
        ctx,
        ada,
        ProficiencyChange(Attr.PRE, 1),
        ProficiencyChange(Attr.PRE, 1),
        ProficiencyChange(Attr.PRE, 1),
    )
    assert ada[Attr.PRE].proficiency == 2


def test_score_cannot_drop_below_0() -> None:
    """§3.1 / §5.4 row 8: −2 INT from a score of 1 leaves 0 and loses the other point."""
    ctx, ada = make()
    report = apply(
        ctx, ada, ProficiencyChange(Attr.STR, 1), ScoreChange(Attr.PRE, 1), ScoreChange(Attr.INT, -2)
    )
    assert ada[Attr.INT].score == 0
    assert ada[Attr.STR].proficiency == 1 and ada[Attr.PRE].score == 2
    assert report.notes == ("INT score: 1 point beyond the limit is lost.",)


def test_later_limits_apply_outside_creation() -> None:
    """§16 #30: after creation a score may reach 5."""
    ctx, ada = make()
    resolve_default(apply_effects(ctx, ada, (ScoreChange(Attr.DEX, 4),), rule="§5.6", creation=False))
    assert ada[Attr.DEX].score == 5


def test_choose_proficiency_asks_the_owner_among_all_attributes() -> None:
    """§5.2 row 18: +1 proficiency in an attribute of the player's choice, and Bad omens."""
    ctx, ada = make()
    asked = []

    def answer(decision):  # type: ignore[no-untyped-def]
        asked.append(decision)
        return "INT"

    resolve(
        apply_effects(
            ctx, ada, (ChooseAttribute(1, AttrKind.PROFICIENCY), GainTrait(Trait.BAD_OMENS)), rule="§5.2"
        ),
        answer,
    )
    assert ada[Attr.INT].proficiency == 1
    assert Trait.BAD_OMENS in ada.traits
    assert asked[0].owner == "ada" and asked[0].kind == "lifepath_proficiency"
    assert asked[0].keys == ("STR", "DEX", "INT", "PRE")


def test_choose_score_loss_defaults_to_the_highest_score() -> None:
    """§5.4 row 6: −1 to any one score; the default takes it where the score is highest."""
    ctx, ada = make()
    ada[Attr.DEX].score = 3
    resolve_default(apply_effects(ctx, ada, (ChooseAttribute(-1),), rule="§5.4"))
    assert ada[Attr.DEX].score == 2


def test_lowest_score_pick_needs_no_decision_when_unique() -> None:
    """§5.4 row 9: the proficiency goes to the single lowest score, no question asked."""
    ctx, ada = make()
    ada[Attr.STR].score, ada[Attr.DEX].score, ada[Attr.INT].score = 2, 3, 0
    gen = apply_effects(
        ctx,
        ada,
        (ChooseAttribute(1, AttrKind.PROFICIENCY, pick=AttrPick.LOWEST_SCORE), ScoreChange(Attr.PRE, -1)),
        rule="§5.4",
    )
    with pytest.raises(StopIteration):
        next(gen)
    assert ada[Attr.INT].proficiency == 1
    assert ada[Attr.PRE].score == 0


def test_highest_score_pick_offers_only_tied_highest() -> None:
    """§5.4 row 16: −1 to the highest score; a tie is the owner's choice among the tied ones."""
    ctx, ada = make()
    ada[Attr.STR].score = ada[Attr.PRE].score = 3
    gen = apply_effects(ctx, ada, (ChooseAttribute(-1, pick=AttrPick.HIGHEST_SCORE),), rule="§5.4")
    decision = next(gen)
    assert decision.keys == ("STR", "PRE")
    with pytest.raises(StopIteration):
        gen.send("PRE")
    assert ada[Attr.PRE].score == 2 and ada[Attr.STR].score == 3


def test_skill_gained_twice_upgrades_to_advanced() -> None:
    """§5.1: Cooking from infancy and again from a career becomes Master chef."""
    ctx, ada = make()
    apply(ctx, ada, GainSkill(Skill.COOKING), GainSkill(Skill.COOKING))
    assert ada.skills == {Skill.MASTER_CHEF}


def test_squire_gets_shield_master_directly() -> None:
    """§5.3 row 4 / §16 #18: Shield master without Shield expert."""
    ctx, ada = make()
    apply(ctx, ada, GainSkill(Skill.SHIELD_MASTER, direct=True))
    assert ada.skills == {Skill.SHIELD_MASTER}
    assert any(isinstance(event, SkillLearned) for event in ctx.events)


def test_skill_with_nothing_left_to_learn_is_noted() -> None:
    """§6.1: a skill with no advanced form, gained again, changes nothing."""
    ctx, ada = make()
    report = apply(ctx, ada, GainSkill(Skill.SURVIVALIST), GainSkill(Skill.SURVIVALIST))
    assert ada.skills == {Skill.SURVIVALIST}
    assert len(report.notes) == 1 and "survivalist" in report.notes[0]


def test_choose_skill_learns_the_answer() -> None:
    """§6.1: a choice of skills asks the owner."""
    ctx, ada = make()
    apply(ctx, ada, ChooseSkill((Skill.HAGGLE, Skill.PILFER)), keys=("pilfer",))
    assert ada.skills == {Skill.PILFER}


def test_insight_trait_item_trauma_and_affliction() -> None:
    """§5.2 row 3, §10.5.1: insight and a trait; items come back in the report."""
    ctx, ada = make()
    report = apply(
        ctx,
        ada,
        GainTrait(Trait.REJECTED_BY_DEATH),
        Insight(1),
        GainItem("unusual_glasses"),
        GainTrauma(Trauma.FEARFUL),
        GainAffliction(Affliction.ANGRY),
    )
    assert ada.insight.earned == 1
    assert Trait.REJECTED_BY_DEATH in ada.traits
    assert ada.traumas == {Trauma.FEARFUL} and ada.afflictions == {Affliction.ANGRY}
    assert report.items == (("unusual_glasses", 1),)


def test_insight_beyond_twelve_circles_is_noted() -> None:
    """§10.5.3: no more than 12 insight for life."""
    ctx, ada = make()
    ada.insight.earned = 12
    report = apply(ctx, ada, Insight(1))
    assert ada.insight.earned == 12
    assert report.notes == ("1 insight found no free circle and is lost.",)


TABLE = LifePathTable(
    key="burden",
    dice=DiceExpr(2, 6),
    rows=tuple(LifePathRow(total, f"row{total}", f"Row {total}", "") for total in range(2, 13)),
    name="Burden",
)


def test_roll_on_rolls_the_table_dice_and_reports_the_row() -> None:
    """§5.1 step 4: the burden is 2d6."""
    ctx, ada = make([3, 4])
    row = roll_on(ctx, ada, TABLE, rule="§5.5")
    assert row.key == "row7"
    assert ctx.events[-1] == LifePathRolled(rule="§5.5", character="ada", table="burden", total=7, row="row7")


def test_row_for_skips_choose_only_rows_and_rejects_missing_totals() -> None:
    """§5.6: a row the dice cannot reach is only chosen, never rolled."""
    table = LifePathTable(
        "features", DiceExpr(4, 6), (LifePathRow(3, "glasses", "Glasses", "", choose_only=True),)
    )
    assert table.row("glasses").roll == 3
    with pytest.raises(InvalidAction):
        table.row_for(3)


def test_describe_reads_like_the_book() -> None:
    """§5.2–§5.4: effects describe themselves for the compendium."""
    assert describe(ScoreChange(Attr.STR, -2)) == "−2 STR"
    assert describe(ProficiencyChange(Attr.INT, 1)) == "+1 INT proficiency"
    assert describe(Silver(DiceExpr(4, 6))) == "4d6 silver"
    assert describe(GainSkill(Skill.ANIMAL_AFFINITY)) == "Animal affinity (skill)"


@given(
    st.lists(
        st.tuples(st.sampled_from(list(Attr)), st.integers(-3, 3), st.booleans()),
        max_size=12,
    ),
    st.integers(0, 2**32),
)
def test_creation_values_always_stay_within_limits(changes: list[tuple[Attr, int, bool]], seed: int) -> None:
    """§3.1: whatever a life path does, scores stay 0–3 and proficiencies 0–2."""
    ctx, ada = Context(SeededDice(seed)), Character(id="ada", name="Ada")
    effects: tuple[Effect, ...] = tuple(
        ScoreChange(attr, delta) if score else ProficiencyChange(attr, delta)
        for attr, delta, score in changes
    )
    resolve_default(
        apply_effects(ctx, ada, (*effects, ChooseAttribute(2, AttrKind.PROFICIENCY)), rule="§5.1")
    )
    for attr in Attr:
        assert 0 <= ada[attr].score <= 3
        assert 0 <= ada[attr].proficiency <= 2
    assert all(isinstance(event, (ScoreChanged, ProficiencyChanged)) for event in ctx.events)
