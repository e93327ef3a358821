"""Enemies' own actions and passives (§10.2.5, §12, HOUSE §3.3, §6.2, §16 #26), holds, BreakFree, Parley."""

from __future__ import annotations

import pytest

from expedition.rules import handling
from expedition.rules.campaign import CampaignState
from expedition.rules.character import Attr, Character, Status
from expedition.rules.combat_actions import AttackFoe, CombatMove, Recover
from expedition.rules.combat_enemies import enemy_turns
from expedition.rules.combat_harm import morale_test, wound_foe
from expedition.rules.combat_state import Attacked, CombatMoved, CombatState, EnemyActed, Foe
from expedition.rules.conditions import Affliction
from expedition.rules.context import Context
from expedition.rules.decisions import Decision, resolve
from expedition.rules.dice import ScriptedDice, SeededDice
from expedition.rules.distance import chebyshev, manhattan
from expedition.rules.enemy_effects import PLAIN, RIDERS, strike
from expedition.rules.enemy_scripts import ACTIONS, act
from expedition.rules.enemy_specials import PROVOKED, SPECIALS, restricted, settle, special_key, weapon_struck
from expedition.rules.enemy_targets import preferred
from expedition.rules.errors import IllegalAction
from expedition.rules.hold_actions import BreakFree
from expedition.rules.holds import holds_on
from expedition.rules.lasting import PARTY, has_lasting
from expedition.rules.notation import parse_attack
from expedition.rules.parley import MATRIARCH_FAVOUR, Parley
from expedition.rules.places import TORSO
from expedition.rules.skills import Trait
from expedition.rules.spellcasting import CastSpell
from expedition.rules.turns import verify
from tests.rules.magic_helpers import WORLD, fight, give, make_state, run

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


@pytest.mark.parametrize("key", ENEMIES)
def test_every_action_in_the_content_is_an_attack_with_a_known_rider_or_a_scripted_action(key: str) -> None:
    """§12, HOUSE §3.3: every stat-block action is handled (a plain attack, a rider, or a script)."""
    for action in WORLD.catalog.enemies[key].actions:
        if action.attack is None:
            assert action.key in ACTIONS, f"{key}: {action.key}"
        else:
            known = f"{key}.{action.key}" in RIDERS or action.key in RIDERS or action.key in PLAIN
            assert known, f"{key}: {action.key}"


# --- holds and BreakFree ----------------------------------------------------------------------------


def test_the_crab_grabs_never_eats_in_the_same_turn_and_the_grabbed_cannot_move() -> None:
    """§12.4, HOUSE §6.2, §16 #26: Grab holds the victim; Eat waits for a later turn; no Move while held."""
    state, _ = setup("giant_crab")
    ctx = enemies(state, [])
    assert acts(ctx) == ["grab"]
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:grabbed"]
    with pytest.raises(IllegalAction, match="grabbed"):
        verify(state, CombatMove(actor="wiz", to=(1, 3)))


def test_break_free_is_a_str_test_that_ends_the_hold_on_a_success() -> None:
    """§16 #26: 1 action and a STR test; a success frees the victim, who may then move."""
    state, _ = setup("giant_crab")
    enemies(state, [])
    run(state, BreakFree(actor="wiz"), [5, 2])
    assert holds_on(state, "wiz") == []
    verify(state, CombatMove(actor="wiz", to=(1, 3)))


def test_a_victim_still_grabbed_at_the_end_of_its_turn_takes_a_wound() -> None:
    """§12.4, HOUSE §6.2: a failed STR test leaves the victim held; ending the turn held costs 1 wound."""
    from expedition.rules.combat_actions import EndTurn

    state, _ = setup("giant_crab")
    enemies(state, [])
    wiz = state.character("wiz")
    run(state, BreakFree(actor="wiz"), [2, 3])
    assert holds_on(state, "wiz") and wounds(wiz) == 0
    run(state, EndTurn(actor="wiz"), [])
    assert wounds(wiz) == 1


