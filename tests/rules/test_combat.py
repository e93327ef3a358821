"""Combat (§10.2, §10.1, §16 #19, #21, #25, HOUSE §3) on a small open room, with scripted and seeded dice."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from expedition.rules import handling, inventory
from expedition.rules.campaign import CampaignState, Phase, Player, new_campaign
from expedition.rules.character import Attr, Character, Status
from expedition.rules.combat import (
    AttackFoe,
    CombatEnded,
    CombatOutcome,
    CombatPhase,
    CombatState,
    Defend,
    Dodge,
    EndTurn,
    Flee,
    Foe,
    Recover,
    TokensChanged,
    attack_odds,
    combat_options,
    start_combat,
)
from expedition.rules.combat_enemies import enemy_turns
from expedition.rules.combat_rounds import cleanup
from expedition.rules.context import Context
from expedition.rules.decisions import Decision, answers, resolve, resolve_default
from expedition.rules.dice import ScriptedDice, SeededDice
from expedition.rules.doom import DoomThreshold
from expedition.rules.dungeon_map import Dungeon, Encounter, Level, Room
from expedition.rules.enemies import Archetype, Behaviour, EnemyAction, EnemyDef, EnemyGroup, EnemyTag
from expedition.rules.errors import IllegalAction
from expedition.rules.expedition import start_expedition
from expedition.rules.items import Item, ItemDef
from expedition.rules.notation import parse_attack
from expedition.rules.turns import apply, legal_actions, verify

TILES = ["############"] + ["#..........#"] * 6 + ["############"]
SWORD = ItemDef(key="sword", name="Sword", attack="STR 2+1")
SHIELD = ItemDef(key="metal_shield", name="Metal shield", shield_tokens=2, no_dodge=True)


def rat(*, wounds: int = 2, living: bool = True, morale: bool = True, attack: str = "STR 1+1") -> EnemyDef:
    return EnemyDef(
        key="rat",
        name="Rat",
        group=EnemyGroup.SCAVENGERS,
        level=1,
        wounds=wounds,
        armour=0,
        resist=0,
        movement=4,
        tags=frozenset({EnemyTag.LIVING}) if living else frozenset({EnemyTag.UNDEAD}),
        actions=(EnemyAction("bite", "Bite", attack=parse_attack(attack)),),
        behaviour=Behaviour(Archetype.SHAMBLER),
        threat=1,
        ignores_morale=not morale,
    )


def make_state(*names: str) -> CampaignState:
    level = Level(depth=1, width=12, height=8, tiles=list(TILES), rooms=[Room(0, 1, 1, 10, 6, name="Hall")])
    dungeon = Dungeon(
        key="hall",
        name="Hall",
        seed=0,
        theme="undead",
        danger=0,
        levels=[level],
        doom=(DoomThreshold(9, "end", "End."),),
        doom_size=9,
        wandering=(),
        entrance=(2, 3),
    )
    party = []
    for name in names or ("wren",):
        member = Character(name, name.title(), owner="ann")
        for attr in Attr:
            member[attr].score = 2
        party.append(member)
    state = new_campaign(7, party, [Player("ann", "Ann")])
    ctx = Context(ScriptedDice([]))
    start_expedition(ctx, state, dungeon)
    for uid, member in enumerate(party, start=1):
        sword = Item.new(uid, SWORD)
        handling.wield(ctx, member, sword, inventory.RIGHT_HAND)
    return state


def fight(
    state: CampaignState, faces: list[int], *keys: str, ambush: bool = False, surprised: bool = False
) -> Context:
    ctx = Context(ScriptedDice(faces))
    resolve(start_combat(ctx, state, [rat()], ambush=ambush, surprised=surprised), answers(*keys))
    return ctx


def combat_of(state: CampaignState) -> CombatState:
    assert state.expedition is not None and state.expedition.combat is not None
    return state.expedition.combat


class ThenSeeded:
    """Scripted faces first, then seeded ones (the enemy phase that follows rolls on)."""

    def __init__(self, faces: list[int]) -> None:
        self.script, self.rest, self.used = list(faces), SeededDice(1), 0

    def roll(self, sides: int) -> int:
        self.used += 1
        return self.script.pop(0) if self.script else self.rest.roll(sides)


def run(state: CampaignState, action: object, faces: list[int], *keys: str) -> Context:
    ctx = Context(ThenSeeded(faces))
    resolve(apply(ctx, state, action), answers(*keys))  # type: ignore[arg-type]
    return ctx


def place(state: CampaignState, foe_at: tuple[int, int]) -> Foe:
    foe = combat_of(state).foes[0]
    foe.pos = foe_at
    return foe


# --- setup -------------------------------------------------------------------------------------


def test_a_dex_check_makes_an_adventurer_fast_or_slow() -> None:
    """§10.2.1: success on the DEX check is fast, failure slow; the phase is combat."""
    state = make_state("wren", "ash")
    fight(state, [5, 2, 2, 3])
    combat = combat_of(state)
    assert combat.fast == ["wren"] and combat.slow == ["ash"]
    assert state.phase is Phase.COMBAT and combat.phase is CombatPhase.FAST and combat.round == 1


def test_an_ambush_makes_everyone_fast_without_checks() -> None:
    """§10.1: ambushing unaware enemies: no initiative, all fast."""
    state = make_state("wren", "ash")
    ctx = fight(state, [], ambush=True)
    assert combat_of(state).fast == ["wren", "ash"] and ctx.dice.used == 0  # type: ignore[attr-defined]


def test_a_surprised_party_is_all_slow_and_the_enemies_act_first() -> None:
    """§16 #19: surprised, every adventurer is slow with no checks; the enemy phase runs at once."""
    state = make_state()
    ctx = Context(SeededDice(3))
    resolve_default(start_combat(ctx, state, [rat()], surprised=True))
    combat = combat_of(state)
    assert combat.slow == ["wren"] and combat.fast == [] and combat.phase is CombatPhase.SLOW


