"""Camp (§10.3): setup and its pool, every camp action, the ambush roll and breaking camp."""

from __future__ import annotations

import pytest

from expedition.rules.camp.ambush import AmbushResult, CampAmbushed, ambush_dice
from expedition.rules.camp.camp_action_types import (
    BreakCamp,
    Cook,
    KeepLookout,
    Memorise,
    PerformRitual,
    PerformSurgery,
    RepairGear,
    Sleep,
    UseCampItem,
    WellDeservedRest,
)
from expedition.rules.camp.camp_flow import CampBroken
from expedition.rules.camp.camp_setup import FireLit, camp_of, current_camp
from expedition.rules.camp.camp_state import CampPlace
from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import CreationSheet
from expedition.rules.combat.enemies.enemy_defs import (
    Archetype,
    Behaviour,
    EnemyAction,
    EnemyDef,
    EnemyGroup,
    EnemyTag,
)
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.engine.campaign import Player, new_campaign
from expedition.rules.engine.dispatch import apply, verify
from expedition.rules.exploration.exploration_actions import SetUpCamp
from tests.rules.camp_helpers import (
    FIREWOOD,
    GAMBESON,
    MEDICAL,
    RATION,
    SEWING,
    SPECIAL,
    SUPPLIES,
    camp_with,
    give,
    make_state,
    pool,
    run,
)

# --- setup -------------------------------------------------------------------------------------


def test_set_up_camp_uses_supplies_lights_a_fire_and_takes_a_long_rest() -> None:
    """§10.3: the whole camp costs 1 ET; dry 1 + 2 supplies + Survivalist 1 + fire 1 + long rest 2 = 7."""
    state = make_state()
    state.character("moss").skills.add(Skill.SURVIVALIST)
    supplies = give(state, "wren", SUPPLIES, 3)
    ctx = run(state, SetUpCamp(actor="wren"), [], "2", "yes", "yes")
    camp = current_camp(state)
    assert state.phase is Phase.CAMP and state.turn == 1 and state.expedition is not None
    assert state.expedition.camp is camp
    assert (camp.pool, camp.supplies_used, camp.fire, camp.long_rest) == (7, 2, True, True)
    assert supplies.quantity == 1
    assert any(isinstance(e, FireLit) and e.fuel == "camping_supplies" for e in ctx.events)


def test_without_supplies_firewood_lights_the_fire_and_is_used_up() -> None:
    """§10.3, §7.4: a fire needs a camping supply or firewood; a filthy place takes one action away."""
    state = make_state()
    wood = give(state, "wren", FIREWOOD)
    camp_with(state, CampPlace(filthy=True), "yes", "no")
    camp = current_camp(state)
    assert camp.fire and wood not in state.character("wren").items
    assert camp.pool == 1  # dry 1 + fire 1 − filthy 1


def test_no_fuel_no_fire_question_and_a_damp_spot_gives_no_actions() -> None:
    """§10.3 note: a damp spot with no supplies gives 0 camp actions."""
    state = make_state()
    camp_with(state, CampPlace(dry=False, long_rest=False))
    camp = current_camp(state)
    assert (camp.pool, camp.fire) == (0, False)
    with pytest.raises(IllegalAction, match="camp action"):
        verify(state, KeepLookout(actor="wren"))


def test_camp_only_in_a_safe_place() -> None:
    """§10.1: not with enemies in the room."""
    state = make_state(encounter=True)
    with pytest.raises(IllegalAction, match="enemies"):
        verify(state, SetUpCamp(actor="wren"))


# --- camp actions ------------------------------------------------------------------------------


def test_keep_a_lookout_costs_one_action_and_one_ambush_die_once_each() -> None:
    """§10.3: a lookout is 1 camp action and −1 ambush die."""
    state = make_state()
    camp_with(state, CampPlace(exposed=True, long_rest=True))
    camp = current_camp(state)
    assert ambush_dice(state, camp) == 1
    run(state, KeepLookout(actor="wren"), [])
    assert camp.pool == 2 and ambush_dice(state, camp) == 0
    with pytest.raises(IllegalAction, match="already"):
        verify(state, KeepLookout(actor="wren"))


def test_a_well_deserved_rest_recovers_fatigue_shaken_sleepy_and_prayers() -> None:
    """§10.3, §4.6, §11.2: all fatigue, Shaken (and Sleepy, camping) removed; prayers un-exhausted."""
    state = make_state()
    wren, moss = state.character("wren"), state.character("moss")
    wren[Attr.STR].fatigue = 2
    wren.afflictions |= {Affliction.SHAKEN, Affliction.SLEEPY}
    moss.magic.exhausted_prayers.append("light")
    camp_with(state, CampPlace(long_rest=False))
    run(state, WellDeservedRest(actor="moss"), [])
    assert wren[Attr.STR].fatigue == 0 and not wren.afflictions
    assert moss.magic.exhausted_prayers == [] and pool(state) == 0


