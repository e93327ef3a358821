"""Provides the setup of a fight (§10.2.1 phase 0, §10.1): placing both sides, initiative, ambush, surprise.

A fight starts when the party steps into a room whose encounter still stands, when a wandering
group that gave its sign arrives, or when another rule (a camp ambush, a summoning: `summon`) calls
`start_combat`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.combat.combat_events import CombatStarted, FoePlaced
from expedition.rules.combat.combat_state import CombatPhase, CombatState, Foe
from expedition.rules.combat.encounter_budget import STANDARD_BUDGET, build_group, encounter_budget, step_down
from expedition.rules.combat.enemies.enemy_defs import EnemyDef, enemy_defs
from expedition.rules.combat.fight_map import floor as floor
from expedition.rules.combat.fight_map import spread as spread
from expedition.rules.combat.fighting_skills import fight_opens, ghosts_seen
from expedition.rules.combat.rounds import advance, begin_round
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import Pos, manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Note
from expedition.rules.core.phase import Phase
from expedition.rules.core.rolls import attribute_check, available_dice
from expedition.rules.exploration.barricade import barricade_holds
from expedition.rules.exploration.dungeon_map import Level
from expedition.rules.exploration.features import Encounter, EncounterRow
from expedition.rules.exploration.hazards.drag_marks import hazard_group

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

BLOODIED = 3
"""Activity 3: the group has just fought, each member starts wounded (HOUSE §2.5)."""
ASLEEP = 1
"""Activity 1: asleep or dormant, so the party ambushes them (HOUSE §2.5)."""
WANDERING_DISTANCE = 5
"""How far from the party a wandering group appears, in tiles (house: just inside a lantern's light)."""


def start_combat(
    ctx: Context,
    state: CampaignState,
    foes: Sequence[EnemyDef],
    *,
    ambush: bool = False,
    surprised: bool = False,
    group: str = "",
    room: int = -1,
    wounded: int = 0,
    kept: Sequence[int] = (),
) -> Resolution[None]:
    """Start a fight (§10.2.1 setup, §10.1).

    The foes go on the room's tiles (or, for a group with no room, a few tiles from the party),
    the adventurers on and around the party's tile. Each adventurer who can act makes a DEX
    check: a success makes them fast, a failure slow. Ambushing unaware enemies makes
    everyone fast with no checks; a surprised party is all slow with no checks (§16 #19). The
    campaign enters the combat phase and round 1 begins; when nobody is fast the enemies act
    at once. The whole fight costs one exploration turn, spent when it ends.

    Args:
        ctx: Dice and events.
        state: The campaign, in a dungeon.
        foes: The enemies' stat blocks.
        ambush: The party ambushes them.
        surprised: The party is surprised.
        group: The group's name.
        room: The room of the encounter, -1 for none.
        wounded: Wounds each foe starts with (a bloodied group, HOUSE §2.5).
        kept: Wounds each foe kept from an earlier fight, in `foes` order (HOUSE §3.1).

    Raises:
        IllegalAction: Without an expedition, during another fight, or with no foes.
    """
    expedition = state.expedition
    if expedition is None:
        raise IllegalAction("A fight needs a dungeon.")
    if expedition.combat is not None:
        raise IllegalAction("A fight is already going on.")
    if not foes:
        raise IllegalAction("There is nobody to fight.")
    level = expedition.level

    surprised = surprised and not ghosts_seen(ctx, state, foes)  # the Cursed see ghosts coming (§4.6, house)
    combat = CombatState(depth=expedition.depth, room=room, group=group, ambush=ambush, surprised=surprised)
    taken: set[Pos] = set()
    members = [m for m in state.party if m.status.value != "dead"]
    for member, pos in zip(members, spread(level, expedition.position, taken), strict=False):
        combat.positions[member.id] = pos
        taken.add(pos)
    for defn, pos in zip(foes, _foe_tiles(level, expedition.position, room, taken, len(foes)), strict=False):
        foe = Foe(uid=f"foe{len(combat.foes) + 1}", key=defn.key, defn=defn, pos=pos)
        index = len(combat.foes)
        earlier = kept[index] if index < len(kept) else 0
        foe.wounds = min(max(earlier, wounded * (2 if defn.wounds >= 6 else 1)), defn.wounds)
        combat.foes.append(foe)
        taken.add(pos)
        ctx.emit(FoePlaced(rule="§10.2.1", foe=foe.uid, key=foe.key, name=foe.name, pos=pos))
    if not combat.foes:
        raise IllegalAction("There is no room to place the enemies.")
    expedition.combat = combat
    state.phase = Phase.COMBAT
    for member in members:
        if member.id not in combat.positions or not member.can_act:
            continue
        if ambush:
            combat.fast.append(member.id)
        elif surprised:
            combat.slow.append(member.id)
        else:
            result = yield from attribute_check(ctx, member, Attr.DEX, rule="§10.2.1")
            (combat.fast if result.succeeded else combat.slow).append(member.id)
    ctx.emit(
        CombatStarted(
            rule="§16 #19" if surprised else "§10.2.1",
            group=group,
            foes=tuple(foe.uid for foe in combat.foes),
            fast=tuple(combat.fast),
            slow=tuple(combat.slow),
            ambush=ambush,
            surprised=surprised,
        )
    )
    yield from fight_opens(ctx, state, combat)  # Beastmasters' hounds, Stalkers' free hits (§6.1)
    combat.round = 0
    begin_round(ctx, state, combat)
    combat.phase = CombatPhase.FAST
    yield from advance(ctx, state)


def _foe_tiles(level: Level, party: Pos, room: int, taken: set[Pos], count: int) -> list[Pos]:
    if 0 <= room < len(level.rooms):
        area = level.rooms[room]
        centre = area.center
        tiles = [p for p in area.tiles() if p not in taken and floor(level, p)]
        tiles.sort(key=lambda p: (manhattan(p, centre), p[1], p[0]))
        if len(tiles) >= count:
            return tiles[:count]
    reachable = spread(level, party, taken)
    far = [p for p in reachable if manhattan(p, party) >= WANDERING_DISTANCE]
    near = [p for p in reachable if manhattan(p, party) < WANDERING_DISTANCE]
    far.sort(key=lambda p: (manhattan(p, party), p[1], p[0]))
    near.sort(key=lambda p: (-manhattan(p, party), p[1], p[0]))
    return (far + near)[:count]


def encounter_here(state: CampaignState) -> Encounter | None:
    """The undefeated encounter in the room the party stands in, if any."""
    expedition = state.expedition
    if expedition is None:
        return None
    room = expedition.room
    if room is None:
        return None
    return next((e for e in expedition.level.encounters if e.room == room.id and not e.defeated), None)


def fight_here(ctx: Context, state: CampaignState) -> Resolution[bool]:
    """Start the fight with the encounter of the room the party stands in, if there is one (§10.1).

    An asleep group (activity 1) is ambushed; a bloodied one (activity 3) starts wounded.
    Does nothing outside exploration or when the encounter's enemies are unknown.

    Returns:
        True if a fight started.
    """
    encounter = encounter_here(state)
    if encounter is None or state.phase is not Phase.EXPLORATION or not state.living:
        return False
    defs = enemy_defs(ctx, encounter.enemies)
    if not defs:
        return False
    yield from start_combat(
        ctx,
        state,
        defs,
        ambush=encounter.activity == ASLEEP,
        group=encounter.name,
        room=encounter.room,
        wounded=1 if encounter.activity == BLOODIED and not encounter.wounds else 0,
        kept=encounter.wounds,
    )
    return True


def wandering_arrives(ctx: Context, state: CampaignState, announced: Sequence[str]) -> Resolution[bool]:
    """The first wandering group that gave its sign before this turn arrives and attacks (HOUSE §1.5).

    Args:
        ctx: Dice and events.
        state: The campaign.
        announced: The expedition's `coming` list as it stood before the turn.

    Returns:
        True if a fight started.
    """
    expedition = state.expedition
    if expedition is None or not announced or state.phase is not Phase.EXPLORATION or not state.living:
        return False

    if (yield from barricade_holds(ctx, state)):  # spiked doors hold it for 1d3 ET (HOUSE §1.4)
        return False
    name = announced[0]
    if name in expedition.coming:
        expedition.coming.remove(name)
    row = next((r for r in expedition.dungeon.wandering if r.name == name), None)

    # A group named by drag marks has no row (HOUSE §1.10); a row's group is built to the budget.
    defs = enemy_defs(ctx, hazard_group(name)) if row is None else wandering_group(ctx, state, row)
    if not defs:
        return False
    yield from start_combat(ctx, state, defs, group=name)
    return True


def wandering_group(ctx: Context, state: CampaignState, row: EncounterRow) -> list[EnemyDef]:
    """A wandering group built from its row within the budget, as HOUSE §1.5 and §2.3 build it (house).

    The budget is `encounter_budget`'s Standard one, with N the living adventurers, a downed one
    or one with fewer than half their dice counted as ½ (the mercy dial of HOUSE §2.7,
    `_counts_as`), and E the level's effective depth, the first level sized at E 1 as its stocked
    rooms are. The row steps down and the core is built as the stocked rooms' are, at most N + 2
    members. House tuning: no filler is added, so a wandering group is never more than its row's
    core (as the sign announced it), only less. Until this the core came whole, whatever was left
    of the party.
    """
    expedition = state.expedition
    assert expedition is not None  # a wandering group comes in a dungeon
    rows = expedition.dungeon.wandering
    living = [m for m in state.party if m.status is not Status.DEAD]
    strength = sum(_counts_as(m) for m in living)
    limit = encounter_budget(strength, expedition.encounter_depth, STANDARD_BUDGET)
    known: Mapping[str, EnemyDef] = getattr(ctx.world, "enemies", None) or {}
    threats = {key: defn.threat for key, defn in known.items()}
    index = next((i for i, r in enumerate(rows) if r is row), 0)
    chosen = rows[step_down(rows, index, limit, threats)] if rows else row
    keys = build_group(replace(chosen, filler=()), limit, 0, threats=threats)
    return enemy_defs(ctx, list(keys[: math.ceil(strength) + 2]))


def _counts_as(member: Character) -> float:
    """How much of N a living adventurer is: ½ when downed or left with fewer than half their dice.

    The mercy dial of HOUSE §2.7, whole. House (balance, issue #14): its half-dice clause was not
    applied before, and a group that found a lone adventurer still carrying most of the last
    expedition's wounds was built as for a fit one: shrunk, hurt parties lost most first fights.
    """
    if not member.can_act:
        return 0.5
    have = sum(available_dice(member, attr) for attr in Attr)
    return 0.5 if 2 * have < sum(member[attr].score for attr in Attr) else 1.0


def summon(ctx: Context, state: CampaignState, caster: Character, key: str) -> Resolution[None]:
    """A creature appears next to the caster: it joins the fight, or starts one (§11.1 mishaps).

    Both summoned horrors (tormentor demon, endless horror) have house stat blocks; a key with no
    stat block at all (content from an older version) is reported and stays away.
    """
    defs = enemy_defs(ctx, [key])
    expedition = state.expedition
    if not defs or expedition is None:
        return
    combat = expedition.combat
    if combat is None:
        yield from start_combat(ctx, state, defs, group=defs[0].name)
        return
    origin = combat.positions.get(caster.id, expedition.position)
    tiles = spread(expedition.level, origin, combat.occupied())
    if not tiles:
        ctx.emit(Note(rule="§11.1", text=f"No room for the {defs[0].name} to appear."))
        return
    new = Foe(uid=f"foe{len(combat.foes) + 1}", key=defs[0].key, defn=defs[0], pos=tiles[0])
    combat.foes.append(new)
    ctx.emit(FoePlaced(rule="§11.1", foe=new.uid, key=new.key, name=new.name, pos=new.pos))
