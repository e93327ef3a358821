"""Provides the reroll game behind `odds.py`: both sides reroll perfectly, by backward induction (§3.2–§3.4).

A state is the sorted faces of the main roller's dice, the helper's face (or None), the
rerolls each side has left, whose turn it is and whether the other side just passed. Faces 2
and 3 never differ in any rule, so both are written 2 (drawn with weight 2 out of 6).

Values are exact integers: with `r` rerolls left on the table a state's chances are its
vector divided by 6^r, so every move compared in one state shares a denominator.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

CLASSES: tuple[tuple[int, int], ...] = ((1, 1), (2, 2), (4, 1), (5, 1), (6, 1))
"""Each face class and how many of the six faces it stands for."""
CLASS_OF = {1: 1, 2: 2, 3: 2, 4: 4, 5: 5, 6: 6}
"""The class a real face belongs to."""

Vector = tuple[int, int, int, int, int, int]
"""Numerators of: critical failure, failure, success, great success, roller fatigue, helper fatigue."""
Move = tuple[bool, int | None]
"""(False, None) to pass; (True, face) to reroll a main die showing `face`; (True, None) the helper's die."""
State = tuple[tuple[int, ...], int | None, int, int, bool, bool]


@dataclass(frozen=True, slots=True)
class Table:
    """How the final dice are judged: everything but the faces and the rerolls (§3.2, §3.5, §3.6).

    Attributes:
        terrified: Only 5 and 6 succeed.
        hopeless: A 5 also tires the roller.
        safe: Keeping it safe: no fatigue unless the test fails.
        effort: Extra effort was paid: the dice cause the roller no more fatigue.
        check: A check: no fatigue at all.
        keep_lowest: A zero-dice roll: only the lowest die is judged.
    """

    terrified: bool = False
    hopeless: bool = False
    safe: bool = False
    effort: bool = False
    check: bool = False
    keep_lowest: bool = False

    def judge(self, main: tuple[int, ...], helper: int | None) -> Vector:
        """Judge final faces: a vector of 0s and 1s."""
        faces = (*main, helper) if helper is not None else main
        kept = (min(faces),) if self.keep_lowest else faces
        succeeded = any(face >= (5 if self.terrified else 4) for face in kept)
        great = succeeded and kept.count(6) >= 2
        critical = not succeeded and 1 in kept
        tiring = (1, 4, 5) if self.hopeless else (1, 4)
        quiet = self.check or (self.safe and succeeded)
        if self.keep_lowest:
            # The kept die tires whoever rolled it; a tie with the helper's die counts as the roller's.
            own = kept[0] in main
            fatigue = own and kept[0] in tiring
            helper_fatigue = not own and kept[0] in (1, 4)
        else:
            fatigue = any(face in tiring for face in main)
            helper_fatigue = helper in (1, 4)
        return (
            int(critical),
            int(not succeeded and not critical),
            int(succeeded and not great),
            int(great),
            int(fatigue and not quiet and not self.effort),
            int(helper_fatigue and not quiet),
        )


def key(value: Vector) -> tuple[int, int, int, int]:
    """What the player maximises and the GM minimises, compared in order (see `outcome_odds`)."""
    return (value[2] + value[3], value[3], -value[4], -value[0])


@lru_cache(maxsize=1 << 16)
def _after(main: tuple[int, ...], face: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The main dice after rerolling one `face`, for each new class, with its weight."""
    position = main.index(face)
    rest = main[:position] + main[position + 1 :]
    return tuple((tuple(sorted((*rest, new))), weight) for new, weight in CLASSES)


class Game:
    """The reroll game for one `Table`, with every solved state remembered.

    Args:
        table: How the final dice are judged.
    """

    __slots__ = ("_memo", "table")

    def __init__(self, table: Table) -> None:
        self.table = table
        """How the final dice are judged."""
        self._memo: dict[State, tuple[Vector, Move]] = {}

    def value(self, state: State) -> Vector:
        """The state's value under perfect play, as numerators over 6^(rerolls left)."""
        return self.solve(state)[0]

    def move(self, state: State) -> Move:
        """The move perfect play makes in `state`."""
        return self.solve(state)[1]

    def solve(self, state: State) -> tuple[Vector, Move]:
        """The best value for the side to move, and the move that reaches it (remembered)."""
        found = self._memo.get(state)
        if found is None:
            found = self._memo[state] = self._decide(state)
        return found

    def _decide(self, state: State) -> tuple[Vector, Move]:
        main, helper, player, gm, player_turn, passed = state
        if passed:
            scale = 6 ** (player + gm)
            judged = self.table.judge(main, helper)
            best: Vector = (
                judged[0] * scale,
                judged[1] * scale,
                judged[2] * scale,
                judged[3] * scale,
                judged[4] * scale,
                judged[5] * scale,
            )
        else:
            best = self.value((main, helper, player, gm, not player_turn, True))
        move: Move = (False, None)
        if (player if player_turn else gm) == 0:
            return best, move
        best_key = key(best)
        after_player, after_gm = (player - 1, gm) if player_turn else (player, gm - 1)
        faces: list[int | None] = list(dict.fromkeys(main))
        if not player_turn and helper is not None:
            faces.append(None)  # only the GM may touch the helper's die
        for face in faces:
            children: tuple[tuple[tuple[tuple[int, ...], int | None], int], ...]
            if face is None:
                children = tuple(((main, new), weight) for new, weight in CLASSES)
            else:
                children = tuple(((after, helper), weight) for after, weight in _after(main, face))
            totals = [0, 0, 0, 0, 0, 0]
            for (child_main, child_helper), weight in children:
                child = self.value((child_main, child_helper, after_player, after_gm, not player_turn, False))
                for index in range(6):
                    totals[index] += weight * child[index]
            value: Vector = (totals[0], totals[1], totals[2], totals[3], totals[4], totals[5])
            value_key = key(value)
            if (value_key > best_key) if player_turn else (value_key < best_key):
                best, best_key, move = value, value_key, (True, face)
        return best, move


@lru_cache(maxsize=64)
def game(table: Table) -> Game:
    """The shared, memoised game for `table`."""
    return Game(table)
