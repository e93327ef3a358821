"""Tests for the dead vigil (§10.1, HOUSE §1.7): bodies from fights and deaths, the count, the rising."""

from __future__ import annotations

from expedition.persistence.state import body_to_state, state_to_body
from expedition.rules.character.mortal_wounds import die
from expedition.rules.combat.combat_events import Attacked, CombatOutcome
from expedition.rules.combat.combat_harm import wound_foe
from expedition.rules.combat.combat_state import CombatState, clear_fallen
from expedition.rules.combat.fight_setup import ASLEEP, fight_here
from expedition.rules.combat.rounds import end_combat
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice, SeededDice
from expedition.rules.core.lasting import Span, add_lasting
from expedition.rules.core.phase import Phase
from expedition.rules.engine.campaign import CampaignState, retire_the_fallen
from expedition.rules.engine.dispatch import apply
from expedition.rules.exploration.dead_vigil import (
    ADVENTURER,
    EATEN,
    FRESH,
    HUSK,
    RISEN,
    CorpseLeft,
    CorpseRose,
    count_days,
    expedition_over,
    lay_the_bodies,
    vigil_dice,
)
from expedition.rules.exploration.dungeon_map import Dungeon, Level
from expedition.rules.exploration.expedition import start_expedition
from expedition.rules.exploration.features import Corpse
from expedition.rules.exploration.leaving_the_dungeon import ExitDungeon
from expedition.rules.interlude.day_and_night import begin_day
from tests.rules.magic_helpers import WORLD, dungeon, fight, make_state


def _ctx(*faces: int) -> Context:
    return Context(ScriptedDice(list(faces)), world=WORLD)


def _seeded(seed: int = 7) -> Context:
    """Seeded dice (the campaign's own seed, as `apply` stores their state)."""
    return Context(SeededDice(seed), world=WORLD)


def _combat(state: CampaignState) -> CombatState:
    assert state.expedition is not None and state.expedition.combat is not None
    return state.expedition.combat


def _level(state: CampaignState) -> Level:
    assert state.expedition is not None
    return state.expedition.level


def _level_of(kept: Dungeon | None) -> Level:
    assert kept is not None
    return kept.level(1)


def _attacked(uid: str, *, critical: bool) -> Attacked:
    """The report of the wizard's hit on `uid`, as an attack makes it before the wounds (§10.2.2)."""
    outcome = "great_success" if critical else "success"
    return Attacked(
        rule="§10.2.2",
        attacker="wiz",
        defender=uid,
        attack="wand",
        outcome=outcome,
        hit=True,
        critical=critical,
        damage=1,
    )


def _fell(state: CampaignState, uid: str, *, critical: bool = False, over: int = 0) -> Context:
    """Knock foe `uid` out with a piercing, unreducible hit of exactly enough wounds plus `over`."""
    combat = _combat(state)
    foe = combat.foe(uid)
    ctx = _seeded()
    ctx.emit(_attacked(uid, critical=critical))
    wound_foe(ctx, state, combat, foe, foe.defn.wounds + 1 + over, by="wiz", pierce=True, unreducible=True)
    assert foe.out
    return ctx


def _exit(state: CampaignState, ctx: Context) -> None:
    """Leave the dungeon by its way out (§10.1)."""
    assert state.expedition is not None
    state.expedition.position = (1, 3)
    resolve_default(apply(ctx, state, ExitDungeon()))


def test_who_leaves_a_body_that_may_rise_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: humans always, goblins 3d!, beasts 1d!; undead, ghosts, voidspawn, swarms never."""
    dice = {key: vigil_dice(WORLD.catalog.enemies[key]) for key in WORLD.catalog.enemies}
    assert dice["bounty_hunter"] == 0 and dice["goblin_scrapper"] == 3 and dice["giant_rat"] == 1
    assert dice["reanimated_husk"] is None and dice["shadow"] is None and dice["vault_weaver"] is None
    assert dice["swarm_of_insects"] is None and dice["rat_king"] == 1


def test_a_human_foe_leaves_a_corpse_when_the_fight_ends_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: a felled human's body lies on its tile once the fight is over, to rise fresh."""
    state = make_state()
    (hunter,) = fight(state, "bounty_hunter")
    _fell(state, "foe1")
    assert _level(state).corpses == []  # the body waits with the fight until it ends
    ctx = _seeded()
    resolve_default(end_combat(ctx, state, _combat(state), CombatOutcome.VICTORY))
    (body,) = _level(state).corpses
    assert (body.pos, body.kind, body.rises_as, body.vigil_dice) == (hunter.pos, "bounty_hunter", FRESH, 0)
    left = [e for e in ctx.events if isinstance(e, CorpseLeft)]
    assert [(e.at, e.kind, e.name) for e in left] == [(hunter.pos, "bounty_hunter", "Bounty Hunter")]


