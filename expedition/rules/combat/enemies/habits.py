"""Provides each enemy's own habits in its turn (HOUSE §3.3): the actions the plain AI cannot choose.

`act` is asked before each of a foe's actions. A script returns the actions it spent, 0 to end
the foe's turn, or None to leave the choice to the archetype AI of `combat_enemies` (attack what
reaches, else Move). `ACTIONS` maps every non-attack action in the content to the script that
uses it, so a test can prove none is silently ignored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.harm import place_wounds
from expedition.rules.combat.combat_state import (
    CombatState,
    Foe,
    on_map,
    standing,
)
from expedition.rules.combat.enemies.attack_effects import stun
from expedition.rules.combat.enemies.movement import approach, step_aside
from expedition.rules.combat.holds import holds_by
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import chebyshev, manhattan
from expedition.rules.core.lasting import Span, add_lasting, end_lasting, has_lasting, lasting_on
from expedition.rules.items.slots import worn_armour

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

from expedition.rules.combat.enemies.guard_habits import GUARDS, bag
from expedition.rules.combat.enemies.tactics import (
    Script,
    adjacent,
    area,
    corpses,
    hit,
    mark,
    nearby,
    regenerate,
    tokens,
    transform,
)
from expedition.rules.combat.enemies.wild_habits import WILD

# --- the scripts --------------------------------------------------------------------------------------


def _lesser_demon(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    if adjacent(combat, foe, target) and "void_axe" not in used:
        return (yield from hit(ctx, state, combat, foe, "void_axe", target, used))
    return None


def _void_demon(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    if foe.below_half and "phase_out" not in used:
        tokens(ctx, foe, "phase_out", used, dodge=2)
        approach(ctx, state, combat, foe, combat.positions[target.id], tiles=2)
        return 1
    if "void_whip" in used and "fade" not in used and foe.wounds and adjacent(combat, foe, target):
        tokens(ctx, foe, "fade", used, shield=1, dodge=1)
        step_aside(ctx, state, combat, foe)
        return 1
    return None
    yield  # a generator, like every script


def _vault_weaver(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    for corpse in corpses(state, combat):
        if manhattan(corpse.pos, foe.pos) <= 1:
            mark(ctx, foe, "consume_corpse", used)
            transform(ctx, state, foe, corpse, "red_weaver", healed=False)
            for member in nearby(state, combat, foe):
                stun(ctx, member, 1, "a wave of sickness")
            return 0  # house: swelling into a Red Weaver takes the rest of its turn
        if manhattan(corpse.pos, foe.pos) <= foe.defn.movement + 1 and approach(
            ctx, state, combat, foe, corpse.pos
        ):
            return 1
    if actions < 2:
        return 0
    near = nearby(state, combat, foe)
    if len(near) >= 2 and "piercing_light" not in used:
        return (yield from area(ctx, state, combat, foe, "piercing_light", near, used, burns_allies=2))
    if near and "cry_of_hunger" not in used:
        return (yield from area(ctx, state, combat, foe, "cry_of_hunger", near, used))
    return None


def _red_weaver(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    close = [m for m in on_map(state, combat) if chebyshev(combat.positions[m.id], foe.pos) <= 1]
    if close and "pulse" not in used:
        mark(ctx, foe, "pulse", used)
        for member in close:
            yield from place_wounds(ctx, member, 1, named=Attr.PRE, rule="§12.1")
        return 1
    near = nearby(state, combat, foe)
    if len(near) >= 2 and actions >= 2 and "piercing_red_light" not in used:
        return (yield from area(ctx, state, combat, foe, "piercing_red_light", near, used, burns_allies=2))
    if target in near and "unblinking_gaze" not in used:
        return (yield from hit(ctx, state, combat, foe, "unblinking_gaze", target, used))
    if near:
        weakest = min(
            near,
            key=lambda m: max(
                m[a].score - m[a].fatigue - m[a].wounds for a in (Attr.STR, Attr.INT, Attr.DEX)
            ),
        )
        return (yield from hit(ctx, state, combat, foe, "silver_tentacles", weakest, used))
    return 0


def _scrapper(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    if "knife_in_the_gut" in used and "roll" not in used:
        tokens(ctx, foe, "roll", used, dodge=2)
        step_aside(ctx, state, combat, foe, keep_next_to=combat.positions[target.id])
        return 1
    return None
    yield  # a generator, like every script


def _sniper(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    unloaded = lasting_on(state, foe.uid, "foe:unloaded")
    if unloaded:
        if actions < 2:
            return 0
        mark(ctx, foe, "reload", used)
        end_lasting(ctx, state, unloaded[0], "used", rule="§12.2")
        return 2
    reach = foe.defn.action("black_crossbow").attack
    assert reach is not None and state.expedition is not None
    if not reach.reach.reaches(manhattan(foe.pos, combat.positions[target.id])):
        return None
    aimed = lasting_on(state, foe.uid, "foe:aimed")
    if not aimed and actions >= 2:
        mark(ctx, foe, "take_aim", used)
        add_lasting(ctx, state, "foe:aimed", foe.uid, Span.FIGHT, rule="§12.2")
        return 1
    for effect in aimed:
        end_lasting(ctx, state, effect, "used", rule="§12.2")
    spent = yield from hit(
        ctx, state, combat, foe, "black_crossbow", target, used, disadvantage=int(bool(aimed))
    )
    add_lasting(ctx, state, "foe:unloaded", foe.uid, Span.FIGHT, rule="§12.2")
    return spent


def _bloodshot(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    if actions == 1 and foe.wounds >= 2 and "unnatural_regeneration" not in used:
        return regenerate(ctx, foe, used)
    return None
    yield  # a generator, like every script


def _hobgoblin(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    if foe.wounds and not has_lasting(state, foe.uid, "foe:cracked_shield"):
        add_lasting(ctx, state, "foe:cracked_shield", foe.uid, Span.FIGHT, rule="§12.2")
        return tokens(ctx, foe, "cracked_shield", used, shield=2)
    used.add("cracked_shield")  # once a fight, after its first wound: never the plain AI's shield action
    return None
    yield  # a generator, like every script


def _sack_man(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    bagged = bag(ctx, state, combat, foe, actions, used)  # the downed go into the sack (HOUSE §3.3)
    if bagged is not None:
        return bagged
    if holds_by(state, foe.uid):
        if foe.wounds and "unnatural_regeneration" not in used:
            return regenerate(ctx, foe, used)
        return 0  # house: no lair on the fight's map, so it holds fast instead of dragging
    victims = [m for m in standing(state, combat) if chebyshev(combat.positions[m.id], foe.pos) == 1]
    if victims:
        return (yield from hit(ctx, state, combat, foe, "hook_pole", victims[0], used))
    return None


def _bugbear(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    armour = max((i.working_ap(p) for i in worn_armour(target) for p in range(len(i.defn.armour))), default=0)
    if adjacent(combat, foe, target) and armour >= 3 and "chew_armour" not in used:
        return (yield from hit(ctx, state, combat, foe, "chew_armour", target, used))
    return None


def _matriarch(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    close = [m for m in standing(state, combat) if adjacent(combat, foe, m)]
    if close and "controlling_gaze" not in used:
        return (yield from hit(ctx, state, combat, foe, "controlling_gaze", close[0], used))
    if foe.wounds and "unnatural_regeneration" not in used:
        return regenerate(ctx, foe, used)
    if close and step_aside(ctx, state, combat, foe):
        return 1
    return 0  # she never approaches


SCRIPTS: dict[str, Script] = {
    **WILD,
    **GUARDS,
    "lesser_demon": _lesser_demon,
    "void_demon": _void_demon,
    "vault_weaver": _vault_weaver,
    "red_weaver": _red_weaver,
    "goblin_scrapper": _scrapper,
    "boggart_sniper": _sniper,
    "bloodshot_goblin": _bloodshot,
    "hobgoblin": _hobgoblin,
    "sack_man": _sack_man,
    "bugbear": _bugbear,
    "goblin_matriarch": _matriarch,
}
"""Enemies with habits of their own (HOUSE §3.3); the rest fight by their archetype alone."""

ACTIONS: dict[str, str] = {
    "fade": "void_demon",
    "phase_out": "void_demon",
    "consume_corpse": "vault_weaver",
    "pulse": "red_weaver",
    "roll": "goblin_scrapper",
    "black_shield": "boggart (and combat_enemies' shield action)",
    "reload": "boggart_sniper",
    "take_aim": "boggart_sniper",
    "unnatural_regeneration": "bloodshot_goblin, sack_man, goblin_matriarch, starved_cadaver",
    "cracked_shield": "hobgoblin",
    "ram": "golden_ridge_maneater",
    "feast": "starved_cadaver",
    "cursed_sea_shanty": "rotting_sailor",
    "wooden_shield": "bounty_hunter",
}
"""Every action in the content that is not an attack, and which script uses it."""


def act(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    target: Character,
    actions: int,
    used: set[str],
) -> Resolution[int | None]:
    """Let `foe`'s habits pick its next action: actions spent, 0 to end its turn, None for the plain AI."""
    script = SCRIPTS.get(foe.key)
    if script is None:
        return None
    return (yield from script(ctx, state, combat, foe, target, actions, used))
