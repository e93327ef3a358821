"""The character-creation screen (§5.1): setup, decisions by key, the quick party, the shop, setting out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from expedition.content.catalog import Catalog, load_catalog
from expedition.rules.character.party import Party
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, resolve
from expedition.rules.core.dice import SeededDice
from expedition.rules.creation.party_creation import create_party
from expedition.ui.app import make_app
from expedition.ui.creation_flow import creation_options, party_specs
from expedition.ui.screens.creation_screen import MAKING, READY, CreationScreen
from expedition.ui.screens.creation_shop import StartingShopScreen
from expedition.ui.screens.party_screen import PartyScreen
from expedition.ui.widgets.character_sheet import CharacterSheet
from expedition.ui.widgets.creation_log import die
from tests.ui.conftest import EXPEDITION_SIZE, SMALL_ENTRIES

SEED = 7
"""A seed whose first decisions are insight rerolls for both adventurers."""


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _pure_party(catalog: Catalog, counts: list[int], answer: Any) -> Party:
    options = creation_options(catalog)
    specs = party_specs(counts, [], list(catalog.classes.classes))
    return resolve(create_party(Context(SeededDice(SEED)), specs, options), answer)


def _next_choice(decision: Decision) -> str:
    # What "down" then Enter picks: the choice after the highlighted default.
    index = decision.keys.index(decision.default)
    return decision.keys[min(index + 1, len(decision.keys) - 1)]


async def test_two_players_make_a_party_by_keypress_and_set_out(catalog: Catalog) -> None:
    """§5.1: a 2-player party made through the screen equals `create_party` with the same seed and answers."""
    app = make_app(SMALL_ENTRIES)
    results: list[Party | None] = []
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        screen = CreationScreen(catalog, SEED)
        app.push_screen(screen, results.append)
        await pilot.pause()
        await pilot.press("right")  # two players: the four adventurers split 2 and 2
        assert screen.counts == [2, 2]
        await pilot.press("down", "left", "down", "left")  # each player keeps one adventurer
        assert screen.counts == [1, 1]
        await pilot.press("enter")  # begin
        assert screen.step == MAKING and screen.flow is not None
        seen: list[Decision] = []
        for keys in (("down", "enter"), ("enter",), ("down", "enter")):
            assert screen.flow.decision is not None
            seen.append(screen.flow.decision)
            await pilot.press(*keys)
        assert screen.flow.answers == [_next_choice(seen[0]), seen[1].default, _next_choice(seen[2])]
        await pilot.press("q")  # every remaining decision takes its default
        assert screen.step == READY
        await pilot.press("o")  # set out
        await pilot.pause()
    [party] = results
    assert party is not None
    assert [c.owner for c in party.characters] == ["player1", "player2"]
    picks = iter([_next_choice, lambda d: d.default, _next_choice])
    expected = _pure_party(catalog, [1, 1], lambda d: next(picks, lambda d: d.default)(d))
    assert party == expected


async def test_quick_party_key_makes_the_whole_party_at_once(catalog: Catalog) -> None:
    """§5.1: q on the setup step answers every decision with its default (one player, four adventurers)."""
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        screen = CreationScreen(catalog, SEED)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("q")
        assert screen.step == READY and screen.flow is not None
        party = screen.flow.party
    assert party is not None and len(party.characters) == 4
    assert {c.owner for c in party.characters} == {"player1"}
    assert party == _pure_party(catalog, [4], lambda d: d.default)


async def test_names_typed_at_setup_are_used(catalog: Catalog) -> None:
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        screen = CreationScreen(catalog, SEED)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("right", "right", "right")  # four players, one adventurer each
        await pilot.press("tab", *"Ada, Bo", "enter")  # names for the first two; the rest are drawn
        await pilot.press("q")
        assert screen.flow is not None and screen.flow.party is not None
        names = [c.name for c in screen.flow.party.characters]
    assert names[:2] == ["Ada", "Bo"] and all(names[2:])
    assert len(set(names)) == 4


async def test_shop_asks_a_price_then_buys_with_party_silver(catalog: Catalog) -> None:
    """§5.1 step 6, §7.2: the first Enter rolls the price, the second buys; the purse pays."""
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        screen = CreationScreen(catalog, SEED)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("q", "b")  # quick party, then the shop
        assert isinstance(app.screen, StartingShopScreen)
        flow = screen.flow
        assert flow is not None and flow.party is not None
        silver = flow.party.silver
        first = flow.wares()[0].defn
        await pilot.press("enter")  # ask the price
        price = flow.prices.prices[first.key]
        assert flow.party.silver == silver
        await pilot.press("enter")  # buy
        assert flow.party.silver == silver - price
        shown = flow.character(screen.shown)
        assert shown is not None
        carried = [item for item in shown.items if item.defn.key == first.key]
        stashed = [item for item in flow.party.stash if item.defn.key == first.key]
        assert carried or stashed
        await pilot.press("escape")
        assert app.screen is screen


async def test_escape_cancels_with_no_party(catalog: Catalog) -> None:
    app = make_app(SMALL_ENTRIES)
    results: list[Party | None] = []
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        app.push_screen(CreationScreen(catalog, SEED), results.append)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert results == [None]


def test_dice_are_drawn_with_face_and_digit() -> None:
    assert die(5, 6) == "⚄5"
    assert die(7, 10) == "[7]"


class TestCreationSnapshots:
    def test_after_the_infancy_rolls(self, snap_compare: Any, catalog: Catalog) -> None:
        app = make_app(SMALL_ENTRIES, first_screen=lambda: CreationScreen(catalog, SEED))
        assert snap_compare(
            app,
            press=[
                "right",  # two players, two adventurers each
                "enter",  # begin: the first infancy roll waits for keep or reroll
                "enter",  # keep it; the second adventurer's infancy roll is asked next
            ],
            terminal_size=EXPEDITION_SIZE,
        )

    def test_seeded_character_sheet_when_the_party_is_ready(
        self, snap_compare: Any, catalog: Catalog
    ) -> None:
        app = make_app(SMALL_ENTRIES, first_screen=lambda: CreationScreen(catalog, SEED))
        assert snap_compare(
            app,
            press=["q"],  # quick party: the first adventurer's finished sheet shows
            terminal_size=EXPEDITION_SIZE,
        )


async def test_sheet_of_the_deciding_adventurer_updates_and_arrows_show_the_others(catalog: Catalog) -> None:
    """§5.1: the live sheet follows the adventurer whose decision waits; ←→ show the others."""
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        screen = CreationScreen(catalog, SEED)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("enter", "s")  # begin (one player, four adventurers), then the sheet
        sheet = screen.query_one("#making-sheet", CharacterSheet)
        assert screen.flow is not None and screen.flow.decision is not None
        assert sheet.character is screen.flow.character(screen.flow.decision.owner)
        assert sheet.lines.infancy is not None  # the infancy row rolled shows before it is applied
        await pilot.press("right")
        assert sheet.character is screen.flow.characters[1]


async def test_new_game_sets_out_into_a_saved_campaign_on_the_party_screen(tmp_path: Path) -> None:
    """§5.1: Title → New game → quick party → set out: the party screen, with the where-to question on it."""
    from expedition.ui.screens.destination import DestinationPrompt

    app = make_app(SMALL_ENTRIES, seed=SEED, saves=tmp_path)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        await pilot.press("enter")  # New game
        await pilot.press("q", "o")  # quick party, set out
        await pilot.pause()
        assert isinstance(app.screen, DestinationPrompt) and isinstance(app.screen_stack[-2], PartyScreen)
        assert app.session is not None
        assert len(app.session.state.party) == 4
    assert (tmp_path / "campaign-1").is_dir()


def test_expedition_new_without_quick_opens_the_creation_screen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`expedition new --seed 7` (no --quick, no --no-ui) runs the app on the creation screen."""
    import expedition.ui.app as app_module
    from expedition.cli import main

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(app_module, "run_app", lambda **kwargs: calls.append(kwargs) or 0)
    assert main(["new", "--seed", "7", "--saves", str(tmp_path)]) == 0
    assert main(["new", "--seed", "7", "--saves", str(tmp_path), "--name", "tomb"]) == 0
    assert calls == [
        {"start": "new", "seed": 7, "saves": tmp_path, "ssh": None, "name": None},
        {"start": "new", "seed": 7, "saves": tmp_path, "ssh": None, "name": "tomb"},  # checked, then used
    ]