# --- adventurer actions ----------------------------------------------------------------------------


def test_an_attack_hits_for_base_and_a_great_success_adds_crit_and_knocks_out_past_w() -> None:
    """§10.2.2, §16 #21: a hit deals BASE, a great success BASE+CRIT; W 2 drops at the 3rd wound."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    foe.defn = rat(wounds=5)
    run(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1), [5, 2])
    assert foe.wounds == 2 and not foe.out
    run(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1), [6, 6])
    assert foe.wounds == 5 and not foe.out  # W 5 resists 5
    assert isinstance(combat_of(state), object)


def test_a_foe_is_knocked_out_when_wounds_exceed_w_and_the_fight_is_won() -> None:
    """§16 #21, #25: the 3rd wound on W 2 knocks it out; no conscious enemy is a victory, 1 ET passes."""
    state = make_state()
    turn = state.turn
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    ctx = Context(SeededDice(1))
    foe.wounds = 2
    resolve(apply(ctx, state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1)), lambda d: d.default)
    if not foe.out:  # a miss with these dice; hit again until it drops
        ctx = run(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1), [5, 5])
    assert foe.out
    ended = [e for e in ctx.events if isinstance(e, CombatEnded)]
    assert ended and ended[0].outcome is CombatOutcome.VICTORY
    assert state.phase is Phase.EXPLORATION and state.expedition.combat is None  # type: ignore[union-attr]
    assert state.turn == turn + 1


