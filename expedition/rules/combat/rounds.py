"""Provides the flow of combat rounds (§10.2.1): fast adventurers, enemies, slow ones, cleanup, the end.

Fast adventurers act in any order the players like; the slow ones in the GM's order (the slow
list). An adventurer who starts acting keeps the turn until they end it or run out of actions.
When no adventurer of a phase is left to act the flow moves on by itself: the enemy phase runs
the GM's AI (`combat_enemies`), cleanup removes unused dodge tokens (shield tokens stay) and a
new round begins. After every step the fight checks whether it is over (§16 #25).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.afflictions import Cure, actions_per_turn, apply_cure, bleeding_tick
from expedition.rules.character.fainting import faint_turn
from expedition.rules.character.mortal_wounds import near_death_turn
from expedition.rules.combat.combat_events import (
    CombatEnded,
    CombatOutcome,
    RoundStarted,
    TokensChanged,
    TurnEnded,
    TurnStarted,
    report_tokens,
)
from expedition.rules.combat.combat_state import (
    BASE_ACTIONS,
    CombatPhase,
    CombatState,
    clear_fallen,
    combat_of,
    on_map,
    standing,
)
from expedition.rules.combat.enemies.specials import settle
from expedition.rules.combat.enemy_phase import enemy_turns
from expedition.rules.combat.holds import host_turn_begins, victim_turn_ends
from expedition.rules.combat.maneuvers.maneuver_marks import pay_owed
from expedition.rules.combat.potions import mercurial_actions, mercurial_turn_ends
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Note
from expedition.rules.core.lasting import Span, end_spans, tick
from expedition.rules.core.phase import Phase
from expedition.rules.exploration.dead_vigil import lay_the_bodies
from expedition.rules.exploration.expedition import area_of
from expedition.rules.exploration.exploration_turn import exploration_turn
from expedition.rules.items.inventory import encumbrance_tick
from expedition.rules.magic.fight_magic import fight_ends, turn_begins
from expedition.rules.magic.prayers.prayer_marks import give_up, hostile
from expedition.rules.magic.prayers.sacrifices import bind_undead
from expedition.rules.magic.spells.control_spells import stop_channelling
from expedition.rules.magic.spells.lasting_spells import burn_adventurer, burn_foes

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

HYPERFOCUS_ACTIONS = 3
"""Hyperfocus: three actions, all of them the same (§10.2.1)."""
CHALLENGING_THREAT = 5
"""House: a foe of this threat, or a group of 2 threat per adventurer, is challenging (cures, §4.6)."""


def actions_for(combat: CombatState, member: Character) -> int:
    """Actions `member` gets this turn: 2, 3 with Hyperfocus, 0 on Hold, one fewer Nauseated (§10.2.1)."""
    if member.id in combat.held:
        return 0
    base = HYPERFOCUS_ACTIONS if member.id in combat.hyperfocus else BASE_ACTIONS
    return actions_per_turn(member, base)


def waiting(state: CampaignState, combat: CombatState) -> list[str]:
    """Adventurers of the current phase who may still take their turn this round."""
    if combat.phase is CombatPhase.ENEMIES:
        return []
    ids = combat.fast if combat.phase is CombatPhase.FAST else combat.slow
    ready = {m.id for m in standing(state, combat)}
    return [who for who in ids if who in ready and who not in combat.done]


def verify_turn(state: CampaignState, combat: CombatState, member: Character) -> None:
    """Raise unless `member` may take an action now.

    Raises:
        IllegalAction: When it is not their turn.
    """
    if combat.active and combat.active != member.id:
        raise IllegalAction(f"It is {state.character(combat.active).name}'s turn; they must end it first.")
    queue = waiting(state, combat)
    if member.id not in queue:
        raise IllegalAction(f"{member.name} cannot act now ({combat.phase.value} phase).")
    if combat.phase is CombatPhase.SLOW and not combat.active and queue[0] != member.id:
        raise IllegalAction(
            f"Slow adventurers act in the GM's order: {state.character(queue[0]).name} first."
        )


def check_actions(state: CampaignState, actor: str, cost: int) -> None:
    """Raise unless `actor` may take an action of `cost` actions now: their turn, no stun (§10.2.1).

    The guard every action of a fight but the basic ones shares (spells, prayers, maneuvers, skills,
    parleys, breaking free).

    Raises:
        IllegalAction: Outside a fight, out of turn, stunned, or with too few actions left.
    """
    combat = combat_of(state)
    member = state.character(actor)
    verify_turn(state, combat, member)
    if member.tokens.stun:
        raise IllegalAction(f"{member.name} is stunned: only Recover is possible.")
    left = combat.actions_left if combat.active == actor else actions_for(combat, member)
    if left < cost:
        raise IllegalAction(f"That takes {cost} actions; {member.name} has {left} left.")


def begin_turn(ctx: Context, state: CampaignState, member: Character) -> Resolution[bool]:
    """Start `member`'s turn if it has not started: their actions, Bleeding (§4.6), encumbrance (§7.1).

    What happens as the turn starts can leave `member` unable to act (Bleeding's fatigue makes
    them faint or kills them). Their turn then ends at once and play moves on; the action they
    chose is not taken. Callers must stop when this returns False.

    Returns:
        True when `member` may go on with the action; False when the turn is over (or no fight).
    """
    combat = state.expedition.combat if state.expedition else None
    if combat is None:
        return False
    if combat.active == member.id:
        return True
    combat.active, combat.last_action = member.id, ""
    combat.actions_left = actions_for(combat, member)

    combat.actions_left = max(0, combat.actions_left - give_up(ctx, state, member.id))  # Entropy (§11.2)

    pay_owed(ctx, state, combat, member)  # an action a reaction took from this turn (§5.7)

    combat.actions_left += mercurial_actions(state, member.id) if combat.actions_left else 0  # §10.2.1
    ctx.emit(TurnStarted(rule="§10.2.1", who=member.id, actions=combat.actions_left))
    if combat.actions_left <= 0:  # every action was given up (Entropy, §11.2)
        yield from end_turn(ctx, state, member.id)
        return False

    turn_begins(ctx, member)

    stop_channelling(ctx, state, member)  # acting lets Shackles go (§11.1)
    yield from bleeding_tick(ctx, member)
    if member.can_act:
        yield from encumbrance_tick(ctx, member)  # §7.1: encumbered, a STR test every turn

    yield from host_turn_begins(ctx, state, member)  # an attached rotworm bites (§12.3, HOUSE §6.2)

    yield from burn_adventurer(ctx, state, member)  # §11.1 Arcane fire
    if member.can_act and member.id not in combat.fled:
        return True
    yield from end_turn(ctx, state, member.id)
    return False


def spend_actions(ctx: Context, state: CampaignState, member: Character, cost: int) -> Resolution[None]:
    """Count `cost` actions spent; with none left (or unable to act) the turn ends and play moves on."""
    combat = state.expedition.combat if state.expedition else None
    if combat is None:
        return
    combat.actions_left -= cost
    if combat.actions_left <= 0 or not member.can_act or member.id in combat.fled:
        yield from end_turn(ctx, state, member.id)
    else:
        yield from advance(ctx, state)


def pay_actions(
    ctx: Context, state: CampaignState, member: Character, cost: int, kind: str
) -> Resolution[None]:
    """Pay `cost` actions once an action of `kind` is resolved (Hyperfocus remembers it); play moves on."""
    combat = combat_of(state)
    combat.last_action = kind
    yield from spend_actions(ctx, state, member, cost)


def end_turn(ctx: Context, state: CampaignState, who: str) -> Resolution[None]:
    """End an adventurer's turn (their help on this turn is used up) and let play move on."""
    combat = state.expedition.combat if state.expedition else None
    if combat is None:
        return
    combat.done.add(who)
    combat.helped.pop(who, None)
    if combat.active == who:
        combat.active, combat.actions_left = "", 0
    ctx.emit(TurnEnded(rule="§10.2.1", who=who))

    mercurial_turn_ends(ctx, state, who)  # the Mercurial tonic's usage die (§11.1)

    yield from victim_turn_ends(ctx, state, who)  # still grabbed: 1 wound (§12.4, HOUSE §6.2)
    yield from advance(ctx, state)


