"""Tests for item_uses: what each Quick or Slow item does when used (§7.3, §7.4, §11.1, HOUSE §1.4)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.potions import MERCURIAL, ashes_wound, mercurial_turn_ends
from expedition.rules.combat.using_fight_items import CombatUseItem
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item, Tag
from expedition.rules.core.lasting import Span, has_lasting, tick
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.combat_options import combat_options
from expedition.rules.engine.dispatch import verify
from expedition.rules.engine.exploration_options import available_actions
from expedition.rules.exploration.barricade import SPIKED, barricade_holds
from expedition.rules.exploration.features import Trap
from expedition.rules.exploration.gear import (
    AshesFlung,
    CompassRead,
    DoorSpiked,
    LanternRefuelled,
    disarm_advantage,
)
from expedition.rules.exploration.tiles import DoorState
from expedition.rules.exploration.using_items import CURES_BY_ITEM, UseItem
from expedition.rules.items.item_uses import ELSEWHERE, USES, use_item
from expedition.rules.items.slots import inside
from tests.rules.magic_helpers import WORLD, fight, give, make_state, run

LAST: list[Context] = []
"""The context of the last `_use`."""


def _use(state: CampaignState, key: str, faces: list[int], target: str = "", who: str = "wiz") -> Item:
    """Give `who` the item and apply its use directly with scripted dice (no exploration turn)."""
    member = state.character(who)
    item = give(member, key, 50 + len(member.items))
    ctx = Context(ScriptedDice(faces), world=WORLD)
    resolve_default(use_item(ctx, state, member, item, target))
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    LAST[:] = [ctx]
    return item


def _refusal(state: CampaignState, action: UseItem | CombatUseItem) -> str:
    with pytest.raises(IllegalAction) as caught:
        verify(state, action)
    return str(caught.value)


def test_no_content_item_is_refused_as_not_in_the_rules_yet() -> None:
    """§7.3: every Quick or Slow item has a use, a light or cure, or a reason naming another action."""
    for key, defn in WORLD.items.items():
        if not defn.tags & {Tag.QUICK, Tag.SLOW} or Tag.CAMP in defn.tags:
            continue
        handled = defn.light is not None or key in CURES_BY_ITEM or key in USES or key in ELSEWHERE
        assert handled, key
        state = make_state()
        item = give(state.character("wiz"), key, 99)
        try:
            verify(state, UseItem(actor="wiz", item=item.uid))
        except IllegalAction as refusal:
            assert "not in the rules yet" not in str(refusal), key


def test_lockpicking_tools_are_not_offered_and_name_pick_the_lock() -> None:
    """HOUSE §1.4: lockpicking tools work through Pick the lock, not Use."""
    state = make_state()
    tools = give(state.character("wiz"), "lockpicking_tools", 9)
    assert (
        _refusal(state, UseItem(actor="wiz", item=tools.uid))
        == "Lockpicking tools are used by Pick the lock."
    )
    assert not [o for o in available_actions(state, "wiz") if getattr(o.action, "item", None) == tools.uid]


def test_canteen_water_cures_parched_and_empty_canteen_is_refused() -> None:
    """§4.6, §7.1: drinking from the canteen removes Parched and uses a unit of its water."""
    state = make_state()
    wiz = state.character("wiz")
    canteen = give(wiz, "canteen", 10)
    assert _refusal(state, UseItem(actor="wiz", item=canteen.uid)) == "The canteen is empty."
    water = give(wiz, "water", 11)
    water.place = inside(canteen)
    water.quantity = 2
    gain_affliction(Context(ScriptedDice([])), wiz, Affliction.PARCHED, rule="§4.6")
    verify(state, UseItem(actor="wiz", item=canteen.uid))
    resolve_default(use_item(Context(ScriptedDice([])), state, wiz, canteen, ""))
    assert Affliction.PARCHED not in wiz.afflictions
    assert water.quantity == 1


def test_waterskin_is_slow_and_not_used_in_a_fight() -> None:
    """§7.3: a Slow item cannot be used in combat."""
    state = make_state()
    skin = give(state.character("wiz"), "waterskin", 12)
    fight(state, "plagued_rat")
    assert "not used in a fight" in _refusal(state, CombatUseItem(actor="wiz", item=skin.uid))


def test_cloth_binds_a_bleeding_companion() -> None:
    """§7.4: cloth is a makeshift bandage: it stops Bleeding, and is used up."""
    state = make_state()
    cle = state.character("cle")
    cle.afflictions.add(Affliction.BLEEDING)
    cloth = _use(state, "cloth", [], target="cle")
    assert Affliction.BLEEDING not in cle.afflictions
    assert cloth not in state.character("wiz").items
    other = give(state.character("wiz"), "cloth", 13)
    assert _refusal(state, UseItem(actor="wiz", item=other.uid)) == "Wiz is not bleeding."


def test_bandages_are_refused_with_nobody_bleeding_and_go_on_the_one_who_is() -> None:
    """§4.6, §7.4: bandages with nobody Bleeding would be wasted, so they are refused and not spent;
    with a companion Bleeding, they stop it and one is used up (issue #16: they were used for nothing)."""
    state = make_state()
    wiz = state.character("wiz")
    kept = give(wiz, "bandages", 16)
    assert _refusal(state, UseItem(actor="wiz", item=kept.uid)) == (
        "Nobody within reach is Bleeding: the bandages would be wasted."
    )
    assert kept in wiz.items and kept.quantity == kept.defn.pack
    cle = state.character("cle")
    cle.afflictions.add(Affliction.BLEEDING)
    used = _use(state, "bandages", [], target="cle")
    assert Affliction.BLEEDING not in cle.afflictions
    assert used.quantity == used.defn.pack - 1


def test_oil_refills_a_lantern_usage_die() -> None:
    """§7.8: oil refuels a lantern: its usage die is full again."""
    state = make_state()
    wiz = state.character("wiz")
    lantern = give(wiz, "lantern", 14)
    oil = give(wiz, "oil", 15)
    assert _refusal(state, UseItem(actor="wiz", item=oil.uid)) == "The lantern is already full."
    lantern.usage = 4
    _use(state, "oil", [])
    assert lantern.usage == lantern.defn.usage == 8
    assert any(isinstance(e, LanternRefuelled) for e in LAST[0].events)


def test_iron_spikes_bar_a_door_from_the_party_side() -> None:
    """HOUSE §1.4 (house): spiking a door makes it barred from the party's side; Ud8 is rolled."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.position = (4, 1)
    spikes = _use(state, "iron_spikes", [8])
    door = state.expedition.level.doors[(5, 1)]
    assert door.state is DoorState.BARRED and door.barred_from == (4, 1)
    assert has_lasting(state, "5,1", SPIKED)
    assert spikes.usage == 8
    assert any(isinstance(e, DoorSpiked) for e in LAST[0].events)


def test_spiked_room_holds_a_wandering_group_for_1d3_turns() -> None:
    """HOUSE §1.4, §1.6: a barricade takes 1d3 ET to break and is loud; then the door is open."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.position = (4, 1)
    _use(state, "iron_spikes", [8])
    ctx = Context(ScriptedDice([2, 6]), world=WORLD)  # 1d3 = 2 turns; the loud noise's 1d! misses
    assert resolve_default(barricade_holds(ctx, state)) is True
    assert resolve_default(barricade_holds(ctx, state)) is True  # still hacking, no new roll
    door = state.expedition.level.doors[(5, 1)]
    tick(ctx, state, Span.TURN, rule="§10.1")
    assert door.state is DoorState.BARRED
    tick(ctx, state, Span.TURN, rule="§10.1")
    assert door.state.value == "open"
    assert resolve_default(barricade_holds(ctx, state)) is False


def test_rope_makes_a_frayed_bridge_safe() -> None:
    """HOUSE §1.8 (house): a rope run across a frayed bridge disarms it and stays there."""
    state = make_state()
    assert state.expedition is not None
    trap = Trap(
        pos=(2, 2),
        room=0,
        key="frayed_bridge",
        name="Frayed bridge",
        found=True,
        disarm="Run a rope across: 1 ET",
    )
    state.expedition.level.traps.append(trap)
    rope = _use(state, "rope", [])
    assert trap.disarmed
    assert rope not in state.character("wiz").items
    gear = give(state.character("wiz"), "climbing_gear", 16)
    assert "No known trap here" in _refusal(state, UseItem(actor="wiz", item=gear.uid))


def test_iron_spikes_give_advantage_on_spiked_flagstones() -> None:
    """HOUSE §1.8: a disarm text that names a carried tool gives advantage."""
    state = make_state()
    wiz = state.character("wiz")
    trap = Trap(
        pos=(2, 2),
        room=0,
        key="spiked_flagstones",
        name="Spiked flagstones",
        disarm="DEX; iron spikes give advantage",
    )
    assert disarm_advantage(wiz, trap) == 0
    give(wiz, "iron_spikes", 17)
    assert disarm_advantage(wiz, trap) == 1


def test_compass_gives_the_bearing_to_the_way_out() -> None:
    """§7.4 (house): the compass names the direction back to the exit."""
    state = make_state()
    assert state.expedition is not None
    state.expedition.position = (7, 1)
    compass = give(state.character("wiz"), "compass", 25)
    assert "Read the Compass" in [o.label for o in available_actions(state, "wiz")]
    ctx = run(state, UseItem(actor="wiz", item=compass.uid), [])  # quick: no exploration turn
    read = next(e for e in ctx.events if isinstance(e, CompassRead))
    assert (read.bearing, read.distance, read.toward) == ("west", 8, "the way out")
    assert compass in state.character("wiz").items  # not used up


def test_ashes_of_insight_show_hidden_traps_here() -> None:
    """§7.4 (house): flung ashes reveal what is unseen in the area, and are used up."""
    state = make_state()
    assert state.expedition is not None
    trap = Trap(pos=(2, 2), room=0, key="pit", name="Pit")
    state.expedition.level.traps.append(trap)
    state.expedition.position = (2, 3)
    _use(state, "ashes_of_insight", [])
    assert trap.found
    flung = next(e for e in LAST[0].events if isinstance(e, AshesFlung))
    assert (2, 2) in flung.revealed


def test_potion_of_giants_heals_all_str_wounds_and_fatigue() -> None:
    """§11.1: every STR wound and all STR fatigue go; the Ud4 is rolled."""
    state = make_state()
    wiz = state.character("wiz")
    wiz[Attr.STR].wounds, wiz[Attr.STR].fatigue = 1, 1
    _use(state, "potion_of_giants", [4])
    assert (wiz[Attr.STR].wounds, wiz[Attr.STR].fatigue) == (0, 0)


def test_tonic_of_focus_and_purging_hot_water() -> None:
    """§11.1, §16 #8: focus heals 2 PRE wounds; purging heals 2 STR wounds and deals 1 PRE wound."""
    state = make_state()
    wiz = state.character("wiz")
    wiz[Attr.PRE].wounds = 2
    _use(state, "tonic_of_focus", [])
    assert wiz[Attr.PRE].wounds == 0
    wiz[Attr.STR].wounds = 2
    _use(state, "purging_hot_water", [4])
    assert (wiz[Attr.STR].wounds, wiz[Attr.PRE].wounds) == (0, 1)


def test_anti_poison_tonic_cures_nauseated() -> None:
    """§4.6, §11.1: the anti-poison tonic cures Nauseated; without it, it is refused."""
    state = make_state()
    wiz = state.character("wiz")
    tonic = give(wiz, "anti_poison_tonic", 18)
    assert _refusal(state, UseItem(actor="wiz", item=tonic.uid)) == "Wiz is not Nauseated or poisoned."
    wiz.afflictions.add(Affliction.NAUSEATED)
    _use(state, "anti_poison_tonic", [])
    assert Affliction.NAUSEATED not in wiz.afflictions


def test_tonic_of_bravery_keeps_terrified_away_for_the_expedition() -> None:
    """§11.1: after the tonic, Terrified cannot be gained (house: one held now is cured)."""
    state = make_state()
    wiz = state.character("wiz")
    wiz.afflictions.add(Affliction.TERRIFIED)
    _use(state, "tonic_of_bravery", [])
    assert Affliction.TERRIFIED not in wiz.afflictions
    assert not gain_affliction(Context(ScriptedDice([])), wiz, Affliction.TERRIFIED, rule="§7.8")


def test_mercurial_tonic_adds_an_action_until_its_die_runs_out() -> None:
    """§10.2.1, §11.1: +1 action now; its Ud4 is rolled at the end of each of the drinker's turns."""
    state = make_state()
    fight(state, "plagued_rat")
    tonic = give(state.character("wiz"), "mercurial_tonic", 19)
    run(state, CombatUseItem(actor="wiz", item=tonic.uid), [])
    assert state.expedition is not None and state.expedition.combat is not None
    assert state.expedition.combat.actions_left == 2  # 2 − 1 used + 1
    assert has_lasting(state, "wiz", MERCURIAL)

    ctx = Context(ScriptedDice([1]), world=WORLD)
    mercurial_turn_ends(ctx, state, "wiz")
    assert not has_lasting(state, "wiz", MERCURIAL)  # a 1 on the d4 spends it


def test_mercurial_tonic_is_refused_while_exploring() -> None:
    """§11.1: the mercurial tonic only works in a fight."""
    state = make_state()
    tonic = give(state.character("wiz"), "mercurial_tonic", 20)
    assert "quickens a fight" in _refusal(state, UseItem(actor="wiz", item=tonic.uid))


def test_living_ashes_add_a_wound_to_the_wielded_weapon() -> None:
    """§7.4: living ashes make a weapon deal 1 extra wound for the expedition; Ud4 rolled."""
    state = make_state()
    wiz = state.character("wiz")
    dagger = give(wiz, "dagger", 21)
    ashes = give(wiz, "living_ashes", 22)
    assert _refusal(state, UseItem(actor="wiz", item=ashes.uid)) == "Wield a weapon first."
    dagger.place, dagger.wielded = "right_hand", True
    _use(state, "living_ashes", [4])
    assert ashes_wound(state, wiz, dagger) == 1


def test_explosive_potion_hurts_the_tile_and_those_close() -> None:
    """§11.1 (house: no test): 2 wounds on the tile, 1 to those Close; very loud (HOUSE §1.5)."""
    state = make_state()
    rat, other = fight(state, "plagued_rat", "plagued_rat")
    potion = give(state.character("wiz"), "explosive_potion", 23)
    labels = [o.label for o in combat_options(state, "wiz")]
    assert "Throw the Explosive potion at the Plagued Rat" in labels
    run(state, CombatUseItem(actor="wiz", item=potion.uid, target=rat.uid), [6, 6])
    assert (rat.wounds, other.wounds) == (2, 1)
    assert potion not in state.character("wiz").items


def test_explosive_potion_is_refused_out_of_sight_or_while_exploring() -> None:
    """§11.1: thrown at a Nearby tile, in a fight."""
    state = make_state()
    potion = give(state.character("wiz"), "explosive_potion", 24)
    assert (
        _refusal(state, UseItem(actor="wiz", item=potion.uid)) == "The explosive potion is thrown in a fight."
    )
    fight(state, "plagued_rat")
    refused = _refusal(state, CombatUseItem(actor="wiz", item=potion.uid, target="9,9"))
    assert "Nearby" in refused


def test_a_first_aid_kit_stabilises_someone_mortally_wounded_while_exploring() -> None:
    """§4.4: outside a fight an ally stabilises the mortally wounded with a first aid kit (1 ET, house)."""
    from expedition.rules.character.adventurer import Status

    state = make_state()
    cle = state.character("cle")
    cle.status = Status.MORTALLY_WOUNDED
    kit = give(state.character("wiz"), "first_aid_kit", 77)
    assert "can be stabilised" in _refusal(state, UseItem(actor="wiz", item=kit.uid, target="wiz"))
    labels = [o.label for o in available_actions(state, "wiz") if o.enabled]
    assert "Stabilise Cle with the First aid kit" in labels
    run(state, UseItem(actor="wiz", item=kit.uid, target="cle"), [4])  # the kit's Ud6 holds
    assert cle.status is Status.ACTIVE and state.turn == 1
    cle.status = Status.FAINTED  # a fainted friend is woken the same way
    assert "Stabilise Cle with the First aid kit" in [o.label for o in available_actions(state, "wiz")]


def test_a_healing_prayer_outside_a_fight_gets_the_fallen_up() -> None:
    """§4.4: a healing spell stabilises too (Cure light wounds, outside a fight)."""
    from expedition.rules.character.adventurer import Status
    from expedition.rules.magic.prayers.praying import InvokePrayer

    state = make_state()
    wiz, cle = state.character("wiz"), state.character("cle")
    cle.magic.memorised_prayers.append("cure_light_wounds")
    wiz.status = Status.MORTALLY_WOUNDED
    run(state, InvokePrayer(actor="cle", prayer="cure_light_wounds", target="wiz"), [5, 5])
    assert wiz.status is Status.ACTIVE


def test_in_a_fight_a_kit_saves_the_mortally_wounded_next_to_you_only() -> None:
    """§4.4: near death must be stabilised within one combat turn: a kit works in a fight, Close (house)."""
    from expedition.rules.character.adventurer import Status

    state = make_state()
    fight(state, "goblin_scrapper")
    cle = state.character("cle")
    kit = give(state.character("wiz"), "first_aid_kit", 78)
    cle.status = Status.FAINTED
    assert "mortally wounded" in _refusal(state, CombatUseItem(actor="wiz", item=kit.uid, target="cle"))
    cle.status = Status.MORTALLY_WOUNDED
    labels = [o.label for o in combat_options(state, "wiz") if o.enabled]
    assert any("First aid kit" in label and "Cle" in label for label in labels)
    combat = state.expedition.combat  # type: ignore[union-attr]
    assert combat is not None
    combat.positions["cle"] = (1, 4)  # two tiles from the wizard: out of reach
    assert "next to you" in _refusal(state, CombatUseItem(actor="wiz", item=kit.uid, target="cle"))