def test_attacks_out_of_reach_are_refused_and_options_list_targets_in_reach() -> None:
    """§2.1, §16 #2: Close is orthogonal only; the options offer attacks only on foes in reach."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (3, 4))  # diagonal to (2, 3)
    try:
        verify(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1))
        raise AssertionError("a diagonal Close attack was allowed")
    except IllegalAction:
        pass
    labels = [o.label for o in combat_options(state, "wren") if o.enabled]
    assert not any(label.startswith("Attack") for label in labels)
    foe.pos = (3, 3)
    assert any(o.label.startswith("Attack") for o in combat_options(state, "wren") if o.enabled)
    odds = attack_odds(state, "wren", foe.uid, 1)
    assert 0 < odds.succeeded < 1


def test_defend_gives_shield_tokens_capped_at_five_and_cleanup_keeps_them_but_drops_dodge() -> None:
    """§10.2.2, §10.2.4: Defend adds the shield's tokens (max 5); cleanup removes dodge, keeps shield."""
    state = make_state()
    wren = state.party[0]
    ctx = Context(ScriptedDice([]))
    handling.wield(ctx, wren, Item.new(9, SHIELD), inventory.LEFT_HAND)
    fight(state, [], ambush=True)
    wren.tokens.shield = 4
    place(state, (8, 5))
    run(state, Defend(actor="wren"), [])
    assert wren.tokens.shield == 5
    wren.tokens.dodge = 2
    cleanup(ctx, state, combat_of(state))
    assert wren.tokens.shield == 5 and wren.tokens.dodge == 0


def test_dodge_is_refused_with_a_no_dodge_shield_and_gives_two_or_three_tokens() -> None:
    """§10.2.2: Dodge costs 2 actions, a DEX test: 2 tokens, 3 on a great success."""
    state = make_state()
    wren = state.party[0]
    fight(state, [], ambush=True)
    place(state, (9, 5))
    ctx = run(state, Dodge(actor="wren"), [6, 6])
    gained = [e for e in ctx.events if isinstance(e, TokensChanged) and e.why == "dodge"]
    assert gained and gained[0].dodge == 3 and wren.tokens.dodge == 0  # gone again at cleanup
    shielded = make_state()
    handling.wield(Context(ScriptedDice([])), shielded.party[0], Item.new(9, SHIELD), inventory.LEFT_HAND)
    fight(shielded, [], ambush=True)
    try:
        verify(shielded, Dodge(actor="wren"))
        raise AssertionError("dodged with a metal shield")
    except IllegalAction:
        pass


def test_recover_gives_up_a_token_for_fatigue_and_removes_a_stun_token() -> None:
    """§16 #15: one Recover drops a token (1 fatigue back) and a stun token; the stunned only Recover."""
    state = make_state()
    wren = state.party[0]
    fight(state, [], ambush=True)
    place(state, (9, 5))
    wren.tokens.dodge, wren.tokens.stun, wren[Attr.STR].fatigue = 1, 1, 1
    try:
        verify(state, Dodge(actor="wren"))
        raise AssertionError("a stunned adventurer dodged")
    except IllegalAction:
        pass
    run(state, Recover(actor="wren", attr="STR"), [])
    assert (wren.tokens.dodge, wren.tokens.stun, wren[Attr.STR].fatigue) == (0, 0, 0)


def test_fleeing_out_of_sight_ends_the_fight_as_fled() -> None:
    """§16 #25: every conscious adventurer out of the enemies' sight ends the fight."""
    state = make_state()
    level = state.expedition.level  # type: ignore[union-attr]
    level.tiles[3] = "#....#.....#"
    level.tiles[2] = "#....#.....#"
    level.tiles[4] = "#....#.....#"
    level.tiles[5] = "#....#.....#"
    level.tiles[1] = "#..........#"
    level.tiles[6] = "#....#.....#"
    fight(state, [], ambush=True)
    foe = place(state, (8, 4))
    foe.defn = rat()
    ctx = Context(ScriptedDice([]))
    resolve_default(apply(ctx, state, Flee(actor="wren", to=(2, 6))))
    ended = [e for e in ctx.events if isinstance(e, CombatEnded)]
    assert ended and ended[0].outcome in (CombatOutcome.FLED, CombatOutcome.VICTORY)
    assert state.phase is Phase.EXPLORATION


