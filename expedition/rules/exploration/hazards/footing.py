"""Provides room hazards underfoot (HOUSE §1.9–§1.14): water, mud, slick stone, silk and a low ceiling.

In a fight the hazard of the room a mover starts in shortens its Move (`move_reach`): black water,
waist-deep water, sewage and a mud sump halve it, rounded down, and sticky silk and a warped floor
take 1 tile off; neither leaves less than 1 tile. Where the water is waist-deep (black water,
waist-deep water, sewage) nobody may Dodge (`verify_dodge`). Foes obey the same reading through
`slowed` (`foe_reach`); deep water halves them too, and fliers, wall climbers and ghosts are never
slowed, nor are shore creatures in water. After a Move is declared (`footing_move`): deep water
makes it a swim (a STR test, with disadvantage in heavy armour; a failure ends it after 1 tile and a
held item sinks; torches and candles go out); slick rock and slimed steps make a Move of more than 2
tiles a DEX check (a failure ends it after 2 tiles with a stun token); a mud sump makes a Move of
more than 2 tiles, and a Dodge (`footing_dodge`), a DEX check that drops a held item on a failure. A
low ceiling takes 1 die from two-handed weapons (`attack_dice`). A hovering adventurer (§11.1 Hover)
walks over all of it (HOUSE §6.4, "Fly").

Entering a room (`wade_in`, from `hazards_floors.enter_room`): waist-deep water may soak a ration of
each adventurer (1d! each); sewage may make a Bleeding adventurer Plagued (1d!); deep water is a
swim, one STR test per adventurer (house reading), failures losing a held item, and it puts out
torches and candles. The floors that give way are in `hazards_floors`.

House readings: foes make no swim test (deep water halves them instead); the shore creatures move
freely in any water; a Move is hampered by the room the mover starts in (halving and shortening) or
by any room its path touches (the checks); "ends the move" stops the mover after 2 tiles (slick
stone) or 1 tile (a failed swim), on the last tile free of others before that; sewage, being
waist-deep, forbids Dodge too; a dropped item is gone (there is no floor to pick it up from).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.combat.combat_events import report_tokens
from expedition.rules.combat.enemies.enemy_defs import Archetype, EnemyDef, EnemyGroup, EnemyTag, special_key
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.dice import risk_triggered
from expedition.rules.core.distance import Pos
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event, Note
from expedition.rules.core.item_defs import ArmourType, Item
from expedition.rules.exploration.traps import run_test
from expedition.rules.items.handling import drop, take_away
from expedition.rules.items.slots import HANDS, two_handed, worn_armour
from expedition.rules.items.usage import extinguish
from expedition.rules.magic.warding import hovering

if TYPE_CHECKING:
    from expedition.rules.combat.combat_state import CombatState, Foe
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.dungeon_map import Room

SECTION: dict[str, str] = {
    "black_water": "HOUSE §1.9",
    "hollow_floor": "HOUSE §1.9",
    "low_ceiling": "HOUSE §1.10",
    "mud_sump": "HOUSE §1.10",
    "deep_water": "HOUSE §1.11",
    "waist_deep_water": "HOUSE §1.11",
    "slick_rock": "HOUSE §1.11",
    "sticky_silk": "HOUSE §1.12",
    "chasm": "HOUSE §1.12",
    "warped_floor": "HOUSE §1.13",
    "sagging_floor": "HOUSE §1.13",
    "sewage": "HOUSE §1.14",
    "slimed_steps": "HOUSE §1.14",
}
"""The HOUSE section of each hazard this module and `hazards_floors` make act."""
HALVING = frozenset({"black_water", "waist_deep_water", "sewage", "mud_sump"})
"""Hazards that halve a Move, rounded down."""
NO_DODGE = frozenset({"black_water", "waist_deep_water", "sewage"})
"""Waist-deep hazards where nobody may Dodge."""
SHORTENING = frozenset({"sticky_silk", "warped_floor"})
"""Hazards that take 1 tile off each Move."""
WATER = frozenset({"black_water", "waist_deep_water", "sewage", "deep_water"})
"""Hazards of water, which do not slow a creature of the shore (house reading)."""
AIRBORNE = frozenset({"flying", "wall_climber", "incorporeal", "immaterial", "through_walls"})
"""Enemy specials that carry a foe over whatever lies underfoot."""
SLIPPERY = frozenset({"slick_rock", "slimed_steps"})
"""Hazards that make a Move of more than `SAFE_TILES` tiles a DEX check."""
SAFE_TILES = 2
"""Tiles a Move may cover on slick stone or in mud without a check."""
DOUSED = frozenset({"torch", "candle"})
"""Lights that water puts out; a lantern is shut against it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FootingLost(Event):
    """An adventurer's Move ended early in a hazard (`hazard`), at `pos`; `stunned` when they fell."""

    who: str
    hazard: str
    pos: tuple[int, int]
    stunned: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class RationSoaked(Event):
    """Water soaked one of a character's rations, which spoiled; `remaining` are left in the pack."""

    character: str
    item: int
    name: str
    remaining: int


