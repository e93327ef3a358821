"""Provides the maneuvers that are attacks (§5.7.1, §5.7.2): weapon attacks with a twist, via `attack_foe`.

Each check refuses a target out of reach with a reason; each effect attacks through
`attacking.attack_foe` (its keywords change the notation, dice or damage) and then applies
what a hit or a miss does. The target is a foe's uid; the weapon is the first wielded one that
reaches it (a shield rim does for Bash).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.harm import take_fatigue
from expedition.rules.character.recovery import heal_wound, recover_fatigue
from expedition.rules.combat.attacking import attack_foe, in_reach, weapon_attack, weapons
from expedition.rules.combat.combat_events import CombatMoved, report_tokens
from expedition.rules.combat.combat_state import Foe, combat_of
from expedition.rules.combat.defending import held_shield
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.combat.fight_map import floor, sees
from expedition.rules.combat.maneuvers.maneuver_marks import (
    DISARMED,
    HOLD,
    KNIFE,
    RECKLESS,
    WEAPON_ACTIONS,
    foe_held,
    hidden,
    through_next_enemy_phase,
)
from expedition.rules.combat.moving_and_fleeing import move_tiles
from expedition.rules.core.attributes import Attr
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item
from expedition.rules.core.lasting import Span, add_lasting, has_lasting
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.reach import CLOSE, Reach
from expedition.rules.core.skills import Skill
from expedition.rules.items import handling, usage
from expedition.rules.magic.fight_magic import foe as foe_in_reach
from expedition.rules.magic.fight_magic import has_tag, hurt_foe, stun_foe
from expedition.rules.magic.magic_effects import Effect

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

BASH = parse_attack("STR 1")
DISARM = parse_attack("-DEX 1")
TRAP = parse_attack("DEX 4, 3 tiles")
"""House: a thrown trap is a DEX test at 3 tiles; when it snaps shut it deals the set trap's 4 wounds."""
THROW = Reach(3)
DAGGERS = frozenset({"dagger", "small_knife", "sacrificial_dagger", "ancient_sacrificial_dagger"})
"""Weapons that count as daggers for Knife in the back (house: knives too)."""
BLADES = DAGGERS | {"falchion", "short_sword", "battle_axe", "scythe", "kit_scythe"}
"""Bladed weapons for Blades in the dark (house list)."""


def foe_uids(state: CampaignState, user: Character) -> list[str]:
    """Targets to offer: every conscious foe (the check gives the reason for those out of reach)."""
    return [f.uid for f in combat_of(state).conscious_foes]


def _weapon(state: CampaignState, user: Character, target: Foe, keys: frozenset[str] | None = None) -> Item:
    combat = combat_of(state)
    for item in weapons(user):
        if (keys is None or item.defn.key in keys) and in_reach(state, combat, user, item, target):
            return item
    kind = "weapon" if keys is None else "fitting weapon"
    raise IllegalAction(f"{user.name} wields no {kind} that reaches the {target.name}.")


def _close(state: CampaignState, user: Character, target: str) -> Foe:
    return foe_in_reach(state, user.id, target, CLOSE)


def _weapon_check(state: CampaignState, user: Character, target: str) -> None:
    found = foe_in_reach(state, user.id, target, Reach(99))
    _weapon(state, user, found)


def _attack(
    ctx: Context,
    state: CampaignState,
    user: Character,
    target: str,
    name: str,
    *,
    keys: frozenset[str] | None = None,
    damage: Callable[[int], int] | None = None,
    bonus_dice: int = 0,
) -> Resolution[tuple[Foe, bool]]:
    """A weapon attack named for the maneuver, with its damage and dice changed."""
    found = combat_of(state).foe(target)
    item = _weapon(state, user, found, keys)
    hit = yield from attack_foe(
        ctx, state, user, found, item.uid, damage=damage, bonus_dice=bonus_dice, name=name, rule="§5.7"
    )
    return found, hit


# --- gladiator ------------------------------------------------------------------------------------


def _bash_item(user: Character) -> Item | None:
    return held_shield(user) or next(iter(weapons(user)), None)


def _bash_check(state: CampaignState, user: Character, target: str) -> None:
    _close(state, user, target)
    if _bash_item(user) is None:
        raise IllegalAction(f"{user.name} needs a shield or a weapon in hand to bash with.")


