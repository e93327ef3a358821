"""Provides the life-path tables (§5.2–§5.6) as data: an effect vocabulary, rows, tables, and applying them.

A row's effects are frozen values; `apply_effects` carries them out on a character with the
creation limits of §3.1 (score 0–3, proficiency 0–2, points beyond them lost), asking the
character's owner whenever a row leaves a choice. The character has no purse, so silver and
items are handed back in an `ApplyReport` for the creation procedure to add.
"""

from __future__ import annotations

from dataclasses import dataclass

from expedition.rules.character.adventurer import Character
from expedition.rules.character.progression import (
    change_proficiency,
    change_score,
    earn_insight,
    gain_trait,
    learn_skill,
    skill_after_learning,
)
from expedition.rules.character.traumas import gain_trauma
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.skills import Skill
from expedition.rules.core.wording import plural, verb
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
    signed,
    words,
)

__all__ = [
    "ApplyReport",
    "LifePathRolled",
    "LifePathRow",
    "LifePathTable",
    "apply_effects",
    "roll_on",
]


@dataclass(frozen=True, slots=True)
class LifePathRow:
    """One result of a life-path table.

    Attributes:
        roll: The total that gives this row.
        key: Stable identifier, unique within its table.
        name: Display name.
        text: What it means, in our own words.
        effects: What applying it does, in order.
        choose_only: True for a row the dice cannot reach, available only by choosing it (§5.6 row 3).
    """

    roll: int
    key: str
    name: str
    text: str
    effects: tuple[Effect, ...] = ()
    choose_only: bool = False


@dataclass(frozen=True, slots=True)
class LifePathTable:
    """A life-path table: the dice rolled on it and a row for each total.

    Attributes:
        key: "infancy", "career", "tragedy", "burden" or "features".
        dice: What is rolled on it (3d6, 2d6 or 4d6).
        rows: The rows in order of their totals.
        name: Display name.
        text: What the table is for, in our own words.
    """

    key: str
    dice: DiceExpr
    rows: tuple[LifePathRow, ...]
    name: str = ""
    text: str = ""

    def row_for(self, total: int) -> LifePathRow:
        """The row a rolled total gives.

        Raises:
            InvalidAction: If no row has that total.
        """
        for row in self.rows:
            if row.roll == total and not row.choose_only:
                return row
        raise InvalidAction(f"the {self.name or self.key} table has no row for {total}")

    def row(self, key: str) -> LifePathRow:
        """The row with this key (for a chosen feature, §5.1 step 4).

        Raises:
            InvalidAction: If no row has that key.
        """
        for row in self.rows:
            if row.key == key:
                return row
        raise InvalidAction(f"the {self.name or self.key} table has no entry {key!r}")


def roll_on(ctx: Context, character: Character, table: LifePathTable, *, rule: str) -> LifePathRow:
    """Roll a life-path table for a character (§5.1 step 4) and report the row it gives.

    Returns:
        The row rolled; apply it with `apply_effects`.
    """
    total = ctx.roll_expr(table.dice, who=character.id, why=f"{table.name or table.key} table", rule=rule)
    row = table.row_for(total)
    ctx.emit(LifePathRolled(rule=rule, character=character.id, table=table.key, total=total, row=row.key))
    return row


@dataclass(frozen=True, slots=True)
class ApplyReport:
    """What applying life-path effects gave that the character cannot hold itself.

    Attributes:
        silver: Silver for the purse.
        items: (item key, quantity) pairs for the inventory.
        notes: Lines for the player: points the limits threw away, skills already known.
    """

    silver: int = 0
    items: tuple[tuple[str, int], ...] = ()
    notes: tuple[str, ...] = ()


