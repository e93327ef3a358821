"""Tests for rules/combat/enemies/wild_habits.py: shore, scavengers, undead, spiders, hunters (HOUSE §3.3)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.combat.enemies.habits import act
from expedition.rules.combat.holds import holds_on
from expedition.rules.combat.moving_and_fleeing import CombatMove
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.exploration.dungeon_map import Level
from tests.rules.combat.enemies.test_specials import _combat, _decline, _script, acts, enemies, hurt, setup
from tests.rules.magic_helpers import WORLD, give


def test_a_frog_spits_at_the_fresh_and_tongues_the_farthest_armed_from_afar() -> None:
    """§12.4, HOUSE §3.3 Giant Frog: Toxic spit on the fresh; Sticky Tongue from afar."""
    state, foes = setup("giant_frog", at=(2, 2))
    ctx, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent == 1 and acts(ctx) == ["toxic_spit"]
    state.character("wiz").afflictions.add(Affliction.NAUSEATED)
    assert _script(state, foes[0], "wiz", 2, set())[1] is None  # then Tongue Whip, by the plain AI
    foes[0].pos = (6, 2)
    torch = give(state.character("cle"), "torch", 30)
    torch.lit = True
    ctx = Context(ScriptedDice([1, 3]), world=WORLD)  # the 2d! for the disarm triggers
    spent = resolve(act(ctx, state, _combat(state), foes[0], state.character("wiz"), 2, set()), _decline)
    assert spent == 1 and acts(ctx) == ["sticky_tongue"] and torch not in state.character("cle").items


def test_a_giant_spider_bolas_a_caster_in_round_one() -> None:
    """§12.6, HOUSE §3.3 Giant Spider: round 1, Silken bola on a caster (a stun token on a hit)."""
    state, foes = setup("giant_spider", at=(4, 2))
    ctx, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent == 1 and acts(ctx) == ["silken_bola"]
    assert state.character("wiz").tokens.stun + state.character("cle").tokens.stun == 1
    _combat(state).round = 2
    assert _script(state, foes[0], "wiz", 2, set())[1] is None


def test_a_bold_bounty_hunter_raises_its_wooden_shield_when_two_can_reach_it() -> None:
    """§12.6, HOUSE §3.3 Bounty Hunter: Wooden shield (+2 tokens) when 2+ are near."""
    state, foes = setup("bounty_hunter", at=(3, 2))
    ctx, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent == 1 and acts(ctx) == ["wooden_shield"] and foes[0].tokens.shield == 2
    _combat(state).positions["cle"] = (1, 1)
    foes[0].pos = (6, 3)
    _combat(state).positions["wiz"] = (1, 3)
    assert _script(state, foes[0], "wiz", 2, {"wooden_shield"})[1] is None


def test_a_freshly_risen_corpse_lunges_from_afar() -> None:
    """§12.5, HOUSE §3.3: with the target Nearby but not adjacent, Lunge: move Close and attack."""
    state, foes = setup("freshly_risen_corpse", at=(5, 2))
    ctx, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent == 1 and acts(ctx) == ["move", "lunge"] and foes[0].pos == (2, 2)


def test_a_husk_with_one_action_left_cannot_crawl() -> None:
    """§12.5: moving costs the Husk 2 actions; with 1 left it ends its turn."""
    state, foes = setup("reanimated_husk", at=(5, 2))
    assert _script(state, foes[0], "wiz", 1, set())[1] == 0 and foes[0].pos == (5, 2)


def test_a_husk_that_cannot_crawl_bites_a_downed_adventurer_beside_it() -> None:
    """§12.5, HOUSE §3.1: it cannot get at the standing, so it attacks the downed one within its bite.

    Before, a Husk that could not crawl closer ended its turn, and beside a fallen adventurer in a
    corridor it waited for ever (the bots met a 40-round stand-off).
    """
    state, foes = setup("reanimated_husk", at=(5, 2))
    _combat(state).positions["cle"] = (4, 2)
    state.character("cle").status = Status.FAINTED
    assert _script(state, foes[0], "wiz", 1, set())[1] is None  # the plain attack takes over: a bite
    state.character("cle").status = Status.ACTIVE  # standing, and not its target: it still waits
    assert _script(state, foes[0], "wiz", 1, set())[1] == 0


def test_a_husk_barred_by_a_body_crawls_to_the_downed_one_to_bite_them_next() -> None:
    """HOUSE §3.1 (house reading): its way to the standing is barred by a fallen adventurer in a doorway.

    The step into the doorway gains nothing on the standing one beside the body, so before it never
    took it and waited for ever (the bots' seed 7, a 40-round fight); now it crawls to the body.
    """
    state, foes = setup("reanimated_husk", at=(6, 1))
    level = _combat_level(state)
    level.tiles = ["##########", "#........#", "#####.####", "#........#", "##########"]
    level.doors.clear()
    _combat(state).positions.update(wiz=(6, 3), cle=(5, 3))  # Cle fallen in the doorway's mouth
    state.character("cle").status = Status.FAINTED
    assert _script(state, foes[0], "wiz", 1, set())[1] == 0 and foes[0].pos == (6, 1)  # crawling takes 2
    assert _script(state, foes[0], "wiz", 2, set())[1] == 2 and foes[0].pos == (5, 2)
    assert _script(state, foes[0], "wiz", 2, set())[1] is None  # beside the body: the plain attack bites


def _combat_level(state: CampaignState) -> Level:
    assert state.expedition is not None
    return state.expedition.level


def test_the_crab_grabs_never_eats_in_the_same_turn_and_the_grabbed_cannot_move() -> None:
    """§12.4, HOUSE §6.2, §16 #26: Grab holds the victim; Eat waits for a later turn; no Move while held."""
    state, _ = setup("giant_crab")
    ctx = enemies(state, [])
    assert acts(ctx) == ["grab"]
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:grabbed"]
    with pytest.raises(IllegalAction, match="grabbed"):
        verify(state, CombatMove(actor="wiz", to=(1, 3)))


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


def test_a_head_spider_lunges_attaches_bites_its_host_and_falls_off_when_hit() -> None:
    """§12.5, HOUSE §6.2: Lunge (3 tiles) attaches; then it bites its host; any hit knocks it off."""
    state, foes = setup("head_spider", at=(4, 2))
    ctx = enemies(state, [6])  # the bite's 1d! for Plagued shows a 6
    assert acts(ctx) == ["move", "lunge", "infectious_bite"]
    assert [e.key for e in holds_on(state, "wiz")] == ["hold:attached"]
    hurt(state, foes[0], 1, [])
    assert holds_on(state, "wiz") == []


def test_a_starved_cadaver_feasts_on_a_corpse_and_becomes_an_unsatiable_dead() -> None:
    """§12.5: Feast (2 actions) heals every wound and turns it into an Unsatiable Dead."""
    state, foes = setup("starved_cadaver", "plagued_rat", at=(3, 2))
    foes[0].wounds = 3
    foes[1].pos, foes[1].out = (4, 2), True
    ctx = enemies(state, [])
    assert acts(ctx) == ["feast"]
    assert foes[0].key == "unsatiable_dead" and foes[0].wounds == 0


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
