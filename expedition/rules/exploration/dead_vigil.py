"""Provides the dead vigil (§10.1, HOUSE §1.7): bodies left where creatures fall, their count, their rising.

- **Fall.** A foe knocked out (`foe_fell`, from `combat_harm.knock_out`) or an adventurer who dies in
  the dungeon (`adventurer_fell`, `fallen_left`) leaves a `Corpse`. A fight's bodies wait in
  `CombatState.bodies` and lie on the level when it ends (`lay_the_bodies`), unless eaten or burst
  meanwhile. Undead, ghosts and voidspawn leave nothing the vigil can raise (house reading).
- **Settling.** The dice are rolled as the expedition ends (`expedition_over`), not as the body
  falls: `Corpse.vigil_dice` keeps the risk dice still to roll, then 1d6 weeks. House reading: no
  count is read before a day passes, and the fight's dice stay as they were.
- **Count.** Interlude days count, and an expedition counts as one day (`count_days`).
- **Rising.** While the party is away its bodies wait in `Location.dead`, and only there: a body
  whose count runs out moves to `Location.risen` (`CorpseRose`), and becomes a dormant encounter
  in its room on the return (`restore_the_dead`).
- **Kept dungeons.** The location keeps the dungeon the party left (`Location.dungeon`,
  `rules.kept_dungeon`): its bodies move off its levels into `Location.dead` as the party leaves,
  so they lie in one place only and come back, counted, on the return; and `Location.risen` then
  holds only the dead that rose since the party left, since those risen earlier still stand in
  the kept dungeon as encounters (until beaten). An older save's location keeps no dungeon: its
  dungeon is rebuilt from `Location.origin`, and every risen body still waiting is put back on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.combat.combat_events import Attacked, FoeWounded, RoundStarted, TurnEnded, TurnStarted
from expedition.rules.combat.enemies.enemy_defs import EnemyDef, EnemyTag
from expedition.rules.core.decisions import GM
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.distance import Pos, manhattan
from expedition.rules.core.events import Event
from expedition.rules.core.lasting import has_lasting
from expedition.rules.exploration.dungeon_map import Dungeon, Level, Room
from expedition.rules.exploration.features import Corpse, Encounter

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.combat.combat_state import CombatState, Foe
    from expedition.rules.core.context import Context
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.locations import Location

RULE = "HOUSE §1.7"
HUSK = "reanimated_husk"
"""What a body rises as after a critical killing blow, or one 3+ wounds past what was needed."""
FRESH = "freshly_risen_corpse"
"""What any other body rises as."""
ADVENTURER = "adventurer"
"""`Corpse.kind` of a fallen adventurer."""
OVERKILL = 3
"""Wounds past the killing one that leave a body fit only to crawl back as a husk."""
RISEN = "The risen dead"
"""The name of the dormant encounter a rising makes."""
DORMANT = 1
"""Activity 1, asleep or dormant (HOUSE §2.5; `combat_setup.ASLEEP`): the party may ambush them."""
VIGIL_ROLL = "the dead vigil"
"""The `why` of every vigil roll (the GM's, which the players need not read)."""
EATEN = "corpse:eaten"
"""The mark a weaver or the Unsatiable dead leaves on a body it ate (`enemy_tactics.transform`)."""
BURST = "spell:explode_corpse"
"""The mark Explode corpse leaves on a fallen foe (`attack_spells`): its body is gone, and bursts once."""
_SCAN = 400
"""How far back the log is searched for the killing blow."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CorpseLeft(Event):
    """A body stays where a creature fell (tile `at`, level `depth`); `kind`: an enemy key or "adventurer"."""

    at: Pos
    depth: int
    kind: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CorpseRose(Event):
    """The vigil raised the `kind` body on tile `at`, level `depth` of `dungeon` (its name), as `rises_as`."""

    dungeon: str
    depth: int
    at: Pos
    kind: str
    rises_as: str


# --- falling -------------------------------------------------------------------------------------------


def vigil_dice(defn: EnemyDef) -> int | None:
    """Risk dice the vigil rolls for this creature's body (HOUSE §1.7), None when nothing can rise.

    Humans always rise (0 dice), goblins on a triggered 3d!, beasts and any other living thing on a
    triggered 1d!. Undead, ghosts and voidspawn leave no body the vigil can raise, nor does a swarm
    (a cloud of insects or worms is no one body).
    """
    if defn.tags & {EnemyTag.UNDEAD, EnemyTag.GHOST, EnemyTag.VOIDSPAWN} or "swarm" in defn.key:
        return None
    if EnemyTag.HUMAN in defn.tags:
        return 0
    return 3 if EnemyTag.GOBLIN in defn.tags else 1


def killing_blow_critical(events: Sequence[Event], uid: str) -> bool:
    """True if the blow that just knocked out `uid` came from a critical hit (HOUSE §1.7).

    Reads the log back from the killing `FoeWounded` to the attack that caused it; an earlier
    wound, or the start or end of a turn or round, means the wound came from no attack (bleeding,
    a blast).
    """
    killed = False
    for event in reversed(events[-_SCAN:]):
        if isinstance(event, FoeWounded) and event.foe == uid:
            if killed:
                return False
            killed = True
        elif isinstance(event, Attacked) and event.defender == uid:
            return event.hit and event.critical
        elif isinstance(event, TurnStarted | TurnEnded | RoundStarted):
            return False
    return False


def foe_fell(ctx: Context, combat: CombatState, foe: Foe) -> None:
    """Remember the body a foe leaves as it is knocked out (§16 #21, HOUSE §1.7).

    It rises as a husk if the killing blow was a critical or dealt `OVERKILL` or more wounds past
    the one that felled it, else as a freshly risen corpse. No dice are rolled here.
    """
    dice = vigil_dice(foe.defn)
    if dice is None:
        return
    overkill = foe.wounds - (foe.defn.wounds + 1)
    hard = overkill >= OVERKILL or killing_blow_critical(ctx.events, foe.uid)
    combat.bodies[foe.uid] = Corpse(
        pos=foe.pos, kind=foe.key, rises_as=HUSK if hard else FRESH, vigil_dice=dice
    )


def _adventurer_body(member: Character, pos: Pos) -> Corpse:
    """An adventurer always rises, as a freshly risen corpse (a death by mortal wounds has no overkill)."""
    return Corpse(pos=pos, kind=ADVENTURER, rises_as=FRESH, name=member.name, who=member.id, vigil_dice=0)


def adventurer_fell(state: CampaignState, combat: CombatState, who: str) -> None:
    """Remember the body of a dead adventurer about to leave the fight's map (`combat_state.clear_fallen`)."""
    member = next((m for m in state.party if m.id == who and m.status.value == "dead"), None)
    if member is not None and who in combat.positions and who not in combat.bodies:
        combat.bodies[who] = _adventurer_body(member, combat.positions[who])


def lay_the_bodies(ctx: Context, state: CampaignState, combat: CombatState) -> None:
    """The fight is over: its bodies lie on its level, save those eaten or burst meanwhile (HOUSE §1.7)."""
    if state.expedition is None:
        return
    level = state.expedition.dungeon.level(combat.depth)
    for who in list(combat.positions):
        adventurer_fell(state, combat, who)
    names = {foe.uid: foe.name for foe in combat.foes}
    for key, body in list(combat.bodies.items()):
        if has_lasting(state, key, EATEN) or has_lasting(state, key, BURST):
            continue
        level.corpses.append(body)
        name = body.name if body.kind == ADVENTURER else names.get(key, body.kind)
        ctx.emit(CorpseLeft(rule=RULE, at=body.pos, depth=combat.depth, kind=body.kind, name=name))
    combat.bodies.clear()


def fallen_left(ctx: Context, state: CampaignState, fallen: Sequence[Character]) -> None:
    """Adventurers who died in the dungeon leave their bodies (from `campaign.retire_the_fallen`).

    In a fight the body waits for the fight's end with the others; outside one it lies on the
    party's tile at once. A body already left is not left twice.
    """
    expedition = state.expedition
    if expedition is None:
        return
    combat = expedition.combat
    laid = {c.who for level in expedition.dungeon.levels for c in level.corpses if c.who}
    for member in fallen:
        if member.id in laid:
            continue
        if combat is not None:
            if member.id in combat.positions:
                combat.bodies.setdefault(member.id, _adventurer_body(member, combat.positions[member.id]))
            if member.id in combat.bodies:
                continue
        body = _adventurer_body(member, expedition.position)
        expedition.level.corpses.append(body)
        ctx.emit(
            CorpseLeft(rule=RULE, at=body.pos, depth=expedition.depth, kind=ADVENTURER, name=member.name)
        )


# --- time ----------------------------------------------------------------------------------------------


def _settle(ctx: Context, body: Corpse) -> None:
    """Roll what is still to roll for a fallen body: its risk dice, then 1d6 weeks (HOUSE §1.7)."""
    dice, body.vigil_dice = body.vigil_dice, None
    if dice is None or body.warded or body.rises_in_days is not None or not body.rises_as:
        return
    if dice and not risk_triggered(ctx.roll(dice, who=GM, why=VIGIL_ROLL, rule=RULE)):
        body.rises_as = ""
        return
    (weeks,) = ctx.roll(1, who=GM, why=VIGIL_ROLL, rule=RULE)
    body.rises_in_days = 7 * weeks


def _counting(body: Corpse) -> bool:
    return (
        not body.warded and bool(body.rises_as) and body.rises_in_days is not None and body.vigil_dice is None
    )


def count_days(ctx: Context, state: CampaignState, days: int = 1) -> int:
    """`days` pass for every body the campaign keeps in its dungeons (HOUSE §1.7 "When").

    Only bodies kept between visits count (`Location.dead`); no day passes in the dungeon the
    party is in, since the expedition's day is counted as it ends. An unwarded body whose count
    runs out rises (`CorpseRose`) and waits in `Location.risen` for the party's return.

    Returns:
        How many rose.
    """
    rose = 0
    for location in state.locations.values():
        for depth, bodies in location.dead.items():
            for body in [b for b in bodies if _counting(b)]:
                assert body.rises_in_days is not None  # counting
                body.rises_in_days = max(0, body.rises_in_days - days)
                if body.rises_in_days == 0:
                    bodies.remove(body)
                    location.risen.setdefault(depth, []).append(body)
                    rose += 1
                    ctx.emit(
                        CorpseRose(
                            rule=RULE,
                            dungeon=location.title or location.name,
                            depth=depth,
                            at=body.pos,
                            kind=body.kind,
                            rises_as=body.rises_as,
                        )
                    )
    return rose


def expedition_over(ctx: Context, state: CampaignState) -> None:
    """The party leaves the dungeon: its bodies are kept, settled, and the expedition's day counts.

    Called while `state.expedition` still holds the dungeon. When the location keeps the dungeon
    (`kept_dungeon.keep_dungeon` ran first), its bodies leave its levels for `Location.dead`, and
    the risen dead still standing stay in it as they are, so `Location.risen` starts empty. When it
    does not (the dungeon will be rebuilt), the risen dead that still wait in a room nobody cleared
    stay risen for the next visit; those beaten are gone.
    """
    expedition = state.expedition
    if expedition is None:
        return
    dungeon = expedition.dungeon
    location = state.locations[dungeon.key]
    location.title = dungeon.name
    kept = location.dungeon is dungeon
    location.dead = {depth: list(level.corpses) for depth, level in enumerate(dungeon.levels, 1)}
    location.risen = {
        depth: [] if kept else [b for b in location.risen.get(depth, []) if _still_waiting(level, b)]
        for depth, level in enumerate(dungeon.levels, 1)
    }
    if kept:
        for level in dungeon.levels:
            level.corpses = []  # they wait, and count, in `location.dead` (one place only)
    for bodies in location.dead.values():
        for body in bodies:
            _settle(ctx, body)
    count_days(ctx, state, 1)


# --- rising --------------------------------------------------------------------------------------------


def _room_for(level: Level, pos: Pos) -> Room | None:
    """The room a body lies in, or the nearest one to it (by the room's centre)."""
    room = level.room_at(pos)
    if room is not None or not level.rooms:
        return room
    return min(level.rooms, key=lambda r: (manhattan(r.center, pos), r.id))


def _still_waiting(level: Level, body: Corpse) -> bool:
    room = _room_for(level, body.pos)
    return room is not None and any(e.room == room.id and not e.defeated for e in level.encounters)


def _rise_on(level: Level, body: Corpse) -> None:
    """Put a risen body on the level as a dormant encounter in its room (joining one that stands there)."""
    room = _room_for(level, body.pos)
    if room is None:
        return
    standing = next((e for e in level.encounters if e.room == room.id and not e.defeated), None)
    if standing is not None:
        standing.enemies = (*standing.enemies, body.rises_as)
        return
    note = "Dormant dead, raised by the vigil while the party was away."
    if body.kind == ADVENTURER and body.name:
        note += f" One of them was {body.name}."
    level.encounters.append(
        Encounter(room=room.id, enemies=(body.rises_as,), name=RISEN, activity=DORMANT, note=note)
    )


def restore_the_dead(state: CampaignState, dungeon: Dungeon) -> None:
    """A dungeon entered again gets back its kept bodies and its risen dead (HOUSE §1.7).

    The kept bodies replace those on its levels: none on a kept dungeon (its bodies waited in
    `Location.dead`), those a rebuild stocked afresh (the same bodies, without their count, ward and the
    fallen). The risen become dormant encounters: on a kept dungeon only those risen since the party
    left (`Location.risen` holds no others then), on a rebuild every one still waiting. So no body
    and no risen dead is ever there twice. Nothing happens on a first visit.
    """
    location: Location | None = state.locations.get(dungeon.key)
    if location is None or not location.dead:
        return
    for depth, level in enumerate(dungeon.levels, 1):
        level.corpses = list(location.dead.get(depth, []))
        for body in location.risen.get(depth, []):
            _rise_on(level, body)
    location.dead = {}
