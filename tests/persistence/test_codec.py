"""The codec turns the rules' dataclasses into plain values and back, strictly."""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import pkgutil
import types
import typing
from enum import Enum
from typing import Any, Literal, Union, get_args, get_origin

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import expedition.rules
from expedition.persistence.codec import TAG, decode, encode
from expedition.persistence.registry import register, registered
from expedition.persistence.save_errors import EncodeError, SnapshotError
from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, AfflictionGained, Trauma
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.events import DiceRolled, Event, Note
from expedition.rules.core.item_defs import ArmourType, Item, ItemDef, Light, Tag
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.core.tracker import Tracker, Visibility

# Import every rules module so every Event subclass is defined (and so registered) before collection.
for _info in pkgutil.walk_packages(expedition.rules.__path__, "expedition.rules."):
    importlib.import_module(_info.name)


def make_character() -> Character:
    hero = Character(id="c1", name="Wren", owner="player2")
    hero.attrs[Attr.STR].score = 3
    hero.attrs[Attr.STR].fatigue = 1
    hero.attrs[Attr.DEX].wounds = 2
    hero.attrs[Attr.PRE].proficiency = 2
    hero.skills |= {Skill.HAGGLE, Skill.SURGEON}
    hero.traits.add(Trait.HARDENED)
    hero.traumas |= {Trauma.PARANOID, Trauma.BROKEN_ARM}
    hero.afflictions |= {Affliction.HUNGRY, Affliction.CURSED, Affliction.BLEEDING}
    hero.insight.earned, hero.insight.spent = 5, 2
    hero.tokens.shield = 1
    hero.status = Status.FAINTED
    hero.near_death_turns = 3
    torch = ItemDef("torch", "Torch", tags=frozenset({Tag.CAMP, Tag.FRAGILE}), usage=6, light=Light.CLOSE)
    mail = ItemDef(
        "mail", "Chain mail", armour=(2, 3), armour_type=ArmourType.HEAVY, tags=frozenset({Tag.METAL})
    )
    hero.items += [Item.new(1, torch), Item.new(2, mail)]
    hero.items[1].broken[1] = 1
    return hero


def test_character_with_items_afflictions_traumas_and_skills_round_trips() -> None:
    hero = make_character()
    plain = encode(hero)
    # Through real msgpack bytes, as a snapshot would store it.
    again = decode(msgpack.unpackb(msgpack.packb(plain, use_bin_type=True), raw=False), Character)
    assert again == hero
    assert again.attrs[Attr.STR].score == 3
    assert isinstance(next(iter(again.afflictions)), Affliction)
    assert again.items[0].defn.tags == frozenset({Tag.CAMP, Tag.FRAGILE})
    assert again.items[1].defn.armour == (2, 3)


def test_encoding_is_plain_and_tagged() -> None:
    plain = encode(make_character())
    assert plain[TAG] == "Character"
    assert plain["attrs"]["STR"] == {
        TAG: "Attribute",
        "score": 3,
        "proficiency": 0,
        "fatigue": 1,
        "wounds": 0,
    }
    assert plain["afflictions"] == ["bleeding", "cursed", "hungry"]  # sets are written sorted
    assert type(plain["status"]) is str  # the enum's value, not the enum


def test_the_same_state_always_encodes_to_the_same_bytes() -> None:
    one, two = make_character(), make_character()
    two.afflictions = set(reversed(sorted(two.afflictions)))
    assert msgpack.packb(encode(one)) == msgpack.packb(encode(two))


def test_a_list_of_events_decodes_to_each_event_class() -> None:
    events: list[Event] = [
        DiceRolled(rule="§2", who="c1", why="STR test", sides=6, faces=(1, 6)),
        AfflictionGained(rule="§4.6", character="c1", affliction=Affliction.HUNGRY),
        Note(rule="§1", text="hello"),
    ]
    assert decode(encode(events, list[Event]), list[Event]) == events


# --- every registered class round-trips ------------------------------------------------------


def _tracker(cls: type[Tracker]) -> st.SearchStrategy[Any]:
    # Trackers refuse impossible values in __post_init__ (0 segments, overfilled), so draw valid ones.
    return st.integers(1, 12).flatmap(
        lambda size: st.builds(
            cls,
            name=st.text(max_size=10),
            size=st.just(size),
            filled=st.integers(0, size),
            visibility=st.sampled_from(list(Visibility)),
        )
    )


