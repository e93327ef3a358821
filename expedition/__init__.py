"""expedition: the tabletop RPG *Dead Weight* played in a terminal, with the program as game master."""

from __future__ import annotations

__version__ = "0.1.0"