def test_a_critical_or_three_spare_wounds_make_a_husk_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: a critical killing blow, or 3+ wounds past the needed, raises a Reanimated Husk."""
    state = make_state()
    fight(state, "bounty_hunter", "bounty_hunter", "bounty_hunter", "bounty_hunter")
    _fell(state, "foe1", critical=True)
    _fell(state, "foe2", over=3)
    _fell(state, "foe3", over=2)
    ctx = _fell(state, "foe4")
    bodies = _combat(state).bodies
    assert [bodies[f"foe{i}"].rises_as for i in range(1, 5)] == [HUSK, HUSK, FRESH, FRESH]
    assert not [e for e in ctx.events if e.__class__.__name__ == "DiceRolled" and "vigil" in str(e)]


def test_a_critical_that_did_not_kill_does_not_count_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: only the killing blow counts: a later plain wound that kills rises fresh."""
    state = make_state()
    fight(state, "bounty_hunter")
    combat = _combat(state)
    foe = combat.foe("foe1")
    ctx = _seeded()
    ctx.emit(_attacked("foe1", critical=True))
    wound_foe(ctx, state, combat, foe, 2, by="wiz", pierce=True, unreducible=True)
    wound_foe(ctx, state, combat, foe, foe.defn.wounds, by="", pierce=True, unreducible=True)  # a blast
    assert foe.out and combat.bodies["foe1"].rises_as == FRESH


def test_undead_and_ghosts_leave_no_corpse_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: the already dead are put down for good, and ghosts have no body."""
    state = make_state()
    fight(state, "reanimated_husk", "shadow")
    _fell(state, "foe1")
    _fell(state, "foe2")
    ctx = _seeded()
    resolve_default(end_combat(ctx, state, _combat(state), CombatOutcome.VICTORY))
    assert _level(state).corpses == [] and not [e for e in ctx.events if isinstance(e, CorpseLeft)]


def test_an_eaten_or_burst_body_is_not_left_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: a weaver's meal or a burst body is gone before the fight ends."""
    state = make_state()
    fight(state, "bounty_hunter", "bounty_hunter", "bounty_hunter")
    for uid in ("foe1", "foe2", "foe3"):
        _fell(state, uid)
    ctx = _ctx()
    add_lasting(ctx, state, EATEN, "foe1", Span.FIGHT, rule="§12")
    add_lasting(ctx, state, "spell:explode_corpse", "foe2", Span.FIGHT, rule="§11.1")
    lay_the_bodies(ctx, state, _combat(state))
    assert [c.pos for c in _level(state).corpses] == [_combat(state).foe("foe3").pos]


def test_a_goblin_rises_only_on_a_triggered_3d_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: goblin bodies roll 3d! when the expedition ends; only a trigger gives a count."""
    state = make_state()
    fight(state, "goblin_scrapper", "goblin_scrapper", "giant_rat")
    for uid in ("foe1", "foe2", "foe3"):
        _fell(state, uid)
    lay_the_bodies(_ctx(), state, _combat(state))
    assert state.expedition is not None
    state.expedition.combat, state.phase = None, Phase.EXPLORATION
    # goblin 1: 2,3,4 (no 1); goblin 2: 5,1,6 then 2 weeks; the rat: 1d! shows 4.
    ctx = _ctx(2, 3, 4, 5, 1, 6, 2, 4)
    expedition_over(ctx, state)
    assert ctx.dice.remaining == 0  # type: ignore[attr-defined]
    first, second, rat = state.locations["tomb"].dead[1]
    assert (first.rises_as, first.rises_in_days) == ("", None)
    assert (second.rises_as, second.rises_in_days) == (FRESH, 14 - 1)  # the expedition's day counted
    assert (rat.rises_as, rat.rises_in_days) == ("", None)
    assert first.vigil_dice is second.vigil_dice is rat.vigil_dice is None


def test_an_adventurer_who_dies_leaves_a_body_that_always_rises_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: a dead adventurer's body lies on the party's tile, keeping who it was."""
    state = make_state()
    ctx = _ctx()
    die(ctx, state.character("cle"), cause="a fall", rule="§4.4")
    retire_the_fallen(ctx, state, {})
    (body,) = _level(state).corpses
    assert (body.kind, body.who, body.name, body.rises_as, body.vigil_dice) == (
        ADVENTURER,
        "cle",
        "Cle",
        FRESH,
        0,
    )
    assert state.expedition is not None and body.pos == state.expedition.position
    assert [e.name for e in ctx.events if isinstance(e, CorpseLeft)] == ["Cle"]


def test_an_adventurer_killed_in_a_fight_lies_where_they_fell_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: the body leaves the fight's map but stays on its tile, once."""
    state = make_state()
    fight(state, "bounty_hunter")
    ctx = _ctx()
    die(ctx, state.character("cle"), cause="a blade", rule="§4.4")
    combat = _combat(state)
    clear_fallen(state, combat)
    assert "cle" not in combat.positions and combat.bodies["cle"].pos == (1, 1)
    retire_the_fallen(ctx, state, {})
    lay_the_bodies(ctx, state, combat)
    assert [(c.who, c.pos) for c in _level(state).corpses] == [("cle", (1, 1))]


