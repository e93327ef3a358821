"""Tests for magic/prayers/yulak_akhzu_kaal.py:

Yulak, Akhzu and Kaal Rafir prayers with places and marks (§11.2).
"""

from __future__ import annotations

import pytest

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import Span, has_lasting, tick
from expedition.rules.core.rolls import attribute_test
from expedition.rules.engine.dispatch import verify
from expedition.rules.magic.prayers.prayer_marks import (
    ENTROPY,
    give_up,
    sealed,
    silenced,
)
from expedition.rules.magic.prayers.praying import InvokePrayer
from expedition.rules.magic.prayers.yulak_akhzu_kaal import EvilGlowed, EyeOpened
from expedition.rules.magic.spells.spellcasting import CastSpell
from tests.rules.magic_helpers import WORLD, fight
from tests.rules.prayer_helpers import cleric, ctx, pray


def test_seal_draws_a_line_the_undead_cannot_enter() -> None:
    """§11.2 Seal, HOUSE §11.2: the chosen tile and one beside it; only the undead are kept out."""
    state, _ = cleric("seal")
    pray(state, "seal", "3,2", [])
    husk, goblin = fight(state, "reanimated_husk", "goblin_scrapper")
    assert (3, 2) in sealed(state, husk) and len(sealed(state, husk)) == 2
    assert sealed(state, goblin) == set()


def test_seal_refuses_a_tile_not_next_to_the_cleric() -> None:
    """§11.2 Seal is drawn Close."""
    state, _ = cleric("seal")
    with pytest.raises(IllegalAction, match="next to the cleric"):
        verify(state, InvokePrayer(actor="cle", prayer="seal", target="7,3"))


def test_detect_evil_shows_the_undead_nearby() -> None:
    """§11.2 Detect Evil, HOUSE §11.2: undead foes Nearby glow; goblins do not."""
    state, _ = cleric("detect_evil", god="yulak")
    fight(state, "reanimated_husk", "goblin_scrapper")
    events = pray(state, "detect_evil", "", [3]).events
    (glow,) = [e for e in events if isinstance(e, EvilGlowed)]
    assert glow.things == ("Reanimated Husk",)


def test_righteous_fury_makes_angry_and_adds_three_dice_to_the_next_roll_only() -> None:
    """§11.2 Righteous Fury: Angry, +3 dice on the next roll, then back to the usual dice."""
    state, cle = cleric("righteous_fury", god="yulak")
    state.expedition.combat = None
    pray(state, "righteous_fury", "", [])
    assert Affliction.ANGRY in cle.afflictions
    first = Context(ScriptedDice([2, 2, 2, 2, 2]), world=WORLD)
    resolve_default(attribute_test(first, cle, Attr.STR))
    assert first.dice.used == 5  # type: ignore[attr-defined]
    second = Context(ScriptedDice([2, 2]), world=WORLD)
    resolve_default(attribute_test(second, cle, Attr.STR))
    assert second.dice.used == 2  # type: ignore[attr-defined]


def test_season_of_changes_moves_wounds_and_fatigue_between_attributes() -> None:
    """§11.2 Season of changes: the ally's player picks from, to, and how many."""
    state, _ = cleric("season_of_changes", god="akhzu")
    wiz = state.character("wiz")
    wiz[Attr.STR].wounds, wiz[Attr.STR].fatigue = 1, 1
    pray(state, "season_of_changes", "wiz", [], "STR", "DEX", "1", "0")
    assert (wiz[Attr.STR].wounds, wiz[Attr.STR].fatigue) == (0, 1)
    assert (wiz[Attr.DEX].wounds, wiz[Attr.DEX].fatigue) == (1, 0)


def test_eyes_of_the_forest_reveal_what_the_eye_sees() -> None:
    """§11.2 Eyes of the forest, HOUSE §11.2: an eye on a seen tile adds what it sees to the map."""
    state, _ = cleric("eyes_of_the_forest", god="akhzu")
    state.expedition.seen[1] = {(2, 2)}
    with pytest.raises(IllegalAction, match="seen"):
        verify(state, InvokePrayer(actor="cle", prayer="eyes_of_the_forest", target="7,2"))
    events = pray(state, "eyes_of_the_forest", "2,2", []).events
    assert any(isinstance(e, EyeOpened) and e.revealed > 0 for e in events)
    assert (3, 3) in state.expedition.seen[1]


def test_silence_stops_spells_in_its_area() -> None:
    """§11.2 Silence, HOUSE §11.2: the tile and those around it; no spell is cast there."""
    state, _ = cleric("silence", god="kaal_rafir")
    wiz = state.character("wiz")
    wiz.magic.known_spells = wiz.magic.memorised_spells = ["light"]
    pray(state, "silence", "", [])
    assert silenced(state, (2, 2)) and silenced(state, (3, 3)) and not silenced(state, (5, 2))
    with pytest.raises(IllegalAction, match="silence"):
        verify(state, CastSpell(actor="wiz", spell="light"))


def test_entropy_makes_others_give_up_an_action_or_tire() -> None:
    """§11.2 Entropy: the wizard gives up an action, the goblin too (house); the cleric is spared."""
    state, _ = cleric("entropy", god="kaal_rafir")
    fight(state, "goblin_scrapper")
    pray(state, "entropy", "", [], "action")
    assert has_lasting(state, "wiz", ENTROPY) and has_lasting(state, "foe1", ENTROPY)
    assert not has_lasting(state, "cle", ENTROPY)
    assert give_up(ctx(), state, "wiz") == 1 and not has_lasting(state, "wiz", ENTROPY)


def test_entropy_can_be_paid_with_two_fatigue() -> None:
    """§11.2 Entropy: or 2 non-lethal fatigue on an attribute the player names."""
    state, _ = cleric("entropy", god="kaal_rafir")
    fight(state, "goblin_scrapper")
    pray(state, "entropy", "", [], "fatigue", "STR")
    assert state.character("wiz")[Attr.STR].fatigue == 2 and not has_lasting(state, "wiz", ENTROPY)


def test_decay_curses_for_five_turns_with_fatigue_each_turn() -> None:
    """§11.2 Decay: Cursed, 1 fatigue a turn on the named attribute, lifted after 5 turns."""
    state, _ = cleric("decay", god="kaal_rafir")
    wiz = state.character("wiz")
    wiz[Attr.STR].score = 5
    pray(state, "decay", "wiz", [], "STR")
    assert Affliction.CURSED in wiz.afflictions and wiz[Attr.STR].fatigue == 1  # the prayer's turn
    for _ in range(4):
        tick(ctx(), state, Span.TURN, rule="§10.1")
    assert wiz[Attr.STR].fatigue == 5 and Affliction.CURSED not in wiz.afflictions