def apply_effects(
    ctx: Context, character: Character, effects: tuple[Effect, ...], *, rule: str, creation: bool = True
) -> Resolution[ApplyReport]:
    """Apply a row's effects in order (§5.1 step 2), asking the owner for any choice.

    Scores and proficiencies keep the creation limits of §3.1 (points beyond them are lost,
    and a note says so); `creation=False` uses the later limits (§16 #30) instead.

    Args:
        ctx: Dice and event log.
        character: Who receives the effects; also the owner of every decision.
        effects: The effects, applied first to last.
        rule: The section applied, such as "§5.2".
        creation: True while the character is being created.

    Returns:
        The silver and items won, and notes for the player.
    """
    silver = 0
    items: list[tuple[str, int]] = []
    notes: list[str] = []
    for effect in effects:
        match effect:
            case ScoreChange(attr, delta):
                _attr_change(ctx, character, AttrKind.SCORE, attr, delta, creation, rule, notes)
            case ProficiencyChange(attr, delta):
                _attr_change(ctx, character, AttrKind.PROFICIENCY, attr, delta, creation, rule, notes)
            case ChooseAttribute(delta, kind):
                attr = yield from _choose_attr(character, effect, rule)
                _attr_change(ctx, character, kind, attr, delta, creation, rule, notes)
            case GainSkill(skill, direct):
                _learn(ctx, character, skill, direct, rule, notes)
            case ChooseSkill(options):
                skill = yield from _choose_skill(character, options, rule)
                _learn(ctx, character, skill, False, rule, notes)
            case GainTrait(trait):
                if not gain_trait(ctx, character, trait, rule=rule):
                    notes.append(f"{character.name} already has {words(trait).lower()}.")
            case GainTrauma(trauma):
                yield from gain_trauma(ctx, character, trauma, rule=rule)
            case GainAffliction(affliction):
                gain_affliction(ctx, character, affliction, rule=rule)
            case Silver(dice, amount):
                rolled = 0
                if dice is not None:
                    rolled = ctx.roll_expr(dice, who=character.id, why="life-path silver", rule=rule)
                silver += amount + rolled
            case Insight(amount):
                earned = earn_insight(ctx, character, amount, rule=rule)
                if earned < amount:
                    notes.append(f"{amount - earned} insight found no free circle and is lost.")
            case GainItem(item_key, quantity):
                items.append((item_key, quantity))
    return ApplyReport(silver=silver, items=tuple(items), notes=tuple(notes))


def _attr_change(
    ctx: Context,
    character: Character,
    kind: AttrKind,
    attr: Attr,
    delta: int,
    creation: bool,
    rule: str,
    notes: list[str],
) -> None:
    change = change_score if kind is AttrKind.SCORE else change_proficiency
    applied = change(ctx, character, attr, delta, creation=creation, rule=rule)
    lost = abs(delta - applied)
    if lost:
        what = "score" if kind is AttrKind.SCORE else "proficiency"
        beyond = f"{plural(lost, 'point')} beyond the limit {verb(lost, 'is', 'are')} lost"
        notes.append(f"{attr.value} {what}: {beyond}.")


def _learn(
    ctx: Context, character: Character, skill: Skill, direct: bool, rule: str, notes: list[str]
) -> None:
    if skill_after_learning(character, skill, squire=direct) is None:
        notes.append(f"{character.name} already knows {words(skill).lower()}; nothing more to learn.")
        return
    learn_skill(ctx, character, skill, rule=rule, squire=direct)


def _value(character: Character, kind: AttrKind, attr: Attr) -> int:
    return character[attr].score if kind is AttrKind.SCORE else character[attr].proficiency


def _choose_attr(character: Character, effect: ChooseAttribute, rule: str) -> Resolution[Attr]:
    options = list(effect.options)
    if effect.pick is not AttrPick.ANY:
        scores = [character[attr].score for attr in options]
        target = min(scores) if effect.pick is AttrPick.LOWEST_SCORE else max(scores)
        options = [attr for attr in options if character[attr].score == target]
    if len(options) == 1:
        return options[0]
    # Default: a raise goes where the value is lowest, a loss where it is highest (first on a tie).
    values = {attr: _value(character, effect.kind, attr) for attr in options}
    default = (
        min(options, key=values.__getitem__) if effect.delta > 0 else max(options, key=values.__getitem__)
    )
    what = effect.kind.value
    key = yield Decision(
        kind=f"lifepath_{what}",
        owner=character.id,
        prompt=f"{character.name}: which {what} changes by {signed(effect.delta)}?",
        choices=tuple(Choice(attr.value, f"{attr.value} ({what} {values[attr]})") for attr in options),
        default=default.value,
        rule=rule,
    )
    return Attr(key)


def _choose_skill(character: Character, options: tuple[Skill, ...], rule: str) -> Resolution[Skill]:
    if len(options) == 1:
        return options[0]
    fresh = [skill for skill in options if skill not in character.skills]
    key = yield Decision(
        kind="lifepath_skill",
        owner=character.id,
        prompt=f"{character.name}: learn which skill?",
        choices=tuple(Choice(skill.value, words(skill)) for skill in options),
        default=(fresh or list(options))[0].value,
        rule=rule,
    )
    return Skill(key)


@dataclass(frozen=True, slots=True, kw_only=True)
class LifePathRolled(Event):
    """A life-path table was rolled for a character.

    Attributes:
        character: Whose life path.
        table: The table's key ("infancy", "career", …).
        total: The dice total.
        row: The key of the row it gave.
    """

    character: str
    table: str
    total: int
    row: str
