"""Provides character creation (§5.1): life path and its rerolls, class, trappings, silver and insight.

`create_party` makes the whole party at once, table by table, so the rule that two members who
roll the same entry may each reroll once for free can be applied before anything is applied.
Every roll goes through the context, so the same seed and the same answers give the same party.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import CreationSheet, Party
from expedition.rules.character.progression import earn_insight
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item, ItemDef
from expedition.rules.creation.class_choice import ClassOptions, choose_calling
from expedition.rules.creation.leftover_insight import spend_leftover_insight
from expedition.rules.creation.life_path import LifePathRow, LifePathTable, apply_effects, roll_on
from expedition.rules.creation.starting_kit import (
    TrappingKeys,
    camping_supply_fallback,
    make_items,
    outfit,
    roll_trappings,
)

LIFE_PATH: tuple[tuple[str, str], ...] = (
    ("infancy", "§5.2"),
    ("career", "§5.3"),
    ("tragedy", "§5.4"),
    ("burden", "§5.5"),
    ("features", "§5.6"),
)
"""The life-path tables in the order they are rolled (§5.1 step 4), with their sections."""

NAMES: tuple[str, ...] = (
    "Aldo", "Brannoc", "Cressida", "Dunstan", "Edda", "Fenwick", "Greta", "Hobb", "Isolde", "Jory",
    "Kestrel", "Lorcan", "Maud", "Nim", "Oswin", "Pim", "Rook", "Sorrel", "Thane", "Wren",
)  # fmt: skip
"""Our own short list of adventurer names, used when a spec names nobody and no list is given."""

MAX_PARTY = 4
"""The most adventurers a party starts with (DESIGN: a party of 1–4)."""
MAX_NAME = 32
"""The longest name a new adventurer takes, in characters; a longer typed name is cut there."""


@dataclass(frozen=True, slots=True)
class CharacterSpec:
    """Who a new character belongs to and what to call them.

    Attributes:
        owner: The player who makes the character's decisions.
        name: The character's name; "" draws one from the names list.
        id: The character id; "" gives "c1", "c2" … by seat.
        class_key: The class offered as the default answer ("" for the first class).
    """

    owner: str
    name: str = ""
    id: str = ""
    class_key: str = ""


@dataclass(frozen=True, slots=True)
class CreationOptions:
    """The content character creation needs, passed in as values (the rules never read files).

    Attributes:
        lifepath: The five life-path tables by key ("infancy" … "features").
        classes: The classes, backgrounds, schools and gods.
        items: Every item definition by key (trappings, kits, life-path items).
        trappings: Item keys of the trappings everyone starts with.
        names: Names drawn for characters without one.
    """

    lifepath: Mapping[str, LifePathTable]
    classes: ClassOptions
    items: Mapping[str, ItemDef]
    trappings: TrappingKeys = field(default_factory=TrappingKeys)
    names: tuple[str, ...] = field(default=NAMES)


@dataclass(slots=True)
class _Draft:
    """A character in the making and what is waiting to be handed out."""

    character: Character
    sheet: CreationSheet
    items: list[Item] = field(default_factory=list)


def create_party(
    ctx: Context,
    specs: Sequence[CharacterSpec],
    options: CreationOptions,
    *,
    started: list[Character] | None = None,
) -> Resolution[Party]:
    """Make a new party (§5.1), asking each character's owner for every choice.

    Steps: every character starts at score 1, proficiency 0 and 1 insight; the life-path tables are
    rolled in order for everyone (each roll may be rerolled with insight before it is applied,
    and duplicated entries give a free reroll); each chooses a class; trappings, kit and silver
    are handed out (what fits nowhere goes to the stash); a camping supply is given if nobody has
    one; leftover insight may be spent at once.

    Args:
        ctx: Dice and event log.
        specs: One per character, in seat order.
        options: The content creation needs.
        started: If given, each new character is appended to it as soon as it exists, so a
            front end can show it while it is being made (the party only gets it at the end).

    Raises:
        InvalidAction: For no characters, more than `MAX_PARTY`, repeated ids, or a missing table.
    """
    if not 1 <= len(specs) <= MAX_PARTY:
        raise InvalidAction(f"a party has 1 to {MAX_PARTY} adventurers, not {len(specs)}")
    for key, _ in LIFE_PATH:
        if key not in options.lifepath:
            raise InvalidAction(f"the {key} table is missing")
    party = Party()
    drafts: list[_Draft] = []
    for seat, spec in enumerate(specs, 1):
        drafts.append(_new_draft(ctx, drafts, spec, seat, options.names))
        if started is not None:
            started.append(drafts[-1].character)
    for key, rule in LIFE_PATH:
        yield from _life_path_round(ctx, party, drafts, options.lifepath[key], rule, options.items)
    for draft, spec in zip(drafts, specs, strict=True):
        calling = yield from choose_calling(
            ctx, draft.character, options.classes, default_class=spec.class_key
        )
        silver = draft.sheet.silver
        if calling.kit.silver is not None:
            silver += ctx.roll_expr(calling.kit.silver, who=draft.character.id, why="kit silver", rule="§5.7")
        if calling.kit.counterfeit is not None:
            fakes = ctx.roll_expr(
                calling.kit.counterfeit, who=draft.character.id, why="counterfeit", rule="§5.7"
            )
            party.counterfeit += fakes
        for line in calling.kit.items:
            draft.items += make_items(party, options.items, line.item, line.quantity, line.usage)
        draft.sheet = dataclasses.replace(
            draft.sheet,
            class_key=calling.class_key,
            choice=calling.choice,
            maneuvers=calling.maneuvers,
            silver=silver,
        )
    for draft in drafts:
        character = draft.character
        trappings: list[Item] = []
        for key, quantity in roll_trappings(ctx, character, options.trappings):
            trappings += make_items(party, options.items, key, quantity)
        outfit(ctx, party, character, trappings + draft.items)
        party.characters.append(character)
    yield from camping_supply_fallback(ctx, party, options.items, options.trappings)
    for draft in drafts:
        yield from spend_leftover_insight(ctx, draft.character)
        party.sheets[draft.character.id] = draft.sheet
        party.silver += draft.sheet.silver
        ctx.emit(
            CharacterCreated(
                rule="§5.1",
                character=draft.character.id,
                name=draft.character.name,
                owner=draft.character.owner,
                silver=draft.sheet.silver,
            )
        )
    return party


def _new_draft(
    ctx: Context, drafts: list[_Draft], spec: CharacterSpec, seat: int, names: Sequence[str]
) -> _Draft:
    character_id = spec.id or f"c{seat}"
    if any(d.character.id == character_id for d in drafts):
        raise InvalidAction(f"two characters share the id {character_id!r}")
    taken = {d.character.name for d in drafts}
    name = " ".join(spec.name.split())[:MAX_NAME].strip() or _draw_name(
        ctx, character_id, [n for n in names or NAMES if n not in taken] or NAMES
    )
    character = Character(id=character_id, name=name, owner=spec.owner)
    earn_insight(ctx, character, 1, rule="§5.1")
    return _Draft(character, CreationSheet(character_id))


def _draw_name(ctx: Context, who: str, pool: Sequence[str]) -> str:
    if len(pool) == 1:
        return pool[0]
    (face,) = ctx.roll(1, len(pool), who=who, why="name", rule="§5.1")
    return pool[face - 1]


def _life_path_round(
    ctx: Context,
    party: Party,
    drafts: list[_Draft],
    table: LifePathTable,
    rule: str,
    items: Mapping[str, ItemDef],
) -> Resolution[None]:
    rows: list[LifePathRow] = []
    for draft in drafts:
        row = roll_on(ctx, draft.character, table, rule=rule)
        rows.append((yield from _offer_insight_reroll(ctx, draft.character, table, row, rule)))
    keys = [row.key for row in rows]
    doubled = [index for index, key in enumerate(keys) if keys.count(key) > 1]
    for index in doubled:
        character = drafts[index].character
        answer = yield Decision(
            kind="free_reroll",
            owner=character.id,
            prompt=f"{character.name}: someone else also rolled {rows[index].name}. "
            f"Reroll {table.name or table.key} for free?",
            choices=(Choice("keep", f"Keep {rows[index].name}"), Choice("reroll", "Reroll for free")),
            default="keep",
            rule="§5.1",
        )
        if answer == "reroll":
            ctx.emit(
                LifePathRerolled(
                    rule="§5.1", character=character.id, table=table.key, old=keys[index], free=True
                )
            )
            row = roll_on(ctx, character, table, rule=rule)
            rows[index] = yield from _offer_insight_reroll(ctx, character, table, row, rule)
    for draft, row in zip(drafts, rows, strict=True):
        report = yield from apply_effects(ctx, draft.character, row.effects, rule=rule)
        for item_key, quantity in report.items:
            draft.items += make_items(party, items, item_key, quantity)
        draft.sheet = dataclasses.replace(draft.sheet, silver=draft.sheet.silver + report.silver)
        draft.sheet = _with_row(draft.sheet, table.key, row.key)
        if table.key == "burden":
            draft.character.burden = row.key
            ctx.emit(BurdenTaken(rule=rule, character=draft.character.id, burden=row.key))


def _with_row(sheet: CreationSheet, table_key: str, row_key: str) -> CreationSheet:
    if table_key == "infancy":
        return dataclasses.replace(sheet, infancy=row_key)
    if table_key == "career":
        return dataclasses.replace(sheet, career=row_key)
    if table_key == "tragedy":
        return dataclasses.replace(sheet, tragedy=row_key)
    if table_key == "burden":
        return dataclasses.replace(sheet, burden=row_key)
    return dataclasses.replace(sheet, feature=row_key)


def _offer_insight_reroll(
    ctx: Context, character: Character, table: LifePathTable, row: LifePathRow, rule: str
) -> Resolution[LifePathRow]:
    """Offer to spend 1 insight to reroll the whole roll, as long as insight is left (§5.1 step 1)."""
    while character.insight.unspent > 0:
        answer = yield Decision(
            kind="insight_reroll",
            owner=character.id,
            prompt=f"{character.name} rolled {row.name} ({table.name or table.key}). "
            f"Spend 1 of {character.insight.unspent} insight to reroll?",
            choices=(Choice("keep", f"Keep {row.name}"), Choice("reroll", "Spend 1 insight and reroll")),
            default="keep",
            rule="§5.1",
        )
        if answer != "reroll":
            break
        character.insight.spent += 1
        ctx.emit(
            LifePathRerolled(rule="§5.1", character=character.id, table=table.key, old=row.key, free=False)
        )
        row = roll_on(ctx, character, table, rule=rule)
    return row


@dataclass(frozen=True, slots=True, kw_only=True)
class LifePathRerolled(Event):
    """A life-path roll was thrown away before its effects were applied, to be rolled again (§5.1).

    Attributes:
        character: Whose roll.
        table: The table's key.
        old: The row given up.
        free: True for the free reroll after a duplicate; False when it cost 1 insight.
    """

    character: str
    table: str
    old: str
    free: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class BurdenTaken(Event):
    """A character's burden was set (§5.5)."""

    character: str
    burden: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterCreated(Event):
    """A character is finished (§5.1) and joins the party with `silver` for the purse."""

    character: str
    name: str
    owner: str
    silver: int
