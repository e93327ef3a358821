"""The persistence layer of expedition (see DESIGN.md).

Importing any part of it registers every campaign-state class with the codec (`state`), so a
snapshot written by one module can be read by any other, whatever was imported first.
"""

from __future__ import annotations

from expedition.persistence import state as _state  # noqa: F401  # registers the state classes
