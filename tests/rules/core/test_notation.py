"""Tests for rules/core/notation.py: the attack notation parser (§2.1, §7.5, §16 #7, §16 #24)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expedition.rules.core.attributes import Attr
from expedition.rules.core.distance import Range
from expedition.rules.core.errors import NotationError
from expedition.rules.core.notation import Attack, Flag, parse_attack, parse_named_attack
from expedition.rules.core.reach import CLOSE, Reach

B, P, R, N, X = Flag.BLEEDING, Flag.PIERCE, Flag.UNREDUCIBLE, Flag.NONLETHAL, Flag.IGNORES_SHIELDS


def attack(
    *attrs: Attr,
    defence: int = 0,
    base: int = 0,
    base_flags: frozenset[Flag] = frozenset(),
    crit: int = 0,
    crit_flags: frozenset[Flag] = frozenset(),
    reach: Reach = CLOSE,
) -> Attack:
    return Attack(attrs, defence, base, base_flags, crit, crit_flags, reach)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # §7.5 weapon table and kit weapons
        ("STR 2", attack(Attr.STR, base=2)),
        ("STR 1+3P", attack(Attr.STR, base=1, crit=3, crit_flags=frozenset({P}))),
        ("STR 3+1B", attack(Attr.STR, base=3, crit=1, crit_flags=frozenset({B}))),
        ("STR 1B+1", attack(Attr.STR, base=1, base_flags=frozenset({B}), crit=1)),
        ("DEX 1R+2B", attack(Attr.DEX, base=1, base_flags=frozenset({R}), crit=2, crit_flags=frozenset({B}))),
        ("STR 2P+3", attack(Attr.STR, base=2, base_flags=frozenset({P}), crit=3)),
        ("DEX 3P+1R", attack(Attr.DEX, base=3, base_flags=frozenset({P}), crit=1, crit_flags=frozenset({R}))),
        ("STR 2X+2", attack(Attr.STR, base=2, base_flags=frozenset({X}), crit=2)),
        ("DEX 1X+1", attack(Attr.DEX, base=1, base_flags=frozenset({X}), crit=1)),
        ("STR 2+1P", attack(Attr.STR, base=2, crit=1, crit_flags=frozenset({P}))),
        ("STR 2B+2", attack(Attr.STR, base=2, base_flags=frozenset({B}), crit=2)),
        # §7.5 magic attacks
        ("INT 3P", attack(Attr.INT, base=3, base_flags=frozenset({P}))),
        ("INT 2P", attack(Attr.INT, base=2, base_flags=frozenset({P}))),
        ("STR 1PR+6", attack(Attr.STR, base=1, base_flags=frozenset({P, R}), crit=6)),
        ("DEX 2PR", attack(Attr.DEX, base=2, base_flags=frozenset({P, R}))),
        ("STR 1N", attack(Attr.STR, base=1, base_flags=frozenset({N}))),
        # §2.1 defence prefixes and odd codes
        ("-STR 2+2B", attack(Attr.STR, defence=-1, base=2, crit=2, crit_flags=frozenset({B}))),
        ("+DEX 1", attack(Attr.DEX, defence=1, base=1)),
        ("−STR 1+1", attack(Attr.STR, defence=-1, base=1, crit=1)),
        ("STR/DEX 3", attack(Attr.STR, Attr.DEX, base=3)),
        ("STR/INT/DEX 2P", attack(Attr.STR, Attr.INT, Attr.DEX, base=2, base_flags=frozenset({P}))),
        ("-PER 1", attack(Attr.PRE, defence=-1, base=1)),
        ("DEX Nearby 1", attack(Attr.DEX, base=1, reach=Reach(Range.NEARBY))),
        # §16 #24: no damage number deals 0 but keeps the defence modifier
        ("-DEX", attack(Attr.DEX, defence=-1)),
        ("DEX", attack(Attr.DEX)),
        ("-INT", attack(Attr.INT, defence=-1)),
        ("INT 0", attack(Attr.INT)),
        # ranges after the damage
        (
            "STR 3+1B Nearby",
            attack(Attr.STR, base=3, crit=1, crit_flags=frozenset({B}), reach=Reach(Range.NEARBY)),
        ),
        ("STR 3+1B, 2 tiles", attack(Attr.STR, base=3, crit=1, crit_flags=frozenset({B}), reach=Reach(2))),
        (
            "DEX 2+1R: Far",
            attack(Attr.DEX, base=2, crit=1, crit_flags=frozenset({R}), reach=Reach(Range.FAR)),
        ),
        ("DEX 1 Distant", attack(Attr.DEX, base=1, reach=Reach(Range.DISTANT))),
        ("STR 3+1B 3 tiles", attack(Attr.STR, base=3, crit=1, crit_flags=frozenset({B}), reach=Reach(3))),
        ("STR 2 Close", attack(Attr.STR, base=2)),
        ("  STR 3 + 1B  ", attack(Attr.STR, base=3, crit=1, crit_flags=frozenset({B}))),
    ],
)
def test_parse_attack_reads_book_examples(text: str, expected: Attack) -> None:
    """§2.1, §7.5: every notation the book prints parses to the intended attack."""
    assert parse_attack(text) == expected


def test_e_flag_is_accepted_and_dropped() -> None:
    """§16 #7: the undefined E flag is ignored."""
    assert parse_attack("DEX 1E+2B") == parse_attack("DEX 1+2B")


