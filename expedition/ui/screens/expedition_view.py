"""Provides what the expedition screen draws and submits: the map's view, clocks and actions from the rules.

The exploration rules (`rules.exploration`) and the field of view (`dungeon.fov`) are looked up
when used, so the screen still draws a map and its clocks with only the expedition state.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from typing import Any

from expedition.rules.actions import Action
from expedition.rules.campaign import CampaignState
from expedition.rules.expedition import ExpeditionState, light_radius
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


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def visible_tiles(state: CampaignState, expedition: ExpeditionState, radius: int) -> frozenset[Pos]:
    """What the party sees now: the dungeon's field of view, or the square the rules reveal."""
    fov = _module("expedition.dungeon.fov")
    level = expedition.level
    if fov is not None and hasattr(fov, "visible_from"):
        return frozenset(fov.visible_from(level, expedition.position, radius))
    x0, y0 = expedition.position
    return frozenset(
        (x, y)
        for y in range(y0 - radius, y0 + radius + 1)
        for x in range(x0 - radius, x0 + radius + 1)
        if level.in_bounds((x, y))
    )


def map_view(state: CampaignState, expedition: ExpeditionState) -> MapView:
    """The tile map's data for the party's level: terrain, memory, sight, light and markers."""
    level = expedition.level
    radius = light_radius(state)
    visible = visible_tiles(state, expedition, radius)
    seen = frozenset(expedition.seen.get(expedition.depth, set())) | visible
    px, py = expedition.position
    lit = frozenset(pos for pos in visible if max(abs(pos[0] - px), abs(pos[1] - py)) <= radius)
    terrain = tuple("".join(level.glyph_at((x, y)) for x in range(level.width)) for y in range(level.height))
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


def _fields(cls: type) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()


def step_action(state: CampaignState, dx: int, dy: int, actor: str = "") -> Action | None:
    """The rules' one-tile move in direction (dx, dy), whatever shape `rules.exploration` gave it."""
    rules = _module("expedition.rules.exploration")
    expedition = state.expedition
    if rules is None or expedition is None:
        return None
    x, y = expedition.position
    for name in ("Step", "Move"):
        cls = getattr(rules, name, None)
        if cls is None:
            continue
        fields = _fields(cls)
        if {"dx", "dy"} <= fields:
            return cls(dx=dx, dy=dy)  # type: ignore[no-any-return]
        if "direction" in fields:
            names = {delta: name for name, delta in getattr(rules, "DIRECTIONS", {}).items()}
            if (dx, dy) in names:
                return cls(actor=actor, direction=names[(dx, dy)])  # type: ignore[no-any-return]
        for target in ("to", "target", "pos", "destination"):
            if target in fields:
                return cls(actor=actor, **{target: (x + dx, y + dy)})  # type: ignore[no-any-return]
    return None


def move_to_action(state: CampaignState, pos: Pos, actor: str = "") -> Action | None:
    """The rules' move towards a tile (a click), or a step when the tile is next to the party."""
    rules = _module("expedition.rules.exploration")
    expedition = state.expedition
    if rules is None or expedition is None:
        return None
    cls = getattr(rules, "Move", None)
    if cls is not None:
        for target in ("to", "target", "pos", "destination"):
            if target in _fields(cls):
                return cls(actor=actor, **{target: pos})  # type: ignore[no-any-return]
    x, y = expedition.position
    dx, dy = pos[0] - x, pos[1] - y
    if max(abs(dx), abs(dy)) == 1 and 0 in (dx, dy):
        return step_action(state, dx, dy, actor)
    return None


def action_choices(state: CampaignState, actor: str) -> list[ActionChoice]:
    """The action bar's lines from `rules.exploration.available_actions`, movement left to the keys."""
    rules = _module("expedition.rules.exploration_options")
    if rules is None or not hasattr(rules, "available_actions") or state.expedition is None:
        return []
    choices: list[ActionChoice] = []
    for option in rules.available_actions(state, actor):
        action = getattr(option, "action", None)
        name = type(action).__name__
        if name in ("Step", "Move"):
            continue
        reason = str(getattr(option, "reason", "") or "")
        if not getattr(option, "enabled", not reason):
            reason = reason or "Not possible now."
        choices.append(
            ActionChoice(
                label=str(getattr(option, "label", name)),
                cost=int(getattr(option, "cost", 0) or 0),
                reason=str(reason),
                key=ACTION_KEYS.get(name, ""),
                action=action,
            )
        )
    return choices
