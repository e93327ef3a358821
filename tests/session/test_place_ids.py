"""A generated dungeon goes by `dungeon-<n>` in every seat's view; no view names its seed.

DESIGN.md "Serving": no view carries a seed or anything that derives one. The generator's key
(`gen-<seed>`) names the seed, so setting out names a new dungeon `dungeon-<n>` for good
(`setting_out.fresh_key`). Saves made before keep `gen-<seed>` keys in their state and journal;
for them seats see `dungeon-<n>` (`session.place_ids`) and an action they send with that id is
taken as the key's.
"""

from __future__ import annotations

from typing import Any

from expedition.persistence.codec import encode
from expedition.persistence.state import state_hash, state_to_body
from expedition.persistence.validation import saved_state
from expedition.rules.core.events import DiceRolled, Event
from expedition.rules.exploration.expedition import ExpeditionStarted
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.rules.interlude.setting_out import WHERE_NEXT, SetOut
from expedition.session.place_ids import PlaceIds
from expedition.session.replay import replay_records
from expedition.session.session import Session, Update
from expedition.session.views import Seat
from tests.persistence.real_states import real_body
from tests.session.helpers import make_campaign

ANN = Seat.for_player("ann")
PLAYER1 = Seat.for_player("player1")
"""The one player of the old saves in `tests/persistence/data`."""


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [text for key, item in value.items() for text in _strings(key) + _strings(item)]
    if isinstance(value, list | tuple):
        return [text for item in value for text in _strings(item)]
    return [value] if isinstance(value, str) else []


def _back_from_a_new_dungeon() -> tuple[Session, str, int, list[Update]]:
    session = Session(make_campaign(4, dungeon=None))
    updates: list[Update] = []
    session.subscribe(updates.append, ANN)
    assert session.submit(Seat.host(), SetOut()).ok
    key = session.state.location
    seed = int(session.state.locations[key].origin.split(":")[1])
    assert key == "dungeon-1"  # named for good as it was found: the key says nothing of the seed
    assert session.submit(Seat.host(), ExitDungeon()).ok
    return session, key, seed, updates


def _an_old_save_back_from_a_dungeon() -> tuple[Session, str, int]:
    """A real campaign saved before the keys changed: back in Blacksalt from `gen-<seed>`."""
    session = Session(saved_state(real_body("returned")))
    (key,) = [key for key in session.state.locations if key != "blacksalt"]
    seed = int(session.state.locations[key].origin.split(":")[1])
    assert key == f"gen-{seed}"  # the generator's key: what the seats must not be shown
    return session, key, seed


def test_a_new_dungeons_seed_is_only_in_its_origin_which_no_seat_sees() -> None:
    session, key, seed, updates = _back_from_a_new_dungeon()
    body = state_to_body(session.state)
    assert body["locations"][key]["origin"] == f"generated:{seed}::2"  # the seed, no theme, two adventurers
    del body["locations"][key]["origin"]
    assert not [text for text in _strings(body) if "gen-" in text]
    view = session.view(ANN)
    assert view.state.locations["dungeon-1"].origin == "generated"  # the kind, not the seed
    texts = _strings(view.body) + _strings(state_to_body(view.state))
    assert not [text for text in texts if "gen-" in text or str(seed) in text]
    events = [event for update in updates for event in update.events]
    assert not [event for event in events if isinstance(event, DiceRolled) and event.why == WHERE_NEXT]
    assert not [text for event in events for text in _strings(encode(event, Event)) if str(seed) in text]


def test_every_part_of_a_seat_view_names_an_old_saves_dungeon_by_its_id() -> None:
    session, key, seed = _an_old_save_back_from_a_dungeon()
    updates: list[Update] = []
    session.subscribe(updates.append, PLAYER1)
    view = session.view(PLAYER1)
    title = session.state.locations[key].title
    assert title and view.state.location == "blacksalt"
    assert list(view.state.locations) == ["blacksalt", "dungeon-1"]
    assert view.state.locations["dungeon-1"].name == "dungeon-1"
    assert view.state.locations["dungeon-1"].origin == "generated"  # the kind, not the seed
    assert view.state.locations["dungeon-1"].doom.name == "doom:dungeon-1"
    assert "doom:dungeon-1" in view.trackers and view.trackers["doom:dungeon-1"].name == "doom:dungeon-1"
    assert view.place_title("dungeon-1") == title
    texts = _strings(view.body) + _strings(state_to_body(view.state))
    assert not [text for text in texts if "gen-" in text or str(seed) in text]
    # What happens is told with the id too.
    assert session.submit(PLAYER1, SetOut(dungeon="dungeon-1")).ok
    events = [event for update in updates for event in update.events]
    started = [event for event in events if isinstance(event, ExpeditionStarted)]
    assert [event.dungeon for event in started] == ["dungeon-1"]
    assert not [text for event in events for text in _strings(encode(event, Event)) if "gen-" in text]


