"""Provides the attack spells (§11.1): Magic Missile, Silver cannon, Morbid touch, Soul punch, Explode corpse.

A spell attack is the caster's test of the spell's attribute against the foe, as a weapon attack:
the foe's dodge and shield tokens (not against X) are the GM's rerolls, hard-to-hit and shooting
while engaged add disadvantage (`combat_strike.strike_test`); a hit deals BASE, a great success
BASE + CRIT, through the foe's armour and resistance unless P or R say otherwise
(`combat_harm.wound_foe`); a foe only spells can hurt takes it. Magic Missile and Silver cannon
arm the wizard for the rest of the fight (a `Lasting` counted in `Span.FIGHT`): the cast may fire
the first shot, and `HurlSpellShot` fires each later one for 1 action, with no casting test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.blindness import is_blind
from expedition.rules.character.harm import receive_wounds
from expedition.rules.combat.combat_events import Attacked
from expedition.rules.combat.combat_harm import knock_out, wound_foe
from expedition.rules.combat.combat_state import Foe, combat_of, on_map
from expedition.rules.combat.enemies.enemy_defs import EnemyTag, HarmSource
from expedition.rules.combat.fight_map import sees
from expedition.rules.combat.rounds import begin_turn, check_actions, pay_actions
from expedition.rules.combat.strike import may_harm, strike_test
from expedition.rules.core.actions import Action
from expedition.rules.core.distance import Pos, Range, chebyshev, manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.lasting import Span, add_lasting, has_lasting
from expedition.rules.core.notation import Attack, Flag, parse_attack
from expedition.rules.core.reach import CLOSE, Reach
from expedition.rules.exploration.dead_vigil import BURST
from expedition.rules.exploration.expedition import expedition_of
from expedition.rules.exploration.features import Corpse
from expedition.rules.items.slots import worn_armour
from expedition.rules.magic.fight_magic import foe, position
from expedition.rules.magic.magic_effects import Effect, in_combat

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

NEARBY = Reach(Range.NEARBY)
"""Nearby: 6 tiles (§16 #3)."""
NEARBY_TILES = 6
"""Nearby in tiles, for bodies that are not on the fight's map as creatures."""
ATTACKS: dict[str, tuple[Attack, Reach]] = {
    "magic_missile": (parse_attack("INT 3"), NEARBY),
    "silver_cannon": (parse_attack("INT 3P"), NEARBY),
    "morbid_touch": (parse_attack("INT 2P"), NEARBY),
    "soul_punch": (parse_attack("STR 3PR"), CLOSE),
}
"""Each attack spell's notation (as in the content) and how far it reaches (§11.1)."""
SHOTS = ("magic_missile", "silver_cannon")
"""Spells that arm the wizard for the rest of the fight (§11.1)."""
COMMANDED = "spell:command_undead"
"""Lasting key of Command undead (see `spell_control`): a commanded undead may be burst."""
BURST_WOUNDS = 2
"""Wounds Explode corpse deals to everyone Close to the body, reducible (§11.1)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HurlSpellShot(Action):
    """Fire a shot of a spell that armed the wizard for this fight (Magic Missile, Silver cannon): 1 action.

    Attributes:
        spell: "magic_missile" or "silver_cannon".
        target: The foe's uid.
    """

    spell: str
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellArmed(Event):
    """A wizard may fire a spell's shots for the rest of the fight (Magic Missile, Silver cannon)."""

    character: str
    spell: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SilverFired(Event):
    """A Silver cannon shot used up a silver coin of the party's purse."""

    character: str
    left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CorpseBurst(Event):
    """Explode corpse burst a body (`what`: a corpse's kind or a foe's uid); `rises_as` "shadow" or ""."""

    at: Pos
    what: str
    rises_as: str


# --- the attack -----------------------------------------------------------------------------------


def spell_strike(
    ctx: Context, state: CampaignState, caster: Character, target: Foe, key: str, name: str
) -> Resolution[bool]:
    """The caster attacks `target` with spell `key`'s notation (§11.1, §10.2.2); True on a hit."""
    combat = combat_of(state)
    attack, _ = ATTACKS[key]
    here = combat.positions[caster.id]
    ranged = manhattan(here, target.pos) > 1
    disadvantage = int(target.defn.hard_to_hit) + int(ranged and bool(combat.foes_next_to(here)))
    result = yield from strike_test(
        ctx,
        state,
        caster,
        target,
        attack.attrs[0],
        disadvantage=disadvantage,
        ignores_shields=attack.ignores_shields,
        rule="§11.1",
    )
    hit, critical = result.succeeded, result.outcome.value == "great_success"
    raw = attack.damage(critical)
    ctx.emit(
        Attacked(
            rule="§11.1",
            attacker=caster.id,
            defender=target.uid,
            attack=name,
            outcome=result.outcome.value,
            hit=hit,
            critical=critical,
            damage=raw if hit else 0,
        )
    )
    if not hit:
        return False
    sources = (HarmSource.SPELL, HarmSource.FIRE) if key == "soul_punch" else (HarmSource.SPELL,)
    if not may_harm(target, *sources):
        ctx.emit(Note(rule="§12", text=f"{name} cannot harm the {target.name}."))
        return True
    flags = attack.flags(critical)
    wound_foe(
        ctx,
        state,
        combat,
        target,
        raw,
        by=caster.id,
        pierce=Flag.PIERCE in flags,
        unreducible=Flag.UNREDUCIBLE in flags,
        bleeds=Flag.BLEEDING in flags,
        rule="§11.1",
    )
    return True


def _aimed(state: CampaignState, caster: Character, target: str, key: str) -> Foe:
    """The foe `target` names, in the spell's reach and in sight of the caster (who is not blind)."""
    if is_blind(caster):  # mishap 5 (house)
        raise IllegalAction(f"{caster.name} is blind: a spell can only be cast on themself.")
    enemy = foe(state, caster.id, target, ATTACKS[key][1])
    level = expedition_of(state).level
    if manhattan(position(state, caster.id), enemy.pos) > 1 and not sees(
        level, position(state, caster.id), enemy.pos
    ):
        raise IllegalAction(f"{caster.name} cannot see the {enemy.name}.")
    return enemy


def _check_silver(state: CampaignState, key: str) -> None:
    if key == "silver_cannon" and state.silver < 1:
        raise IllegalAction("Silver cannon fires silver coins, and the party's purse is empty.")


def _pay_silver(ctx: Context, state: CampaignState, caster: Character, key: str) -> None:
    if key == "silver_cannon":
        state.silver -= 1
        ctx.emit(SilverFired(rule="§11.1", character=caster.id, left=state.silver))


# --- single attacks: Morbid touch, Soul punch -----------------------------------------------------------


def _attack_effect(key: str, name: str) -> Effect:
    def check(state: CampaignState, caster: Character, target: str) -> None:
        _aimed(state, caster, target, key)

    def apply(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
        yield from spell_strike(ctx, state, caster, combat_of(state).foe(target), key, name)

    return Effect(apply, check, combat=True)


# --- armed for the fight: Magic Missile, Silver cannon -----------------------------------------------------


def _shot_effect(key: str, name: str) -> Effect:
    """Arm the wizard for the fight; a foe named as the target takes the first shot at once (house)."""

    def check(state: CampaignState, caster: Character, target: str) -> None:
        if target:
            _aimed(state, caster, target, key)
            _check_silver(state, key)

    def apply(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
        add_lasting(ctx, state, f"spell:{key}", caster.id, Span.FIGHT, source=caster.id, rule="§11.1")
        ctx.emit(SpellArmed(rule="§11.1", character=caster.id, spell=key))
        if target:
            _pay_silver(ctx, state, caster, key)
            yield from spell_strike(ctx, state, caster, combat_of(state).foe(target), key, name)

    return Effect(apply, check, combat=True)


_NAMES = {
    "magic_missile": "Magic Missile",
    "silver_cannon": "Silver cannon",
    "morbid_touch": "Morbid touch",
    "soul_punch": "Soul punch",
}


def verify_shot(state: CampaignState, action: HurlSpellShot) -> None:
    """Raise unless the wizard is armed with `action.spell` this fight and may fire at the target now."""
    if action.spell not in SHOTS:
        raise IllegalAction("Only Magic Missile and Silver cannon fire shots after they are cast.")
    if not in_combat(state):
        raise IllegalAction("Spell shots are fired in a fight.")
    caster = state.character(action.actor)
    if not has_lasting(state, caster.id, f"spell:{action.spell}"):
        raise IllegalAction(f"{caster.name} has not cast {_NAMES[action.spell]} in this fight.")
    check_actions(state, caster.id, 1)
    _aimed(state, caster, action.target, action.spell)
    _check_silver(state, action.spell)


def hurl_shot(ctx: Context, state: CampaignState, action: HurlSpellShot) -> Resolution[None]:
    """Fire one shot (§11.1): the attack, the silver it uses, 1 action; no casting test."""
    caster = state.character(action.actor)
    if not (yield from begin_turn(ctx, state, caster)):
        return
    _pay_silver(ctx, state, caster, action.spell)
    target = combat_of(state).foe(action.target)
    yield from spell_strike(ctx, state, caster, target, action.spell, _NAMES[action.spell])
    yield from pay_actions(ctx, state, caster, 1, "HurlSpellShot")


def shot_targets(state: CampaignState, actor: str) -> list[HurlSpellShot]:
    """The shots `actor` is armed for, at every conscious foe (for the options list)."""
    if not in_combat(state):
        return []
    return [
        HurlSpellShot(actor=actor, spell=key, target=f.uid)
        for key in SHOTS
        if has_lasting(state, actor, f"spell:{key}")
        for f in combat_of(state).conscious_foes
    ]


# --- Explode corpse -----------------------------------------------------------------------------------------


def _origin(state: CampaignState, caster: Character) -> Pos:
    if in_combat(state):
        return position(state, caster.id)
    return expedition_of(state).position


def _has_body(body: Foe) -> bool:
    """House: a knocked-out foe leaves a body that can burst unless it was a ghost or a demon."""
    return EnemyTag.GHOST not in body.defn.tags


def _burstable_foes(state: CampaignState) -> list[Foe]:
    if not in_combat(state):
        return []
    found: list[Foe] = []
    for body in combat_of(state).foes:
        if body.fled or has_lasting(state, body.uid, BURST):
            continue
        if (body.out and _has_body(body)) or (body.conscious and has_lasting(state, body.uid, COMMANDED)):
            found.append(body)
    return found


def _corpse_at(state: CampaignState, pos: Pos) -> Corpse | None:
    return next((c for c in expedition_of(state).level.corpses if c.pos == pos), None)


def _explode_targets(state: CampaignState, caster: Character) -> list[str]:
    origin = _origin(state, caster)
    expedition = expedition_of(state)
    seen = expedition.seen.get(expedition.depth, set())
    tiles = [
        f"{c.pos[0]},{c.pos[1]}"
        for c in expedition.level.corpses
        if c.pos in seen and manhattan(c.pos, origin) <= NEARBY_TILES
    ]
    return tiles + [b.uid for b in _burstable_foes(state) if manhattan(b.pos, origin) <= NEARBY_TILES]


def _explode_check(state: CampaignState, caster: Character, target: str) -> None:
    if target not in _explode_targets(state, caster):
        raise IllegalAction(
            "Explode corpse needs a seen corpse, a fallen foe's body or a commanded undead, Nearby."
        )


def _explode(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    expedition = expedition_of(state)
    rises = ""
    if "," in target:
        x, y = (int(p) for p in target.split(","))
        corpse = _corpse_at(state, (x, y))
        assert corpse is not None  # checked
        at, what = corpse.pos, corpse.kind
        rises = _burst_corpse(ctx, state, caster, corpse)
    else:
        combat = combat_of(state)
        body = combat.foe(target)
        at, what = body.pos, body.uid
        if body.conscious:
            knock_out(ctx, state, combat, body, by=caster.id)
        add_lasting(ctx, state, BURST, body.uid, Span.FIGHT, source=caster.id, rule="§11.1")
    ctx.emit(CorpseBurst(rule="§11.1", at=at, what=what, rises_as=rises))
    if in_combat(state):
        combat = combat_of(state)
        for member in on_map(state, combat):
            if chebyshev(combat.positions[member.id], at) <= 1:
                yield from _blast(ctx, member)
        for near in combat.conscious_foes:
            if chebyshev(near.pos, at) <= 1 and may_harm(near, HarmSource.SPELL):
                wound_foe(ctx, state, combat, near, BURST_WOUNDS, by=caster.id, rule="§11.1")
    elif chebyshev(expedition.position, at) <= 1:
        for member in state.living:
            yield from _blast(ctx, member)


def _blast(ctx: Context, member: Character) -> Resolution[None]:
    yield from receive_wounds(
        ctx, member, BURST_WOUNDS, armour=worn_armour(member), attack=False, rule="§11.1"
    )


def _burst_corpse(ctx: Context, state: CampaignState, caster: Character, corpse: Corpse) -> str:
    """HOUSE §1.7: a burst corpse rises as a Shadow on a triggered 1d!, else it is gone for good."""
    level = expedition_of(state).level
    if not corpse.warded:
        (face,) = ctx.roll(1, who=caster.id, why="does the burst corpse rise as a shadow?", rule="HOUSE §1.7")
        if face == 1:
            corpse.rises_as = "shadow"
            if corpse.rises_in_days is None:
                (weeks,) = ctx.roll(1, who=caster.id, why="weeks until it rises", rule="HOUSE §1.7")
                corpse.rises_in_days = 7 * weeks
            return "shadow"
    level.corpses.remove(corpse)
    return ""


SPELLS: dict[str, Effect] = {
    "magic_missile": _shot_effect("magic_missile", "Magic Missile"),
    "silver_cannon": _shot_effect("silver_cannon", "Silver cannon"),
    "morbid_touch": _attack_effect("morbid_touch", "Morbid touch"),
    "soul_punch": _attack_effect("soul_punch", "Soul punch"),
    "explode_corpse": Effect(_explode, _explode_check, targets=_explode_targets),
}
"""Spells of this module, by key."""
