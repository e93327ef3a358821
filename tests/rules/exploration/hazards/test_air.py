"""Tests for exploration/hazards/air.py: room hazards of air, light and breath acting (HOUSE §1.9-§1.14)."""

from __future__ import annotations

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.catching_breath import CombatCatchBreath
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.events import Note
from expedition.rules.core.item_defs import Item, ItemDef, Light, Tag
from expedition.rules.core.lasting import has_lasting
from expedition.rules.core.skills import Skill
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import CatchBreath, PassTurn
from expedition.rules.exploration.dungeon_map import Room
from expedition.rules.exploration.expedition import light_radius
from expedition.rules.exploration.hazards.air import (
    BraveryHeld,
    BreathStolen,
    RiftWorsenedMishap,
    RoomHazardFelt,
    RoomSicknessTook,
    breath_stolen,
    compass,
    dimmed,
    whispered_truth,
)
from expedition.rules.exploration.stairs import Descend
from expedition.rules.exploration.stepping import Step
from expedition.rules.items import handling, slots, usage
from expedition.rules.items.usage import LightWentOut, UsageRolled
from expedition.rules.magic.spells.spellcasting import SpellMishapRolled, roll_mishap
from tests.rules import magic_helpers
from tests.rules.exploration_helpers import make_state, run

TORCH = ItemDef(key="torch", name="Torches", tags=frozenset({Tag.QUICK}), usage=4, light=Light.NEARBY)


def _crypt(state: CampaignState) -> Room:
    assert state.expedition is not None
    return state.expedition.level.rooms[1]


def _hazard(hazard: str, **kw: object) -> CampaignState:
    state = make_state(**kw)  # type: ignore[arg-type]
    _crypt(state).hazard = hazard
    return state


def _to_door(state: CampaignState) -> None:
    """Walk from the hall onto the doorway (5, 2), still in the hall's area: no turn, no dice."""
    for _ in range(3):
        run(state, Step(direction="east"), [])


def _enter(state: CampaignState, faces: list[int], *keys: str) -> Context:
    """Step from the doorway into the crypt (6, 2): 1 ET, the hazard's dice first."""
    return run(state, Step(direction="east"), faces, *keys)


def _wren(state: CampaignState) -> Character:
    return state.character("wren")


def _torch(state: CampaignState) -> Item:
    wren = _wren(state)
    torch = Item.new(200, TORCH)
    ctx = Context(ScriptedDice([]))
    handling.put(ctx, wren, torch, slots.RIGHT_HAND)
    usage.light(ctx, wren, torch)
    return torch


# --- entering ----------------------------------------------------------------------------------


def test_spore_haze_tests_str_on_entering_and_a_failure_nauseates_house_1_10() -> None:
    """HOUSE §1.10: each entry, defend STR 0; failing makes the adventurer Nauseated."""
    state = _hazard("spore_haze")
    _to_door(state)
    ctx = _enter(state, [2, 3])
    assert Affliction.NAUSEATED in _wren(state).afflictions
    assert [e.hazard for e in ctx.events if isinstance(e, RoomHazardFelt)] == ["spore_haze"]
    assert all(e.rule == "HOUSE §1.10" for e in ctx.events if isinstance(e, RoomHazardFelt))


def test_spore_haze_spares_a_success_and_does_not_act_on_steps_inside_house_1_10() -> None:
    """HOUSE §1.10: a success avoids it; walking on within the room is no new entry (no dice)."""
    state = _hazard("spore_haze")
    _to_door(state)
    _enter(state, [5, 3])
    assert Affliction.NAUSEATED not in _wren(state).afflictions
    ctx = run(state, Step(direction="south"), [])  # (6, 3), still the crypt
    assert not [e for e in ctx.events if isinstance(e, RoomHazardFelt)]


def test_spore_haze_acts_again_on_a_second_entry_house_1_10() -> None:
    """HOUSE §1.10: "each time" — leaving and coming back tests again."""
    state = _hazard("spore_haze")
    _to_door(state)
    _enter(state, [5, 3])
    run(state, Step(direction="west"), [])  # back onto the doorway: the crypt's area, no turn
    run(state, Step(direction="west"), [])  # into the hall: 1 ET
    run(state, Step(direction="east"), [])  # the doorway, now the hall's
    _enter(state, [2, 2])
    assert Affliction.NAUSEATED in _wren(state).afflictions


