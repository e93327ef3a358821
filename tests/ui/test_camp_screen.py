"""The camp screen (§10.3): set up camp from the expedition, cook, sleep, see the ambush odds, break camp."""

from __future__ import annotations

from typing import Any

from textual.widgets import OptionList, Static

from expedition.rules.camp.camp_setup import camp_of
from expedition.rules.camp.cooking import Cook
from expedition.rules.camp.rest_and_sleep import Sleep
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.item_defs import Item, ItemDef, Tag
from expedition.rules.core.phase import Phase
from expedition.rules.exploration.features import EncounterRow
from expedition.rules.exploration.setting_up_camp import SetUpCamp
from expedition.rules.items.slots import TORSO
from expedition.session.session import Session
from expedition.session.views import Seat
from expedition.ui.app import make_app
from expedition.ui.screens.confirm import ConfirmPrompt
from expedition.ui.screens.dungeon.camp_screen import CampScreen, ambush_chances
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
from tests.ui.conftest import plain
from tests.ui.expedition_fixtures import sample_session

WIDE = (120, 40)
"""A roomy terminal."""
SUPPLIES = ItemDef(key="camping_supplies", name="Camping supplies", tags=frozenset({Tag.CAMP}))
RATION = ItemDef(key="ration", name="Ration", tags=frozenset({Tag.SLOW, Tag.CAMP}))


def camp_ready_session() -> Session:
    """The sample party with 2 camping supplies and 2 rations, everyone Hungry; the tripwire is spent."""
    session = sample_session()
    state = session.state
    assert state.expedition is not None
    for trap in state.expedition.level.traps:
        trap.disarmed = True  # camp is made only away from armed traps (§10.1)
    first = state.party[0]
    for defn in (SUPPLIES, RATION):
        item = Item.new(state.next_uid, defn, 2)
        state.next_uid += 1
        item.place = TORSO
        first.items.append(item)
    for member in state.party:
        member.afflictions.add(Affliction.HUNGRY)
    return session


def answer_defaults(session: Session) -> None:
    while session.pending is not None:
        session.answer(Seat.host(), session.pending.default)


async def _choose(pilot: Any, screen: CampScreen, kind: type) -> None:
    index = next(i for i, o in enumerate(screen._options) if isinstance(o.action, kind))
    actions = screen.query_one("#camp-actions", OptionList)
    actions.focus()
    actions.highlighted = index
    await pilot.press("enter")
    await pilot.pause()


async def _answer_prompts(pilot: Any, session: Session) -> None:
    for _ in range(20):
        if session.pending is None:
            return
        await pilot.press("escape")  # take each default
        await pilot.pause()


async def test_set_up_camp_cook_sleep_and_break_camp() -> None:
    """§10.3: the camp screen opens over the expedition, spends the pool, and closes when camp breaks."""
    session = camp_ready_session()
    state = session.state
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        expedition_screen = app.screen
        assert isinstance(expedition_screen, ExpeditionScreen)
        expedition_screen.submit(SetUpCamp(actor=state.party[0].id))
        await pilot.pause()
        await _answer_prompts(pilot, session)  # 1 supply, light the fire, no long rest
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CampScreen)
        camp = camp_of(state)
        assert camp is not None and camp.fire and camp.pool >= 3
        header = plain(screen.query_one("#camp-header", Static))
        assert f"Camp actions left: {camp.pool} of {camp.total}" in header
        assert "Fight (any 6)" in plain(screen.query_one("#camp-ambush", Static))
        before = camp.pool
        await _choose(pilot, screen, Cook)
        await _answer_prompts(pilot, session)
        assert camp.pool == before - 1
        assert not any(Affliction.HUNGRY in m.afflictions for m in state.party)
        await _choose(pilot, screen, Sleep)
        await _answer_prompts(pilot, session)
        assert camp.pool == before - 3 and camp.slept
        left = camp.pool
        await pilot.press("b")  # the ambush roll, then break camp
        await pilot.pause()
        assert isinstance(app.screen, ConfirmPrompt) is (left > 0)  # asks only when actions would be lost
        if left:
            await pilot.press("y")
            await pilot.pause()
        await _answer_prompts(pilot, session)
        await pilot.pause()
        assert camp_of(state) is None and state.phase is Phase.EXPLORATION
        assert isinstance(app.screen, ExpeditionScreen)


