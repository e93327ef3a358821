"""Provides the reroll negotiation of a test or check: proficiency, advantage, disadvantage, tokens, help.

After the dice are thrown the player (and a helper) and the GM take turns rerolling one die
at a time, each new face being kept (§3.2 step 7, §3.3, §3.4, §16 #1), until everyone who
still has a reroll passes in a row. The dice are judged only afterwards (§16 #22).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.decisions import GM, Choice, Decision, Resolution
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.odds import PLAYER, perfect_reroll
from expedition.rules.core.reroll_game import Table

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context

PLAYER_RESOURCES = ("advantage", "proficiency", "dodge", "shield")
"""What the roller may spend on a reroll, in the order the default answer spends them."""

_SPENT_ON = {
    "advantage": ("advantage", "§3.4"),
    "proficiency": ("proficiency", "§3.3"),
    "dodge": ("a dodge token", "§10.2.3"),
    "shield": ("a shield token", "§10.2.3"),
}


@dataclass(frozen=True, slots=True)
class Pool:
    """The dice on the table while a test is being rolled.

    Attributes:
        faces: The current faces; the helper's die, when there is one, is the last.
        helped: True if the last die belongs to the helper.
        keep_lowest: A zero-dice roll: only the lowest die counts (§3.5).
    """

    faces: tuple[int, ...]
    helped: bool = False
    keep_lowest: bool = False

    @property
    def own(self) -> range:
        """Indices of the main roller's dice."""
        return range(len(self.faces) - (1 if self.helped else 0))

    @property
    def helper_index(self) -> int | None:
        """Index of the helper's die, or None without a helper."""
        return len(self.faces) - 1 if self.helped else None

    def kept(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The faces that are judged, split into `(the roller's, the helper's)`.

        In a zero-dice roll only the lowest die is kept; it belongs to whoever rolled it, and
        a tie between the roller's dice and the helper's die counts as the roller's.
        """
        own = tuple(self.faces[i] for i in self.own)
        helper = () if self.helper_index is None else (self.faces[self.helper_index],)
        if not self.keep_lowest or not self.faces:
            return own, helper
        low = min(self.faces)
        return ((low,), ()) if low in own else ((), (low,))

    def with_face(self, index: int, face: int) -> Pool:
        """The same pool with die `index` showing `face`."""
        faces = list(self.faces)
        faces[index] = face
        return Pool(tuple(faces), self.helped, self.keep_lowest)


@dataclass(slots=True)
class Budget:
    """Rerolls each side still has.

    Attributes:
        proficiency: The roller's proficiency rerolls (§3.3).
        advantage: Net advantage rerolls, the roller's (§3.4).
        shield: Shield tokens the roller may spend on their own dice (§10.2.3).
        dodge: Dodge tokens the roller may spend on their own dice (§10.2.3).
        helper: The helper's proficiency rerolls, for the helper's die only (§3.5).
        gm: Net disadvantage rerolls, the GM's, on any die (§3.4).
    """

    proficiency: int = 0
    advantage: int = 0
    shield: int = 0
    dodge: int = 0
    helper: int = 0
    gm: int = 0

    def player_left(self) -> int:
        """Rerolls the main roller can still spend."""
        return self.proficiency + self.advantage + self.shield + self.dodge


Scorer = Callable[[Pool], int]
"""Ranks a pool as it would be judged now: 0 critical failure, 1 failure, 2 success, 3 great success."""


def negotiate(
    ctx: Context,
    pool: Pool,
    budget: Budget,
    *,
    roller: Character,
    helper: Character | None,
    score: Scorer,
    why: str,
    table: Table | None = None,
) -> Resolution[Pool]:
    """Let the roller, the helper and the GM reroll one die at a time until all of them pass.

    Turns go roller → helper → GM → roller …, skipping whoever has no reroll left. Each
    reroll keeps its new face (§16 #1) and emits `DieRerolled`; a spent shield or dodge token
    is taken from `roller.tokens`. The negotiation ends when everyone with rerolls left has
    passed since the last reroll.

    Decisions (kind "reroll"): the roller answers `"<resource>:<die>"` (resources
    "advantage", "proficiency", "dodge", "shield"; their own dice only) or "pass"; the
    helper answers `"proficiency:<die>"` for their die or "pass"; the GM (owner `GM`)
    answers `"die:<n>"` for any die or "pass".

    Defaults: the roller's is `_suggested`. The helper rerolls their
    die while the roll fails; the GM, while the roll succeeds, rerolls the die whose loss would
    hurt the player most (a 6, or the only success), and passes when no reroll is expected to
    make things worse for the player.

    Returns:
        The final pool.
    """
    sides = ("player", "helper", "gm")
    passed: set[str] = set()
    turn = 0
    while True:
        active = [side for side in sides if _left(pool, budget, side) > 0]
        if not active or passed.issuperset(active):
            return pool
        side = sides[turn % len(sides)]
        turn += 1
        if side not in active:
            continue
        if side == "player":
            target = _suggested(pool, budget, score, table, gm_passed="gm" in passed)
            decision = _player_decision(pool, budget, roller, target, why)
        elif side == "helper" and helper is not None:
            decision = _helper_decision(pool, budget, helper, roller, score, why)
        else:
            decision = _gm_decision(pool, roller, score, why)
        key = yield decision
        if key not in decision.keys:
            raise InvalidAction(f"{key!r} is not a choice here; choose one of {', '.join(decision.keys)}")
        if key == "pass":
            passed.add(side)
            continue
        passed.clear()
        resource, _, index_text = key.partition(":")
        index = int(index_text)
        pool = _reroll(ctx, pool, budget, side, resource, index, roller=roller, helper=helper, why=why)


def _left(pool: Pool, budget: Budget, side: str) -> int:
    if side == "player":
        return budget.player_left() if len(pool.own) else 0
    if side == "helper":
        return budget.helper if pool.helped else 0
    return budget.gm if pool.faces else 0


def _mean_after(pool: Pool, index: int, score: Scorer) -> int:
    """Six times the expected rank if die `index` were rerolled (an integer, to compare exactly)."""
    return sum(score(pool.with_face(index, face)) for face in range(1, 7))


def _best_for_player(pool: Pool, indices: range | tuple[int, ...], score: Scorer) -> int | None:
    """The die whose reroll most improves a failing roll, or None if the roll succeeds or nothing helps."""
    now = score(pool)
    if now >= 2:
        return None
    ranked = sorted(indices, key=lambda i: (-_mean_after(pool, i, score), pool.faces[i], i))
    if ranked and _mean_after(pool, ranked[0], score) > 6 * now:
        return ranked[0]
    return None


def _describe(pool: Pool) -> str:
    shown = [str(face) for face in pool.faces]
    if pool.helped:
        shown[-1] += " (helper)"
    text = ", ".join(shown)
    return f"{text}; only the lowest counts" if pool.keep_lowest else text


def _suggested(
    pool: Pool, budget: Budget, score: Scorer, table: Table | None, *, gm_passed: bool
) -> int | None:
    """The roller's suggested answer: the die to reroll now, None to keep the dice.

    Given the `table` the dice will be judged by, a failing roll is played as the odds shown
    before the roll assume (`odds.perfect_reroll`, perfect play over the rerolls both sides have
    left: it finds the two rerolls that can turn a zero-dice roll, which one look ahead cannot),
    and so is a succeeding one when no reroll can tire the roller (a check, extra effort, keeping
    it safe): a free chance at a great success. A success that a reroll could cost fatigue
    is kept. Without a table, the die whose reroll most improves a failing roll.
    """
    if table is None:
        return _best_for_player(pool, pool.own, score)
    if score(pool) >= 2 and not (table.check or table.effort or table.safe):
        return None
    return _perfect_move(pool, budget, table, gm_passed=gm_passed)


def _perfect_move(pool: Pool, budget: Budget, table: Table, *, gm_passed: bool) -> int | None:
    """The roller's own die that perfect play rerolls now (`odds.perfect_reroll`), None to keep the dice."""
    index = perfect_reroll(
        pool.faces,
        table,
        side=PLAYER,
        player_rerolls=budget.player_left(),
        gm_rerolls=budget.gm,
        passed=gm_passed,
        helper_index=pool.helper_index,
    )
    return index if index in pool.own else None


def _player_decision(pool: Pool, budget: Budget, roller: Character, target: int | None, why: str) -> Decision:
    choices = [Choice("pass", "Keep these dice")]
    left = {"advantage": budget.advantage, "proficiency": budget.proficiency}
    left |= {"dodge": budget.dodge, "shield": budget.shield}
    for resource in PLAYER_RESOURCES:
        if left[resource] <= 0:
            continue
        words = _SPENT_ON[resource][0]
        for i in pool.own:
            label = f"Reroll die {i + 1} (a {pool.faces[i]}) with {words} ({left[resource]} left)"
            choices.append(Choice(f"{resource}:{i}", label))
    first = next(resource for resource in PLAYER_RESOURCES if left[resource] > 0)
    default = "pass" if target is None else f"{first}:{target}"
    prompt = f"{roller.name}'s {why}: {_describe(pool)}. Reroll one of your dice?"
    return Decision("reroll", roller.id, prompt, tuple(choices), default, "§3.2")


def _helper_decision(
    pool: Pool, budget: Budget, helper: Character, roller: Character, score: Scorer, why: str
) -> Decision:
    index = pool.helper_index
    assert index is not None  # only asked when there is a helper's die
    label = f"Reroll your die (a {pool.faces[index]}) with proficiency ({budget.helper} left)"
    choices = (Choice("pass", "Keep your die"), Choice(f"proficiency:{index}", label))
    target = _best_for_player(pool, (index,), score)
    default = "pass" if target is None else f"proficiency:{index}"
    prompt = f"{helper.name}, helping with {roller.name}'s {why}: {_describe(pool)}. Reroll your die?"
    return Decision("reroll", helper.id, prompt, choices, default, "§3.5")


def _gm_decision(pool: Pool, roller: Character, score: Scorer, why: str) -> Decision:
    choices = [Choice("pass", "Let the dice stand")]
    choices += [Choice(f"die:{i}", f"Reroll die {i + 1} (a {pool.faces[i]})") for i in range(len(pool.faces))]
    default = "pass"
    now = score(pool)
    if now >= 2:
        indices = range(len(pool.faces))
        ranked = sorted(indices, key=lambda i: (_mean_after(pool, i, score), -pool.faces[i], i))
        if _mean_after(pool, ranked[0], score) < 6 * now:
            default = f"die:{ranked[0]}"
    prompt = f"Disadvantage on {roller.name}'s {why}: {_describe(pool)}. Reroll a die?"
    return Decision("reroll", GM, prompt, tuple(choices), default, "§3.4")


def _reroll(
    ctx: Context,
    pool: Pool,
    budget: Budget,
    side: str,
    resource: str,
    index: int,
    *,
    roller: Character,
    helper: Character | None,
    why: str,
) -> Pool:
    if side == "gm":
        budget.gm -= 1
        owner, by, resource, rule = roller, GM, "disadvantage", "§3.4"
        if index == pool.helper_index and helper is not None:
            owner = helper
    elif side == "helper" and helper is not None:
        budget.helper -= 1
        owner, by, rule = helper, helper.id, "§3.5"
    else:
        owner, by, rule = roller, roller.id, _SPENT_ON[resource][1]
        if resource == "advantage":
            budget.advantage -= 1
        elif resource == "proficiency":
            budget.proficiency -= 1
        elif resource == "dodge":
            budget.dodge -= 1
            roller.tokens.dodge -= 1
        else:
            budget.shield -= 1
            roller.tokens.shield -= 1
    old = pool.faces[index]
    (new,) = ctx.roll(1, who=by, why=f"{why} reroll", rule=rule)
    ctx.emit(
        DieRerolled(
            rule=rule, character=owner.id, by=by, resource=resource, index=index, old=old, new=new, why=why
        )
    )
    return pool.with_face(index, new)


@dataclass(frozen=True, slots=True, kw_only=True)
class DieRerolled(Event):
    """One die of a test or check was rerolled and keeps its new face (§16 #1).

    A reroll paid with a shield or dodge token also records that the token was spent.

    Attributes:
        character: Whose die it is (the roller's, or the helper's).
        by: Who chose the reroll: a character id, or "gm" for disadvantage.
        resource: What paid for it: "proficiency", "advantage", "disadvantage", "shield" or "dodge".
        index: Position of the die in the roll (the helper's die is last).
        old: The face before.
        new: The face now.
        why: The roll it belongs to ("STR test").
    """

    character: str
    by: str
    resource: str
    index: int
    old: int
    new: int
    why: str
