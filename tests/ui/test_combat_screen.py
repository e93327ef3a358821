"""Combat mode of the expedition screen (§10.2): a seeded fight played through keys, and snapshots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from expedition.rules.combat.combat_state import CombatPhase, CombatState
from expedition.rules.combat.moving_and_fleeing import move_routes
from expedition.rules.core.distance import manhattan
from expedition.session.session import Session
from expedition.session.views import Seat
from expedition.ui.app import ExpeditionApp, make_app
from expedition.ui.screens.dungeon.combat_odds import attack_lines
from expedition.ui.screens.dungeon.combat_prompts import DefendPrompt, TargetPrompt
from expedition.ui.screens.dungeon.combat_view import foe_glyph, initiative_text, tokens_text
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from expedition.ui.screens.prompts import DecisionPrompt, HarmPrompt, TestPrompt
from expedition.ui.widgets.combat_panel import CombatPanel
from expedition.ui.widgets.tile_map import TileMap, cell
from tests.ui.combat_fixtures import guard_session

WIDE = (120, 40)
"""A roomy terminal: the map, the fight panel and the party side by side."""
ARROWS = {(1, 0): "right", (-1, 0): "left", (0, 1): "down", (0, -1): "up"}


def _expedition(app: ExpeditionApp) -> ExpeditionScreen:
    return next(screen for screen in app.screen_stack if isinstance(screen, ExpeditionScreen))


def _combat(session: Session) -> CombatState | None:
    expedition = session.state.expedition
    return expedition.combat if expedition is not None else None


async def _fight_turn(pilot: Pilot[None], app: ExpeditionApp, session: Session) -> None:
    """One step of a simple player: answer prompts with Esc, attack when a foe is in reach, else walk
    toward the nearest foe (m, arrows, Enter), else end the turn (e)."""
    screen = app.screen
    if isinstance(screen, TargetPrompt):
        await pilot.press("enter")  # the first attack listed
    elif isinstance(screen, HarmPrompt):
        await pilot.press("enter")  # understood
    elif isinstance(screen, DecisionPrompt):
        await pilot.press("escape")  # take the suggested answer
    else:
        await _act(pilot, app, session)
    await pilot.pause()


async def _act(pilot: Pilot[None], app: ExpeditionApp, session: Session) -> None:
    combat = _combat(session)
    assert combat is not None
    state = session.state
    actor = _expedition(app).actor
    assert actor, "somebody of the party can act whenever the screen waits for a key"
    if attack_lines(session.view(Seat.host()).options_for(actor)):
        await pilot.press("a")  # choose whom to attack
        return
    member = state.character(actor)
    here = combat.positions[actor]
    goal = min(combat.conscious_foes, key=lambda foe: manhattan(foe.pos, here)).pos
    routes = move_routes(state, combat, member) if member.can_act and not member.tokens.stun else {}
    best = min(routes, key=lambda tile: manhattan(tile, goal), default=None)
    if best is None or manhattan(best, goal) >= manhattan(here, goal):
        await pilot.press("e")  # nothing better to do: end the turn
        return
    await pilot.press("m")  # choose a tile to move to
    for tile in routes[best]:
        await pilot.press(ARROWS[(tile[0] - here[0], tile[1] - here[1])])
        here = tile
    await pilot.press("enter")  # go there


async def _play_until(
    pilot: Pilot[None], app: ExpeditionApp, session: Session, done: Callable[[], bool], limit: int = 400
) -> None:
    for _ in range(limit):
        if done():
            return
        await _fight_turn(pilot, app, session)
    raise AssertionError(f"the fight did not get there: {type(app.screen).__name__}")


async def _start_fight(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.press("right")  # step into the guard room: the goblins attack
    await pilot.pause()


async def test_a_seeded_fight_is_played_to_its_end_through_keys() -> None:
    """§10.2: a fight starts on entering the guard room, is played with keys and prompts, and ends."""
    session = guard_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE) as pilot:
        await _start_fight(pilot)
        assert _combat(session) is not None
        screen = _expedition(app)
        assert screen.query_one(CombatPanel).display
        seen: set[str] = set()

        def over() -> bool:
            seen.add(type(app.screen).__name__)
            return _combat(session) is None

        await _play_until(pilot, app, session, over)
        for _ in range(50):  # acknowledge what the end left open
            if app.screen is screen:
                break
            await _fight_turn(pilot, app, session)
        assert app.screen is screen, f"left open after the fight: {type(app.screen).__name__}"
        assert not screen.query_one(CombatPanel).display  # back to exploring
        assert any("The fight is over" in entry.text for entry in screen.entries)
        assert {"TargetPrompt", "DefendPrompt"} <= seen
        view = screen.query_one(TileMap).view
        assert view is not None and not view.highlight


async def test_the_combat_panel_shows_initiative_foes_and_odds() -> None:
    """§10.2.1: the strip shows the phases and whose turn; the foes with wounds; the attack odds."""
    session = guard_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE) as pilot:
        await _start_fight(pilot)
        await _play_until(
            pilot,
            app,
            session,
            lambda: isinstance(app.screen, ExpeditionScreen) and bool(_expedition(app).actor),
        )
        combat = _combat(session)
        assert combat is not None
        data = _expedition(app).query_one(CombatPanel).data
        assert data is not None
        assert f"Round {combat.round}" in data.initiative.plain
        assert "fast" in data.initiative.plain and "slow" in data.initiative.plain
        for foe in combat.foes:
            assert f"{foe.wounds}/{foe.defn.wounds}W" in data.foes.plain
        view = _expedition(app).query_one(TileMap).view
        assert view is not None
        for foe in combat.conscious_foes:
            assert view.markers[foe.pos].char == foe_glyph(foe)


async def test_moving_highlights_reachable_tiles_and_escape_stops() -> None:
    """§10.2.2: m shows the tiles one Move reaches; Esc stops choosing without moving."""
    session = guard_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE) as pilot:
        await _start_fight(pilot)
        await _play_until(
            pilot,
            app,
            session,
            lambda: isinstance(app.screen, ExpeditionScreen) and bool(_expedition(app).actor),
        )
        screen = _expedition(app)
        combat = _combat(session)
        assert combat is not None
        actor = screen.actor
        before = combat.positions[actor]
        await pilot.press("m")
        await pilot.pause()
        view = screen.query_one(TileMap).view
        assert view is not None
        reach = set(move_routes(session.state, combat, session.state.character(actor)))
        assert view.highlight == reach
        assert cell(view, next(iter(reach)))[1] in ("reach", "party", "ally", "enemy", "target")
        await pilot.press("escape")
        await pilot.pause()
        view = screen.query_one(TileMap).view
        assert view is not None and not view.highlight
        assert combat.positions[actor] == before


async def test_a_slow_adventurer_cannot_be_picked_in_the_fast_phase() -> None:
    """§10.2.1: 1-4 choose among those allowed now; a slow one waits for the enemies."""
    session = guard_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE) as pilot:
        await _start_fight(pilot)
        await _play_until(
            pilot,
            app,
            session,
            lambda: isinstance(app.screen, ExpeditionScreen) and bool(_expedition(app).actor),
        )
        combat = _combat(session)
        assert combat is not None and combat.phase is CombatPhase.FAST and combat.slow
        screen = _expedition(app)
        slow = combat.slow[0]
        number = 1 + [m.id for m in session.state.party].index(slow)
        await pilot.press(str(number))
        await pilot.pause()
        assert screen.actor != slow


def test_token_glyphs_and_the_strip_mark_the_phase() -> None:
    """§10.2.4: tokens are glyphs with counts; the strip marks the phase being played with ▸."""
    session = guard_session()
    from expedition.rules.character.adventurer import Tokens

    assert tokens_text(Tokens(shield=2, dodge=0, stun=1)) == "◆2 ✷1"
    assert tokens_text(Tokens()) == ""
    session.submit(Seat.host(), _step_east(session))
    while session.pending is not None:
        session.answer(Seat.host(), session.pending.default)
    combat = _combat(session)
    assert combat is not None
    strip = initiative_text(session.state, combat, {}).plain
    marked = next(line for line in strip.splitlines() if line.startswith("▸"))
    assert combat.phase.value in marked


def _step_east(session: Session) -> Any:
    from expedition.rules.exploration.stepping import Step

    return Step(actor=session.state.party[0].id, direction="east")


class TestCombatSnapshots:
    def test_fight_in_progress(self, snap_compare: Any) -> None:
        session = guard_session()

        async def run_before(pilot: Pilot[None]) -> None:
            app = pilot.app
            assert isinstance(app, ExpeditionApp)
            await _start_fight(pilot)
            await _play_until(
                pilot,
                app,
                session,
                lambda: isinstance(app.screen, ExpeditionScreen) and bool(_expedition(app).actor),
            )
            await pilot.press("m", "left")  # choose a tile to move to, one step west (into the corridor)

        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        assert snap_compare(app, run_before=run_before, terminal_size=WIDE)

    def test_defence_test_prompt(self, snap_compare: Any) -> None:
        session = guard_session()

        async def run_before(pilot: Pilot[None]) -> None:
            app = pilot.app
            assert isinstance(app, ExpeditionApp)
            await _start_fight(pilot)

            def defending() -> bool:
                return isinstance(app.screen, TestPrompt) and app.feed.router.defending is not None

            await _play_until(pilot, app, session, defending)

        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        assert snap_compare(app, run_before=run_before, terminal_size=WIDE)

    def test_defend_prompt(self, snap_compare: Any) -> None:
        session = guard_session()

        async def run_before(pilot: Pilot[None]) -> None:
            app = pilot.app
            assert isinstance(app, ExpeditionApp)
            await _start_fight(pilot)
            await _play_until(pilot, app, session, lambda: isinstance(app.screen, DefendPrompt))

        app = make_app(first_screen=lambda: ExpeditionScreen(session))
        assert snap_compare(app, run_before=run_before, terminal_size=WIDE)


def test_defence_odds_count_tokens_as_rerolls() -> None:
    """§10.2.3: each shield or dodge token is one more reroll, so the chance to avoid a blow grows."""
    from expedition.rules.core.notation import parse_attack
    from expedition.ui.screens.dungeon.combat_odds import defence_odds

    member = guard_state_member()
    attack = parse_attack("STR 1+1")
    bare = defence_odds(member, attack)["roll:STR"]
    member.tokens.dodge = 2
    dodging = defence_odds(member, attack)["roll:STR"]
    assert dodging.succeeded > bare.succeeded
    ignoring = defence_odds(member, parse_attack("STR 1X+1"))["roll:STR"]  # X ignores shields only
    assert ignoring.succeeded == dodging.succeeded


def guard_state_member() -> Any:
    from tests.ui.combat_fixtures import guard_state

    return guard_state().party[0]


def test_combat_log_lines_name_foes_and_wounds() -> None:
    """§10.2.5: wounds on a foe, a foe down and the end of the fight read as sentences."""
    from expedition.rules.combat.combat_events import CombatEnded, CombatOutcome, FoeKnockedOut, FoeWounded
    from expedition.ui.widgets.log_text import describe

    names = {"foe1": "Goblin Scrapper 1"}
    wounded = FoeWounded(rule="§10.2.5", foe="foe1", wounds=2, total=3, broken=1)
    assert describe(wounded, names) == "Goblin Scrapper 1 takes 2 wounds (3 in all), 1 armour broken"
    assert describe(FoeKnockedOut(rule="§16 #21", foe="foe1", by="c1"), names) == "Goblin Scrapper 1 is down"
    ended = CombatEnded(rule="§16 #25", outcome=CombatOutcome.VICTORY, rounds=3, group="Goblin guards")
    assert describe(ended, names) == "The fight is over: victory after 3 rounds"