def test_the_crab_eats_its_victim_on_a_later_turn_and_bashes_an_attacker() -> None:
    """§12.4: Eat only the grabbed victim; Bash anyone who has hurt it while it holds someone."""
    state, foes = setup("giant_crab")
    enemies(state, [])
    assert state.expedition is not None and state.expedition.combat is not None
    combat = state.expedition.combat
    combat.round = 2
    combat.positions["cle"] = (2, 1)
    foes[0].hurt_by["cle"] = 1
    ctx = enemies(state, [])
    assert acts(ctx) == ["bash", "eat"]
    assert combat.positions["cle"] != (2, 1)  # knocked aside


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


def test_a_rotworm_attaches_on_a_critical_bites_each_host_turn_and_comes_off_with_no_test() -> None:
    """§12.3, HOUSE §6.2: Infest attaches a worm on a critical; 1 wound as the host's turn starts."""
    state, foes = setup("rotworm_swarm")
    assert state.expedition is not None and state.expedition.combat is not None
    wiz = state.character("wiz")
    action = foes[0].defn.action("infest")
    ctx = Context(ScriptedDice([1, 2]), world=WORLD)
    resolve(strike(ctx, state, state.expedition.combat, foes[0], action, wiz), lambda d: d.default)
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:attached"]
    before = wounds(wiz)
    run(state, BreakFree(actor="wiz"), [])
    assert wounds(wiz) == before + 1
    assert holds_on(state, "wiz") == []


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


def test_a_head_spider_lunges_attaches_bites_its_host_and_falls_off_when_hit() -> None:
    """§12.5, HOUSE §6.2: Lunge (3 tiles) attaches; then it bites its host; any hit knocks it off."""
    state, foes = setup("head_spider", at=(4, 2))
    ctx = enemies(state, [6])  # the bite's 1d! for Plagued shows a 6
    assert acts(ctx) == ["move", "lunge", "infectious_bite"]
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:attached"]
    hurt(state, foes[0], 1, [])
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


def test_chew_armour_breaks_one_ap_of_the_worn_piece_whatever_the_armour_roll() -> None:
    """§12.2 (house reading): a hit also breaks 1 AP of the piece it struck."""
    state, foes = setup("bugbear")
    wiz = state.character("wiz")
    mail = give(wiz, "chainmail", 9)
    mail.place = TORSO
    assert state.expedition is not None and state.expedition.combat is not None
    ctx = Context(ScriptedDice([5, 5, 5, 5]), world=WORLD)
    action = foes[0].defn.action("chew_armour")
    resolve(strike(ctx, state, state.expedition.combat, foes[0], action, wiz), _decline)
    assert mail.working_ap() == 2


def test_bloodshot_goblin_regenerates_with_its_third_action_once_hurt_twice() -> None:
    """§12.2: three actions; the third heals 1 wound (and stops bleeding) once it has 2 wounds."""
    state, foes = setup("bloodshot_goblin")
    foes[0].wounds, foes[0].bleeding = 2, True
    ctx = enemies(state, [5])  # the bleeding roll
    assert acts(ctx) == ["serrated_teeth", "serrated_teeth", "unnatural_regeneration"]
    assert foes[0].wounds == 1 and not foes[0].bleeding


def test_a_starved_cadaver_feasts_on_a_corpse_and_becomes_an_unsatiable_dead() -> None:
    """§12.5: Feast (2 actions) heals every wound and turns it into an Unsatiable Dead."""
    state, foes = setup("starved_cadaver", "plagued_rat", at=(3, 2))
    foes[0].wounds = 3
    foes[1].pos, foes[1].out = (4, 2), True
    ctx = enemies(state, [])
    assert acts(ctx) == ["feast"]
    assert foes[0].key == "unsatiable_dead" and foes[0].wounds == 0


