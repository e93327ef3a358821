"""Combat (§10.2, §10.1, §16 #19, #21, #25, HOUSE §3) on a small open room, with scripted and seeded dice."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.combat.attacking import AttackFoe
from expedition.rules.combat.combat_events import CombatEnded, CombatOutcome, TokensChanged
from expedition.rules.combat.combat_state import CombatPhase, CombatState, Foe
from expedition.rules.combat.defending import Dodge
from expedition.rules.combat.enemies.enemy_defs import (
    Archetype,
    Behaviour,
    EnemyAction,
    EnemyDef,
    EnemyGroup,
    EnemyTag,
)
from expedition.rules.combat.fight_setup import start_combat
from expedition.rules.combat.fighter_turn import EndTurn
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve, resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.item_defs import Item, ItemDef
from expedition.rules.core.notation import parse_attack
from expedition.rules.core.phase import Phase
from expedition.rules.engine.campaign import CampaignState, Player, new_campaign
from expedition.rules.engine.dispatch import apply, verify
from expedition.rules.engine.legal_actions import legal_actions
from expedition.rules.exploration.dungeon_map import Dungeon, Level, Room
from expedition.rules.exploration.expedition import start_expedition
from expedition.rules.exploration.features import Encounter
from expedition.rules.items import handling, slots
from expedition.rules.trackers.doom import DoomThreshold

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
        handling.wield(ctx, member, sword, slots.RIGHT_HAND)
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
    """§10.1: an undefeated encounter in the party's room starts combat; its end marks it gone."""
    from expedition.rules.combat.fight_setup import fight_here

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
    # Beaten, the group is gone; victors over a party down leave the room too (house, HOUSE §3.1).
    gone = ended[0].outcome in (CombatOutcome.VICTORY, CombatOutcome.PARTY_DOWN)
    assert level.encounters[0].defeated == gone


# --- regressions: the round flow copes with what happens mid-turn -------------------------------


def test_an_adventurer_who_faints_from_bleeding_as_the_turn_starts_loses_the_turn_not_the_answer() -> None:
    """§4.6, §4.3, §10.2.1: Bleeding's fatigue may faint the actor; the turn ends, nothing is refused."""
    from expedition.rules.core.conditions import Affliction

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
