"""Provides what potions, tonics and living ashes do when used (§7.4, §11.1 Alchemy rules), and their hooks.

Each is registered into the table of uses (`items.item_uses.item_use`). The tonics come from the
house alchemy (`alchemy`); their effects are the recipe table's. Durations are `Lasting` effects:
Tonic of bravery (the expedition), Mercurial tonic (a usage die rolled at the end of each of the
drinker's combat turns), Living ashes on a weapon (the expedition). The combat rules ask
`ashes_wound`, `mercurial_actions` and `mercurial_turn_ends`; the bravery wards off Terrified
through `conditions.AFFLICTION_WARDED`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.harm import place_wounds, receive_wounds
from expedition.rules.character.recovery import heal_wound, recover_fatigue
from expedition.rules.combat.combat_harm import wound_foe
from expedition.rules.combat.combat_state import combat_of
from expedition.rules.combat.fight_map import sees
from expedition.rules.combat.strike import may_harm
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import AFFLICTION_WARDED, Affliction, cure_affliction
from expedition.rules.core.dice import UsageDie
from expedition.rules.core.distance import Pos, chebyshev, manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.lasting import (
    ON_END,
    Lasting,
    Span,
    add_lasting,
    end_lasting,
    has_lasting,
    lasting_on,
)
from expedition.rules.exploration.exploration_turn import make_noise
from expedition.rules.items.item_uses import Where, item_use
from expedition.rules.items.slots import worn_armour
from expedition.rules.items.usage import spend

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.combat.combat_state import Foe
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.core.item_defs import Item
    from expedition.rules.engine.campaign import CampaignState

RULE = "§11.1"
BRAVERY = "item:tonic_of_bravery"
"""Lasting key, and the marker in `Character.magic.effects`, of a Tonic of bravery."""
MERCURIAL = "item:mercurial_tonic"
"""Lasting key of a Mercurial tonic; `value` is its usage die's size."""
ASHES = "item:living_ashes"
"""Lasting key prefix of Living ashes on a weapon: "item:living_ashes:<weapon uid>"."""
NEARBY = 6
"""Nearby: 6 tiles (§16 #3)."""


def _wounded(member: Character, attr: Attr) -> None:
    if not member[attr].wounds:
        raise IllegalAction(f"{member.name} has no {attr.value} wound to heal.")


def _heal(ctx: Context, member: Character, attr: Attr, count: int) -> int:
    return sum(heal_wound(ctx, member, attr, rule=RULE) for _ in range(count))


# --- healing draughts --------------------------------------------------------------------------


