"""Provides a wizard's magic (§11.1, §10.1): casting and its INT test, mishaps, forgetting, Concentrate.

Casting always works: the effect comes first, then the caster tests INT. A failure forgets the
spell; a critical failure (every failure, without a conductor) also rolls on the mishap table,
3d6 plus the mishaps already rolled this expedition; a great success makes the next casting test
succeed by itself. A cast costs 1 ET while exploring, or its 1 or 2 actions in a fight (§10.2.2).
The effects of each spell are in `spell_effects`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.blindness import blind, sees_target
from expedition.rules.character.harm import place_wounds, take_fatigue
from expedition.rules.combat.enemies.specials import provoke_nearby
from expedition.rules.combat.fight_setup import summon
from expedition.rules.combat.rounds import begin_turn, check_actions, pay_actions
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.distance import Range
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.item_defs import Tag
from expedition.rules.core.judging import Outcome
from expedition.rules.core.reach import Reach
from expedition.rules.core.rolls import attribute_test
from expedition.rules.core.skills import Trait
from expedition.rules.exploration.exploration_turn import exploration_turn
from expedition.rules.exploration.hazards.air import rift_bonus
from expedition.rules.exploration.surroundings import exploring
from expedition.rules.items.handling import take_away
from expedition.rules.magic.magic_defs import MishapRow, SpellDef
from expedition.rules.magic.magic_effects import (
    effect_for,
    in_combat,
    magic_user,
    party_in_reach,
    the_world,
    visions,
)
from expedition.rules.magic.prayers.prayer_marks import bars_int, silenced
from expedition.rules.magic.spells.attack_spells import SPELLS as ATTACK_SPELLS
from expedition.rules.magic.spells.spell_book import MISSING, SPELL_EFFECTS
from expedition.rules.magic.spells.utility_spells import weave_into
from expedition.rules.magic.warding import sealed
from expedition.rules.trackers.doom import advance_doom
from expedition.rules.trackers.omens import advance_omens

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState


@dataclass(frozen=True, slots=True, kw_only=True)
class CastSpell(Action):
    """Cast a memorised spell (§11.1): 1 ET exploring, 1 or 2 actions in a fight.

    Attributes:
        spell: The spell's key.
        target: A party member's id, a foe's uid, a tile as "x,y", or "" for the caster / no target.
    """

    spell: str
    target: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Concentrate(Action):
    """Concentrate to get a forgotten spell back (§10.1): 1 ET, an INT test; wizards only.

    Attributes:
        spell: The forgotten spell's key.
    """

    spell: str


def has_conductor(character: Character) -> bool:
    """True if the character carries a conductor (wand, staff, crystal ball, §11.1)."""
    return any(Tag.CONDUCTOR in item.defn.tags for item in character.items)


def _wizard(state: CampaignState, action: Action) -> Character:
    return magic_user(
        state,
        action,
        trait=Trait.MAGIC_USER,
        doing="Spells are cast",
        refusal="is no wizard: only a Magic user casts spells.",
    )


def casting_refused(state: CampaignState, caster: Character, spell: str) -> str:
    """Why a spell cannot be cast now because of a prayer ("" when it can): Silence, Ignorance."""
    expedition = state.expedition
    if expedition is None:
        return ""
    combat = expedition.combat
    here = combat.positions.get(caster.id, expedition.position) if combat else expedition.position
    if silenced(state, here):
        return f"{caster.name} stands in a silence: no spell can be spoken there."
    if spell in ATTACK_SPELLS and bars_int(state, caster.id):
        return f"{caster.name} is under Ignorance and cannot attack with INT."
    return ""


def verify_cast(state: CampaignState, action: CastSpell) -> None:
    """Raise unless the caster may cast `action.spell` at `action.target` now (§11.1, §10.2.2)."""
    caster = _wizard(state, action)
    magic = caster.magic
    if action.spell not in magic.memorised_spells:
        raise IllegalAction(f"{caster.name} has not memorised that spell.")
    if action.spell in magic.forgotten_spells:
        raise IllegalAction(f"{caster.name} has forgotten that spell; Concentrate or study to get it back.")
    effect = effect_for("spell", action.spell, SPELL_EFFECTS, MISSING, state)

    if refused := casting_refused(state, caster, action.spell):  # Silence, Ignorance (§11.2)
        raise IllegalAction(refused)
    if in_combat(state):
        check_actions(state, caster.id, effect.actions)

    if action.target and sealed(state, action.target):  # §11.1 Arcane Seal
        raise IllegalAction("An Arcane Seal keeps every spell from that.")
    if not sees_target(caster, action.target):  # mishap 5, house
        raise IllegalAction(f"{caster.name} is blind: a spell can only be cast on themself.")
    effect.check(state, caster, action.target)


def verify_concentrate(state: CampaignState, action: Concentrate) -> None:
    """Raise unless the wizard may Concentrate on `action.spell` now (§10.1)."""
    exploring(state)
    caster = _wizard(state, action)
    if action.spell not in caster.magic.forgotten_spells:
        raise IllegalAction(f"{caster.name} has not forgotten that spell.")


def spell_def(ctx: Context, key: str) -> SpellDef:
    """The definition of spell `key`.

    Raises:
        IllegalAction: Without loaded content.
        InvalidAction: For an unknown spell.
    """
    found = the_world(ctx.world).spells.get(key)
    if found is None:
        raise InvalidAction(f"There is no spell called {key!r}.")
    return found


def cast_spell(ctx: Context, state: CampaignState, action: CastSpell) -> Resolution[None]:
    """Cast: the effect, Visions stuns, then the casting test and what follows it (§11.1)."""
    caster = state.character(action.actor)
    spell = spell_def(ctx, action.spell)
    effect = effect_for("spell", action.spell, SPELL_EFFECTS, MISSING, state)
    fighting = in_combat(state)
    if fighting and not (yield from begin_turn(ctx, state, caster)):
        return
    ctx.emit(
        SpellCast(rule="§11.1", character=caster.id, spell=spell.key, name=spell.name, target=action.target)
    )
    if fighting:
        provoke_nearby(ctx, state, caster.id)  # a sleeping Red Weaver wakes (§12.1)
    yield from effect.apply(ctx, state, caster, action.target)
    visions(ctx, state, caster)
    summons: list[str] = []
    yield from casting_test(ctx, state, caster, spell, combat=fighting, summons=None if fighting else summons)
    if fighting:
        yield from pay_actions(ctx, state, caster, effect.actions, "CastSpell")
    else:
        yield from turn_then_summons(ctx, state, caster, summons)


def turn_then_summons(
    ctx: Context, state: CampaignState, caster: Character, summons: list[str]
) -> Resolution[None]:
    """End an exploration action's turn, then let a mishap's summoned horror start the fight.

    A spell cast or a Concentrate while exploring takes 1 ET (§10.1), and every such turn advances
    decay and spends lights; the decay tracker does not advance in a fight (§10.2.1), whose whole
    length is one more ET, passed as it ends (§10.1 "Start combat"). So the action's turn is
    finished first, as a Move into a guarded room is, and the creature appears after it.
    """
    yield from exploration_turn(ctx, state)
    for key in summons:
        if state.living and state.expedition is not None:
            yield from summon(ctx, state, caster, key)


def casting_test(
    ctx: Context,
    state: CampaignState,
    caster: Character,
    spell: SpellDef,
    *,
    combat: bool = False,
    summons: list[str] | None = None,
) -> Resolution[Outcome]:
    """The test after a cast (§11.1): failure forgets, critical adds a mishap, great makes the next sure.

    Without a conductor every failure counts as critical. A mishap's summons are added to
    `summons` when it is given, for the caller to bring in once the turn is over (`turn_then_summons`).

    Returns:
        The outcome that counted.
    """
    magic = caster.magic
    if magic.sure_cast:
        magic.sure_cast = False
        outcome = Outcome.SUCCESS
        ctx.emit(
            CastingJudged(rule="§11.1", character=caster.id, spell=spell.key, outcome=outcome, sure=True)
        )
        return outcome
    result = yield from attribute_test(ctx, caster, spell.attr, combat=combat, rule="§11.1")

    outcome = yield from weave_into(ctx, state, caster, result.faces, result.outcome)  # §11.1 Weave fate
    if outcome is Outcome.FAILURE and not has_conductor(caster):
        outcome = Outcome.CRITICAL_FAILURE
        ctx.emit(Note(rule="§11.1", text=f"{caster.name} has no conductor: the failure counts as critical."))
    ctx.emit(CastingJudged(rule="§11.1", character=caster.id, spell=spell.key, outcome=outcome))
    if result.omens:
        yield from advance_omens(ctx, state.omens, state.party, state.here.doom, result.omens, rule="§6.2")
    if outcome is Outcome.GREAT_SUCCESS:
        magic.sure_cast = True
    elif not outcome.succeeded:
        forget(ctx, caster, spell.key)
        if outcome is Outcome.CRITICAL_FAILURE:
            yield from roll_mishap(ctx, state, caster, summons=summons)
    return outcome


def forget(ctx: Context, caster: Character, spell: str, *, rule: str = "§11.1") -> None:
    """The spell leaves the wizard's memory until it is relearned."""
    if spell not in caster.magic.forgotten_spells:
        caster.magic.forgotten_spells.append(spell)
        ctx.emit(SpellForgotten(rule=rule, character=caster.id, spell=spell))