def advance(ctx: Context, state: CampaignState) -> Resolution[None]:
    """Move the round on until an adventurer has to decide something, or the fight ends."""
    for _ in range(1000):
        combat = state.expedition.combat if state.expedition else None
        if combat is None:
            return

        clear_fallen(state, combat)
        yield from settle(ctx, state)  # bursts and pustules; holders that let go (§12, HOUSE §6.2)
        if (yield from check_end(ctx, state, combat)):
            return
        if combat.active:
            member = state.character(combat.active)
            if member.can_act and member.id not in combat.fled and combat.actions_left > 0:
                return
            combat.done.add(combat.active)
            combat.active = ""
        if waiting(state, combat):
            return
        if combat.phase is CombatPhase.FAST:
            combat.phase = CombatPhase.ENEMIES
            yield from enemy_turns(ctx, state)
            combat.phase = CombatPhase.SLOW
        elif combat.phase is CombatPhase.SLOW:
            cleanup(ctx, state, combat)
            begin_round(ctx, state, combat)
            combat.phase = CombatPhase.FAST
    raise AssertionError("a combat round never settled")  # pragma: no cover


def begin_round(ctx: Context, state: CampaignState, combat: CombatState) -> None:
    """A new round: turns reset, the downed count down, foes that dodge every round gain tokens."""
    combat.round += 1
    combat.done.clear()
    ctx.emit(RoundStarted(rule="§10.2.1", round=combat.round))
    for member in on_map(state, combat):
        if member.status is Status.FAINTED:
            faint_turn(ctx, member)
        elif member.status is Status.MORTALLY_WOUNDED:
            near_death_turn(ctx, member)
    enlist(ctx, state, combat)
    for foe in combat.conscious_foes:
        if foe.defn.dodge_each_round:
            foe.tokens.dodge += foe.defn.dodge_each_round
            ctx.emit(report_tokens(foe.uid, foe.tokens, "dodges every round", "HOUSE §6.4"))


