"""Provides the adventurers' combat actions (§10.2.2) and their guards: whose turn, costs, range, tokens.

Costs: AttackFoe, Recover, CombatMove, CombatCatchBreath, Defend, CombatUseItem, Feint and Flee take
1 action; Dodge, Help and Intimidate take 2; EndTurn takes none. A stunned adventurer may only
Recover (or end the turn) (§10.2.1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character
from expedition.rules.character.recovery import verify_catch_breath
from expedition.rules.character.traumas import combat_move_action_cost, combat_move_tiles_limit
from expedition.rules.combat.combat_state import CombatState, Foe, combat_of
from expedition.rules.combat.fight_map import routes, sees
from expedition.rules.combat.holds import verify_free_to_move
from expedition.rules.combat.rounds import actions_for, verify_turn
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.distance import Pos, Range, chebyshev, manhattan, orthogonal_neighbours
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.item_defs import Item, Special, Tag
from expedition.rules.core.notation import Attack as AttackNotation
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.phase import Phase
from expedition.rules.core.rolls import available_dice
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.exploration.hazards.footing import move_reach, verify_dodge
from expedition.rules.exploration.using_items import CURES_BY_ITEM
from expedition.rules.items.item_uses import USES, verify_item_use
from expedition.rules.items.medicine import STABILISERS
from expedition.rules.items.slots import HANDS, movement_multiplier, verify_put
from expedition.rules.magic.prayers.prayer_marks import hostile
from expedition.rules.magic.warding import hasted

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackFoe(Action):
    """Attack a foe in range with a wielded weapon (§10.2.2).

    Attributes:
        target: The foe's uid.
        weapon_uid: The wielded weapon's item uid.
        attr: The attribute to test, "" for the best the weapon allows (Cold blood: DEX for STR).
    """

    target: str
    weapon_uid: int
    attr: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Recover(Action):
    """Give up a shield or dodge token to recover 1 fatigue, and/or remove a stun token (§10.2.2, §16 #15).

    Attributes:
        token: "dodge", "shield" or "" (dodge first, then shield, when there is one).
        attr: Where the fatigue comes off, "" for the most tired attribute.
    """

    token: str = ""
    attr: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatMove(Action):
    """Move up to 2 × available DEX tiles, orthogonally (§10.2.2).

    Attributes:
        to: The tile to reach.
    """

    to: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatCatchBreath(Action):
    """Catch breath in a fight: 1 fatigue off every attribute; not while Shaken (§10.2.2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Defend(Action):
    """Raise the held shield: its shield tokens plus Shield Expert or Master, at most 5 (§10.2.2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Dodge(Action):
    """A DEX test for 2 dodge tokens, 3 on a great success (§10.2.2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatUseItem(Action):
    """Wield a weapon or shield, light or put out a light, or use a curing item (§10.2.2).

    Attributes:
        item: The item's uid.
        hand: For wielding: "left_hand" or "right_hand", "" to choose a free one.
        target: What it is used on (`item_uses`): "" for the default, a foe uid, an item uid or a tile.
    """

    item: int
    hand: str = ""
    target: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Help(Action):
    """Help an ally on or next to your tile: your die joins their tests on their next turn (§10.2.2, §3.5).

    Attributes:
        ally: The ally's id.
    """

    ally: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Feint(Action):
    """Duelist: strip every shield and dodge token from a Close foe (§6.1).

    Attributes:
        target: The foe's uid.
    """

    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Intimidate(Action):
    """Intimidate skill: a PRE 1N attack on every Nearby foe, once per combat (§6.1)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Flee(Action):
    """Move to a tile no foe can see and leave the fight (§16 #25).

    Attributes:
        to: The tile to run to.
    """

    to: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class EndTurn(Action):
    """End this adventurer's turn, giving up the actions left."""


COSTS: dict[type[Action], int] = {Dodge: 2, Help: 2, Intimidate: 2, EndTurn: 0}
"""Actions each combat action takes; those not listed take 1."""


def cost_of(member: Character, action: Action) -> int:
    """Actions `action` takes (a Broken leg makes a move take 2, §4.5)."""
    if isinstance(action, CombatMove | Flee):
        return combat_move_action_cost(member)
    return COSTS.get(type(action), 1)


# --- helpers the verbs and the options share -----------------------------------------------------


def held_shield(member: Character) -> Item | None:
    """The shield in the character's hands, if any."""
    return next((i for i in member.items if i.defn.is_shield and i.place in HANDS), None)


def move_tiles(member: Character, state: CampaignState | None = None) -> int:
    """Tiles one Move covers: 2 × available DEX, halved when encumbered, 1 with a Broken leg (§10.2.2).

    Haste (§11.1), asked of `state` when given, doubles it.
    """
    tiles = int(2 * max(0, available_dice(member, Attr.DEX)) * movement_multiplier(member))
    if state is not None:
        tiles *= 2 if hasted(state, member.id) else 1

        tiles = move_reach(state, member, tiles)  # water, mud, silk, a warped floor (HOUSE §1.9-§1.14)
    limit = combat_move_tiles_limit(member)
    return tiles if limit is None else min(tiles, limit)


def move_routes(state: CampaignState, combat: CombatState, member: Character) -> dict[Pos, tuple[Pos, ...]]:
    """Tiles `member` can reach with one Move, with the path to each (§10.2.2).

    Allies do not block the way: a mover may pass through their tiles but not stop on one (house).
    """
    assert state.expedition is not None

    # The party's own swarm or hound does not engage (§11.2, §6.1).
    engaged = {p for foe in hostile(state, combat) for p in orthogonal_neighbours(foe.pos)}
    here = combat.positions[member.id]
    allies = {pos for who, pos in combat.positions.items() if who not in combat.fled} - {here}
    blocked = combat.occupied() - allies - {here}
    return routes(
        state.expedition.level, here, move_tiles(member, state), blocked, engaged=engaged, passable=allies
    )


def weapon_attack(item: Item, distance: int) -> AttackNotation:
    """The weapon's attack at `distance` tiles: its Close form next to the target when it has one."""
    text = item.defn.close_attack if distance == 1 and item.defn.close_attack else item.defn.attack
    assert text is not None
    return parse_attack(text)


def in_reach(state: CampaignState, combat: CombatState, member: Character, item: Item, foe: Foe) -> bool:
    """True if the weapon reaches the foe: Close is orthogonal unless it reaches diagonally (§16 #2)."""
    assert state.expedition is not None
    here = combat.positions[member.id]
    attack = weapon_attack(item, manhattan(here, foe.pos))
    if attack.reach.band is Range.CLOSE and attack.reach.tiles == 1:
        if Special.DIAGONAL in item.defn.specials:
            return chebyshev(here, foe.pos) == 1
        return manhattan(here, foe.pos) == 1
    return attack.reach.reaches(manhattan(here, foe.pos)) and sees(state.expedition.level, here, foe.pos)


def weapons(member: Character) -> list[Item]:
    """Wielded items with an attack."""
    return [i for i in member.items if i.wielded and i.defn.attack]


def attack_attrs(member: Character, attack: AttackNotation) -> tuple[Attr, ...]:
    """Attributes the attacker may test: the weapon's, plus DEX for a STR weapon with Cold blood (§6.2)."""
    attrs = attack.attrs
    if member.has(Trait.COLD_BLOOD) and Attr.STR in attrs and Attr.DEX not in attrs:
        attrs = (*attrs, Attr.DEX)
    return attrs


# --- guards ------------------------------------------------------------------------------------


def _fighter(state: CampaignState, action: Action) -> tuple[CombatState, Character]:

    if state.phase is not Phase.COMBAT:
        raise IllegalAction("That is done in a fight.")
    combat = combat_of(state)
    if not action.actor:
        raise InvalidAction(f"{type(action).__name__} needs the acting character")
    member = next((c for c in state.party if c.id == action.actor), None)
    if member is None or member.id not in combat.positions or member.id in combat.fled:
        raise IllegalAction(f"{action.actor} is not in this fight.")
    if not member.can_act:
        raise IllegalAction(f"{member.name} cannot act.")
    verify_turn(state, combat, member)
    if isinstance(action, EndTurn):
        return combat, member
    if member.tokens.stun and not isinstance(action, Recover):
        raise IllegalAction(f"{member.name} is stunned: only Recover until the stun tokens are gone.")
    left = combat.actions_left if combat.active == member.id else actions_for(combat, member)
    cost = cost_of(member, action)
    if cost > left:
        raise IllegalAction(f"{type(action).__name__} takes {cost} actions; {member.name} has {left}.")
    if (
        member.id in combat.hyperfocus
        and combat.active == member.id
        and combat.last_action not in ("", type(action).__name__)
    ):
        raise IllegalAction("Under Hyperfocus every action of the turn is the same.")
    return combat, member


def _verify_attack(state: CampaignState, action: AttackFoe) -> None:
    combat, member = _fighter(state, action)
    foe = combat.foe(action.target)
    if not foe.conscious:
        raise IllegalAction(f"The {foe.name} is out of the fight.")
    item = next((i for i in weapons(member) if i.uid == action.weapon_uid), None)
    if item is None:
        raise IllegalAction(f"{member.name} wields no such weapon.")
    if not in_reach(state, combat, member, item, foe):
        raise IllegalAction(f"The {foe.name} is out of the {item.name}'s reach.")
    attack = weapon_attack(item, manhattan(combat.positions[member.id], foe.pos))
    if action.attr and action.attr not in attack_attrs(member, attack):
        raise IllegalAction(f"The {item.name} does not attack with {action.attr}.")
    if item.defn.ammo and not any(i.defn.key == item.defn.ammo for i in member.items):
        raise IllegalAction(f"The {item.name} needs ammunition.")


def _verify_recover(state: CampaignState, action: Recover) -> None:
    _, member = _fighter(state, action)
    if action.token not in ("", "dodge", "shield") or (action.attr and action.attr not in Attr.__members__):
        raise InvalidAction("Recover gives up a 'dodge' or 'shield' token and names an attribute.")
    tokens = member.tokens
    if action.token and getattr(tokens, action.token) <= 0:
        raise IllegalAction(f"{member.name} has no {action.token} token.")
    if not (tokens.shield or tokens.dodge or tokens.stun):
        raise IllegalAction(f"{member.name} has no token to give up and no stun token.")


def _verify_move(state: CampaignState, action: CombatMove | Flee) -> None:
    combat, member = _fighter(state, action)

    verify_free_to_move(state, member)  # grabbed, hooked or bound (§16 #26)
    to = (int(action.to[0]), int(action.to[1]))
    if to not in move_routes(state, combat, member):
        raise IllegalAction(f"{member.name} cannot reach that tile with one move.")
    if isinstance(action, Flee):
        assert state.expedition is not None
        level = state.expedition.level

        if any(sees(level, foe.pos, to) for foe in hostile(state, combat)):  # the party's own do not count
            raise IllegalAction("The enemies can still see that tile.")


def _verify_breath(state: CampaignState, action: CombatCatchBreath) -> None:
    _, member = _fighter(state, action)
    verify_catch_breath(member)


def _verify_defend(state: CampaignState, action: Defend) -> None:
    _, member = _fighter(state, action)
    if held_shield(member) is None:
        raise IllegalAction(f"{member.name} holds no shield.")
    if member.tokens.shield >= 5:
        raise IllegalAction(f"{member.name} already has 5 shield tokens.")


def _verify_dodge(state: CampaignState, action: Dodge) -> None:
    _, member = _fighter(state, action)
    shield = held_shield(member)
    if shield is not None and shield.defn.no_dodge:
        raise IllegalAction(f"Nobody dodges with a {shield.name}.")

    verify_dodge(state, member)  # waist-deep water (HOUSE §1.9, §1.11, §1.14)


def wield_hand(member: Character, item: Item, hand: str = "") -> str:
    """The hand that takes `item` to wield it: `hand` if named, else the right then the left one that fits.

    A hand already holding the item fits; otherwise the item must fit beside what the hand holds
    (a thrown flask cannot go in a hand full of vials, §7.1).

    Raises:
        IllegalAction: When no hand has room (with the reason for the right hand).
    """
    if hand:
        return hand
    reasons: list[str] = []
    for candidate in HANDS[::-1]:
        try:
            verify_put(member, item, candidate)
        except IllegalAction as error:
            reasons.append(str(error))
            continue
        return candidate
    raise IllegalAction(f"{member.name} has no free hand for the {item.name}: {reasons[0]}")


def _verify_use(state: CampaignState, action: CombatUseItem) -> None:

    _, member = _fighter(state, action)
    item = next((i for i in member.items if i.uid == action.item), None)
    if item is None:
        raise IllegalAction(f"{member.name} does not carry that item.")
    if action.hand and action.hand not in HANDS:
        raise InvalidAction("The hand is left_hand or right_hand.")
    wieldable = (item.defn.attack or item.defn.is_shield) and not item.wielded
    if wieldable:
        verify_put(member, item, wield_hand(member, item, action.hand))

    if Tag.CAMP in item.defn.tags and item.defn.key not in STABILISERS:
        raise IllegalAction(f"The {item.name} is used in camp.")
    if not wieldable and item.defn.light is None and item.defn.key not in CURES_BY_ITEM:
        if item.defn.key not in USES and not item.defn.tags & {Tag.QUICK, Tag.SLOW}:
            raise IllegalAction(f"The {item.name} is not something to use in a fight.")
        verify_item_use(state, member, item, action.target, combat=True)  # §7.4 (item_uses)


def _verify_help(state: CampaignState, action: Help) -> None:
    combat, member = _fighter(state, action)
    ally = next((c for c in state.party if c.id == action.ally), None)
    if ally is None or ally.id == member.id or ally.id not in combat.positions or ally.id in combat.fled:
        raise IllegalAction("Help someone else in this fight.")
    if manhattan(combat.positions[ally.id], combat.positions[member.id]) > 1:
        raise IllegalAction(f"{ally.name} must be on or next to {member.name}'s tile.")
    if member.has(Affliction.SLEEPY):
        raise IllegalAction(f"{member.name} is Sleepy and cannot help.")


def _verify_feint(state: CampaignState, action: Feint) -> None:
    combat, member = _fighter(state, action)
    if not (member.has(Skill.DUELIST) or member.has(Skill.SWASHBUCKLER)):
        raise IllegalAction("Feinting needs the Duelist skill.")
    foe = combat.foe(action.target)
    if not foe.conscious or manhattan(foe.pos, combat.positions[member.id]) != 1:
        raise IllegalAction(f"The {foe.name} must be Close.")


def _verify_intimidate(state: CampaignState, action: Intimidate) -> None:
    combat, member = _fighter(state, action)
    if not member.has(Skill.INTIMIDATE):
        raise IllegalAction("Intimidating needs the Intimidate skill.")
    if member.id in combat.intimidated:
        raise IllegalAction(f"{member.name} has already intimidated in this fight.")


def _verify_end(state: CampaignState, action: EndTurn) -> None:
    _fighter(state, action)


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    AttackFoe: _verify_attack,
    Recover: _verify_recover,
    CombatMove: _verify_move,
    CombatCatchBreath: _verify_breath,
    Defend: _verify_defend,
    Dodge: _verify_dodge,
    CombatUseItem: _verify_use,
    Help: _verify_help,
    Feint: _verify_feint,
    Intimidate: _verify_intimidate,
    Flee: _verify_move,
    EndTurn: _verify_end,
}
"""Guards of the combat actions, merged into `turns`."""
