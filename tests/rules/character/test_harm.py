"""Tests for fatigue and wound placement (§4.1, §4.2, §16 #23)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.fainting import Fainted
from expedition.rules.character.harm import (
    FatigueBecameWound,
    FatigueTaken,
    WoundTaken,
    choose_attribute,
    place_wounds,
    receive_wounds,
    take_fatigue,
)
from expedition.rules.character.mortal_wounds import Died, MortallyWounded
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.item_defs import ArmourSlot, ArmourType, Item, ItemDef
from expedition.rules.core.skills import Trait


def hero(**scores: int) -> Character:
    character = Character(id="ana", name="Ana")
    for name, score in scores.items():
        character[Attr(name)].score = score
    return character


def ctx(*faces: int) -> Context:
    return Context(ScriptedDice(faces))


def marks(character: Character, attr: Attr) -> tuple[int, int]:
    return character[attr].fatigue, character[attr].wounds


# --- take_fatigue (§4.1) ---------------------------------------------------------------------


def test_fatigue_goes_on_the_named_attribute() -> None:
    """§4.1: each point of fatigue marks the named attribute and costs one available die."""
    c, x = hero(STR=3), ctx()
    take_fatigue(x, c, Attr.STR, 2)
    assert marks(c, Attr.STR) == (2, 0)
    assert c[Attr.STR].available == 1
    assert x.events == [FatigueTaken(rule="§4.1", character="ana", attr=Attr.STR, points=2)]


def test_fatigue_overflow_turns_a_fatigue_into_a_wound() -> None:
    """§4.1: a point that would push available dice below 0 turns one fatigue there into a wound."""
    c, x = hero(DEX=2), ctx()
    c[Attr.DEX].fatigue = 2
    take_fatigue(x, c, Attr.DEX)
    assert marks(c, Attr.DEX) == (1, 1)
    assert c.status is Status.ACTIVE
    assert x.events == [FatigueBecameWound(rule="§4.1", character="ana", attr=Attr.DEX, points=1)]


def test_fatigue_on_attribute_full_of_wounds_faints_for_the_discarded_points() -> None:
    """§4.1, §4.3: points that cannot be placed are thrown away and the character faints that many turns."""
    c, x = hero(STR=2), ctx()
    c.tokens.stun = 2
    take_fatigue(x, c, Attr.STR, 5)
    assert marks(c, Attr.STR) == (0, 2)
    assert c.status is Status.FAINTED
    assert c.faint_turns == 1
    assert c.tokens.stun == 0
    assert x.events[-1] == Fainted(rule="§4.3", character="ana", discarded=1, turns=1, stun_discarded=2)


def test_fatigue_on_a_zero_score_attribute_faints() -> None:
    """§4.1: an attribute with no boxes cannot take a point, so the character faints."""
    c, x = hero(INT=0), ctx()
    take_fatigue(x, c, Attr.INT, 2)
    assert marks(c, Attr.INT) == (0, 0)
    assert c.status is Status.FAINTED and c.faint_turns == 2


def test_plagued_takes_fatigue_as_wounds() -> None:
    """§4.1, §4.6: a Plagued character takes every fatigue point as a wound instead."""
    c, x = hero(PRE=3), ctx()
    c.afflictions.add(Affliction.PLAGUED)
    take_fatigue(x, c, Attr.PRE, 2)
    assert marks(c, Attr.PRE) == (0, 2)
    assert WoundTaken(rule="§4.6", character="ana", attr=Attr.PRE, points=2) in x.events


def test_plagued_fatigue_overflow_converts_then_faints() -> None:
    """§4.1, §4.6: with no empty box a Plagued point converts a fatigue, then finds no room and faints."""
    c, x = hero(PRE=2), ctx()
    c.afflictions.add(Affliction.PLAGUED)
    c[Attr.PRE].fatigue = 1
    c[Attr.PRE].wounds = 1
    take_fatigue(x, c, Attr.PRE, 2)
    assert marks(c, Attr.PRE) == (0, 2)
    assert c.status is Status.FAINTED


def test_fatigue_never_mortally_wounds_or_kills() -> None:
    """§4.1: fatigue is not damage; a mortally wounded character only has points thrown away."""
    c, x = hero(STR=1), ctx()
    c.status = Status.MORTALLY_WOUNDED
    c[Attr.STR].wounds = 1
    take_fatigue(x, c, Attr.STR, 3)
    assert c.status is Status.MORTALLY_WOUNDED


def test_dead_character_takes_no_fatigue() -> None:
    """§4.4: death is final; nothing more is marked."""
    c, x = hero(STR=3), ctx()
    c.status = Status.DEAD
    take_fatigue(x, c, Attr.STR, 2)
    assert marks(c, Attr.STR) == (0, 0) and x.events == []


# --- choose_attribute (§16 #23) --------------------------------------------------------------


def test_unnamed_fatigue_attribute_is_the_players_choice() -> None:
    """§16 #23: the owning player chooses the attribute; the default has the most available dice."""
    c = hero(STR=1, DEX=3, INT=2, PRE=2)
    asked: list[Decision] = []

    def answer(decision: Decision) -> str:
        asked.append(decision)
        return "INT"

    assert resolve(choose_attribute(c, prompt="Where?", kind="fatigue", rule="§16 #23"), answer) is Attr.INT
    assert asked[0].owner == "ana" and asked[0].default == "DEX"
    assert asked[0].keys == ("STR", "DEX", "INT", "PRE")