def enlist(ctx: Context, state: CampaignState, combat: CombatState) -> None:
    """Give a phase to adventurers on the map who can act but have none (HOUSE).

    Only those able to act when the fight started made the DEX check for fast or slow; someone
    who was fainted then (or came to later) had no phase, so the round flow never waited for them
    while they still counted as standing, and the rounds cycled without end. House ruling: an
    adventurer who comes to during a fight joins the slow adventurers, last in the GM's order,
    from the round after they woke (no DEX check: they are still groggy).
    """
    for member in standing(state, combat):
        if member.id not in combat.fast and member.id not in combat.slow:
            combat.slow.append(member.id)
            ctx.emit(Note(rule="§10.2.1", text=f"{member.name} comes to and joins the slow adventurers."))


def cleanup(ctx: Context, state: CampaignState, combat: CombatState) -> None:
    """Cleanup (§10.2.1): unused dodge tokens go from everyone; shield tokens stay. Pursued flee now."""
    for member in on_map(state, combat):
        if member.tokens.dodge:
            member.tokens.dodge = 0
            ctx.emit(report_tokens(member.id, member.tokens, "cleanup", "§10.2.1"))
    for foe in combat.conscious_foes:
        if foe.tokens.dodge:
            foe.tokens.dodge = 0
            ctx.emit(report_tokens(foe.uid, foe.tokens, "cleanup", "§10.2.1"))
    combat.fled |= combat.pursued
    combat.pursued.clear()

    burn_foes(ctx, state, combat)  # §11.1 Arcane fire
    tick(ctx, state, Span.ROUND, rule="§10.2.1")