def strategy_for(hint: Any) -> st.SearchStrategy[Any]:
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return st.none() | st.integers() | st.text()
    if hint is type(None):
        return st.none()
    if origin in (Union, types.UnionType):
        return st.one_of(*(strategy_for(a) for a in args))
    if origin is Literal:
        return st.sampled_from(args)
    if origin is list:
        return st.lists(strategy_for(args[0]), max_size=3)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(strategy_for(args[0]), max_size=3).map(tuple)
        return st.tuples(*(strategy_for(a) for a in args))
    if origin in (set, frozenset):
        return st.frozensets(strategy_for(args[0]), max_size=3).map(origin)
    if origin is dict:
        return st.dictionaries(strategy_for(args[0]), strategy_for(args[1]), max_size=3)
    if hint is Decision:
        choices = st.lists(st.text(min_size=1), min_size=1, max_size=3, unique=True)
        return choices.flatmap(
            lambda keys: st.builds(
                Decision,
                kind=st.text(),
                owner=st.text(),
                prompt=st.text(),
                choices=st.just(tuple(Choice(k, k.upper()) for k in keys)),
                default=st.sampled_from(keys),
                rule=st.text(),
            )
        )
    if isinstance(hint, type) and issubclass(hint, Tracker):
        return _tracker(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        kwargs = {f.name: strategy_for(hints[f.name]) for f in dataclasses.fields(hint) if f.init}
        return st.builds(hint, **kwargs)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return st.sampled_from(list(hint))
    simple = {
        int: st.integers(-(2**63), 2**63 - 1),
        str: st.text(max_size=10),
        bool: st.booleans(),
        float: st.floats(allow_nan=False),
        bytes: st.binary(max_size=10),
    }
    return simple[hint]


EVENT_NAMES = sorted(name for name, cls in registered().items() if issubclass(cls, Event))


def test_every_event_and_action_class_is_registered() -> None:
    # Walk every rules module so no class hides in a module this test run has not imported yet.
    import importlib
    import pkgutil

    import expedition.rules
    from expedition.persistence.state import register_actions
    from expedition.rules.core.actions import Action

    register_actions()
    found: list[type] = []
    for info in pkgutil.walk_packages(expedition.rules.__path__, "expedition.rules."):
        module = importlib.import_module(info.name)
        found += [
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, (Event, Action))
            and value not in (Event, Action)
            and value.__module__ == info.name
        ]
    assert "DiceRolled" in EVENT_NAMES and "AfflictionGained" in EVENT_NAMES
    names = registered()
    missing = [cls.__name__ for cls in found if cls.__name__ not in names]
    assert missing == []
    assert len(found) > 60


def _value_classes() -> list[str]:
    # The campaign-state tree (campaign, dungeon, combat, camp …) is too deep for random
    # generation; reachable states of it round-trip in tests/session/test_state_roundtrip.py.
    from expedition.persistence.state import STATE_CLASSES

    deep = {cls.__name__ for cls in STATE_CLASSES}
    return sorted(name for name in registered() if name not in deep)


@pytest.mark.parametrize("name", _value_classes())
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_registered_class_round_trips(name: str, data: st.DataObject) -> None:
    cls = registered()[name]
    value = data.draw(strategy_for(cls))
    plain = encode(value)
    assert plain[TAG] == name
    packed = msgpack.unpackb(msgpack.packb(plain, use_bin_type=True), raw=False)
    assert decode(packed, cls) == value
    if issubclass(cls, Event):
        assert decode(packed, Event) == value  # also through the base class, as an event log holds them


# --- decoding is strict -------------------------------------------------------------------------


