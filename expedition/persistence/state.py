"""Provides the campaign state's snapshot body, its canonical hash, and the codec registration of rules state.

The rules may not import persistence, so the rules' state classes and every action class are
registered here, from the layer that stores them.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgpack  # type: ignore[import-untyped]  # msgpack ships no type hints

from expedition.persistence.codec import decode, encode
from expedition.persistence.registry import lookup, register, same_class
from expedition.persistence.save_errors import SnapshotError
from expedition.rules.character.adventurer import Magic
from expedition.rules.character.insight import InsightSpend
from expedition.rules.character.party import CreationSheet
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.combat.enemies.enemy_defs import Behaviour, EnemyAction, EnemyDef, EnemySpecial
from expedition.rules.core.actions import ACTION_TYPES, Action
from expedition.rules.core.lasting import Lasting
from expedition.rules.core.notation import Attack
from expedition.rules.core.reach import Reach
from expedition.rules.core.tracker import Tracker
from expedition.rules.engine.campaign import CampaignState, Player, RosterEntry
from expedition.rules.exploration.camp_state import CampPlace, CampState
from expedition.rules.exploration.dungeon_map import Dungeon, Level, Room
from expedition.rules.exploration.expedition import ExpeditionState
from expedition.rules.exploration.features import Cache, Corpse, Door, Encounter, EncounterRow, Trap, Treasure
from expedition.rules.exploration.locations import DoomReveal, Location
from expedition.rules.interlude.interlude_state import DailyPlan, InterludeState
from expedition.rules.trackers.doom import DoomThreshold, DoomTracker

__all__ = [
    "action_from_plain",
    "action_to_plain",
    "body_hash",
    "body_to_state",
    "register_actions",
    "state_hash",
    "state_to_body",
]

STATE_CLASSES: tuple[type, ...] = (
    CampaignState,
    Player,
    Location,
    RosterEntry,
    DoomReveal,
    Tracker,
    DoomTracker,
    DoomThreshold,
    InsightSpend,
    ExpeditionState,
    Dungeon,
    Level,
    Room,
    Door,
    Trap,
    Cache,
    Treasure,
    Corpse,
    Encounter,
    EncounterRow,
    CreationSheet,
    CombatState,
    Lasting,
    Foe,
    EnemyDef,
    EnemyAction,
    EnemySpecial,
    Behaviour,
    Attack,
    Reach,
    InterludeState,
    DailyPlan,
    Magic,
    CampState,
    CampPlace,
)


def register_actions() -> None:
    """Register every action class defined so far (actions register by name in the rules)."""
    for name, cls in ACTION_TYPES.items():
        existing = lookup(name)
        if existing is None or not same_class(existing, cls):
            register(cls)


for _cls in STATE_CLASSES:
    register(_cls)
register_actions()


def state_to_body(state: CampaignState) -> dict[str, Any]:
    """The snapshot body of a campaign state: its plain encoding (a map with the `$type` tag).

    Raises:
        EncodeError: If something in the state cannot be stored.
    """
    body: dict[str, Any] = encode(state, CampaignState)
    return body


def body_to_state(body: dict[str, Any]) -> CampaignState:
    """Rebuild a campaign state from a snapshot body, checking every value.

    Raises:
        SnapshotError: Naming the path of the first bad value.
    """
    state: CampaignState = decode(body, CampaignState)
    _check_consistent(state)
    return state


def _check_consistent(state: CampaignState) -> None:
    """Refuse a well-typed state whose parts do not fit together (the game would fail on it later).

    Raises:
        SnapshotError: Naming the first inconsistency.
    """
    if set(state.dice) != {"seed", "index"}:
        raise SnapshotError(f"dice: expected the keys 'index' and 'seed', got {sorted(state.dice)}")
    if state.dice["seed"] != state.seed or state.dice["index"] < 0:
        raise SnapshotError("dice: the dice state does not belong to this campaign's seed")
    for name, location in state.locations.items():
        if location.name != name:
            raise SnapshotError(f"locations.{name}: the location is called {location.name!r}")
        if location.dungeon is not None and location.dungeon.key != name:
            raise SnapshotError(f"locations.{name}.dungeon: it keeps the dungeon {location.dungeon.key!r}")
    for key in ("location", "settlement"):
        if getattr(state, key) not in state.locations:
            raise SnapshotError(f"{key}: {getattr(state, key)!r} is not a known location")
    players = [player.id for player in state.players]
    if len(set(players)) != len(players):
        raise SnapshotError("players: two players share an id")
    members = [member.id for member in state.party]
    if len(set(members)) != len(members):
        raise SnapshotError("party: two characters share an id")
    for index, member in enumerate(state.party):
        if member.owner not in players:
            raise SnapshotError(f"party[{index}].owner: {member.owner!r} is not a player")
    if state.actions < 0 or state.day < 1 or state.next_uid < 1:
        raise SnapshotError("actions, day or next_uid is out of range")


def _canonical(value: Any) -> Any:
    """A body's value with every map's keys sorted, all the way down (a body is plain: exact types)."""
    if type(value) is dict:
        return {k: _canonical(v) if type(v) in _NESTED else v for k, v in sorted(value.items())}
    if type(value) is list:
        return [_canonical(v) if type(v) in _NESTED else v for v in value]
    return value


_NESTED = frozenset({dict, list})
"""The plain types `_canonical` looks inside; everything else in a body is a scalar."""


def body_hash(body: dict[str, Any]) -> str:
    """A blake2b-128 hex digest of a state body's canonical msgpack encoding (map keys sorted)."""
    packed = msgpack.packb(_canonical(body), use_bin_type=True)
    return hashlib.blake2b(packed, digest_size=16, person=b"expd-state").hexdigest()


def state_hash(state: CampaignState) -> str:
    """The hash of `state_to_body(state)` (see `body_hash`): equal states, equal hashes."""
    return body_hash(state_to_body(state))


def action_to_plain(action: Action) -> dict[str, Any]:
    """The plain, tagged encoding of an action, as the journal stores it."""
    register_actions()
    plain: dict[str, Any] = encode(action, Action)
    return plain


def action_from_plain(data: object) -> Action:
    """Rebuild an action from its journal encoding.

    Raises:
        SnapshotError: When the data is not a known, well-formed action.
    """
    register_actions()
    action = decode(data, Action)
    if not isinstance(action, Action):  # pragma: no cover - decode checks the class
        raise SnapshotError("not an action")
    return action
