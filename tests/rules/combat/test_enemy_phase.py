"""Tests for rules/combat/enemy_phase.py: the enemy phase AI (§10.2.3, §10.2.5, §16 #25, HOUSE §3)."""

from __future__ import annotations

from dataclasses import replace

from expedition.rules.combat.combat_events import EnemyActed
from expedition.rules.combat.combat_state import CombatPhase, Foe
from expedition.rules.combat.enemies.enemy_defs import Archetype, Behaviour
from expedition.rules.combat.enemy_phase import enemy_turns
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.engine.campaign import CampaignState
from tests.rules.combat.test_fights import combat_of, fight, make_state, place, rat


def _enemy_bites(state: CampaignState, faces: list[int], *keys: str) -> Context:
    ctx = Context(ScriptedDice(faces))
    combat = combat_of(state)
    combat.phase = CombatPhase.ENEMIES
    resolve(enemy_turns(ctx, state), answers(*keys))
    return ctx


def test_an_enemy_attack_the_defender_fails_takes_base_and_a_critical_failure_adds_crit() -> None:
    """§10.2.3: failure = BASE wounds, critical failure = BASE + CRIT; placement is the player's."""
    state = make_state()
    wren = state.party[0]
    fight(state, [], ambush=True)
    place(state, (3, 3))
    # bite 1: defence 2, 3 (failure, 1 wound); bite 2: 1, 2 (critical failure, 2 wounds)
    _enemy_bites(state, [2, 3, 1, 2])
    assert sum(a.wounds for a in wren.attrs.values()) == 3


def test_a_defence_success_avoids_and_declining_means_a_plain_hit() -> None:
    """§10.2.3: success avoids; rolling no dice is an automatic (non-critical) hit."""
    state = make_state()
    wren = state.party[0]
    fight(state, [], ambush=True)
    place(state, (3, 3))
    _enemy_bites(state, [5, 3], "roll:STR", "decline", "DEX")
    assert sum(a.wounds for a in wren.attrs.values()) == 1


def test_an_enemy_approaches_and_stops_next_to_its_target() -> None:
    """§10.2.5: Move up to Movement tiles, orthogonally, stopping next to an adventurer."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (7, 3))
    ctx = _enemy_bites(state, [5, 5])
    assert foe.pos == (3, 3)
    assert any(getattr(e, "action", "") == "move" for e in ctx.events)


def test_a_bleeding_living_enemy_loses_a_wound_on_one_to_three() -> None:
    """§10.2.5: at the start of its turn a bleeding living enemy rolls 1d6; 1–3 is a wound."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (9, 6))
    foe.bleeding = True
    _enemy_bites(state, [2])
    assert foe.wounds == 1


def test_a_living_enemy_below_half_may_flee_but_ignores_morale_never_does() -> None:
    """§16 #25: below half its W a living enemy tests 1d! at the end of its turn; a 1 makes it flee."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (9, 6))
    foe.defn = rat(wounds=4)
    foe.wounds = 3
    _enemy_bites(state, [1])
    assert foe.fleeing or foe.fled
    calm = make_state()
    fight(calm, [], ambush=True)
    other = place(calm, (9, 6))
    other.defn = rat(wounds=4, morale=False)
    other.wounds = 3
    _enemy_bites(calm, [5, 5])
    assert not other.fleeing


def test_x_attacks_leave_shield_tokens_unspendable() -> None:
    """§16 #7: against X the defender may not spend shield tokens, only dodge tokens."""
    state = make_state()
    wren = state.party[0]
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    foe.defn = rat(attack="STR 1X")
    wren.tokens.shield = 2
    seen: list[Decision] = []

    def answer(decision: Decision) -> str:
        seen.append(decision)
        return decision.default

    ctx = Context(ScriptedDice([2, 3, 2, 3, 2, 3]))
    combat_of(state).phase = CombatPhase.ENEMIES
    resolve(enemy_turns(ctx, state), answer)
    assert wren.tokens.shield == 2
    assert not any(c.key.startswith("shield") for d in seen for c in d.choices)


def _acted(ctx: Context) -> list[tuple[str, str, str]]:
    return [(e.foe, e.action, e.target) for e in ctx.events if isinstance(e, EnemyActed)]


def test_foes_next_to_an_adventurer_act_before_the_others() -> None:
    """HOUSE §3.1: the enemy phase runs adjacent foes first, then shooters, then the rest."""
    state = make_state()
    fight(state, [], ambush=True)
    combat = combat_of(state)
    far = place(state, (9, 6))
    near = Foe(uid="foe2", key="rat", defn=rat(), pos=(3, 3))
    combat.foes.append(near)
    ctx = _enemy_bites(state, [5, 5, 5, 5])
    order = [foe for foe, _, _ in _acted(ctx)]
    assert order.index("foe2") < order.index(far.uid)