def words(hazard: str) -> str:
    """A hazard key in words ("black water")."""
    return hazard.replace("_", " ")


def hazard_at(state: CampaignState, pos: Pos) -> str:
    """The hazard key of the room holding `pos` on the party's level, "" for none."""
    if state.expedition is None:
        return ""
    room = state.expedition.level.room_at(pos)
    return "" if room is None else room.hazard


def _grounded(state: CampaignState, who: str) -> bool:

    return not hovering(state, who)


def _fight_pos(state: CampaignState, member: Character) -> Pos | None:
    combat = state.expedition.combat if state.expedition is not None else None
    if combat is None or member.id not in combat.positions:
        return None
    return combat.positions[member.id]


def slowed(
    state: CampaignState, pos: Pos, tiles: int, *, flies: bool = False, swims: bool = False, foe: bool = False
) -> int:
    """`tiles` of a Move begun at `pos` as the hazard of that room leaves it (never below 1 tile).

    The one reading of slow footing, for adventurers (`move_reach`) and foes (`foe_reach`) alike.

    Args:
        state: The campaign, in a fight.
        pos: The tile the mover starts from.
        tiles: The Move before the hazard.
        flies: The mover hovers, flies, climbs walls or drifts as a ghost: nothing underfoot slows it.
        swims: The mover lives in water (house reading: the shore creatures): water does not slow it.
        foe: The mover is an enemy, so deep water halves it too (house reading: a foe makes no swim
            test; an adventurer swims instead, see `footing_move`).
    """
    hazard = hazard_at(state, pos)
    if flies or tiles <= 0 or (swims and hazard in WATER):
        return tiles
    if hazard in HALVING or (foe and hazard == "deep_water"):
        return max(1, tiles // 2)
    if hazard in SHORTENING:
        return max(1, tiles - 1)
    return tiles


def move_reach(state: CampaignState, member: Character, tiles: int) -> int:
    """`tiles` of a Move as the hazard of the room `member` starts in leaves it (never below 1)."""
    here = _fight_pos(state, member)
    return tiles if here is None else slowed(state, here, tiles, flies=not _grounded(state, member.id))


def foe_flies(defn: EnemyDef) -> bool:
    """True for a foe nothing underfoot slows: a ghost, or one that flies, climbs walls or passes walls."""
    ghost = defn.behaviour.archetype is Archetype.GHOST or EnemyTag.GHOST in defn.tags
    return ghost or any(special_key(special.name) in AIRBORNE for special in defn.specials)


def foe_reach(state: CampaignState, foe: Foe, tiles: int) -> int:
    """`tiles` of `foe`'s Move as the hazard of the room it starts in leaves it (see `slowed`)."""
    if state.expedition is None:
        return tiles
    swims = foe.defn.group is EnemyGroup.SHORE
    return slowed(state, foe.pos, tiles, flies=foe_flies(foe.defn), swims=swims, foe=True)


def verify_dodge(state: CampaignState, member: Character) -> None:
    """Raise when `member` stands in waist-deep water, where nobody dodges.

    Raises:
        IllegalAction: Naming the water.
    """
    here = _fight_pos(state, member)
    hazard = "" if here is None else hazard_at(state, here)
    if hazard in NO_DODGE and _grounded(state, member.id):
        raise IllegalAction(f"{member.name} stands in {words(hazard)}: there is no dodging in it.")


def attack_dice(state: CampaignState, member: Character, item: Item) -> int:
    """Dice a low ceiling takes from an attack with `item` (-1 for a two-handed weapon, else 0)."""
    here = _fight_pos(state, member)
    if here is None or not two_handed(item.defn) or hazard_at(state, here) != "low_ceiling":
        return 0
    return -1


def held_item(member: Character) -> Item | None:
    """The item a slip or a swim knocks loose: a wielded or lit one first, else anything in hand."""
    held = [item for item in member.items if item.place in HANDS]
    held.sort(key=lambda item: not (item.wielded or item.lit))
    return held[0] if held else None


def lose_held(ctx: Context, member: Character, *, sinks: bool, rule: str) -> None:
    """`member` drops a held item, if any; in deep water it sinks out of reach."""
    item = held_item(member)
    if item is None:
        return
    drop(ctx, member, item, rule=rule)
    if sinks:
        ctx.emit(Note(rule=rule, text=f"{member.name}'s {item.name} sinks out of reach."))


def douse(ctx: Context, member: Character, *, rule: str) -> None:
    """Water puts out `member`'s burning torches and candles."""
    for item in [i for i in member.items if i.lit and i.defn.key in DOUSED]:
        extinguish(ctx, member, item, rule=rule)


def _heavy(member: Character) -> int:
    return int(any(item.defn.armour_type is ArmourType.HEAVY for item in worn_armour(member)))


def swim(ctx: Context, state: CampaignState, member: Character, *, rule: str) -> Resolution[bool]:
    """A swim in deep water: torches and candles go out, then a STR test; a failure loses a held item.

    Returns:
        True if the swimmer made it.
    """
    douse(ctx, member, rule=rule)
    result = yield from run_test(
        ctx, state, member, Attr.STR, disadvantage=_heavy(member), purpose="to swim", rule=rule
    )
    if not result.succeeded:
        lose_held(ctx, member, sinks=True, rule=rule)
    return result.succeeded


def _cut(combat: CombatState, member: Character, path: tuple[Pos, ...], steps: int) -> tuple[Pos, ...]:
    """The path cut to at most `steps` tiles, ending on the last tile nobody else stands on."""
    others = combat.occupied() - {combat.positions[member.id]}
    for count in range(min(steps, len(path)), 0, -1):
        if path[count - 1] not in others:
            return path[:count]
    return ()


def _touched(state: CampaignState, start: Pos, path: Iterable[Pos]) -> list[str]:
    found: list[str] = []
    for pos in (start, *path):
        hazard = hazard_at(state, pos)
        if hazard and hazard not in found:
            found.append(hazard)
    return found


def footing_move(
    ctx: Context, state: CampaignState, combat: CombatState, member: Character, path: tuple[Pos, ...]
) -> Resolution[tuple[Pos, ...]]:
    """The hazards a declared Move crosses act on the mover; return the path it really takes."""
    start = combat.positions[member.id]
    if not path or not _grounded(state, member.id):
        return path
    for hazard in _touched(state, start, path):
        rule = SECTION.get(hazard, "HOUSE §1.8")
        if hazard == "deep_water" and not (yield from swim(ctx, state, member, rule=rule)):
            path = _cut(combat, member, path, 1)
            ctx.emit(
                FootingLost(
                    rule=rule, who=member.id, hazard=hazard, pos=path[-1] if path else start, stunned=False
                )
            )
            return path
        if len(path) <= SAFE_TILES or hazard not in SLIPPERY | {"mud_sump"}:
            continue
        result = yield from run_test(ctx, state, member, Attr.DEX, check=True, rule=rule)
        if result.succeeded:
            continue
        if hazard == "mud_sump":
            lose_held(ctx, member, sinks=False, rule=rule)
            continue
        path = _cut(combat, member, path, SAFE_TILES)
        member.tokens.stun += 1
        ctx.emit(
            FootingLost(
                rule=rule, who=member.id, hazard=hazard, pos=path[-1] if path else start, stunned=True
            )
        )
        ctx.emit(report_tokens(member.id, member.tokens, "slipped", rule))
        return path
    return path


def footing_dodge(ctx: Context, state: CampaignState, member: Character) -> Resolution[None]:
    """After a Dodge in a mud sump, a DEX check; a failure drops a held item."""
    here = _fight_pos(state, member)
    if here is None or hazard_at(state, here) != "mud_sump" or not _grounded(state, member.id):
        return
    result = yield from run_test(ctx, state, member, Attr.DEX, check=True, rule=SECTION["mud_sump"])
    if not result.succeeded:
        lose_held(ctx, member, sinks=False, rule=SECTION["mud_sump"])


def _soak_ration(ctx: Context, member: Character, rule: str) -> None:

    ration = next((item for item in member.items if item.defn.key == "ration"), None)
    if ration is None:
        return
    if not risk_triggered(ctx.roll(1, who=member.id, why="are the rations soaked?", rule=rule)):
        return
    if ration.quantity > 1:
        ration.quantity -= 1
    else:
        take_away(member, ration)
        ration.quantity = 0
    ctx.emit(
        RationSoaked(
            rule=rule, character=member.id, item=ration.uid, name=ration.name, remaining=ration.quantity
        )
    )


def wade_in(ctx: Context, state: CampaignState, room: Room) -> Resolution[None]:
    """The party wades into `room`: its water acts on each adventurer (see the module docstring)."""
    hazard = room.hazard
    rule = SECTION.get(hazard, "HOUSE §1.8")
    for member in [m for m in state.party if m.status is not Status.DEAD and _grounded(state, m.id)]:
        if hazard == "waist_deep_water":
            _soak_ration(ctx, member, rule)
        elif hazard == "sewage" and member.has(Affliction.BLEEDING):
            if risk_triggered(ctx.roll(1, who=member.id, why="does the sewage sicken the wound?", rule=rule)):
                gain_affliction(ctx, member, Affliction.PLAGUED, rule=rule)
        elif hazard == "deep_water":
            if member.can_act:
                yield from swim(ctx, state, member, rule=rule)
            else:
                douse(ctx, member, rule=rule)
