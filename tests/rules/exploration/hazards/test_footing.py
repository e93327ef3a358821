"""Tests for exploration/hazards/footing.py:

Water, mud, slick stone, silk and a low ceiling (HOUSE §1.9–§1.14).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from expedition.rules.combat.combat_events import CombatMoved
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.combat.defending import Dodge
from expedition.rules.combat.enemies.enemy_defs import EnemySpecial
from expedition.rules.combat.enemies.movement import paths
from expedition.rules.combat.moving_and_fleeing import CombatMove, move_routes
from expedition.rules.core.conditions import Affliction, AfflictionGained
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Note
from expedition.rules.core.item_defs import Item, ItemDef, Light, Tag
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.hazards.floors import enter_room
from expedition.rules.exploration.hazards.footing import (
    FootingLost,
    RationSoaked,
    attack_dice,
    foe_flies,
    foe_reach,
    move_reach,
    slowed,
)
from expedition.rules.exploration.stepping import Step
from expedition.rules.items import handling, slots, usage
from expedition.rules.items.handling import ItemDropped
from expedition.rules.items.usage import LightWentOut
from tests.rules import exploration_helpers as explore
from tests.rules.combat.test_fights import ThenSeeded, combat_of, fight, make_state, place, rat, run
from tests.rules.magic_helpers import WORLD

RATION = ItemDef(key="ration", name="Ration", tags=frozenset({Tag.SLOW, Tag.CAMP}), pack=3)
TORCH = ItemDef(key="torch", name="Torches", tags=frozenset({Tag.SLOW}), pack=2, usage=4, light=Light.NEARBY)
GREATSWORD = ItemDef(key="greatsword", name="Greatsword", attack="STR 3+1", hands=2)


def _fight(hazard: str, *, dex: int = 2) -> tuple[CampaignState, CombatState]:
    state = make_state("wren")
    state.expedition.level.rooms[0].hazard = hazard  # type: ignore[union-attr]
    state.character("wren")["DEX"].score = dex  # type: ignore[index]
    fight(state, [], ambush=True)
    combat = combat_of(state)
    combat.active, combat.actions_left = "wren", 2
    combat.positions["wren"] = (2, 3)
    place(state, (10, 6))
    return state, combat


def _reach(state: CampaignState, combat: CombatState) -> int:
    return max(len(path) for path in move_routes(state, combat, state.character("wren")).values())


@pytest.mark.parametrize(
    ("hazard", "tiles"),
    [
        ("", 4),
        ("black_water", 2),
        ("waist_deep_water", 2),
        ("sewage", 2),
        ("mud_sump", 2),
        ("sticky_silk", 3),
    ],
)
def test_water_and_mud_halve_a_move_and_silk_takes_a_tile_off_house_1_9_to_1_14(
    hazard: str, tiles: int
) -> None:
    """HOUSE §1.9–§1.14: DEX 2 moves 4 tiles; waist-deep water and mud halve it, sticky silk takes 1 off."""
    state, combat = _fight(hazard)
    assert _reach(state, combat) == tiles


def test_a_warped_floor_shortens_a_move_but_never_below_one_tile_house_1_13() -> None:
    """HOUSE §1.13: each Move goes 1 tile shorter; halving or shortening leaves at least 1 tile."""
    state, combat = _fight("warped_floor")
    assert _reach(state, combat) == 3
    wren = state.character("wren")
    assert move_reach(state, wren, 1) == 1 and move_reach(state, wren, 0) == 0
    state.expedition.level.rooms[0].hazard = "black_water"  # type: ignore[union-attr]
    assert move_reach(state, wren, 1) == 1 and move_reach(state, wren, 5) == 2


def test_outside_a_fight_or_outside_the_room_the_reach_is_untouched_house_1_9() -> None:
    """HOUSE §1.9: the hazard belongs to its room; a mover standing elsewhere is not slowed."""
    state = make_state("wren")
    state.expedition.level.rooms[0].hazard = "black_water"  # type: ignore[union-attr]
    assert move_reach(state, state.character("wren"), 4) == 4  # no fight


def test_nobody_dodges_in_waist_deep_water_but_may_in_a_mud_sump_house_1_11() -> None:
    """HOUSE §1.9, §1.11, §1.14: no Dodge in black water, waist-deep water or sewage; a mud sump allows it."""
    for hazard in ("black_water", "waist_deep_water", "sewage"):
        state, _ = _fight(hazard)
        with pytest.raises(IllegalAction, match="no dodging"):
            verify(state, Dodge(actor="wren"))
    state, _ = _fight("mud_sump")
    verify(state, Dodge(actor="wren"))


def test_a_failed_check_on_slick_rock_ends_a_long_move_after_two_tiles_with_a_stun_house_1_11() -> None:
    """HOUSE §1.11: a Move of more than 2 tiles is a DEX check; a failure stops it at 2 tiles, stunned."""
    state, combat = _fight("slick_rock")
    ctx = run(state, CombatMove(actor="wren", to=(6, 3)), [2, 3])
    assert combat.positions["wren"] == (4, 3)
    assert state.character("wren").tokens.stun == 1
    assert [(e.hazard, e.stunned, e.rule) for e in ctx.events if isinstance(e, FootingLost)] == [
        ("slick_rock", True, "HOUSE §1.11")
    ]


def test_slimed_steps_let_a_passed_check_or_a_short_move_through_house_1_14() -> None:
    """HOUSE §1.14: a passed check goes the whole way; a Move of 2 tiles needs no check at all."""
    state, combat = _fight("slimed_steps")
    run(state, CombatMove(actor="wren", to=(6, 3)), [5, 3])
    assert combat.positions["wren"] == (6, 3) and state.character("wren").tokens.stun == 0
    state, combat = _fight("slimed_steps")
    ctx = Context(ScriptedDice([]))
    from expedition.rules.core.decisions import resolve
    from expedition.rules.engine.dispatch import apply

    resolve(apply(ctx, state, CombatMove(actor="wren", to=(4, 3))), lambda d: d.default)
    assert combat.positions["wren"] == (4, 3) and ctx.dice.used == 0  # type: ignore[attr-defined]


def test_a_failed_swim_in_deep_water_ends_the_move_sinks_a_held_item_and_douses_torches_house_1_11() -> None:
    """HOUSE §1.11: each Move is a STR test; a failure stops it after 1 tile and the held sword sinks."""
    state, combat = _fight("deep_water")
    wren = state.character("wren")
    ctx = Context(ScriptedDice([]))
    torch = Item.new(50, TORCH)
    handling.put(ctx, wren, torch, slots.LEFT_HAND)
    usage.light(ctx, wren, torch)
    ctx = run(state, CombatMove(actor="wren", to=(5, 3)), [2, 3])
    assert combat.positions["wren"] == (3, 3)
    assert not torch.lit and any(isinstance(e, LightWentOut) for e in ctx.events)
    assert not any(i.defn.key == "sword" for i in wren.items)
    assert any(isinstance(e, Note) and "sinks" in e.text for e in ctx.events)


def test_a_good_swim_goes_the_whole_way_house_1_11() -> None:
    """HOUSE §1.11: a passed STR test keeps the Move and the held item."""
    state, combat = _fight("deep_water")
    ctx = run(state, CombatMove(actor="wren", to=(5, 3)), [5, 3])
    assert combat.positions["wren"] == (5, 3)
    assert not any(isinstance(e, ItemDropped) for e in ctx.events)


def test_in_a_mud_sump_a_long_move_or_a_dodge_risks_a_held_item_house_1_10() -> None:
    """HOUSE §1.10: a Move of more than 2 tiles, or a Dodge, is a DEX check; a failure drops a held item."""
    state, combat = _fight("mud_sump", dex=4)
    ctx = run(state, CombatMove(actor="wren", to=(5, 3)), [2, 3, 2, 3])
    assert combat.positions["wren"] == (5, 3)  # the move goes on
    assert [e.name for e in ctx.events if isinstance(e, ItemDropped)] == ["Sword"]
    state, combat = _fight("mud_sump")
    ctx = run(state, Dodge(actor="wren"), [5, 3, 2, 3])
    assert [(e.name, e.rule) for e in ctx.events if isinstance(e, ItemDropped)] == [("Sword", "HOUSE §1.10")]


def test_a_low_ceiling_takes_a_die_from_two_handed_weapons_only_house_1_10() -> None:
    """HOUSE §1.10: two-handed weapons attack with 1 fewer die; one-handed ones and open rooms do not."""
    state, _ = _fight("low_ceiling")
    wren = state.character("wren")
    great, sword = Item.new(60, GREATSWORD), next(i for i in wren.items if i.defn.key == "sword")
    assert attack_dice(state, wren, great) == -1 and attack_dice(state, wren, sword) == 0
    state.expedition.level.rooms[0].hazard = ""  # type: ignore[union-attr]
    assert attack_dice(state, wren, great) == 0


def _in_crypt(hazard: str) -> CampaignState:
    state = explore.make_state()
    state.expedition.level.rooms[1].hazard = hazard  # type: ignore[union-attr]
    for _ in range(3):
        explore.run(state, Step(direction="east"), [])  # to the doorway, still the hall's area
    return state


def test_wading_into_waist_deep_water_may_soak_a_ration_house_1_11() -> None:
    """HOUSE §1.11: on entering, each adventurer with rations rolls 1d!; a trigger spoils one."""
    state = _in_crypt("waist_deep_water")
    wren = state.character("wren")
    rations = Item.new(70, RATION)
    rations.quantity = 3
    handling.put(Context(ScriptedDice([])), wren, rations, slots.RIGHT_HAND)
    ctx = explore.run(state, Step(direction="east"), [1])
    assert rations.quantity == 2
    assert [(e.remaining, e.rule) for e in ctx.events if isinstance(e, RationSoaked)] == [(2, "HOUSE §1.11")]
    explore.run(state, Step(direction="south"), [])  # a step within the room enters nothing


def test_sewage_may_plague_a_bleeding_adventurer_only_house_1_14() -> None:
    """HOUSE §1.14: a Bleeding adventurer who wades in is Plagued on a triggered 1d!; others roll nothing."""
    state = _in_crypt("sewage")
    explore.run(state, Step(direction="east"), [])  # not bleeding: no roll
    state = _in_crypt("sewage")
    wren = state.character("wren")
    wren.afflictions.add(Affliction.BLEEDING)
    ctx = Context(ScriptedDice([1]))
    state.expedition.position, state.expedition.area = (6, 2), "room:1"  # type: ignore[union-attr]
    resolve_default(enter_room(ctx, state, "corridor"))
    assert Affliction.PLAGUED in wren.afflictions
    assert any(isinstance(e, AfflictionGained) and e.rule == "HOUSE §1.14" for e in ctx.events)


def test_entering_deep_water_is_a_swim_for_each_adventurer_house_1_11() -> None:
    """HOUSE §1.11 (house reading): each adventurer tests STR on entering; a failure sinks a held item."""
    state = _in_crypt("deep_water")
    wren = state.character("wren")
    explore.run(state, Step(direction="east"), [5, 3])
    assert any(i.defn.key == "lantern" for i in wren.items)
    state = _in_crypt("deep_water")
    wren = state.character("wren")
    ctx = explore.run(state, Step(direction="east"), [2, 3])
    assert not any(i.defn.key == "lantern" for i in wren.items)  # the lit lantern in hand sank
    assert any(isinstance(e, ItemDropped) and e.rule == "HOUSE §1.11" for e in ctx.events)


# --- foes obey the same footing (HOUSE §1.9-§1.14) ------------------------------------------------


def _foe_in(hazard: str, key: str) -> tuple[CampaignState, Foe]:
    state, combat = _fight(hazard)
    foe = combat.foes[0]
    foe.key, foe.defn = key, WORLD.catalog.enemies[key]
    return state, foe


@pytest.mark.parametrize(
    ("hazard", "tiles"),
    [("", 4), ("black_water", 2), ("deep_water", 2), ("mud_sump", 2), ("sewage", 2), ("warped_floor", 3)],
)
def test_a_goblin_is_slowed_like_an_adventurer_and_halved_in_deep_water_house_1_9_to_1_14(
    hazard: str, tiles: int
) -> None:
    """HOUSE §1.9–§1.14: a goblin scrapper (Move 4) is halved in black water, mud and (house) deep water."""
    state, foe = _foe_in(hazard, "goblin_scrapper")
    assert foe_reach(state, foe, foe.defn.movement) == tiles
    assert foe_reach(state, foe, 1) == 1


@pytest.mark.parametrize("key", ["vault_weaver", "lesser_demon", "void_demon", "shadow", "bloodshot_goblin"])
@pytest.mark.parametrize("hazard", ["black_water", "deep_water", "sticky_silk"])
def test_fliers_wall_climbers_and_ghosts_are_never_slowed_house_1_9(key: str, hazard: str) -> None:
    """HOUSE §1.9, §1.11, §1.12: Flying, Wall climber and ghosts pass over water and silk at full Move."""
    state, foe = _foe_in(hazard, key)
    assert foe_flies(foe.defn)
    assert foe_reach(state, foe, 6) == 6


def test_shore_creatures_move_freely_in_water_but_not_in_mud_house_1_10_1_11() -> None:
    """HOUSE §1.10, §1.11 (house reading): a giant leech keeps its Move in water; a mud sump halves it."""
    for hazard in ("black_water", "waist_deep_water", "deep_water", "sewage"):
        state, foe = _foe_in(hazard, "giant_leech")
        assert foe_reach(state, foe, 4) == 4
    state, foe = _foe_in("mud_sump", "giant_leech")
    assert not foe_flies(foe.defn) and foe_reach(state, foe, 4) == 2


def test_an_adventurer_in_deep_water_swims_instead_of_being_halved_house_1_11() -> None:
    """HOUSE §1.11: only foes are halved in deep water; an adventurer keeps the Move and swims it."""
    state, combat = _fight("deep_water")
    assert _reach(state, combat) == 4
    assert slowed(state, (2, 3), 4) == 4 and slowed(state, (2, 3), 4, foe=True) == 2


def test_a_foe_in_black_water_walks_half_its_move_in_the_enemy_phase_house_1_9() -> None:
    """HOUSE §1.9: the rat (Move 4) wades 2 tiles per Move; the same rat with Flying goes 4."""
    from expedition.rules.combat.enemy_phase import enemy_turns

    state, foe = _foe_in("black_water", "goblin_scrapper")
    foe.defn = rat()
    combat = combat_of(state)
    assert max(len(path) for path in paths(state, combat, foe, 4).values()) == 2
    ctx = Context(ThenSeeded([]))
    resolve_default(enemy_turns(ctx, state))
    moves = [e.path for e in ctx.events if isinstance(e, CombatMoved) and e.who == foe.uid]
    assert moves and all(len(path) <= 2 for path in moves)

    state, foe = _foe_in("black_water", "goblin_scrapper")
    foe.defn = replace(rat(), specials=(EnemySpecial("Flying", "It flies."),))
    ctx = Context(ThenSeeded([]))
    resolve_default(enemy_turns(ctx, state))
    moves = [e.path for e in ctx.events if isinstance(e, CombatMoved) and e.who == foe.uid]
    assert moves and len(moves[0]) == 4
