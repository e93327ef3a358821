"""Toasts: a message still showing is not stacked again (a player pressing into a locked door)."""

from __future__ import annotations

from textual.screen import ModalScreen
from textual.widgets._toast import Toast

from expedition.ui.toasts import OnceAtATime


async def test_the_same_toast_is_shown_once_while_it_shows_and_others_still_show() -> None:
    app = OnceAtATime()
    async with app.run_test() as pilot:
        for _ in range(4):
            app.notify("The door is locked: force it or pick the lock.", severity="warning")
        app.notify("Nobody can move now.", severity="warning")
        await pilot.pause()
        shown = [n.message for n in app._notifications]
        assert len(shown) == 2
        assert sum("The door is locked" in text for text in shown) == 1


async def test_the_same_toast_shows_again_once_the_last_is_gone() -> None:
    app = OnceAtATime()
    async with app.run_test() as pilot:
        app.notify("The door is locked.", timeout=0.1)
        await pilot.pause(0.3)
        app.notify("The door is locked.", timeout=5)
        await pilot.pause()
        assert [n.timeout for n in app._notifications] == [5]


async def test_a_toast_cleared_away_may_be_shown_again_at_once() -> None:
    """The dungeon screen clears a refusal and shows it anew (its timer restarts) while the player
    keeps walking into the wall: the cleared toast must not count as still showing."""
    app = OnceAtATime()
    async with app.run_test() as pilot:
        app.notify("A wall.", timeout=5)
        await pilot.pause()
        app.clear_notifications()
        app.notify("A wall.", timeout=5)
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["A wall."]


async def test_a_refusal_repeated_under_an_open_question_stays_one_toast() -> None:
    """A tmux walk: arrows pressed as a STR test's question opened piled "The wall blocks the way."
    four times on the map, since clearing toasts reached only the question's screen. Every toast
    on every screen is counted here."""
    app = OnceAtATime()
    async with app.run_test(notifications=True) as pilot:  # a test shows no toasts unless asked
        app.push_screen(ModalScreen[None]())
        await pilot.pause()
        for _ in range(4):
            app.screen_stack[0].notify("The wall blocks the way.", severity="warning", timeout=4)
            await pilot.pause()
        await pilot.pause(0.2)
        shown = {t._notification.identity for screen in app.screen_stack for t in screen.query(Toast)}
        assert len(shown) == 1  # drawn by both screens at the same place, it is one notification
