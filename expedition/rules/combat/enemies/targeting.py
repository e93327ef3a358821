"""Provides enemies' own targeting preferences (HOUSE §3.3), narrowing whom the archetype AI picks from.

`preferred` runs before the archetype's ordering (`combat_enemies._target`): a foe with a
quarry for this round goes for it; goblins go for whoever hurt their Matriarch ("Mother!");
demons go for casters, then light-bearers; a Swarm of Insects shuns lit lights; a Boggart
goes for whoever stands next to the goblin it guards. `mothered` says when goblins skip their
flee tests because the Matriarch still stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.core.context import Context
from expedition.rules.core.distance import manhattan
from expedition.rules.core.lasting import Span, add_lasting, lasting_on
from expedition.rules.core.skills import Trait

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

QUARRY = "foe:quarry"
"""Lasting on a foe: the adventurer (its `text`) it goes for until the round ends (HOUSE §3.3)."""
WARDS = frozenset({"goblin_hunter", "boggart_sniper", "goblin_matriarch"})
"""The goblins a Boggart guards (HOUSE §3.3 Bodyguard)."""
DEMONS = frozenset({"lesser_demon", "void_demon"})
MATRIARCH = "goblin_matriarch"


def caster(member: Character) -> bool:
    """True for an adventurer who casts spells or prayers (HOUSE §3.1 *Caster*; house: by trait)."""
    return member.has(Trait.MAGIC_USER) or member.has(Trait.DIVINE_MANDATE)


def light_bearer(member: Character) -> bool:
    """True for an adventurer holding a lit light (HOUSE §3.1)."""
    return any(i.lit for i in member.items)


def set_quarry(ctx: Context, state: CampaignState, foe: Foe, member: Character, rule: str) -> None:
    """`foe` goes for `member` for the rest of this round (HOUSE §3.3)."""
    add_lasting(ctx, state, QUARRY, foe.uid, Span.ROUND, 1, source=foe.uid, text=member.id, rule=rule)


def mother(combat: CombatState) -> Foe | None:
    """The Matriarch still in the fight, if any (HOUSE §3.3 "Mother!")."""
    return next((f for f in combat.conscious_foes if f.key == MATRIARCH), None)


def mothered(combat: CombatState | None, foe: Foe) -> bool:
    """True when `foe` is a goblin (not the Matriarch) while she stands: no flee tests (HOUSE §3.3)."""
    if combat is None or foe.key == MATRIARCH or EnemyTag.GOBLIN not in foe.defn.tags:
        return False
    return mother(combat) is not None


def guarded(state: CampaignState, combat: CombatState, member: Character) -> bool:
    """True when `member` stands next to a goblin a Boggart guards (HOUSE §3.3 Bodyguard)."""
    here = combat.positions[member.id]
    return any(f.key in WARDS and manhattan(f.pos, here) == 1 for f in combat.conscious_foes)


def isolated(combat: CombatState, people: list[Character], member: Character) -> int:
    """How many other adventurers stand within 2 tiles of `member` (fewest = isolated, HOUSE §3.1)."""
    here = combat.positions[member.id]
    return sum(1 for m in people if m is not member and manhattan(combat.positions[m.id], here) <= 2)


def preferred(
    state: CampaignState, combat: CombatState, foe: Foe, candidates: list[Character]
) -> list[Character]:
    """Narrow `candidates` to those `foe`'s own text prefers (HOUSE §3.3); never to none."""
    quarry = {e.text for e in lasting_on(state, foe.uid, QUARRY)}
    hunted = [m for m in candidates if m.id in quarry]
    if hunted:
        return hunted
    matriarch = mother(combat)
    if mothered(combat, foe) and matriarch is not None and matriarch.hurt_by:
        most = max(matriarch.hurt_by.get(m.id, 0) for m in candidates)
        avengers = [m for m in candidates if most and matriarch.hurt_by.get(m.id, 0) == most]
        if avengers:
            return avengers
    if foe.key in DEMONS:
        chosen = [m for m in candidates if caster(m)] or [m for m in candidates if light_bearer(m)]
        if chosen:
            return chosen
        fewest = min(isolated(combat, candidates, m) for m in candidates)
        return [m for m in candidates if isolated(combat, candidates, m) == fewest]
    if foe.key == "swarm_of_insects":
        return [m for m in candidates if not light_bearer(m)] or candidates
    if foe.key == "boggart":
        return [m for m in candidates if guarded(state, combat, m)] or candidates
    return candidates