def test_a_vault_weaver_consumes_a_corpse_and_its_wave_stuns_everyone_nearby() -> None:
    """§12.1: it becomes a Red Weaver keeping its wounds; every adventurer Nearby takes 1 stun token."""
    state, foes = setup("vault_weaver", "plagued_rat", at=(4, 2))
    foes[0].wounds = 2
    foes[1].pos, foes[1].out = (5, 2), True
    enemies(state, [])
    assert foes[0].key == "red_weaver" and foes[0].wounds == 2
    assert state.character("wiz").tokens.stun == 1


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


def test_the_sniper_aims_shoots_then_spends_a_turn_reloading() -> None:
    """§12.2: Take aim, then the crossbow (defended at disadvantage); reloading takes 2 actions."""
    state, _ = setup("boggart_sniper", at=(4, 2))
    assert acts(enemies(state, [])) == ["take_aim", "black_crossbow"]
    assert acts(enemies(state, [])) == ["reload"]


def test_the_rotting_sailor_sings_only_every_other_turn() -> None:
    """§12.5, HOUSE §3.3: 1 non-lethal PRE wound to everyone, at most once every other turn."""
    state, _ = setup("rotting_sailor", at=(4, 3))
    assert state.expedition is not None and state.expedition.combat is not None
    assert acts(enemies(state, [])) == ["cursed_sea_shanty"]
    assert state.character("cle")[Attr.PRE].wounds == 1
    state.expedition.combat.round = 2
    assert "cursed_sea_shanty" not in acts(enemies(state, []))


def test_a_reanimated_husk_spends_two_actions_on_each_move() -> None:
    """§12.5: Crawler: each Move costs it 2 actions."""
    state, _ = setup("reanimated_husk", at=(4, 3))
    assert acts(enemies(state, [])) == ["move"]


# --- parley -------------------------------------------------------------------------------------------


def test_spiderlings_bought_off_with_a_ration_leave_as_a_brood() -> None:
    """HOUSE §3.3 (house procedure): a PRE test; on a success the ration is given and the brood leaves."""
    state, foes = setup("spiderling", "spiderling", "reanimated_husk", at=(3, 2))
    ration = give(state.character("wiz"), "ration", 8)
    run(state, Parley(actor="wiz", target="foe1", offer=ration.uid), [5, 2])
    assert foes[0].fled and foes[1].fled and not foes[2].fled
    assert ration not in state.character("wiz").items


def test_a_failed_parley_keeps_the_offer_and_changes_nothing() -> None:
    """HOUSE §3.3: a failed PRE test: the foe stays and the ration is kept."""
    state, foes = setup("spiderling", "reanimated_husk", at=(3, 2))
    ration = give(state.character("wiz"), "ration", 8)
    run(state, Parley(actor="wiz", target="foe1", offer=ration.uid), [2, 3])
    assert not foes[0].fled and ration in state.character("wiz").items


def test_parley_is_refused_with_the_mindless_and_without_the_price() -> None:
    """HOUSE §3.2, §3.3: shamblers never parley; a foe with a price wants it."""
    state, _ = setup("spiderling", "reanimated_husk", at=(3, 2))
    with pytest.raises(IllegalAction, match="will not talk"):
        verify(state, Parley(actor="wiz", target="foe2"))
    with pytest.raises(IllegalAction, match="ration"):
        verify(state, Parley(actor="wiz", target="foe1"))


def test_letting_the_matriarch_go_favours_later_goblin_parleys() -> None:
    """HOUSE §3.3: the Matriarch let go leaves, and goblin parleys have advantage for the expedition."""
    state, foes = setup("goblin_matriarch", "reanimated_husk", at=(3, 2))
    run(state, Parley(actor="wiz", target="foe1"), [6, 2])
    assert foes[0].fled and has_lasting(state, PARTY, MATRIARCH_FAVOUR)


