"""The pure game rules of Dead Weight: no Textual, no files, no clock, no global random.

Every die comes through a `Dice` object, every change of state is reported as an `Event`,
and every choice a player must make mid-rule is yielded as a `Decision`.
"""

from __future__ import annotations