def test_x_flag_ignores_shields_on_every_hit() -> None:
    """§16 #7: X means the defender may not spend shield tokens."""
    assert parse_attack("STR 2X+2").ignores_shields
    assert not parse_attack("STR 2+2").ignores_shields


def test_falchion_damage_and_bleeding_only_on_critical() -> None:
    """§2.1: STR 3+1B deals 3 on a hit and 4 plus Bleeding on a critical."""
    falchion = parse_attack("STR 3+1B")
    assert falchion.damage(critical=False) == 3
    assert falchion.damage(critical=True) == 4
    assert not falchion.bleeds(critical=False)
    assert falchion.bleeds(critical=True)
    assert falchion.flags(critical=False) == frozenset()
    assert falchion.flags(critical=True) == frozenset({B})


def test_base_flags_apply_on_every_hit_and_on_criticals() -> None:
    """§2.1 note: flags on BASE apply to every hit, critical or not."""
    cleansing = parse_attack("STR 1PR+6")
    assert cleansing.pierce and cleansing.unreducible and not cleansing.nonlethal
    assert cleansing.flags(critical=False) == frozenset({P, R})
    assert cleansing.flags(critical=True) == frozenset({P, R})
    assert cleansing.damage(critical=True) == 7
    assert parse_attack("STR 1N").nonlethal


def test_crit_only_pierce_is_not_a_pierce_on_every_hit() -> None:
    """§2.1: the dagger's P (STR 1+3P) applies only on a critical."""
    dagger = parse_attack("STR 1+3P")
    assert not dagger.pierce
    assert P in dagger.flags(critical=True)


def test_attack_with_no_damage_number_deals_nothing() -> None:
    """§16 #24: -DEX deals 0 wounds even on a critical, but the defence is at disadvantage."""
    void_axe = parse_attack("-DEX")
    assert void_axe.damage(critical=False) == 0
    assert void_axe.damage(critical=True) == 0
    assert void_axe.defence == -1


def test_no_range_means_close() -> None:
    """§2.1: with no range written the attack reaches Close only."""
    assert parse_attack("STR 2").reach == CLOSE
    assert parse_attack("STR 2").reach.tiles == 1


@pytest.mark.parametrize(
    ("text", "name", "notation"),
    [
        ("Falchion (STR 3+1B)", "Falchion", "STR 3+1B"),
        ("Rend (-STR 2+2B)", "Rend", "-STR 2+2B"),
        ("Throwing hatchet (DEX 1+1): Nearby", "Throwing hatchet", "DEX 1+1, Nearby"),
        ("Long Spear (STR 3+1B), 2 tiles", "Long Spear", "STR 3+1B, 2 tiles"),
        ("Void Axe (-DEX)", "Void Axe", "-DEX"),
        ("Controlling Gaze (INT 0)", "Controlling Gaze", "INT"),
        ("Silken bola (DEX Nearby 1)", "Silken bola", "DEX 1, Nearby"),
    ],
)
def test_parse_named_attack_splits_name_and_notation(text: str, name: str, notation: str) -> None:
    """§2.1: named attacks in content, with an optional range after the parentheses."""
    assert parse_named_attack(text) == (name, parse_attack(notation))


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("", 0),
        ("3 STR", 0),
        ("SRT 3", 1),
        ("ST 3", 2),
        ("STRX 3", 3),
        ("STR3", 3),
        ("STR 3Q", 5),
        ("STR 3+", 6),
        ("STR 3++1", 6),
        ("STR 3+1Q", 7),
        ("STR 1BB", 6),
        ("STR/STR 1", 4),
        ("STR/ 1", 4),
        ("- STR 1", 1),
        ("DEX Nearbe 1", 9),
        ("DEX 1 Nearby 2", 13),
        ("DEX 1 Nearby Far", 13),
        ("STR 2 tilez", 10),
        ("STR 0 tiles", 4),
        ("STR 2,", 6),
        ("STR 1 2", 7),
    ],
)
def test_malformed_attack_reports_first_unreadable_position(text: str, position: int) -> None:
    """§2.1: a malformed notation names the string and the first character it cannot read."""
    with pytest.raises(NotationError) as caught:
        parse_attack(text)
    assert caught.value.text == text
    assert caught.value.position == position


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("(STR 1)", 0),
        ("Bad (STR 1", 10),
        ("Grab (DEQ)", 8),
        ("Grab (DEX)x", 10),
        ("Spear (STR 1 Nearby): Far", 22),
        ("Foo STR 1", 9),
    ],
)
def test_malformed_named_attack_reports_position_in_whole_text(text: str, position: int) -> None:
    """§2.1: positions in named attacks count from the start of the whole string."""
    with pytest.raises(NotationError) as caught:
        parse_named_attack(text)
    assert caught.value.text == text
    assert caught.value.position == position


