"""Provides `attack_odds`: the exact odds of an adventurer's attack on a foe (§10.2.2, §3.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.combat.attacking import attack_attrs, weapon_attack, weapons
from expedition.rules.combat.combat_state import Foe
from expedition.rules.combat.strike import skill_advantage
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item
from expedition.rules.core.odds import RollOdds, outcome_odds
from expedition.rules.core.rolls import available_dice
from expedition.rules.magic.prayers.prayer_marks import on_our_side

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


def attack_odds(state: CampaignState, actor: str, target: str, weapon: int) -> RollOdds:
    """The exact odds of `actor`'s attack on foe `target` with weapon `weapon` (item uid).

    The foe's usable tokens and hard-to-hit count as GM rerolls (disadvantage), Terrified and
    Hopeless as on the sheet; help and Dauntless are left out.

    Raises:
        IllegalAction: Outside a fight, or for an unknown foe or weapon.
    """
    expedition = state.expedition
    combat = expedition.combat if expedition is not None else None
    if combat is None:
        raise IllegalAction("There is no fight going on.")
    member = state.character(actor)
    foe: Foe = combat.foe(target)
    item: Item | None = next((i for i in weapons(member) if i.uid == weapon), None)
    if item is None:
        raise IllegalAction(f"{member.name} wields no such weapon.")
    here = combat.positions[actor]
    attack = weapon_attack(item, manhattan(here, foe.pos))
    attr = max(attack_attrs(member, attack), key=lambda a: available_dice(member, a, combat=True))
    tokens = foe.tokens.dodge + (0 if attack.ignores_shields else foe.tokens.shield)

    engaged = any(not on_our_side(state, f) for f in combat.foes_next_to(here))  # a pet does not engage
    ranged = manhattan(here, foe.pos) > 1 and engaged
    return outcome_odds(
        available_dice(member, attr, combat=True),
        proficiency=0 if member.has(Affliction.ANGRY) else member[attr].proficiency,
        advantage=skill_advantage(state, member, foe),  # Beastmaster on animals, the Cursed on ghosts (§6.1)
        disadvantage=int(foe.defn.hard_to_hit) + tokens + int(ranged),
        terrified=member.has(Affliction.TERRIFIED),
        hopeless=member.has(Affliction.HOPELESS),
    )