def test_sleep_costs_two_heals_a_wound_each_and_adds_an_ambush_die() -> None:
    """§10.3, §4.4: Sleep heals 1 wound each (not while Hungry or Cursed), +1 ambush die."""
    state = make_state()
    wren, moss = state.character("wren"), state.character("moss")
    wren[Attr.DEX].wounds = 1
    wren[Attr.INT].wounds = 1
    wren.afflictions.add(Affliction.SHAKEN)
    moss[Attr.STR].wounds = 1
    moss.afflictions.add(Affliction.CURSED)
    camp_with(state, CampPlace(long_rest=True))
    camp = current_camp(state)
    run(state, Sleep(actor="wren"), [], "INT")
    assert (wren[Attr.DEX].wounds, wren[Attr.INT].wounds) == (1, 0)
    assert Affliction.SHAKEN not in wren.afflictions
    assert moss[Attr.STR].wounds == 1  # Cursed: resting heals nothing
    assert camp.pool == 1 and camp.slept and ambush_dice(state, camp) == 1
    with pytest.raises(IllegalAction, match="already slept"):
        verify(state, Sleep(actor="moss"))


def test_a_snorer_who_sleeps_adds_an_ambush_die_or_stays_sleepy() -> None:
    """§5.6 feature 4, §10.3: a loud snorer adds 1 ambush die, or does not shake off Sleepy."""
    for key, dice, sleepy in (("snore", 2, False), ("restless", 1, True)):
        state = make_state()
        state.sheets["wren"] = CreationSheet("wren", feature="loud_snorer")
        state.character("wren").afflictions.add(Affliction.SLEEPY)
        camp_with(state, CampPlace(long_rest=True))
        run(state, Sleep(actor="moss"), [], key)
        assert ambush_dice(state, current_camp(state)) == dice
        assert (Affliction.SLEEPY in state.character("wren").afflictions) is sleepy


def test_one_use_camp_items_action_lets_each_adventurer_use_one_item() -> None:
    """§10.3, §7.3: 1 camp action, each adventurer one camp item; a second item opens a new round."""
    state = make_state()
    wren, moss = state.character("wren"), state.character("moss")
    wren[Attr.PRE].wounds = 1
    medical = give(state, "wren", MEDICAL)
    special = give(state, "moss", SPECIAL)
    moss.afflictions.add(Affliction.SLEEPY)
    camp_with(state, CampPlace(long_rest=True))
    run(state, UseCampItem(actor="wren", item=medical.uid), [])
    assert wren[Attr.PRE].wounds == 0 and medical.quantity == 1 and pool(state) == 2
    run(state, UseCampItem(actor="moss", item=special.uid), [], "coffee")
    assert Affliction.SLEEPY not in moss.afflictions and pool(state) == 2  # the same round
    wren[Attr.STR].wounds = 1
    run(state, UseCampItem(actor="wren", item=medical.uid, target="wren"), [])
    assert pool(state) == 1 and wren[Attr.STR].wounds == 0


def test_a_repair_kit_mends_one_ap_and_rolls_its_usage_die() -> None:
    """§4.2, §7.4: sewing tools repair 1 AP of light armour (Ud8)."""
    state = make_state()
    gambeson = give(state, "moss", GAMBESON)
    gambeson.broken = [2]
    tools = give(state, "wren", SEWING)
    camp_with(state, CampPlace(long_rest=False))
    run(state, UseCampItem(actor="wren", item=tools.uid, target="moss"), [5])
    assert gambeson.broken == [1] and tools.usage == 8


def test_a_paranoid_adventurer_shares_no_camp_items_but_rations() -> None:
    """§4.5: a Paranoid character cannot share items other than rations in camp."""
    state = make_state()
    state.character("wren").traumas.add(Trauma.PARANOID)
    state.character("moss")[Attr.STR].wounds = 1
    medical = give(state, "wren", MEDICAL)
    camp_with(state, CampPlace(long_rest=True))
    with pytest.raises(IllegalAction, match="paranoid"):
        verify(state, UseCampItem(actor="wren", item=medical.uid, target="moss"))