def test_a_hazard_free_room_asks_for_nothing_house_1_8() -> None:
    """HOUSE §1.8: a room without a hazard rolls no dice on entering."""
    state = make_state()
    _to_door(state)
    ctx = _enter(state, [])
    assert not [e for e in ctx.events if isinstance(e, RoomHazardFelt)]


def test_stale_air_rolls_each_lit_lights_usage_die_when_carried_in_house_1_9() -> None:
    """HOUSE §1.9: the lantern (Ud8) rolls as it is carried in; a 1 steps it down to Ud6."""
    state = _hazard("stale_air")
    _to_door(state)
    ctx = _enter(state, [1])
    rolled = [e for e in ctx.events if isinstance(e, UsageRolled)]
    assert [(e.before, e.after, e.rule) for e in rolled] == [(8, 6, "HOUSE §1.9")]


def test_stale_air_leaves_an_unlit_party_alone_house_1_9() -> None:
    """HOUSE §1.9: with no light burning there is nothing to roll."""
    state = _hazard("stale_air", lit=False)
    _to_door(state)
    ctx = _enter(state, [])  # no die: the dark costs fatigue, the air finds no flame
    assert not [e for e in ctx.events if isinstance(e, UsageRolled)]


def test_thin_air_rolls_lights_on_entering_and_tests_str_after_2_et_house_1_12() -> None:
    """HOUSE §1.12: lights roll on entry; the 2nd ET here makes each test STR or become Sleepy."""
    state = _hazard("thin_air")
    _to_door(state)
    ctx = _enter(state, [8])
    assert [e.rule for e in ctx.events if isinstance(e, UsageRolled)] == ["HOUSE §1.12"]
    assert Affliction.SLEEPY not in _wren(state).afflictions
    run(state, PassTurn(), [2, 3])  # the 2nd ET in the room
    assert Affliction.SLEEPY in _wren(state).afflictions


def test_thin_air_tests_only_once_per_stay_house_1_12() -> None:
    """HOUSE §1.12 (house reading): the 3rd ET brings the loitering check, not another STR test."""
    state = _hazard("thin_air")
    _to_door(state)
    _enter(state, [8])
    run(state, PassTurn(), [5, 3])
    ctx = run(state, PassTurn(), [6])  # only the 1d! loitering check (HOUSE §1.5)
    assert not [e for e in ctx.events if isinstance(e, RoomHazardFelt)]


def test_grave_dust_tests_str_after_3_et_in_the_room_house_1_9() -> None:
    """HOUSE §1.9: nothing for two turns; the 3rd ET here tests STR, and a failure nauseates."""
    state = _hazard("grave_dust")
    _to_door(state)
    _enter(state, [])
    run(state, PassTurn(), [])
    assert Affliction.NAUSEATED not in _wren(state).afflictions
    ctx = run(state, PassTurn(), [6, 2, 3])  # the loitering 1d!, then the STR test
    assert Affliction.NAUSEATED in _wren(state).afflictions
    assert [e.rule for e in ctx.events if isinstance(e, RoomHazardFelt)] == ["HOUSE §1.9"]


def test_grave_dust_does_nothing_in_the_hall_house_1_9() -> None:
    """HOUSE §1.9: three turns in a room without the dust make no STR test."""
    state = _hazard("grave_dust")
    run(state, PassTurn(), [])
    run(state, PassTurn(), [])
    ctx = run(state, PassTurn(), [6])
    assert not [e for e in ctx.events if isinstance(e, RoomHazardFelt)]


def test_whispering_dead_tests_pre_or_terrifies_house_1_9() -> None:
    """HOUSE §1.9: entering, each adventurer tests PRE; a failure makes them Terrified."""
    state = _hazard("whispering_dead")
    _to_door(state)
    _enter(state, [2, 3])
    assert Affliction.TERRIFIED in _wren(state).afflictions


def test_whispering_dead_tell_a_loremaster_the_truth_instead_house_1_9() -> None:
    """HOUSE §1.9: Loremaster hears a true rumour (where the stairs down are) and rolls nothing."""
    state = _hazard("whispering_dead", skills=frozenset({Skill.LOREMASTER}))
    _to_door(state)
    ctx = _enter(state, [])
    notes = [e.text for e in ctx.events if isinstance(e, Note) and e.rule == "HOUSE §1.9"]
    assert notes == ["Wren hears the dead whisper a truth: the way down lies south-east, in the Crypt."]
    assert Affliction.TERRIFIED not in _wren(state).afflictions


