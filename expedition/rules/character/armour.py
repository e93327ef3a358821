"""Provides armour rolls (§4.2, §7.6) and damage to enemies after armour and resistance."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.events import Event
from expedition.rules.core.wording import plural

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.item_defs import Item

PADDED = frozenset({"padded_armor", "padded_armour"})
"""Item keys of padded armour: a rolled 4 does not break it, only 1s do (§7.6)."""
SOLDIER_HELMET = frozenset({"soldier_helmet"})
"""Item keys of the soldier helmet: each use breaks exactly 1 AP (§7.6)."""


@dataclass(frozen=True, slots=True)
class ArmourResult:
    """One armour roll.

    Attributes:
        reduced: Wounds the roll removes (one per 4, 5 or 6).
        broken: Armour points the roll breaks.
    """

    reduced: int
    broken: int


def armour_roll(
    ctx: Context,
    who: str,
    ap: int,
    *,
    dice: int | None = None,
    soldier_helmet: bool = False,
    padded: bool = False,
    rule: str = "§4.2",
) -> ArmourResult:
    """Roll the armour dice of one piece, or one part of multi-part armour (§4.2).

    One d6 per working AP, or fewer if the wearer chooses. Each 4, 5 or 6 removes a wound;
    each 1 or 4 breaks an AP. Padded armour breaks only on 1s; a soldier helmet breaks exactly
    one AP whenever it is rolled (§7.6). Never breaks more AP than are working.

    Args:
        ctx: Dice and event log.
        who: Who rolls (a character or enemy id), for the log.
        ap: Working armour points of the piece or part.
        dice: Dice to roll, at most `ap`; None rolls them all.
        soldier_helmet: The piece is a soldier helmet.
        padded: The piece is padded armour.
        rule: The section that asks for the roll.
    """
    count = max(0, ap if dice is None else min(dice, ap))
    faces = ctx.roll(count, who=who, why="armour roll", rule=rule)
    reduced = sum(1 for face in faces if face >= 4)
    if not faces:
        broken = 0
    elif soldier_helmet:
        broken = 1
    else:
        breaking = (1,) if padded else (1, 4)
        broken = sum(1 for face in faces if face in breaking)
    broken = min(broken, max(0, ap))
    ctx.emit(ArmourRolled(rule=rule, who=who, dice=count, reduced=reduced, broken=broken))
    return ArmourResult(reduced, broken)


def roll_item(
    ctx: Context, who: str, item: Item, part: int = 0, *, dice: int | None = None, rule: str = "§4.2"
) -> ArmourResult:
    """Roll one part of a worn armour item and break its AP on the item (§4.2, §7.6)."""
    result = armour_roll(
        ctx,
        who,
        item.working_ap(part),
        dice=dice,
        soldier_helmet=item.defn.key in SOLDIER_HELMET,
        padded=item.defn.key in PADDED,
        rule=rule,
    )
    if result.broken:
        item.broken[part] += result.broken
        ctx.emit(
            ArmourPointsBroken(
                rule=rule,
                who=who,
                item=item.uid,
                part=part,
                points=result.broken,
                working=item.working_ap(part),
            )
        )
    return result


def armour_defence(
    ctx: Context, character: Character, armour: Sequence[Item], damage: int, *, rule: str = "§4.2"
) -> Resolution[int]:
    """Let a character roll one worn piece (or one part) against a hit of `damage` (§4.2).

    The player picks the piece and part (or none), then how many of its dice to roll.

    Returns:
        Wounds the roll removes.
    """
    parts = [
        (item, part) for item in armour for part in range(len(item.defn.armour)) if item.working_ap(part) > 0
    ]
    if not parts:
        return 0
    choices = [Choice("none", "Do not roll armour")]
    choices += [
        Choice(
            f"{item.uid}:{part}",
            f"{item.name}{f' part {part + 1}' if len(item.defn.armour) > 1 else ''}"
            f" ({item.working_ap(part)} AP)",
        )
        for item, part in parts
    ]
    best = max(parts, key=lambda pair: pair[0].working_ap(pair[1]))
    key = yield Decision(
        kind="armour",
        owner=character.id,
        prompt=f"{character.name} is hit for {damage}. Which armour rolls?",
        choices=tuple(choices),
        default=f"{best[0].uid}:{best[1]}",
        rule="§4.2",
    )
    if key == "none":
        return 0
    item, part = next((i, p) for i, p in parts if f"{i.uid}:{p}" == key)
    ap = item.working_ap(part)
    dice = ap
    if ap > 1:
        answer = yield Decision(
            kind="armour_dice",
            owner=character.id,
            prompt=f"How many of {item.name}'s {plural(ap, 'die')}? Fewer dice, fewer chances to break it.",
            choices=tuple(Choice(str(n), plural(n, "die")) for n in range(1, ap + 1)),
            default=str(ap),
            rule="§4.2",
        )
        dice = int(answer)
    return roll_item(ctx, character.id, item, part, dice=dice, rule=rule).reduced


@dataclass(frozen=True, slots=True)
class EnemyDamage:
    """Damage an enemy takes after armour and resistance.

    Attributes:
        wounds: Wounds to add to the enemy's count (never below 0).
        broken: AP its armour lost for good.
    """

    wounds: int
    broken: int


def enemy_damage(
    ctx: Context,
    raw: int,
    *,
    ap: int = 0,
    resist: int = 0,
    pierce: bool = False,
    unreducible: bool = False,
    cold_blood: bool = False,
    who: str = "enemy",
    rule: str = "§4.2",
) -> EnemyDamage:
    """Reduce damage dealt to an enemy: armour roll, then flat resistance (§4.2).

    P skips the armour roll; R and the attacker's Cold blood (§6.2) skip resistance. The
    enemy rolls all its working AP; the AP it breaks are lost for good (the caller records them).

    Args:
        ctx: Dice and event log.
        raw: Damage of the hit.
        ap: The enemy's working armour points.
        resist: The enemy's resistance.
        pierce: The attack has P.
        unreducible: The attack has R.
        cold_blood: The attacker has Cold blood.
        who: The enemy's id, for the log.
        rule: The section applied.
    """
    if raw <= 0:
        return EnemyDamage(0, 0)
    damage, broken = raw, 0
    if ap > 0 and not pierce:
        result = armour_roll(ctx, who, ap, rule=rule)
        damage -= result.reduced
        broken = result.broken
    if resist > 0 and not unreducible and not cold_blood and damage > 0:
        ctx.emit(WoundsResisted(rule=rule, who=who, source="resistance", points=min(resist, damage)))
        damage -= resist
    return EnemyDamage(max(0, damage), broken)


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmourRolled(Event):
    """Armour dice were rolled against a hit.

    Attributes:
        who: The wearer.
        dice: Dice rolled.
        reduced: Wounds removed.
        broken: AP broken.
    """

    who: str
    dice: int
    reduced: int
    broken: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmourPointsBroken(Event):
    """Armour points of a carried item broke (until repaired).

    Attributes:
        who: The wearer.
        item: The item's uid.
        part: Which part of multi-part armour.
        points: AP broken now.
        working: AP of that part still working.
    """

    who: str
    item: int
    part: int
    points: int
    working: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WoundsResisted(Event):
    """Wounds were taken off a hit by something other than armour.

    Attributes:
        who: Who was hit.
        source: "Hardened" or "resistance".
        points: Wounds taken off.
    """

    who: str
    source: str
    points: int
