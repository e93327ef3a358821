"""Provides the party's Swarm (§11.2): a summoned swarm of insects that fights for the cleric.

House reading (HOUSE §11.2): the swarm is placed like any foe but a lasting "prayer:swarm" marks
it as the party's. It acts in the enemy phase: the cleric names the enemy it goes for (a
"swarm_target" decision), it flies next to it and spends its actions draining it. Enemies do
not defend with tests, so each drain rolls 1d6: 4 or more hits for the attack's damage (6 for
its critical damage), reduced by armour. Enemies keep attacking the adventurers, not the cloud,
and the fight is won once only the party's creatures are left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.combat.beasts import PET
from expedition.rules.combat.combat_events import CombatMoved, EnemyActed, TurnStarted
from expedition.rules.combat.fight_map import routes
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.distance import manhattan
from expedition.rules.core.events import Event
from expedition.rules.core.lasting import lasting_on
from expedition.rules.magic.fight_magic import hurt_foe
from expedition.rules.magic.prayers.prayer_marks import SWARM, hostile

if TYPE_CHECKING:
    from expedition.rules.combat.combat_state import CombatState, Foe
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

HIT_ON = 4
"""House: a drain hits an enemy on 4 or more on 1d6; a 6 is a critical hit."""


def swarm_turn(ctx: Context, state: CampaignState, combat: CombatState, swarm: Foe) -> Resolution[None]:
    """The party's swarm takes its turn: it goes for the enemy the cleric names and drains it."""
    ctx.emit(TurnStarted(rule="§11.2", who=swarm.uid, actions=swarm.defn.actions_per_turn))
    enemies = hostile(state, combat)
    if not enemies:
        return

    marks = lasting_on(state, swarm.uid, SWARM) + lasting_on(state, swarm.uid, PET)  # or a hound (§6.1)
    owner = next((e.source for e in marks), "")
    nearest = min(enemies, key=lambda f: (manhattan(f.pos, swarm.pos), f.uid))
    named = combat.foe_names()  # "Rat 2" when two share a name; never the uid
    key = yield Decision(
        kind="swarm_target",
        owner=owner,
        prompt=f"Which enemy does the {swarm.name} go for?",
        choices=tuple(Choice(f.uid, named[f.uid]) for f in enemies),
        default=nearest.uid,
        rule="§11.2",
    )
    target = next((f for f in enemies if f.uid == key), nearest)
    drain = next((a for a in swarm.defn.actions if a.attack is not None), None)
    for _ in range(swarm.defn.actions_per_turn):
        if not target.conscious:
            return
        if manhattan(swarm.pos, target.pos) != 1:
            if not _fly(ctx, state, combat, swarm, target):
                return
            continue
        if drain is None or drain.attack is None:
            return
        why = f"the {swarm.name}'s {drain.name.lower()} on the {target.name}"
        (face,) = ctx.roll(1, who=swarm.uid, why=why, rule="§11.2")
        ctx.emit(EnemyActed(rule="§11.2", foe=swarm.uid, action=drain.key, target=target.uid))
        wounds = 0
        if face >= HIT_ON:
            damage = drain.attack.damage(face == 6) or 1
            wounds = hurt_foe(ctx, state, target, damage, owner, "§11.2", reducible=True)
        ctx.emit(
            SwarmDrained(
                rule="§11.2", swarm=swarm.uid, foe=target.uid, roll=face, wounds=wounds, attack=drain.name
            )
        )


def _fly(ctx: Context, state: CampaignState, combat: CombatState, swarm: Foe, target: Foe) -> bool:
    """Fly toward the tiles next to `target`; False if it cannot get closer."""
    assert state.expedition is not None
    blocked = combat.occupied() - {swarm.pos}
    options = routes(state.expedition.level, swarm.pos, swarm.defn.movement, blocked)
    if not options:
        return False
    best = min(options, key=lambda p: (abs(manhattan(p, target.pos) - 1), len(options[p]), p))
    if abs(manhattan(best, target.pos) - 1) >= abs(manhattan(swarm.pos, target.pos) - 1):
        return False
    swarm.pos = best
    ctx.emit(EnemyActed(rule="§11.2", foe=swarm.uid, action="move", target=target.uid))
    ctx.emit(CombatMoved(rule="§11.2", who=swarm.uid, path=options[best]))
    return True


@dataclass(frozen=True, slots=True, kw_only=True)
class SwarmDrained(Event):
    """The party's swarm drained an enemy, or its hound bit one (`roll` the house 1d6, `wounds` taken).

    `attack` names the creature's attack ("Drain", "Bite"); "" in events saved before it was kept.
    """

    swarm: str
    foe: str
    roll: int
    wounds: int
    attack: str = ""
