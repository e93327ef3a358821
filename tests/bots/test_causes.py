"""What the referee names as the cause of a faint or a death, from one action's events."""

from __future__ import annotations

from expedition.bots.causes import EXHAUSTION, FAINT, harm_causes
from expedition.rules.character.fainting import Fainted
from expedition.rules.core.attributes import Attr
from expedition.rules.core.judging import Outcome
from expedition.rules.core.roll_events import RollJudged
from expedition.rules.exploration.traps import TrapSprung


def _test(*, fatigue: bool) -> RollJudged:
    return RollJudged(
        character="c1",
        attr=Attr.STR,
        check=False,
        outcome=Outcome.FAILURE,
        faces=(2,),
        fatigue=fatigue,
        helper="",
        helper_fatigue=False,
        omens=0,
        rule="§3.2",
    )


FAINTED = Fainted(character="c1", discarded=1, turns=1, stun_discarded=0, rule="§4.2")


def test_a_faint_right_after_a_tiring_test_outside_a_fight_is_exhaustion() -> None:
    """Forcing a door with no STR die left: the test's fatigue had nowhere to go (§4.1). These were
    "other", a tenth of all faints in a simulation."""
    assert harm_causes([_test(fatigue=True), FAINTED], fighting=False) == [(FAINT, EXHAUSTION)]


def test_a_test_that_does_not_tire_names_no_cause() -> None:
    assert harm_causes([_test(fatigue=False), FAINTED], fighting=False) == [(FAINT, "other")]


def test_a_trap_stays_the_cause_of_the_faint_its_test_brings() -> None:
    sprung = TrapSprung(trap="pit", name="Pit", pos=(1, 1), victim="c1", rule="§8.4")
    assert harm_causes([sprung, _test(fatigue=True), FAINTED], fighting=False) == [(FAINT, "traps")]


def test_in_a_fight_a_tiring_test_is_still_the_enemies_doing() -> None:
    assert harm_causes([_test(fatigue=True), FAINTED], fighting=True) == [(FAINT, "enemies")]
