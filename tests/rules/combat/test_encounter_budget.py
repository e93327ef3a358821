"""The encounter budget (HOUSE §2.2–§2.3): B, the row stepping down, and the group built within B."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.combat.encounter_budget import (
    FIRST_FITS,
    STANDARD_BUDGET,
    build_group,
    encounter_budget,
    step_down,
)
from expedition.rules.exploration.features import EncounterRow

THREATS = {"rat": 1, "goblin": 2, "ogre": 5, "giant": 9}


def test_b_is_n_times_depth_plus_one_at_least_two_times_the_kind() -> None:
    assert encounter_budget(4, 1) == 8.0
    assert encounter_budget(4, 1, STANDARD_BUDGET) == 6.0
    assert encounter_budget(1.5, 2, 1.5) == 6.75  # a wandering group's N may hold halves
    assert encounter_budget(0.5, 0) == 2.0  # never below 2


def test_a_row_steps_down_while_its_first_member_costs_over_one_and_a_half_b() -> None:
    rows = [
        EncounterRow(1, "Rats", ("rat",)),
        EncounterRow(2, "Ogres", ("ogre",)),
        EncounterRow(3, "Giants", ("giant",)),
    ]
    assert step_down(rows, 2, 6.0, THREATS) == 2  # 9 ≤ 1½ × 6
    assert step_down(rows, 2, 5.9, THREATS) == 1  # 9 > 8.85; an ogre (5) fits
    assert step_down(rows, 2, 3.0, THREATS) == 0  # both too dear: the first row, whatever it costs
    assert step_down(rows, 0, 0.1, THREATS) == 0
    assert FIRST_FITS == 1.5


def test_the_core_skips_what_would_pass_b_but_keeps_its_first_then_filler_to_the_cap() -> None:
    row = EncounterRow(1, "Band", ("ogre", "goblin", "ogre", "rat"), filler=("rat",))
    assert build_group(row, 4, 6, threats=THREATS) == ("ogre",)  # the first is kept even over B
    assert build_group(row, 8, 6, threats=THREATS) == ("ogre", "goblin", "rat")
    assert build_group(row, 12, 6, threats=THREATS) == ("ogre", "goblin", "ogre")  # the rat would make 13
    assert build_group(row, 14, 6, threats=THREATS) == ("ogre", "goblin", "ogre", "rat", "rat")
    assert build_group(row, 14, 4, threats=THREATS) == ("ogre", "goblin", "ogre", "rat")  # cap reached
    assert build_group(row, 1, 6, apex=True, threats=THREATS) == row.core  # an apex lair comes whole


@given(
    core=st.lists(st.sampled_from(sorted(THREATS)), min_size=1, max_size=6),
    limit=st.floats(0, 40, allow_nan=False),
)
def test_a_group_passes_b_only_by_its_first_member(core: list[str], limit: float) -> None:
    group = build_group(EncounterRow(1, "Any", tuple(core)), limit, 10, threats=THREATS)
    assert group[0] == core[0]
    assert sum(THREATS[k] for k in group[1:]) + THREATS[group[0]] <= max(limit, THREATS[group[0]])
