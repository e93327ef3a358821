"""Provides how the sensible bot explores: loot and search each room, walk to the unseen, go home in time."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from expedition.bots.sensible.memory import Memory, option_key
from expedition.bots.sensible.party_condition import first, hurt, tired, wounds
from expedition.rules.core.distance import Pos
from expedition.rules.exploration.dungeon_map import Level
from expedition.rules.exploration.tiles import Tile
from expedition.session.seat_view import SeatOption, SeatView

__all__ = ["RICH", "TURN_LIMIT", "explore", "should_go_home"]

TURN_LIMIT = 80
"""Exploration turns after which the party heads home."""
RICH = 80
"""Silver gained on an expedition after which the party heads home."""
HOME_HURT = 2
"""Wounds on one adventurer (or twice that on the party) that send the party home."""
HEAL_AT = 2
"""Wounds on one adventurer worth a healing prayer between fights."""
MAX_CAMPS = 2
"""Camps made on one expedition, at most."""
STEPS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
_DIRECTIONS = tuple(STEPS.values())
AVOID = (Tile.DEEP_WATER, Tile.CHASM)
TRIES = 3
"""Attempts at one locked door before the bot gives it up."""
Goal = Callable[[Level, Pos, set[Pos]], bool]
"""Whether a tile is where the walk goes: (the level as known, the tile, the tiles seen)."""


def explore(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    """The explorer's choice, in order: camp, go home, loot, search, walk on, go down."""
    expedition = view.state.expedition
    if expedition is None:
        return None
    memory.visits[expedition.position] += 1
    light = _light(options, memory)  # kindled before judging the dark
    if light is not None:
        return light
    if should_go_home(view, memory):
        memory.heading_home = True
    return (
        _heal(view, options, memory)
        or _camp(view, options, memory)
        or (_go_home(view, options, memory) if memory.heading_home else None)
        or _once(view, options, memory, "Loot")
        or _once(view, options, memory, "Search")
        or _walk(view, options, memory, _frontier)
        or _down(view, options, memory)
        or _go_home(view, options, memory)
        or first(options, "PassTurn")
    )


def should_go_home(view: SeatView, memory: Memory) -> bool:
    """Hurt, rich, late or in the dark: time to leave."""
    state = view.state
    rich = state.silver - memory.silver_at_setting_out >= RICH
    return (
        memory.heading_home
        or hurt(view, limit=HOME_HURT, since=memory.wounds_at_setting_out)
        or rich
        or memory.dark
        or state.turn >= TURN_LIMIT
    )


def _light(options: list[SeatOption], memory: Memory) -> SeatOption | None:
    """In the dark with a light to kindle: kindle it (else the dark sends the party home)."""
    if not memory.dark:
        return None
    light = next((o for o in options if o.kind == "UseItem" and o.label.startswith("Light the")), None)
    if light is not None:
        memory.dark = False
    return light


