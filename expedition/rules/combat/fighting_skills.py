"""Provides skills in a fight (§6.1) and the Cursed's sight of ghosts (§4.6): Fearless, Stalker, advantages.

- **Fearless** (§6.1): the combat action `FearlessHeal` heals 1 PRE wound, once per fight (a lasting
  `FEARLESS` mark). House: the book names no cost, so it takes 1 action. Hungry blocks it, as it
  blocks every healing (§4.6, `recovery.heal_wound`); it is not rest, so Cursed does not.
- **Stalker** (§6.1, HOUSE §6.1 "unaware"): in a fight the party opened by ambush the enemies are
  unaware, so before round 1 each Stalker who can act strikes one foe in reach of a wielded weapon
  (a "stalker_target" decision): a free hit that is a critical one, for the weapon's BASE + CRIT.
  It is not an attack test, so no dice and no tokens; armour and resistance apply as usual.
- **Advantage** (`strike.skill_advantage`, read by `strike_test` and the attack odds): Beastmaster
  against animals (§6.1), and (house) a Cursed adventurer against ghosts: they see where it really is.
- **Ghosts seen** (`ghosts_seen`, HOUSE §3.3 Shadow): a group made only of ghosts cannot surprise
  a party with a living Cursed adventurer (§4.6 "can see ghosts"); initiative is rolled as usual.

Slippery lives in `skill_slip`, Animal Affinity and the Beastmaster's hound in `skill_beasts`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.recovery import can_heal, heal_wound
from expedition.rules.combat.attacking import in_reach, weapon_attack, weapons
from expedition.rules.combat.beasts import pets_join
from expedition.rules.combat.combat_events import Attacked
from expedition.rules.combat.combat_state import CombatState, Foe, combat_of, standing
from expedition.rules.combat.enemies.enemy_defs import EnemyDef, EnemyTag
from expedition.rules.combat.rounds import begin_turn, check_actions, pay_actions
from expedition.rules.combat.strike import spend_ammo, weapon_wounds
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.item_defs import Item
from expedition.rules.core.lasting import Span, add_lasting, has_lasting
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Skill
from expedition.rules.magic.prayers.prayer_marks import hostile

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.engine.campaign import CampaignState

FEARLESS = "skill:fearless"
"""Lasting mark (on the adventurer, for the fight): Fearless has been used in this fight."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FearlessHeal(Action):
    """Fearless: heal 1 PRE wound, once per fight; 1 action (§6.1, house cost)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FightSkillUsed(Event):
    """An adventurer used a fight skill (§6.1): "fearless" (a PRE wound healed) or "stalker" (a free hit).

    Attributes:
        character: Who used it.
        skill: The skill's key.
        foe: The foe it was used on, "" for none.
    """

    character: str
    skill: str
    foe: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GhostsSeen(Event):
    """A Cursed adventurer saw the ghosts coming: the party is not surprised (§4.6, house).

    Attributes:
        character: The Cursed adventurer.
        names: The ghosts' names.
    """

    character: str
    names: tuple[str, ...]


# --- Fearless ----------------------------------------------------------------------------------


def verify_fearless(state: CampaignState, action: FearlessHeal) -> None:
    """Raise unless `action.actor` may use Fearless now.

    Raises:
        IllegalAction: Outside a fight or the actor's turn, without the skill, already used this
            fight, no PRE wound, Hungry, stunned or out of actions.
    """
    if state.phase is not Phase.COMBAT:
        raise IllegalAction("Fearless is used in a fight.")
    combat = combat_of(state)
    member = state.character(action.actor)
    if member.id not in combat.positions or member.id in combat.fled:
        raise IllegalAction(f"{member.name} is not in this fight.")
    if not member.has(Skill.FEARLESS):
        raise IllegalAction(f"{member.name} does not have the Fearless skill.")
    if has_lasting(state, member.id, FEARLESS):
        raise IllegalAction(f"{member.name} has already used Fearless in this fight.")
    if member[Attr.PRE].wounds <= 0:
        raise IllegalAction(f"{member.name} has no PRE wound to heal.")
    if not can_heal(member):
        raise IllegalAction(f"{member.name} is Hungry: wounds do not heal.")
    check_actions(state, member.id, 1)


def fearless(ctx: Context, state: CampaignState, action: FearlessHeal) -> Resolution[None]:
    """Resolve Fearless: mark it used for the fight and heal 1 PRE wound (§6.1)."""
    member = state.character(action.actor)
    if not (yield from begin_turn(ctx, state, member)):
        return
    add_lasting(ctx, state, FEARLESS, member.id, Span.FIGHT, source=member.id, rule="§6.1")
    ctx.emit(FightSkillUsed(rule="§6.1", character=member.id, skill=Skill.FEARLESS.value, foe=""))
    heal_wound(ctx, member, Attr.PRE, rule="§6.1")
    yield from pay_actions(ctx, state, member, 1, "FearlessHeal")


def fight_skill_offers(state: CampaignState, actor: str) -> list[tuple[Action, str]]:
    """The skill actions to show `actor` in a fight: Fearless, for a Fearless adventurer with a PRE wound."""
    member = next((m for m in state.party if m.id == actor), None)
    if member is None or not member.has(Skill.FEARLESS) or member[Attr.PRE].wounds <= 0:
        return []
    return [(FearlessHeal(actor=actor), "Fearless: heal a PRE wound")]


# --- advantages and ghosts ---------------------------------------------------------------------


def ghosts_seen(ctx: Context, state: CampaignState, foes: Sequence[EnemyDef]) -> bool:
    """True (and reported) when a surprise by ghosts alone is foiled by a Cursed adventurer (§4.6, house)."""
    if not foes or any(EnemyTag.GHOST not in defn.tags for defn in foes):
        return False
    seer = next((m for m in state.party if m.has(Affliction.CURSED) and m.status is not Status.DEAD), None)
    if seer is None:
        return False
    ctx.emit(GhostsSeen(rule="§4.6", character=seer.id, names=tuple(defn.name for defn in foes)))
    return True


# --- the start of a fight: pets and Stalkers -----------------------------------------------------


def fight_opens(ctx: Context, state: CampaignState, combat: CombatState) -> Resolution[None]:
    """Before round 1: Beastmasters' hounds join (`skill_beasts`), then Stalkers strike an unaware foe."""
    pets_join(ctx, state, combat)
    if not combat.ambush:
        return
    for member in standing(state, combat):
        if member.has(Skill.STALKER):
            yield from stalk(ctx, state, combat, member)


