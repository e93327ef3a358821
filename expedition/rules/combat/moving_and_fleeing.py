"""Provides `CombatMove` and `Flee` (§10.2.2, §16 #25): moving on the fight's map, or out of the foes' sight.

A move covers up to 2 × available DEX tiles, orthogonally (`move_tiles`, `move_routes`); fleeing is a
move to a tile no foe can see, which leaves the fight (or is pursued). Both share a guard and a
verb, and their event `AdventurerFled`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.traumas import combat_move_tiles_limit
from expedition.rules.combat.combat_events import CombatMoved, report_tokens
from expedition.rules.combat.combat_state import CombatState, combat_of
from expedition.rules.combat.fight_map import routes, sees
from expedition.rules.combat.fighter_turn import MOVES, done, fighter, start
from expedition.rules.combat.holds import verify_free_to_move
from expedition.rules.combat.maneuvers.maneuver_marks import sneak
from expedition.rules.combat.rounds import begin_turn, end_turn
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.distance import Pos, orthogonal_neighbours
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.rolls import available_dice
from expedition.rules.core.skills import Skill
from expedition.rules.exploration.hazards.footing import footing_move, move_reach
from expedition.rules.items.slots import movement_multiplier
from expedition.rules.magic.prayers.prayer_marks import hostile
from expedition.rules.magic.warding import hasted

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatMove(Action):
    """Move up to 2 × available DEX tiles, orthogonally (§10.2.2).

    Attributes:
        to: The tile to reach.
    """

    to: Pos


@dataclass(frozen=True, slots=True, kw_only=True)
class Flee(Action):
    """Move to a tile no foe can see and leave the fight (§16 #25).

    Attributes:
        to: The tile to run to.
    """

    to: Pos


MOVES.extend((CombatMove, Flee))  # a Broken leg makes them take 2 (§4.5, `fighter_turn.cost_of`)


@dataclass(frozen=True, slots=True, kw_only=True)
class AdventurerFled(Event):
    """An adventurer left the enemies' sight (§16 #25)."""

    character: str
    pursued: bool


def move_tiles(member: Character, state: CampaignState | None = None) -> int:
    """Tiles one Move covers: 2 × available DEX, halved when encumbered, 1 with a Broken leg (§10.2.2).

    Haste (§11.1), asked of `state` when given, doubles it.
    """
    tiles = int(2 * max(0, available_dice(member, Attr.DEX)) * movement_multiplier(member))
    if state is not None:
        tiles *= 2 if hasted(state, member.id) else 1

        tiles = move_reach(state, member, tiles)  # water, mud, silk, a warped floor (HOUSE §1.9-§1.14)
    limit = combat_move_tiles_limit(member)
    return tiles if limit is None else min(tiles, limit)


def move_routes(state: CampaignState, combat: CombatState, member: Character) -> dict[Pos, tuple[Pos, ...]]:
    """Tiles `member` can reach with one Move, with the path to each (§10.2.2).

    Allies do not block the way: a mover may pass through their tiles but not stop on one (house).
    """
    assert state.expedition is not None

    # The party's own swarm or hound does not engage (§11.2, §6.1).
    engaged = {p for foe in hostile(state, combat) for p in orthogonal_neighbours(foe.pos)}
    here = combat.positions[member.id]
    allies = {pos for who, pos in combat.positions.items() if who not in combat.fled} - {here}
    blocked = combat.occupied() - allies - {here}
    return routes(
        state.expedition.level, here, move_tiles(member, state), blocked, engaged=engaged, passable=allies
    )


def verify_move(state: CampaignState, action: CombatMove | Flee) -> None:
    combat, member = fighter(state, action)

    verify_free_to_move(state, member)  # grabbed, hooked or bound (§16 #26)
    to = (int(action.to[0]), int(action.to[1]))
    if to not in move_routes(state, combat, member):
        raise IllegalAction(f"{member.name} cannot reach that tile with one move.")
    if isinstance(action, Flee):
        assert state.expedition is not None
        level = state.expedition.level

        if any(sees(level, foe.pos, to) for foe in hostile(state, combat)):  # the party's own do not count
            raise IllegalAction("The enemies can still see that tile.")


def move(ctx: Context, state: CampaignState, action: CombatMove | Flee) -> Resolution[None]:
    """Move (or flee) along the route verified when the action was taken.

    The route is fixed before the turn begins: Bleeding's fatigue at the start of the turn may
    shorten the reach of a move, but a move that was legal when declared goes where it was aimed.
    """
    to = (int(action.to[0]), int(action.to[1]))
    path = move_routes(state, combat_of(state), state.character(action.actor))[to]  # as verified
    if not (yield from begin_turn(ctx, state, state.character(action.actor))):
        return
    combat, member = start(state, action)
    if isinstance(action, CombatMove):  # deep water, slick stone, mud (HOUSE §1.10, §1.11, §1.14)
        path = yield from footing_move(ctx, state, combat, member, path)
        to = path[-1] if path else combat.positions[member.id]
    combat.positions[member.id] = to
    ctx.emit(CombatMoved(rule="§10.2.2", who=member.id, path=path))
    if member.tokens.shield and not member.has(Skill.SHIELD_MASTER):
        member.tokens.shield = 0
        ctx.emit(report_tokens(member.id, member.tokens, "moved", "§10.2.2"))

    yield from sneak(ctx, state, member)  # a hidden moon-curser tests DEX (§5.7.2)
    if isinstance(action, Flee):
        pursued = any(foe.defn.movement >= move_tiles(member) for foe in hostile(state, combat))
        (combat.pursued if pursued else combat.fled).add(member.id)
        ctx.emit(AdventurerFled(rule="§16 #25", character=member.id, pursued=pursued))
        yield from end_turn(ctx, state, member.id)
        return
    yield from done(ctx, state, member, action)