def test_a_wrong_type_is_reported_with_its_path() -> None:
    body = {"party": [encode(make_character())]}
    body["party"][0]["attrs"]["STR"]["score"] = "3"
    with pytest.raises(SnapshotError) as raised:
        decode(body["party"], list[Character], "party")
    assert str(raised.value) == "party[0].attrs.STR.score: expected int, got str"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p.update({TAG: "Wizard"}), "party[0]: unknown type 'Wizard'"),
        (lambda p: p.update({TAG: "Item"}), "party[0]: expected Character, got Item"),
        (lambda p: p.pop(TAG), "party[0]: a Character needs a string $type tag"),
        (lambda p: p.update(mana=3), "party[0].mana: unexpected field of Character"),
        (lambda p: p.pop("id"), "party[0].id: missing field of Character"),
        (lambda p: p.update(status="asleep"), "party[0].status: expected Status (active, fainted"),
        (lambda p: p.update(burden_used=1), "party[0].burden_used: expected bool, got int"),
        (lambda p: p["attrs"]["STR"].update(score=True), "party[0].attrs.STR.score: expected int, got bool"),
        (
            lambda p: p["attrs"].update(LUCK=p["attrs"]["STR"]),
            "party[0].attrs<key>: expected Attr (STR, DEX, INT, PRE), got 'LUCK'",
        ),
        (lambda p: p.update(afflictions=["hungry", "hungry"]), "party[0].afflictions: a set repeats"),
        (lambda p: p.update(afflictions="hungry"), "party[0].afflictions: expected set[Affliction]"),
        (lambda p: p.update(near_death_turns="2"), "party[0].near_death_turns: expected int, got str"),
        (
            lambda p: p["items"][0]["defn"].update(armour=[1, "2"]),
            "party[0].items[0].defn.armour[1]: expected int",
        ),
        (
            lambda p: p["items"][0].update(defn=None),
            "party[0].items[0].defn: expected ItemDef (a map), got None",
        ),
    ],
)
def test_a_damaged_value_raises_snapshot_error_naming_where(change: Any, message: str) -> None:
    plain = encode(make_character())
    change(plain)
    with pytest.raises(SnapshotError) as raised:
        decode(plain, Character, "party[0]")
    assert str(raised.value).startswith(message)


def test_a_missing_field_with_a_default_takes_the_default() -> None:
    """New fields get defaults (STYLE.md), so adding one with a default needs no migration."""
    plain = encode(make_character())
    del plain["mortal_wounds"], plain["items"][0]["lit"]
    again = decode(plain, Character)
    assert again.mortal_wounds == 0 and again.items[0].lit is False


def test_a_value_its_class_refuses_is_a_snapshot_error() -> None:
    plain = encode(Decision("reroll", "c1", "Reroll?", (Choice("a", "A"),), "a"))
    plain["default"] = "zzz"
    with pytest.raises(SnapshotError, match="Decision refused its fields"):
        decode(plain, Decision)


plain_trees = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(tree=plain_trees)
def test_garbage_never_raises_anything_but_snapshot_error(tree: Any) -> None:
    for hint in (Character, list[Event], dict[Attr, int], tuple[int, str], set[Affliction] | None):
        with contextlib.suppress(SnapshotError):
            decode(tree, hint)


# --- registering and encoding ------------------------------------------------------------------


def test_register_refuses_non_dataclasses_and_name_clashes() -> None:
    with pytest.raises(TypeError, match="only dataclasses"):
        register(int)

    @dataclasses.dataclass
    class Character:  # same name as the rules' class
        id: str

    with pytest.raises(TypeError, match="two registered classes are named Character"):
        register(Character)


def test_encoding_an_unregistered_dataclass_or_a_wrong_type_is_an_encode_error() -> None:
    @dataclasses.dataclass
    class Unknown:
        x: int

    with pytest.raises(EncodeError, match="not registered"):
        encode(Unknown(1))
    hero = make_character()
    hero.attrs[Attr.STR].score = "3"  # type: ignore[assignment]
    with pytest.raises(EncodeError, match=r"attrs\.STR\.score: expected int, got str"):
        encode(hero)
    hero = make_character()
    hero.faint_turns = 2**70
    with pytest.raises(EncodeError, match="does not fit in 64 bits"):
        encode(hero)


def test_union_members_are_chosen_by_the_value() -> None:
    hint = int | str | None
    for value in (3, "three", None):
        assert decode(encode(value, hint), hint) == value
    assert decode(encode("a", Literal["a", "b"] | int), Literal["a", "b"] | int) == "a"
    with pytest.raises(EncodeError, match=r"expected int \| str \| None, got float"):
        encode(1.5, hint)
    with pytest.raises(SnapshotError, match=r"<root>: expected int \| str, got list"):
        decode([1], int | str)


def test_register_refuses_a_class_whose_hints_do_not_resolve() -> None:
    @dataclasses.dataclass
    class Broken:
        x: NoSuchType  # type: ignore[name-defined]  # noqa: F821

    with pytest.raises(TypeError, match="cannot resolve the type hints of Broken"):
        register(Broken)