def test_the_attribute_choices_count_dice_and_wounds_in_words() -> None:
    """An attribute of score 1 with one wound reads "1 die" and "1 wound", never "1 dice"."""
    c = hero(STR=1, DEX=3, INT=2, PRE=2)
    c[Attr.STR].wounds = 1
    asked: list[Decision] = []

    def answer(decision: Decision) -> str:
        asked.append(decision)
        return "DEX"

    resolve(choose_attribute(c, prompt="Where?", kind="fatigue", rule="§16 #23"), answer)
    labels = [choice.label for choice in asked[0].choices]
    assert labels[0] == "STR (0 of 1 die free, 0 fatigue, 1 wound)"
    assert labels[1] == "DEX (3 of 3 dice free, 0 fatigue, 0 wounds)"


# --- place_wounds (§4.2) ---------------------------------------------------------------------


def test_wounds_spread_over_attributes_by_the_player() -> None:
    """§4.2: the player spreads wounds over attributes, one point at a time."""
    c, x = hero(STR=2, DEX=2), ctx()
    placed = resolve(place_wounds(x, c, 3), answers("STR", "DEX", "DEX"))
    assert placed == 3
    assert marks(c, Attr.STR) == (0, 1) and marks(c, Attr.DEX) == (0, 2)


def test_wound_may_turn_fatigue_into_a_wound_instead_of_a_new_mark() -> None:
    """§4.2: a wound point may turn a fatigue already on the attribute into a wound."""
    c, x = hero(STR=3), ctx()
    c[Attr.STR].fatigue = 1
    resolve(place_wounds(x, c, 1, named=Attr.STR), answers("STR:fatigue"))
    assert marks(c, Attr.STR) == (0, 1)
    assert x.events == [FatigueBecameWound(rule="§4.2", character="ana", attr=Attr.STR, points=1)]


def test_wound_on_an_attribute_full_of_fatigue_converts_without_asking() -> None:
    """§4.2: with no empty box, the only way to take a wound is to turn a fatigue into one."""
    c, x = hero(STR=2), ctx()
    c[Attr.STR].fatigue = 2
    resolve(place_wounds(x, c, 1, named=Attr.STR), lambda d: pytest.fail(f"asked {d.kind}"))
    assert marks(c, Attr.STR) == (1, 1)


def test_named_attribute_that_cannot_hold_all_loses_excess_and_faints() -> None:
    """§4.2: excess wounds on a named attribute are lost and the character faints."""
    c, x = hero(STR=2, DEX=3), ctx()
    placed = resolve_default(place_wounds(x, c, 4, named=Attr.STR))
    assert placed == 2
    assert marks(c, Attr.STR) == (0, 2) and marks(c, Attr.DEX) == (0, 0)
    assert c.status is Status.FAINTED and c.faint_turns == 2


def test_no_attribute_can_hold_a_lethal_wound_mortally_wounds() -> None:
    """§4.2, §4.4: when no attribute can hold a lethal wound the character is mortally wounded."""
    c, x = hero(STR=1, DEX=1, INT=1, PRE=1), ctx(3)
    placed = resolve_default(place_wounds(x, c, 6))
    assert placed == 4
    assert c.status is Status.MORTALLY_WOUNDED and c.mortal_wounds == 1
    assert any(isinstance(e, MortallyWounded) for e in x.events)


