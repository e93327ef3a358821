"""Provides what the expedition screen draws and submits: the map, clocks and actions from the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from expedition.rules.core.actions import Action
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.exploration_options import available_actions
from expedition.rules.exploration.dungeon_map import Level
from expedition.rules.exploration.expedition import ExpeditionState, light_radius
from expedition.rules.exploration.exploration_actions import DIRECTIONS as STEPS
from expedition.rules.exploration.exploration_actions import Step
from expedition.rules.exploration.sight import path_to, visible_from
from expedition.ui.widgets.action_bar import ActionChoice
from expedition.ui.widgets.clocks import ClockData, clock_from_view
from expedition.ui.widgets.tile_map import MapView, Marker, Pos

DIRECTIONS: dict[str, tuple[int, int]] = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
"""Direction names to (dx, dy)."""

ACTION_KEYS: dict[str, str] = {
    "Loot": "g",
    "LookForTraps": "t",
    "Search": "f",
    "CatchBreath": "r",
    "PassTurn": ".",
    "Descend": ">",
    "Ascend": "<",
    "ListenAtDoor": "n",
}
"""Direct keys of some actions, by action class name (also shown on the action bar)."""


def visible_tiles(state: CampaignState, expedition: ExpeditionState, radius: int) -> frozenset[Pos]:
    """What the party sees now: the field of view from its tile within the light's reach."""
    return frozenset(visible_from(expedition.level, expedition.position, radius))


_TERRAIN: dict[int, tuple[tuple[object, ...], tuple[str, ...]]] = {}
"""Drawn terrain by level (its id), with what it was drawn from: redrawn only when that changes."""


def terrain_rows(level: Level) -> tuple[str, ...]:
    """The level's terrain glyphs, row by row; recomputed only when its tiles or a door change."""
    doors = tuple((pos, door.state, door.secret and not door.found) for pos, door in level.doors.items())
    key = (level.width, level.height, tuple(level.tiles), doors)
    cached = _TERRAIN.get(id(level))
    if cached is not None and cached[0] == key:
        return cached[1]
    rows = tuple("".join(level.glyph_at((x, y)) for x in range(level.width)) for y in range(level.height))
    if len(_TERRAIN) > 16:  # a few levels at a time are plenty
        _TERRAIN.clear()
    _TERRAIN[id(level)] = (key, rows)
    return rows


def map_view(state: CampaignState, expedition: ExpeditionState) -> MapView:
    """The tile map's data for the party's level: terrain, memory, sight, light and markers."""
    level = expedition.level
    radius = light_radius(state)
    visible = visible_tiles(state, expedition, radius)
    seen = frozenset(expedition.seen.get(expedition.depth, set())) | visible
    px, py = expedition.position
    lit = frozenset(pos for pos in visible if max(abs(pos[0] - px), abs(pos[1] - py)) <= radius)
    terrain = terrain_rows(level)
    markers: dict[Pos, Marker] = {}
    for cache in level.caches:
        if not cache.looted and not cache.hidden:
            markers[cache.pos] = Marker("loot", label=cache.description or "a cache")
    for corpse in level.corpses:
        markers.setdefault(corpse.pos, Marker("corpse", label=corpse.name or f"a dead {corpse.kind}"))
    for trap in level.traps:
        if trap.known and trap.armed:
            markers[trap.pos] = Marker("trap", label=f"trap: {trap.name}")
    for encounter in level.encounters:
        if encounter.defeated or not encounter.enemies:
            continue
        room = level.rooms[encounter.room] if 0 <= encounter.room < len(level.rooms) else None
        if room is not None and room.center in visible:
            glyph = encounter.enemies[0][:1].upper() or "E"  # the first enemy's initial
            markers[room.center] = Marker("enemy", glyph, encounter.name or "enemies")
    return MapView(
        width=level.width,
        height=level.height,
        terrain=terrain,
        seen=seen,
        visible=visible,
        lit=lit,
        party=expedition.position,
        markers=markers,
    )


def clocks(view: Mapping[str, Any]) -> tuple[ClockData, ClockData, ClockData]:
    """Decay, the current location's doom and the omens, as this seat may see them."""
    location = view.get("locations", {}).get(view.get("location", ""), {})
    omens = view.get("omens")
    return (
        clock_from_view("Decay", view.get("decay")),
        clock_from_view("Doom", location.get("doom")),
        clock_from_view("Omens", omens if isinstance(omens, dict) and "filled" in omens else None),
    )


_STEP_NAMES = {delta: name for name, delta in STEPS.items()}


def step_action(state: CampaignState, dx: int, dy: int, actor: str = "") -> Action | None:
    """A one-tile step in direction (dx, dy), or None outside an expedition or for a diagonal."""
    name = _STEP_NAMES.get((dx, dy))
    if state.expedition is None or name is None:
        return None
    return Step(actor=actor, direction=name)


def steps_to(state: CampaignState, pos: Pos, actor: str = "") -> list[Action]:
    """The steps that walk the party to a clicked tile over tiles it has seen (§8: no diagonals)."""
    expedition = state.expedition
    if expedition is None:
        return []
    known = expedition.seen.get(expedition.depth, set())
    walk = path_to(expedition.level, known, expedition.position, pos)
    steps: list[Action] = []
    here = expedition.position
    for tile in walk:
        step = step_action(state, tile[0] - here[0], tile[1] - here[1], actor)
        if step is None:
            break
        steps.append(step)
        here = tile
    return steps


def action_choices(state: CampaignState, actor: str) -> list[ActionChoice]:
    """The action bar's lines from the rules' available actions; steps are left to the keys."""
    if state.expedition is None:
        return []
    return [
        ActionChoice(
            label=option.label,
            cost=option.cost,
            reason="" if option.enabled else (option.reason or "Not possible now."),
            key=ACTION_KEYS.get(type(option.action).__name__, ""),
            action=option.action,
        )
        for option in available_actions(state, actor)
        if not isinstance(option.action, Step)
    ]
