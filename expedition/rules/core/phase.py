"""Provides `Phase`: where the campaign is, one of an expedition's three phases or the interlude (§10)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the campaign is (§10): the three phases of an expedition, or the interlude."""

    EXPLORATION = "exploration"
    COMBAT = "combat"
    CAMP = "camp"
    INTERLUDE = "interlude"

    @property
    def expedition(self) -> bool:
        """True for the phases of an expedition."""
        return self is not Phase.INTERLUDE
