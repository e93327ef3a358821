"""Provides what camp items do (§7.3, §7.4, §10.3): medicine, kits that repair armour, rations and brews."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.afflictions import Cure, apply_cure
from expedition.rules.character.fainting import Means, stabilise
from expedition.rules.character.recovery import heal_chosen_wound
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import ArmourType, Item
from expedition.rules.items.item_uses import Where, item_use
from expedition.rules.items.medicine import MEDICINE, fallen, verify_stabilise
from expedition.rules.items.slots import worn_armour
from expedition.rules.items.usage import roll_usage, use_one

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

RULE = "§10.3"

KITS: dict[str, frozenset[ArmourType]] = {
    "sewing_tools": frozenset({ArmourType.LIGHT}),
    "leatherworkers_toolkit": frozenset({ArmourType.LIGHT, ArmourType.MEDIUM}),
    "armourer_supplies": frozenset(ArmourType),
}
"""Repair kits and the armour weights each mends, 1 AP per use (§4.2, §7.4)."""
FOOD = ("ration", "special_ration")
"""Food eaten on its own, uncooked (§10.3)."""
BREWS: dict[str, Cure] = {"tea": Cure.TEA, "coffee": Cure.COFFEE, "hot_chocolate": Cure.HOT_CHOCOLATE}
"""What a special ration may be brewed as, and what each cures (§10.3)."""
SETUP_ONLY = ("camping_supplies", "firewood")
"""Camp items used up while setting camp up, not with "Use camp items"."""


def repairable(character: Character, kinds: frozenset[ArmourType]) -> list[Item]:
    """Worn armour of these weights with broken armour points, in carrying order."""
    return [
        item
        for item in worn_armour(character)
        if (item.defn.armour_type or ArmourType.LIGHT) in kinds and any(item.broken)
    ]


def repair_armour(
    ctx: Context,
    character: Character,
    points: int,
    kinds: frozenset[ArmourType] = frozenset(ArmourType),
    *,
    rule: str,
) -> int:
    """Repair up to `points` broken armour points on the character's worn armour (§4.2).

    Returns:
        The points repaired.
    """
    repaired = 0
    for item in repairable(character, kinds):
        for part, broken in enumerate(item.broken):
            mend = min(broken, points - repaired)
            if mend:
                item.broken[part] -= mend
                repaired += mend
                ctx.emit(
                    ArmourRepaired(
                        rule=rule, character=character.id, item=item.uid, name=item.name, points=mend
                    )
                )
    return repaired


def verify_camp_item(user: Character, target: Character, item: Item) -> None:
    """Raise unless `user` can use `item` on `target` now (§7.3, §4.5 Paranoid).

    Raises:
        IllegalAction: With the reason.
    """
    key = item.defn.key
    if key in SETUP_ONLY:
        raise IllegalAction(f"The {item.name} is used when the camp is set up.")
    if key not in KITS and key not in MEDICINE and key not in FOOD:
        raise IllegalAction(f"The {item.name} has no use in camp: use it while exploring or fighting.")
    if target is not user and key != "ration" and _paranoid(user):
        raise IllegalAction(f"{user.name} is paranoid and shares nothing but rations.")
    if key in KITS and not repairable(target, KITS[key]):
        raise IllegalAction(f"{target.name} wears no broken armour the {item.name} can mend.")
    if key in MEDICINE and not any(target[a].wounds for a in MEDICINE[key]) and not _down(target):
        raise IllegalAction(f"{target.name} has no wound the {item.name} can heal.")


def _paranoid(character: Character) -> bool:

    return Trauma.PARANOID in character.traumas


def _down(character: Character) -> bool:

    return character.status in (Status.FAINTED, Status.MORTALLY_WOUNDED)


def use_camp_item(ctx: Context, user: Character, target: Character, item: Item) -> Resolution[None]:
    """Use a camp item on `target` (the user, or a companion) (§7.3, §7.4, §10.3).

    Medicine stabilises someone down, or heals a wound; kits mend 1 AP; a raw ration removes
    Hungry and Parched from one eater; a special ration is brewed as tea, coffee or hot chocolate
    (decision "brew", owner the user).
    """
    verify_camp_item(user, target, item)
    key = item.defn.key
    spend: Callable[[], None] = (
        (lambda: _roll(ctx, user, item)) if item.defn.usage else (lambda: use_one(ctx, user, item, rule=RULE))
    )
    ctx.emit(CampItemUsed(rule=RULE, character=user.id, target=target.id, item=item.uid, name=item.name))
    if key in MEDICINE:
        means = Means.FIRST_AID_KIT if key == "first_aid_kit" else Means.MEDICAL_SUPPLY
        if not stabilise(ctx, target, means=means, rule="§4.4"):
            yield from heal_chosen_wound(ctx, target, allowed=MEDICINE[key], rule="§4.4")
            if key == "first_aid_kit":
                apply_cure(ctx, target, Cure.FIRST_AID, rule="§4.6")
    elif key in KITS:
        repair_armour(ctx, target, 1, KITS[key], rule="§4.2")
    elif key == "ration":
        apply_cure(ctx, target, Cure.RATION, rule=RULE)
    else:
        brew = yield Decision(
            kind="brew",
            owner=user.id,
            prompt=f"{user.name}: brew the special ration as what?",
            choices=(
                Choice("tea", "Tea (removes Parched and Angry)"),
                Choice("coffee", "Coffee (removes Parched and Sleepy)"),
                Choice("hot_chocolate", "Hot chocolate (removes Parched and Angry)"),
            ),
            default="coffee",
            rule=RULE,
        )
        apply_cure(ctx, target, BREWS[brew], rule=RULE)
    spend()


@item_use(*MEDICINE, verify=verify_stabilise, where=Where.BOTH, verb="Stabilise with")
def stabilise_with(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """Medicine on `target` outside camp (the first one down when ""), used as in camp: they get up (§4.4)."""
    who = target or fallen(state, member)[0]
    yield from use_camp_item(ctx, member, state.character(who), item)


def _roll(ctx: Context, user: Character, item: Item) -> None:
    roll_usage(ctx, user, item, rule="§2")


@dataclass(frozen=True, slots=True, kw_only=True)
class CampItemUsed(Event):
    """A character used a camp item, on themselves or on `target`."""

    character: str
    target: str
    item: int
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmourRepaired(Event):
    """Broken armour points were mended on a worn piece."""

    character: str
    item: int
    name: str
    points: int