def test_the_whispered_truth_falls_back_to_the_way_up_house_1_9() -> None:
    """HOUSE §1.9 (house reading): without stairs down or a lair, the way up is the truth told."""
    state = make_state()
    assert state.expedition is not None
    level2 = state.expedition.dungeon.level(2)
    assert whispered_truth(level2, (3, 1)) == "the way up lies west"
    assert compass((0, 0), (0, 0)) == "right here" and compass((5, 5), (4, 1)) == "north"


def test_echo_of_the_ritual_terrifies_on_a_failed_pre_test_house_1_13() -> None:
    """HOUSE §1.13: each adventurer who enters tests PRE or becomes Terrified."""
    state = _hazard("echo_of_the_ritual")
    _to_door(state)
    ctx = _enter(state, [1, 3])
    assert Affliction.TERRIFIED in _wren(state).afflictions
    assert any(isinstance(e, RoomHazardFelt) and e.rule == "HOUSE §1.13" for e in ctx.events)


def test_a_tonic_of_bravery_protects_from_the_echo_house_1_13() -> None:
    """HOUSE §1.13: a drunk tonic of bravery spares its drinker the test."""
    state = _hazard("echo_of_the_ritual")
    _wren(state).magic.effects.append("item:tonic_of_bravery")
    _to_door(state)
    ctx = _enter(state, [])
    assert [e.character for e in ctx.events if isinstance(e, BraveryHeld)] == ["wren"]
    assert Affliction.TERRIFIED not in _wren(state).afflictions


def test_spray_puts_out_torches_but_not_lanterns_house_1_11() -> None:
    """HOUSE §1.11: a lit torch goes out on entering; the lit lantern keeps burning."""
    state = _hazard("spray")
    torch = _torch(state)
    _to_door(state)
    ctx = _enter(state, [])
    assert not torch.lit
    assert [e.name for e in ctx.events if isinstance(e, LightWentOut)] == ["Torches"]
    assert any(item.lit and item.defn.key == "lantern" for item in _wren(state).items)


def test_spray_does_nothing_outside_its_room_house_1_11() -> None:
    """HOUSE §1.11: walking about the hall keeps the torch lit."""
    state = _hazard("spray")
    torch = _torch(state)
    _to_door(state)
    assert torch.lit


def test_weaver_sickness_nauseates_while_here_and_passes_on_leaving_house_1_12() -> None:
    """HOUSE §1.12: entering makes everyone Nauseated; leaving the room cures it."""
    state = _hazard("weaver_sickness")
    _to_door(state)
    ctx = _enter(state, [])
    wren = _wren(state)
    assert Affliction.NAUSEATED in wren.afflictions and has_lasting(state, "wren", "hazard:weaver_sickness")
    assert [e.character for e in ctx.events if isinstance(e, RoomSicknessTook)] == ["wren"]
    run(state, Step(direction="south"), [])  # still inside: still sick
    assert Affliction.NAUSEATED in wren.afflictions
    run(state, Step(direction="north"), [])
    run(state, Step(direction="west"), [])  # the doorway still belongs to the crypt
    assert Affliction.NAUSEATED in wren.afflictions
    run(state, Step(direction="west"), [])  # into the hall
    assert Affliction.NAUSEATED not in wren.afflictions
    assert not has_lasting(state, "wren", "hazard:weaver_sickness")


def test_weaver_sickness_leaves_an_earlier_nausea_alone_house_1_12() -> None:
    """HOUSE §1.12 (house reading): someone already Nauseated keeps it after leaving."""
    state = _hazard("weaver_sickness")
    _wren(state).afflictions.add(Affliction.NAUSEATED)
    _to_door(state)
    _enter(state, [])
    for direction in ("west", "west"):
        run(state, Step(direction=direction), [])
    assert Affliction.NAUSEATED in _wren(state).afflictions


def test_weaver_sickness_passes_on_taking_the_stairs_house_1_12() -> None:
    """HOUSE §1.12: going down a level leaves the room too."""
    state = _hazard("weaver_sickness")
    _to_door(state)
    _enter(state, [])
    for direction in ("south", "east", "east"):
        run(state, Step(direction=direction), [])  # onto the stairs down (8, 3), the trap skipped
    run(state, Descend(), [])
    assert Affliction.NAUSEATED not in _wren(state).afflictions


