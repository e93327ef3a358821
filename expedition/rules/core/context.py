"""Provides `Context`: the dice and the event log a rule works with."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from expedition.rules.core.dice import Dice, DiceExpr
from expedition.rules.core.events import DiceRolled, Event

if TYPE_CHECKING:
    from expedition.rules.core.world import World


@dataclass(slots=True)
class Context:
    """What a rule needs from the table: dice to roll and a log to report to.

    Attributes:
        dice: The dice; every roll goes through `roll` so it is logged.
        events: Events reported so far, oldest first.
        world: The content the rules may ask for (new dungeons, items); None in pure rule tests.
    """

    dice: Dice
    events: list[Event] = field(default_factory=list)
    world: World | None = None

    def emit(self, event: Event) -> None:
        """Report an event."""
        self.events.append(event)

    def roll(self, count: int, sides: int = 6, *, who: str, why: str, rule: str) -> tuple[int, ...]:
        """Roll `count` dice of `sides` faces, report a `DiceRolled` and return the faces."""
        faces = tuple(self.dice.roll(sides) for _ in range(count))
        if faces:
            self.emit(DiceRolled(rule=rule, who=who, why=why, sides=sides, faces=faces))
        return faces

    def roll_expr(self, expr: DiceExpr, *, who: str, why: str, rule: str) -> int:
        """Roll a dice expression and return its total."""
        return expr.total(self.roll(expr.count, expr.sides, who=who, why=why, rule=rule))
