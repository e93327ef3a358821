"""Tests for combat/enemies/guard_habits.py: Hunter, Boggart, Ectoplasmic Worm, the sack (HOUSE §3.3)."""

from __future__ import annotations

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.combat.break_free import BreakFree
from expedition.rules.combat.combat_events import CombatMoved
from expedition.rules.combat.enemies.guard_habits import bag
from expedition.rules.combat.enemies.specials import restricted
from expedition.rules.combat.enemies.targeting import preferred
from expedition.rules.combat.holds import holds_on
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.distance import chebyshev
from tests.rules.combat.enemies.test_specials import _combat, _script, acts, enemies, settled, setup
from tests.rules.magic_helpers import WORLD, run


def test_a_sack_man_with_one_action_left_waits_rather_than_strike_the_downed() -> None:
    """HOUSE §3.3 Sack Man, §3.1: bagging takes 2 actions; with 1 left it ends its turn (0)."""
    state, foes = setup("sack_man", at=(2, 2))
    state.character("wiz").status = Status.FAINTED
    ctx = Context(ScriptedDice([]), world=WORLD)
    assert bag(ctx, state, _combat(state), foes[0], 1, set()) == 0
    assert holds_on(state, "wiz") == [] and not foes[0].fleeing
    assert bag(ctx, state, _combat(state), foes[0], 2, set()) == 2 and foes[0].fleeing
    state.character("wiz").status = Status.ACTIVE
    assert bag(ctx, state, _combat(state), foes[0], 2, set()) is None  # it already carries its catch


def test_a_boggart_out_of_reach_ends_its_turn_behind_its_shield() -> None:
    """HOUSE §3.2 shield-bearer, §3.3 Boggart: not adjacent with 1 action left, Black shield."""
    state, foes = setup("boggart", at=(6, 3))
    ctx, spent = _script(state, foes[0], "wiz", 1, set())
    assert spent == 1 and acts(ctx) == ["black_shield"] and foes[0].tokens.shield == 1
    _, spent = _script(state, foes[0], "wiz", 2, set())
    assert spent is None  # with 2 actions it closes in by the plain AI


def test_the_hunter_and_the_worm_leave_a_plain_turn_to_the_archetype() -> None:
    """HOUSE §3.3: a Hunter with nobody adjacent shoots; a worm next to one adventurer just bites."""
    state, foes = setup("goblin_hunter", at=(5, 3))
    assert _script(state, foes[0], "wiz", 2, set())[1] is None
    state, foes = setup("ectoplasmic_worm", at=(2, 2))
    assert _script(state, foes[0], "wiz", 2, set())[1] is None


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
