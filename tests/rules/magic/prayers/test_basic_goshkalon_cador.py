"""Prayers with lasting effects (§11.2, HOUSE §11.2): every prayer once MISSING, with scripted dice."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.character.mortal_wounds import die
from expedition.rules.combat.rounds import actions_for
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import Span, end_spans, has_lasting, lasting_on, tick
from expedition.rules.core.rolls import available_dice
from expedition.rules.engine.dispatch import verify
from expedition.rules.magic.fight_magic import hurt_foe
from expedition.rules.magic.prayers.prayer_marks import (
    bars_int,
    foe_actions,
)
from expedition.rules.magic.prayers.praying import InvokePrayer
from tests.rules.magic_helpers import fight
from tests.rules.prayer_helpers import cleric, ctx, pray


def test_create_food_and_water_conjures_a_ration_and_a_unit_of_water() -> None:
    """§11.2 Create food and water."""
    state, cle = cleric("create_food_and_water")
    pray(state, "create_food_and_water", "", [])
    keys = [i.defn.key for i in cle.items + state.stash]
    assert keys.count("ration") == 1 and keys.count("water") == 1


def test_bliss_sets_an_affliction_aside_until_the_expedition_ends() -> None:
    """§11.2 Bliss, HOUSE §11.2: no effect and no cure meanwhile; it is back after the expedition."""
    state, _ = cleric("bliss", god="goshkalon")
    wiz = state.character("wiz")
    wiz.afflictions |= {Affliction.HUNGRY, Affliction.TERRIFIED}
    pray(state, "bliss", "wiz", [], "terrified")
    assert wiz.afflictions == {Affliction.HUNGRY}
    end_spans(ctx(), state, (Span.EXPEDITION,), "left", rule="§11.2")
    assert Affliction.TERRIFIED in wiz.afflictions


def test_bliss_refuses_an_ally_without_afflictions() -> None:
    """§11.2 Bliss needs an affliction."""
    state, _ = cleric("bliss", god="goshkalon")
    with pytest.raises(IllegalAction, match="affliction"):
        verify(state, InvokePrayer(actor="cle", prayer="bliss", target="wiz"))


def test_euphoria_recovers_two_fatigue_and_counts_dice_as_if_unhurt_for_the_fight() -> None:
    """§11.2 Euphoria: 2 fatigue recovered; dice counted from the score until the fight ends."""
    state, _ = cleric("euphoria", god="goshkalon")
    fight(state, "goblin_scrapper")
    wiz = state.character("wiz")
    wiz[Attr.STR].fatigue = 2
    wiz[Attr.DEX].wounds = 1
    pray(state, "euphoria", "wiz", [])
    assert wiz[Attr.STR].fatigue == 0 and wiz[Attr.DEX].wounds == 1
    assert available_dice(wiz, Attr.DEX, combat=True) == 2
    end_spans(ctx(), state, (Span.FIGHT,), "fight over", rule="§11.2")
    assert available_dice(wiz, Attr.DEX, combat=True) == 1


def test_ignorance_bars_int_attacks_for_2d6_rounds() -> None:
    """§11.2 Ignorance on a foe: 2d6 rounds (3 + 1 = 4 here)."""
    state, _ = cleric("ignorance", god="goshkalon")
    fight(state, "goblin_scrapper")
    pray(state, "ignorance", "foe1", [3, 1])
    assert bars_int(state, "foe1") and lasting_on(state, "foe1")[0].left == 4
    for _ in range(4):
        tick(ctx(), state, Span.ROUND, rule="§10.2.1")
    assert not bars_int(state, "foe1")


def test_hyperfocus_gives_three_actions_for_1d6_rounds() -> None:
    """§11.2 Hyperfocus: 3 actions, wired through the combat's hyperfocus set, for 1d6 rounds (2)."""
    state, _ = cleric("hyperfocus", god="goshkalon")
    fight(state, "goblin_scrapper")
    pray(state, "hyperfocus", "wiz", [2])
    combat = state.expedition.combat
    wiz = state.character("wiz")
    assert actions_for(combat, wiz) == 3
    tick(ctx(), state, Span.ROUND, rule="§10.2.1")
    tick(ctx(), state, Span.ROUND, rule="§10.2.1")
    assert actions_for(combat, wiz) == 2 and "wiz" not in combat.hyperfocus


def test_apotheosis_sheds_all_fatigue_which_comes_back_next_turn() -> None:
    """§11.2 Apotheosis: every Nearby ally sheds fatigue; the next exploration turn brings it back."""
    state, cle = cleric("apotheosis", god="goshkalon")
    wiz = state.character("wiz")
    wiz[Attr.STR].fatigue, cle[Attr.DEX].fatigue = 2, 1
    pray(state, "apotheosis", "", [])
    assert wiz[Attr.STR].fatigue == 0 and cle[Attr.DEX].fatigue == 0
    tick(ctx(), state, Span.TURN, rule="§10.1")
    assert wiz[Attr.STR].fatigue == 2 and cle[Attr.DEX].fatigue == 1


def test_borrowed_time_defers_death_until_the_grace_ends() -> None:
    """§11.2 Borrowed Time: 2d6 turns (3 + 1); death waits, and comes if still mortally wounded."""
    state, _ = cleric("borrowed_time")
    wiz = state.character("wiz")
    pray(state, "borrowed_time", "wiz", [3, 1])
    die(ctx(), wiz, cause="test", rule="§4.4")
    assert wiz.status is Status.MORTALLY_WOUNDED
    for _ in range(3):  # the prayer's own turn was the first
        tick(ctx(), state, Span.TURN, rule="§10.1")
    assert wiz.status is Status.DEAD


def test_memento_mori_wounds_an_undead_every_round() -> None:
    """§11.2 Memento mori: 1 wound a round for 2d6 rounds, undead only."""
    state, _ = cleric("memento_mori")
    husk, _goblin = fight(state, "reanimated_husk", "goblin_scrapper")
    with pytest.raises(IllegalAction, match="not undead"):
        verify(state, InvokePrayer(actor="cle", prayer="memento_mori", target="foe2"))
    pray(state, "memento_mori", "foe1", [1, 1])
    tick(ctx(), state, Span.ROUND, rule="§10.2.1")
    assert husk.wounds == 1
    tick(ctx(), state, Span.ROUND, rule="§10.2.1")
    assert husk.wounds == 2 and not has_lasting(state, "foe1", "prayer:memento_mori")


def test_dirge_heals_the_living_nearby_when_the_marked_foe_dies() -> None:
    """§11.2 Dirge: the marked foe drops; Nearby adventurers heal 2 wounds."""
    state, _ = cleric("dirge")
    (goblin,) = fight(state, "goblin_scrapper")
    wiz = state.character("wiz")
    wiz[Attr.STR].wounds = 2
    pray(state, "dirge", "foe1", [4])
    hurt_foe(ctx(), state, goblin, 9, "wiz", "§11.2")
    assert goblin.out and wiz[Attr.STR].wounds == 0


def test_hold_freezes_a_foe_for_1d6_rounds() -> None:
    """§11.2 Hold: no actions for 1d6 rounds (1 here), wired through the combat's held set."""
    state, _ = cleric("hold", god="kaal_rafir")
    (goblin,) = fight(state, "goblin_scrapper")
    pray(state, "hold", "foe1", [1])
    combat = state.expedition.combat
    assert foe_actions(ctx(), state, combat, goblin, 2) == 0
    tick(ctx(), state, Span.ROUND, rule="§10.2.1")
    assert "foe1" not in combat.held and foe_actions(ctx(), state, combat, goblin, 2) == 2
