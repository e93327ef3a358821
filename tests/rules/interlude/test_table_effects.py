"""Tests for rules/interlude/table_effects.py: table effects read in the interlude (§10.4.4, §10.4.5)."""

from __future__ import annotations

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve
from expedition.rules.core.events import Note
from expedition.rules.core.roll_tables import Effect, EffectStep, parse_effect
from expedition.rules.core.skills import Skill
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.interlude.table_effects import (
    SWAPPABLE,
    MarketChanged,
    SilverLost,
    apply_effect,
    interlude_gain,
)
from tests.rules.interlude_helpers import back_in_town, ctx_with, interlude_of


def _apply(state: CampaignState, text: str, faces: list[int], *keys: str, group: bool = False) -> Context:
    """Apply a parsed effect to the living party with scripted dice, answering with `keys`."""
    ctx = ctx_with(faces)
    effect = parse_effect(text)
    resolve(
        apply_effect(ctx, state, interlude_of(state), effect, state.living, group=group, rule="§10.4.4"),
        answers(*keys),
    )
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return ctx


def test_an_affliction_already_held_is_swapped_for_one_the_owner_picks() -> None:
    """§10.4.5: gaining what is held asks for another; with every one held nothing more happens."""
    state = back_in_town()
    hero = state.character("c1")
    asked: list[Decision] = []

    def pick(decision: Decision) -> str:
        asked.append(decision)
        return "angry"

    resolve(interlude_gain(ctx_with([]), hero, Affliction.HUNGRY, rule="§10.4.5"), pick)
    assert asked == [] and Affliction.HUNGRY in hero.afflictions
    resolve(interlude_gain(ctx_with([]), hero, Affliction.HUNGRY, rule="§10.4.5"), pick)
    assert [d.kind for d in asked] == ["swap_affliction"] and "hungry" not in [
        c.key for c in asked[0].choices
    ]
    assert Affliction.ANGRY in hero.afflictions
    hero.afflictions |= set(SWAPPABLE)
    resolve(interlude_gain(ctx_with([]), hero, Affliction.SHAKEN, rule="§10.4.5"), pick)
    assert len(asked) == 1


def test_settlement_steps_happen_once_for_the_whole_party() -> None:
    """§10.4.4: a settlement's doom moves once, however many adventurers the event covers."""
    state = back_in_town(members=3)
    doom = state.locations[interlude_of(state).settlement].doom
    before = doom.filled
    _apply(state, "settlement_doom:1", [])
    assert doom.filled == before + 1
    _apply(state, "settlement_doom:-1", [])
    assert doom.filled == before


def test_market_events_roll_their_days_and_end_each_other() -> None:
    """§10.4.4: a bad harvest lasts 1d6 days; a good harvest ends it; overcrowding and empty streets alike."""
    state = back_in_town()
    interlude = interlude_of(state)
    ctx = _apply(state, "bad_harvest:1d6", [4])
    assert interlude.bad_harvest == 4 and [e.change for e in ctx.events if isinstance(e, MarketChanged)] == [
        "bad_harvest"
    ]
    _apply(state, "good_harvest", [])
    assert (interlude.good_harvest, interlude.bad_harvest) == (True, 0)
    _apply(state, "overcrowding:2", [])
    _apply(state, "empty_streets", [])
    assert (interlude.empty_streets, interlude.overcrowding) == (True, 0)


def test_thugs_rob_the_group_per_head_and_the_streetwise_keep_their_share() -> None:
    """§10.4.4 row 3, §6.1: a group pays once, shared per head; Street Wise adventurers are not robbed."""
    state = back_in_town(silver=50, members=2)
    state.character("c2").skills.add(Skill.STREET_WISE)
    ctx = _apply(state, "pay_silver:2d6", [6, 4], group=True)
    assert state.silver == 45  # 10 silver, half of it kept by the streetwise
    assert [(e.character, e.silver) for e in ctx.events if isinstance(e, SilverLost)] == [("", 5)]
    ctx = _apply(state, "pay_silver:3", [])  # one by one: the streetwise is passed over
    assert state.silver == 42 and any(isinstance(e, Note) and "street wise" in e.text for e in ctx.events)


def test_each_adventurer_picks_one_of_the_alternatives() -> None:
    """§10.4.4: where a row offers alternatives, each adventurer's owner picks one for them."""
    state = back_in_town()
    hero1, hero2 = state.character("c1"), state.character("c2")
    hero1.afflictions.add(Affliction.SHAKEN)
    hero2[Attr.STR].wounds = 1
    _apply(state, "remove:shaken | heal_wound:1", [], "0", "1")
    assert Affliction.SHAKEN not in hero1.afflictions and hero2[Attr.STR].wounds == 0


def test_the_alternatives_are_offered_in_words_never_as_effect_keys() -> None:
    """The choice reads "Shed Angry or Shaken" / "Heal 1 wound", not "remove_one_of:angry,shaken"."""
    state = back_in_town()
    asked: list[Decision] = []

    def answer(decision: Decision) -> str:
        asked.append(decision)
        return decision.default

    effect = parse_effect("remove_one_of:angry,shaken | heal_wound:1 + recover_fatigue:2 | wound:2")
    ctx = ctx_with([])
    resolve(apply_effect(ctx, state, interlude_of(state), effect, state.living[:1], rule="§10.4.4"), answer)
    assert [c.label for c in asked[0].choices] == [
        "Shed Angry or Shaken",
        "Heal 1 wound and recover 2 fatigue",
        "Take 2 wounds",
    ]


def test_an_effect_with_no_interlude_reading_is_only_noted() -> None:
    """§10.4.4: a verb the interlude cannot read does nothing but say so."""
    state = back_in_town()
    ctx = ctx_with([])
    effect = Effect(options=((EffectStep("scratch"),),))
    resolve(
        apply_effect(ctx, state, interlude_of(state), effect, state.living[:1], rule="§10.4.5"), answers()
    )
    assert [e.text for e in ctx.events if isinstance(e, Note)] == [
        "The interlude has no reading of 'scratch'; nothing happens."
    ]
