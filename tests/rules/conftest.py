"""Rules tests run with the whole rulebook loaded, as a game does.

A low-level rule's test (a test's fatigue, a Broken arm letting go) needs the special cases that
register into its hooks; the dispatch imports them in a game, and this does it for every test here.
"""

from __future__ import annotations

import expedition.rules.engine.rulebook  # noqa: F401  # every special case registers, as in a game