def test_the_combat_options_offer_break_free_and_parley() -> None:
    """§16 #26, HOUSE §3.3: the action bar lists a hold to break and a foe to talk to."""
    from expedition.rules.combat_options import combat_options

    state, _ = setup("giant_crab", "spiderling")
    enemies(state, [])
    give(state.character("wiz"), "ration", 8)
    options = {o.label: o for o in combat_options(state, "wiz")}
    assert options["Break free of the Giant Crab (grabbed)"].enabled
    parley = options["Parley with the Spiderling, offering the Ration"]
    assert parley.cost == 2 and parley.action == Parley(actor="wiz", target="foe2", offer=8)


def test_the_hobgoblin_raises_its_cracked_shield_once_after_its_first_wound() -> None:
    """§12.2, HOUSE §3.3: +2 shield tokens once a fight, on the turn after it is first hurt."""
    state, foes = setup("hobgoblin")
    for member in state.party:
        for attr in Attr:
            member[attr].score = 5  # tough enough to take three turns of blows
    assert "cracked_shield" not in acts(enemies(state, []))
    foes[0].wounds = 1
    assert acts(enemies(state, []))[0] == "cracked_shield"
    assert foes[0].tokens.shield == 2
    assert "cracked_shield" not in acts(enemies(state, []))


def test_agony_strikes_every_living_creature_nearby_enemies_included() -> None:
    """§12.5: the Screamer's Agony hits the adventurers Nearby and its living allies too."""
    state, foes = setup("bloated_screamer", "plagued_rat", at=(4, 3))
    foes[1].pos = (6, 3)
    ctx = enemies(state, [6])  # the wounded rat's flee test
    assert acts(ctx)[:2] == ["agony", "agony"]
    assert foes[1].wounds == 2


def test_the_maneater_rams_along_a_line_shoving_whoever_is_in_the_way() -> None:
    """§12.4, HOUSE §3.3: Ram charges 3 tiles in a straight line; a shoved adventurer moves on."""
    state, foes = setup("golden_ridge_maneater", at=(4, 1))
    assert state.expedition is not None and state.expedition.combat is not None
    ctx = enemies(state, [])
    assert acts(ctx)[0] == "ram"
    assert foes[0].pos == (2, 1)


# --- targeting, bagging, Mother!, attached riders, the weaver woken by magic --------------------------


def _combat(state: CampaignState) -> CombatState:
    assert state.expedition is not None and state.expedition.combat is not None
    return state.expedition.combat


def _script(
    state: CampaignState, foe: Foe, target: str, actions: int, used: set[str]
) -> tuple[Context, int | None]:
    ctx = Context(ScriptedDice([]), world=WORLD)
    spent = resolve(act(ctx, state, _combat(state), foe, state.character(target), actions, used), _decline)
    return ctx, spent


def test_a_lesser_demon_goes_for_a_caster_then_a_light_bearer_before_the_nearer_adventurer() -> None:
    """HOUSE §3.3 Lesser Demon: casters (magic-user, divine mandate) first, then the light-bearer."""
    state, foes = setup("lesser_demon", at=(2, 1))  # next to the cleric, two tiles from the wizard
    wiz, cle = state.character("wiz"), state.character("cle")
    cle.traits.discard(Trait.DIVINE_MANDATE)
    assert preferred(state, _combat(state), foes[0], [wiz, cle]) == [wiz]
    wiz.traits.discard(Trait.MAGIC_USER)
    give(cle, "torch", 30).lit = True
    assert preferred(state, _combat(state), foes[0], [wiz, cle]) == [cle]


def test_a_swarm_of_insects_shuns_the_adventurer_holding_a_lit_light() -> None:
    """HOUSE §3.3 Swarm of Insects: it prefers adventurers without a lit light; with no choice, anyone."""
    state, foes = setup("swarm_of_insects", at=(2, 2))
    wiz, cle = state.character("wiz"), state.character("cle")
    give(wiz, "torch", 30).lit = True
    assert preferred(state, _combat(state), foes[0], [wiz, cle]) == [cle]
    assert preferred(state, _combat(state), foes[0], [wiz]) == [wiz]