def _heal(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    """A cleric's healing prayer for the most wounded, once a turn, between fights."""
    state = view.state
    key = option_key("heal", state.turn)
    if key in memory.done:
        return None
    members = {m.name: m for m in state.party}
    best: tuple[int, SeatOption] | None = None
    for option in options:
        if option.kind != "InvokePrayer" or "Cure" not in option.label or "\u2192" not in option.label:
            continue
        member = members.get(option.label.rsplit("\u2192", 1)[1].strip())
        if member is not None and wounds(member) >= HEAL_AT and (best is None or wounds(member) > best[0]):
            best = (wounds(member), option)
    if best is None:
        return None
    memory.done.add(key)
    return best[1]


def _camp(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    if memory.camps >= MAX_CAMPS or not (hurt(view, limit=2) or tired(view)):
        return None
    option = first(options, "SetUpCamp")
    if option is not None:
        memory.camps += 1
    return option


def _once(view: SeatView, options: list[SeatOption], memory: Memory, kind: str) -> SeatOption | None:
    expedition = view.state.expedition
    assert expedition is not None
    room = expedition.room
    key = option_key(kind, expedition.depth, room.id if room is not None else expedition.position)
    option = first(options, kind)
    if option is None or key in memory.done:
        return None
    memory.done.add(key)
    return option


def _down(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    if memory.heading_home or hurt(view, limit=2):
        return None
    here = first(options, "Descend")
    if here is not None:
        return here
    level = _level(view)
    return (
        _walk(view, options, memory, lambda lv, pos, _seen: pos == lv.stairs_down)
        if level.stairs_down
        else None
    )


def _go_home(view: SeatView, options: list[SeatOption], memory: Memory) -> SeatOption | None:
    out = first(options, "ExitDungeon", "Ascend")
    if out is not None:
        return out
    level = _level(view)
    targets = {level.exit, level.stairs_up} - {None}
    return _walk(view, options, memory, lambda lv, pos, _seen: pos in targets) if targets else None


def _level(view: SeatView) -> Level:
    expedition = view.state.expedition
    assert expedition is not None
    return expedition.dungeon.level(expedition.depth)


def _frontier(level: Level, pos: Pos, seen: set[Pos]) -> bool:
    x, y = pos
    return any(
        level.in_bounds((x + dx, y + dy)) and (x + dx, y + dy) not in seen for dx, dy in STEPS.values()
    )


def _walk(view: SeatView, options: list[SeatOption], memory: Memory, goal: Goal) -> SeatOption | None:
    """The step on the shortest known path to the nearest tile `goal` accepts (breadth first)."""
    expedition = view.state.expedition
    assert expedition is not None
    level = _level(view)
    seen = expedition.seen.get(expedition.depth, set())
    steps: dict[Pos, SeatOption] = {o.tile: o for o in options if o.kind == "Step" and o.tile is not None}
    for opener in _openers(options, memory):  # a locked door on the way: pick it, or force it
        at = opener.arg("at")
        if isinstance(at, tuple) and at not in steps:
            steps[at] = opener
    if any(o.kind == "Step" for o in options):  # nobody able to walk says nothing of the tiles around
        for tile in (
            {(expedition.position[0] + dx, expedition.position[1] + dy) for dx, dy in STEPS.values()}
        ) - set(steps):
            memory.blocked.add(tile)
    start = expedition.position
    came: dict[Pos, Pos] = {start: start}
    queue = deque([start])
    visits, blocked = memory.visits, memory.blocked
    passable: dict[Pos, bool] = {}  # a tile is reached from up to four sides: judged once
    while queue:
        pos = queue.popleft()
        if pos != start and goal(level, pos, seen):
            while came[pos] != start:
                pos = came[pos]
            chosen = steps.get(pos)
            if chosen is not None and chosen.kind != "Step":
                memory.tries[str(chosen.arg("at"))] += 1
            return chosen
        around = [(pos[0] + dx, pos[1] + dy) for dx, dy in _DIRECTIONS]
        counts = [visits.get(near, 0) for near in around]
        if any(counts):  # the least trodden way first (a stable sort: ties keep the compass order)
            around = [near for _, near in sorted(zip(counts, around, strict=True), key=lambda pair: pair[0])]
        for nxt in around:
            if nxt in came or nxt in blocked:
                continue
            ok = passable.get(nxt)
            if ok is None:
                ok = passable[nxt] = _passable(level, nxt)
            if not ok:
                continue
            if pos == start and nxt not in steps:
                continue
            came[nxt] = pos
            queue.append(nxt)
    return None


def _openers(options: list[SeatOption], memory: Memory) -> list[SeatOption]:
    """The doors it may still try to open: picking a lock first, forcing a door at most `TRIES` times."""
    found: list[SeatOption] = []
    for kind in ("ForceDoor", "PickLock"):  # the later wins the tile: picking before forcing
        for option in options:
            if option.kind == kind and memory.tries[str(option.arg("at"))] < TRIES:
                found.append(option)
    return found


def _passable(level: Level, pos: Pos) -> bool:
    tile = level.tile(pos)
    return tile.passable and tile not in AVOID and level.trap_at(pos) is None
