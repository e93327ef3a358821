"""Provides Yulak's, Akhzu's and Kaal Rafir's lasting prayers, and Cador's Seal (§11.2).

Detect Evil, Righteous Fury, Season of changes, Eyes of the forest, Seal, Silence, Swarm,
Entropy and Decay. The hooks other rules ask (sealed and silenced tiles, lost actions, the
party's swarm, Fury's dice) live in `prayer_marks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.harm import choose_attribute, take_fatigue
from expedition.rules.combat.combat_state import combat_of
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.combat.fight_setup import summon
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, cure_affliction, gain_affliction
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.distance import Pos, manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.lasting import ON_END, ON_TICK, PARTY, Lasting, Span, add_lasting, lasting_on
from expedition.rules.core.reach import CLOSE
from expedition.rules.exploration.expedition import expedition_of, passable
from expedition.rules.exploration.sight import visible_from
from expedition.rules.magic.fight_magic import foes_in_reach, hurt_foe
from expedition.rules.magic.magic_effects import NEARBY, Effect, ally, ally_check, in_combat, party_in_reach
from expedition.rules.magic.prayers.basic_goshkalon_cador import (
    creature,
    creature_check,
    holder,
    roll_turns,
    span_now,
)
from expedition.rules.magic.prayers.prayer_marks import (
    ENTROPY,
    FURY,
    NEARBY_TILES,
    SEAL,
    SILENCE,
    SWARM,
    mirror,
    parse_tile,
)

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

EVIL = (EnemyTag.UNDEAD, EnemyTag.GHOST, EnemyTag.VOIDSPAWN)
"""House: what Detect Evil shows: the undead, ghosts and the void's spawn."""


def here(state: CampaignState, who: str) -> Pos:
    """The tile of an adventurer: their combat tile in a fight, the party's tile otherwise."""
    expedition = expedition_of(state)
    combat = expedition.combat
    return combat.positions.get(who, expedition.position) if combat else expedition.position


# --- Yulak ------------------------------------------------------------------------------------------