async def test_breaking_camp_with_actions_left_asks_first() -> None:
    """§10.3: the pool's unused actions are lost when camp breaks, so b asks; n keeps the camp as it is."""
    session = camp_ready_session()
    state = session.state
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ExpeditionScreen)
        screen.submit(SetUpCamp(actor=state.party[0].id))
        await pilot.pause()
        await _answer_prompts(pilot, session)
        await pilot.pause()
        camp = camp_of(state)
        assert camp is not None and camp.pool > 0
        pool = camp.pool
        await pilot.press("b")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, ConfirmPrompt)
        assert f"{pool} camp actions of the pool are still unused" in plain(
            prompt.query_one("#prompt-question", Static)
        )
        await pilot.press("n")  # go back: nothing sent
        await pilot.pause()
        assert isinstance(app.screen, CampScreen) and camp_of(state) is camp and camp.pool == pool
        await pilot.press("b", "y")
        await pilot.pause()
        await _answer_prompts(pilot, session)
        await pilot.pause()
        assert camp_of(state) is None and state.phase is Phase.EXPLORATION


class TestSnapshots:
    def test_camp_screen(self, snap_compare: Any) -> None:
        session = camp_ready_session()
        session.submit(Seat.host(), SetUpCamp(actor=session.state.party[0].id))
        answer_defaults(session)
        app = make_app(first_screen=lambda: CampScreen(session))
        assert snap_compare(app, terminal_size=WIDE)


async def test_an_ambush_as_camp_breaks_asks_its_first_questions_after_the_camp_screen_closes(
    monkeypatch: Any,
) -> None:
    """§10.3: a 6 on the ambush dice starts a fight; its first prompt must survive the camp screen closing."""
    import expedition.rules.camp.breaking_camp as breaking_camp
    from expedition.rules.camp.ambush import AmbushResult
    from expedition.ui.screens.prompts import DecisionPrompt

    def ambushed(ctx: Any, state: Any) -> AmbushResult:
        camp_of(state).ambush_rolled = True  # type: ignore[union-attr]
        return AmbushResult.FIGHT

    monkeypatch.setattr(breaking_camp, "roll_ambush", ambushed)
    session = camp_ready_session()
    state = session.state
    for member in state.party:  # a DEX proficiency makes each initiative check ask about a reroll
        member[Attr.DEX].proficiency = 1
    assert state.expedition is not None
    goblins = tuple(EncounterRow(roll=n, name="Goblins", core=("goblin_scrapper",)) for n in range(1, 9))
    state.expedition.dungeon.wandering = goblins
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ExpeditionScreen)
        app.screen.submit(SetUpCamp(actor=state.party[0].id))
        await pilot.pause()
        await _answer_prompts(pilot, session)
        await pilot.pause()
        assert isinstance(app.screen, CampScreen)
        await pilot.press("b", "y")  # yes: the pool's unused actions are lost
        for _ in range(10):
            await pilot.pause()
        assert camp_of(state) is None
        assert not any(isinstance(screen, CampScreen) for screen in app.screen_stack)
        assert session.pending is not None  # the fight's first question is on screen, whole
        assert isinstance(app.screen, DecisionPrompt)
        assert app.screen.query("#prompt-choices")


def test_camping_out_does_not_speak_of_ambush_dice() -> None:
    """House: outside a dungeon no ambush is rolled, so the actions do not promise or cost ambush dice."""
    from expedition.rules.camp.camp_options import describe
    from expedition.session.seat_view import SeatOption
    from expedition.ui.screens.dungeon.camp_screen import option_text

    sleep = SeatOption(Sleep(actor="a"), "Sleep", 2, "camp action", detail=describe(Sleep(actor="a")))
    assert "ambush" in option_text(sleep).plain
    assert "ambush" not in option_text(sleep, outside=True).plain
    from expedition.rules.camp.lookout import KeepLookout

    watch = KeepLookout(actor="a")
    lookout = SeatOption(watch, "Keep a lookout", 1, "camp action", detail=describe(watch))
    assert "no ambush is rolled" in option_text(lookout, outside=True).plain


def test_the_ambush_chances_show_fractions_percentages_and_bars() -> None:
    """§10.3: each chance of the ambush roll is a fraction, a percentage and a bar, as odds are elsewhere."""
    one_die = ambush_chances(1).plain.splitlines()
    assert one_die == [
        "1 ambush die (d6)",
        "Safe (no 6): 5/6 ≈ 83%",
        "#################...",
        "Fight (any 6): 1/6 ≈ 17%",
        "###.................",
        "Surprised (two 6s or more): 0%",  # one die cannot roll two 6s: no "0 ≈ 0%"
        "....................",
    ]
    assert ambush_chances(2).plain.splitlines()[5] == "Surprised (two 6s or more): 1/36 ≈ 3%"
