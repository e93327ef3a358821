"""Provides the basic, Goshkalon's and Cador's prayers that need lasting effects (§11.2).

Every duration is a `Lasting` (rules/core/lasting.py): "turns" are combat rounds in a fight and
exploration turns outside one. The hooks other rules ask live in `prayer_marks`; Yulak's, Akhzu's
and Kaal Rafir's prayers are in `prayer_kaal`. `PRAYER_MORE` is merged into `PRAYER_EFFECTS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.harm import take_fatigue
from expedition.rules.character.recovery import recover_chosen_fatigue, recover_fatigue
from expedition.rules.combat.combat_state import Foe, combat_of
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item
from expedition.rules.core.lasting import ON_END, ON_TICK, Lasting, Span, add_lasting, lasting_on
from expedition.rules.core.reach import CLOSE, Reach
from expedition.rules.items import handling, slots
from expedition.rules.magic.fight_magic import foe, has_tag, hurt_foe
from expedition.rules.magic.magic_effects import (
    NEARBY,
    Check,
    Effect,
    ally,
    ally_check,
    in_combat,
    party_in_reach,
)
from expedition.rules.magic.prayers.prayer_marks import (
    DIRGE,
    EUPHORIA,
    GRACE,
    HOLD,
    HYPERFOCUS,
    IGNORANCE,
    mirror,
)

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState


def span_now(state: CampaignState) -> Span:
    """What a prayer's "turns" are now: combat rounds in a fight, exploration turns outside one."""
    return Span.ROUND if in_combat(state) else Span.TURN


def creature(state: CampaignState, cleric: Character, target: str, reach: Reach) -> Character | Foe:
    """The adventurer or (in a fight) the foe `target` names, within `reach` of the cleric.

    Raises:
        IllegalAction: For nobody in reach.
    """
    if in_combat(state) and any(f.uid == target for f in combat_of(state).foes):
        return foe(state, cleric.id, target, reach)
    return ally(state, cleric, target, reach)


def creature_check(reach: Reach) -> Check:
    """A check that `target` is an adventurer or foe in `reach`."""

    def check(state: CampaignState, cleric: Character, target: str) -> None:
        creature(state, cleric, target, reach)

    return check


def holder(who: Character | Foe) -> str:
    """A creature's id as a lasting's holder."""
    return who.id if isinstance(who, Character) else who.uid


def roll_turns(ctx: Context, cleric: Character, dice: int, prayer: str) -> int:
    """Roll `dice`d6 for how many turns a prayer lasts."""
    return sum(ctx.roll(dice, who=cleric.id, why=f"{prayer}: how long", rule="§11.2"))


# --- basic ----------------------------------------------------------------------------------------