def mishap_row(rows: Sequence[MishapRow], total: int) -> MishapRow:
    """The row of the mishap table a total lands on; the open-ended top row takes every higher total."""
    for row in rows:
        if row.roll == total or (row.open_ended and total >= row.roll):
            return row
    return (
        min(rows, key=lambda row: row.roll)
        if total < min(r.roll for r in rows)
        else max(rows, key=lambda r: r.roll)
    )


def roll_mishap(
    ctx: Context,
    state: CampaignState,
    caster: Character,
    *,
    count: bool = True,
    rule: str = "§11.1",
    summons: list[str] | None = None,
) -> Resolution[MishapRow]:
    """Roll on the spell mishap table and apply the row (§11.1).

    Args:
        ctx: Dice, events and the world's mishap table.
        state: The campaign.
        caster: The wizard.
        rule: The section applied.
        count: False for Concentrate (§10.1): earlier mishaps are not added and this one is not recorded.
        summons: When given, a summoned creature's key is added here instead of appearing now.
    """
    rows = the_world(ctx.world).mishaps
    faces = ctx.roll(3, 6, who=caster.id, why="spell mishap (3d6 + earlier mishaps)", rule=rule)
    earlier = caster.magic.mishaps if count else 0

    total = sum(faces) + earlier + rift_bonus(ctx, state, caster)  # a leaking rift (HOUSE §1.13)
    row = mishap_row(rows, total)
    if count:
        caster.magic.mishaps += 1
    ctx.emit(
        SpellMishapRolled(
            rule=rule,
            character=caster.id,
            roll=sum(faces),
            earlier=earlier,
            total=total,
            mishap=row.name,
            counted=count,
            text=row.text,
        )
    )
    yield from apply_mishap(ctx, state, caster, row, summons=summons)
    return row


