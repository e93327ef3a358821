"""Tests for engine/magic_options.py: the action bar's magic options and target names (§11, §5.7)."""

from __future__ import annotations

from expedition.rules.engine.magic_options import magic_options, target_name
from tests.rules.magic_helpers import fight, make_state


def labels(state, actor: str) -> dict[str, tuple[bool, str]]:  # type: ignore[no-untyped-def]
    return {o.label: (o.enabled, o.reason) for o in magic_options(state, actor)}


def test_options_list_memorised_spells_usable_now_and_concentrate_on_forgotten_ones() -> None:
    """§11.1, §10.1: a fight-only spell is not offered while exploring; a forgotten one offers Concentrate."""
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.known_spells = ["light", "pain", "hover"]
    wiz.magic.memorised_spells = ["light", "pain"]
    wiz.magic.forgotten_spells = ["hover"]
    shown = labels(state, "wiz")
    assert shown["Cast Light"] == (True, "") and shown["Concentrate on Hover"][0]
    assert not any(label.startswith("Cast Pain") for label in shown)
    fight(state, "giant_rat")
    assert labels(state, "wiz")["Cast Pain → Giant Rat"][0]
    assert magic_options(state, "nobody") == []


def test_an_exhausted_prayer_is_offered_as_the_desperate_plea_and_an_angry_god_asks_a_sacrifice() -> None:
    """§11.2, §5.7.4: the plea is named; with the god angry every prayer is refused with why."""
    state = make_state()
    cle = state.character("cle")
    cle.magic.known_prayers = cle.magic.memorised_prayers = ["light", "cure_light_wounds"]
    cle.magic.exhausted_prayers = ["light"]
    shown = labels(state, "cle")
    assert shown["Pray Light (desperate plea)"][0] and shown["Pray Cure light wounds → Wiz"][0]
    assert "Make the sacrifice" not in shown
    cle.magic.god_angry = True
    shown = labels(state, "cle")
    assert "angry" in shown["Pray Cure light wounds"][1] and not shown["Pray Cure light wounds"][0]
    assert "Make the sacrifice" in shown


def test_target_names_read_as_the_player_would_say_them() -> None:
    """§11: names for adventurers, numbered twin foes, rooms, attributes and tiles."""
    state = make_state()
    fight(state, "giant_rat", "giant_rat", "gremlin")
    assert target_name(state, "cle") == "Cle"
    assert (target_name(state, "foe2"), target_name(state, "foe3")) == ("Giant Rat 2", "Gremlin")
    assert target_name(state, "room:1") == "the Crypt"
    assert (target_name(state, "PRE"), target_name(state, "3,4")) == ("PRE", "the tile 3,4")
    assert target_name(state, "magic_missile") == "Magic missile"
