"""Provides what spells, prayers and maneuvers share: effect records, targets, lasting light.

An `Effect` pairs a target check (raising `IllegalAction` with a reason) with the resolution that
applies it. A key with no `Effect` must have a reason in its module's `MISSING` table: the action
is refused with that reason instead of silently doing nothing (§11, §5.7).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.traumas import stun_on_spell_nearby
from expedition.rules.combat.combat_events import report_tokens
from expedition.rules.core.distance import Range
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.phase import Phase
from expedition.rules.core.reach import Reach
from expedition.rules.core.skills import Trait
from expedition.rules.exploration.expedition import expedition_of, reveal
from expedition.rules.exploration.surroundings import acting, exploring
from expedition.rules.magic.fight_magic import check_reach
from expedition.rules.magic.magic_defs import ManeuverDef, PrayerDef, SpellDef

if TYPE_CHECKING:
    from expedition.rules.core.actions import Action
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.core.world import World
    from expedition.rules.engine.campaign import CampaignState

Apply = Callable[["Context", "CampaignState", Character, str], "Resolution[None]"]
"""Applies an effect: (ctx, state, caster, target)."""
Check = Callable[["CampaignState", Character, str], None]
"""Raises `IllegalAction` when the effect cannot be used on `target` now."""
Targets = Callable[["CampaignState", Character], list[str]]
"""The targets worth offering a player: ids, foe uids, tiles "x,y" or texts (the options list tries each)."""


def no_check(state: CampaignState, caster: Character, target: str) -> None:
    """Accept any target (effects on the caster or the party's room)."""


@dataclass(frozen=True, slots=True)
class Effect:
    """What a spell, prayer or maneuver does, and when it may be used.

    Attributes:
        apply: The resolution that applies it.
        check: Raises `IllegalAction` for a target it cannot reach or affect now.
        combat: True when it works only in a fight, False only outside one, None in both.
        actions: Combat actions it costs (§10.2.2; the content's `actions`, checked by the tests).
        targets: The targets to offer, when they are not simply "", the party and the foes
            (tiles, doors, attributes); None offers those.
    """

    apply: Apply
    check: Check = no_check
    combat: bool | None = None
    actions: int = 1
    targets: Targets | None = None


def in_combat(state: CampaignState) -> bool:
    """True while the party is fighting (§10.2)."""
    return state.phase is Phase.COMBAT


def effect_for(
    kind: str, key: str, effects: Mapping[str, Effect], missing: Mapping[str, str], state: CampaignState
) -> Effect:
    """The effect of `key`, usable in the current phase.

    Raises:
        IllegalAction: When it cannot be modelled yet (the reason names what is missing), or it
            works only in or only out of a fight.
        InvalidAction: When the key has neither an effect nor a reason (a content error).
    """
    if key in missing:
        raise IllegalAction(f"That {kind} cannot be used yet: {missing[key]}.")
    effect = effects.get(key)
    if effect is None:
        raise InvalidAction(f"No rules are written for the {kind} {key!r}.")
    fighting = in_combat(state)
    if effect.combat is True and not fighting:
        raise IllegalAction(f"That {kind} only works in a fight.")
    if effect.combat is False and fighting:
        raise IllegalAction(f"That {kind} only works outside a fight.")
    return effect


def the_world(world: World | None) -> World:
    """The content world, which spells and prayers need.

    Raises:
        IllegalAction: When no content is loaded.
    """
    if world is None:
        raise IllegalAction("No spells or prayers are loaded.")
    return world


def definition(
    table: Mapping[str, SpellDef] | Mapping[str, PrayerDef] | Mapping[str, ManeuverDef], key: str, kind: str
) -> SpellDef | PrayerDef | ManeuverDef:
    """The definition of `key` in `table`.

    Raises:
        InvalidAction: For an unknown key.
    """
    found = table.get(key)
    if found is None:
        raise InvalidAction(f"There is no {kind} called {key!r}.")
    return found


# --- targets -------------------------------------------------------------------------------------


def reach_tiles(reach: Reach | None) -> int | None:
    """How many tiles a reach covers: 0 for the caster alone, None for no limit."""
    if reach is None:
        return 0
    return reach.tiles


def ally(state: CampaignState, caster: Character, target: str, reach: Reach | None) -> Character:
    """The adventurer `target` names ("" is the caster), if the effect reaches them.

    While exploring the party stands on one tile, so every member is in reach; in a fight the
    combat positions decide (§8).

    Raises:
        IllegalAction: For someone not in the party, dead, or out of reach.
    """
    if not target or target == caster.id:
        return caster
    member = next((c for c in state.party if c.id == target), None)
    if member is None:
        raise IllegalAction(f"{target} is not with the party.")
    if member.status is Status.DEAD:
        raise IllegalAction(f"{member.name} is dead.")
    if reach is None:
        raise IllegalAction("That only affects its user.")
    if in_combat(state):
        check_reach(state, caster.id, member.id, reach)
    return member


def ally_check(reach: Reach | None) -> Check:
    """A check that `target` is an adventurer in `reach`."""

    def check(state: CampaignState, caster: Character, target: str) -> None:
        ally(state, caster, target, reach)

    return check


def party_in_reach(state: CampaignState, caster: Character, reach: Reach | None) -> list[Character]:
    """Living adventurers `reach` covers from the caster, the caster included."""
    found: list[Character] = []
    for member in state.party:
        if member.status is Status.DEAD:
            continue
        try:
            ally(state, caster, member.id, reach)
        except IllegalAction:
            continue
        found.append(member)
    return found


NEARBY = Reach(Range.NEARBY)
"""The reach of "everyone Nearby" effects (§8, §16 #3)."""


def visions(ctx: Context, state: CampaignState, caster: Character) -> None:
    """Visions: everyone else Nearby with that trauma takes a stun token when a spell is cast (§4.5)."""
    for member in party_in_reach(state, caster, NEARBY):
        stun = stun_on_spell_nearby(member)
        if member is caster or not stun:
            continue
        member.tokens.stun += stun
        ctx.emit(report_tokens(member.id, member.tokens, "Visions: a spell was cast Nearby", "§4.5"))


# --- lasting light --------------------------------------------------------------------------------


def light_room(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Light the party's room until the decay tracker next triggers (§11.1 Light, §11.2 Light, §7.8)."""
    expedition = expedition_of(state)
    expedition.magic_light = f"{expedition.depth}:{expedition.area}"
    expedition.magic_light_decays = expedition.decays_on_level
    ctx.emit(RoomLitByMagic(rule="§7.8", character=caster.id, area=expedition.area))
    reveal(state)
    return
    yield


# --- events ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomLitByMagic(Event):
    """A Light spell or prayer lit the party's room for one decay."""

    character: str
    area: str


def magic_user(state: CampaignState, action: Action, *, trait: Trait, doing: str, refusal: str) -> Character:
    """The acting character, if magic of this kind may be worked now (§11): exploring or fighting.

    Args:
        state: The campaign.
        action: The casting or praying action.
        trait: The trait that lets the character do it (Magic user, Divine mandate).
        doing: What is done, for the refusal ("Spells are cast").
        refusal: Why someone without `trait` cannot ("is no wizard: only a Magic user casts spells").

    Raises:
        IllegalAction: Outside exploration and combat, or when the actor lacks `trait`.
    """
    if state.phase is Phase.EXPLORATION:
        exploring(state)
    elif state.phase is not Phase.COMBAT:
        raise IllegalAction(f"{doing} while exploring or fighting, not during {state.phase.value}.")
    user = acting(state, action)
    if trait not in user.traits:
        raise IllegalAction(f"{user.name} {refusal}")
    return user