def _marks(state: CampaignState, combat: CombatState, member: Character) -> dict[str, Item]:
    """Foe uid → the wielded weapon that reaches it with the heaviest critical hit."""
    here = combat.positions[member.id]
    found: dict[str, Item] = {}
    for foe in hostile(state, combat):
        usable = [
            item
            for item in weapons(member)
            if in_reach(state, combat, member, item, foe)
            and (not item.defn.ammo or any(i.defn.key == item.defn.ammo for i in member.items))
        ]
        if usable:
            distance = manhattan(here, foe.pos)
            found[foe.uid] = max(usable, key=lambda i: weapon_attack(i, distance).damage(True))
    return found


def stalk(ctx: Context, state: CampaignState, combat: CombatState, member: Character) -> Resolution[None]:
    """Stalker's free critical hit on an unaware foe in reach, chosen by the owner (§6.1, HOUSE §6.1)."""
    marks = _marks(state, combat, member)
    if not marks:
        ctx.emit(Note(rule="§6.1", text=f"{member.name} finds no foe within reach to strike unseen."))
        return
    named = combat.foe_names()
    choices = tuple(Choice(uid, f"The {named[uid]} with the {item.name}") for uid, item in marks.items())
    decision = Decision(
        kind="stalker_target",
        owner=member.id,
        prompt=f"Stalker: {member.name} strikes before the enemies notice. Which one?",
        choices=choices,
        default=choices[0].key,
        rule="§6.1",
    )
    key = yield decision
    if key not in marks:
        raise InvalidAction(f"{key!r} is not a choice here; choose one of {', '.join(decision.keys)}")
    _free_critical(ctx, state, combat, member, combat.foe(key), marks[key])


def _free_critical(
    ctx: Context, state: CampaignState, combat: CombatState, member: Character, foe: Foe, item: Item
) -> None:

    attack = weapon_attack(item, manhattan(combat.positions[member.id], foe.pos))
    raw = attack.damage(True)
    ctx.emit(FightSkillUsed(rule="§6.1", character=member.id, skill=Skill.STALKER.value, foe=foe.uid))
    ctx.emit(
        Attacked(
            rule="§6.1",
            attacker=member.id,
            defender=foe.uid,
            attack=item.name,
            outcome="great_success",
            hit=True,
            critical=True,
            damage=raw,
        )
    )
    spend_ammo(ctx, member, item)
    weapon_wounds(ctx, state, combat, member, foe, item, attack, raw, critical=True, rule="§6.1")


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {FearlessHeal: verify_fearless}
"""The fight skills' guards, merged into `turns`."""
VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    FearlessHeal: fearless
}
"""The fight skills' verbs, merged into `turns`."""