def test_nonlethal_excess_faints_instead_of_mortally_wounding() -> None:
    """§4.2, §2.1 N: non-lethal excess is dropped and the character faints."""
    c, x = hero(STR=1, DEX=1, INT=1, PRE=1), ctx()
    placed = resolve_default(place_wounds(x, c, 6, lethal=False))
    assert placed == 4
    assert c.status is Status.FAINTED and c.faint_turns == 2 and c.mortal_wounds == 0


def test_mortally_wounded_character_dies_from_more_damage() -> None:
    """§4.2: a mortally wounded character who takes any more damage dies."""
    c, x = hero(), ctx()
    c.status = Status.MORTALLY_WOUNDED
    assert resolve_default(place_wounds(x, c, 1)) == 0
    assert c.status is Status.DEAD
    assert any(isinstance(e, Died) for e in x.events)


def test_mortally_wounded_character_ignores_nonlethal_damage() -> None:
    """§2.1 N: damage that would kill is ignored when it is non-lethal."""
    c, x = hero(), ctx()
    c.status = Status.MORTALLY_WOUNDED
    resolve_default(place_wounds(x, c, 2, lethal=False))
    assert c.status is Status.MORTALLY_WOUNDED


def test_fainted_character_still_takes_wounds() -> None:
    """§4.3: wounds keep being placed on a fainted character."""
    c, x = hero(STR=2), ctx()
    c.status = Status.FAINTED
    resolve(place_wounds(x, c, 1), answers("STR"))
    assert marks(c, Attr.STR) == (0, 1)


def test_default_wound_spot_is_the_attribute_with_most_free_dice() -> None:
    """§4.2: with no answer, each wound goes where most dice are free."""
    c, x = hero(STR=1, DEX=3, INT=2, PRE=1), ctx()
    resolve_default(place_wounds(x, c, 2))
    # DEX has 3 free, then 2 (tied with INT; the first attribute wins the tie).
    assert marks(c, Attr.DEX) == (0, 2)
    assert sum(c[a].wounds for a in Attr) == 2


# --- receive_wounds (§4.2) -------------------------------------------------------------------

LEATHER = ItemDef(
    "leather_armor", "Leather armour", armour=(2,), armour_type=ArmourType.MEDIUM, armour_slot=ArmourSlot.BODY
)
GLADIATOR = ItemDef(
    "gladiator_armor",
    "Gladiator armour",
    armour=(1, 1),
    armour_type=ArmourType.MEDIUM,
    armour_slot=ArmourSlot.BODY,
)


def test_receive_wounds_rolls_the_chosen_armour_first() -> None:
    """§4.2: one die per AP; 5 and 4 remove two wounds, the 4 breaks an AP; the rest is placed."""
    c, x = hero(STR=3), ctx(5, 4)
    armour = Item.new(1, LEATHER)
    placed = resolve(receive_wounds(x, c, 3, armour=(armour,), named=Attr.STR), answers("1:0", "2"))
    assert placed == 1
    assert armour.broken == [1]
    assert marks(c, Attr.STR) == (0, 1)


def test_receive_wounds_may_roll_fewer_armour_dice() -> None:
    """§4.2: the player may roll fewer armour dice to protect the armour."""
    c, x = hero(STR=3), ctx(6)
    armour = Item.new(1, LEATHER)
    assert resolve(receive_wounds(x, c, 2, armour=(armour,), named=Attr.STR), answers("1:0", "1")) == 1
    assert armour.broken == [0]


def test_receive_wounds_without_armour_roll() -> None:
    """§4.2: the player may roll no armour at all."""
    c, x = hero(STR=3), ctx()
    armour = Item.new(1, LEATHER)
    assert resolve(receive_wounds(x, c, 2, armour=(armour,), named=Attr.STR), answers("none")) == 2


def test_multi_part_armour_rolls_only_one_part() -> None:
    """§4.2: each part of multi-part armour rolls and breaks separately; one part per attack."""
    c, x = hero(STR=3), ctx(1)
    armour = Item.new(1, GLADIATOR)
    assert resolve(receive_wounds(x, c, 1, armour=(armour,), named=Attr.STR), answers("1:1")) == 1
    assert armour.broken == [0, 1]
    assert armour.working_ap(0) == 1


