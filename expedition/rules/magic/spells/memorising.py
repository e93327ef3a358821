"""Provides memorising spells and prayers (§11.1, §11.2, §10.3) and readying magic as an expedition begins.

A wizard memorises up to the INT score of their known spells, a cleric up to the PRE score of
their known prayers. Getting a forgotten spell back by study needs a grimoire, except for a
school that needs none (the Awakened).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Tag
from expedition.rules.core.skills import Trait

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.engine.campaign import CampaignState


def memory_limit(character: Character) -> int:
    """How many spells (INT score) or prayers (PRE score) the character may hold memorised."""
    if Trait.MAGIC_USER in character.traits:
        return character[Attr.INT].score
    return character[Attr.PRE].score


def _needs_grimoire(ctx: Context, character: Character) -> bool:
    world = ctx.world
    school = world.schools.get(character.magic.calling) if world is not None else None
    return school.grimoire if school is not None else not character.magic.grimoire_free


def relearn_refusal(character: Character, keys: Sequence[str], *, needs_grimoire: bool) -> str:
    """Why memorising `keys` would fail for want of a grimoire ("" when it would not).

    Shared by the camp action's check (which knows the school by `Magic.grimoire_free`) and the
    memorising itself (which asks the content), so an offered study is never refused.
    """
    if Trait.MAGIC_USER not in character.traits or not needs_grimoire:
        return ""
    relearned = [key for key in keys if key in character.magic.forgotten_spells]
    grimoire = any(Tag.GRIMOIRE in item.defn.tags for item in character.items)
    return "Studying a forgotten spell back needs a grimoire." if relearned and not grimoire else ""


def memorise(ctx: Context, character: Character, keys: Sequence[str], *, rule: str = "§10.3") -> None:
    """Memorise `keys` in place of what was memorised (spells for a wizard, prayers for a cleric).

    Raises:
        IllegalAction: For someone who is neither, keys not known, too many, or a forgotten spell
            relearned without a grimoire.
    """
    magic = character.magic
    wizard = Trait.MAGIC_USER in character.traits
    if not wizard and Trait.DIVINE_MANDATE not in character.traits:
        raise IllegalAction(f"{character.name} has no spells or prayers to memorise.")
    known = magic.known_spells if wizard else magic.known_prayers
    unknown = [key for key in keys if key not in known]
    if unknown:
        raise IllegalAction(f"{character.name} does not know {', '.join(unknown)}.")
    if len(set(keys)) > memory_limit(character):
        raise IllegalAction(f"{character.name} can hold only {memory_limit(character)} in memory.")
    if wizard:
        refusal = relearn_refusal(character, keys, needs_grimoire=_needs_grimoire(ctx, character))
        if refusal:
            raise IllegalAction(refusal)
        magic.memorised_spells = list(dict.fromkeys(keys))
        magic.forgotten_spells.clear()
    else:
        magic.memorised_prayers = list(dict.fromkeys(keys))
    ctx.emit(Memorised(rule=rule, character=character.id, keys=tuple(dict.fromkeys(keys))))


def prepare_magic(ctx: Context, state: CampaignState) -> None:
    """Ready everyone's magic as an expedition begins (§11.1, §11.2, §5.7).

    Copies the calling and maneuvers from the creation sheet when the character has none yet;
    fills empty known lists (only characters saved before creation asked for spells and prayers:
    the first INT- or PRE-score entries of the school's or basic-plus-god's list, house);
    memorises the first known ones when nothing is memorised; clears forgotten spells and
    exhausted prayers (the interlude gave time to study and rest), the mishap count and the
    desperate plea.
    """
    world = ctx.world
    for member in state.party:
        magic = member.magic
        sheet = state.sheets.get(member.id)
        if sheet is not None:
            magic.calling = magic.calling or sheet.choice
            magic.maneuvers = magic.maneuvers or list(sheet.maneuvers)
        limit = memory_limit(member)
        if world is not None and Trait.MAGIC_USER in member.traits and not magic.known_spells:
            school = world.schools.get(magic.calling)
            magic.known_spells = list(school.spells[:limit]) if school is not None else []
        if world is not None and Trait.MAGIC_USER in member.traits:
            school = world.schools.get(magic.calling)
            magic.grimoire_free = school is not None and not school.grimoire
        if world is not None and Trait.DIVINE_MANDATE in member.traits and not magic.known_prayers:
            god = world.gods.get(magic.calling)
            pool = [p.key for p in world.prayers.values() if p.basic] + (list(god.prayers) if god else [])
            magic.known_prayers = pool[:limit]
        if not magic.memorised_spells:
            magic.memorised_spells = magic.known_spells[:limit]
        if not magic.memorised_prayers:
            magic.memorised_prayers = magic.known_prayers[:limit]
        magic.forgotten_spells.clear()
        magic.exhausted_prayers.clear()
        magic.mishaps = 0
        magic.plea_used = False
        magic.effects.clear()
        magic.spent.clear()


@dataclass(frozen=True, slots=True, kw_only=True)
class Memorised(Event):
    """A wizard or cleric memorised these spells or prayers."""

    character: str
    keys: tuple[str, ...]