_OTHERS: dict[int, tuple[Affliction, Range]] = {
    8: (Affliction.ANGRY, Range.NEARBY),
    9: (Affliction.HOPELESS, Range.NEARBY),
    10: (Affliction.TERRIFIED, Range.CLOSE),
}
"""Mishap rows that also strike the others around the caster (§11.1): the affliction and how far."""


def apply_mishap(
    ctx: Context, state: CampaignState, caster: Character, row: MishapRow, *, summons: list[str] | None = None
) -> Resolution[None]:
    """Apply one mishap row: the caster's afflictions and harm, doom, summons, lost items (§11.1).

    With `summons` given (outside a fight), the summoned creature's key is added there and it
    appears once the action's exploration turn is over (`turn_then_summons`).
    """
    rule = "§11.1"
    if row.roll == 3:
        take_fatigue(ctx, caster, Attr.INT, 1, rule=rule)
    if row.roll == 12:
        for attr in Attr:
            yield from place_wounds(ctx, caster, 1, named=attr, rule=rule)
    for affliction in sorted(row.afflictions):
        gain_affliction(ctx, caster, affliction, rule=rule)
    if row.roll in _OTHERS:
        affliction, span = _OTHERS[row.roll]
        for member in party_in_reach(state, caster, Reach(span)):
            if member is not caster:
                gain_affliction(ctx, member, affliction, rule=rule)
    if row.doom:
        yield from advance_doom(ctx, state.here.doom, state.omens, state.party, row.doom, rule=rule)
    if row.roll == 5:
        blind(ctx, state, caster, rule=rule)  # 6 exploration turns (house reading: `blindness`)
    if row.roll == 13:
        lost = [item for item in caster.items if Tag.CONDUCTOR in item.defn.tags][:1]
        _lose(ctx, caster, lost, "conductor destroyed")
    if row.roll == 17:
        _lose(ctx, caster, list(caster.items), "left in the void realm")
    if row.summons and summons is not None:
        summons.append(row.summons)
    elif row.summons:
        yield from summon(ctx, state, caster, row.summons)


def _lose(ctx: Context, caster: Character, items: list, why: str) -> None:  # type: ignore[type-arg]
    for item in items:
        take_away(caster, item)
    if items:
        ctx.emit(
            ItemsLostToMagic(rule="§11.1", character=caster.id, items=tuple(i.uid for i in items), why=why)
        )


def concentrate(ctx: Context, state: CampaignState, action: Concentrate) -> Resolution[None]:
    """Concentrate (§10.1): an INT test; success brings the spell back, failure rolls an uncounted mishap."""
    caster = state.character(action.actor)
    summons: list[str] = []
    result = yield from attribute_test(ctx, caster, Attr.INT, rule="§10.1")
    if result.succeeded:
        caster.magic.forgotten_spells.remove(action.spell)
        ctx.emit(SpellRecovered(rule="§10.1", character=caster.id, spell=action.spell))
    else:
        yield from roll_mishap(ctx, state, caster, count=False, rule="§10.1", summons=summons)
    yield from turn_then_summons(ctx, state, caster, summons)


# --- events ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellCast(Event):
    """A wizard cast a spell; its effect follows, then the casting test."""

    character: str
    spell: str
    name: str
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CastingJudged(Event):
    """The test after a cast was judged (§11.1); `sure` when a great success made it succeed by itself."""

    character: str
    spell: str
    outcome: Outcome
    sure: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellForgotten(Event):
    """A spell left the wizard's memory."""

    character: str
    spell: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellRecovered(Event):
    """A forgotten spell came back (Concentrate or study)."""

    character: str
    spell: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellMishapRolled(Event):
    """A roll on the spell mishap table (§11.1).

    Attributes:
        roll: The 3d6.
        earlier: Mishaps added (0 for Concentrate).
        total: The row looked up.
        mishap: The row's name.
        counted: Whether it counts as a mishap this expedition.
        text: What happens.
    """

    character: str
    roll: int
    earlier: int
    total: int
    mishap: str
    counted: bool
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemsLostToMagic(Event):
    """A mishap took items away for good."""

    character: str
    items: tuple[int, ...]
    why: str
