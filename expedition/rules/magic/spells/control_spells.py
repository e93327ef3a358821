"""Provides the control spells on foes (§11.1): Command undead, Phobia, Glue, Bonedance, Shackles, Nightmare.

Each leaves a `Lasting` on the foe's uid ("spell:<key>"); the enemy AI (`combat_enemies`) asks the
helpers below what it may do: a commanded undead carries out the caster's order, a foe with a
phobia keeps away from the one it dreads, a glued foe must break free before it moves (§16 #26),
a bonedanced foe moves half as far and is tested against with advantage, a shackled foe takes
2 stun tokens at each of its turns while the wizard channels, a sleeping foe skips its turns
until it is hurt. Foes exist only in a fight, so these spells work only there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_events import Attacked, EnemyActed, report_tokens
from expedition.rules.combat.combat_harm import wound_foe
from expedition.rules.combat.combat_state import CombatState, Foe, combat_of, on_map
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.combat.strike import BONEDANCE
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.distance import Pos, Range, manhattan
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.judging import Outcome, outcome_of
from expedition.rules.core.lasting import Lasting, Span, add_lasting, end_lasting, lasting_keyed, lasting_on
from expedition.rules.core.reach import Reach
from expedition.rules.magic.fight_magic import foe
from expedition.rules.magic.magic_effects import Effect

if TYPE_CHECKING:
    from expedition.rules.combat.enemies.enemy_defs import EnemyAction
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.core.notation import Attack
    from expedition.rules.engine.campaign import CampaignState

NEARBY = Reach(Range.NEARBY)
"""Every control spell reaches a Nearby creature (§11.1)."""
COMMAND, PHOBIA, GLUE, SHACKLES, NIGHTMARE = (
    "spell:command_undead",
    "spell:phobia",
    "spell:glue",
    "spell:shackles",
    "spell:nightmare",
)
"""Lasting keys of the control spells (Bonedance's is `combat_strike.BONEDANCE`)."""
COMMAND_MAX_LEVEL = 3
"""Command undead works on undead of level 3 or lower (§11.1)."""
SHACKLE_STUN = 2
"""Stun tokens a shackled foe takes each turn the wizard channels (§11.1)."""
HOLD, LEAVE, FIGHT = "hold", "leave", "fight:"
"""Orders a commanded undead understands (house): stand still, leave the fight, attack a foe."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FoeControlled(Event):
    """A control spell took hold of a foe (`how`: the order, the dreaded one, "glued", "asleep", …)."""

    foe: str
    spell: str
    how: str


def _effect(state: CampaignState, uid: str, key: str) -> Lasting | None:
    found = lasting_on(state, uid, key)
    return found[0] if found else None


# --- Command undead -------------------------------------------------------------------------------


def _command_check(state: CampaignState, caster: Character, target: str) -> None:
    enemy = foe(state, caster.id, target, NEARBY)
    if EnemyTag.UNDEAD not in enemy.defn.tags:
        raise IllegalAction(f"Command undead works only on the undead; the {enemy.name} is not.")
    if enemy.defn.level > COMMAND_MAX_LEVEL:
        raise IllegalAction(f"The {enemy.name} is too strong (level {enemy.defn.level}) to command.")


def _command(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """House: the order is a decision of the caster's: stand still, leave the fight, or attack a foe."""
    combat = combat_of(state)
    enemy = combat.foe(target)
    others = sorted(
        (f for f in combat.conscious_foes if f.uid != enemy.uid), key=lambda f: manhattan(f.pos, enemy.pos)
    )
    named = combat.foe_names()
    choices = [Choice(f"{FIGHT}{f.uid}", f"Attack the {named[f.uid]}") for f in others]
    choices += [Choice(HOLD, "Stand still"), Choice(LEAVE, "Leave the fight")]
    order = yield Decision(
        kind="order",
        owner=caster.id,
        prompt=f"What does the {enemy.name} do?",
        choices=tuple(choices),
        default=choices[0].key,
        rule="§11.1",
    )
    if order not in {c.key for c in choices}:
        raise InvalidAction(f"{order!r} is not an order here")
    add_lasting(ctx, state, COMMAND, enemy.uid, Span.FIGHT, source=caster.id, text=order, rule="§11.1")
    ctx.emit(FoeControlled(rule="§11.1", foe=enemy.uid, spell="command_undead", how=order))


def order_of(state: CampaignState, target: Foe) -> str | None:
    """The order a commanded undead follows, or None."""
    effect = _effect(state, target.uid, COMMAND)
    return effect.text if effect is not None else None


def obey(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    servant: Foe,
    order: str,
    actions: int,
    *,
    toward: Callable[[Pos], bool],
    away: Callable[[], bool],
) -> Resolution[None]:
    """A commanded undead spends its actions on its order (§11.1); one it cannot follow leaves it still."""
    while actions > 0 and servant.conscious:
        victim = next((f for f in combat.conscious_foes if FIGHT + f.uid == order), None)
        if victim is not None and manhattan(servant.pos, victim.pos) == 1:
            usable = [a for a in servant.defn.actions if a.attack and not a.area and a.cost <= actions]
            if not usable:
                break
            strike_foe(ctx, state, combat, servant, victim, usable[0])
            actions -= usable[0].cost
            continue
        if order == LEAVE:
            servant.fleeing = True
        if glued(state, servant) and (order == LEAVE or victim is not None):
            struggle(ctx, state, servant)
        elif not ((order == LEAVE and away()) or (victim is not None and toward(victim.pos))):
            ctx.emit(EnemyActed(rule="§11.1", foe=servant.uid, action="hold", target=""))
            break
        actions -= 1
    yield from ()


def strike_foe(
    ctx: Context, state: CampaignState, combat: CombatState, attacker: Foe, victim: Foe, action: EnemyAction
) -> None:
    """House: a commanded undead attacks another foe, who defends with its LVL dice (§11.1, §10.2.5)."""
    attack = action.attack
    assert attack is not None
    ctx.emit(EnemyActed(rule="§11.1", foe=attacker.uid, action=action.key, target=victim.uid))
    faces = ctx.roll(victim.defn.level, who=victim.uid, why="to defend", rule="§11.1")
    outcome = outcome_of(faces)
    critical = outcome is Outcome.CRITICAL_FAILURE
    hit = not outcome.succeeded
    raw = attack.damage(critical) if hit else 0
    ctx.emit(
        Attacked(
            rule="§11.1",
            attacker=attacker.uid,
            defender=victim.uid,
            attack=action.name,
            outcome=outcome.value,
            hit=hit,
            critical=critical,
            damage=raw,
        )
    )
    if hit:
        flags = attack.flags(critical)
        wound_foe(
            ctx, state, combat, victim, raw, by=attacker.uid, pierce="P" in flags, unreducible="R" in flags
        )


# --- Phobia ---------------------------------------------------------------------------------------


def _phobia(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """House: the dreaded "thing" is one adventurer on the map, the caster by default; 1d6 rounds."""
    combat = combat_of(state)
    choices = [Choice(m.id, m.name) for m in on_map(state, combat)]
    dreaded = yield Decision(
        kind="phobia",
        owner=caster.id,
        prompt=f"Whom does the {combat.foe(target).name} dread?",
        choices=tuple(choices),
        default=caster.id,
        rule="§11.1",
    )
    if dreaded not in {c.key for c in choices}:
        raise InvalidAction(f"{dreaded!r} is not a choice here")
    (rounds,) = ctx.roll(1, who=caster.id, why="Phobia lasts 1d6 turns", rule="§11.1")
    add_lasting(ctx, state, PHOBIA, target, Span.ROUND, rounds, source=caster.id, text=dreaded, rule="§11.1")
    ctx.emit(FoeControlled(rule="§11.1", foe=target, spell="phobia", how=dreaded))


def dreaded(state: CampaignState, target: Foe) -> set[str]:
    """The adventurers `target` dreads (Phobia): it will not attack them nor stand next to them."""
    return {e.text for e in lasting_on(state, target.uid, PHOBIA)}


def dreaded_spots(state: CampaignState, combat: CombatState, target: Foe) -> list[Pos]:
    """Where the adventurers `target` dreads stand."""
    fears = dreaded(state, target)
    return [combat.positions[m.id] for m in on_map(state, combat) if m.id in fears]


# --- Glue -----------------------------------------------------------------------------------------


def glued(state: CampaignState, target: Foe) -> bool:
    """True while Glue holds `target`: it cannot Move (§11.1, HOUSE §6.2)."""
    return _effect(state, target.uid, GLUE) is not None


def struggle(ctx: Context, state: CampaignState, target: Foe) -> bool:
    """The glued foe spends 1 action on a test of its LVL dice (§16 #26); True when it broke free."""
    ctx.emit(EnemyActed(rule="§16 #26", foe=target.uid, action="break free", target=""))
    faces = ctx.roll(target.defn.level, who=target.uid, why="to pull free of the glue", rule="§16 #26")
    effect = _effect(state, target.uid, GLUE)
    if effect is not None and outcome_of(faces).succeeded:
        end_lasting(ctx, state, effect, "broke free", rule="§16 #26")
        return True
    return False


# --- Bonedance ------------------------------------------------------------------------------------


def movement(state: CampaignState, target: Foe) -> int:
    """Tiles one of its Moves covers: halved, rounding down but at least 1, under Bonedance (§11.1)."""
    tiles = target.defn.movement
    if _effect(state, target.uid, BONEDANCE) is not None:
        return max(1, tiles // 2)
    return tiles


def against(state: CampaignState, target: Foe, attack: Attack) -> Attack:
    """Its attack as the defender tests it: one step of advantage more under Bonedance (§11.1)."""
    if _effect(state, target.uid, BONEDANCE) is None or attack.defence > 0:
        return attack
    return replace(attack, defence=attack.defence + 1)


# --- Shackles -------------------------------------------------------------------------------------


def _shackles(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Channelling takes the rest of the caster's turn (house: it is their last action)."""
    add_lasting(ctx, state, SHACKLES, target, Span.FIGHT, source=caster.id, rule="§11.1")
    ctx.emit(FoeControlled(rule="§11.1", foe=target, spell="shackles", how="channelled"))
    combat = combat_of(state)
    if combat.active == caster.id:
        combat.actions_left = min(combat.actions_left, 1)
    yield from ()


def stop_channelling(ctx: Context, state: CampaignState, member: Character) -> None:
    """`member` begins a turn by acting: the shackles they channel fall away (house, §11.1)."""
    for effect in lasting_keyed(state, SHACKLES):
        if effect.source == member.id:
            end_lasting(ctx, state, effect, "the wizard acted", rule="§11.1")


# --- Nightmare ------------------------------------------------------------------------------------


def _sleeps(enemy: Foe) -> bool:
    """House: living creatures sleep; the undead, ghosts and voidspawn do not."""
    return enemy.defn.living and EnemyTag.VOIDSPAWN not in enemy.defn.tags


def _nightmare(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    enemy = combat_of(state).foe(target)
    add_lasting(ctx, state, NIGHTMARE, target, Span.FIGHT, source=caster.id, value=enemy.wounds, rule="§11.1")
    ctx.emit(FoeControlled(rule="§11.1", foe=target, spell="nightmare", how="asleep"))
    yield from ()


# --- the foe's turn -------------------------------------------------------------------------------


def foe_turn_begins(ctx: Context, state: CampaignState, combat: CombatState, target: Foe) -> bool:
    """What control spells do as a foe's turn begins; True when it sleeps through the turn.

    Shackles give 2 stun tokens while the wizard still channels (able to act, on the map);
    otherwise they fall away. A sleeping foe wakes once it has taken a wound since it fell asleep.
    """
    shackles = _effect(state, target.uid, SHACKLES)
    if shackles is not None:
        wizard = state.character(shackles.source)
        if wizard.can_act and wizard.id in combat.positions and wizard.id not in combat.fled:
            target.tokens.stun += SHACKLE_STUN
            ctx.emit(report_tokens(target.uid, target.tokens, "Shackles", "§11.1"))
        else:
            end_lasting(ctx, state, shackles, "channelling stopped", rule="§11.1")
    sleep = _effect(state, target.uid, NIGHTMARE)
    if sleep is None:
        return False
    if target.wounds > sleep.value:
        end_lasting(ctx, state, sleep, "woken", rule="§11.1")
        return False
    ctx.emit(EnemyActed(rule="§11.1", foe=target.uid, action="sleep", target=""))
    return True


# --- effects --------------------------------------------------------------------------------------


def _nearby_foe(why: str = "", allowed: Callable[[Foe], bool] | None = None) -> Callable[..., None]:
    def check(state: CampaignState, caster: Character, target: str) -> None:
        enemy = foe(state, caster.id, target, NEARBY)
        if allowed is not None and not allowed(enemy):
            raise IllegalAction(why.format(name=enemy.name))

    return check


def _lasting(key: str, how: str) -> Callable[[Context, CampaignState, Character, str], Resolution[None]]:
    def apply(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
        add_lasting(ctx, state, key, target, Span.FIGHT, source=caster.id, rule="§11.1")
        ctx.emit(FoeControlled(rule="§11.1", foe=target, spell=key.removeprefix("spell:"), how=how))
        yield from ()

    return apply


SPELLS: dict[str, Effect] = {
    "command_undead": Effect(_command, _command_check, combat=True),
    "phobia": Effect(_phobia, _nearby_foe(), combat=True),
    "glue": Effect(_lasting(GLUE, "glued"), _nearby_foe(), combat=True),
    "bonedance": Effect(_lasting(BONEDANCE, "bonedance"), _nearby_foe(), combat=True),
    "shackles": Effect(_shackles, _nearby_foe(), combat=True),
    "nightmare": Effect(
        _nightmare, _nearby_foe("The {name} cannot sleep: only living creatures dream.", _sleeps), combat=True
    ),
}
"""Spells of this module, by key."""


def shunned_tiles(state: CampaignState, combat: CombatState, target: Foe) -> set[Pos]:
    """Tiles next to an adventurer `target` dreads, which it will not step onto (Phobia, §11.1)."""
    return {
        (x + dx, y + dy)
        for x, y in dreaded_spots(state, combat, target)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
    } - {target.pos}
