"""Provides exact odds: tests and checks with rerolls (§3), risk dice, table sums, armour, Dauntless.

Risk dice and table sums are §2, armour rolls §4.2 and §7.6, the Dauntless dice §3.7.

Everything here is exact arithmetic with `fractions.Fraction`; nothing is rolled. The odds of
a test with rerolls depend on how both sides spend them, so `outcome_odds` fixes a policy
(see its docstring) and `best_reroll` exposes the same policy move by move, so that a bot or
a simulation can play exactly the game whose odds were computed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial

from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.reroll_game import CLASS_OF, CLASSES, Table, game

PLAYER = "player"
"""`best_reroll` side: the player (proficiency and advantage rerolls)."""
GM_SIDE = "gm"
"""`best_reroll` side: the game master (disadvantage rerolls)."""

MAX_SEARCH = 80_000
"""Largest search `outcome_odds` takes on (dice multisets × reroll counts), a few seconds at most."""

_ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class RollOdds:
    """Exact chances of one attribute test or check.

    The four outcomes are mutually exclusive and sum to 1; `success` excludes a great success.

    Attributes:
        critical_failure: Chance of a critical failure (§3.2).
        failure: Chance of a plain failure.
        success: Chance of a success that is not great.
        great_success: Chance of a great success (two or more 6s).
        fatigue: Chance that the main roller takes a fatigue point from the dice. With extra
            effort this is 0: the paid point is certain and is not counted here.
        helper_fatigue: Chance that the helper takes a fatigue point from their die (0 without a helper).
    """

    critical_failure: Fraction
    failure: Fraction
    success: Fraction
    great_success: Fraction
    fatigue: Fraction
    helper_fatigue: Fraction = _ZERO

    @property
    def succeeded(self) -> Fraction:
        """Chance of a success or a great success."""
        return self.success + self.great_success

    def as_floats(self) -> dict[str, float]:
        """The five headline chances as floats, keyed by outcome name (the `--json` shape)."""
        return {
            "critical_failure": float(self.critical_failure),
            "failure": float(self.failure),
            "success": float(self.success),
            "great_success": float(self.great_success),
            "fatigue": float(self.fatigue),
        }


def outcome_odds(
    dice: int,
    *,
    proficiency: int = 0,
    advantage: int = 0,
    disadvantage: int = 0,
    terrified: bool = False,
    hopeless: bool = False,
    safe: bool = False,
    effort: bool = False,
    helper: bool = False,
    check: bool = False,
) -> RollOdds:
    """Return the exact odds of an attribute test (or, with `check`, a check).

    Dice (§3.2, §3.5, §3.8): `dice` is the attribute's available dice before any adjustment.
    Keeping it safe rolls 2 fewer, extra effort 1 more, and a helper adds 1 die of their own.
    If that total is 0 or less (say −k), 2 + k dice are rolled and only the lowest is kept
    and judged; one of them is the helper's when there is a helper. The GM's option to call
    −2 or worse an automatic failure is not taken.

    Judging: success needs a 4+ (5+ if Terrified); great success needs a success and two or
    more 6s; critical failure is a failure with a 1. A 1 or a 4 (or a 5 if Hopeless) on the
    main roller's dice gives them one fatigue point (§16 #22: judged on the final dice) —
    never on a check, never with extra effort (already paid, so `fatigue` is 0), and with
    keeping it safe only if the test fails. A 1 or 4 on the helper's die tires the helper
    instead (`helper_fatigue`; the helper is taken to be free of afflictions and their own
    proficiency is not modelled). In a zero-dice roll the kept die tires whoever rolled it,
    a tie with the helper's die counting as the roller's.

    Rerolls (§3.3, §3.4, §16 #1): advantage and disadvantage cancel one for one. The player
    gets proficiency + net advantage rerolls of their own dice (never the helper's); the GM
    gets net disadvantage rerolls of any die. A rerolled die keeps its new face.

    Policy: the sides alternate, the player first; on each turn a side rerolls one die or
    passes, and the dice are judged after two passes in a row (a side that passed may still
    answer a later reroll). Both sides play perfectly by backward induction over the
    multiset of faces and the rerolls left. The player maximises, and the GM minimises, the
    same key compared in order: chance of success or better, then chance of a great success,
    then chance of no fatigue, then chance of avoiding a critical failure. Among equal moves
    a side passes first, then rerolls the lowest face (the helper's die last).

    Results are memoised on a canonical key: repeating a query returns the same object.

    Raises:
        InvalidAction: For negative rerolls, keeping it safe with extra effort, or a roll
            too large to search exactly (more than `MAX_SEARCH` dice multisets × reroll counts).
    """
    if min(proficiency, advantage, disadvantage) < 0:
        raise InvalidAction("proficiency, advantage and disadvantage cannot be negative")
    if safe and effort:
        raise InvalidAction("keeping it safe cannot be combined with extra effort (§3.5)")
    count, keep_lowest = rolled_dice(dice, safe=safe, effort=effort, helper=helper)
    player = proficiency + max(advantage - disadvantage, 0)
    gm = max(disadvantage - advantage, 0)
    main_count = count - (1 if helper else 0)
    if comb(main_count + 4, 4) * (5 if helper else 1) * (player + 1) * (gm + 1) > MAX_SEARCH:
        raise InvalidAction(
            f"too many dice and rerolls to work out exactly ({count} dice, {player} rerolls for the player, "
            f"{gm} for the GM)"
        )
    table = _normal(Table(terrified, hopeless, safe, effort, check, keep_lowest))
    return _odds(main_count, helper, player, gm, table)


def rolled_dice(
    dice: int, *, safe: bool = False, effort: bool = False, helper: bool = False
) -> tuple[int, bool]:
    """How many dice are thrown for `dice` available dice, and whether only the lowest is kept (§3.5, §3.8).

    Returns:
        `(count, keep_lowest)`: the helper's die is included in `count`.
    """
    total = dice + (1 if effort else 0) - (2 if safe else 0) + (1 if helper else 0)
    return (2 - total, True) if total <= 0 else (total, False)


def best_reroll(
    faces: Sequence[int],
    *,
    side: str,
    player_rerolls: int,
    gm_rerolls: int,
    passed: bool = False,
    helper_index: int | None = None,
    keep_lowest: bool = False,
    terrified: bool = False,
    hopeless: bool = False,
    safe: bool = False,
    effort: bool = False,
    check: bool = False,
) -> int | None:
    """The move `outcome_odds` assumes: which die `side` rerolls now, or None to pass.

    Args:
        faces: The dice on the table, in any order.
        side: `PLAYER` or `GM_SIDE`, whoever is to move.
        player_rerolls: Rerolls the player has left.
        gm_rerolls: Rerolls the GM has left.
        passed: True if the other side has just passed (so a pass now ends the rerolls).
        helper_index: Position of the helper's die in `faces`, if there is one.
        keep_lowest: True for a zero-dice roll, where only the lowest die counts.
        terrified: The roller is Terrified.
        hopeless: The roller is Hopeless.
        safe: The roller is keeping it safe.
        effort: The roller paid for extra effort.
        check: A check rather than a test.

    Returns:
        The index in `faces` of the die to reroll, or None to pass.

    Raises:
        InvalidAction: For an unknown side, negative rerolls or an impossible face.
    """
    if side not in (PLAYER, GM_SIDE):
        raise InvalidAction(f"side must be {PLAYER!r} or {GM_SIDE!r}, not {side!r}")
    if min(player_rerolls, gm_rerolls) < 0:
        raise InvalidAction("rerolls left cannot be negative")
    if any(not 1 <= face <= 6 for face in faces):
        raise InvalidAction(f"faces must be 1 to 6, not {tuple(faces)}")
    table = Table(terrified, hopeless, safe, effort, check, keep_lowest)
    return perfect_reroll(
        faces,
        table,
        side=side,
        player_rerolls=player_rerolls,
        gm_rerolls=gm_rerolls,
        passed=passed,
        helper_index=helper_index,
    )


def perfect_reroll(
    faces: Sequence[int],
    table: Table,
    *,
    side: str,
    player_rerolls: int,
    gm_rerolls: int,
    passed: bool = False,
    helper_index: int | None = None,
) -> int | None:
    """`best_reroll` for dice judged by `table`, trusted as they are (no checks of the arguments)."""
    table = _normal(table)
    main = tuple(sorted(CLASS_OF[face] for index, face in enumerate(faces) if index != helper_index))
    helper = None if helper_index is None else CLASS_OF[faces[helper_index]]
    player_turn = side == PLAYER
    state = (main, helper, player_rerolls, gm_rerolls, player_turn, passed)
    reroll, face = game(table).move(state)
    if not reroll:
        return None
    if face is None:
        return helper_index
    return next(i for i, f in enumerate(faces) if i != helper_index and CLASS_OF[f] == face)


def risk_odds(dice: int) -> Fraction:
    """Chance that risk dice `Nd!` trigger (§2): at least one 1 on `dice` d6, 1 − (5/6)^N."""
    if dice < 0:
        raise InvalidAction("risk dice cannot be negative")
    return 1 - Fraction(5, 6) ** dice


def table_odds(dice: int) -> dict[int, Fraction]:
    """Exact distribution of the sum of `dice` d6 (the 2d6, 3d6 and 4d6 tables of §2), lowest sum first."""
    if dice < 0:
        raise InvalidAction("a table roll cannot use negative dice")
    ways: dict[int, int] = {0: 1}
    for _ in range(dice):
        following: dict[int, int] = {}
        for total, count in ways.items():
            for face in range(1, 7):
                following[total + face] = following.get(total + face, 0) + count
        ways = following
    return {total: Fraction(count, 6**dice) for total, count in sorted(ways.items())}


@dataclass(frozen=True, slots=True)
class ArmourOdds:
    """Exact chances of one armour roll (§4.2).

    Attributes:
        reduced: Chance of each number of wounds removed (one per 4, 5 or 6), fewest first.
        broken: Chance of each number of armour points broken, fewest first.
    """

    reduced: dict[int, Fraction]
    broken: dict[int, Fraction]

    def at_least(self, wounds: int) -> Fraction:
        """Chance that the roll removes `wounds` wounds or more."""
        return sum((chance for count, chance in self.reduced.items() if count >= wounds), _ZERO)

    @property
    def any_broken(self) -> Fraction:
        """Chance that the roll breaks at least one armour point."""
        return 1 - self.broken.get(0, _ZERO)

    @property
    def expected(self) -> Fraction:
        """Wounds removed on average."""
        return sum((count * chance for count, chance in self.reduced.items()), _ZERO)


def _binomial(count: int, chance: Fraction) -> dict[int, Fraction]:
    return {k: comb(count, k) * chance**k * (1 - chance) ** (count - k) for k in range(count + 1)}


def armour_odds(dice: int, *, padded: bool = False, soldier_helmet: bool = False) -> ArmourOdds:
    """The exact odds of rolling `dice` armour dice (§4.2): each 4+ removes a wound, each 1 or 4 breaks an AP.

    Padded armour breaks only on 1s; a soldier helmet breaks exactly one AP whenever it is
    rolled (§7.6), as `rules.character.armour.armour_roll` judges them.

    Raises:
        InvalidAction: When `dice` is negative.
    """
    if dice < 0:
        raise InvalidAction("an armour roll cannot use negative dice")
    reduced = _binomial(dice, Fraction(1, 2))
    if soldier_helmet:
        broken = {1: Fraction(1)} if dice else {0: Fraction(1)}
    else:
        broken = _binomial(dice, Fraction(1, 6) if padded else Fraction(1, 3))
    return ArmourOdds(reduced, broken)


@dataclass(frozen=True, slots=True)
class DauntlessOdds:
    """Exact chances of throwing the 2 Dauntless dice into a success (§3.7).

    Attributes:
        great_success: Chance that the success ends great (two or more 6s among all the dice).
        fatigue: Chance that the new dice cost a fatigue point the roll did not cost already.
    """

    great_success: Fraction
    fatigue: Fraction


def dauntless_odds(faces: Sequence[int], *, tired: bool, hopeless: bool = False) -> DauntlessOdds:
    """The odds of the Dauntless dice thrown into a success showing `faces` (§3.7).

    A success stays a success whatever they show; two 6s among all the faces make it great.

    Args:
        faces: The judged faces of the success (the roller's and a helper's).
        tired: No new fatigue is possible: the roll already tires the roller, extra effort was
            paid, or it was kept safe (a kept-safe success never tires).
        hopeless: Hopeless: a 5 tires too.
    """
    sixes = list(faces).count(6)
    tiring = (1, 4, 5) if hopeless else (1, 4)
    great = fatigue = 0
    for first in range(1, 7):
        for second in range(1, 7):
            great += sixes + (first == 6) + (second == 6) >= 2
            fatigue += not tired and (first in tiring or second in tiring)
    return DauntlessOdds(Fraction(great, 36), Fraction(fatigue, 36))


def _normal(table: Table) -> Table:
    """`table` without the flags that cannot change its judgement, so equal questions share one cache."""
    quiet = table.check or table.effort
    return replace(
        table,
        hopeless=table.hopeless and not quiet,
        safe=table.safe and not table.check,
        effort=table.effort and not table.check,
    )


@lru_cache(maxsize=1024)
def _odds(main_count: int, helper: bool, player: int, gm: int, table: Table) -> RollOdds:
    solved = game(table)
    totals = [0, 0, 0, 0, 0, 0]
    helper_faces: tuple[tuple[int | None, int], ...] = CLASSES if helper else ((None, 1),)
    for main, ways in _multisets(main_count):
        for helper_face, helper_ways in helper_faces:
            value = solved.value((main, helper_face, player, gm, True, False))
            for index in range(6):
                totals[index] += ways * helper_ways * value[index]
    denominator = 6 ** (main_count + (1 if helper else 0) + player + gm)
    return RollOdds(*(Fraction(total, denominator) for total in totals))


def _multisets(count: int) -> list[tuple[tuple[int, ...], int]]:
    """Every sorted multiset of face classes of `count` dice, with its number of ways out of 6^count."""
    result = []
    for faces in combinations_with_replacement([face for face, _ in CLASSES], count):
        ways = factorial(count)
        for face, weight in CLASSES:
            n = faces.count(face)
            ways = ways // factorial(n) * weight**n
        result.append((faces, ways))
    return result
