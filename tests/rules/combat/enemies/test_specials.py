"""Enemy specials (§10.2.5, §12, HOUSE §3.3, §6.2): every enemy acts, passives, shared helpers."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.break_free import BreakFree
from expedition.rules.combat.combat_events import Attacked, CombatMoved, EnemyActed
from expedition.rules.combat.combat_harm import wound_foe
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.combat.enemies.enemy_defs import special_key
from expedition.rules.combat.enemies.habits import act
from expedition.rules.combat.enemies.specials import PROVOKED, SPECIALS, settle, weapon_struck
from expedition.rules.combat.enemy_phase import enemy_turns
from expedition.rules.combat.fighter_turn import Recover
from expedition.rules.combat.holds import holds_on
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, resolve
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.lasting import has_lasting
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.magic.spells.spellcasting import CastSpell
from tests.rules.magic_helpers import WORLD, fight, make_state, run

ENEMIES = sorted(WORLD.catalog.enemies)


def _decline(decision: Decision) -> str:
    return "decline" if decision.kind == "defend" else decision.default


def enemies(state: CampaignState, faces: list[int]) -> Context:
    """Run the enemy phase with scripted dice; every adventurer declines to defend (a plain hit, no dice)."""
    ctx = Context(ScriptedDice(faces), world=WORLD)
    resolve(enemy_turns(ctx, state), _decline)
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return ctx


def settled(state: CampaignState, faces: list[int]) -> Context:
    ctx = Context(ScriptedDice(faces), world=WORLD)
    resolve(settle(ctx, state), _decline)
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return ctx


def acts(ctx: Context, uid: str = "foe1") -> list[str]:
    return [e.action for e in ctx.events if isinstance(e, EnemyActed) and e.foe == uid]


def wounds(member: Character) -> int:
    return sum(a.wounds for a in member.attrs.values())


def setup(*keys: str, at: tuple[int, int] = (2, 2)) -> tuple[CampaignState, list[Foe]]:
    state = make_state()
    foes = fight(state, *keys)
    foes[0].pos = at
    return state, foes


def hurt(
    state: CampaignState,
    foe: Foe,
    raw: int,
    faces: list[int],
    *,
    pierce: bool = False,
    unreducible: bool = False,
) -> Context:
    ctx = Context(ScriptedDice(faces), world=WORLD)
    assert state.expedition is not None and state.expedition.combat is not None
    combat = state.expedition.combat
    wound_foe(ctx, state, combat, foe, raw, by="wiz", pierce=pierce, unreducible=unreducible)
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return ctx


# --- coverage -------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ENEMIES)
@pytest.mark.parametrize("at", [(2, 2), (4, 3)])
def test_every_enemy_takes_a_turn_in_a_fight_without_error(key: str, at: tuple[int, int]) -> None:
    """§10.2.5, HOUSE §3.3: each of the content's enemies acts for two rounds, adjacent or at a distance."""
    state, _ = setup(key, at=at)
    did: list[str] = []
    for seed in range(2):
        ctx = Context(SeededDice(seed), world=WORLD)
        resolve(enemy_turns(ctx, state), lambda d: d.default)
        resolve(settle(ctx, state), lambda d: d.default)
        did += acts(ctx)
    asleep = key == "red_weaver" and at != (2, 2)  # unprovoked, it sleeps on (§12.1)
    assert bool(did) != asleep


@pytest.mark.parametrize("key", ENEMIES)
def test_every_special_in_the_content_has_a_handler_that_the_stat_block_supports(key: str) -> None:
    """§12: no special is silently ignored; stat-backed ones carry the flag the engine reads."""
    defn = WORLD.catalog.enemies[key]
    for special in defn.specials:
        rule = SPECIALS.get(special_key(special.name))
        assert rule is not None, f"{key}: {special.name} has no handler"
        assert rule.holds(defn), f"{key}: {special.name} needs {rule.where}"


# --- holds seen through whole enemy turns (holds.py, hold_actions.py have their own files) ----------


def test_a_hooked_victim_bleeds_a_wound_as_the_sack_man_starts_each_turn_until_it_is_stunned() -> None:
    """§12.2, HOUSE §6.2: the Hook pole reaches diagonals; 1 wound a holder turn; stunned, it lets go."""
    state, foes = setup("sack_man", at=(2, 3))
    wiz = state.character("wiz")
    ctx = enemies(state, [])
    assert acts(ctx)[0] == "hook_pole"
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:hooked"]
    before = wounds(wiz)
    enemies(state, [])
    assert wounds(wiz) == before + 1
    foes[0].tokens.stun = 1
    settled(state, [])
    assert holds_on(state, "wiz") == []


def test_a_leech_latches_on_makes_its_host_sleepy_and_bleeding_and_an_ally_pulls_it_off() -> None:
    """§12.4, HOUSE §6.2: an attached leech only drinks; an ally Close pulls it off with 1 action and STR."""
    state, _ = setup("giant_leech")
    wiz = state.character("wiz")
    enemies(state, [])
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:attached"]
    assert wiz.has(Affliction.SLEEPY) and wiz.has(Affliction.BLEEDING)
    ctx = enemies(state, [])
    assert acts(ctx) == []
    run(state, BreakFree(actor="cle", victim="wiz"), [6, 2])
    assert holds_on(state, "wiz") == []
    assert not wiz.has(Affliction.SLEEPY) and not wiz.has(Affliction.BLEEDING)