# --- asked by other rules ----------------------------------------------------------------------


def test_cookfire_smoke_halves_the_partys_light_radius_house_1_10() -> None:
    """HOUSE §1.10: a lantern's 6 tiles become 3 in the smoke, and stay 6 outside it."""
    state = _hazard("cookfire_smoke")
    assert light_radius(state) == 6
    _to_door(state)
    _enter(state, [])
    assert light_radius(state) == 3


def test_hungry_dark_halves_light_but_not_below_dark_sight_house_1_13() -> None:
    """HOUSE §1.13: radii halve rounding down; a candle's 1 stays what the dark allows anyway."""
    state = _hazard("hungry_dark")
    assert state.expedition is not None
    state.expedition.position, state.expedition.area = (7, 1), "room:1"
    assert dimmed(state, 6) == 3 and dimmed(state, 1) == 1 and dimmed(state, 0) == 0
    _crypt(state).hazard = ""
    assert dimmed(state, 6) == 6


def test_void_chill_makes_catching_breath_recover_nothing_house_1_13() -> None:
    """HOUSE §1.13: catching your breath in the room takes the turn and recovers no fatigue."""
    state = _hazard("void_chill")
    _to_door(state)
    _enter(state, [])
    _wren(state)[Attr.STR].fatigue = 1
    ctx = run(state, CatchBreath(actor="wren"), [])
    assert _wren(state)[Attr.STR].fatigue == 1
    assert [(e.character, e.rule) for e in ctx.events if isinstance(e, BreathStolen)] == [
        ("party", "HOUSE §1.13")
    ]


def test_miasma_stops_breath_but_the_hall_allows_it_house_1_14() -> None:
    """HOUSE §1.14: in the miasma nothing is recovered; outside it the book's rule holds (§10.1)."""
    state = _hazard("miasma")
    _wren(state)[Attr.STR].fatigue = 1
    run(state, CatchBreath(actor="wren"), [])
    assert _wren(state)[Attr.STR].fatigue == 0
    assert state.expedition is not None
    state.expedition.position, state.expedition.area = (7, 1), "room:1"
    ctx = Context(ScriptedDice([]))
    assert breath_stolen(ctx, state, "wren")
    assert [e.rule for e in ctx.events if isinstance(e, BreathStolen)] == ["HOUSE §1.14"]


def test_a_leaking_rift_adds_2_to_a_mishap_roll_made_here_house_1_13() -> None:
    """HOUSE §1.13: 1+1+1 would be mishap 3; in the rift's room it is 5."""
    state = magic_helpers.make_state()
    wiz = state.character("wiz")
    ctx = Context(ScriptedDice([1, 1, 1]), world=magic_helpers.WORLD)
    resolve_default(roll_mishap(ctx, state, wiz, count=False))
    assert next(e for e in ctx.events if isinstance(e, SpellMishapRolled)).total == 3
    assert state.expedition is not None
    state.expedition.level.rooms[1].hazard = "leaking_rift"
    state.expedition.position, state.expedition.area = (7, 2), "room:1"
    ctx = Context(ScriptedDice([1, 1, 1]), world=magic_helpers.WORLD)
    resolve_default(roll_mishap(ctx, state, wiz, count=False))
    assert next(e for e in ctx.events if isinstance(e, SpellMishapRolled)).total == 5
    assert [(e.bonus, e.rule) for e in ctx.events if isinstance(e, RiftWorsenedMishap)] == [
        (2, "HOUSE §1.13")
    ]


def test_void_chill_stops_breath_in_a_fight_too_house_1_13() -> None:
    """HOUSE §1.13: the combat Catch breath in the chilled room recovers nothing (§10.2.2 otherwise)."""
    state = magic_helpers.make_state()
    assert state.expedition is not None
    state.expedition.level.rooms[0].hazard = "void_chill"
    magic_helpers.fight(state, "giant_rat")
    wiz = state.character("wiz")
    wiz[Attr.STR].fatigue = 1
    ctx = magic_helpers.run(state, CombatCatchBreath(actor="wiz"), [])
    assert wiz[Attr.STR].fatigue == 1
    assert [e.character for e in ctx.events if isinstance(e, BreathStolen)] == ["wiz"]