def test_a_stunned_foe_spends_its_actions_recovering() -> None:
    """§10.2.1, §10.2.5: with stun tokens an enemy can only Recover, one token an action."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    foe.tokens.stun = 2
    ctx = _enemy_bites(state, [])
    assert [a for _, a, _ in _acted(ctx)] == ["recover", "recover"] and foe.tokens.stun == 0


def test_a_brute_goes_for_whoever_hurt_it_most() -> None:
    """HOUSE §3.2 Brute: the target is whoever dealt it the most wounds, not the nearest."""
    state = make_state("wren", "ash")
    fight(state, [], ambush=True)
    combat = combat_of(state)
    combat.positions.update({"wren": (3, 2), "ash": (3, 4)})
    foe = place(state, (3, 3))
    foe.defn = replace(rat(wounds=9), behaviour=Behaviour(Archetype.BRUTE))
    foe.hurt_by = {"ash": 1}
    ctx = _enemy_bites(state, [5, 5, 5, 5])
    assert {t for _, a, t in _acted(ctx) if a == "bite"} == {"ash"}


def _behind_a_wall() -> tuple[CampaignState, Foe]:
    """A fight with a wall down the room and the foe at its end, one step from out of sight."""
    state = make_state()
    level = state.expedition.level  # type: ignore[union-attr]
    for row in range(1, 6):
        level.tiles[row] = "#....#.....#"
    fight(state, [], ambush=True)
    return state, place(state, (4, 6))


def test_a_fleeing_foe_runs_and_leaves_once_out_of_sight() -> None:
    """§16 #25, HOUSE §3.1: a fleeing enemy moves away; unseen at the end of its turn, it has fled."""
    state, foe = _behind_a_wall()
    foe.fleeing = True
    ctx = _enemy_bites(state, [])
    assert [a for _, a, _ in _acted(ctx)][:1] == ["move"] and foe.fled


def test_a_fleeing_foe_in_the_one_hidden_corner_keeps_still_and_gets_away() -> None:
    """HOUSE §3.1 (house reading), §16 #25: out of sight already, it never steps back into sight.

    The bots' stand-off (sensible seed 22): the party held a doorway in a room's bottom wall, and a
    fleeing Rotworm Swarm ran into the room's one corner hidden from it, then walked back out
    into sight for the far wall, every turn, for ever.
    """
    state = make_state()
    fight(state, [], ambush=True)
    level = state.expedition.level  # type: ignore[union-attr]
    level.tiles[1:7] = ["####.....###"] * 5 + ["#######.####"]  # a narrow room, its door below
    combat_of(state).positions["wren"] = (7, 6)  # in the doorway: only (4, 5) is out of its sight
    foe = place(state, (4, 2))
    foe.fleeing = True
    ctx = _enemy_bites(state, [])
    assert foe.pos == (4, 5) and foe.fled
    assert [a for _, a, _ in _acted(ctx)] == ["move"]  # into the corner, and no step back out


def test_a_coward_without_the_numbers_gets_away_once_out_of_sight() -> None:
    """HOUSE §3.2 (house reading): a timid coward that ends its turn unseen has left the fight."""
    state, foe = _behind_a_wall()
    foe.defn = replace(rat(), behaviour=Behaviour(Archetype.COWARD, Archetype.SWARM))
    ctx = _enemy_bites(state, [])
    assert "bite" not in [a for _, a, _ in _acted(ctx)]
    assert foe.fled and not foe.fleeing


def test_a_coward_in_sight_stays_in_the_fight() -> None:
    """HOUSE §3.2: in sight of the party it cannot slip away (the party may parley with it)."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (4, 3))
    foe.defn = replace(rat(), behaviour=Behaviour(Archetype.COWARD, Archetype.SWARM))
    _enemy_bites(state, [])
    assert not foe.fled


def test_a_coward_with_no_way_out_of_sight_is_cornered_and_comes_to_fight() -> None:
    """HOUSE §3.2 (house reading): cornered, it is bold for the rest of the fight.

    The bots' stand-off (sensible seed 25): a Bounty Hunter in an open room ran to the far corner,
    found no way out of sight, walked back toward a lone adventurer who could neither move nor
    strike, and ran again next turn, for ever.
    """
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (6, 3))
    foe.defn = replace(rat(), behaviour=Behaviour(Archetype.COWARD, Archetype.SWARM))
    _enemy_bites(state, [])  # it runs for the far corner of the open room
    assert foe.pos == (10, 6)
    _enemy_bites(state, [])  # nowhere farther and no way out of sight: cornered, it comes back
    ctx = _enemy_bites(state, [5, 5])  # it steps up and bites; Wren defends by default with the 5s
    assert "bite" in [a for _, a, _ in _acted(ctx)] and not foe.fled


def test_a_coward_without_the_numbers_keeps_away() -> None:
    """HOUSE §3.2 Coward: bold only when its side outnumbers the standing adventurers 2 to 1."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (4, 3))
    foe.defn = replace(rat(), behaviour=Behaviour(Archetype.COWARD, Archetype.SWARM))
    start = foe.pos
    ctx = _enemy_bites(state, [])
    assert "bite" not in [a for _, a, _ in _acted(ctx)]
    combat = combat_of(state)
    assert abs(foe.pos[0] - combat.positions["wren"][0]) + abs(foe.pos[1] - combat.positions["wren"][1]) > 2
    assert foe.pos != start