def test_the_void_whip_terrifies_and_binds_and_a_recover_shakes_it_off() -> None:
    """§12.1, HOUSE §6.2: Dreadful (Terrified) and bound; Recover frees a bound victim with no test."""
    state, _ = setup("void_demon")
    wiz = state.character("wiz")
    enemies(state, [])
    assert wiz.has(Affliction.TERRIFIED)
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:bound"]
    wiz.tokens.dodge = 1
    run(state, Recover(actor="wiz"), [])
    assert holds_on(state, "wiz") == []


# --- other specials -------------------------------------------------------------------------------------


def test_will_to_live_gives_the_bounty_hunter_a_shield_token_against_a_big_hit() -> None:
    """§12.6: an attack that would deal more than 2 wounds gives it 1 shield token."""
    state, foes = setup("bounty_hunter")
    hurt(state, foes[0], 3, [2, 2, 2])
    assert foes[0].tokens.shield == 1
    hurt(state, foes[0], 2, [2, 2, 2])
    assert foes[0].tokens.shield == 1


def test_toxic_spores_stun_everyone_close_when_the_matriarch_is_hit() -> None:
    """§12.2: each hit on her gives everyone Close (diagonals too) 1 stun token."""
    state, foes = setup("goblin_matriarch")
    hurt(state, foes[0], 1, [])
    assert state.character("wiz").tokens.stun == 1 and state.character("cle").tokens.stun == 1


def test_acid_pustules_spray_everyone_close_when_the_screamer_is_wounded() -> None:
    """§12.5: each time it takes wounds, everyone Close defends STR 1."""
    state, foes = setup("bloated_screamer")
    hurt(state, foes[0], 2, [], pierce=True)
    ctx = settled(state, [])
    sprayed = {e.defender for e in ctx.events if isinstance(e, Attacked) and e.attack == "Acid pustules"}
    assert sprayed == {"wiz", "cle"}
    assert wounds(state.character("wiz")) == 1


def test_a_bloated_plague_rat_bursts_on_everyone_close_and_may_plague_them() -> None:
    """§12.3 (house reading): 2 wounds with no test to everyone Close, then 2d! for Plagued."""
    state, foes = setup("bloated_plague_rat")
    hurt(state, foes[0], 9, [], pierce=True)
    assert foes[0].out
    settled(state, [1, 3, 3, 3])
    wiz, cle = state.character("wiz"), state.character("cle")
    assert wounds(wiz) == 2 and wounds(cle) == 2
    assert wiz.has(Affliction.PLAGUED) and not cle.has(Affliction.PLAGUED)


def test_spiderlings_flee_when_their_giant_spider_falls() -> None:
    """HOUSE §3.1: a brood breaks when its Giant Spider falls."""
    state, foes = setup("giant_spider", "spiderling")
    hurt(state, foes[0], 30, [], pierce=True, unreducible=True)
    assert foes[1].fleeing


def test_a_jumpy_giant_rat_leaps_next_to_the_most_wounded_when_hit() -> None:
    """§12.3: hit and still standing, it takes a free Move toward the most wounded adventurer."""
    state, foes = setup("giant_rat", at=(4, 3))
    state.character("cle")[Attr.STR].wounds = 1
    ctx = hurt(state, foes[0], 1, [2, 2])
    assert any(isinstance(e, CombatMoved) and e.who == "foe1" for e in ctx.events)
    assert foes[0].pos == (2, 1)  # next to the wounded cleric


def test_acid_blood_may_ruin_the_weapon_that_struck_the_giant_spider() -> None:
    """§12.6, HOUSE §6.6: each melee hit rolls 1d!; a trigger ruins the weapon."""
    state, foes = setup("giant_spider")
    wand = next(i for i in state.character("wiz").items if i.defn.key == "wand")
    ctx = Context(ScriptedDice([1]), world=WORLD)
    weapon_struck(ctx, state, foes[0], "wiz", wand.uid, melee=True)
    assert wand not in state.character("wiz").items
    weapon_struck(ctx, state, foes[0], "wiz", 999, melee=False)  # ranged: no roll


def test_a_red_weaver_sleeps_until_provoked_but_sickens_those_nearby() -> None:
    """§12.1: passive unless provoked; Nauseated Nearby; once hit it pulses everyone Close."""
    state, foes = setup("red_weaver", at=(4, 2))
    wiz = state.character("wiz")
    ctx = enemies(state, [])
    assert acts(ctx) == [] and wiz.has(Affliction.NAUSEATED)
    foes[0].pos = (2, 2)
    hurt(state, foes[0], 3, [], pierce=True)
    ctx = enemies(state, [])
    assert acts(ctx)[0] == "pulse"
    assert wiz[Attr.PRE].wounds == 1


# --- helpers the per-module enemy tests share; the weaver woken by magic ---------------------------


def _combat(state: CampaignState) -> CombatState:
    assert state.expedition is not None and state.expedition.combat is not None
    return state.expedition.combat


def _script(
    state: CampaignState, foe: Foe, target: str, actions: int, used: set[str]
) -> tuple[Context, int | None]:
    ctx = Context(ScriptedDice([]), world=WORLD)
    spent = resolve(act(ctx, state, _combat(state), foe, state.character(target), actions, used), _decline)
    return ctx, spent


def test_a_spell_cast_nearby_wakes_the_sleeping_red_weaver() -> None:
    """§12.1, HOUSE §3.3 Red Weaver: a spell cast Nearby provokes it (spellcasting.cast_spell)."""
    state, foes = setup("red_weaver", at=(6, 2))
    ctx = enemies(state, [])
    assert acts(ctx) == []
    wiz = state.character("wiz")
    wiz.magic.known_spells = wiz.magic.memorised_spells = ["light"]
    run(state, CastSpell(actor="wiz", spell="light"), [5, 5])
    assert has_lasting(state, foes[0].uid, PROVOKED)
