"""Provides the room hazards of air, light and breath (HOUSE §1.9-§1.14): dust, spores, whispers, smoke.

Each hazard is a lasting property of a room (`Room.hazard`, a theme key). The exploration rules
call in at three moments: when the party steps into a room from outside it (`room_entered`), when
an exploration turn ends with the party inside (`room_turn`, on `exploration_turn.ROOM_TURN`), and
when a rule asks about the room (`dimmed`, on `expedition.LIGHT_DIMMED`; `breath_stolen`,
`rift_bonus`). Readings the tables leave open, all (house reading):

- "After N ET in the room" acts once per stay, when the Nth turn in a row ends there.
- Tests are made only by adventurers able to act; the fainted and the dying are carried in.
- A tonic of bravery in effect spares its drinker any test against terror here.
- Whispering dead: the "true rumour" is a note naming where the level's way down lies (else its
  lair, else the way up or out), with a compass direction from the party.
- Weaver sickness: entering gives Nauseated to everyone without it and marks it as the room's
  (a lasting "hazard:weaver_sickness"); leaving the room, the level or the dungeon ends the mark
  and cures it. Someone already Nauseated keeps their own.
- Smoke and the hungry dark halve the party's sight, rounding down, but never below what the
  party makes out in the dark.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, cure_affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.events import Event, Note
from expedition.rules.core.lasting import ON_END, Lasting, Span, end_lasting, has_lasting
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.expedition import DARK_SIGHT, LIGHT_DIMMED
from expedition.rules.exploration.exploration_turn import ROOM_TURN
from expedition.rules.exploration.traps import run_test
from expedition.rules.items.slots import lit_lights
from expedition.rules.items.usage import extinguish, roll_usage

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.dungeon_map import Level
    from expedition.rules.exploration.expedition import ExpeditionState

SECTION: dict[str, str] = {
    key: f"HOUSE §1.{number}"
    for number, keys in (
        (9, "grave_dust stale_air whispering_dead"),
        (10, "spore_haze cookfire_smoke"),
        (11, "spray"),
        (12, "weaver_sickness thin_air"),
        (13, "void_chill leaking_rift hungry_dark echo_of_the_ritual"),
        (14, "miasma"),
    )
    for key in keys.split()
}
"""The theme section each hazard of this module comes from."""
LINGERING: dict[str, tuple[int, Attr, Affliction]] = {
    "grave_dust": (3, Attr.STR, Affliction.NAUSEATED),
    "thin_air": (2, Attr.STR, Affliction.SLEEPY),
}
"""Hazards that act once a stay reaches so many turns: the turn, the attribute tested, the affliction."""
DIMMING = frozenset({"cookfire_smoke", "hungry_dark"})
"""Hazards that halve light radii."""
BREATHLESS = frozenset({"void_chill", "miasma"})
"""Hazards where catching your breath recovers nothing."""
OPEN_FLAMES = frozenset({"torch", "candle"})
"""Lights that spray puts out; a lantern is shut against it."""
RIFT_BONUS = 2
"""What a leaking rift adds to a spell mishap roll."""
SICKNESS = "hazard:weaver_sickness"
"""The lasting mark on someone Nauseated by weaver sickness, its text the room as "<depth>:<area>"."""
BRAVERY = "item:tonic_of_bravery"
"""The magic effect of a drunk tonic of bravery (`item_uses_fight`)."""
SEERS = (Skill.OCCULT_STUDIES, Skill.LOREMASTER)
"""Skills that hear the whispering dead tell the truth."""


def hazard_here(state: CampaignState) -> str:
    """The hazard key of the room the party stands in, "" in a corridor, a plain room or outside."""
    expedition = state.expedition
    room = None if expedition is None else expedition.room
    return "" if room is None else room.hazard


def _rule(hazard: str) -> str:
    return SECTION.get(hazard, "HOUSE §1.8")


def _able(state: CampaignState) -> list[Character]:
    return [member for member in state.party if member.can_act]


def _brave(state: CampaignState, member: Character) -> bool:
    return BRAVERY in member.magic.effects or has_lasting(state, member.id, BRAVERY)


def _here_key(expedition: ExpeditionState) -> str:
    return f"{expedition.depth}:{expedition.area}"


# --- entering ----------------------------------------------------------------------------------


def room_entered(ctx: Context, state: CampaignState, before: str) -> Resolution[None]:
    """The party moved; if it came into a room from outside it, that room's hazard acts.

    Call after the party's position and area are updated (and the room revealed). Weaver
    sickness left behind passes first, whether or not the new area is a room.

    Args:
        ctx: Dice and events.
        state: The campaign.
        before: The party's area before it moved; "" when it came from another level.
    """
    expedition = state.expedition
    if expedition is None:
        return
    _leave_sickness(ctx, state, expedition)
    if expedition.area == before:
        return
    hazard = hazard_here(state)
    act = ENTRY.get(hazard)
    if act is not None:
        yield from act(ctx, state, hazard)


def _felt(ctx: Context, hazard: str, what: str) -> None:
    ctx.emit(RoomHazardFelt(rule=_rule(hazard), hazard=hazard, what=what))


def _lights_flicker(ctx: Context, state: CampaignState, hazard: str) -> Resolution[None]:
    lights = [(member, item) for member in state.party for item in lit_lights(member)]
    if not lights:
        return
    _felt(ctx, hazard, "The air is thin and stale: every flame gutters")
    for member, item in lights:
        roll_usage(ctx, member, item, rule=_rule(hazard))
    return
    yield


def _test_each(
    ctx: Context,
    state: CampaignState,
    hazard: str,
    attr: Attr,
    affliction: Affliction,
    purpose: str,
    members: list[Character] | None = None,
) -> Resolution[None]:
    """Each adventurer able to act (or each of `members`) tests `attr`; a failure gives `affliction`."""
    for member in _able(state) if members is None else members:
        if affliction is Affliction.TERRIFIED and _brave(state, member):
            ctx.emit(BraveryHeld(rule=_rule(hazard), character=member.id, hazard=hazard))
            continue
        result = yield from run_test(ctx, state, member, attr, purpose=purpose, rule=_rule(hazard))
        if not result.succeeded:
            gain_affliction(ctx, member, affliction, rule=_rule(hazard))


def _whispers(ctx: Context, state: CampaignState, hazard: str) -> Resolution[None]:
    _felt(ctx, hazard, "The dead whisper from the walls")
    expedition = state.expedition
    assert expedition is not None
    seers = [member for member in _able(state) if any(member.has(skill) for skill in SEERS)]
    for member in seers:
        truth = whispered_truth(expedition.level, expedition.position)
        ctx.emit(Note(rule=_rule(hazard), text=f"{member.name} hears the dead whisper a truth: {truth}."))
    others = [member for member in _able(state) if member not in seers]
    yield from _test_each(
        ctx, state, hazard, Attr.PRE, Affliction.TERRIFIED, "against the whispering dead", others
    )


def _echo(ctx: Context, state: CampaignState, hazard: str) -> Resolution[None]:
    _felt(ctx, hazard, "The echo of the old ritual rings in every skull")
    yield from _test_each(ctx, state, hazard, Attr.PRE, Affliction.TERRIFIED, "against the ritual's echo")


def _spores(ctx: Context, state: CampaignState, hazard: str) -> Resolution[None]:
    _felt(ctx, hazard, "A haze of spores hangs in the air")
    yield from _test_each(ctx, state, hazard, Attr.STR, Affliction.NAUSEATED, "against the spores (STR 0)")


def _spray(ctx: Context, state: CampaignState, hazard: str) -> Resolution[None]:
    flames = [(m, item) for m in state.party for item in lit_lights(m) if item.defn.key in OPEN_FLAMES]
    if flames:
        _felt(ctx, hazard, "Sea spray drenches the party")
    for member, item in flames:
        extinguish(ctx, member, item, rule=_rule(hazard))
    return
    yield


def _sicken(ctx: Context, state: CampaignState, hazard: str) -> Resolution[None]:
    expedition = state.expedition
    assert expedition is not None
    sick = [m for m in state.party if m.status is not Status.DEAD and not m.has(Affliction.NAUSEATED)]
    if sick:
        _felt(ctx, hazard, "The weavers' hum turns every stomach")
    for member in sick:
        state.lasting.append(
            Lasting(key=SICKNESS, holder=member.id, span=Span.EXPEDITION, text=_here_key(expedition))
        )
        ctx.emit(RoomSicknessTook(rule=_rule(hazard), character=member.id, hazard=hazard))
        gain_affliction(ctx, member, Affliction.NAUSEATED, rule=_rule(hazard))
    return
    yield


ENTRY: dict[str, Callable[[Context, CampaignState, str], Resolution[None]]] = {
    "stale_air": _lights_flicker,
    "thin_air": _lights_flicker,
    "whispering_dead": _whispers,
    "echo_of_the_ritual": _echo,
    "spore_haze": _spores,
    "spray": _spray,
    "weaver_sickness": _sicken,
}
"""What each hazard does as the party comes in."""


def _leave_sickness(ctx: Context, state: CampaignState, expedition: ExpeditionState) -> None:
    here = _here_key(expedition)
    for effect in [e for e in state.lasting if e.key == SICKNESS and e.text != here]:
        end_lasting(ctx, state, effect, "left the room", rule="HOUSE §1.12")


def _sickness_passes(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    member = next((m for m in state.party if m.id == effect.holder), None)
    if member is not None:
        cure_affliction(ctx, member, Affliction.NAUSEATED, rule="HOUSE §1.12")


ON_END[SICKNESS] = _sickness_passes


# --- staying -----------------------------------------------------------------------------------


@ROOM_TURN.register
def room_turn(ctx: Context, state: CampaignState) -> Resolution[None]:
    """An exploration turn ended with the party in its room: grave dust and thin air act on their turn.

    Call after the turn is counted in `ExpeditionState.turns_in_area`.
    """
    expedition = state.expedition
    hazard = hazard_here(state)
    if expedition is None or hazard not in LINGERING:
        return
    turn, attr, affliction = LINGERING[hazard]
    if expedition.turns_in_area != turn:
        return
    what = (
        "Grave dust fills every throat" if hazard == "grave_dust" else "The thin air grows heavy on the eyes"
    )
    _felt(ctx, hazard, what)
    yield from _test_each(ctx, state, hazard, attr, affliction, f"against the {hazard.replace('_', ' ')}")


# --- asked by other rules ----------------------------------------------------------------------


@LIGHT_DIMMED.register
def dimmed(state: CampaignState, radius: int) -> int:
    """The party's light radius in its room: halved, rounding down, in smoke or the hungry dark.

    Never below `DARK_SIGHT`, what the party makes out without light (house reading).
    """
    if hazard_here(state) not in DIMMING:
        return radius
    return max(radius // 2, min(radius, DARK_SIGHT))


def breath_stolen(ctx: Context, state: CampaignState, who: str = "party") -> bool:
    """True (and reported) when catching your breath here recovers nothing: void chill, miasma.

    Args:
        ctx: Events.
        state: The campaign.
        who: The character catching their breath, or "party" for the exploration action.
    """
    hazard = hazard_here(state)
    if hazard not in BREATHLESS:
        return False
    ctx.emit(BreathStolen(rule=_rule(hazard), character=who, hazard=hazard))
    return True


def rift_bonus(ctx: Context, state: CampaignState, caster: Character) -> int:
    """What a leaking rift adds to a spell mishap roll made in its room (reported), else 0."""
    hazard = hazard_here(state)
    if hazard != "leaking_rift":
        return 0
    ctx.emit(RiftWorsenedMishap(rule=_rule(hazard), character=caster.id, bonus=RIFT_BONUS))
    return RIFT_BONUS


# --- the whispered truth -----------------------------------------------------------------------


def compass(origin: tuple[int, int], target: tuple[int, int]) -> str:
    """Which way `target` lies from `origin` in words ("north-east"), "right here" on the same tile."""
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    north_south = "north" if dy < 0 else "south" if dy > 0 else ""
    east_west = "east" if dx > 0 else "west" if dx < 0 else ""
    if abs(dx) > 2 * abs(dy):
        north_south = ""
    if abs(dy) > 2 * abs(dx):
        east_west = ""
    return "-".join(part for part in (north_south, east_west) if part) or "right here"


def whispered_truth(level: Level, origin: tuple[int, int]) -> str:
    """One true thing about the level (house reading): where its way down, lair or way out lies."""
    lair = next((room for room in level.rooms if room.lair), None)
    places = (
        ("the way down", level.stairs_down),
        ("the lair", None if lair is None else lair.center),
        ("the way up", level.stairs_up),
        ("the way out", level.exit),
    )
    for what, pos in places:
        if pos is not None:
            room = level.room_at(pos)
            where = f", in the {room.name}" if room is not None and room.name else ""
            return f"{what} lies {compass(origin, pos)}{where}"
    return "nothing they can use"


# --- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomHazardFelt(Event):
    """A room's hazard of air or light acts on the party (HOUSE §1.9-§1.14).

    Attributes:
        hazard: The hazard's key.
        what: What the party feels, in words.
    """

    hazard: str
    what: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BraveryHeld(Event):
    """A drunk tonic of bravery spared someone a test against a room's terror."""

    character: str
    hazard: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomSicknessTook(Event):
    """Weaver sickness made someone Nauseated for as long as they stay in its room (HOUSE §1.12)."""

    character: str
    hazard: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BreathStolen(Event):
    """Catching breath recovered nothing in this room (HOUSE §1.13, §1.14).

    Attributes:
        character: Who tried, or "party" for the whole party.
        hazard: The hazard's key.
    """

    character: str
    hazard: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RiftWorsenedMishap(Event):
    """A leaking rift added to a spell mishap roll made in its room (HOUSE §1.13)."""

    character: str
    bonus: int
