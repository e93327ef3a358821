"""Measures the path of one Move: the `expedition/` files it runs through, from key press to redrawn screen.

Run from the repository root: `python tests/bench/bench_move_path.py` (`--list` also prints the
files). In a Pilot run of the expedition screen on the fixed sample dungeon, one step is taken to
warm up (imports, caches), then the next step is traced: every Python frame entered from the key
press until the screen has handled the session's update and refreshed is recorded, and the
distinct source files under `expedition/` are counted, and among them the rules and persistence
files the UI's own code calls into (what a screen works out for itself rather than reads from its
seat view). It also counts the calls of the rules' `verify`: those on the path of the submitted
action (the session and the rules' own dispatch), and all of them (the options shown after the
Move verify each of their actions too).

Nothing here is timed: the figures are counts, the same on every machine.
"""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from expedition.rules.engine import dispatch  # noqa: E402
from expedition.ui.app import make_app  # noqa: E402
from expedition.ui.screens.dungeon.expedition_screen import ExpeditionScreen  # noqa: E402
from tests.ui.expedition_fixtures import sample_session  # noqa: E402

SIZE = (120, 40)
"""The terminal the screen is drawn in."""
PACKAGE = ROOT / "expedition"
"""Only files under this folder are counted."""
SUBMIT_PATH = ("expedition/session/", "expedition/net/")
"""Callers of `verify` that check a submitted action (rather than list what could be done)."""
BELOW_THE_PORT = ("expedition/rules/", "expedition/persistence/")
"""Files the UI should reach only through the session, for display helpers aside."""


class Tracer:
    """Records the `expedition/` files whose code runs, and who calls `verify`, while installed."""

    def __init__(self) -> None:
        self.files: Counter[str] = Counter()
        self.from_ui: Counter[str] = Counter()
        self.verify_calls = 0
        self.verify_on_submit = 0
        self._verify = dispatch.verify.__code__
        self._seen_codes: dict[object, str | None] = {}

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        code = frame.f_code
        name = self._seen_codes.get(code, "")
        if name == "":
            path = Path(code.co_filename)
            name = str(path.relative_to(ROOT)) if path.is_relative_to(PACKAGE) else None
            self._seen_codes[code] = name
        if name is not None:
            self.files[name] += 1
            caller = frame.f_back
            if (
                caller is not None
                and name.startswith(BELOW_THE_PORT)
                and "/expedition/ui/" in caller.f_code.co_filename
            ):
                self.from_ui[name] += 1
        if code is self._verify:
            self.verify_calls += 1
            caller = frame.f_back
            where = caller.f_code.co_filename if caller is not None else ""
            is_apply = caller is not None and caller.f_code.co_name in ("apply", "carry_out")
            if is_apply or any(part in where for part in SUBMIT_PATH):
                self.verify_on_submit += 1


async def trace_one_move() -> Tracer:
    """Step east once to warm up, then trace the second step east."""
    session = sample_session()
    app = make_app(first_screen=lambda: ExpeditionScreen(session))
    tracer = Tracer()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        await pilot.pause()
        expedition = session.state.expedition
        assert expedition is not None
        before = expedition.position
        sys.setprofile(tracer)
        try:
            await pilot.press("right")
            await pilot.pause()  # the session's update is handled and the screen redrawn
        finally:
            sys.setprofile(None)
        expedition = session.state.expedition
        assert expedition is not None and expedition.position == (before[0] + 1, before[1]), "no step"
    return tracer


def main(argv: list[str]) -> int:
    """Print the figures (and the files with `--list`)."""
    tracer = asyncio.run(trace_one_move())
    print(f"files a Move passes through (key press to screen): {len(tracer.files)}")
    print(f"rules and persistence files the UI calls into: {len(tracer.from_ui)}")
    print(f"verify calls on the submitted Move: {tracer.verify_on_submit}")
    print(f"verify calls in all (the options drawn after it included): {tracer.verify_calls}")
    if "--list" in argv:
        for name, calls in sorted(tracer.files.items()):
            mark = f", {tracer.from_ui[name]} from the UI" if name in tracer.from_ui else ""
            print(f"  {name}  ({calls} calls{mark})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
