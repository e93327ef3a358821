"""Toasts: a message still showing is not stacked again (a player pressing into a locked door)."""

from __future__ import annotations

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