def verify_giants(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """A Potion of giants needs a STR wound or STR fatigue to mend."""
    if not member[Attr.STR].wounds and not member[Attr.STR].fatigue:
        raise IllegalAction(f"{member.name} has no STR wound or fatigue for the potion to mend.")


@item_use("potion_of_giants", verify=verify_giants, where=Where.BOTH, verb="Drink")
def giants(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """Potion of giants: every STR wound and all STR fatigue go; its usage die is rolled (Ud4)."""
    _heal(ctx, member, Attr.STR, member[Attr.STR].wounds)
    recover_fatigue(ctx, member, Attr.STR, member[Attr.STR].fatigue, rule=RULE)
    spend(ctx, member, item, rule=RULE)
    return
    yield


def verify_focus(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """A Tonic of focus needs a PRE wound."""
    _wounded(member, Attr.PRE)


@item_use("tonic_of_focus", verify=verify_focus, where=Where.BOTH, verb="Drink")
def focus(ctx: Context, state: CampaignState, member: Character, item: Item, target: str) -> Resolution[None]:
    """Tonic of focus: heals 2 PRE wounds."""
    _heal(ctx, member, Attr.PRE, 2)
    spend(ctx, member, item, rule=RULE)
    return
    yield


def verify_purging(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """Purging hot-water needs a STR wound."""
    _wounded(member, Attr.STR)


@item_use("purging_hot_water", verify=verify_purging, where=Where.BOTH, verb="Drink")
def purging(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """Purging hot-water: heals 2 STR wounds, then deals 1 PRE wound (§11.1, §16 #8); Ud4."""
    _heal(ctx, member, Attr.STR, 2)
    yield from place_wounds(ctx, member, 1, named=Attr.PRE, rule=RULE)
    spend(ctx, member, item, rule=RULE)


def verify_anti_poison(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """An Anti-poison tonic needs someone Nauseated (the game's only poison)."""
    if Affliction.NAUSEATED not in member.afflictions:
        raise IllegalAction(f"{member.name} is not Nauseated or poisoned.")


@item_use("anti_poison_tonic", verify=verify_anti_poison, where=Where.BOTH, verb="Drink")
def anti_poison(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """Anti-poison tonic: cures Nauseated, which is also what the bestiary's poisons cause (house)."""
    cure_affliction(ctx, member, Affliction.NAUSEATED, rule=RULE)
    spend(ctx, member, item, rule=RULE)
    return
    yield


# --- tonic of bravery ---------------------------------------------------------------------------


def verify_bravery(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """Not twice on one expedition."""
    if has_lasting(state, member.id, BRAVERY):
        raise IllegalAction(f"{member.name} is already made brave for this expedition.")


@item_use("tonic_of_bravery", verify=verify_bravery, where=Where.BOTH, verb="Drink")
def bravery(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """Tonic of bravery: no Terrified for the rest of the expedition; (house) a Terrified now goes too."""
    cure_affliction(ctx, member, Affliction.TERRIFIED, rule=RULE)
    add_lasting(ctx, state, BRAVERY, member.id, Span.EXPEDITION, source=member.id, rule=RULE)
    if BRAVERY not in member.magic.effects:
        member.magic.effects.append(BRAVERY)
    spend(ctx, member, item, rule=RULE)
    return
    yield


@AFFLICTION_WARDED.register
def _brave(member: Character, affliction: Affliction) -> bool:
    """Under a Tonic of bravery Terrified does not take hold (§11.1)."""
    return affliction is Affliction.TERRIFIED and BRAVERY in member.magic.effects


def _bravery_ends(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    member = next((c for c in state.party if c.id == effect.holder), None)
    if member is not None and BRAVERY in member.magic.effects:
        member.magic.effects.remove(BRAVERY)


ON_END[BRAVERY] = _bravery_ends


# --- mercurial tonic ----------------------------------------------------------------------------


def verify_mercurial(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """Not while one is still working."""
    if has_lasting(state, member.id, MERCURIAL):
        raise IllegalAction(f"{member.name} is already quickened by a mercurial tonic.")


@item_use("mercurial_tonic", verify=verify_mercurial, where=Where.COMBAT, verb="Drink")
def mercurial(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """Mercurial tonic: +1 action now, and each turn until its Ud4, rolled at each turn's end, runs out."""
    combat = combat_of(state)
    combat.actions_left += 1
    add_lasting(ctx, state, MERCURIAL, member.id, Span.FIGHT, source=member.id, value=4, rule="§10.2.1")
    ctx.emit(Quickened(rule="§10.2.1", character=member.id, actions=combat.actions_left))
    spend(ctx, member, item, rule=RULE)
    return
    yield


def mercurial_actions(state: CampaignState, who: str) -> int:
    """Extra combat actions a Mercurial tonic gives `who` this turn (§10.2.1)."""
    return int(has_lasting(state, who, MERCURIAL))


def mercurial_turn_ends(ctx: Context, state: CampaignState, who: str) -> None:
    """Roll the tonic's usage die at the end of the drinker's turn; a spent die ends it (§11.1)."""
    for effect in lasting_on(state, who, MERCURIAL):
        (face,) = ctx.roll(1, effect.value, who=who, why="mercurial tonic's usage die", rule=RULE)
        effect.value = UsageDie(effect.value).after(face).sides
        if not effect.value:
            end_lasting(ctx, state, effect, "spent", rule=RULE)


# --- living ashes -------------------------------------------------------------------------------


def _weapon(state: CampaignState, member: Character, target: str) -> Item:
    weapons = [i for i in member.items if i.wielded and i.defn.attack]
    fresh = [i for i in weapons if not has_lasting(state, member.id, f"{ASHES}:{i.uid}")]
    found = next((i for i in fresh if not target or str(i.uid) == target), None)
    if found is None:
        raise IllegalAction(
            f"{member.name} wields no weapon without living ashes." if weapons else "Wield a weapon first."
        )
    return found


def verify_living_ashes(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """Living ashes need a wielded weapon not yet rubbed with them (`target`: its uid, "" for the first)."""
    _weapon(state, member, target)


@item_use("living_ashes", verify=verify_living_ashes, where=Where.BOTH, verb="Rub in")
def rub_ashes(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """Living ashes: the weapon deals 1 extra wound on each hit for the rest of the expedition; Ud4."""
    weapon = _weapon(state, member, target)
    add_lasting(
        ctx,
        state,
        f"{ASHES}:{weapon.uid}",
        member.id,
        Span.EXPEDITION,
        source=member.id,
        value=1,
        rule="§7.4",
    )
    spend(ctx, member, item, rule="§7.4")
    return
    yield


def ashes_wound(state: CampaignState, member: Character, weapon: Item) -> int:
    """The extra wound Living ashes give a hit with `weapon` (§7.4)."""
    return int(has_lasting(state, member.id, f"{ASHES}:{weapon.uid}"))


# --- explosive potion ---------------------------------------------------------------------------


def blast_tile(state: CampaignState, member: Character, target: str) -> Pos:
    """The Nearby tile an explosive potion is thrown at: a foe's uid or "x,y".

    Raises:
        IllegalAction: No target, or one beyond Nearby or out of sight.
    """
    combat = combat_of(state)
    here = combat.positions[member.id]
    foe = next((f for f in combat.conscious_foes if f.uid == target), None)
    if foe is not None:
        pos = foe.pos
    else:
        try:
            x, y = (int(p) for p in target.split(","))
        except ValueError:
            raise IllegalAction("Throw the explosive potion at a foe or a tile.") from None
        pos = (x, y)
    assert state.expedition is not None
    if manhattan(here, pos) > NEARBY or not sees(state.expedition.level, here, pos):
        raise IllegalAction("The explosive potion is thrown at a tile Nearby that can be seen.")
    return pos


def verify_explosive(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """The target must be a Nearby tile in sight (or a foe standing on one)."""
    blast_tile(state, member, target)


@item_use("explosive_potion", verify=verify_explosive, where=Where.COMBAT, verb="Throw")
def explode(
    ctx: Context, state: CampaignState, member: Character, item: Item, target: str
) -> Resolution[None]:
    """Explosive potion: 2 reducible wounds to all on the tile, 1 to all Close (diagonals too, §16 #2).

    (house) It needs no test: it is thrown at a tile, not at a creature. Adventurers in the blast
    are hurt as well, their armour rolling as usual. It is very loud (HOUSE §1.5).
    """
    combat = combat_of(state)
    pos = blast_tile(state, member, target)
    ctx.emit(PotionExploded(rule=RULE, character=member.id, pos=pos))
    spend(ctx, member, item, rule=RULE)
    foes: list[Foe] = [f for f in combat.conscious_foes if chebyshev(f.pos, pos) <= 1]
    for foe in foes:
        if may_harm(foe):
            wound_foe(ctx, state, combat, foe, 2 if foe.pos == pos else 1, by=member.id, rule=RULE)
    for who, at in list(combat.positions.items()):
        victim = next((c for c in state.living if c.id == who), None)
        if victim is None or who in combat.fled or chebyshev(at, pos) > 1:
            continue
        raw = 2 if at == pos else 1
        yield from receive_wounds(ctx, victim, raw, armour=worn_armour(victim), attack=False, rule=RULE)
    yield from make_noise(ctx, state, very=True, what="an explosion")


@dataclass(frozen=True, slots=True, kw_only=True)
class Quickened(Event):
    """A Mercurial tonic gave a character an extra action; `actions` are now left this turn."""

    character: str
    actions: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PotionExploded(Event):
    """An explosive potion burst on a tile."""

    character: str
    pos: tuple[int, int]
