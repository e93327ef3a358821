"""Provides what four skills do while exploring (§6.1): Veteran, Holy Rites, Ward the dead, Occult Studies.

Three are exploration actions of 1 exploration turn each, dispatched like the others (`GUARDS`,
`VERBS`, joined in `turns`) and listed by `skill_offers` for the action bar:

- `ReadDoomSigns` (Veteran): a PRE test; a success shows the owner the location's doom and how
  far its next effect is (`locations.reveal_doom`).
- `BlessWater` (Holy Rites): one unit of the clean water the adventurer carries becomes a flask
  of holy water (the catalog's `holy_water`), which needs room in a hand or a worn container.
- `WardTheDead` (Ward the dead, §10.1 dead vigil, HOUSE §1.7): every unwarded corpse Close to the
  party is warded and will not rise. Reading of the book's "1 m radius circle": the party's tile
  and the 8 around it (Close with diagonals, as area effects on "everyone Close" count them, §16 #2).

Occult Studies (house: the book gives it no mechanic) works like Loremaster's and Infiltration's
exploration benefits: Look for traps needs no tool on a level whose theme is occult
(`OCCULT_THEMES`), the disarm test has advantage on a trap whose name or text speaks of runes,
glyphs, wards, curses or magic, and a trap table that says "Occult Studies gives advantage" to
find a trap is honoured (HOUSE §1.13).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import Pos, Range, within
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item, ItemDef, Tag
from expedition.rules.core.judging import Outcome
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.expedition import ExpeditionState
from expedition.rules.exploration.exploration_turn import exploration_turn
from expedition.rules.exploration.features import Corpse, Trap
from expedition.rules.exploration.locations import reveal_doom
from expedition.rules.exploration.surroundings import acting, exploring
from expedition.rules.exploration.traps import run_test
from expedition.rules.items import handling, slots, usage

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

WATER = "water"
"""The clean water Holy Rites blesses (§6.1)."""
HOLY_WATER = "holy_water"
"""The item a blessing makes (§6.1, §7.4)."""
OCCULT_THEMES = frozenset({"void_ruin"})
"""(house) Level themes Occult Studies knows: the void-touched sanctum of a summoning (HOUSE §1.13)."""
OCCULT_WORDS = re.compile(
    r"\b(runes?|runic|glyphs?|wards?|warding|curses?|cursed|magic|magical|arcane)\b", re.I
)
"""(house) Words in a trap's name or text that make it occult work."""
_FLASK_SHAPE = ItemDef(key=HOLY_WATER, name="Holy water", tags=frozenset({Tag.EQUIPMENT}))
"""What the guard checks room for when the catalog's holy water is not at hand: one plain slot."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReadDoomSigns(Action):
    """Veteran (§6.1): read the signs of doom here with a PRE test; 1 exploration turn."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BlessWater(Action):
    """Holy Rites (§6.1): turn one unit of carried clean water into holy water; 1 exploration turn."""


@dataclass(frozen=True, slots=True, kw_only=True)
class WardTheDead(Action):
    """Ward the dead (§6.1, §10.1): a rite that stops the corpses Close from rising; 1 exploration turn."""


# --- Occult Studies (house) --------------------------------------------------------------------


def occult_level(state: CampaignState) -> bool:
    """True when the party explores a level whose theme is occult (house reading of §6.1)."""
    expedition = state.expedition
    if expedition is None:
        return False
    return (expedition.level.theme or expedition.dungeon.theme) in OCCULT_THEMES


def occult_look(state: CampaignState, member: Character) -> bool:
    """(house) Occult Studies lets `member` look for traps without a tool on an occult level (§6.1, §10.1)."""
    return Skill.OCCULT_STUDIES in member.skills and occult_level(state)


def occult_trap(trap: Trap) -> bool:
    """(house) True when the trap's name or text speaks of runes, glyphs, wards, curses or magic."""
    return bool(OCCULT_WORDS.search(" ".join((trap.name, trap.tell, trap.effect, trap.disarm))))


def occult_disarm_advantage(member: Character, trap: Trap) -> int:
    """(house) 1 advantage on the disarm test of an occult trap for an adventurer with Occult Studies."""
    return int(Skill.OCCULT_STUDIES in member.skills and occult_trap(trap))


def occult_find_advantage(member: Character, traps: Iterable[Trap]) -> int:
    """1 advantage to find traps when a hidden one here says Occult Studies helps (HOUSE §1.13)."""
    if Skill.OCCULT_STUDIES not in member.skills:
        return 0
    return int(any(t.armed and not t.known and "occult studies" in t.find.lower() for t in traps))


# --- Ward the dead ------------------------------------------------------------------------------


def will_rise(corpse: Corpse) -> bool:
    """True while the dead vigil would still raise the corpse: a rising is set, no ward (HOUSE §1.7)."""
    return not corpse.warded and bool(corpse.rises_as) and corpse.rises_in_days is not None


def unwarded_near(expedition: ExpeditionState) -> list[Corpse]:
    """The unwarded corpses on the party's tile or Close to it, diagonals included (§6.1, §16 #2)."""
    here = expedition.position
    return [
        c
        for c in expedition.level.corpses
        if not c.warded and within(here, c.pos, Range.CLOSE, diagonal=True)
    ]


# --- Holy Rites ---------------------------------------------------------------------------------


def clean_water(member: Character) -> Item | None:
    """The first unit of clean water `member` carries (in a canteen or waterskin), or None."""
    return next((i for i in member.items if i.defn.key == WATER and i.quantity > 0), None)


def _place_for(member: Character, item: Item) -> str:
    places = [slots.inside(c) for c in slots.worn_containers(member)] + list(slots.HANDS)
    return next((p for p in places if slots.can_put(member, item, p)), "")