def test_piercing_skips_the_armour_roll() -> None:
    """§4.2, §2.1 P: piercing damage allows no armour roll."""
    c, dice = hero(STR=3), ScriptedDice([])
    armour = Item.new(1, LEATHER)
    placed = resolve(
        receive_wounds(Context(dice), c, 2, armour=(armour,), pierce=True, named=Attr.STR),
        lambda d: pytest.fail(f"asked {d.kind}"),
    )
    assert placed == 2 and armour.broken == [0]


def test_resistance_comes_off_after_armour_but_not_for_r() -> None:
    """§4.2, §2.1 R: flat resistance reduces damage; R damage ignores it."""
    c, x = hero(STR=3), ctx()
    assert resolve_default(receive_wounds(x, c, 2, resistance=1, named=Attr.STR)) == 1
    c2 = hero(STR=3)
    assert resolve_default(receive_wounds(x, c2, 2, resistance=1, unreducible=True, named=Attr.STR)) == 2


def test_damage_reduced_to_zero_does_nothing() -> None:
    """§4.2: damage of 0 or less after reductions does nothing, even to the mortally wounded."""
    c, x = hero(STR=3), ctx(6)
    c.status = Status.MORTALLY_WOUNDED
    armour = Item.new(1, LEATHER)
    assert resolve(receive_wounds(x, c, 1, armour=(armour,)), answers("1:0", "1")) == 0
    assert c.status is Status.MORTALLY_WOUNDED


@pytest.mark.parametrize(("faces", "placed"), [((6, 6), 1), ((5, 2), 2), ((2, 3), 3)])
def test_hardened_str_test_resists_wounds(faces: tuple[int, int], placed: int) -> None:
    """§4.2, §6.2: Hardened: a STR test; success resists 1 wound, great success 2, failure none."""
    c, x = hero(STR=2, DEX=3), ctx(*faces)
    c.traits.add(Trait.HARDENED)
    assert resolve(receive_wounds(x, c, 3, named=Attr.DEX), answers("test")) == placed
    assert c[Attr.DEX].wounds == placed


def test_hardened_may_decline_the_test() -> None:
    """§6.2: Hardened "may" test; declining rolls nothing."""
    c, x = hero(STR=2, DEX=3), ctx()
    c.traits.add(Trait.HARDENED)
    assert resolve(receive_wounds(x, c, 2, named=Attr.DEX), answers("pass")) == 2


def test_hardened_does_not_apply_to_r_damage() -> None:
    """§2.1 R, §4.2: R damage cannot be reduced by Hardened, so no test is offered."""
    c, x = hero(STR=2, DEX=3), ctx()
    c.traits.add(Trait.HARDENED)
    placed = resolve(
        receive_wounds(x, c, 2, unreducible=True, named=Attr.DEX), lambda d: pytest.fail(f"asked {d.kind}")
    )
    assert placed == 2


# --- invariants ------------------------------------------------------------------------------

_steps = st.lists(
    st.tuples(
        st.sampled_from(["fatigue", "wound", "nonlethal"]), st.sampled_from(list(Attr)), st.integers(0, 4)
    ),
    max_size=15,
)


@given(scores=st.lists(st.integers(0, 5), min_size=4, max_size=4), steps=_steps, seed=st.integers(0, 2**16))
def test_marks_never_exceed_score_and_death_is_final(
    scores: list[int], steps: list[tuple[str, Attr, int]], seed: int
) -> None:
    """§4.1, §4.2: fatigue + wounds ≤ score and both ≥ 0 after any sequence; a dead character stays dead."""
    c = hero(**{str(a): s for a, s in zip(Attr, scores, strict=True)})
    x = Context(SeededDice(seed))
    died = False
    for kind, attr, amount in steps:
        if kind == "fatigue":
            take_fatigue(x, c, attr, amount)
        else:
            resolve_default(place_wounds(x, c, amount, lethal=kind == "wound"))
        for a in Attr:
            mark = c[a]
            assert mark.fatigue >= 0 and mark.wounds >= 0
            assert mark.fatigue + mark.wounds <= mark.score
        died = died or c.status is Status.DEAD
        assert not died or c.status is Status.DEAD
