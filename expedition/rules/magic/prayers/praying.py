"""Provides a cleric's prayers (§11.2): the PRE test, exhaustion, plea, miracles, and angering the god.

A prayer needs a holy symbol and a god who is not angry. Success works it and exhausts it until a
camp rest; a failure is ignored; a critical failure angers the god until the sacrifice (§5.7.4);
a great success works it and rolls a miracle. Effects are in `prayer_effects`; the sacrifice that
appeases an angry god is in `sacrifices`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.recovery import heal_chosen_wound, recover_fatigue
from expedition.rules.combat.combat_events import FoeFleeing, report_tokens
from expedition.rules.combat.enemies.specials import provoke_nearby
from expedition.rules.combat.rounds import begin_turn, check_actions, pay_actions
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, cure_affliction
from expedition.rules.core.decisions import GM, Choice, Decision
from expedition.rules.core.dice import DiceExpr
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.item_defs import Tag
from expedition.rules.core.judging import Outcome
from expedition.rules.core.rolls import attribute_test
from expedition.rules.core.skills import Trait
from expedition.rules.core.tracker import lower
from expedition.rules.exploration.exploration_turn import exploration_turn
from expedition.rules.magic.fight_magic import hurt_foe
from expedition.rules.magic.magic_effects import (
    NEARBY,
    effect_for,
    in_combat,
    magic_user,
    party_in_reach,
    the_world,
)
from expedition.rules.magic.prayers.prayer_effects import MISSING, PRAYER_EFFECTS
from expedition.rules.magic.prayers.sacrifices import plague_party

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

MAX_SHIELD = 5
"""Shield tokens cap (§10.2.4)."""
PURIFIES = (
    Affliction.HUNGRY,
    Affliction.PARCHED,
    Affliction.BLEEDING,
    Affliction.NAUSEATED,
    Affliction.CURSED,
)
"""What miracle 4 may cure (§11.2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class InvokePrayer(Action):
    """Pray (§11.2): a PRE test; 1 ET exploring, its actions in a fight.

    Attributes:
        prayer: The prayer's key.
        target: A party member's id, a foe's uid, or "" for the cleric / no target.
        plea: The desperate plea: pray an exhausted prayer, once per expedition.
    """

    prayer: str
    target: str = ""
    plea: bool = False


def has_holy_symbol(character: Character) -> bool:
    """True if the character carries a holy symbol (§11.2)."""
    return any(Tag.HOLY_SYMBOL in item.defn.tags for item in character.items)


def _cleric(state: CampaignState, action: Action) -> Character:
    return magic_user(
        state,
        action,
        trait=Trait.DIVINE_MANDATE,
        doing="Prayers are said",
        refusal="is no cleric: only the Divine mandate is answered.",
    )


def verify_invoke(state: CampaignState, action: InvokePrayer) -> None:
    """Raise unless the cleric may pray `action.prayer` at `action.target` now (§11.2)."""
    cleric = _cleric(state, action)
    magic = cleric.magic
    if action.prayer not in magic.memorised_prayers:
        raise IllegalAction(f"{cleric.name} has not memorised that prayer.")
    if magic.god_angry:
        raise IllegalAction(f"{cleric.name}'s god is angry: no prayer is answered until the sacrifice.")
    if not has_holy_symbol(cleric):
        raise IllegalAction(f"{cleric.name} has no holy symbol: no prayer works without one.")
    exhausted = action.prayer in magic.exhausted_prayers
    if exhausted and not action.plea:
        raise IllegalAction("That prayer is exhausted until a camp rest (a desperate plea may force it).")
    if action.plea and (not exhausted or magic.plea_used):
        raise IllegalAction("The desperate plea is for an exhausted prayer, once per expedition.")
    effect = effect_for("prayer", action.prayer, PRAYER_EFFECTS, MISSING, state)
    if in_combat(state):
        check_actions(state, cleric.id, effect.actions)
    effect.check(state, cleric, action.target)


def invoke_prayer(ctx: Context, state: CampaignState, action: InvokePrayer) -> Resolution[None]:
    """Pray: the PRE test, then the effect, exhaustion, a miracle, or the god's anger (§11.2)."""
    cleric = state.character(action.actor)
    effect = effect_for("prayer", action.prayer, PRAYER_EFFECTS, MISSING, state)
    fighting = in_combat(state)
    if fighting and not (yield from begin_turn(ctx, state, cleric)):
        return
    if fighting:
        provoke_nearby(ctx, state, cleric.id)  # a sleeping Red Weaver wakes (§12.1)
    result = yield from attribute_test(ctx, cleric, Attr.PRE, combat=fighting, rule="§11.2")
    outcome = result.outcome
    ctx.emit(
        PrayerJudged(
            rule="§11.2", character=cleric.id, prayer=action.prayer, outcome=outcome, plea=action.plea
        )
    )
    if outcome.succeeded:
        yield from effect.apply(ctx, state, cleric, action.target)
        magic = cleric.magic
        if action.plea:
            magic.plea_used = True
        if action.prayer not in magic.exhausted_prayers:
            magic.exhausted_prayers.append(action.prayer)
        if outcome is Outcome.GREAT_SUCCESS:
            yield from miracle(ctx, state, cleric)
    elif outcome is Outcome.CRITICAL_FAILURE:
        yield from anger_god(ctx, state, cleric)
    if fighting:
        yield from pay_actions(ctx, state, cleric, effect.actions, "InvokePrayer")
    else:
        yield from exploration_turn(ctx, state)


def anger_god(ctx: Context, state: CampaignState, cleric: Character) -> Resolution[None]:
    """The god is angry (§11.2); Kaal Rafir's anger tires the whole party at once (§5.7.4, house)."""
    cleric.magic.god_angry = True
    ctx.emit(GodAngered(rule="§11.2", character=cleric.id, god=cleric.magic.calling))
    if cleric.magic.calling == "kaal_rafir":
        plague_party(ctx, state)
    return
    yield


def rest_prayers(ctx: Context, character: Character, *, rule: str = "§10.3") -> None:
    """A camp rest or sleep makes every exhausted prayer ready again (§11.2, §10.3)."""
    if character.magic.exhausted_prayers:
        character.magic.exhausted_prayers.clear()
        ctx.emit(PrayersRestored(rule=rule, character=character.id))


def _pick(owner: str, kind: str, prompt: str, options: list[tuple[str, str]], rule: str) -> Resolution[str]:
    if len(options) == 1:
        return options[0][0]
    key = yield Decision(
        kind=kind,
        owner=owner,
        prompt=prompt,
        choices=tuple(Choice(k, t) for k, t in options),
        default=options[0][0],
        rule=rule,
    )
    return key


def miracle(ctx: Context, state: CampaignState, cleric: Character) -> Resolution[None]:
    """Roll 1d6 on the miracle table and work it (§11.2)."""
    rows = {row.roll: row for row in the_world(ctx.world).miracles}
    face = ctx.roll(1, 6, who=cleric.id, why="miracle", rule="§11.2")[0]
    row = rows[face]
    ctx.emit(MiracleGranted(rule="§11.2", character=cleric.id, roll=face, name=row.name, text=row.text))
    near = [m for m in party_in_reach(state, cleric, NEARBY) if m.status is not Status.DEAD]
    who = [(m.id, m.name) for m in near]
    if face in (1, 2, 4):
        member = state.character(
            (yield from _pick(cleric.id, "miracle_target", "Who receives the miracle?", who, "§11.2"))
        )
        if face == 1:
            for _ in range(ctx.roll_expr(DiceExpr(1, 6), who=cleric.id, why="wounds healed", rule="§11.2")):
                yield from heal_chosen_wound(ctx, member, rule="§11.2")
        elif face == 2:
            marks = [(f"{a}:wounds", f"all {a} wounds") for a in Attr if member[a].wounds]
            marks += [(f"{a}:fatigue", f"all {a} fatigue") for a in Attr if member[a].fatigue]
            if marks:
                attr, _, kind = (
                    yield from _pick(cleric.id, "miracle_restore", "Restore what?", marks, "§11.2")
                ).partition(":")
                if kind == "wounds":
                    member[Attr(attr)].wounds = 0
                    ctx.emit(Note(rule="§11.2", text=f"{member.name}'s {attr} wounds are all healed."))
                else:
                    recover_fatigue(ctx, member, Attr(attr), member[Attr(attr)].fatigue, rule="§11.2")
        else:
            ills = [(a.value, a.value) for a in PURIFIES if a in member.afflictions]
            if ills:
                ill = yield from _pick(cleric.id, "miracle_cure", "Cure which affliction?", ills, "§11.2")
                cure_affliction(ctx, member, Affliction(ill), rule="§11.2")
    elif face == 3:
        cleric.magic.exhausted_prayers.clear()
        ctx.emit(PrayersRestored(rule="§11.2", character=cleric.id))
    elif face == 5:
        yield from _dread(ctx, state)
    elif in_combat(state):
        combat = state.expedition.combat if state.expedition else None
        for enemy in list(combat.conscious_foes if combat else []):
            hurt_foe(ctx, state, enemy, 1, cleric.id, "§11.2")
    else:
        for member in state.living:
            member.tokens.shield = min(MAX_SHIELD, member.tokens.shield + 1)
            ctx.emit(report_tokens(member.id, member.tokens, "miracle: ready for the next fight", "§11.2"))


def _dread(ctx: Context, state: CampaignState) -> Resolution[None]:
    combat = state.expedition.combat if state.expedition else None
    if combat is not None:
        for enemy in combat.conscious_foes:
            if not enemy.fleeing:
                enemy.fleeing = True
                ctx.emit(FoeFleeing(rule="§11.2", foe=enemy.uid, reason="miracle: holy dread"))
    else:
        lower(ctx, state.here.doom, 1, rule="§11.2")
    return
    yield


# --- the sacrifice -------------------------------------------------------------------------------
# The sacrifices themselves (§5.7.4) live in `sacrifices` (exploring) and `camp_sacrifices` (camp).


# --- events ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PrayerJudged(Event):
    """A prayer's PRE test was judged (§11.2)."""

    character: str
    prayer: str
    outcome: Outcome
    plea: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PrayersRestored(Event):
    """Every exhausted prayer of a cleric is ready again."""

    character: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GodAngered(Event):
    """A critical failure angered the cleric's god."""

    character: str
    god: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MiracleGranted(Event):
    """A great success brought a miracle (§11.2)."""

    character: str
    roll: int
    name: str
    text: str


_ = GM
