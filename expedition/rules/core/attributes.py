"""Provides `Attr`: the names of the four attributes (§3.1) that every test, check and attack names.

An adventurer's dice on each attribute (score, proficiency, fatigue and wounds) are kept by
`character.adventurer.Attribute`; this is only the name, as skills, traits and conditions are.
"""

from __future__ import annotations

from enum import StrEnum


class Attr(StrEnum):
    """The four attributes (§3.1)."""

    STR = "STR"
    DEX = "DEX"
    INT = "INT"
    PRE = "PRE"