def _holy_water_def(state: CampaignState, ctx: Context | None = None) -> ItemDef | None:
    if ctx is not None and ctx.world is not None and HOLY_WATER in ctx.world.items:
        return ctx.world.items[HOLY_WATER]
    expedition = state.expedition
    return expedition.item_defs.get(HOLY_WATER) if expedition is not None else None


# --- guards -------------------------------------------------------------------------------------


def _skilled(state: CampaignState, action: Action, skill: Skill, name: str) -> Character:
    exploring(state)
    member = acting(state, action)
    if skill not in member.skills:
        raise IllegalAction(f"{member.name} does not have the {name} skill (§6.1).")
    return member


def _verify_read(state: CampaignState, action: ReadDoomSigns) -> None:
    _skilled(state, action, Skill.VETERAN, "Veteran")


def _verify_bless(state: CampaignState, action: BlessWater) -> None:
    member = _skilled(state, action, Skill.HOLY_RITES, "Holy Rites")
    if clean_water(member) is None:
        raise IllegalAction(f"{member.name} carries no clean water to bless.")
    shape = _holy_water_def(state) or _FLASK_SHAPE
    if not _place_for(member, Item.new(0, shape)):
        raise IllegalAction(f"{member.name} has no free hand or pack room for a flask of holy water.")


def _verify_ward(state: CampaignState, action: WardTheDead) -> None:
    _skilled(state, action, Skill.WARD_THE_DEAD, "Ward the dead")
    if not unwarded_near(exploring(state)):
        raise IllegalAction("No unwarded body lies Close enough for the rite.")


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    ReadDoomSigns: _verify_read,
    BlessWater: _verify_bless,
    WardTheDead: _verify_ward,
}
"""Each skill action's guard."""


# --- verbs --------------------------------------------------------------------------------------


def _read(ctx: Context, state: CampaignState, action: ReadDoomSigns) -> Resolution[None]:

    member = state.character(action.actor)
    result = yield from run_test(
        ctx, state, member, Attr.PRE, purpose="to read the signs of doom", rule="§6.1"
    )
    ctx.emit(DoomSignsWeighed(rule="§6.1", character=member.id, outcome=result.outcome))
    if result.succeeded:
        reveal_doom(ctx, state, member, rule="§6.1")
    yield from exploration_turn(ctx, state)


def _bless(ctx: Context, state: CampaignState, action: BlessWater) -> Resolution[None]:
    member = state.character(action.actor)
    defn = _holy_water_def(state, ctx)
    if defn is None:
        raise IllegalAction("Nothing is known of holy water here.")  # before anything changes
    water = clean_water(member)
    assert water is not None  # verify ran first
    usage.use_one(ctx, member, water, rule="§6.1")
    flask = Item.new(state.next_uid, defn)
    state.next_uid += 1
    place = _place_for(member, flask)
    if place:
        handling.put(ctx, member, flask, place, rule="§6.1")
    else:
        state.stash.append(flask)
    ctx.emit(
        WaterBlessed(rule="§6.1", character=member.id, item=flask.uid, name=flask.name, stashed=not place)
    )
    yield from exploration_turn(ctx, state)


def _ward(ctx: Context, state: CampaignState, action: WardTheDead) -> Resolution[None]:
    expedition = exploring(state)
    member = state.character(action.actor)
    corpses = unwarded_near(expedition)
    for corpse in corpses:
        corpse.warded = True
        corpse.rises_in_days = None  # the first rising is stopped: no vigil clock counts for it
    ctx.emit(DeadWarded(rule="§6.1", character=member.id, count=len(corpses), pos=expedition.position))
    yield from exploration_turn(ctx, state)


VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    ReadDoomSigns: _read,
    BlessWater: _bless,
    WardTheDead: _ward,
}
"""Each skill action's verb."""


def skill_offers(state: CampaignState, actor: str) -> list[tuple[Action, str]]:
    """The skill actions `actor` knows, with their labels, for the exploration action bar.

    Only a conscious adventurer in a dungeon is offered them; each is listed when the adventurer
    has the skill (the guard says why it cannot be done now).
    """
    member = next((c for c in state.party if c.id == actor), None)
    if state.expedition is None or member is None or not member.can_act:
        return []
    offers: list[tuple[Action, str]] = []
    if Skill.VETERAN in member.skills:
        offers.append((ReadDoomSigns(actor=actor), "Read the signs of doom (Veteran)"))
    if Skill.HOLY_RITES in member.skills:
        offers.append((BlessWater(actor=actor), "Bless water into holy water (Holy Rites)"))
    if Skill.WARD_THE_DEAD in member.skills:
        offers.append((WardTheDead(actor=actor), "Ward the dead"))
    return offers


# --- events -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DoomSignsWeighed(Event):
    """A Veteran tested PRE to read the doom here (§6.1); a success is followed by `DoomRevealed`.

    Attributes:
        character: The Veteran.
        outcome: How the test went.
    """

    character: str
    outcome: Outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class WaterBlessed(Event):
    """A unit of clean water became holy water (§6.1 Holy Rites).

    Attributes:
        character: Who performed the rite.
        item: The new holy water's uid.
        name: Its name.
        stashed: True when it went to the party's stash (no room after all).
    """

    character: str
    item: int
    name: str
    stashed: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class DeadWarded(Event):
    """The corpses Close to the party were warded and will not rise (§6.1, §10.1, HOUSE §1.7).

    Attributes:
        character: Who performed the rite.
        count: How many corpses were warded.
        pos: The party's tile, the rite's centre.
    """

    character: str
    count: int
    pos: Pos
