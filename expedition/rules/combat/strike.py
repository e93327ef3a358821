"""Provides what every adventurer's attack on a foe shares (§10.2.2): the test against its tokens, and harm.

Weapons (`attacking.attack_foe`) and attack spells (`spell_attacks`) both roll through
`strike_test`: the foe's dodge tokens, then its shield tokens (not against X), are GM rerolls on
top of any plain disadvantage, and are spent only while the GM actually used them (HOUSE §3.1).
Bonedance on the foe gives the attacker advantage (§11.1), and so do Beastmaster against animals and a
Cursed attacker against ghosts (`skill_advantage`). `may_harm` answers whether a hit can
hurt a foe that only some sources harm (§12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.combat.beasts import is_animal
from expedition.rules.combat.combat_events import report_tokens
from expedition.rules.combat.combat_harm import wound_foe
from expedition.rules.combat.combat_state import Foe, combat_of, helper_of
from expedition.rules.combat.enemies.enemy_defs import EnemyTag, HarmSource
from expedition.rules.combat.maneuvers.maneuver_marks import trick_advantage
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.decisions import GM
from expedition.rules.core.events import Note
from expedition.rules.core.lasting import has_lasting
from expedition.rules.core.notation import Flag
from expedition.rules.core.rerolls import DieRerolled
from expedition.rules.core.rolls import attribute_test
from expedition.rules.core.skills import Skill
from expedition.rules.items import usage

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.combat.combat_state import CombatState
    from expedition.rules.core.attributes import Attr
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.core.item_defs import Item
    from expedition.rules.core.judging import RollResult
    from expedition.rules.core.notation import Attack
    from expedition.rules.engine.campaign import CampaignState

BONEDANCE = "spell:bonedance"
"""The lasting key of Bonedance: tests against the foe have advantage (§11.1)."""


def strike_test(
    ctx: Context,
    state: CampaignState,
    member: Character,
    foe: Foe,
    attr: Attr,
    *,
    disadvantage: int = 0,
    ignores_shields: bool = False,
    advantage: int = 0,
    bonus_dice: int = 0,
    rule: str = "§10.2.2",
) -> Resolution[RollResult]:
    """`member`'s attack test against `foe`, its tokens offered to the GM as rerolls (§10.2.2).

    Args:
        ctx: Dice and events.
        state: The campaign (in a fight).
        member: The attacker.
        foe: The target.
        attr: The attribute the attack tests.
        disadvantage: Plain disadvantage (hard to hit, shooting while engaged).
        ignores_shields: Flag X: its shield tokens cannot be spent (§16 #7).
        advantage: Plain advantage (a maneuver's `+`); another's Dirty tricks on the foe add 1 (§5.7.2).
        bonus_dice: Extra dice in the pool (Knife in the back, §5.7.2).
        rule: The section that asks for the attack.

    Returns:
        The test's result; the foe's spent tokens are already gone.
    """
    combat = combat_of(state)

    advantage += (1 if has_lasting(state, foe.uid, BONEDANCE) else 0) + trick_advantage(state, foe, member.id)
    advantage += skill_advantage(state, member, foe)  # Beastmaster on animals, the Cursed on ghosts (§6.1)
    tokens = foe.tokens.dodge + (0 if ignores_shields else foe.tokens.shield)
    helper = helper_of(state, combat, member.id)
    start = len(ctx.events)
    result = yield from attribute_test(
        ctx,
        member,
        attr,
        advantage=advantage,
        disadvantage=disadvantage + tokens,
        helper=helper if helper is not None and helper.can_act else None,
        combat=True,
        bonus_dice=bonus_dice,
        rule=rule,
    )
    gm = sum(1 for e in ctx.events[start:] if isinstance(e, DieRerolled) and e.by == GM)
    spent = max(0, min(tokens, gm - max(0, disadvantage - advantage)))
    if spent:
        dodge = min(spent, foe.tokens.dodge)
        foe.tokens.dodge -= dodge
        foe.tokens.shield -= spent - dodge
        ctx.emit(report_tokens(foe.uid, foe.tokens, "spent against an attack", rule))
    return result


def skill_advantage(state: CampaignState, member: Character, foe: Foe) -> int:
    """Advantage on `member`'s attack tests against `foe` from skills and sight.

    1 for a Beastmaster against an animal (§6.1); 1 (house) for a Cursed adventurer against a
    ghost, whom they see where it really is (§4.6).
    """
    beast = member.has(Skill.BEASTMASTER) and is_animal(foe)
    ghost = member.has(Affliction.CURSED) and EnemyTag.GHOST in foe.defn.tags
    return int(beast) + int(ghost)


def may_harm(foe: Foe, *sources: HarmSource) -> bool:
    """True unless only other sources can hurt `foe` (§12: swarms, shadows)."""
    return not foe.defn.harmed_only_by or any(s in foe.defn.harmed_only_by for s in sources)


def spend_ammo(ctx: Context, member: Character, item: Item) -> None:
    """A shot from `item` rolls the usage die of the ammunition it needs, when carried (HOUSE §6.5)."""
    if item.defn.ammo:
        ammo = next((i for i in member.items if i.defn.key == item.defn.ammo), None)
        if ammo is not None:
            usage.roll_usage(ctx, member, ammo, rule="HOUSE §6.5")


def weapon_wounds(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    member: Character,
    foe: Foe,
    item: Item,
    attack: Attack,
    raw: int,
    *,
    critical: bool,
    cold: bool = False,
    rule: str,
) -> bool:
    """Lay a weapon hit's `raw` wounds on `foe` with the attack's P/N/B flags (§10.2.2, §16 #7).

    Returns:
        False when the weapon cannot harm the foe at all (only fire or magic hurts it, §12); a
        lit torch counts as fire.
    """
    fire = item.lit and item.defn.light is not None
    if not may_harm(foe, *((HarmSource.FIRE,) if fire else ())):
        ctx.emit(Note(rule="§12", text=f"The {item.name} cannot harm the {foe.name}."))
        return False
    flags = attack.flags(critical)
    wound_foe(
        ctx,
        state,
        combat,
        foe,
        raw,
        by=member.id,
        pierce=Flag.PIERCE in flags,
        unreducible=Flag.UNREDUCIBLE in flags,
        cold_blood=cold,
        bleeds=Flag.BLEEDING in flags,
        rule=rule,
    )
    return True
