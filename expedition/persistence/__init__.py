"""The persistence layer of expedition (see DESIGN.md).

The campaign-state classes are registered with the codec by `state`; a module that encodes or
decodes them imports `state` (the session, the client's plain forms, the view builder), so a
snapshot written by one part of the game can be read by any other.
"""

from __future__ import annotations
