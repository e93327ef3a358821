"""Provides Animal Affinity and Beastmaster in a fight (§6.1): animals, taming, and the Beastmaster's hound.

Which enemies are animals is data: the house tag `animal` in assets/enemies.toml (rats, vermin
swarms, leeches, frogs, crabs, the maneater and the living spiders). Animal Affinity gives
advantage on a Parley with an animal, and (house) lets its owner tame any animal of LVL 3 or
less with food, as the book's spiderlings are bought off. Beastmaster, which replaces it, does
all that and gives advantage on attack tests against animals (`strike.skill_advantage`). The
taming itself is a parley's terms (`parley.tame_terms`).

The pet (house, the book gives it no stats, §12.6 GAP): a hound joins every fight at the side of
each Beastmaster who can act. It fights for the party the way the cleric's Swarm does
(`prayer_swarm`): a lasting `PET` mark puts it on the party's side, the Beastmaster names its
quarry each enemy phase, and it bites (1d6, 4+ hits). Enemies ignore it. A hound that goes down
is back, unhurt, at the next fight.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_events import FoePlaced
from expedition.rules.combat.combat_state import CombatState, Foe, standing
from expedition.rules.combat.enemies.enemy_defs import (
    Archetype,
    Behaviour,
    EnemyAction,
    EnemyDef,
    EnemyGroup,
    EnemyTag,
)
from expedition.rules.combat.fight_map import spread
from expedition.rules.core.events import Event, Note
from expedition.rules.core.lasting import Span, add_lasting
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.skills import Skill

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.engine.campaign import CampaignState

PET = "skill:beastmaster_pet"
"""Lasting mark (on the pet's uid, for the fight; `source` = the Beastmaster) of a pet on the party's side."""
TAME_LEVEL = 3
"""House: Animal Affinity tames animals of at most this LVL with food; bigger beasts will not be fed off."""
FOOD = frozenset({"ration", "dead_animal"})
"""Item keys an animal takes as the price of taming (house)."""

HOUND = EnemyDef(
    key="house_hound",
    name="Hound",
    group=EnemyGroup.OTHERS,
    level=1,
    wounds=3,
    armour=0,
    resist=0,
    movement=5,
    tags=frozenset({EnemyTag.LIVING, EnemyTag.ANIMAL}),
    actions=(
        EnemyAction(
            "bite",
            "Bite",
            attack=parse_attack("STR 1"),
            text="Jaws that hold on.",
            house=True,
            why="The Beastmaster's pet has no stat block.",
        ),
    ),
    behaviour=Behaviour(Archetype.SKIRMISHER, tactics="Goes for the enemy its master names and bites it."),
    threat=0,
    text="A rangy dog that follows its master into the dark and bites whatever it is set on.",
    ignores_morale=True,
    house=True,
    why="§6.1, §12.6 GAP: the Beastmaster's pet, a medium ally, has no stats; W 3, AP 0, move 5, bite STR 1.",
)
"""The Beastmaster's pet (house stat block), made fresh for every fight."""


def is_animal(foe: Foe) -> bool:
    """True for an enemy tagged `animal` (house tag, assets/enemies.toml)."""
    return EnemyTag.ANIMAL in foe.defn.tags


def has_affinity(member: Character) -> bool:
    """True for Animal Affinity or Beastmaster, which replaces it (§6.1)."""
    return member.has(Skill.ANIMAL_AFFINITY) or member.has(Skill.BEASTMASTER)


def parley_advantage(member: Character, foe: Foe) -> int:
    """1 when `member` parleys with an animal and has Animal Affinity or Beastmaster (§6.1)."""
    return int(has_affinity(member) and is_animal(foe))


def pets_join(ctx: Context, state: CampaignState, combat: CombatState) -> None:
    """Each Beastmaster who can act brings a fresh hound onto the nearest free tile (§6.1, house)."""
    assert state.expedition is not None
    level = state.expedition.level
    for member in standing(state, combat):
        if not member.has(Skill.BEASTMASTER):
            continue
        tiles = spread(level, combat.positions[member.id], combat.occupied())
        if not tiles:
            ctx.emit(Note(rule="§6.1", text=f"There is no room for {member.name}'s hound."))
            continue
        pet = Foe(uid=f"foe{len(combat.foes) + 1}", key=HOUND.key, defn=HOUND, pos=tiles[0])
        combat.foes.append(pet)
        ctx.emit(FoePlaced(rule="§6.1", foe=pet.uid, key=pet.key, name=pet.name, pos=pet.pos))
        add_lasting(ctx, state, PET, pet.uid, Span.FIGHT, source=member.id, rule="§6.1")
        ctx.emit(PetJoined(rule="§6.1", character=member.id, foe=pet.uid))


@dataclass(frozen=True, slots=True, kw_only=True)
class PetJoined(Event):
    """A Beastmaster's hound joined the fight on the party's side (house, §6.1).

    Attributes:
        character: The Beastmaster.
        foe: The hound's uid in the fight.
    """

    character: str
    foe: str
