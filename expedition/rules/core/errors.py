"""Provides the small family of errors the rules raise, each with a message a player can read."""

from __future__ import annotations


class RuleError(Exception):
    """Base of every error the rules raise on purpose."""


class InvalidAction(RuleError):
    """The action or answer is malformed: unknown name, wrong shape, out-of-range value."""


class IllegalAction(RuleError):
    """The action is well formed but not allowed now ("The door is barred.")."""


class NotationError(RuleError, ValueError):
    """A dice or attack notation string does not parse.

    Attributes:
        text: The string that failed.
        position: Zero-based index of the first character that could not be read.
    """

    def __init__(self, text: str, position: int, reason: str) -> None:
        self.text = text
        """The string that failed."""
        self.position = position
        """Zero-based index of the first character that could not be read."""
        self.reason = reason
        """What was expected at that position."""
        pointer = " " * position + "^"
        super().__init__(f"cannot read {text!r} at position {position}: {reason}\n  {text}\n  {pointer}")
