"""The rules tests run with the whole rulebook: every special case registered into its hook.

A test may import one general rule (the exploration turn, harm in a fight) and never the module of
the hazard, prayer or enemy special that registers into it; the rulebook imports them all.
"""

from __future__ import annotations

from expedition.rules.engine.rulebook import REGISTERING  # noqa: F401  # imported for its registrations