def _create_food(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    """Create food and water: a ration and a unit of water in a Close ally's pack, else the stash."""
    member = ally(state, cleric, target, CLOSE)
    defs = (
        ctx.world.items if ctx.world is not None else state.expedition.item_defs if state.expedition else {}
    )
    for key in ("ration", "water"):
        defn = defs.get(key)
        if defn is None:
            continue
        item = Item.new(state.next_uid, defn)
        state.next_uid += 1
        places = [slots.inside(c) for c in slots.worn_containers(member)] + list(slots.HANDS)
        place = next((p for p in places if slots.can_put(member, item, p)), "")
        if place:
            handling.put(ctx, member, item, place, rule="§11.2")
        else:
            state.stash.append(item)
        ctx.emit(
            FoodConjured(rule="§11.2", character=member.id, item=item.uid, name=item.name, stashed=not place)
        )
    return
    yield


# --- Goshkalon ----------------------------------------------------------------------------------------


def _bliss_check(state: CampaignState, cleric: Character, target: str) -> None:
    if not ally(state, cleric, target, CLOSE).afflictions:
        raise IllegalAction("Bliss needs a Close ally with an affliction.")


def _bliss(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    """Bliss (house form): the affliction is set aside in a lasting until the expedition ends."""
    member = ally(state, cleric, target, CLOSE)
    held = sorted(member.afflictions)
    key = yield Decision(
        kind="bliss_affliction",
        owner=cleric.id,
        prompt=f"Which of {member.name}'s afflictions stops mattering?",
        choices=tuple(Choice(a.value, a.value) for a in held),
        default=held[0].value,
        rule="§11.2",
    )
    chosen = Affliction(key)
    member.afflictions.discard(chosen)
    add_lasting(
        ctx,
        state,
        f"prayer:bliss:{chosen.value}",
        member.id,
        Span.EXPEDITION,
        source=cleric.id,
        text=chosen.value,
        rule="§11.2",
    )
    ctx.emit(AfflictionNumbed(rule="§11.2", character=member.id, affliction=chosen.value))


def _bliss_ends(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    member = next((m for m in state.party if m.id == effect.holder), None)
    if member is not None:
        gain_affliction(ctx, member, Affliction(effect.text), rule="§11.2")


def _euphoria(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    member = ally(state, cleric, target, CLOSE)
    for _ in range(2):
        yield from recover_chosen_fatigue(ctx, member, 1, rule="§11.2")
    if in_combat(state):
        add_lasting(ctx, state, EUPHORIA, member.id, Span.FIGHT, source=cleric.id, rule="§11.2")
        mirror(member, EUPHORIA, True)


def _ignorance(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    who = creature(state, cleric, target, NEARBY)
    rounds = roll_turns(ctx, cleric, 2, "Ignorance")
    add_lasting(ctx, state, IGNORANCE, holder(who), Span.ROUND, rounds, source=cleric.id, rule="§11.2")
    return
    yield


def _hyperfocus(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    member = ally(state, cleric, target, NEARBY)
    rounds = roll_turns(ctx, cleric, 1, "Hyperfocus")
    add_lasting(ctx, state, HYPERFOCUS, member.id, Span.ROUND, rounds, source=cleric.id, rule="§11.2")
    combat_of(state).hyperfocus.add(member.id)
    return
    yield


def _apotheosis(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    """Apotheosis: the fatigue shed is kept in a lasting ("STR:2,DEX:1") and comes back as it ends."""
    for member in party_in_reach(state, cleric, NEARBY):
        owed = dict.fromkeys(Attr, 0)
        for old in lasting_on(state, member.id, "prayer:apotheosis"):
            for attr, points in _owed(old.text).items():
                owed[attr] += points
        for attr in Attr:
            owed[attr] += recover_fatigue(ctx, member, attr, member[attr].fatigue, rule="§11.2")
        text = ",".join(f"{attr}:{points}" for attr, points in owed.items() if points)
        if text:
            add_lasting(
                ctx,
                state,
                "prayer:apotheosis",
                member.id,
                span_now(state),
                1 if in_combat(state) else 2,  # the prayer's own turn passes first
                source=cleric.id,
                text=text,
                rule="§11.2",
            )
    return
    yield


def _owed(text: str) -> dict[Attr, int]:
    pairs = (part.split(":") for part in text.split(",") if part)
    return {Attr(attr): int(points) for attr, points in pairs}


def _apotheosis_ends(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    member = next((m for m in state.party if m.id == effect.holder), None)
    if member is not None:
        for attr, points in _owed(effect.text).items():
            take_fatigue(ctx, member, attr, points, rule="§11.2")


# --- Cador ---------------------------------------------------------------------------------------------


def _borrowed(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    member = ally(state, cleric, target, NEARBY)
    turns = roll_turns(ctx, cleric, 2, "Borrowed Time")
    add_lasting(ctx, state, GRACE, member.id, span_now(state), turns, source=cleric.id, rule="§11.2")
    mirror(member, GRACE, True)
    return
    yield


def _foe_check(state: CampaignState, cleric: Character, target: str) -> None:
    foe(state, cleric.id, target, NEARBY)


def _undead_check(state: CampaignState, cleric: Character, target: str) -> None:
    enemy = foe(state, cleric.id, target, NEARBY)
    if not has_tag(enemy, EnemyTag.UNDEAD):
        raise IllegalAction(f"The {enemy.name} is not undead.")


def _memento(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    enemy = foe(state, cleric.id, target, NEARBY)
    rounds = roll_turns(ctx, cleric, 2, "Memento mori")
    add_lasting(
        ctx, state, "prayer:memento_mori", enemy.uid, Span.ROUND, rounds, source=cleric.id, rule="§11.2"
    )
    return
    yield


def _memento_tick(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    combat = state.expedition.combat if state.expedition else None
    enemy = next((f for f in combat.foes if f.uid == effect.holder), None) if combat else None
    if enemy is not None and enemy.conscious:
        hurt_foe(ctx, state, enemy, 1, effect.source, "§11.2")


def _dirge(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    enemy = foe(state, cleric.id, target, NEARBY)
    rounds = roll_turns(ctx, cleric, 1, "Dirge")
    add_lasting(ctx, state, DIRGE, enemy.uid, Span.ROUND, rounds, source=cleric.id, rule="§11.2")
    return
    yield


def _hold(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    who = creature(state, cleric, target, NEARBY)
    rounds = roll_turns(ctx, cleric, 1, "Hold")
    add_lasting(ctx, state, HOLD, holder(who), Span.ROUND, rounds, source=cleric.id, rule="§11.2")
    combat_of(state).held.add(holder(who))
    return
    yield


ON_END["prayer:bliss"] = _bliss_ends
ON_END["prayer:apotheosis"] = _apotheosis_ends
ON_TICK["prayer:memento_mori"] = _memento_tick

PRAYER_MORE: dict[str, Effect] = {
    "create_food_and_water": Effect(_create_food, ally_check(CLOSE)),
    "bliss": Effect(_bliss, _bliss_check),
    "euphoria": Effect(_euphoria, ally_check(CLOSE)),
    "ignorance": Effect(_ignorance, creature_check(NEARBY), combat=True),
    "hyperfocus": Effect(_hyperfocus, ally_check(NEARBY), combat=True),
    "apotheosis": Effect(_apotheosis),
    "borrowed_time": Effect(_borrowed, ally_check(NEARBY)),
    "memento_mori": Effect(_memento, _undead_check, combat=True),
    "dirge": Effect(_dirge, _foe_check, combat=True),
    "hold": Effect(_hold, creature_check(NEARBY), combat=True),
}
"""Basic, Goshkalon's and Cador's prayers written here (Hold is Kaal Rafir's, kept with its kin)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FoodConjured(Event):
    """Create food and water made an item (`stashed` when no pack had room)."""

    character: str
    item: int
    name: str
    stashed: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class AfflictionNumbed(Event):
    """Bliss set an affliction aside for the expedition: no effect, no cure, back when it ends."""

    character: str
    affliction: str
