"""Provides the snapshot format version and the steps that bring an older body up to it.

Each step turns a body of format N into format N + 1 and is applied on load, oldest first; the
header keeps saying which version was on disk. A step checks the shape it relies on and raises
`SnapshotError` when the body does not have it. Every step has an old-format fixture in
`tests/persistence/data/`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from expedition.persistence.save_errors import SnapshotError

FORMAT_VERSION = 2
"""The format this build writes."""
OLDEST_VERSION = 1
"""The oldest format this build can still read."""

Body = dict[str, Any]
Step = Callable[[Body], Body]

_STEPS: dict[int, Step] = {}


def step(from_version: int) -> Callable[[Step], Step]:
    """Register the decorated function as the step from `from_version` to `from_version + 1`.

    Raises:
        ValueError: If that step is already registered.
    """

    def add(function: Step) -> Step:
        if from_version in _STEPS:
            raise ValueError(f"two migration steps from format {from_version}")
        _STEPS[from_version] = function
        return function

    return add


def steps() -> dict[int, Step]:
    """The registered steps by the version they start from (a copy)."""
    return dict(_STEPS)


def migrate(body: Body, version: int) -> Body:
    """Bring a body written in format `version` up to `FORMAT_VERSION`.

    Raises:
        SnapshotError: If a step finds the body malformed, or a step is missing.
    """
    for current in range(version, FORMAT_VERSION):
        function = _STEPS.get(current)
        if function is None:
            raise SnapshotError(f"no migration from format {current} to {current + 1}")
        try:
            body = function(body)
        except SnapshotError as error:
            raise SnapshotError(f"cannot migrate from format {current}: {error.reason}") from error
    return body


def _int_field(body: Body, key: str, version: int) -> int:
    value = body.get(key)
    if type(value) is not int:
        raise SnapshotError(f"a format {version} body needs an integer {key!r}, got {type(value).__name__}")
    return value


@step(1)
def _nest_dice_state(body: Body) -> Body:
    """Format 1 kept the dice state as top-level `seed` and `dice_index`.

    Format 2 nests it as `dice: {"seed": …, "index": …}`, the shape `SeededDice.state()` returns,
    so other dice kinds can add their own state beside it later. The campaign's `seed` stays where
    it is: format 2 keeps it at the top level too, and the dice are rolled from it.
    """
    seed = _int_field(body, "seed", 1)
    index = _int_field(body, "dice_index", 1)
    if "dice" in body:
        raise SnapshotError("a format 1 body must not have a 'dice' key")
    upgraded = {key: value for key, value in body.items() if key != "dice_index"}
    upgraded["dice"] = {"seed": seed, "index": index}
    return upgraded
