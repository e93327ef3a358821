"""Prayers with lasting effects (§11.2, HOUSE §11.2): every prayer once MISSING, with scripted dice."""

from __future__ import annotations

import pytest

from expedition.rules.campaign import CampaignState
from expedition.rules.character import Attr, Character, Status
from expedition.rules.combat_rounds import actions_for, check_end
from expedition.rules.combat_state import CombatEnded, CombatOutcome
from expedition.rules.conditions import Affliction
from expedition.rules.context import Context
from expedition.rules.decisions import resolve, resolve_default
from expedition.rules.dice import ScriptedDice
from expedition.rules.errors import IllegalAction
from expedition.rules.lasting import Span, end_spans, has_lasting, lasting_on, tick
from expedition.rules.magic_combat import hurt_foe
from expedition.rules.mortal import die
from expedition.rules.prayer_effects import MISSING, PRAYER_EFFECTS
from expedition.rules.prayer_kaal import EvilGlowed, EyeOpened
from expedition.rules.prayer_marks import (
    ENTROPY,
    bars_int,
    foe_actions,
    give_up,
    hostile,
    sealed,
    silenced,
)
from expedition.rules.prayer_swarm import SwarmDrained, swarm_turn
from expedition.rules.prayers import InvokePrayer
from expedition.rules.rolls import attribute_test, available_dice
from expedition.rules.spellcasting import CastSpell
from expedition.rules.turns import verify
from tests.rules.magic_helpers import WORLD, fight, make_state, run


def cleric(prayer: str, god: str = "cador") -> tuple[CampaignState, Character]:
    state = make_state()
    cle = state.character("cle")
    cle.magic.calling = god
    cle.magic.known_prayers = [prayer]
    cle.magic.memorised_prayers = [prayer]
    return state, cle


def pray(state: CampaignState, prayer: str, target: str, faces: list[int], *keys: str) -> Context:
    """A successful PRE test (5, 5), then the prayer's own dice."""
    return run(state, InvokePrayer(actor="cle", prayer=prayer, target=target), [5, 5, *faces], *keys)


def ctx() -> Context:
    return Context(ScriptedDice([]), world=WORLD)


def test_no_prayer_is_missing_any_more() -> None:
    """§11.2: every prayer has an effect."""
    assert MISSING == {}
    assert {p.key for p in WORLD.prayers.values()} <= set(PRAYER_EFFECTS)


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


def test_detect_evil_shows_the_undead_nearby() -> None:
    """§11.2 Detect Evil, HOUSE §11.2: undead foes Nearby glow; goblins do not."""
    state, _ = cleric("detect_evil", god="yulak")
    fight(state, "reanimated_husk", "goblin_scrapper")
    events = pray(state, "detect_evil", "", [3]).events
    (glow,) = [e for e in events if isinstance(e, EvilGlowed)]
    assert glow.things == ("Reanimated Husk (foe1)",)


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


def test_hold_freezes_a_foe_for_1d6_rounds() -> None:
    """§11.2 Hold: no actions for 1d6 rounds (1 here), wired through the combat's held set."""
    state, _ = cleric("hold", god="kaal_rafir")
    (goblin,) = fight(state, "goblin_scrapper")
    pray(state, "hold", "foe1", [1])
    combat = state.expedition.combat
    assert foe_actions(ctx(), state, combat, goblin, 2) == 0
    tick(ctx(), state, Span.ROUND, rule="§10.2.1")
    assert "foe1" not in combat.held and foe_actions(ctx(), state, combat, goblin, 2) == 2


def test_silence_stops_spells_in_its_area() -> None:
    """§11.2 Silence, HOUSE §11.2: the tile and those around it; no spell is cast there."""
    state, _ = cleric("silence", god="kaal_rafir")
    wiz = state.character("wiz")
    wiz.magic.known_spells = wiz.magic.memorised_spells = ["light"]
    pray(state, "silence", "", [])
    assert silenced(state, (2, 2)) and silenced(state, (3, 3)) and not silenced(state, (5, 2))
    with pytest.raises(IllegalAction, match="silence"):
        verify(state, CastSpell(actor="wiz", spell="light"))


def test_swarm_fights_for_the_party_and_does_not_keep_the_fight_going() -> None:
    """§11.2 Swarm, HOUSE §11.2: a summoned swarm on the party's side drains the cleric's target."""
    state, _ = cleric("swarm", god="kaal_rafir")
    (goblin,) = fight(state, "goblin_scrapper")
    pray(state, "swarm", "", [])
    combat = state.expedition.combat
    swarm = combat.foes[-1]
    assert swarm.key == "swarm_of_insects" and hostile(state, combat) == [goblin]
    drain = Context(ScriptedDice([5, 1]), world=WORLD)  # it flies in, then: a hit, the goblin's armour die
    resolve(swarm_turn(drain, state, combat, swarm), lambda d: "foe1")
    assert [e.wounds for e in drain.events if isinstance(e, SwarmDrained)] == [1]
    assert goblin.wounds == 1 and abs(swarm.pos[0] - goblin.pos[0]) + abs(swarm.pos[1] - goblin.pos[1]) == 1
    miss = Context(ScriptedDice([3, 3]), world=WORLD)
    resolve(swarm_turn(miss, state, combat, swarm), lambda d: "foe1")
    assert [e.wounds for e in miss.events if isinstance(e, SwarmDrained)] == [0, 0] and goblin.wounds == 1
    goblin.out = True
    ended = Context(ScriptedDice([]), world=WORLD)
    assert resolve_default(check_end(ended, state, combat))
    assert any(isinstance(e, CombatEnded) and e.outcome is CombatOutcome.VICTORY for e in ended.events)


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
