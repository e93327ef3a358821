"""Provides the `Action` base class: a player's intent, checked by `verify` before it is applied.

`ActionOption` is one action on offer in an action bar, with its cost and why it is refused.

Actions are frozen, keyword-only dataclasses of plain types, named in the imperative (`Move`,
`CatchBreath`). Like events they register by class name, the tag the journal writes.
"""

from __future__ import annotations

from dataclasses import dataclass

ACTION_TYPES: dict[str, type[Action]] = {}
"""Every concrete action class by name, filled as modules define them."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """Something a player wants to do.

    Attributes:
        actor: The character acting, or "" for a party-wide action.
    """

    actor: str = ""

    def __init_subclass__(cls) -> None:
        # See Event.__init_subclass__: slotted dataclasses arrive twice, so no super() call.
        existing = ACTION_TYPES.get(cls.__name__)
        if existing is not None and (
            existing.__module__ != cls.__module__ or existing.__qualname__ != cls.__qualname__
        ):
            raise TypeError(f"two action classes are named {cls.__name__}")
        ACTION_TYPES[cls.__name__] = cls


@dataclass(frozen=True, slots=True)
class ActionOption:
    """One entry of the action bar.

    Attributes:
        action: The action to submit.
        label: What it is, in words.
        cost: Exploration turns it would take.
        enabled: Whether it is allowed now.
        reason: Why not, when it is not allowed ("" otherwise).
    """

    action: Action
    label: str
    cost: int
    enabled: bool
    reason: str = ""