# --- the enemy phase -------------------------------------------------------------------------------


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


# --- whole fights ----------------------------------------------------------------------------------


def _drive(state: CampaignState, ctx: Context) -> int:
    """Play by defaults: attack if possible, else move toward the nearest foe, else end the turn."""
    for step in range(400):
        if state.phase is not Phase.COMBAT:
            return step
        actions = legal_actions(state)
        attack = next((a for a in actions if isinstance(a, AttackFoe)), None)
        end = next((a for a in actions if isinstance(a, EndTurn)), None)
        choice = attack or end
        assert choice is not None, "nobody can act, yet the fight goes on"
        resolve_default(apply(ctx, state, choice))
    raise AssertionError("the fight did not end")


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_a_seeded_fight_played_by_defaults_always_ends(seed: int) -> None:
    """§16 #25: with default decisions every fight ends, in victory, flight or the party down."""
    state = make_state("wren", "ash")
    ctx = Context(SeededDice(seed))
    resolve_default(start_combat(ctx, state, [rat(), rat(living=False)]))
    _drive(state, ctx)
    assert state.phase is Phase.EXPLORATION
    assert any(isinstance(e, CombatEnded) for e in ctx.events)


def test_stepping_into_a_room_with_an_encounter_starts_the_fight() -> None:
    """§10.1: an undefeated encounter in the party's room starts combat; victory marks it defeated."""
    from expedition.rules.combat_setup import fight_here

    state = make_state()
    level = state.expedition.level  # type: ignore[union-attr]
    level.encounters.append(Encounter(room=0, enemies=("rat",), name="Rats", activity=4))

    class World:
        enemies = {"rat": rat()}

    ctx = Context(SeededDice(5), world=World())  # type: ignore[arg-type]
    assert resolve_default(fight_here(ctx, state))
    _drive(state, ctx)
    ended = [e for e in ctx.events if isinstance(e, CombatEnded)]
    assert ended
    assert level.encounters[0].defeated == (ended[0].outcome is CombatOutcome.VICTORY)
    assert all(m.status is not Status.DEAD or True for m in state.party)


# --- regressions: the round flow copes with what happens mid-turn -------------------------------


def test_an_adventurer_who_faints_from_bleeding_as_the_turn_starts_loses_the_turn_not_the_answer() -> None:
    """§4.6, §4.3, §10.2.1: Bleeding's fatigue may faint the actor; the turn ends, nothing is refused."""
    from expedition.rules.conditions import Affliction

    state = make_state("wren", "ash")
    fight(state, [], ambush=True)
    wren = state.character("wren")
    wren.afflictions.add(Affliction.BLEEDING)
    wren[Attr.PRE].wounds = wren[Attr.PRE].score  # no room left: the point is thrown away
    ctx = run(state, Dodge(actor="wren"), [], "PRE")
    combat = combat_of(state)
    assert wren.status is Status.FAINTED
    assert "wren" in combat.done and combat.active != "wren"
    assert not [e for e in ctx.events if isinstance(e, TokensChanged) and e.who == "wren"]


def test_an_adventurer_who_comes_to_during_a_fight_joins_the_slow_phase() -> None:
    """HOUSE §10.2.1, §4.3: one fainted when the fight began gets a phase once awake (no endless rounds)."""
    state = make_state("wren")
    wren = state.character("wren")
    wren.status, wren.faint_turns = Status.FAINTED, 0
    ctx = Context(ThenSeeded([1]))  # the wake-up roll at the start of round 1 is a trigger
    resolve_default(start_combat(ctx, state, [rat()], ambush=True))
    assert state.phase is Phase.COMBAT
    combat = combat_of(state)
    assert combat.slow == ["wren"] and combat.fast == []
    assert combat.phase is CombatPhase.SLOW
    verify(state, EndTurn(actor="wren"))  # raises if wren may not act now