def test_a_boggart_goes_for_whoever_stands_next_to_the_goblin_it_guards() -> None:
    """HOUSE §3.3 Boggart, Bodyguard: an adventurer next to a Hunter becomes its target."""
    state, foes = setup("boggart", "goblin_hunter", at=(2, 1))  # the boggart is next to the cleric
    foes[1].pos = (2, 2)  # the hunter is next to the wizard
    wiz, cle = state.character("wiz"), state.character("cle")
    assert preferred(state, _combat(state), foes[0], [wiz, cle]) == [wiz]


def test_a_boggart_after_its_blade_raises_its_shield_and_steps_between_target_and_ward() -> None:
    """HOUSE §3.3 Boggart: Black shield, using its 1-tile step to stand nearer the goblin it guards."""
    state, foes = setup("boggart", "goblin_hunter", at=(3, 3))
    combat = _combat(state)
    combat.positions["wiz"] = (3, 2)
    foes[1].pos = (5, 2)
    ctx, spent = _script(state, foes[0], "wiz", 1, {"serrated_blade"})
    assert spent == 1 and acts(ctx) == ["black_shield", "move"]
    assert foes[0].pos == (4, 3) and foes[0].tokens.shield == 1


def test_the_goblin_hunter_knifes_only_someone_another_goblin_is_next_to_else_steps_back() -> None:
    """HOUSE §3.3 Goblin Hunter, §3.2 Shooter: Knife in the gut only when flanked; else step away to shoot."""
    state, foes = setup("goblin_hunter", "goblin_scrapper", at=(2, 2))
    foes[1].pos = (4, 3)  # the scrapper is next to nobody
    assert restricted(foes[0], "knife_in_the_gut") and not restricted(foes[1], "knife_in_the_gut")
    ctx, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent == 1 and acts(ctx) == ["move"] and foes[0].pos != (2, 2)
    state, foes = setup("goblin_hunter", "goblin_scrapper", at=(2, 2))
    foes[1].pos = (1, 3)  # now the scrapper flanks the wizard too
    ctx, spent = _script(state, foes[0], "wiz", 2, set())
    assert acts(ctx) == ["knife_in_the_gut"]


def test_an_ectoplasmic_worm_next_to_two_slips_through_a_wall_to_a_lone_adventurer() -> None:
    """HOUSE §3.3 Ectoplasmic Worm, §3.2 Ghost: through walls (combat_map.routes) toward the isolated one."""
    state, foes = setup("ectoplasmic_worm", at=(4, 2))
    assert state.expedition is not None
    level = state.expedition.level
    level.tiles = ["##########", "#....+#..#", "#.....#..#", "#.....#..#", "##########"]
    ftr = Character("ftr", "Ftr", owner="ann")
    for attr in Attr:
        ftr[attr].score = 2
    state.party.append(ftr)
    combat = _combat(state)
    combat.positions.update({"wiz": (3, 2), "cle": (4, 1), "ftr": (8, 2)})
    ctx, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent == 1 and foes[0].pos == (7, 2)
    moved = [e for e in ctx.events if isinstance(e, CombatMoved)]
    assert (6, 2) in moved[0].path  # it passed through the wall
    assert preferred(state, combat, foes[0], [state.character("wiz"), ftr]) == [ftr]  # its quarry this round


def test_the_sack_man_bags_a_downed_adventurer_runs_and_drops_them_when_stunned() -> None:
    """HOUSE §3.3 Sack Man, §3.1, §6.2: the downed go into the sack (2 actions); stunned, it drops them."""
    state, foes = setup("sack_man", at=(2, 2))
    wiz = state.character("wiz")
    wiz.status = Status.FAINTED
    _combat(state).positions["cle"] = (1, 1)
    ctx = enemies(state, [])
    assert acts(ctx)[:1] == ["bag"] and foes[0].fleeing
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:bagged"]
    settled(state, [])  # the sack goes along with it
    assert holds_on(state, "wiz") != []
    assert chebyshev(_combat(state).positions["wiz"], foes[0].pos) <= 1
    foes[0].tokens.stun = 1
    settled(state, [])
    assert holds_on(state, "wiz") == []


