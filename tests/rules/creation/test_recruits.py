"""Tests for rules/creation/recruits.py: a new adventurer in place of a fallen one (§5.1, §10.4)."""

from __future__ import annotations

from expedition.rules.character.adventurer import Character
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import SeededDice
from expedition.rules.creation.party_creation import CharacterCreated
from expedition.rules.creation.recruits import recruit, recruit_id
from expedition.rules.engine.campaign import Fate, RosterEntry
from expedition.rules.items.slots import is_container
from expedition.session.catalog_world import default_world
from tests.rules.interlude_helpers import back_in_town


def test_recruit_id_is_the_first_free_number_in_party_and_roster_section_5_1() -> None:
    """§5.1: a new adventurer gets an id no living, waiting or dead character of the campaign has."""
    state = back_in_town(members=2)  # c1 and c2 in the party
    assert recruit_id(state) == "c3"
    state.roster.append(RosterEntry(Character("c3", "Gone"), Fate.DEAD))
    assert recruit_id(state) == "c4"
    state.party.remove(state.character("c1"))
    assert recruit_id(state) == "c1"


def test_recruit_joins_the_party_with_sheet_silver_and_fresh_uids_section_10_4() -> None:
    """§5.1, §10.4: the full creation procedure; silver joins the purse; every item gets a new uid."""
    state = back_in_town(members=1, silver=10)
    old_uids = {item.uid for member in state.party for item in member.items} | {i.uid for i in state.stash}
    next_uid = state.next_uid
    ctx = Context(SeededDice(5), world=default_world())
    hero = resolve_default(recruit(ctx, state, "ann"))
    assert hero.id == "c2" and hero.owner == "ann" and hero in state.party
    assert "c2" in state.sheets and state.sheets["c2"].class_key
    created = [e for e in ctx.events if isinstance(e, CharacterCreated)]
    assert len(created) == 1 and state.silver == 10 + created[0].silver
    new_uids = [item.uid for item in hero.items]
    assert new_uids and not set(new_uids) & old_uids
    assert min(new_uids) >= next_uid and state.next_uid > max(new_uids)
    assert len(set(new_uids)) == len(new_uids)


def test_items_inside_containers_follow_their_container_s_new_uid_section_7_1() -> None:
    """§7.1: after renumbering, what sat in the recruit's bag is still in that bag."""
    state = back_in_town(members=1)
    state.next_uid = 500  # far from the uids creation hands out, so a missed rename shows
    hero = resolve_default(recruit(Context(SeededDice(9), world=default_world()), state, "ann"))
    containers = {f"{item.defn.key}:{item.uid}" for item in hero.items if is_container(item.defn)}
    inside = [item.place for item in hero.items if ":" in item.place]
    assert inside and all(place in containers for place in inside)
    assert all(item.uid >= 500 for item in hero.items)


def test_same_seed_makes_the_same_recruit_section_5_1() -> None:
    """§5.1: every roll goes through the dice, so a seed reproduces the recruit."""
    made = []
    for _ in range(2):
        state = back_in_town(members=1)
        hero = resolve_default(recruit(Context(SeededDice(3), world=default_world()), state, "ann"))
        made.append((hero.name, sorted(i.defn.key for i in hero.items), state.sheets[hero.id]))
    assert made[0] == made[1]


def test_a_recruit_never_draws_a_name_the_party_or_the_roster_has() -> None:
    """Two adventurers of one name could not be told apart: the draw skips every name in use."""
    options = default_world().creation_options()
    for seed in range(12):
        state = back_in_town(members=1)
        state.party[0].name = options.names[0]
        state.roster.append(RosterEntry(Character("c9", options.names[1]), Fate.DEAD))
        for other in options.names[2:-1]:  # every name but the last is taken: only it can be drawn
            state.roster.append(RosterEntry(Character(f"x{other}", other), Fate.DEAD))
        hero = resolve_default(recruit(Context(SeededDice(seed), world=default_world()), state, "ann"))
        assert hero.name == options.names[-1]
