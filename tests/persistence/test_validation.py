"""Loading checks what a saved state means, not only its shape: impossible values are refused by path.

Each case takes a real campaign (a committed fixture, see `real_states.py`), puts one well-typed but
impossible value in it, and checks that decoding alone accepts it (so it is the meaning that is
wrong, not the type) while `saved_state` refuses it, naming the field, in well under a second.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from typing import Any

import pytest

from expedition.persistence.state import body_to_state, state_to_body
from expedition.persistence.validation import (
    MAX_NAME,
    MAX_VALUES,
    InvalidState,
    check_saved_state,
    saved_state,
)
from tests.persistence.real_states import REAL, real_body

Body = dict[str, Any]


def _level(body: Body) -> Body:
    level: Body = body["expedition"]["dungeon"]["levels"][0]
    return level


def _set_tile(body: Body) -> None:
    row = _level(body)["tiles"][5]
    _level(body)["tiles"][5] = row[:3] + "*" + row[4:]


def _short_row(body: Body) -> None:
    _level(body)["tiles"][7] = _level(body)["tiles"][7][:-1]


def _no_levels(body: Body) -> None:
    body["expedition"]["dungeon"]["levels"] = []


def _wide_room(body: Body) -> None:
    _level(body)["rooms"][0]["w"] = 2**31


def _wide_map(body: Body) -> None:
    _level(body)["width"] = 2**31


def _deep(body: Body) -> None:
    body["expedition"]["depth"] = 9


def _off_the_map(body: Body) -> None:
    body["expedition"]["position"] = [-3, 10]


def _stranger_in_the_fight(body: Body) -> None:
    positions = body["expedition"]["combat"]["positions"]
    positions["c9"] = positions.pop(next(iter(positions)))


def _nobody_active(body: Body) -> None:
    body["expedition"]["combat"]["active"] = "c9"


def _long_name(body: Body) -> None:
    body["party"][0]["name"] = "N" * 70_000


def _long_text(body: Body) -> None:
    _level(body)["rooms"][0]["description"] = "d" * 5000


def _long_player_name(body: Body) -> None:
    body["players"][0]["name"] = "P" * (MAX_NAME + 1)


def _blank_name(body: Body) -> None:
    body["party"][0]["name"] = "   "


def _many_searched(body: Body) -> None:
    body["expedition"]["searched"] = [f"room-{n}" for n in range(MAX_VALUES + 1)]


def _endless_day(body: Body) -> None:
    body["day"] = 2**40


def _trap_in_no_room(body: Body) -> None:
    level = _level(body)
    level["traps"] = level["traps"] or [
        {"$type": "Trap", "pos": level["arrival"], "room": 0, "key": "pit", "name": "Pit"}
    ]
    level["traps"][0]["room"] = 999


def _item_held_twice(body: Body) -> None:
    body["party"][1]["items"].append(copy.deepcopy(body["party"][0]["items"][0]))


def _plan_of_nobody(body: Body) -> None:
    plan = {"$type": "DailyPlan", "actor": "c9", "action": "rest"}
    body["interlude"]["plans"] = [plan]


def _plan_selling_nothing(body: Body) -> None:
    actor = body["party"][0]["id"]
    plan = {"$type": "DailyPlan", "actor": actor, "action": "sell", "items": [99_999]}
    body["interlude"]["plans"] = [plan]


def _door_off_the_map(body: Body) -> None:
    level = _level(body)
    pos, door = level["doors"][0]
    level["doors"][0] = [[pos[0], 5000], {**door, "pos": [pos[0], 5000]}]


CASES: list[tuple[str, Callable[[Body], None], str]] = [
    ("fighting", _set_tile, "expedition.dungeon.levels[0].tiles[5]: '*' is no kind of tile"),
    ("fighting", _short_row, "expedition.dungeon.levels[0].tiles[7]: "),
    ("exploring", _no_levels, "expedition.dungeon.levels: a dungeon needs at least one level"),
    ("fighting", _wide_room, "expedition.dungeon.levels[0].rooms[0]: the room runs off the map"),
    ("fighting", _wide_map, "expedition.dungeon.levels[0].width: a map 2147483648 tiles across"),
    ("exploring", _deep, "expedition.depth: the dungeon has no level 9"),
    ("exploring", _off_the_map, "expedition.position: -3, 10 is off a map"),
    ("fighting", _stranger_in_the_fight, "expedition.combat.positions: 'c9' is not in the fight"),
    ("fighting", _nobody_active, "expedition.combat.active: 'c9' is not in the fight"),
    ("settlement", _long_name, "party[0].name: a name of 70000 characters"),
    ("fighting", _long_text, "expedition.dungeon.levels[0].rooms[0].description: a text of 5000 characters"),
    ("settlement", _long_player_name, f"players[0].name: a name of {MAX_NAME + 1} characters"),
    ("settlement", _blank_name, "party[0].name: a name of 3 characters"),
    ("exploring", _many_searched, f"expedition.searched: {MAX_VALUES + 1} entries"),
    ("returned", _endless_day, "day: 1099511627776 is out of range"),
    ("exploring", _trap_in_no_room, "expedition.dungeon.levels[0].traps[0].room: there is no room 999"),
    ("exploring", _door_off_the_map, "expedition.dungeon.levels[0].doors: "),
    ("settlement", _item_held_twice, "party[1].items[12].uid: item "),
    ("returned", _plan_of_nobody, "interlude.plans[0].actor: 'c9' is nobody in the campaign"),
    ("returned", _plan_selling_nothing, "interlude.plans[0].items: there is no item 99999"),
]


@pytest.mark.parametrize("name", REAL)
def test_every_real_campaign_passes_the_checks(name: str) -> None:
    state = saved_state(real_body(name))
    check_saved_state(body_to_state(state_to_body(state)))  # and what it saves passes again


@pytest.mark.parametrize(("fixture", "damage", "says"), CASES, ids=[case[1].__name__ for case in CASES])
def test_a_well_typed_impossible_value_is_refused_naming_its_field(
    fixture: str, damage: Callable[[Body], None], says: str
) -> None:
    body = copy.deepcopy(real_body(fixture))
    damage(body)
    try:
        state = body_to_state(body)  # the shape is right: decoding alone takes it
    except InvalidState:  # pragma: no cover - the failure message says what went wrong
        pytest.fail("decoding alone ran the saved-state checks")
    start = time.process_time()
    with pytest.raises(InvalidState) as refused:
        check_saved_state(state)
    assert time.process_time() - start < 1.0
    assert refused.value.reason.startswith(says) or says in refused.value.reason, refused.value.reason
    with pytest.raises(InvalidState):
        saved_state(body)  # as loading calls it


def test_the_checks_are_quick_on_a_real_campaign() -> None:
    state = saved_state(real_body("exploring"))
    start = time.process_time()
    for _ in range(10):
        check_saved_state(state)
    assert (time.process_time() - start) / 10 < 0.1