def _bash(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    found = combat_of(state).foe(target)
    item = _bash_item(user)
    assert item is not None
    hit = yield from attack_foe(ctx, state, user, found, item.uid, notation=BASH, name="Bash", rule="§5.7.1")
    if hit and found.conscious:
        stun_foe(ctx, found, 1, "Bash", "§5.7.1")


def _disarm_check(state: CampaignState, user: Character, target: str) -> None:
    found = _close(state, user, target)
    if not weapons(user):
        raise IllegalAction(f"{user.name} needs a weapon in hand to disarm.")
    if not any(a.key in WEAPON_ACTIONS for a in found.defn.actions):
        raise IllegalAction(f"The {found.name} holds no weapon to drop.")
    if has_lasting(state, found.uid, DISARMED):
        raise IllegalAction(f"The {found.name} has already dropped its weapon.")


def _disarm(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    """House: the dropped weapon lies Close; the foe's weapon attacks wait until it spends an action on it."""
    found = combat_of(state).foe(target)
    item = weapons(user)[0]
    hit = yield from attack_foe(
        ctx, state, user, found, item.uid, notation=DISARM, name="Disarm", rule="§5.7.1"
    )
    if hit and found.conscious:
        add_lasting(ctx, state, DISARMED, found.uid, Span.FIGHT, source=user.id, rule="§5.7.1")


def _glorious(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    """House: a stunned or held victim could not fight back, so its fall earns nothing."""
    combat = combat_of(state)
    found = combat.foe(target)
    helpless = bool(found.tokens.stun) or foe_held(state, found.uid)
    _, hit = yield from _attack(ctx, state, user, target, "Glorious finish")
    if not hit:
        take_fatigue(ctx, user, Attr.PRE, 1, rule="§5.7.1")
        return
    if not found.out or combat.conscious_foes or helpless:
        return
    ctx.emit(GloriousFinish(rule="§5.7.1", character=user.id, foe=found.uid))
    for member in state.living:
        if member[Attr.PRE].fatigue:
            recover_fatigue(ctx, member, Attr.PRE, 1, rule="§5.7.1")
        elif member[Attr.PRE].wounds:
            heal_wound(ctx, member, Attr.PRE, rule="§5.7.1")


# --- barbarian ------------------------------------------------------------------------------------


def _charge_check(state: CampaignState, user: Character, target: str) -> None:
    found = _close(state, user, target)
    if has_tag(found, EnemyTag.GHOST):
        raise IllegalAction(f"The {found.name} is a ghost: there is nothing to drive back.")
    if foe_held(state, found.uid):
        raise IllegalAction(f"The {found.name} is held fast and cannot be driven back.")


def _charge(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    """Drive the foe straight back up to a normal move (house: another creature in the way just stops it)."""
    combat = combat_of(state)
    assert state.expedition is not None
    level = state.expedition.level
    found = combat.foe(target)
    here = combat.positions[user.id]
    step = (found.pos[0] - here[0], found.pos[1] - here[1])
    path, slammed = [found.pos], False
    for _ in range(move_tiles(user, state)):
        ahead = (found.pos[0] + step[0], found.pos[1] + step[1])
        if not floor(level, ahead):
            slammed = True
            break
        if ahead in combat.occupied():
            break
        combat.positions[user.id], found.pos = found.pos, ahead
        path.append(ahead)
    ctx.emit(FoeShoved(rule="§5.7.1", character=user.id, foe=found.uid, path=tuple(path), slammed=slammed))
    if len(path) > 1:
        ctx.emit(CombatMoved(rule="§5.7.1", who=found.uid, path=tuple(path)))
        ctx.emit(CombatMoved(rule="§5.7.1", who=user.id, path=(here, *path[:-1])))
        if user.tokens.shield and not user.has(Skill.SHIELD_MASTER):
            user.tokens.shield = 0
            ctx.emit(report_tokens(user.id, user.tokens, "moved", "§10.2.2"))
    if slammed:
        hurt_foe(ctx, state, found, 1, user.id, "§5.7.1")
        if found.conscious:
            stun_foe(ctx, found, 1, "Charge", "§5.7.1")
    return
    yield


def _reckless(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    yield from _attack(ctx, state, user, target, "Reckless attack", damage=lambda raw: raw + 1)
    add_lasting(ctx, state, RECKLESS, user.id, Span.FIGHT, source=user.id, rule="§5.7.1")


# --- stalker --------------------------------------------------------------------------------------


def _clean_kill(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    double = foe_held(state, target)
    yield from _attack(ctx, state, user, target, "Clean kill", damage=lambda raw: raw * (2 if double else 1))


def _incapacitating(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    """HOUSE §6.2: the hold lasts through the foe's next turn."""
    found, hit = yield from _attack(ctx, state, user, target, "Incapacitating strike", damage=lambda raw: 1)
    if hit and found.conscious:
        rounds = through_next_enemy_phase(combat_of(state))
        add_lasting(ctx, state, HOLD, found.uid, Span.ROUND, rounds, source=user.id, rule="HOUSE §6.2")


def _kit(user: Character) -> Item | None:
    return next((i for i in user.items if i.defn.key == "trapping_kit"), None)


def _ranged_check(state: CampaignState, user: Character, target: str) -> Foe:
    found = foe_in_reach(state, user.id, target, THROW)
    combat = combat_of(state)
    assert state.expedition is not None
    if not sees(state.expedition.level, combat.positions[user.id], found.pos):
        raise IllegalAction(f"{user.name} cannot see the {found.name}.")
    return found


def _trap_check(state: CampaignState, user: Character, target: str) -> None:
    _ranged_check(state, user, target)
    if _kit(user) is None:
        raise IllegalAction(f"{user.name} carries no trapping kit.")


def _fast_trapping(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    """House: a DEX test lands the armed trap on the foe; it deals 4 wounds and holds it (§16 #26)."""
    found = combat_of(state).foe(target)
    kit = _kit(user)
    assert kit is not None
    hit = yield from attack_foe(
        ctx, state, user, found, kit.uid, notation=TRAP, name="Thrown trap", rule="§5.7.2"
    )
    if hit and found.conscious:
        add_lasting(ctx, state, HOLD, found.uid, Span.FIGHT, source=user.id, rule="§16 #26")
    usage.roll_usage(ctx, user, kit, rule="§2")


# --- lone rogue, hoodlum, moon-curser -------------------------------------------------------------


def _melee(user: Character) -> Item | None:
    for item in weapons(user):
        attack = weapon_attack(item, 1)
        if attack.reach.tiles == 1 and not item.defn.ammo:
            return item
    return None


def _wing_it_check(state: CampaignState, user: Character, target: str) -> None:
    _ranged_check(state, user, target)
    if _melee(user) is None:
        raise IllegalAction(f"{user.name} wields no melee weapon to hurl.")


def _wing_it(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    """House: the hurled weapon leaves the hand; wielding it again takes a Use item action."""
    found = combat_of(state).foe(target)
    item = _melee(user)
    assert item is not None
    notation = replace(weapon_attack(item, 1), attrs=(Attr.DEX,), defence=-1, reach=THROW)
    yield from attack_foe(ctx, state, user, found, item.uid, notation=notation, name="Wing it", rule="§5.7.2")
    handling.unwield(ctx, user, item, rule="§5.7.2")


def _knife_check(state: CampaignState, user: Character, target: str) -> None:
    combat = combat_of(state)
    found = _close(state, user, target)
    _weapon(state, user, found, DAGGERS)
    if has_lasting(state, user.id, KNIFE):
        raise IllegalAction("Knife in the back is once per turn.")
    if combat.active != user.id or combat.last_action != "AttackFoe":
        raise IllegalAction("Knife in the back follows an attack made this turn.")
    around = {pos for who, pos in combat.positions.items() if who not in combat.fled}
    if sum(1 for pos in around if manhattan(pos, found.pos) == 1) < 2:
        raise IllegalAction(f"The {found.name} is not flanked (HOUSE §6.1).")


def _knife(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    add_lasting(ctx, state, KNIFE, user.id, Span.ROUND, 1, source=user.id, rule="§5.7.2")
    yield from _attack(ctx, state, user, target, "Knife in the back", keys=DAGGERS, bonus_dice=1)


def _blades_check(state: CampaignState, user: Character, target: str) -> None:
    combat = combat_of(state)
    found = foe_in_reach(state, user.id, target, Reach(99))
    _weapon(state, user, found, BLADES)
    if not (hidden(state, user.id) or (combat.ambush and combat.round == 1)):
        raise IllegalAction(f"The {found.name} knows where {user.name} is (HOUSE §6.1: hide or ambush).")


def _blades(ctx: Context, state: CampaignState, user: Character, target: str) -> Resolution[None]:
    yield from _attack(ctx, state, user, target, "Blades in the dark", keys=BLADES, damage=lambda r: 2 * r)


ATTACK_MANEUVERS: dict[str, Effect] = {
    "bash": Effect(_bash, _bash_check, combat=True, targets=foe_uids),
    "disarm": Effect(_disarm, _disarm_check, combat=True, targets=foe_uids),
    "glorious_finish": Effect(_glorious, _weapon_check, combat=True, targets=foe_uids),
    "charge": Effect(_charge, _charge_check, combat=True, targets=foe_uids),
    "reckless_attack": Effect(_reckless, _weapon_check, combat=True, targets=foe_uids),
    "clean_kill": Effect(_clean_kill, _weapon_check, combat=True, targets=foe_uids),
    "incapacitating_strike": Effect(_incapacitating, _weapon_check, combat=True, targets=foe_uids),
    "fast_trapping": Effect(_fast_trapping, _trap_check, combat=True, targets=foe_uids),
    "wing_it": Effect(_wing_it, _wing_it_check, combat=True, targets=foe_uids),
    "knife_in_the_back": Effect(_knife, _knife_check, combat=True, actions=0, targets=foe_uids),
    "blades_in_the_dark": Effect(_blades, _blades_check, combat=True, targets=foe_uids),
}
"""The attack maneuvers, by key."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FoeShoved(Event):
    """A barbarian's Charge drove a foe back along `path`; `slammed` when it met a wall (§5.7.1)."""

    character: str
    foe: str
    path: tuple[tuple[int, int], ...]
    slammed: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class GloriousFinish(Event):
    """A gladiator's finish felled the last foe: the party recovers 1 PRE fatigue or wound (§5.7.1)."""

    character: str
    foe: str
