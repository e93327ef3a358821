"""Starting and opening campaigns: first save, continue, journal roll-forward, damage, locks, milestones."""

from __future__ import annotations

import contextlib
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from expedition.persistence.snapshot import read_snapshot
from expedition.persistence.state import action_to_plain, body_to_state, state_hash
from expedition.persistence.store import LOCK_NAME, CampaignStore
from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import Party
from expedition.rules.core.attributes import Attr
from expedition.rules.core.phase import Phase
from expedition.rules.engine.dispatch import PassTurn, RenamePlayer
from expedition.rules.interlude.setting_out import SetOut
from expedition.session.campaigns import (
    CampaignOpenError,
    list_saved,
    new_name,
    newest_campaign,
    open_campaign,
    start_campaign,
)
from expedition.session.session import Session
from expedition.session.views import Seat
from expedition.ui.screens.load import summary_label
from tests.session.helpers import drive, make_campaign

HOST = Seat.host()


def small_party() -> Party:
    members = [Character("c1", "Wren", owner="player1"), Character("c2", "Bo", owner="player2")]
    for member in members:
        for attr in Attr:
            member[attr].score = 2
    return Party(characters=members, silver=12)


def played(root: Path, name: str = "tomb", *, actions: int = 12, seed: int = 3) -> Session:
    """A campaign at the tomb, saved under `root`, after `actions` random legal moves."""
    session = Session(make_campaign(seed), CampaignStore(root, name))
    session.store.save(session_body(session))  # type: ignore[union-attr]  # the store was just given
    drive(session, random.Random(seed), actions)
    return session


def session_body(session: Session) -> dict[str, object]:
    from expedition.persistence.state import state_to_body

    return state_to_body(session.state)


HOLDER = """
import sys, time
from pathlib import Path
from expedition.persistence.store import CampaignStore
CampaignStore(Path(sys.argv[1]), sys.argv[2]).acquire()
print("locked", flush=True)
time.sleep(60)
"""
"""Another game: a process that holds a campaign's lock until it is ended."""


@contextlib.contextmanager
def other_game_holding(saves: Path, name: str = "campaign-1") -> Iterator[int]:
    """Another process with campaign `name` open; yields its pid and ends it afterwards."""
    root = Path(__file__).resolve().parents[2]
    with subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(saves), name],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    ) as child:
        try:
            assert child.stdout is not None and child.stdout.readline().strip() == "locked"
            yield child.pid
        finally:
            child.terminate()


def test_start_then_open_gives_back_the_same_campaign(tmp_path: Path) -> None:
    """§10: a new campaign is saved at once, and continuing it loads exactly that state."""
    started = start_campaign(small_party(), 5, saves=tmp_path)
    assert started.store is not None and started.store.name == "campaign-1"
    assert started.state.silver == 12 and started.state.phase is Phase.INTERLUDE
    assert [p.name for p in started.state.players] == ["Player 1", "Player 2"]
    expected = state_hash(started.state)
    started.close()
    opened = open_campaign(saves=tmp_path)
    assert state_hash(opened.state) == expected
    assert opened.load_report is not None and opened.load_report.lines() == []
    # Autosave keeps working on the opened campaign.
    assert opened.submit(HOST, RenamePlayer(player="player1", name="Ann")).ok
    opened.close()
    again = open_campaign("campaign-1", saves=tmp_path)
    assert again.state.players[0].name == "Ann" and again.state.actions == 1
    again.close()


def test_a_new_campaign_is_named_by_a_count_never_by_its_seed(tmp_path: Path) -> None:
    """DESIGN.md "Serving": every seat sees the campaign's name, and a seed would tell every roll."""
    names = []
    for _ in range(2):  # the same seed twice: neither refused nor overwritten
        session = start_campaign(small_party(), 1_234_567, saves=tmp_path)
        assert session.store is not None
        names.append(session.store.name)
        session.close()
    assert names == ["campaign-1", "campaign-2"]
    assert new_name(tmp_path) == "campaign-3"


def test_the_load_list_names_a_generated_dungeon_by_its_name_not_its_key(tmp_path: Path) -> None:
    """The player's words: "at The … Hollows", never "at Dungeon 1" (the location's key)."""
    session = start_campaign(small_party(), 5, saves=tmp_path)
    assert session.submit(HOST, SetOut()).ok
    assert session.state.expedition is not None
    name = session.state.expedition.dungeon.name
    session.close()
    (summary,) = list_saved(tmp_path)
    assert summary.place == name and summary.location == "dungeon-1"
    label = summary_label(summary)
    rest = label.casefold().replace(name.casefold(), "")
    assert f"exploration at {name};" in label and "dungeon" not in rest and "gen" not in rest


