"""Provides `Parley`: talking a foe out of the fight instead of beating it (house, HOUSE §3.1–§3.3).

The book gives some enemies a price (a ration for spiderlings, wine for the Rotting Sailor, a metal
tool for a gremlin) but no procedure. House procedure: 2 actions, the foe Nearby and in sight, the
price handed over (when it has one), and a PRE test. On a success the price is given, the foe
(a whole spiderling brood at once) leaves the fight, and a Matriarch let go gives the party
advantage on goblin parleys for the rest of the expedition. On a failure the price is kept and
nothing changes. Shamblers and other mindless foes never parley; a fleeing goblin or human
surrenders, and may be talked off with no price. The Bounty Hunter deals only once it is below
half its wounds or its side is losing (it "would rather live"). Animal Affinity and Beastmaster give
advantage with animals, and tame small ones with food (§6.1, house, `skill_beasts`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.beasts import (
    FOOD,
    HOUND,
    TAME_LEVEL,
    has_affinity,
    is_animal,
    parley_advantage,
)
from expedition.rules.combat.combat_events import FoeFled
from expedition.rules.combat.combat_state import CombatState, Foe, combat_of, standing
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.combat.fight_map import sees
from expedition.rules.combat.fighter_turn import COSTS
from expedition.rules.combat.rounds import begin_turn, check_actions, pay_actions
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item
from expedition.rules.core.lasting import PARTY, Span, add_lasting, has_lasting
from expedition.rules.core.phase import Phase
from expedition.rules.core.rolls import attribute_test
from expedition.rules.items.handling import take_away

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

PARLEY_COST = 2
"""Actions a parley takes (house: as long as an Intimidate)."""
PARLEY_REACH = 6
"""Tiles within which a foe hears the offer: Nearby (§16 #3)."""
MATRIARCH_FAVOUR = "parley:matriarch"
"""Party lasting effect: the Matriarch was let go, so goblin parleys have advantage (HOUSE §3.3)."""


@dataclass(frozen=True, slots=True)
class Terms:
    """What a foe takes to leave (house).

    Attributes:
        offers: Item keys it accepts; empty when it wants nothing but to live.
        brood: Every conscious foe of the same kind leaves with it.
        why: Its price, in our words, for the log and the menu.
    """

    offers: frozenset[str] = frozenset()
    brood: bool = False
    why: str = ""


METAL_TOOLS = frozenset({"iron_spikes", "shovel_or_pickaxe", "lockpicking_tools", "mechanics_toolkit"})
TERMS: dict[str, Terms] = {
    "gremlin": Terms(METAL_TOOLS, why="a metal tool to chew on"),
    "goblin_matriarch": Terms(why="to be let go"),
    "rotting_sailor": Terms(frozenset({"wine", "wine_of_yoros"}), why="an offering of wine"),
    "spiderling": Terms(frozenset({"ration", "dead_animal"}), brood=True, why="a ration or some meat"),
    "bounty_hunter": Terms(why="its life, once the fight turns against it"),
}
"""Enemies the book says can be bought off or talked to (HOUSE §3.3)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Parley(Action):
    """Talk a Nearby foe out of the fight, offering its price (house).

    Attributes:
        target: The foe's uid.
        offer: The uid of the item offered, 0 for none.
    """

    target: str
    offer: int = 0


COSTS[Parley] = PARLEY_COST  # the action bar reads costs from the combat actions' table


@dataclass(frozen=True, slots=True, kw_only=True)
class FoeParleyed(Event):
    """An adventurer parleyed with a foe (house): `agreed` foes leave, the `item` offered is given."""

    character: str
    foe: str
    agreed: bool
    item: str
    leaving: tuple[str, ...]


def terms_for(state: CampaignState, combat: CombatState, foe: Foe) -> Terms | None:
    """What `foe` takes to leave now, or None when it will not talk.

    A Bounty Hunter talks once it is hurt past half, running, or not bold (a coward outnumbered,
    which is offered a parley when it cannot get away, HOUSE §3.2).
    """
    terms = TERMS.get(foe.key)
    if foe.key == "bounty_hunter" and not (foe.below_half or foe.fleeing or _timid(state, combat)):
        return None
    if terms is None and foe.fleeing and foe.defn.tags & {EnemyTag.GOBLIN, EnemyTag.HUMAN}:
        return Terms(why="mercy (it surrenders)")
    return terms


def _timid(state: CampaignState, combat: CombatState) -> bool:
    """Its side is not twice the standing adventurers: a coward is not bold (HOUSE §3.2)."""
    return len(combat.conscious_foes) < 2 * len(standing(state, combat))


def tame_terms(member: Character, foe: Foe) -> Terms | None:
    """House: what an animal of LVL 3 or less takes to leave when an animal friend offers it food.

    None for anyone without Animal Affinity (or Beastmaster), for a non-animal, a bigger beast or a pet.
    """
    if not has_affinity(member) or not is_animal(foe) or foe.defn.level > TAME_LEVEL or foe.key == HOUND.key:
        return None
    return Terms(FOOD, why="food, from an animal friend")


def _check(state: CampaignState, action: Parley) -> tuple[Character, Foe, Terms, Item | None]:

    if state.phase is not Phase.COMBAT:
        raise IllegalAction("Parleys are made in a fight.")
    combat = combat_of(state)
    member = state.character(action.actor)
    foe = combat.foe(action.target)
    if not foe.conscious:
        raise IllegalAction(f"The {foe.name} is out of the fight.")
    terms = terms_for(state, combat, foe) or tame_terms(member, foe)  # an animal friend tames (§6.1, house)
    if terms is None:
        raise IllegalAction(f"The {foe.name} will not talk.")
    assert state.expedition is not None
    here = combat.positions[member.id]
    if manhattan(here, foe.pos) > PARLEY_REACH or not sees(state.expedition.level, here, foe.pos):
        raise IllegalAction(f"The {foe.name} must be Nearby and in sight.")
    item = next((i for i in member.items if i.uid == action.offer), None) if action.offer else None
    if action.offer and item is None:
        raise IllegalAction(f"{member.name} does not carry that item.")
    if terms.offers and (item is None or item.defn.key not in terms.offers):
        raise IllegalAction(f"The {foe.name} wants {terms.why}.")
    return member, foe, terms, item


def verify_parley(state: CampaignState, action: Parley) -> None:
    """Raise unless the parley may be tried now.

    Raises:
        IllegalAction: Outside a fight or the actor's turn, a foe that will not talk, out of
            earshot, or the wrong offer.
    """
    _check(state, action)
    check_actions(state, action.actor, PARLEY_COST)


def parley(ctx: Context, state: CampaignState, action: Parley) -> Resolution[None]:
    """Resolve a parley: a PRE test; on a success the price is paid and the foe (or brood) leaves (house)."""
    member, foe, terms, item = _check(state, action)
    if not (yield from begin_turn(ctx, state, member)):
        return
    combat = combat_of(state)
    favour = EnemyTag.GOBLIN in foe.defn.tags and has_lasting(state, PARTY, MATRIARCH_FAVOUR)
    advantage = int(favour) + parley_advantage(member, foe)  # Animal Affinity with an animal (§6.1)
    result = yield from attribute_test(
        ctx, member, Attr.PRE, advantage=advantage, combat=True, rule="HOUSE §3.3"
    )
    leaving: list[Foe] = []
    if result.succeeded:
        leaving = [f for f in combat.conscious_foes if f.key == foe.key] if terms.brood else [foe]
        if item is not None:
            if item.quantity > 1:
                item.quantity -= 1
            else:
                take_away(member, item)
    ctx.emit(
        FoeParleyed(
            rule="HOUSE §3.3",
            character=member.id,
            foe=foe.uid,
            agreed=result.succeeded,
            item=item.name if item is not None and result.succeeded else "",
            leaving=tuple(f.uid for f in leaving),
        )
    )
    for gone in leaving:
        gone.fled, gone.fleeing = True, False
        ctx.emit(FoeFled(rule="HOUSE §3.3", foe=gone.uid))
    if result.succeeded and foe.key == "goblin_matriarch":
        add_lasting(ctx, state, MATRIARCH_FAVOUR, PARTY, Span.EXPEDITION, source=member.id, rule="HOUSE §3.3")
    yield from pay_actions(ctx, state, member, PARLEY_COST, "Parley")


def parley_offers(state: CampaignState, actor: str) -> list[tuple[Parley, str]]:
    """Every parley `actor` could offer now, with a label: each talking foe, with each acceptable item."""
    combat = combat_of(state)
    member = state.character(actor)
    found: list[tuple[Parley, str]] = []
    for foe in combat.conscious_foes:
        terms = terms_for(state, combat, foe) or tame_terms(member, foe)
        if terms is None:
            continue
        if not terms.offers:
            found.append((Parley(actor=actor, target=foe.uid), f"Parley with the {foe.name} ({terms.why})"))
        for item in member.items:
            if item.defn.key in terms.offers:
                label = f"Parley with the {foe.name}, offering the {item.name}"
                found.append((Parley(actor=actor, target=foe.uid, offer=item.uid), label))
    return found


GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {Parley: verify_parley}
"""The parley's guard, merged into `turns`."""
VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    Parley: parley
}
"""The parley's verb, merged into `turns`."""
