"""Tests for rules/camp/camp_verbs.py: what each camp action does, paid from the pool (§10.3, §6.1)."""

from __future__ import annotations

from expedition.rules.camp.ambush import AmbushRolled
from expedition.rules.camp.camp_action_types import BreakCamp, Cook, KeepLookout, Sleep, WellDeservedRest
from expedition.rules.camp.camp_flow import CampBroken
from expedition.rules.camp.camp_setup import camp_of, current_camp
from expedition.rules.camp.camp_state import CampPlace
from expedition.rules.camp.camp_verbs import (
    VERBS,
    CampActionTaken,
    FoodCooked,
    PartyRested,
    PrayersRefreshed,
    refresh_prayers,
)
from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from tests.rules.camp_helpers import RATION, SUPPLIES, camp_with, give, make_state


def _verb(state: object, action: Action, faces: list[int] | None = None, *keys: str) -> Context:
    """Run the action's verb directly (no guard), with scripted dice."""
    ctx = Context(ScriptedDice(faces or []))
    resolve(VERBS[type(action)](ctx, state, action), answers(*keys))  # type: ignore[arg-type]
    return ctx


def test_each_verb_pays_its_cost_and_reports_what_is_left() -> None:
    """§10.3: a lookout costs 1 from the pool and is recorded; Sleep costs 2."""
    state = make_state()
    camp_with(state, CampPlace(long_rest=True))
    ctx = _verb(state, KeepLookout(actor="wren"))
    taken = [e for e in ctx.events if isinstance(e, CampActionTaken)]
    assert [(e.action, e.character, e.cost, e.left, e.rule) for e in taken] == [
        ("KeepLookout", "wren", 1, 2, "§10.3")
    ]
    assert current_camp(state).lookouts == ["wren"]
    ctx = _verb(state, Sleep(actor="moss"))
    assert [e.left for e in ctx.events if isinstance(e, CampActionTaken)] == [0]
    assert [e.sleep for e in ctx.events if isinstance(e, PartyRested)] == [True]
    assert current_camp(state).slept


def test_refresh_prayers_brings_back_every_exhausted_prayer_once() -> None:
    """§11.2, §10.3: rest un-exhausts every prayer, reporting how many; nothing to report when none were."""
    cleric = Character("cle", "Cle")
    cleric.magic.exhausted_prayers.extend(["light", "bless"])
    ctx = Context(ScriptedDice([]))
    refresh_prayers(ctx, cleric)
    refresh_prayers(ctx, cleric)
    assert cleric.magic.exhausted_prayers == []
    assert [(e.character, e.count) for e in ctx.events if isinstance(e, PrayersRefreshed)] == [("cle", 2)]


def test_a_rest_recovers_fatigue_for_everyone_living() -> None:
    """§10.3: a well deserved rest removes all fatigue and Shaken from the whole party."""
    state = make_state()
    wren, moss = state.character("wren"), state.character("moss")
    wren[Attr.DEX].fatigue, moss[Attr.INT].fatigue = 1, 2
    moss.afflictions.add(Affliction.SHAKEN)
    camp_with(state, CampPlace(long_rest=True))
    ctx = _verb(state, WellDeservedRest(actor="wren"))
    assert (wren[Attr.DEX].fatigue, moss[Attr.INT].fatigue) == (0, 0) and not moss.afflictions
    assert [e.sleep for e in ctx.events if isinstance(e, PartyRested)] == [False]


def test_cooking_feeds_the_hungry_first_from_the_cooks_own_rations() -> None:
    """§10.3: one ration feeds 2; the hungry and parched eat first; the cook's rations go first."""
    state = make_state()
    state.party.append(Character("x", "X", owner="ann"))
    state.party.append(Character("y", "Y", owner="ann"))
    hungry = [state.character("x"), state.character("y")]
    for member in hungry:
        member.afflictions.add(Affliction.HUNGRY)
    theirs = give(state, "wren", RATION, 1)
    mine = give(state, "moss", RATION, 1)
    give(state, "moss", SUPPLIES)
    camp_with(state, CampPlace(long_rest=True), "1", "yes")
    ctx = _verb(state, Cook(actor="moss"))
    cooked = [e for e in ctx.events if isinstance(e, FoodCooked)]
    assert [(e.cook, e.rations, e.fed) for e in cooked] == [("moss", 2, ("x", "y", "wren", "moss"))]
    assert mine not in state.character("moss").items and theirs not in state.character("wren").items
    assert not any(Affliction.HUNGRY in m.afflictions for m in hungry)
    assert {d for d in current_camp(state).done if d.startswith("fed:")} == {
        "fed:x",
        "fed:y",
        "fed:wren",
        "fed:moss",
    }


def test_cooking_with_too_few_rations_feeds_only_the_first_eaters() -> None:
    """§10.3: one ration feeds two; the rest go without."""
    state = make_state()
    state.party.append(Character("x", "X", owner="ann"))
    state.character("x").afflictions.add(Affliction.HUNGRY)
    give(state, "wren", RATION, 1)
    give(state, "wren", SUPPLIES)
    camp_with(state, CampPlace(long_rest=True), "1", "yes")
    ctx = _verb(state, Cook(actor="wren"))
    (cooked,) = [e for e in ctx.events if isinstance(e, FoodCooked)]
    assert cooked.rations == 1 and len(cooked.fed) == 2 and cooked.fed[0] == "x"


def test_breaking_camp_does_not_roll_the_ambush_twice() -> None:
    """§10.3: once the ambush roll is made, breaking camp only packs up (doom +1)."""
    state = make_state()
    camp_with(state, CampPlace(exposed=True, long_rest=False))
    current_camp(state).ambush_rolled = True
    ctx = _verb(state, BreakCamp(actor="wren"))  # no faces: a second roll would run out of dice
    assert not any(isinstance(e, AmbushRolled) for e in ctx.events)
    assert [e.doom for e in ctx.events if isinstance(e, CampBroken)] == [1] and camp_of(state) is None