def _detect_evil(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    turns = roll_turns(ctx, cleric, 1, "Detect Evil")
    effect = add_lasting(
        ctx, state, "prayer:detect_evil", PARTY, span_now(state), turns, source=cleric.id, rule="§11.2"
    )
    _glow(ctx, state, effect)
    return
    yield


def _glow(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    """Name what shines green Nearby (HOUSE §11.2): evil foes in a fight, evil lairs through the walls."""
    expedition = expedition_of(state)
    origin = here(state, effect.source)
    found: list[str] = []
    if expedition.combat is not None:
        named = expedition.combat.foe_names()
        found = [
            named[f.uid]
            for f in expedition.combat.conscious_foes
            if any(t in f.defn.tags for t in EVIL) and manhattan(origin, f.pos) <= NEARBY_TILES
        ]
    elif ctx.world is not None:
        level = expedition.level
        enemies = ctx.world.enemies
        for encounter in level.encounters:
            room = next((r for r in level.rooms if r.id == encounter.room), None)
            if encounter.defeated or room is None:
                continue
            gap = max(room.x - origin[0], 0, origin[0] - (room.x + room.w - 1)) + max(
                room.y - origin[1], 0, origin[1] - (room.y + room.h - 1)
            )
            evil = any(k in enemies and any(t in enemies[k].tags for t in EVIL) for k in encounter.enemies)
            if evil and gap <= NEARBY_TILES:
                found.append(f"something in the {room.name}")
    ctx.emit(EvilGlowed(rule="§11.2", things=tuple(found)))


def _fury(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    """Righteous Fury: Angry, and a mark that the next roll takes 3 more dice (a roll, not a span)."""
    member = ally(state, cleric, target, CLOSE)
    gain_affliction(ctx, member, Affliction.ANGRY, rule="§11.2")
    mirror(member, FURY, True)
    return
    yield


# --- Akhzu ------------------------------------------------------------------------------------------


def _season_check(state: CampaignState, cleric: Character, target: str) -> None:
    member = ally(state, cleric, target, NEARBY)
    if not any(member[a].wounds or member[a].fatigue for a in Attr):
        raise IllegalAction(f"{member.name} has no wounds or fatigue to move.")


def _season(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    """Season of changes: the ally's player moves wounds, then fatigue, from one attribute to another."""
    member = ally(state, cleric, target, NEARBY)
    marked = [a for a in Attr if member[a].wounds or member[a].fatigue]
    source = Attr((yield _ask(member, "season_from", "Move marks from which attribute?", marked)))
    others = [a for a in Attr if a is not source]
    dest = Attr((yield _ask(member, "season_to", f"Move {source}'s marks to which attribute?", others)))
    moved: dict[str, int] = {}
    for kind in ("wounds", "fatigue"):
        room = max(0, member[dest].available)
        most = min(getattr(member[source], kind), room)
        if most <= 0:
            continue
        count = int((yield _ask(member, f"season_{kind}", f"How many {kind}?", list(range(most + 1)))))
        setattr(member[source], kind, getattr(member[source], kind) - count)
        setattr(member[dest], kind, getattr(member[dest], kind) + count)
        moved[kind] = count
    ctx.emit(
        MarksShifted(
            rule="§11.2",
            character=member.id,
            source=source,
            dest=dest,
            wounds=moved.get("wounds", 0),
            fatigue=moved.get("fatigue", 0),
        )
    )


def _ask(member: Character, kind: str, prompt: str, options: list[Attr] | list[int]) -> Decision:
    keys = [str(o) for o in options]
    default = keys[-1] if kind in ("season_wounds", "season_fatigue") else keys[0]
    return Decision(
        kind=kind,
        owner=member.id,
        prompt=prompt,
        choices=tuple(Choice(k, k) for k in keys),
        default=default,
        rule="§11.2",
    )


def _eye_tile(state: CampaignState, target: str) -> Pos:
    pos = parse_tile(target)
    expedition = expedition_of(state)
    if pos is None or pos not in expedition.seen.get(expedition.depth, set()):
        raise IllegalAction("Name a tile the party has seen, as x,y: the eye opens there.")
    if not passable(expedition.level, pos):
        raise IllegalAction("The eye needs open ground to root in.")
    return pos


def _eyes(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    """Eyes of the forest (house): an eye on a seen tile; what it sees Nearby joins the map's memory."""
    pos = _eye_tile(state, target)
    expedition = expedition_of(state)
    add_lasting(
        ctx, state, "prayer:eyes_of_the_forest", target, Span.EXPEDITION, source=cleric.id, rule="§11.2"
    )
    seen = expedition.seen.setdefault(expedition.depth, set())
    new = visible_from(expedition.level, pos, NEARBY_TILES) - seen
    seen |= new
    ctx.emit(EyeOpened(rule="§11.2", character=cleric.id, tile=target, revealed=len(new)))
    return
    yield


def _eye_targets(state: CampaignState, cleric: Character) -> list[str]:
    expedition = expedition_of(state)
    level = expedition.level
    return [
        f"{r.x + r.w // 2},{r.y + r.h // 2}"
        for r in level.rooms
        if (r.x + r.w // 2, r.y + r.h // 2) in expedition.seen.get(expedition.depth, set())
    ]


# --- Cador's Seal and Kaal Rafir -------------------------------------------------------------------


def _seal_tiles(state: CampaignState, cleric: Character, target: str) -> tuple[Pos, ...]:
    """The line: the chosen Close tile and the floor tile beside it across the cleric's way (house)."""
    pos = parse_tile(target)
    origin = here(state, cleric.id)
    level = expedition_of(state).level
    if pos is None or manhattan(origin, pos) != 1 or not passable(level, pos):
        raise IllegalAction("Seal is drawn on an open tile next to the cleric, named as x,y.")
    dx, dy = pos[0] - origin[0], pos[1] - origin[1]
    beside = [(pos[0] + dy, pos[1] + dx), (pos[0] - dy, pos[1] - dx)]
    return (pos, *[p for p in beside if passable(level, p)][:1])


def _seal(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    for pos in _seal_tiles(state, cleric, target):
        add_lasting(ctx, state, SEAL, f"{pos[0]},{pos[1]}", Span.EXPEDITION, source=cleric.id, rule="§11.2")
    return
    yield


def _next_tiles(state: CampaignState, cleric: Character) -> list[str]:
    x, y = here(state, cleric.id)
    return [f"{x + dx},{y + dy}" for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]


def _silence_tile(state: CampaignState, cleric: Character, target: str) -> Pos:
    pos = here(state, cleric.id) if not target else parse_tile(target)
    if pos is None or manhattan(here(state, cleric.id), pos) > NEARBY_TILES:
        raise IllegalAction("Silence falls on a Nearby tile, named as x,y (or the cleric's own).")
    return pos


def _silence(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    """Silence (house): the tile and the 8 around it stay silent until the expedition ends."""
    pos = _silence_tile(state, cleric, target)
    add_lasting(ctx, state, SILENCE, f"{pos[0]},{pos[1]}", Span.EXPEDITION, source=cleric.id, rule="§11.2")
    return
    yield


def _silence_targets(state: CampaignState, cleric: Character) -> list[str]:
    tiles = [""]
    if in_combat(state):
        tiles += [f"{f.pos[0]},{f.pos[1]}" for f in foes_in_reach(state, cleric.id, NEARBY)]
    return tiles


def _swarm(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    before = {f.uid for f in combat_of(state).foes}
    yield from summon(ctx, state, cleric, "swarm_of_insects")
    for new in (f for f in combat_of(state).foes if f.uid not in before):
        add_lasting(ctx, state, SWARM, new.uid, Span.FIGHT, source=cleric.id, rule="§11.2")


def _entropy(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    """Entropy: each adventurer's player chooses; foes, who have no fatigue, give up an action (house)."""
    for member in party_in_reach(state, cleric, NEARBY):
        if member is cleric or not member.can_act:
            continue
        key = yield Decision(
            kind="entropy",
            owner=member.id,
            prompt=f"Entropy: {member.name} gives up an action or tires.",
            choices=(Choice("action", "give up an action"), Choice("fatigue", "take 2 fatigue")),
            default="action",
            rule="§11.2",
        )
        if key == "fatigue":
            attr = yield from choose_attribute(
                member, prompt="Entropy's 2 fatigue go on", kind="entropy_attr", rule="§11.2"
            )
            take_fatigue(ctx, member, attr, 2, rule="§11.2")
        else:
            _give_up(ctx, state, member.id)
    for enemy in foes_in_reach(state, cleric.id, NEARBY):
        _give_up(ctx, state, enemy.uid)


def _give_up(ctx: Context, state: CampaignState, who: str) -> None:
    owed = sum(e.value for e in lasting_on(state, who, ENTROPY))
    add_lasting(ctx, state, ENTROPY, who, Span.FIGHT, value=owed + 1, rule="§11.2")
    ctx.emit(ActionGivenUp(rule="§11.2", who=who, owed=owed + 1))


def _decay(ctx: Context, state: CampaignState, cleric: Character, target: str) -> Resolution[None]:
    """Decay: Cursed for 5 turns (an adventurer's player names where the fatigue goes, §16 #23)."""
    who = creature(state, cleric, target, NEARBY)
    attr, gave = "", 0
    if isinstance(who, Character):
        attr = str(
            (
                yield from choose_attribute(
                    who, prompt="Decay's fatigue goes on", kind="decay_attr", rule="§11.2"
                )
            )
        )
        gave = int(gain_affliction(ctx, who, Affliction.CURSED, rule="§11.2"))
    add_lasting(
        ctx,
        state,
        "prayer:decay",
        holder(who),
        span_now(state),
        5,
        source=cleric.id,
        value=gave,
        text=attr,
        rule="§11.2",
    )


def _decay_tick(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    """1 non-lethal fatigue as a turn of Decay begins; a foe takes a wound that cannot fell it (house)."""
    member = next((m for m in state.party if m.id == effect.holder), None)
    if member is not None:
        take_fatigue(ctx, member, Attr(effect.text), 1, rule="§11.2")
        return
    combat = state.expedition.combat if state.expedition else None
    enemy = next((f for f in combat.foes if f.uid == effect.holder), None) if combat else None
    if enemy is not None and enemy.conscious and enemy.wounds + 1 <= enemy.defn.wounds:
        hurt_foe(ctx, state, enemy, 1, effect.source, "§11.2")


def _decay_ends(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    member = next((m for m in state.party if m.id == effect.holder), None)
    if member is not None and effect.value:
        cure_affliction(ctx, member, Affliction.CURSED, rule="§11.2")


def _eye_check(state: CampaignState, cleric: Character, target: str) -> None:
    _eye_tile(state, target)


def _seal_check(state: CampaignState, cleric: Character, target: str) -> None:
    _seal_tiles(state, cleric, target)


def _silence_check(state: CampaignState, cleric: Character, target: str) -> None:
    _silence_tile(state, cleric, target)


ON_TICK["prayer:detect_evil"] = _glow
ON_TICK["prayer:decay"] = _decay_tick
ON_END["prayer:decay"] = _decay_ends

PRAYER_KAAL: dict[str, Effect] = {
    "detect_evil": Effect(_detect_evil),
    "righteous_fury": Effect(_fury, ally_check(CLOSE)),
    "season_of_changes": Effect(_season, _season_check),
    "eyes_of_the_forest": Effect(_eyes, _eye_check, targets=_eye_targets),
    "seal": Effect(_seal, _seal_check, targets=_next_tiles),
    "silence": Effect(_silence, _silence_check, targets=_silence_targets),
    "swarm": Effect(_swarm, combat=True),
    "entropy": Effect(_entropy, combat=True),
    "decay": Effect(_decay, creature_check(NEARBY)),
}
"""Yulak's, Akhzu's and Kaal Rafir's prayers written here, and Cador's Seal."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EvilGlowed(Event):
    """Detect Evil: what shines green Nearby (names; empty when nothing does)."""

    things: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MarksShifted(Event):
    """Season of changes moved wounds and fatigue between two attributes."""

    character: str
    source: str
    dest: str
    wounds: int
    fatigue: int


@dataclass(frozen=True, slots=True, kw_only=True)
class EyeOpened(Event):
    """Eyes of the forest opened an eye on a tile; `revealed` tiles joined the map."""

    character: str
    tile: str
    revealed: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionGivenUp(Event):
    """Entropy: someone gives up an action from their next turn (`owed` in all)."""

    who: str
    owed: int
