"""Benchmarks the expedition screen: cold start, keypress to frame, and one exploration turn.

Run from the repository root: `python tests/bench/bench_expedition.py`. Every number is a ratio
measured in this one run against a bare Textual app, so machines compare:

- cold start: a fresh process that makes a quick party (as `expedition new --quick` does), saves it,
  and shows its first frame, ÷ a fresh process showing a bare Textual app's first frame;
- keypress → frame: a step on the expedition screen (120×40, a 120×80 level) ÷ a bare app whose
  key redraws a Static of the same size;
- one exploration turn (Let a turn pass through the session, no UI), in milliseconds and as a
  share of the keypress → frame time.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from textual.app import App, ComposeResult  # noqa: E402
from textual.binding import Binding  # noqa: E402
from textual.widgets import Static  # noqa: E402

SIZE = (120, 40)
PRESSES = 30
STARTS = 3

BARE_START = """
import asyncio, time
t0 = time.perf_counter()
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
async def main():
    async with Bare().run_test(size=(120, 40)) as pilot:
        await pilot.pause()
asyncio.run(main())
print(time.perf_counter() - t0)
"""

QUICK_START = """
import asyncio, sys, time
t0 = time.perf_counter()
import expedition.ui.app as ui
from expedition.cli import main

def first_frame(entries=None, **kwargs):
    # The real `run_app`, but headless: show the first frame, then quit.
    async def run():
        async with ui.make_app(entries, **kwargs).run_test(size=(120, 40)) as pilot:
            await pilot.pause()
    asyncio.run(run())
    return 0

ui.run_app = first_frame
main(["new", "--quick", "--seed", "1", "--saves", sys.argv[1]])
print(time.perf_counter() - t0)
"""


def _process(code: str, *args: str) -> float:
    out = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def cold_start() -> tuple[float, float]:
    """Median seconds of a bare app's first frame and of a quick new game's, each in a fresh process."""
    bare, quick = [], []
    for _ in range(STARTS):
        bare.append(_process(BARE_START))
        with tempfile.TemporaryDirectory() as saves:
            quick.append(_process(QUICK_START, saves))
    return statistics.median(bare), statistics.median(quick)


class BareRedraw(App[None]):
    """A Static as big as the screen, redrawn by a key."""

    BINDINGS = [Binding("right", "redraw"), Binding("left", "redraw")]

    def compose(self) -> ComposeResult:
        yield Static(id="s")

    def action_redraw(self) -> None:
        self.count = getattr(self, "count", 0) + 1
        self.query_one(Static).update(("x" * SIZE[0] + "\n") * (SIZE[1] - 1) + str(self.count))


async def _presses(app: App[None]) -> float:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        times = []
        for n in range(PRESSES):
            start = time.perf_counter()
            await pilot.press("right" if n % 2 == 0 else "left")
            await pilot.pause()
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def keypress() -> tuple[float, float]:
    """Median seconds from a key to its frame: bare app, then the expedition screen."""
    from expedition.ui.app import make_app
    from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen
    from tests.ui.expedition_fixtures import sample_session

    bare = asyncio.run(_presses(BareRedraw()))
    session = sample_session()
    screen = asyncio.run(_presses(make_app(first_screen=lambda: ExpeditionScreen(session))))
    return bare, screen


def exploration_turn() -> float:
    """Median seconds of one exploration turn through the session (Let a turn pass)."""
    from expedition.rules.engine.dispatch import PassTurn
    from expedition.session.views import Seat
    from tests.ui.expedition_fixtures import sample_session

    session = sample_session()
    host = Seat.host()
    times = []
    for _ in range(PRESSES):
        start = time.perf_counter()
        result = session.submit(host, PassTurn())
        while session.pending is not None:
            result = session.answer(host, session.pending.default)
        times.append(time.perf_counter() - start)
        if not result.ok:
            break
    return statistics.median(times)


def main() -> None:
    """Print the ratios."""
    bare_start, quick_start = cold_start()
    bare_key, screen_key = keypress()
    turn = exploration_turn()
    print(f"cold start, new --quick to first frame ÷ bare app: {quick_start / bare_start:.2f}")
    print(f"  ({quick_start * 1000:.0f} ms vs {bare_start * 1000:.0f} ms)")
    print(f"keypress → frame, expedition screen ÷ bare Static redraw: {screen_key / bare_key:.2f}")
    print(f"  ({screen_key * 1000:.1f} ms vs {bare_key * 1000:.1f} ms)")
    print(
        f"one exploration turn in the engine: {turn * 1000:.2f} ms"
        f" = {turn / screen_key:.2f} of a keypress frame"
    )


if __name__ == "__main__":
    main()
