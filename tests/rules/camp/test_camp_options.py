"""Tests for rules/camp/camp_options.py: each character's camp action list, its costs and reasons (§10.3)."""

from __future__ import annotations

from expedition.rules.camp.camp_options import DOES, camp_options, describe
from expedition.rules.camp.camp_sacrifices import BurnTeeth
from expedition.rules.camp.crafting import RepairGear
from expedition.rules.camp.lookout import KeepLookout
from expedition.rules.camp.ritual import PerformRitual
from expedition.rules.camp.surgery import PerformSurgery
from expedition.rules.character.adventurer import Status
from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Skill
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.engine.legal_actions import legal_actions
from expedition.rules.exploration.camp_state import CampPlace, CampState
from expedition.rules.exploration.setting_up_camp import SetUpCamp
from tests.rules.camp_helpers import GAMBESON, MEDICAL, RATION, SUPPLIES, camp_with, give, make_state, run
from tests.rules.magic_helpers import give as magic_give
from tests.rules.magic_helpers import make_state as magic_state


def test_camp_options_list_costs_and_reasons_and_legal_actions_follow_them() -> None:
    """§10.3: the action list gives each action's cost in camp actions, and why not."""
    state = make_state()
    camp_with(state, CampPlace(long_rest=False))
    options = {o.label: o for o in camp_options(state, "wren")}
    assert options["Sleep"].cost == 2 and not options["Sleep"].enabled
    assert options["Keep a lookout"].enabled and options["Break camp"].enabled
    assert options["Cook some food (feeds 2 a ration)"].reason == "Cooking needs a fire."
    assert KeepLookout(actor="wren") in legal_actions(state)


def test_the_camp_screen_lists_the_sacrifice_for_an_angry_cleric_only() -> None:
    """§5.7.4, §10.3: the camp's action list offers the teeth to Goshkalon's angry cleric."""
    state = magic_state()
    cle = state.character("cle")
    cle.magic.calling, cle.magic.god_angry = "goshkalon", True
    assert state.expedition is not None
    state.expedition.camp = CampState(place=CampPlace(long_rest=False), pool=3, total=3, fire=True)
    state.phase = Phase.CAMP
    magic_give(cle, "human_teeth", 10)
    offered = {type(o.action): o for o in camp_options(state, "cle")}
    assert offered[BurnTeeth].enabled and offered[BurnTeeth].cost == 1
    assert BurnTeeth not in {type(o.action) for o in camp_options(state, "wiz")}
    cle.magic.god_angry = False
    assert BurnTeeth not in {type(o.action) for o in camp_options(state, "cle")}


def test_no_options_outside_a_camp_or_for_a_stranger() -> None:
    """§10.3: the list is empty when nobody camps, or for someone not in the party."""
    state = make_state()
    assert camp_options(state, "wren") == []
    camp_with(state, CampPlace(long_rest=False))
    assert camp_options(state, "ghost") == []
    assert camp_options(state, "wren")[-1].label == "Break camp"


def test_skill_actions_appear_only_for_those_who_know_the_skill() -> None:
    """§6.1, §10.3: Ritualist, Surgeon and Crafting add their own camp actions."""
    state = make_state()
    camp_with(state, CampPlace(long_rest=True))
    skilled = {PerformRitual, PerformSurgery, RepairGear}
    assert not skilled & {type(o.action) for o in camp_options(state, "wren")}
    state.character("wren").skills |= {Skill.RITUALIST, Skill.SURGEON, Skill.CRAFTING}
    offered = {type(o.action): o for o in camp_options(state, "wren")}
    assert skilled <= set(offered)
    assert offered[PerformRitual].enabled and offered[RepairGear].reason == "Wren wears no broken armour."


def test_each_camp_item_is_one_line_and_setup_items_are_not_listed() -> None:
    """§10.3, §7.3: alike rations share a line; camping supplies are used at setup, not as a camp item."""
    state = make_state()
    give(state, "wren", RATION, 1)
    give(state, "wren", RATION, 1)
    give(state, "wren", SUPPLIES, 2)
    camp_with(state, CampPlace(long_rest=True), "0")
    labels = [o.label for o in camp_options(state, "wren")]
    assert labels.count("Use the Ration") == 1
    assert not [label for label in labels if "Camping supplies" in label]


def test_describe_says_what_each_action_does() -> None:
    """§10.3: every listed action has a one-line description; an unknown one has none."""
    assert describe(KeepLookout(actor="wren")) == "One ambush die fewer."
    assert "1d!" in describe(BurnTeeth(actor="cle"))
    assert all(text.endswith(".") for text in DOES.values())
    assert describe(SetUpCamp(actor="wren")) == ""


def _dispatch_says(state: CampaignState, action: Action) -> tuple[bool, str]:
    try:
        verify(state, action)
    except (IllegalAction, InvalidAction) as error:
        return False, str(error)
    return True, ""


def test_each_option_is_allowed_or_refused_exactly_as_the_campaign_dispatch_says() -> None:
    """§10.3: the list checks each camp action with its own guard, the one the dispatch's `verify` runs."""
    state = make_state()
    state.character("wren").skills |= {Skill.RITUALIST, Skill.SURGEON, Skill.CRAFTING}
    give(state, "wren", RATION, 2)
    give(state, "wren", MEDICAL)
    give(state, "moss", GAMBESON)
    give(state, "wren", SUPPLIES, 2)
    camp_with(state, CampPlace(long_rest=False), "1", "yes")

    def agree() -> None:
        for actor in ("wren", "moss"):
            for option in camp_options(state, actor):
                assert (option.enabled, option.reason) == _dispatch_says(state, option.action), option.label

    agree()
    run(state, KeepLookout(actor="wren"), [])  # a lookout taken, the pool one smaller
    agree()
    state.character("moss").status = Status.FAINTED
    agree()