@pytest.mark.parametrize(("skill", "fed"), [(None, 2), (Skill.COOKING, 3), (Skill.MASTER_CHEF, 4)])
def test_cooking_a_ration_feeds_two_three_or_four(skill: Skill | None, fed: int) -> None:
    """§10.3, §6.1: a cooked ration feeds 2, 3 with Cooking, 4 with Master Chef; cures Hungry, Parched."""
    state = make_state()
    extra = [Character(f"x{i}", f"X{i}", owner="ann") for i in range(2)]
    state.party += extra
    if skill is not None:
        state.character("wren").skills.add(skill)
    for member in state.party:
        member.afflictions |= {Affliction.HUNGRY, Affliction.PARCHED}
    ration = give(state, "wren", RATION, 1)
    give(state, "wren", SUPPLIES)
    camp_with(state, CampPlace(dry=False, long_rest=False), "1", "yes")
    ctx = run(state, Cook(actor="wren"), [])
    hungry = [m for m in state.party if Affliction.HUNGRY in m.afflictions]
    assert len(state.party) - len(hungry) == fed and ration not in state.character("wren").items
    assert not any(isinstance(e, FireLit) for e in ctx.events)


def test_cooking_needs_a_fire_and_a_supply_used_this_camp() -> None:
    """§10.3: Cook some food needs a fire and at least 1 camping supply used."""
    state = make_state()
    give(state, "wren", RATION)
    give(state, "wren", FIREWOOD)
    camp_with(state, CampPlace(long_rest=True), "yes")
    with pytest.raises(IllegalAction, match="camping supply"):
        verify(state, Cook(actor="wren"))


@pytest.mark.parametrize("tracker", ["doom", "omens"])
def test_a_ritualist_lowers_doom_or_omens_by_one(tracker: str) -> None:
    """§6.1, §9.2, §9.3: Ritualist spends 1 camp action to lower doom or omens by 1."""
    state = make_state()
    state.here.doom.filled = 2
    state.omens.filled = 1
    camp_with(state, CampPlace(long_rest=False))
    with pytest.raises(IllegalAction, match="Ritualist"):
        verify(state, PerformRitual(actor="wren"))
    state.character("wren").skills.add(Skill.RITUALIST)
    run(state, PerformRitual(actor="wren"), [], tracker)
    assert (state.here.doom.filled, state.omens.filled) == ((1, 1) if tracker == "doom" else (2, 0))


@pytest.mark.parametrize(("faces", "healed"), [([4, 3], True), ([2, 3], False)])
def test_surgery_is_an_int_test_that_heals_a_wound_on_everyone(faces: list[int], healed: bool) -> None:
    """§6.1: Surgeon, 1 camp action (note), INT test: success heals 1 wound on each party member."""
    state = make_state()
    state.character("wren").skills.add(Skill.SURGEON)
    state.character("wren")[Attr.STR].wounds = 1
    state.character("moss")[Attr.PRE].wounds = 1
    camp_with(state, CampPlace(long_rest=False))
    run(state, PerformSurgery(actor="wren"), faces)
    wounds = [state.character(c)[a].wounds for c, a in (("wren", Attr.STR), ("moss", Attr.PRE))]
    assert wounds == ([0, 0] if healed else [1, 1])
    with pytest.raises(IllegalAction):
        verify(state, PerformSurgery(actor="wren"))


def test_crafting_repairs_two_ap_for_free() -> None:
    """§6.1, §4.2: Crafting repairs 2 AP automatically in camp."""
    state = make_state()
    state.character("wren").skills.add(Skill.CRAFTING)
    gambeson = give(state, "wren", GAMBESON)
    gambeson.broken = [3]
    camp_with(state, CampPlace(dry=False, long_rest=False))
    run(state, RepairGear(actor="wren"), [])
    assert gambeson.broken == [1] and pool(state) == 0


# --- ambush and breaking camp ------------------------------------------------------------------


def test_ambush_dice_count_every_modifier() -> None:
    """§10.3, §16 #10: exposed, fire, camped before, sleep, doom extras, Paranoid +1; lookouts −1."""
    state = make_state()
    give(state, "wren", SUPPLIES)
    state.character("moss").traumas.add(Trauma.PARANOID)
    place = CampPlace(exposed=True, camped_before=True, extra_dice=1, long_rest=True)
    camp_with(state, place, "1", "yes")
    camp = current_camp(state)
    assert ambush_dice(state, camp) == 5
    run(state, Sleep(actor="wren"), [])
    run(state, KeepLookout(actor="wren"), [])
    assert ambush_dice(state, camp) == 5


@pytest.mark.parametrize(("long_rest", "doom"), [(False, 1), (True, 2)])
def test_breaking_camp_after_a_safe_roll_advances_doom(long_rest: bool, doom: int) -> None:
    """§10.3, §16 #9: breaking camp: doom +1, +2 in all after a long rest; back to exploring."""
    state = make_state()
    camp_with(state, CampPlace(exposed=True, long_rest=long_rest))
    ctx = run(state, BreakCamp(actor="wren"), [3])
    assert state.here.doom.filled == doom and state.phase is Phase.EXPLORATION
    assert camp_of(state) is None
    assert [e.doom for e in ctx.events if isinstance(e, CampBroken)] == [doom]
    assert not any(isinstance(e, CampAmbushed) for e in ctx.events)