def test_a_seat_goes_back_to_an_old_saves_dungeon_by_its_id_and_the_journal_keeps_the_key() -> None:
    session, key, _ = _an_old_save_back_from_a_dungeon()
    title = session.state.locations[key].title
    back = [o for o in session.view(PLAYER1).options if isinstance(o.action, SetOut) and o.action.dungeon]
    offered = {o.action.dungeon: o.label for o in back}
    assert offered["dungeon-1"].startswith(f"Back to {title} (")
    result = session.submit(PLAYER1, SetOut(dungeon="dungeon-1"))
    assert result.ok, result.reason
    assert session.state.location == key and session.state.expedition is not None
    assert session.records[-1]["action"]["dungeon"] == key  # a replay finds the same dungeon


def test_a_new_dungeon_found_from_an_old_save_is_numbered_after_the_old_ones() -> None:
    session, key, _ = _an_old_save_back_from_a_dungeon()
    assert session.submit(Seat.host(), SetOut()).ok
    assert list(session.state.locations) == ["blacksalt", key, "dungeon-2"]
    view = session.view(PLAYER1)
    assert list(view.state.locations) == ["blacksalt", "dungeon-1", "dungeon-2"]
    assert view.state.location == "dungeon-2"


def test_a_seat_goes_back_to_a_dungeon_by_its_key_and_a_replay_finds_it() -> None:
    session, key, _, _ = _back_from_a_new_dungeon()
    title = session.state.locations[key].title
    back = [o for o in session.view(ANN).options if isinstance(o.action, SetOut) and o.action.dungeon]
    assert {o.action.dungeon: o.label for o in back}["dungeon-1"].startswith(f"Back to {title} (")
    assert session.submit(ANN, SetOut(dungeon="dungeon-1")).ok
    assert session.state.location == key and session.state.expedition is not None
    assert session.state.expedition.dungeon.key == key
    report = replay_records(session.records)
    assert report.final_hash == state_hash(session.state)


def test_a_refusal_never_names_a_dungeon_by_its_key() -> None:
    session, key, seed = _an_old_save_back_from_a_dungeon()
    assert session.submit(Seat.host(), SetOut(dungeon="dungeon-1")).ok
    refused = session.submit(PLAYER1, SetOut(dungeon=key))  # already out: the reason may name it
    assert not refused.ok and "gen-" not in refused.reason and str(seed) not in refused.reason


def test_ids_count_generated_dungeons_in_the_order_they_were_found_and_skip_taken_names() -> None:
    state = make_campaign(1, dungeon=None)
    ids = PlaceIds(["gen-905", "gen-17"], {"blacksalt", "dungeon-2"})
    assert ids.shown == {"gen-905": "dungeon-1", "gen-17": "dungeon-3"}
    assert ids.text("doom:gen-17 and gen-905, not oxygen-17") == "doom:dungeon-3 and dungeon-1, not oxygen-17"
    assert ids.text("gen-4444") == "dungeon-0"  # unknown: its digits are never shown
    assert ids.key_of("dungeon-3") == "gen-17" and ids.key_of("blacksalt") == "blacksalt"
    assert ids.action(SetOut(dungeon="dungeon-1")) == SetOut(dungeon="gen-905")
    body = {"gen-17": ["gen-905", 3, {"k": "gen-17"}], "rows": ["###"]}
    assert ids.plain(body) == {"dungeon-3": ["dungeon-1", 3, {"k": "dungeon-3"}], "rows": ["###"]}
    untouched = {"rows": ["###"], "n": [1, 2]}
    assert ids.plain(untouched) is untouched
    assert not PlaceIds.of(state)  # a campaign that found no dungeon has nothing to rename