def test_opening_a_campaign_is_a_new_play_session_that_gives_burdens_back(tmp_path: Path) -> None:
    """§3.5: a burden is once per play session; the next opening gives it back, through the journal."""
    party = small_party()
    party.characters[0].burden_used = True
    start_campaign(party, 5, saves=tmp_path).close()
    opened = open_campaign(saves=tmp_path)
    assert not opened.state.party[0].burden_used and opened.state.play_session == 2  # the first was 1
    assert opened.state.actions == 1  # the new sitting is an action the journal keeps
    expected = state_hash(opened.state)
    opened.close()
    again = open_campaign(saves=tmp_path)  # nothing used since: opening changes nothing
    assert state_hash(again.state) == expected and again.state.actions == 1
    again.close()
    result = subprocess.run(
        [sys.executable, "-m", "expedition", "replay", "campaign-1", "--saves", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_start_refuses_to_overwrite_an_existing_campaign(tmp_path: Path) -> None:
    start_campaign(small_party(), 5, saves=tmp_path, name="mine").close()
    before = sorted(p.name for p in (tmp_path / "mine").iterdir())
    with pytest.raises(CampaignOpenError, match="'mine' already exists"):
        start_campaign(small_party(), 9, saves=tmp_path, name="mine")
    assert sorted(p.name for p in (tmp_path / "mine").iterdir()) == before


def test_journal_actions_newer_than_the_snapshot_are_rolled_forward(tmp_path: Path) -> None:
    """The journal is written before the snapshot: actions it holds beyond the snapshot are replayed."""
    live = played(tmp_path, actions=12)
    assert live.store is not None
    live.close()
    for path in live.store.snapshots()[-3:]:  # as if the game died before its last three autosaves
        path.unlink()
    opened = open_campaign("tomb", saves=tmp_path)
    assert opened.load_report is not None and opened.load_report.rolled_forward == 3
    assert state_hash(opened.state) == state_hash(live.state)
    # What the journal restored is saved, and the game goes on from there.
    assert body_to_state(read_snapshot(live.store.snapshots()[-1])[1]).actions == live.state.actions
    assert opened.submit(HOST, PassTurn()).ok
    opened.close()


def test_a_damaged_newest_snapshot_falls_back_and_the_report_names_it(tmp_path: Path) -> None:
    live = played(tmp_path, actions=6)
    assert live.store is not None
    live.close()
    newest = live.store.snapshots()[-1]
    data = bytearray(newest.read_bytes())
    data[-5] ^= 0xFF
    newest.write_bytes(bytes(data))
    opened = open_campaign(saves=tmp_path)
    report = opened.load_report
    assert report is not None and report.troubled
    assert [(path.name, why) for path, why in report.skipped] == [
        (newest.name, "checksum mismatch: the file is damaged")
    ]
    assert report.snapshot != newest and report.rolled_forward == 1
    assert any(newest.name in line and "damaged" in line for line in report.lines())
    assert state_hash(opened.state) == state_hash(live.state)
    assert newest.with_name(newest.name + ".corrupt").exists()
    opened.close()


def test_a_journal_that_replays_differently_is_refused_and_the_lock_given_back(tmp_path: Path) -> None:
    live = played(tmp_path, actions=4)
    assert live.store is not None
    live.close()
    bogus = {"k": "action", "n": live.state.actions + 1, "seat": "host", "player": "",
             "action": action_to_plain(PassTurn()), "answers": [], "digest": "0000000000000000"}  # fmt: skip
    live.store.append_journal(bogus)
    with pytest.raises(
        CampaignOpenError, match=f"action {live.state.actions + 1} replays to a different state"
    ):
        open_campaign("tomb", saves=tmp_path)
    assert not (tmp_path / "tomb" / LOCK_NAME).exists()


def test_a_campaign_open_in_another_game_is_refused_naming_its_pid(tmp_path: Path) -> None:
    start_campaign(small_party(), 5, saves=tmp_path).close()
    with other_game_holding(tmp_path) as pid:
        with pytest.raises(CampaignOpenError, match=f"pid {pid} on "):
            open_campaign(saves=tmp_path)
        assert (tmp_path / "campaign-1" / LOCK_NAME).read_text().startswith(f"{pid}\n")


def test_continue_opens_the_campaign_saved_last(tmp_path: Path) -> None:
    import os

    for seed in (1, 2, 3):
        start_campaign(small_party(), seed, saves=tmp_path).close()
    for offset, name in enumerate(("campaign-3", "campaign-1", "campaign-2")):
        for path in (tmp_path / name).iterdir():
            os.utime(path, (1_000_000 + offset, 1_000_000 + offset))
    assert newest_campaign(tmp_path) == "campaign-2"
    assert [s.name for s in list_saved(tmp_path)] == ["campaign-2", "campaign-1", "campaign-3"]
    assert list_saved(tmp_path)[0].phase == "interlude" and list_saved(tmp_path)[0].day == 1
    opened = open_campaign(saves=tmp_path)
    assert opened.store is not None and opened.store.name == "campaign-2"
    opened.close()


def test_nothing_to_open_says_so(tmp_path: Path) -> None:
    with pytest.raises(CampaignOpenError, match="no saved campaigns"):
        open_campaign(saves=tmp_path)
    with pytest.raises(CampaignOpenError, match="no campaign called 'ghost'"):
        open_campaign("ghost", saves=tmp_path)
    with pytest.raises(CampaignOpenError, match="not a campaign name"):
        open_campaign("../etc", saves=tmp_path)


def test_a_milestone_is_kept_beyond_the_rolling_window(tmp_path: Path) -> None:
    session = Session(make_campaign(4), CampaignStore(tmp_path, "tomb", keep=2))
    drive(session, random.Random(4), 2)
    milestone = session.milestone("expedition-1")
    assert milestone is not None and milestone.name.endswith("--expedition-1.expd")
    at = session.state.actions
    drive(session, random.Random(5), 6)
    assert session.store is not None
    snapshots = session.store.snapshots()
    assert milestone in snapshots and len(snapshots) == 3  # two rolling autosaves and the milestone
    assert body_to_state(read_snapshot(milestone)[1]).actions == at
    assert Session(make_campaign(4), None).milestone("x") is None


def test_how_many_autosaves_are_kept_is_configurable(tmp_path: Path) -> None:
    """Store: the newest `keep` autosaves stay (10 unless told), for a new and for an opened campaign."""
    from expedition.persistence.store import KEEP

    assert KEEP == 10
    session = start_campaign(small_party(), 6, saves=tmp_path, keep=2)
    for number in range(4):
        assert session.submit(HOST, RenamePlayer(player="player1", name=f"Ann {number}")).ok
    assert session.store is not None and len(session.store.snapshots()) == 2
    session.close()
    opened = open_campaign("campaign-1", saves=tmp_path, keep=3)
    for number in range(4):
        assert opened.submit(HOST, RenamePlayer(player="player2", name=f"Ben {number}")).ok
    assert opened.store is not None and len(opened.store.snapshots()) == 3
    assert body_to_state(opened.store.load_newest().body).players[1].name == "Ben 3"
    opened.close()
    default = open_campaign("campaign-1", saves=tmp_path)
    for number in range(12):
        assert default.submit(HOST, RenamePlayer(player="player1", name=f"Cy {number}")).ok
    assert default.store is not None and len(default.store.snapshots()) == KEEP
    default.close()


def test_opening_says_which_snapshot_was_damaged_and_why_then_plays_on(tmp_path: Path) -> None:
    """Store: the newest intact snapshot loads; each damaged newer one is named with its reason, set aside."""
    live = played(tmp_path, actions=8)
    assert live.store is not None
    live.close()
    newest, second = live.store.snapshots()[-1], live.store.snapshots()[-2]
    newest.write_bytes(newest.read_bytes()[:40])
    second.write_bytes(b"PK\x03\x04" + second.read_bytes()[4:])
    opened = open_campaign("tomb", saves=tmp_path)
    report = opened.load_report
    assert report is not None
    assert [(p.name, why.split(":")[0]) for p, why in report.skipped] == [
        (newest.name, "truncated"),
        (second.name, "wrong magic"),
    ]
    lines = report.lines()
    assert lines[0].startswith(f"{newest.name} was damaged (truncated")
    assert lines[1].startswith(f"{second.name} was damaged (wrong magic")
    assert f"Loaded the previous snapshot, {report.snapshot.name}." in lines
    assert "Replayed 2 actions" in lines[3]
    assert state_hash(opened.state) == state_hash(live.state)
    assert sorted(p.name for p in live.store.folder.glob("*.corrupt")) == sorted(
        [newest.name + ".corrupt", second.name + ".corrupt"]
    )
    assert opened.submit(HOST, RenamePlayer(player="ann", name="Annie")).ok
    opened.close()


def test_a_new_campaign_keeps_everything_creation_gave_the_party(tmp_path: Path) -> None:
    """§5.7: purse, counterfeit coins, stash, sheets and item uids all carry into the campaign."""
    from expedition.rules.character.party import CreationSheet
    from expedition.rules.core.item_defs import Item, ItemDef

    party = small_party()
    party.counterfeit = 11
    party.next_uid = 30
    party.stash.append(Item.new(29, ItemDef("rope", "Rope")))
    party.sheets["c1"] = CreationSheet("c1", class_key="thief", choice="moon_curser")
    session = start_campaign(party, 8, saves=tmp_path)
    state = session.state
    assert (state.silver, state.counterfeit, state.next_uid) == (12, 11, 30)
    assert [item.uid for item in state.stash] == [29] and state.sheets["c1"].choice == "moon_curser"
    assert {member.owner for member in state.party} == {p.id for p in state.players}
    session.close()
    reopened = open_campaign("campaign-1", saves=tmp_path)
    assert reopened.state.counterfeit == 11 and state_hash(reopened.state) == state_hash(state)
    reopened.close()
