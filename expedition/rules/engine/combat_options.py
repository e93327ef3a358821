"""Provides the combat action bar for screens: every action an adventurer could take now.

Each entry is checked by the campaign's own `dispatch.verify`, so the bar lives with the dispatch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.combat.attacking import AttackFoe, weapons
from expedition.rules.combat.break_free import break_free_options
from expedition.rules.combat.catching_breath import CombatCatchBreath
from expedition.rules.combat.combat_actions import cost_of
from expedition.rules.combat.defending import Defend, Dodge
from expedition.rules.combat.fighter_turn import EndTurn, Recover
from expedition.rules.combat.fighting_skills import fight_skill_offers
from expedition.rules.combat.help_feint_and_intimidate import Feint, Help, Intimidate
from expedition.rules.combat.moving_and_fleeing import CombatMove, Flee, move_routes
from expedition.rules.combat.parley import parley_offers
from expedition.rules.combat.using_fight_items import CombatUseItem
from expedition.rules.core.actions import Action, ActionOption
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.engine.dispatch import verify
from expedition.rules.engine.magic_options import magic_options
from expedition.rules.items.item_uses import USES, item_targets, offered
from expedition.rules.magic.prayers.prayer_marks import hostile

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


def _option(state: CampaignState, action: Action, label: str) -> ActionOption:

    member = next((c for c in state.party if c.id == action.actor), None)
    cost = cost_of(member, action) if member is not None else 1
    try:
        verify(state, action)
    except (IllegalAction, InvalidAction) as error:
        return ActionOption(action, label, cost, False, str(error))
    return ActionOption(action, label, cost, True)


def combat_options(state: CampaignState, actor: str) -> list[ActionOption]:
    """Every combat action `actor` could take now, enabled or with the reason it is not (`cost` in actions).

    Moves list each reachable tile; attacks each foe in reach of each wielded weapon; flights
    each reachable tile no foe can see. Empty outside a fight or for someone not in it.
    """
    expedition = state.expedition
    combat = expedition.combat if expedition is not None else None
    member = next((c for c in state.party if c.id == actor), None)
    if combat is None or member is None or actor not in combat.positions or actor in combat.fled:
        return []
    options: list[ActionOption] = []
    here = combat.positions[actor]

    named = combat.foe_names()  # "Goblin Scrapper 2" when two share a name: players never see uids
    for item in weapons(member):
        for foe in hostile(state, combat):  # not the party's own swarm or hound
            option = _option(state, AttackFoe(actor=actor, target=foe.uid, weapon_uid=item.uid), "")
            if option.enabled:
                label = f"Attack the {named[foe.uid]} with the {item.name}"
                options.append(ActionOption(option.action, label, option.cost, True))
    reachable = move_routes(state, combat, member) if member.can_act else {}
    for tile in sorted(reachable):
        options.append(_option(state, CombatMove(actor=actor, to=tile), f"Move to {tile[0]},{tile[1]}"))
    for tile in sorted(reachable):
        option = _option(state, Flee(actor=actor, to=tile), "")
        if option.enabled:
            options.append(ActionOption(option.action, f"Flee to {tile[0]},{tile[1]}", option.cost, True))
    options.append(_option(state, Recover(actor=actor), "Recover"))
    options.append(_option(state, CombatCatchBreath(actor=actor), "Catch breath"))
    options.append(_option(state, Defend(actor=actor), "Defend with the shield"))
    options.append(_option(state, Dodge(actor=actor), "Dodge"))
    for item in member.items:
        if (item.defn.attack or item.defn.is_shield) and not item.wielded:
            options.append(
                _option(state, CombatUseItem(actor=actor, item=item.uid), f"Wield the {item.name}")
            )
        elif item.defn.light is not None:
            verb = "Put out" if item.lit else "Light"
            options.append(
                _option(state, CombatUseItem(actor=actor, item=item.uid), f"{verb} the {item.name}")
            )
        elif offered(item, combat=True):  # potions, tonics, living ashes, the canteen (§7.4)
            for target in item_targets(state, member, item):
                friend = next((m for m in state.party if m.id == target), None)
                if friend is not None:  # medicine for a mortally wounded ally (§4.4)
                    label = f"Stabilise {friend.name} with the {item.name}"
                else:
                    aim = f" at the {combat.foe(target).name}" if target else ""
                    label = f"{USES[item.defn.key].verb} the {item.name}{aim}"
                options.append(
                    _option(state, CombatUseItem(actor=actor, item=item.uid, target=target), label)
                )
    for ally in state.party:
        if (
            ally.id != actor
            and ally.id in combat.positions
            and manhattan(combat.positions[ally.id], here) <= 1
        ):
            options.append(_option(state, Help(actor=actor, ally=ally.id), f"Help {ally.name}"))
    for foe in combat.conscious_foes:
        if manhattan(foe.pos, here) == 1:
            options.append(_option(state, Feint(actor=actor, target=foe.uid), f"Feint at the {foe.name}"))
    options.append(_option(state, Intimidate(actor=actor), "Intimidate"))

    for choice, label in [
        *break_free_options(state, actor),
        *parley_offers(state, actor),
        *fight_skill_offers(state, actor),
    ]:
        options.append(_option(state, choice, label))  # holds (§16 #26), parleys (house), Fearless (§6.1)

    options += magic_options(state, actor)
    options.append(_option(state, EndTurn(actor=actor), "End turn"))
    return options
