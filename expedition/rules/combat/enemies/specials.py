"""Provides enemies' passive specials in a fight (§12, HOUSE §3.3): hooks the combat flow calls.

`turn_starts` runs as a foe's turn begins (hooked victims bleed, an attached leech only drinks,
the Red Weaver sickens those Nearby and sleeps until provoked); `foe_hit` runs each time a foe is
hit (Will to live, Toxic spores, Jumpy, Scatter, a Head Spider falling off, Acid pustules), on
`combat_harm.FOE_HIT`; `foe_fell` as one drops (bursts, a brood or a warren losing heart), on
`combat_harm.FOE_FELL`; `settle` after every step of
the fight resolves what those hooks left pending and lets go of holds whose holders are stunned,
fleeing or out. `SPECIALS` maps every special named in the content to the place it is handled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.harm import receive_wounds
from expedition.rules.combat.combat_events import FoeFleeing, report_tokens
from expedition.rules.combat.combat_harm import FOE_FELL, FOE_HIT, defend
from expedition.rules.combat.combat_state import MAX_SHIELD_TOKENS, CombatState, Foe, on_map, standing
from expedition.rules.combat.enemies.attack_effects import stun
from expedition.rules.combat.enemies.enemy_defs import Archetype, EnemyDef, EnemyTag, HarmSource
from expedition.rules.combat.enemies.movement import NIMBLE, SHARING, approach, step_aside
from expedition.rules.combat.holds import (
    ATTACHED,
    carry_attached,
    holder_turn_begins,
    holds_by,
    kind_of,
    let_go,
    release,
)
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.distance import chebyshev, manhattan
from expedition.rules.core.events import Note
from expedition.rules.core.lasting import Span, add_lasting, end_lasting, has_lasting
from expedition.rules.core.notation import parse_attack
from expedition.rules.items.handling import take_away
from expedition.rules.items.slots import worn_armour
from expedition.rules.items.usage import break_item

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

NEARBY = 6
"""Nearby, in tiles (§16 #3)."""
PROVOKED = "foe:provoked"
PENDING = "pending:"
FOOD = frozenset({"ration", "water", "waterskin", "canteen"})
"""What spoils near a Red Weaver (§12.1)."""


@dataclass(frozen=True, slots=True)
class SpecialRule:
    """Where a special named in a stat block is handled.

    Attributes:
        where: The code that handles it ("stat: hard_to_hit", "enemy_specials.foe_hit", …).
        holds: True when the stat block carries what the engine needs for it (a test checks each enemy).
    """

    where: str
    holds: Callable[[EnemyDef], bool] = lambda defn: True


def _morale(defn: EnemyDef) -> bool:
    return defn.ignores_morale and defn.immune_to_pre


SPECIALS: dict[str, SpecialRule] = {
    "small_and_fast": SpecialRule("stat: hard_to_hit", lambda d: d.hard_to_hit),
    "hard_to_hit": SpecialRule(
        "stat: hard_to_hit or dodge_each_round", lambda d: d.hard_to_hit or d.dodge_each_round > 0
    ),
    "fast": SpecialRule("stat: dodge_each_round", lambda d: d.dodge_each_round > 0),
    "frenzy": SpecialRule("stat: actions_per_turn", lambda d: d.actions_per_turn == 3),
    "many_as_one": SpecialRule("stat: damage_cap", lambda d: d.damage_cap == 2),
    "countless": SpecialRule("stat: damage_cap", lambda d: d.damage_cap == 1),
    "swarm": SpecialRule("stat: harmed_only_by", lambda d: HarmSource.FIRE in d.harmed_only_by),
    "ethereal": SpecialRule("stat: harmed_only_by", lambda d: HarmSource.PRAYER in d.harmed_only_by),
    "unshakeable": SpecialRule("stat: ignores_morale, immune_to_pre", _morale),
    "mindless": SpecialRule("stat: ignores_morale, immune_to_pre", _morale),
    "restless_dead": SpecialRule("stat: ignores_morale, immune_to_pre", _morale),
    "stubborn": SpecialRule("stat: ignores_morale", lambda d: d.ignores_morale and not d.immune_to_pre),
    "incorporeal": SpecialRule(
        "archetype ghost: moves through walls", lambda d: d.behaviour.archetype is Archetype.GHOST
    ),
    "through_walls": SpecialRule(
        "archetype ghost: moves through walls", lambda d: d.behaviour.archetype is Archetype.GHOST
    ),
    "immaterial": SpecialRule(
        "archetype ghost + enemy_moves.NIMBLE; Soul nibble is X",
        lambda d: (
            d.behaviour.archetype is Archetype.GHOST
            and all(a.attack is None or a.attack.ignores_shields for a in d.actions)
        ),
    ),
    "flying": SpecialRule("hazards_footing.foe_flies: no room hazard slows its Move"),
    "wall_climber": SpecialRule("hazards_footing.foe_flies: no room hazard slows its Move"),
    "big_but_supple": SpecialRule("house: the engine always squeezes it into one tile"),
    "nimble": SpecialRule("enemy_moves.NIMBLE", lambda d: d.key in _nimble()),
    "tiny": SpecialRule("enemy_moves.SHARING", lambda d: d.key in _sharing()),
    "pile_on": SpecialRule("enemy_moves.SHARING", lambda d: d.key in _sharing()),
    "no_personal_space": SpecialRule("enemy_moves._shareable (undead share its tile)"),
    "straight_runner": SpecialRule("enemy_moves.STRAIGHT", lambda d: d.key == "giant_crab"),
    "crawler": SpecialRule("enemy_scripts: a Move costs 2 actions"),
    "dreadful": SpecialRule("enemy_effects: Void whip rider (Terrified)"),
    "sickening_presence": SpecialRule("enemy_specials.turn_starts"),
    "sleeping_glutton": SpecialRule("enemy_specials.turn_starts (provoked)"),
    "death_burst": SpecialRule("enemy_specials.foe_fell + settle"),
    "bursts_on_death": SpecialRule("enemy_specials.foe_fell + settle"),
    "toxic_spores": SpecialRule("enemy_specials.foe_hit"),
    "jumpy": SpecialRule("enemy_specials.foe_hit"),
    "scatter": SpecialRule("enemy_specials.foe_hit"),
    "acid_pustules": SpecialRule("enemy_specials.foe_hit + settle"),
    "will_to_live": SpecialRule("enemy_specials.foe_hit"),
    "acid_blood": SpecialRule("enemy_specials.weapon_struck"),
    "full_of_the_dead": SpecialRule("outside the fight: the dead vigil (§1.7) finds no corpse in it"),
    "hungry_for_people": SpecialRule("outside the fight: growth into a Bugbear is left to the story"),
    "too_old_to_change": SpecialRule("outside the fight: flavour (it no longer grows)"),
    "meaty": SpecialRule("outside the fight: camp cooking"),
}
"""Every passive special in the content, by `enemy_defs.special_key`, and where it is handled."""


def _nimble() -> frozenset[str]:

    return NIMBLE


def _sharing() -> frozenset[str]:

    return frozenset(SHARING)


def _pending(ctx: Context, state: CampaignState, foe: Foe, what: str) -> None:
    add_lasting(ctx, state, PENDING + what, foe.uid, Span.FIGHT, source=foe.uid, rule="§12")


# --- turn start ------------------------------------------------------------------------------------


def turn_starts(ctx: Context, state: CampaignState, combat: CombatState, foe: Foe) -> Resolution[bool]:
    """Passives as `foe`'s turn begins; return False when it takes no actions this turn (§12, HOUSE §6.2)."""
    yield from holder_turn_begins(ctx, state, foe)
    if foe.key == "giant_leech" and any(kind_of(e) == ATTACHED for e in holds_by(state, foe.uid)):
        ctx.emit(Note(rule="§12.4", text=f"The {foe.name} drinks and does nothing else."))
        return False
    if foe.key == "red_weaver":
        _sicken(ctx, state, combat, foe)
        near = any(chebyshev(combat.positions[m.id], foe.pos) <= 1 for m in standing(state, combat))
        if not (foe.hurt_by or near or has_lasting(state, foe.uid, PROVOKED)):
            ctx.emit(Note(rule="§12.1", text=f"The {foe.name} sleeps on, unprovoked."))
            return False
        if not has_lasting(state, foe.uid, PROVOKED):
            add_lasting(ctx, state, PROVOKED, foe.uid, Span.FIGHT, rule="§12.1")
    return True


def _sicken(ctx: Context, state: CampaignState, combat: CombatState, foe: Foe) -> None:
    """Sickening presence: those Nearby are Nauseated; each rolls 1d!, a trigger spoils food or water (§12.1).

    House: the book's "near it" is Nearby, and the roll comes at the start of the weaver's turn.
    """
    for member in on_map(state, combat):
        if manhattan(combat.positions[member.id], foe.pos) > NEARBY:
            continue
        gain_affliction(ctx, member, Affliction.NAUSEATED, rule="§12.1")
        food = [i for i in member.items if i.defn.key in FOOD]
        if food and risk_triggered(ctx.roll(1, who=member.id, why="does the food spoil?", rule="§12.1")):
            spoilt = food[0]
            if spoilt.quantity > 1:
                spoilt.quantity -= 1
            else:
                take_away(member, spoilt)
            ctx.emit(Note(rule="§12.1", text=f"{member.name}'s {spoilt.name} spoils."))


# --- when hit ----------------------------------------------------------------------------------------


@FOE_HIT.register
def foe_hit(ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, wounds: int, raw: int) -> None:
    """Passives when an attack hits `foe` for `raw` damage, of which it took `wounds` (§12)."""
    if foe.key == "bounty_hunter" and raw > 2 and foe.conscious and foe.tokens.shield < MAX_SHIELD_TOKENS:
        foe.tokens.shield += 1
        ctx.emit(report_tokens(foe.uid, foe.tokens, "Will to live", "§12.6"))
    if foe.key == "goblin_matriarch":
        for member in on_map(state, combat):
            if chebyshev(combat.positions[member.id], foe.pos) <= 1:
                stun(ctx, member, 1, "Toxic spores")
    if foe.key == "bloated_screamer" and wounds > 0:
        _pending(ctx, state, foe, "acid_pustules")
    if foe.key == "red_weaver" and not has_lasting(state, foe.uid, PROVOKED):
        add_lasting(ctx, state, PROVOKED, foe.uid, Span.FIGHT, rule="§12.1")
    for effect in holds_by(state, foe.uid):
        if foe.key == "head_spider":
            release(ctx, state, effect, "knocked off")
    if not foe.conscious:
        return
    if foe.key == "giant_rat":
        people = sorted(on_map(state, combat), key=lambda m: -sum(a.wounds for a in m.attrs.values()))
        if foe.below_half or not people:
            step_aside(ctx, state, combat, foe)
        else:
            approach(ctx, state, combat, foe, combat.positions[people[0].id])
    elif foe.key in ("dire_spider", "giant_spider"):
        step_aside(ctx, state, combat, foe)


def weapon_struck(
    ctx: Context, state: CampaignState, foe: Foe, attacker: str, item_uid: int, melee: bool
) -> None:
    """Acid blood: each melee hit rolls 1d!; a trigger ruins the weapon for good (§12.6, HOUSE §6.6)."""
    if foe.key != "giant_spider" or not melee:
        return
    member = state.character(attacker)
    item = next((i for i in member.items if i.uid == item_uid), None)
    if item is not None and risk_triggered(ctx.roll(1, who=foe.uid, why="acid blood", rule="§12.6")):
        break_item(ctx, member, item, rule="§12.6")


# --- when it falls -----------------------------------------------------------------------------------


@FOE_FELL.register
def foe_fell(ctx: Context, state: CampaignState, combat: CombatState, foe: Foe) -> None:
    """Passives as `foe` drops (§12, HOUSE §3.1, §3.3): bursts wait for `settle`; broods and warrens break."""
    if foe.key in ("bloated_plague_rat", "red_weaver"):
        _pending(ctx, state, foe, "burst")
    if foe.key not in ("giant_spider", "goblin_matriarch"):
        return
    for ally in combat.conscious_foes:
        kin = ally.key == "spiderling" if foe.key == "giant_spider" else EnemyTag.GOBLIN in ally.defn.tags
        if kin and not ally.fleeing:
            ally.fleeing = True
            ctx.emit(FoeFleeing(rule="HOUSE §3.1", foe=ally.uid, reason=f"{foe.name} fell"))


# --- settling ------------------------------------------------------------------------------------------


def settle(ctx: Context, state: CampaignState) -> Resolution[None]:
    """Resolve what the hooks left pending (bursts, pustules), then let go of broken holds (HOUSE §6.2)."""
    combat = state.expedition.combat if state.expedition else None
    if combat is None:
        return
    for effect in [e for e in state.lasting if e.key.startswith(PENDING)]:
        end_lasting(ctx, state, effect, "used", rule="§12")
        foe = next(f for f in combat.foes if f.uid == effect.source)
        what = effect.key.removeprefix(PENDING)
        near = [m for m in on_map(state, combat) if m.status.value != "dead"]
        if what == "acid_pustules":
            for member in [m for m in near if chebyshev(combat.positions[m.id], foe.pos) <= 1]:
                yield from defend(ctx, state, combat, foe, "Acid pustules", parse_attack("STR 1"), member)
        elif foe.key == "bloated_plague_rat":
            for member in [m for m in near if chebyshev(combat.positions[m.id], foe.pos) <= 1]:
                yield from receive_wounds(
                    ctx, member, 2, armour=worn_armour(member), attack=False, rule="§12.3"
                )
                if member.status.value != "dead" and risk_triggered(
                    ctx.roll(2, who=member.id, why="plague from the burst?", rule="§12.3")
                ):
                    gain_affliction(ctx, member, Affliction.PLAGUED, rule="§12.3")
        else:
            for member in [m for m in near if manhattan(combat.positions[m.id], foe.pos) <= NEARBY]:
                yield from defend(ctx, state, combat, foe, "Death burst", parse_attack("DEX 1"), member)
            ctx.emit(
                Note(
                    rule="HOUSE §3.3", text="The corpses it held spill out: 1 treasure roll for the looting."
                )
            )
    let_go(ctx, state, combat)
    carry_attached(state, combat)


def provoke_nearby(ctx: Context, state: CampaignState, caster: str) -> None:
    """A spell or prayer cast Nearby wakes a sleeping Red Weaver (§12.1, HOUSE §3.3)."""
    combat = state.expedition.combat if state.expedition else None
    if combat is None or caster not in combat.positions:
        return
    here = combat.positions[caster]
    for foe in combat.conscious_foes:
        near = foe.key == "red_weaver" and manhattan(foe.pos, here) <= NEARBY
        if near and not has_lasting(state, foe.uid, PROVOKED):
            add_lasting(ctx, state, PROVOKED, foe.uid, Span.FIGHT, rule="§12.1")
            ctx.emit(Note(rule="§12.1", text=f"The magic stirs the {foe.name}: it wakes."))


def restricted(foe: Foe, key: str) -> bool:
    """True for attacks the plain enemy AI must leave to the scripts (Eat, Bash, Lunge, Ram; §12).

    The Goblin Hunter's knife is its script's too: only on someone another goblin is next to (HOUSE §3.3).
    """
    return key in ("eat", "bash", "lunge", "ram") or (
        foe.key == "goblin_hunter" and key == "knife_in_the_gut"
    )
