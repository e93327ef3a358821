"""Provides Slippery (§6.1): in the enemy turn, dodge tokens spent to move 1 tile each, away from an attack.

House reading: when an enemy is about to attack a Slippery adventurer who holds dodge tokens, and
some tile within that many steps would put them out of the attack's reach, their owner is asked
(a "slippery" decision, default "stay") where to slip to. Every tile they could reach is offered,
those out of reach first; each step costs 1 dodge token, so the tokens are gone before the
defence. Slipping is not the Move action: leaving a tile next to an enemy does not stop it, and
shield tokens stay. It needs an adventurer who can act, is not stunned and is not held
(§16 #26). If the attack can no longer reach them from the new tile, the attack is lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_events import CombatMoved, report_tokens
from expedition.rules.combat.combat_state import CombatState, Foe, on_map
from expedition.rules.combat.fight_map import routes, sees
from expedition.rules.combat.holds import verify_free_to_move
from expedition.rules.combat.maneuvers.maneuver_marks import foe_held
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.distance import Pos, Range, chebyshev, manhattan
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.skills import Skill
from expedition.rules.core.wording import plural

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.notation import Attack
    from expedition.rules.engine.campaign import CampaignState

STAY = "stay"
"""The answer that keeps the adventurer where they are, to defend as usual."""


def reaches(state: CampaignState, foe: Foe, name: str, attack: Attack, pos: Pos) -> bool:
    """True if `foe`'s attack `name` reaches `pos`: Close is orthogonal, area attacks take diagonals too."""
    if attack.reach.band is Range.CLOSE and attack.reach.tiles == 1:
        area = any(a.area for a in foe.defn.actions if a.name == name)
        return chebyshev(foe.pos, pos) <= 1 if area else manhattan(foe.pos, pos) == 1
    assert state.expedition is not None
    return attack.reach.reaches(manhattan(foe.pos, pos)) and sees(state.expedition.level, foe.pos, pos)


def _free(state: CampaignState, member: Character) -> bool:

    try:
        verify_free_to_move(state, member)
    except IllegalAction:
        return False
    return not foe_held(state, member.id)


def slips(state: CampaignState, combat: CombatState, member: Character) -> dict[Pos, tuple[Pos, ...]]:
    """Tiles `member` could slip to now, 1 dodge token a step, with the path to each (§6.1)."""
    if (
        not member.has(Skill.SLIPPERY)
        or member.tokens.dodge <= 0
        or member.tokens.stun
        or not member.can_act
        or member not in on_map(state, combat)
        or not _free(state, member)
    ):
        return {}
    assert state.expedition is not None
    here = combat.positions[member.id]
    allies = {pos for who, pos in combat.positions.items() if who not in combat.fled} - {here}
    blocked = combat.occupied() - allies - {here}
    return routes(state.expedition.level, here, member.tokens.dodge, blocked, passable=allies)


def slip_away(
    ctx: Context,
    state: CampaignState,
    combat: CombatState,
    foe: Foe,
    name: str,
    attack: Attack,
    member: Character,
) -> Resolution[bool]:
    """Before `foe`'s attack `name` on `member`: Slippery may move them away (§6.1, house reading).

    Returns:
        True when the attack is lost: they slipped out of its reach.
    """
    options = slips(state, combat, member)
    if not any(not reaches(state, foe, name, attack, tile) for tile in options):
        return False

    def order(tile: Pos) -> tuple[bool, int, int, Pos]:
        return (reaches(state, foe, name, attack, tile), len(options[tile]), -manhattan(tile, foe.pos), tile)

    choices = [Choice(STAY, "Stay and defend")]
    for tile in sorted(options, key=order):
        steps = len(options[tile])
        away = "" if reaches(state, foe, name, attack, tile) else ", out of reach"
        label = f"Slip to {tile[0]},{tile[1]} ({plural(steps, 'dodge token')}{away})"
        choices.append(Choice(f"slip:{tile[0]},{tile[1]}", label))
    decision = Decision(
        kind="slippery",
        owner=member.id,
        prompt=f"Slippery: the {foe.name} attacks {member.name} with {name}. Slip away, a token a step?",
        choices=tuple(choices),
        default=STAY,
        rule="§6.1",
    )
    key = yield decision
    if key not in decision.keys:
        raise InvalidAction(f"{key!r} is not a choice here; choose one of {', '.join(decision.keys)}")
    if key == STAY:
        return False
    x, _, y = key.partition(":")[2].partition(",")
    tile = (int(x), int(y))
    path = options[tile]
    member.tokens.dodge -= len(path)
    combat.positions[member.id] = tile
    ctx.emit(report_tokens(member.id, member.tokens, "Slippery", "§6.1"))
    ctx.emit(CombatMoved(rule="§6.1", who=member.id, path=path))
    escaped = not reaches(state, foe, name, attack, tile)
    slipped = SlippedAway(
        rule="§6.1", character=member.id, foe=foe.uid, attack=name, tiles=len(path), escaped=escaped
    )
    ctx.emit(slipped)
    return escaped


@dataclass(frozen=True, slots=True, kw_only=True)
class SlippedAway(Event):
    """A Slippery adventurer spent dodge tokens to slip away from an enemy attack (§6.1, house reading).

    Attributes:
        character: Who slipped.
        foe: The attacker.
        attack: The attack's name.
        tiles: Tiles moved (= dodge tokens spent).
        escaped: True when the attack can no longer reach them and is lost.
    """

    character: str
    foe: str
    attack: str
    tiles: int
    escaped: bool
