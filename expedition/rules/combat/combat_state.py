"""Provides the combat state (§10.2): foes on the map, the adventurers' places, fast and slow, whose turn.

The state lives at `ExpeditionState.combat` while a fight goes on (the campaign phase is then
`Phase.COMBAT`) and is None otherwise. Its events live in `combat_events` and are re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character, Tokens
from expedition.rules.combat.enemies.enemy_defs import EnemyDef, knocked_out
from expedition.rules.core.distance import Pos, manhattan, orthogonal_neighbours
from expedition.rules.core.errors import IllegalAction
from expedition.rules.exploration.dead_vigil import adventurer_fell
from expedition.rules.exploration.features import Corpse

__all__ = [
    "BASE_ACTIONS",
    "MAX_SHIELD_TOKENS",
    "CombatPhase",
    "CombatState",
    "Foe",
    "adjacent_adventurers",
    "clear_fallen",
    "combat_of",
    "on_map",
    "standing",
]

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

MAX_SHIELD_TOKENS = 5
"""Nobody holds more than 5 shield tokens (§10.2.2, §10.2.4)."""
BASE_ACTIONS = 2
"""Actions an adventurer gets in a combat turn (§10.2.1)."""


class CombatPhase(StrEnum):
    """The part of a round being played (§10.2.1)."""

    FAST = "fast"
    ENEMIES = "enemies"
    SLOW = "slow"


@dataclass(slots=True)
class Foe:
    """One enemy in the fight (§10.2.5).

    Attributes:
        uid: Unique within the fight ("foe1").
        key: Its stat block's key.
        defn: Its stat block.
        pos: Its tile.
        wounds: Wounds taken; it is out once they exceed W (§16 #21).
        broken: AP of its armour broken for good.
        tokens: Its shield, dodge and stun tokens.
        bleeding: Bleeding (only living enemies bleed, §10.2.5).
        out: Knocked out.
        fled: Left the fight.
        fleeing: Running away (§16 #25, HOUSE §3.1): it spends its actions moving off.
        feinted: A Swashbuckler's feint took a shield token: it may not attack on its next turn.
        hurt_by: Wounds dealt to it this fight, by adventurer id (brute and caster targeting).
    """

    uid: str
    key: str
    defn: EnemyDef
    pos: Pos = (0, 0)
    wounds: int = 0
    broken: int = 0
    tokens: Tokens = field(default_factory=Tokens)
    bleeding: bool = False
    out: bool = False
    fled: bool = False
    fleeing: bool = False
    feinted: bool = False
    hurt_by: dict[str, int] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """Display name."""
        return self.defn.name

    @property
    def conscious(self) -> bool:
        """Still in the fight: neither knocked out nor gone."""
        return not self.out and not self.fled

    @property
    def working_ap(self) -> int:
        """Armour dice it still rolls."""
        return max(0, self.defn.armour - self.broken)

    @property
    def below_half(self) -> bool:
        """More wounds taken than half its W (HOUSE §3.1: for W 4, from the 3rd wound)."""
        return 2 * self.wounds > self.defn.wounds

    @property
    def knocked_out(self) -> bool:
        """True once its wounds exceed W (§16 #21)."""
        return knocked_out(self.wounds, self.defn)


@dataclass(slots=True)
class CombatState:
    """A fight in progress (§10.2.1).

    Attributes:
        foes: The enemies, in the order they were placed.
        positions: Each adventurer's tile.
        fast: Fast adventurers (act before the enemies), in the order given.
        slow: Slow adventurers (act after them), in the GM's order.
        round: The round, from 1.
        phase: The part of the round being played.
        active: The adventurer whose turn is under way, "" when none has started.
        actions_left: Actions `active` still has.
        done: Adventurers whose turn this round is over.
        depth: The level of the fight.
        room: The room of the encounter fought, -1 for a wandering group.
        group: The group's name.
        ambush: The party ambushed unaware enemies (everyone fast, foes unaware in round 1).
        surprised: The party was surprised (everyone slow, §16 #19).
        fled: Adventurers who got away (§16 #25).
        pursued: Adventurers fleeing from faster enemies: they leave at the end of the round.
        helped: Ally id → helper id: the helper's die joins the ally's tests on their next turn.
        intimidated: Who has used Intimidate this fight (once per combat).
        held: Adventurers who get no actions (Hold).
        hyperfocus: Adventurers who get 3 actions, all of them the same.
        last_action: The action type `active` took last (Hyperfocus).
        bodies: Bodies the fallen leave, by foe uid or adventurer id, laid on the level when the
            fight ends (HOUSE §1.7, `rules.dead_vigil`).
    """

    foes: list[Foe] = field(default_factory=list)
    positions: dict[str, Pos] = field(default_factory=dict)
    fast: list[str] = field(default_factory=list)
    slow: list[str] = field(default_factory=list)
    round: int = 1
    phase: CombatPhase = CombatPhase.FAST
    active: str = ""
    actions_left: int = 0
    done: set[str] = field(default_factory=set)
    depth: int = 1
    room: int = -1
    group: str = ""
    ambush: bool = False
    surprised: bool = False
    fled: set[str] = field(default_factory=set)
    pursued: set[str] = field(default_factory=set)
    helped: dict[str, str] = field(default_factory=dict)
    intimidated: set[str] = field(default_factory=set)
    held: set[str] = field(default_factory=set)
    hyperfocus: set[str] = field(default_factory=set)
    last_action: str = ""
    bodies: dict[str, Corpse] = field(default_factory=dict)

    def foe_names(self) -> dict[str, str]:
        """Each foe's display name by uid: its name, numbered when several share it ("Goblin 2")."""
        counts: dict[str, int] = {}
        for foe in self.foes:
            counts[foe.name] = counts.get(foe.name, 0) + 1
        seen: dict[str, int] = {}
        names: dict[str, str] = {}
        for foe in self.foes:
            seen[foe.name] = seen.get(foe.name, 0) + 1
            names[foe.uid] = f"{foe.name} {seen[foe.name]}" if counts[foe.name] > 1 else foe.name
        return names

    def foe(self, uid: str) -> Foe:
        """The foe with this uid.

        Raises:
            IllegalAction: When there is none.
        """
        for foe in self.foes:
            if foe.uid == uid:
                return foe
        raise IllegalAction(f"There is no enemy {uid!r} in this fight.")

    @property
    def conscious_foes(self) -> list[Foe]:
        """Foes still fighting."""
        return [foe for foe in self.foes if foe.conscious]

    def foe_at(self, pos: Pos) -> Foe | None:
        """The conscious foe standing on `pos`, if any."""
        return next((foe for foe in self.foes if foe.conscious and foe.pos == pos), None)

    def occupied(self) -> set[Pos]:
        """Tiles someone stands on (conscious foes and adventurers still on the map)."""
        tiles = {foe.pos for foe in self.foes if foe.conscious}
        return tiles | {pos for who, pos in self.positions.items() if who not in self.fled}

    def foes_next_to(self, pos: Pos) -> list[Foe]:
        """Conscious foes orthogonally next to `pos` (engaged, HOUSE §6.1)."""
        near = set(orthogonal_neighbours(pos))
        return [foe for foe in self.foes if foe.conscious and foe.pos in near]


def combat_of(state: CampaignState) -> CombatState:
    """The fight under way.

    Raises:
        IllegalAction: When there is no fight.
    """
    expedition = state.expedition
    if expedition is None or expedition.combat is None:
        raise IllegalAction("There is no fight going on.")
    return expedition.combat


def clear_fallen(state: CampaignState, combat: CombatState) -> None:
    """Take the dead off the fight's map: a body does not hold a tile against the living (house)."""
    living = {member.id for member in state.party if member.status.value != "dead"}

    # In the map's own order, never a set's: the bodies' order is journaled state (PYTHONHASHSEED).
    for who in [who for who in combat.positions if who not in living]:  # dead, or gone to the roster
        adventurer_fell(state, combat, who)  # the body stays (HOUSE §1.7)
        del combat.positions[who]


def helper_of(state: CampaignState, combat: CombatState, member_id: str) -> Character | None:
    """Who Helped `member_id` for their next test, if that helper is still with the party (§10.2.2).

    A helper who has since died or been left behind helps nobody; their promise lapses with them.
    """
    helper_id = combat.helped.get(member_id, "")
    return next((c for c in state.party if c.id == helper_id), None) if helper_id else None


def on_map(state: CampaignState, combat: CombatState) -> list[Character]:
    """Adventurers still on the fight's map (alive, placed, not fled)."""
    return [
        member
        for member in state.party
        if member.id in combat.positions and member.id not in combat.fled and member.status.value != "dead"
    ]


def standing(state: CampaignState, combat: CombatState) -> list[Character]:
    """Adventurers on the map who can act."""
    return [member for member in on_map(state, combat) if member.can_act]


def adjacent_adventurers(state: CampaignState, combat: CombatState, pos: Pos) -> list[Character]:
    """Adventurers on the map orthogonally next to `pos`."""
    return [m for m in on_map(state, combat) if manhattan(combat.positions[m.id], pos) == 1]