async def test_setting_out_with_a_new_party_asks_where_it_goes(tmp_path: Path) -> None:
    """§10: "Set out" on a party just made starts its campaign and asks for the destination at once."""
    from expedition.ui.screens.destination import DestinationPrompt
    from expedition.ui.screens.party_screen import PartyScreen

    app = make_app(SMALL_ENTRIES, saves=tmp_path, seed=SEED)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        app.action_new_game()
        await pilot.pause()
        await pilot.press("q")  # quick party
        await pilot.press("o")  # set out
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, DestinationPrompt)
        assert any(isinstance(s, PartyScreen) for s in app.screen_stack)  # Esc stays in town
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen) and app.session is not None
        assert app.session.state.expedition is None


async def test_the_footer_names_what_the_arrows_do_in_each_step(catalog: Catalog) -> None:
    """The footer said "Fewer / previous" once the party was ready; it names the one meaning that holds."""
    app = make_app(SMALL_ENTRIES)
    async with app.run_test(size=EXPEDITION_SIZE) as pilot:
        screen = CreationScreen(catalog, SEED)
        app.push_screen(screen)
        await pilot.pause()

        def shown() -> set[str]:
            return {b.binding.description for b in screen.active_bindings.values() if b.enabled}

        # In the setup the list's row says "(← fewer, → more)"; no adventurer to page through yet.
        assert not {"Previous", "Next"} & shown()
        await pilot.press("right")
        assert screen.counts == [2, 2]  # → still means one more player here
        await pilot.press("q")  # a quick party: the ready step
        await pilot.pause()
        assert screen.step == READY
        assert {"Previous", "Next"} <= shown() and not {"Fewer", "More"} & shown()
        first = screen.shown
        await pilot.press("right")
        await pilot.pause()
        assert screen.shown != first  # → still shows the next adventurer
