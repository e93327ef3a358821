"""Prayers (§11.2, §5.7.4): PRE test, holy symbol, exhaustion, plea, miracles, the angry god, effects."""

from __future__ import annotations

import pytest

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.expedition import magic_lit
from expedition.rules.magic.prayers.praying import InvokePrayer, MiracleGranted, rest_prayers
from expedition.rules.magic.prayers.sacrifices import MakeSacrifice
from tests.rules.magic_helpers import run
from tests.rules.prayer_helpers import cleric


def test_a_successful_prayer_works_and_is_exhausted_until_a_camp_rest() -> None:
    """§11.2: success works the prayer and exhausts it; resting at camp readies it again."""
    state, cle = cleric("light")
    run(state, InvokePrayer(actor="cle", prayer="light"), [5, 5])
    assert magic_lit(state) and cle.magic.exhausted_prayers == ["light"] and state.turn == 1
    with pytest.raises(IllegalAction, match="exhausted"):
        verify(state, InvokePrayer(actor="cle", prayer="light"))
    rest_prayers(Context(ScriptedDice([])), cle)
    verify(state, InvokePrayer(actor="cle", prayer="light"))


def test_a_failed_prayer_is_ignored_and_not_exhausted() -> None:
    """§11.2: failure: nothing happens, the prayer stays ready."""
    state, cle = cleric("light")
    run(state, InvokePrayer(actor="cle", prayer="light"), [2, 3])
    assert not magic_lit(state) and cle.magic.exhausted_prayers == []


def test_the_desperate_plea_forces_one_exhausted_prayer_per_expedition() -> None:
    """§11.2: once per expedition an exhausted prayer may be prayed anyway."""
    state, cle = cleric("light")
    cle.magic.exhausted_prayers = ["light"]
    run(state, InvokePrayer(actor="cle", prayer="light", plea=True), [5, 5])
    assert cle.magic.plea_used
    with pytest.raises(IllegalAction):
        verify(state, InvokePrayer(actor="cle", prayer="light", plea=True))


def test_no_prayer_works_without_a_holy_symbol() -> None:
    """§11.2: the holy symbol is required."""
    state, cle = cleric("light")
    cle.items.clear()
    with pytest.raises(IllegalAction, match="holy symbol"):
        verify(state, InvokePrayer(actor="cle", prayer="light"))


def test_a_critical_failure_angers_the_god_until_the_sacrifice() -> None:
    """§11.2, §5.7.4: no prayers while the god is angry; Yulak's sacrifice is 2 wounds and Bleeding."""
    state, cle = cleric("light", god="yulak")
    run(state, InvokePrayer(actor="cle", prayer="light"), [1, 2])
    assert cle.magic.god_angry
    with pytest.raises(IllegalAction, match="angry"):
        verify(state, InvokePrayer(actor="cle", prayer="light"))
    run(state, MakeSacrifice(actor="cle"), [])
    assert not cle.magic.god_angry and Affliction.BLEEDING in cle.afflictions
    assert sum(cle[a].wounds for a in Attr) == 2


def test_kaal_rafirs_anger_tires_the_whole_party() -> None:
    """§5.7.4: while Kaal Rafir is angry the party takes 2 PRE fatigue; no sacrifice: pray at camp."""
    state, _cle = cleric("light", god="kaal_rafir")
    run(state, InvokePrayer(actor="cle", prayer="light"), [1, 2])
    assert all(m[Attr.PRE].fatigue + m[Attr.PRE].wounds >= 2 for m in state.party)
    with pytest.raises(IllegalAction, match="camp"):
        verify(state, MakeSacrifice(actor="cle"))


def test_a_great_success_rolls_a_miracle_renewal_readies_every_prayer() -> None:
    """§11.2: great success works the prayer, then 1d6 on the miracle table (3: renewal)."""
    state, cle = cleric("light", "martyr")
    cle.magic.exhausted_prayers = ["martyr"]
    ctx = run(state, InvokePrayer(actor="cle", prayer="light"), [6, 6, 3])
    assert any(isinstance(e, MiracleGranted) and e.roll == 3 for e in ctx.events)
    assert cle.magic.exhausted_prayers == []


def test_miracle_six_outside_a_fight_readies_a_shield_token_for_everyone() -> None:
    """§11.2 miracle 6 out of combat."""
    state, _ = cleric("light")
    run(state, InvokePrayer(actor="cle", prayer="light"), [6, 6, 6])
    assert all(m.tokens.shield == 1 for m in state.party)
