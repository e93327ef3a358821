"""Provides what a seat may do now: the options of its seat view, worked out by the rules on the server.

For each of the seat's living characters, the actions of the phase the game is in, each with its
cost and, when refused, the reason (`seat_choices`): a fight's (`combat_options`, attacks with
their exact odds), a camp's (`camp_options`, with what each does), exploration's
(`available_actions`, steps with the tile they go to) or the interlude's (`town_options`). Under
the key "" come the table's own: renaming a player, handing an adventurer to the next player,
setting out. A spectator may do nothing, and nobody may while a decision waits. `ready_actors`
says who of the seat may act now. No front end works these out for itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from expedition.rules.camp.camp_options import camp_options, describe
from expedition.rules.camp.camp_setup import camp_of
from expedition.rules.combat.attack_odds import attack_odds
from expedition.rules.combat.attacking import AttackFoe
from expedition.rules.combat.combat_state import CombatPhase, CombatState
from expedition.rules.combat.moving_and_fleeing import CombatMove, Flee
from expedition.rules.combat.rounds import waiting
from expedition.rules.core.actions import Action, ActionOption
from expedition.rules.core.distance import Pos
from expedition.rules.core.errors import RuleError
from expedition.rules.core.odds import RollOdds
from expedition.rules.core.world import World
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.combat_options import combat_options
from expedition.rules.engine.dispatch import MAX_PLAYER_NAME, RenamePlayer, verify
from expedition.rules.engine.exploration_options import available_actions
from expedition.rules.engine.hand_over import ReassignCharacter, next_player
from expedition.rules.exploration.stepping import DIRECTIONS, Step
from expedition.rules.interlude.setting_out import NEW, SetOut
from expedition.session.seat_view import LazyMap, SeatOption
from expedition.session.town_options import town_options, town_table_options
from expedition.session.views import WATCHING, Seat, SeatKind, seat_characters

__all__ = [
    "NAME_LIMIT",
    "NEW_DUNGEON",
    "TABLE",
    "allowed_now",
    "choice_keys",
    "choices_of",
    "kinds_of",
    "ready_actors",
    "seat_choices",
    "seat_reason",
    "set_out_options",
    "table_options",
]

TABLE = ""
"""The key of the options that belong to the table rather than to one character."""
NAME_LIMIT = MAX_PLAYER_NAME
"""The longest name a RenamePlayer option takes, in characters."""
NEW_DUNGEON = "new"
"""The target of the SetOut option for a new dungeon (the rules' own `NEW` is the empty string)."""


def seat_choices(
    state: CampaignState, seat: Seat, world: World | None = None
) -> Mapping[str, tuple[SeatOption, ...]]:
    """What `seat` may do now, by the character who would act, worked out per character on first use.

    Args:
        state: The campaign; it must not change while the result is in use.
        seat: Who asks.
        world: The content the rules may need (the settlement's beds).

    Returns:
        One entry per living character of the seat, in party order, then `TABLE` (none for a spectator).
    """
    return LazyMap(choice_keys(state, seat), lambda key: choices_of(state, seat, key, world))


def choice_keys(state: CampaignState, seat: Seat) -> tuple[str, ...]:
    """The keys of `seat_choices`: the seat's living characters in party order, then `TABLE`."""
    if seat.kind is SeatKind.SPECTATOR:
        return ()
    return (*(member.id for member in seat_characters(state, seat)), TABLE)


def choices_of(
    state: CampaignState, seat: Seat, key: str, world: World | None = None
) -> tuple[SeatOption, ...]:
    """One entry of `seat_choices`: what character `key` could do now, or the table (`TABLE`)."""
    if key == TABLE:
        return table_options(state, seat, world)
    return _phase_options(state, world)(key)


def kinds_of(
    state: CampaignState, seat: Seat, key: str, kinds: frozenset[str], world: World | None = None
) -> tuple[SeatOption, ...]:
    """The options of `choices_of` whose kind (action class name) is one of `kinds`, in its order.

    In the interlude only those parts of an adventurer's list are worked out (`town_options`);
    elsewhere the whole list is, and filtered.
    """
    if key != TABLE and _in_town(state):
        return town_options(state, key, world, kinds)
    return tuple(o for o in choices_of(state, seat, key, world) if o.kind in kinds)


def _phase_options(state: CampaignState, world: World | None) -> Callable[[str], tuple[SeatOption, ...]]:
    expedition = state.expedition
    if expedition is not None and expedition.combat is not None:
        return lambda actor: _fight(state, actor)
    if camp_of(state) is not None:
        return lambda actor: tuple(
            _from_rules(o, actor, "camp action", detail=describe(o.action))
            for o in camp_options(state, actor)
        )
    if expedition is not None:
        return lambda actor: tuple(_exploring(state, o, actor) for o in available_actions(state, actor))
    if _in_town(state):
        return lambda actor: town_options(state, actor, world)
    return lambda actor: ()


def _in_town(state: CampaignState) -> bool:
    """The interlude's options are offered: in the settlement, with no camp pitched outside it."""
    return state.expedition is None and camp_of(state) is None and state.interlude is not None


def _from_rules(
    option: ActionOption,
    actor: str,
    unit: str,
    *,
    detail: str = "",
    tile: Pos | None = None,
    target: str = "",
    odds: RollOdds | None = None,
) -> SeatOption:
    reason = "" if option.enabled else (option.reason or "Not possible now.")
    return SeatOption(
        option.action,
        option.label,
        option.cost,
        unit,
        option.enabled,
        reason,
        actor,
        tile,
        target,
        detail,
        odds,
    )


def _exploring(state: CampaignState, option: ActionOption, actor: str) -> SeatOption:
    action = option.action
    if isinstance(action, Step) and state.expedition is not None and action.direction in DIRECTIONS:
        (x, y), (dx, dy) = state.expedition.position, DIRECTIONS[action.direction]
        return _from_rules(option, actor, "turn", tile=(x + dx, y + dy))
    return _from_rules(option, actor, "turn")


def _fight(state: CampaignState, actor: str) -> tuple[SeatOption, ...]:
    found: list[SeatOption] = []
    for option in combat_options(state, actor):
        action = option.action
        if isinstance(action, CombatMove | Flee):
            found.append(_from_rules(option, actor, "action", tile=action.to))
        elif isinstance(action, AttackFoe):
            odds = _odds(state, action) if option.enabled else None
            found.append(_from_rules(option, actor, "action", target=action.target, odds=odds))
        else:
            found.append(_from_rules(option, actor, "action"))
    return tuple(found)


def _odds(state: CampaignState, attack: AttackFoe) -> RollOdds | None:
    try:
        return attack_odds(state, attack.actor, attack.target, attack.weapon_uid)
    except RuleError:
        return None


def table_options(state: CampaignState, seat: Seat, world: World | None) -> tuple[SeatOption, ...]:
    """The table's own options: set out, end the day, a recruit, hand an adventurer on, rename a player.

    All but renaming are offered between expeditions only. Every adventurer of the party and every
    player is listed, those of other seats refused with the reason. A RenamePlayer option holds the
    player's present name: the front end puts the new one in (`SeatOption.completed`) and the
    session judges it when it is submitted.
    """
    found: list[SeatOption] = []
    if state.expedition is None:  # setting out and handing adventurers on are for between expeditions
        found += [
            _judged(state, seat, o.action, o.label, target=o.target) for o in set_out_options(state, world)
        ]
        found += [_judged(state, seat, o.action, o.label, target=o.target) for o in town_table_options(state)]
        for member in state.party:
            target = next_player(state, member.id)
            if target:
                action = ReassignCharacter(actor=member.id, player=target)
                found.append(
                    _judged(state, seat, action, f"Give {member.name} to the next player", target=target)
                )
    for player in state.players:
        rename = RenamePlayer(player=player.id, name=player.name)
        reason = seat_reason(state, seat, rename)
        found.append(
            SeatOption(
                rename, f"Rename {player.name}", unit="", enabled=not reason, reason=reason, target=player.id
            )
        )
    return tuple(found)


def set_out_options(state: CampaignState, world: World | None) -> tuple[SeatOption, ...]:
    """Where the party may set out for: a new dungeon first, then the known ones, then the authored ones."""
    places: list[tuple[str, str, str]] = [(NEW, NEW_DUNGEON, "A new dungeon (the dice choose it)")]
    known = {location.origin for location in state.locations.values() if location.origin}
    for location in state.locations.values():
        if location.settlement or not location.origin:
            continue
        title = location.title or (location.dungeon.name if location.dungeon else location.name)
        places.append(
            (location.name, location.name, f"Back to {title} (as the party left it; its doom is kept)")
        )
    if world is not None:
        for key in world.authored_keys():
            if f"authored:{key}" not in known:
                places.append((key, key, f"{world.authored_name(key)} (the sample dungeon)"))
    return tuple(
        _judged(state, None, SetOut(dungeon=place), label, target=key) for place, key, label in places
    )


def _judged(
    state: CampaignState, seat: Seat | None, action: Action, label: str, *, target: str = ""
) -> SeatOption:
    reason = seat_reason(state, seat, action) if seat is not None else ""
    if not reason:
        try:
            verify(state, action)
        except RuleError as refused:
            reason = str(refused) or "Not possible now."
    actor = getattr(action, "actor", "")
    return SeatOption(action, label, unit="", enabled=not reason, reason=reason, actor=actor, target=target)


def seat_reason(state: CampaignState, seat: Seat, action: Action) -> str:
    """Why `seat` may not take `action` (whatever the rules say of it), "" when it may."""
    if seat.kind is SeatKind.SPECTATOR:
        return WATCHING
    if seat.kind is SeatKind.HOST:
        return ""
    if not any(p.id == seat.player for p in state.players):
        return "You are not a player in this campaign."
    if isinstance(action, RenamePlayer):
        return "" if action.player == seat.player else "You can only rename yourself."
    if action.actor:
        member = next((c for c in state.party if c.id == action.actor), None)
        if member is None:
            return f"{action.actor} is not with the party."
        if member.owner != seat.player:
            owner = next((p.name for p in state.players if p.id == member.owner), member.owner)
            return f"{member.name} is {owner}'s character, not yours."
        return ""
    if not seat_characters(state, seat):
        return "You have nobody in the party to act with."
    return ""


def allowed_now(state: CampaignState, combat: CombatState) -> list[str]:
    """Who may act now in a fight (§10.2.1).

    The adventurer whose turn is under way; else any fast one still waiting in the fast phase, or
    the first slow one in the GM's order in the slow phase.
    """
    if combat.active:
        return [combat.active]
    queue = waiting(state, combat)
    return queue[:1] if combat.phase is CombatPhase.SLOW else queue


def ready_actors(state: CampaignState, seat: Seat) -> tuple[str, ...]:
    """The seat's characters who may act now, in order.

    In a fight, those whose turn may start (`allowed_now`); else those able to act.
    """
    if seat.kind is SeatKind.SPECTATOR:
        return ()
    mine = [member.id for member in seat_characters(state, seat)]
    expedition = state.expedition
    if expedition is not None and expedition.combat is not None:
        return tuple(who for who in allowed_now(state, expedition.combat) if who in mine)
    able = {member.id for member in seat_characters(state, seat) if member.can_act}
    return tuple(who for who in mine if who in able)