def test_attack_rejects_impossible_values() -> None:
    """§2.1: an attack tests at least one attribute, and damage is never negative."""
    with pytest.raises(ValueError):
        Attack((), 0, 1)
    with pytest.raises(ValueError):
        Attack((Attr.STR, Attr.STR), 0, 1)
    with pytest.raises(ValueError):
        Attack((Attr.STR,), 2, 1)
    with pytest.raises(ValueError):
        Attack((Attr.STR,), 0, -1)


flag_sets = st.frozensets(st.sampled_from(list(Flag)))
reaches = st.one_of(st.sampled_from([Reach(rng) for rng in Range]), st.integers(1, 40).map(Reach))
attacks = st.builds(
    Attack,
    attrs=st.lists(st.sampled_from(list(Attr)), min_size=1, max_size=4, unique=True).map(tuple),
    defence=st.sampled_from([-1, 0, 1]),
    base=st.integers(0, 30),
    base_flags=flag_sets,
    crit=st.integers(0, 30),
    crit_flags=flag_sets,
    reach=reaches,
)


@given(attacks)
def test_str_round_trips_through_parse(generated: Attack) -> None:
    """§2.1: printing an attack gives notation that parses back to the same attack."""
    assert parse_attack(str(generated)) == generated


@given(attacks, st.data())
def test_junk_character_is_reported_where_it_was_inserted(generated: Attack, data: st.DataObject) -> None:
    """§2.1: a stray character anywhere in valid notation is reported at its exact position."""
    text = str(generated)
    at = data.draw(st.integers(0, len(text)))
    broken = text[:at] + "?" + text[at:]
    with pytest.raises(NotationError) as caught:
        parse_attack(broken)
    assert caught.value.position == at


@pytest.mark.parametrize(("text", "at"), [("-STR/DEX/INT/PRE, 1 t?ile", 21), ("-STR, 2 t?iles", 9)])
def test_a_stray_character_inside_tiles_is_reported_at_itself(text: str, at: int) -> None:
    """§2.1: digits before a word in T are a range: a typo in `tiles` points at itself (hypothesis)."""
    with pytest.raises(NotationError) as caught:
        parse_attack(text)
    assert caught.value.position == at


@given(st.text(max_size=30))
def test_any_text_either_parses_or_reports_a_position_inside_it(text: str) -> None:
    """§2.1: arbitrary text never crashes the parser; errors point inside the string or at its end."""
    try:
        parsed = parse_attack(text)
    except NotationError as error:
        assert error.text == text
        assert 0 <= error.position <= len(text)
    else:
        assert parse_attack(str(parsed)) == parsed


@given(st.text(alphabet="STRDEXINPRE +-/0123456789BPRNXE,:Nearbytils", max_size=20))
def test_notation_like_text_either_parses_or_reports_a_position_inside_it(text: str) -> None:
    """§2.1: near-miss notation never crashes the parser and always round-trips when it parses."""
    try:
        parsed = parse_attack(text)
    except NotationError as error:
        assert 0 <= error.position <= len(text)
    else:
        assert parse_attack(str(parsed)) == parsed


def test_unicode_digits_and_letters_are_rejected_cleanly() -> None:
    """§2.1: a superscript digit or non-ASCII letter is an unreadable character, not a crash."""
    with pytest.raises(NotationError) as caught:
        parse_attack("STR ²")
    assert caught.value.position == 4
    with pytest.raises(NotationError) as caught:
        parse_attack("ſTR 1")
    assert caught.value.position == 0