def test_the_count_goes_down_per_expedition_and_interlude_day_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: an expedition is one day, so is each interlude day; the warded never count."""
    state = make_state()
    level = _level(state)
    counting = Corpse((3, 2), "human", rises_in_days=14, rises_as=FRESH)
    warded = Corpse((4, 2), "human", rises_in_days=3, rises_as=FRESH, warded=True)
    level.corpses += [counting, warded]
    _exit(state, _seeded())
    assert state.expedition is None and counting.rises_in_days == 13 and warded.rises_in_days == 3
    assert state.interlude is not None
    resolve_default(begin_day(_seeded(), state, state.interlude))
    assert counting.rises_in_days == 12 and warded.rises_in_days == 3
    assert count_days(_ctx(), state, 100) == 1 and warded in state.locations["tomb"].dead[1]


def test_a_risen_body_becomes_a_dormant_encounter_on_return_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7, §2.5: the count runs out, the body is gone, and the dead wait asleep in its room."""
    state = make_state()
    _level(state).corpses.append(Corpse((7, 2), "human", rises_in_days=2, rises_as=HUSK))
    _exit(state, _seeded())
    ctx = _ctx()
    assert count_days(ctx, state, 1) == 1
    (rose,) = [e for e in ctx.events if isinstance(e, CorpseRose)]
    assert (rose.dungeon, rose.depth, rose.at, rose.rises_as) == ("Tomb", 1, (7, 2), HUSK)
    kept = state.locations["tomb"]
    assert kept.dead[1] == [] and [b.pos for b in kept.risen[1]] == [(7, 2)]
    state.interlude = None  # back to the dungeon, rebuilt from its seed
    start_expedition(_ctx(), state, dungeon(), items=WORLD.items)
    level = _level(state)
    (risen,) = [e for e in level.encounters if e.name == RISEN]
    assert (risen.room, risen.enemies, risen.activity) == (1, (HUSK,), ASLEEP) and level.corpses == []
    assert state.expedition is not None
    state.expedition.position, state.expedition.area = (7, 2), "room:1"
    resolve_default(fight_here(_seeded(), state))
    assert _combat(state).ambush and [f.key for f in _combat(state).foes] == [HUSK]


def test_the_risen_wait_until_beaten_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: risen dead left standing are there again next time; beaten ones are gone."""
    state = make_state()
    _level(state).corpses.append(Corpse((2, 1), "human", rises_in_days=1, rises_as=FRESH))  # in the hall
    _level(state).corpses.append(
        Corpse((5, 2), "human", rises_in_days=1, rises_as=FRESH)
    )  # between: nearest hall
    _exit(state, _seeded())
    assert [b.pos for b in state.locations["tomb"].risen[1]] == [(2, 1), (5, 2)]
    state.interlude = None
    start_expedition(_ctx(), state, dungeon(), items=WORLD.items)
    (risen,) = [e for e in _level(state).encounters if e.name == RISEN]
    assert risen.room == 0 and risen.enemies == (FRESH, FRESH)
    _exit(state, _seeded())
    kept = state.locations["tomb"]  # the dungeon is kept now: the risen stand in it, not in `risen`
    assert kept.risen[1] == [] and kept.dungeon is not None
    state.interlude = None
    start_expedition(_ctx(), state, kept.dungeon, items=WORLD.items)
    (again,) = [e for e in _level(state).encounters if e.name == RISEN]
    assert again == risen and again.enemies == (FRESH, FRESH)  # there again, and only once
    for encounter in _level(state).encounters:
        encounter.defeated = True
    _exit(state, _seeded())
    assert state.locations["tomb"].risen[1] == []
    assert [e.defeated for e in _level_of(state.locations["tomb"].dungeon).encounters] == [True]


def test_kept_bodies_survive_a_snapshot_section_10_1_house_1_7() -> None:
    """§10.1, HOUSE §1.7: a fight's bodies, the kept dead and the risen are part of the saved state."""
    state = make_state()
    fight(state, "goblin_scrapper")
    _fell(state, "foe1")
    loaded = body_to_state(state_to_body(state))
    assert loaded.expedition is not None and loaded.expedition.combat is not None
    assert loaded.expedition.combat.bodies == _combat(state).bodies != {}
    assert state.expedition is not None
    state.expedition.combat, state.phase = None, Phase.EXPLORATION
    level = _level(state)
    level.corpses.append(Corpse((3, 2), ADVENTURER, rises_in_days=9, rises_as=FRESH, name="Ada", who="ada"))
    level.corpses.append(Corpse((7, 2), "human", rises_in_days=1, rises_as=HUSK))
    _exit(state, _seeded())
    loaded = body_to_state(state_to_body(state))
    kept, again = state.locations["tomb"], loaded.locations["tomb"]
    assert (again.dead, again.risen, again.title) == (kept.dead, kept.risen, "Tomb")
    assert [b.who for b in again.dead[1]] == ["ada"] and [b.pos for b in again.risen[1]] == [(7, 2)]
