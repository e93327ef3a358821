"""Every old snapshot format loads as a whole real campaign, and plays on.

The format-1 fixtures are states of real seeded games written as format 1 wrote them (see
`data/make_v1_campaigns.py`); a test fixture of a few fields would not show that a migration
leaves out something a whole state needs.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from expedition.persistence.migrations import migrate
from expedition.persistence.snapshot import read_snapshot
from expedition.persistence.state import state_to_body
from expedition.persistence.validation import saved_state
from expedition.session.campaigns import open_campaign
from tests.persistence.data.make_v1_campaigns import to_format_1
from tests.persistence.real_states import DATA, REAL, fixture_path, real_body
from tests.session.helpers import drive

MANIFEST = json.loads((DATA / "v1_real.json").read_text())


@pytest.mark.parametrize("name", REAL)
def test_a_real_format_1_campaign_migrates_to_the_state_it_was(name: str) -> None:
    header, body = read_snapshot(fixture_path(name))
    assert header.format_version == 1
    state = saved_state(body)
    held = MANIFEST[fixture_path(name).name]
    assert state.seed == held["seed"] and state.dice == {"seed": held["seed"], "index": held["dice_index"]}
    assert (state.actions, state.day, str(state.phase)) == (held["actions"], held["day"], held["phase"])
    assert [member.name for member in state.party] == held["party"]
    assert (state.expedition is not None) == held["exploring"]
    assert (state.expedition is not None and state.expedition.combat is not None) == held["fighting"]


@pytest.mark.parametrize("name", REAL)
def test_down_converting_and_migrating_back_is_the_identity(name: str) -> None:
    body = real_body(name)
    assert migrate(to_format_1(body), 1) == body


@pytest.mark.parametrize("name", ["exploring", "fighting"])
def test_a_campaign_saved_in_format_1_opens_and_plays_on(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "old"
    folder.mkdir()
    shutil.copy(fixture_path(name), folder / "snap-00000001.expd")
    session = open_campaign("old", saves=tmp_path)
    before = session.state.actions
    drive(session, random.Random(1), 5)
    assert session.state.actions > before
    session.close()
    again = open_campaign("old", saves=tmp_path)
    assert state_to_body(again.state) == state_to_body(session.state)
    again.close()