def test_an_ally_cuts_the_sack_open_and_a_sack_man_that_gets_away_leaves_the_victim_at_its_lair() -> None:
    """HOUSE §3.3 Sack Man (house): an ally Close cuts the sack (1 action, no test); fled, it drops them."""
    state, foes = setup("sack_man", at=(2, 2))
    wiz = state.character("wiz")
    wiz.status = Status.FAINTED
    enemies(state, [])
    combat = _combat(state)
    combat.positions["cle"] = next(
        p for p in ((combat.positions["wiz"][0] + dx, combat.positions["wiz"][1] + dy)
                    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0))) if p not in combat.occupied()
    )  # fmt: skip
    run(state, BreakFree(actor="cle", victim="wiz"), [])
    assert holds_on(state, "wiz") == []
    state, foes = setup("sack_man", at=(2, 2))
    state.character("wiz").status = Status.FAINTED
    enemies(state, [])
    foes[0].pos, foes[0].fled = (8, 3), True
    settled(state, [])
    assert holds_on(state, "wiz") == [] and _combat(state).positions["wiz"] == (8, 3)


def test_while_the_matriarch_stands_goblins_skip_flee_tests_and_go_for_whoever_hurt_her() -> None:
    """HOUSE §3.3 Goblin Matriarch, "Mother!": no flee test for goblins; they target whoever hurt her most."""
    state, foes = setup("goblin_scrapper", "goblin_matriarch", at=(2, 2))
    combat = _combat(state)
    foes[1].hurt_by["cle"] = 1
    wiz, cle = state.character("wiz"), state.character("cle")
    assert preferred(state, combat, foes[0], [wiz, cle]) == [cle]
    ctx = Context(ScriptedDice([]), world=WORLD)
    assert not morale_test(ctx, foes[0], dice=1, reason="hurt", combat=combat)
    foes[1].out = True
    assert preferred(state, combat, foes[0], [wiz, cle]) == [wiz, cle]
    ctx = Context(ScriptedDice([1]), world=WORLD)
    assert morale_test(ctx, foes[0], dice=1, reason="hurt", combat=combat) and foes[0].fleeing


def test_a_critical_failure_against_an_attached_leech_hits_its_host_for_base_damage() -> None:
    """HOUSE §6.2, §10.2.2: a critically failed attack on an attached creature strikes the host for BASE."""
    state, foes = setup("giant_leech")
    enemies(state, [])
    wiz, cle = state.character("wiz"), state.character("cle")
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:attached"]
    handling.wield(Context(ScriptedDice([])), cle, give(cle, "short_sword", 10), "right_hand")
    combat = _combat(state)
    combat.positions["cle"] = next(p for p in ((2, 1), (2, 3), (3, 1)) if manhattan(p, foes[0].pos) == 1)
    before = wounds(wiz)
    base = WORLD.items["short_sword"].attack
    assert base is not None
    run(state, AttackFoe(actor="cle", target="foe1", weapon_uid=10), [1, 2])
    assert wounds(wiz) == before + parse_attack(base).base
    assert foes[0].wounds == 0


def test_a_spell_cast_nearby_wakes_the_sleeping_red_weaver() -> None:
    """§12.1, HOUSE §3.3 Red Weaver: a spell cast Nearby provokes it (spellcasting.cast_spell)."""
    state, foes = setup("red_weaver", at=(6, 2))
    ctx = enemies(state, [])
    assert acts(ctx) == []
    wiz = state.character("wiz")
    wiz.magic.known_spells = wiz.magic.memorised_spells = ["light"]
    run(state, CastSpell(actor="wiz", spell="light"), [5, 5])
    assert has_lasting(state, foes[0].uid, PROVOKED)
