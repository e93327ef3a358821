"""Provides the events of combat (§10.2): setup, rounds and turns, moves, attacks, wounds, tokens, the end."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from expedition.rules.character.adventurer import Tokens
from expedition.rules.core.distance import Pos
from expedition.rules.core.events import Event


class CombatOutcome(StrEnum):
    """How a fight ended (§16 #25)."""

    VICTORY = "victory"
    FLED = "fled"
    PARTY_DOWN = "party_down"


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatStarted(Event):
    """A fight began (§10.2.1 setup).

    Attributes:
        group: The enemies' group name.
        foes: The foes' uids, in placing order.
        fast: Fast adventurers.
        slow: Slow adventurers.
        ambush: The party ambushed them.
        surprised: The party was surprised.
    """

    group: str
    foes: tuple[str, ...]
    fast: tuple[str, ...]
    slow: tuple[str, ...]
    ambush: bool
    surprised: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class FoePlaced(Event):
    """An enemy was placed on the map."""

    foe: str
    key: str
    name: str
    pos: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    """A new round began."""

    round: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(Event):
    """An adventurer's or an enemy's turn began.

    Attributes:
        who: A character id or a foe uid.
        actions: Actions it has.
    """

    who: str
    actions: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(Event):
    """An adventurer's turn ended."""

    who: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatMoved(Event):
    """Someone moved on the fight's map.

    Attributes:
        who: A character id or a foe uid.
        path: The tiles passed, the last is where it stopped.
    """

    who: str
    path: tuple[Pos, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class EnemyActed(Event):
    """An enemy took an action (HOUSE §3)."""

    foe: str
    action: str
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Attacked(Event):
    """An attack was resolved.

    Attributes:
        attacker: Character id or foe uid.
        defender: Foe uid or character id.
        attack: The attack's name (weapon or enemy action).
        outcome: The roll's outcome (the attacker's test, or the defender's defence test).
        hit: It hit.
        critical: It was a critical hit.
        damage: Raw damage dealt before reductions.
    """

    attacker: str
    defender: str
    attack: str
    outcome: str
    hit: bool
    critical: bool
    damage: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FoeWounded(Event):
    """An enemy took wounds (after armour, resistance and caps)."""

    foe: str
    wounds: int
    total: int
    broken: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FoeKnockedOut(Event):
    """An enemy's wounds exceeded its W (§16 #21)."""

    foe: str
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FoeFleeing(Event):
    """An enemy broke and runs (§16 #25)."""

    foe: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FoeFled(Event):
    """An enemy left the fight."""

    foe: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TokensChanged(Event):
    """Someone's combat tokens changed (§10.2.4).

    Attributes:
        who: A character id or a foe uid.
        shield: Shield tokens now.
        dodge: Dodge tokens now.
        stun: Stun tokens now.
        why: What changed them.
    """

    who: str
    shield: int
    dodge: int
    stun: int
    why: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatEnded(Event):
    """The fight is over (§16 #25).

    Attributes:
        outcome: "victory", "fled" or "party_down".
        rounds: Rounds played.
        group: The enemies' group name.
    """

    outcome: CombatOutcome
    rounds: int
    group: str


def report_tokens(who: str, tokens: Tokens, why: str, rule: str) -> TokensChanged:
    """A `TokensChanged` event for `tokens` as they stand."""
    return TokensChanged(
        rule=rule, who=who, shield=tokens.shield, dodge=tokens.dodge, stun=tokens.stun, why=why
    )
