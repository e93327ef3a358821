"""Tests for rules/magic/warding.py: what lasting spells change for other rules (§11.1, §16 #2)."""

from __future__ import annotations

import pytest

from expedition.rules.core.lasting import Span, add_lasting
from expedition.rules.magic.warding import (
    FIRE,
    FOG,
    HASTE,
    HOVER,
    INK,
    NIGHT,
    PRISON,
    SEAL,
    SMOKE,
    TELEKINESIS,
    benighted,
    burning,
    foe_blinded,
    hasted,
    hovering,
    imprisoned,
    ink_glow,
    night_at,
    sealed,
    swings_with_int,
    tile_key,
    unharmable,
    where,
)
from tests.rules.magic_helpers import fight, make_state
from tests.rules.prayer_helpers import ctx


def test_smoke_and_the_arcane_prison_keep_harm_off_but_only_the_prison_stops_acting() -> None:
    """§11.1 Smoke form and Arcane prison: neither can be harmed; only the prisoner cannot act."""
    state = make_state()
    assert not unharmable(state, "wiz") and not imprisoned(state, "wiz")
    add_lasting(ctx(), state, SMOKE, "wiz", Span.ROUND, 1, rule="§11.1")
    assert unharmable(state, "wiz") and not imprisoned(state, "wiz")
    add_lasting(ctx(), state, PRISON, "foe1", Span.ROUND, 3, rule="§11.1")
    assert unharmable(state, "foe1") and imprisoned(state, "foe1")
    assert not unharmable(state, "cle")


@pytest.mark.parametrize(
    ("key", "predicate"),
    [(SEAL, sealed), (HASTE, hasted), (HOVER, hovering), (TELEKINESIS, swings_with_int)],
)
def test_each_lasting_spell_is_read_for_its_holder_only(key: str, predicate) -> None:  # type: ignore[no-untyped-def]
    """§11.1 Arcane Seal, Haste, Hover, Telekinesis: the mark answers for whoever holds it, nobody else."""
    state = make_state()
    add_lasting(ctx(), state, key, "wiz", Span.TURN, 2, rule="§11.1")
    assert predicate(state, "wiz") and not predicate(state, "cle")


def test_black_night_covers_its_heart_and_every_tile_around_it_but_not_its_caster() -> None:
    """§11.1 Black night, §16 #2: "everyone Close" counts diagonals; the wizard still sees."""
    state = make_state()
    fight(state, "giant_rat")
    add_lasting(ctx(), state, NIGHT, tile_key((2, 2)), Span.FIGHT, source="wiz", rule="§11.1")
    assert night_at(state, (3, 3)) == "wiz" and night_at(state, (1, 1)) == "wiz"
    assert night_at(state, (4, 2)) is None
    assert where(state, "cle") == (1, 1)  # the cleric's combat tile, diagonal to the heart
    assert benighted(state, "cle") and not benighted(state, "wiz")
    assert foe_blinded(state, "foe1", (3, 2)) and not foe_blinded(state, "foe1", (5, 2))


def test_a_mind_fog_blinds_only_its_foe_and_arcane_fire_burns_only_its_tile() -> None:
    """§11.1 Mind fog (house: the foe cannot see whom it attacks) and Arcane fire."""
    state = make_state()
    add_lasting(ctx(), state, FOG, "foe1", Span.ROUND, 2, rule="§11.1")
    add_lasting(ctx(), state, FIRE, tile_key((4, 2)), Span.FIGHT, rule="§11.1")
    assert foe_blinded(state, "foe1", (8, 3)) and not foe_blinded(state, "foe2", (8, 3))
    assert burning(state, (4, 2)) and not burning(state, (4, 3))


def test_mystic_ink_glows_only_for_a_wizard_who_knows_it_near_the_mark() -> None:
    """§11.1 Mystic ink (house): only wizards with the spell see by a mark on or next to their tile."""
    state = make_state()
    assert state.expedition is not None
    x, y = state.expedition.position
    add_lasting(ctx(), state, INK, tile_key((x + 1, y + 1)), Span.EXPEDITION, rule="§11.1")
    assert not ink_glow(state, "wiz")
    state.character("wiz").magic.known_spells = ["mystic_ink"]
    assert ink_glow(state, "wiz") and not ink_glow(state, "cle")
    state.expedition.position = (x + 3, y)
    assert not ink_glow(state, "wiz")