def check_end(ctx: Context, state: CampaignState, combat: CombatState) -> Resolution[bool]:
    """End the fight when it is over (§16 #25) and return True; else return False.

    Victory: no conscious enemy. Fled: every adventurer who can act is out of sight. Party
    down: nobody on the map can act and nobody got away.
    """
    if not hostile(state, combat):  # the party's summoned allies do not keep a fight going (§11.2)
        outcome = CombatOutcome.VICTORY
    elif not standing(state, combat):
        outcome = (
            CombatOutcome.FLED
            if combat.fled & {m.id for m in state.party if m.can_act}
            else (CombatOutcome.PARTY_DOWN)
        )
    else:
        return False
    yield from end_combat(ctx, state, combat, outcome)
    return True


def keep_survivors(state: CampaignState, combat: CombatState, *, party_down: bool = False) -> None:
    """After a fight the party did not win, its room's group is what is left of it (HOUSE §3.1).

    The fallen stay fallen, the fled are gone, and the survivors keep their wounds for the next
    fight; a group with nobody left is gone for good. Victors over a party that lies down to the
    last go back to their lair and leave the fallen where they lie (house): the dungeon, their
    wounds and the decay decide whether anyone gets up again.
    """
    expedition = state.expedition
    assert expedition is not None  # a fight only happens in a dungeon
    left = hostile(state, combat)
    for encounter in expedition.dungeon.level(combat.depth).encounters:
        if encounter.room != combat.room or encounter.defeated:
            continue
        encounter.enemies = tuple(foe.key for foe in left)
        encounter.wounds = tuple(foe.wounds for foe in left)
        encounter.defeated = party_down or not left


def end_combat(
    ctx: Context, state: CampaignState, combat: CombatState, outcome: CombatOutcome
) -> Resolution[None]:
    """Close the fight: tokens go, a beaten encounter is marked, afflictions cured, 1 ET passes (§10.1).

    After a victory an angry cleric of Cador may bind a knocked-out undead (`sacrifices.bind_undead`).
    """
    expedition = state.expedition
    assert expedition is not None  # a fight only happens in a dungeon
    ctx.emit(CombatEnded(rule="§16 #25", outcome=outcome, rounds=combat.round, group=combat.group))
    for member in state.party:
        if member.tokens.shield or member.tokens.dodge or member.tokens.stun:
            member.tokens.shield = member.tokens.dodge = member.tokens.stun = 0
            ctx.emit(
                TokensChanged(rule="§10.2.4", who=member.id, shield=0, dodge=0, stun=0, why="fight over")
            )
    if outcome is CombatOutcome.VICTORY and combat.room >= 0:
        level = expedition.dungeon.level(combat.depth)
        for encounter in level.encounters:
            if encounter.room == combat.room:
                encounter.defeated = True
    elif combat.room >= 0:
        keep_survivors(state, combat, party_down=outcome is CombatOutcome.PARTY_DOWN)
    if outcome is CombatOutcome.VICTORY:
        yield from bind_undead(ctx, state, combat)  # Cador's captive (§5.7.4, house)
    if outcome is not CombatOutcome.PARTY_DOWN:
        threat = sum(foe.defn.threat for foe in combat.foes)
        strongest = max((foe.defn.threat for foe in combat.foes), default=0)
        challenging = strongest >= CHALLENGING_THREAT or threat >= 2 * len(combat.positions)
        for member in state.party:
            if member.status is Status.DEAD or not challenging:
                continue
            if outcome is CombatOutcome.VICTORY:
                apply_cure(ctx, member, Cure.CHALLENGING_FOE_DEFEATED, rule="§4.6")
            apply_cure(ctx, member, Cure.CHALLENGING_FIGHT_SURVIVED, rule="§4.6")
    if outcome is CombatOutcome.FLED:
        first = next((who for who in combat.positions if who in combat.fled), "")
        if first:
            expedition.position = combat.positions[first]
            expedition.area = area_of(expedition.level, expedition.position)

    fight_ends(state)

    lay_the_bodies(ctx, state, combat)  # the fallen stay where they fell (HOUSE §1.7)
    end_spans(ctx, state, (Span.ROUND, Span.FIGHT), "fight over", rule="§16 #25")
    expedition.combat = None
    state.phase = Phase.EXPLORATION
    if state.living:
        yield from exploration_turn(ctx, state)
