"""Provides what the expedition screen draws: the map and clocks from the seat's view, and its action bar.

Everything is read from the seat's view (its filtered state, its clocks, its options); what can be
done, and why not, is the session's word (`SeatView.options_for`), never worked out here.
"""

from __future__ import annotations

from expedition.rules.core.kept import Kept
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.dungeon_map import Level
from expedition.rules.exploration.expedition import ExpeditionState, light_radius
from expedition.rules.exploration.sight import path_to, visible_from
from expedition.session.seat_view import SeatView
from expedition.ui.widgets.action_bar import ActionChoice
from expedition.ui.widgets.clocks import ClockData, clock_from_tracker
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

NOT_HERE: dict[str, str] = {
    "g": "There is nothing to loot here.",
    "t": "There is nothing here to look for traps in.",
    "f": "There is nothing here to search.",
    "r": "Catching your breath is not possible now.",
    ".": "Letting a turn pass is not possible now.",
    ">": "There are no stairs down here.",
    "<": "There are no stairs up here.",
    "n": "There is no door here to listen at.",
}
"""What a direct key says where its action is not listed at all, by key (never an action class name)."""


def bodies_here(expedition: ExpeditionState) -> str:
    """What lies on the party's tile, in words, and what can be done about it ("" for nothing).

    A fallen companion's body carries nothing anyone can take (their things went with them), and
    it may rise unless someone with Ward the dead wards it (§10.1, HOUSE §1.7).
    """
    lines: list[str] = []
    for body in (b for b in expedition.level.corpses if b.pos == expedition.position):
        if body.kind == "adventurer":
            line = f"Here lies {body.name}, fallen: nothing can be taken from the body"
        else:
            line = f"Here lies the body of the {body.name}: there is nothing on it to take"
        if body.warded:
            line += "; it is warded and will not rise."
        else:
            line += "; it may rise again unless someone with Ward the dead wards it."
        lines.append(line)
    return " ".join(lines)


def visible_tiles(state: CampaignState, expedition: ExpeditionState, radius: int) -> frozenset[Pos]:
    """What the party sees now: the field of view from its tile within the light's reach."""
    return frozenset(visible_from(expedition.level, expedition.position, radius))


_TERRAIN: Kept[tuple[object, ...], tuple[str, ...]] = Kept(16)
"""Drawn terrain by what it was drawn from (`Level.terrain`): redrawn only when a tile or a door changes;
a few levels at a time are plenty."""


def terrain_rows(level: Level) -> tuple[str, ...]:
    """The level's terrain glyphs, row by row; recomputed only when its tiles or a door change.

    Each seat view holds its own copy of the level, so the drawing is kept by what it shows, not
    by which copy it was drawn from.
    """
    return _TERRAIN.get(
        level.terrain(),
        lambda: tuple(
            "".join(level.glyph_at((x, y)) for x in range(level.width)) for y in range(level.height)
        ),
    )


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


def clocks(view: SeatView) -> tuple[ClockData, ClockData, ClockData]:
    """Decay, the current location's doom and the omens, as this seat may see them."""
    omens = view.trackers.get("omens")
    return (
        clock_from_tracker("Decay", view.trackers.get("decay")),
        clock_from_tracker("Doom", view.doom_of(view.state.location)),
        clock_from_tracker("Omens", omens if omens is not None and not omens.hidden else None),
    )


def steps_to(state: CampaignState, pos: Pos) -> list[Pos]:
    """The tiles the party walks over to a clicked tile, over tiles it has seen (§8: no diagonals)."""
    expedition = state.expedition
    if expedition is None:
        return []
    known = expedition.seen.get(expedition.depth, set())
    walk: list[Pos] = []
    here = expedition.position
    for tile in path_to(expedition.level, known, expedition.position, pos):
        if abs(tile[0] - here[0]) + abs(tile[1] - here[1]) != 1:
            break
        walk.append(tile)
        here = tile
    return walk


def action_choices(view: SeatView, actor: str) -> list[ActionChoice]:
    """The action bar's lines from the session's options for `actor`; steps are left to the keys."""
    if view.state.expedition is None:
        return []
    return [
        ActionChoice(
            label=option.label,
            cost=option.cost,
            reason=option.reason,
            key=ACTION_KEYS.get(option.kind, ""),
            action=option,
        )
        for option in view.options_for(actor)
        if option.kind != "Step"
    ]