@pytest.mark.parametrize(
    ("faces", "result"), [([6, 2], AmbushResult.FIGHT), ([6, 6], AmbushResult.SURPRISED)]
)
def test_a_six_on_the_ambush_dice_brings_a_wandering_group(faces: list[int], result: AmbushResult) -> None:
    """§10.3, §16 #19, HOUSE §1.5: any 6 is a fight with a wandering group; two 6s surprise the party."""
    state = make_state()
    give(state, "wren", SUPPLIES)
    camp_with(state, CampPlace(exposed=True, long_rest=False), "1", "yes")
    ctx = run(state, BreakCamp(actor="wren"), [*faces, 2])  # then the wandering row: 2 + E 1 − 1
    ambushed = [e for e in ctx.events if isinstance(e, CampAmbushed)]
    assert [(e.group, e.enemies, e.surprised) for e in ambushed] == [
        ("Ghouls", ("ghoul", "ghoul"), result is AmbushResult.SURPRISED)
    ]
    assert state.here.doom.filled == 1 and camp_of(state) is None


def test_camping_out_in_the_interlude_keeps_doom_and_returns_to_the_interlude() -> None:
    """§10.3, §10.4: a camp outside a dungeon lives on the campaign and costs no dungeon doom."""
    party = [Character("wren", "Wren", owner="ann")]
    state = new_campaign(3, party, [Player("ann", "Ann")])
    doom_before = state.here.doom.filled
    camp_with(state, CampPlace(name="a hollow", in_dungeon=False, long_rest=False))
    assert state.camp is not None and camp_of(state) is state.camp
    assert state.phase.value == "camp"
    run(state, WellDeservedRest(actor="wren"), [])
    run(state, BreakCamp(actor="wren"), [])  # nothing exposed, no fire: no ambush dice
    assert state.phase is Phase.INTERLUDE and state.camp is None and state.here.doom.filled == doom_before


GHOUL = EnemyDef(
    key="ghoul",
    name="Ghoul",
    group=EnemyGroup.UNDEAD,
    level=2,
    wounds=4,
    armour=0,
    resist=0,
    movement=4,
    tags=frozenset({EnemyTag.UNDEAD}),
    actions=(EnemyAction("claw", "Claw", attack=parse_attack("STR 2")),),
    behaviour=Behaviour(Archetype.BRUTE),
    threat=3,
)


class Bestiary:
    """A world that knows one enemy (what `start_combat` asks `ctx.world` for)."""

    enemies = {"ghoul": GHOUL}


class ThenSeeded:
    """Scripted faces first, then seeded ones (the fight after the ambush rolls a lot)."""

    def __init__(self, faces: list[int]) -> None:
        self.script, self.rest = ScriptedDice(faces), SeededDice(1)

    def roll(self, sides: int) -> int:
        return self.script.roll(sides) if self.script.remaining else self.rest.roll(sides)


@pytest.mark.parametrize("surprised", [False, True])
def test_an_ambush_starts_a_fight_with_the_wandering_group(surprised: bool) -> None:
    """§10.3, §16 #19: a 6 starts a fight with the wandering group; two 6s: every adventurer slow."""
    state = make_state()
    camp_with(state, CampPlace(exposed=True, camped_before=True, long_rest=False))
    ctx = Context(ThenSeeded([6, 6 if surprised else 1, 2]), world=Bestiary())  # type: ignore[arg-type]
    resolve(apply(ctx, state, BreakCamp(actor="wren")), answers())
    assert state.expedition is not None and camp_of(state) is None
    combat = state.expedition.combat
    assert combat is not None and combat.group == "Ghouls" and combat.surprised is surprised
    assert len(combat.foes) == 2
    if surprised:
        assert set(combat.slow) == {"wren", "moss"} and not combat.fast


def test_memorise_swaps_what_a_cleric_holds_in_memory() -> None:
    """§10.3, §11.2: 1 camp action; a cleric memorises known prayers up to the PRE score."""
    state = make_state()
    moss = state.character("moss")
    moss.traits.add(Trait.DIVINE_MANDATE)
    moss.magic.known_prayers = ["light", "bless", "ward"]
    moss.magic.memorised_prayers = ["light"]
    camp_with(state, CampPlace(long_rest=False))
    with pytest.raises(IllegalAction, match="only 2"):
        verify(state, Memorise(actor="moss", keys=("light", "bless", "ward")))
    with pytest.raises(IllegalAction, match="no spells or prayers"):
        verify(state, Memorise(actor="wren", keys=()))
    run(state, Memorise(actor="moss", keys=("bless", "ward")), [])
    assert moss.magic.memorised_prayers == ["bless", "ward"] and pool(state) == 0
