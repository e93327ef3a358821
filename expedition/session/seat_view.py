"""Provides `SeatView`: what one seat sees of the game at one moment, and what it may do then.

Every front end reads the game through a seat view (DESIGN.md, "Session and seats"): the seat's
filtered state as typed objects (`state`), the clocks as the seat may know them (`trackers`),
every action the seat can take now with its cost, and each refused one with the reason
(`choices`, by the character who would act; `options`, all of them), who of the seat may act now
(`ready`), and the decision the game waits for (`pending`, owed by `waiting_for`).

A view belongs to one version of the game (`version`: it counts every change the session
reported). Its parts are built the first time they are read and kept: a bot that only reads
`options` never pays for the filtered state, a screen never pays for the plain encoding, and every
viewer of one seat shares one view per version (a crowd of spectators, one render each). The same
class is rebuilt by a client from the plain form the server sends it (`net.plain_forms`), so the
screens read a local game and a served one alike; options are always worked out on the server.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from expedition.rules.character.adventurer import Character
from expedition.rules.core.actions import Action
from expedition.rules.core.decisions import Decision
from expedition.rules.core.distance import Pos
from expedition.rules.core.odds import RollOdds
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.camp_state import CampState
from expedition.session.save_health import SaveHealth
from expedition.session.views import WATCHING, Seat, SeatKind, seat_characters

__all__ = ["Lazy", "LazyMap", "SeatOption", "SeatView", "TrackerView"]

T = TypeVar("T")
V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class SeatOption:
    """One action a seat could take now, as the rules judge it on the server.

    Attributes:
        action: The action to submit, exactly as it is.
        label: What it is, in the game's words.
        cost: What it costs, in `unit`s (0: free).
        unit: "turn" (exploration), "action" (a fight) or "camp action".
        enabled: Whether the rules allow it now.
        reason: Why not, when they do not ("" otherwise).
        actor: The character who would take it ("" for the table: the party, a player).
        tile: Where it goes, for a step, a move or a flight.
        target: Whom or what it is aimed at (a foe's uid, a player's id), "" for nothing.
        detail: What it does, in a line, where the rules say so (the camp's actions).
        odds: The exact odds of its roll, for an attack.
    """

    action: Action
    label: str
    cost: int = 0
    unit: str = "turn"
    enabled: bool = True
    reason: str = ""
    actor: str = ""
    tile: Pos | None = None
    target: str = ""
    detail: str = ""
    odds: RollOdds | None = None

    @property
    def kind(self) -> str:
        """The action's kind: its class name ("Step", "AttackFoe")."""
        return type(self.action).__name__

    def arg(self, name: str) -> object:
        """One of the action's own fields by name (a GiveItem's `to`), None when it has none."""
        return getattr(self.action, name, None)

    def completed(self, **fields: Any) -> Action:
        """The action with what the player chose put in: a RenamePlayer's `name`, a PlanDay's `items`.

        The session judges the completed action when it is submitted.

        Raises:
            TypeError: For a field the action does not have.
        """
        return replace(self.action, **fields)


@dataclass(frozen=True, slots=True)
class TrackerView:
    """A clock as a seat may know it (§9): its segments, or only that it exists and whether it moved.

    Attributes:
        name: The tracker's name ("decay", "omens", "doom:<location>").
        size: Its segments, None when hidden from the seat.
        filled: Segments filled, None when hidden.
        moved: A hidden tracker moved during the last action.
        revealed: What one of the seat's Veterans read of a hidden doom (§6.1), None otherwise.
        steps_to_next: With `revealed`: steps to its next effect then, None when none was left.
        revealed_by: With `revealed`: the Veteran's id.
    """

    name: str
    size: int | None = None
    filled: int | None = None
    moved: bool = False
    revealed: int | None = None
    steps_to_next: int | None = None
    revealed_by: str = ""

    @property
    def hidden(self) -> bool:
        """True when the seat may not read its value."""
        return self.filled is None


class Lazy(Generic[T]):
    """A value made the first time it is asked for, then kept.

    Args:
        make: Makes the value (called at most once).
    """

    __slots__ = ("_made", "_make", "_value")

    def __init__(self, make: Callable[[], T]) -> None:
        self._make: Callable[[], T] | None = make
        self._made = False
        self._value: T | None = None

    @classmethod
    def of(cls, value: T) -> Lazy[T]:
        """A value already made."""
        lazy = cls(lambda: value)
        lazy.get()
        return lazy

    def get(self) -> T:
        """The value."""
        if not self._made:
            assert self._make is not None
            self._value, self._made, self._make = self._make(), True, None
        return self._value  # type: ignore[return-value]  # made above; T may itself allow None


class LazyMap(Mapping[str, V]):
    """A mapping over fixed keys whose values are made on first use, one key at a time.

    Args:
        keys: The keys, in order.
        make: Makes the value of one key (called at most once per key).
    """

    def __init__(self, keys: tuple[str, ...], make: Callable[[str], V]) -> None:
        self._keys = keys
        self._make = make
        self._values: dict[str, V] = {}

    def __contains__(self, key: object) -> bool:
        return key in self._keys  # without making its value (`Mapping`'s own would)

    def made(self, key: str) -> V | None:
        """The value of `key` if it was made already, else None (nothing is made)."""
        return self._values.get(key)

    def __getitem__(self, key: str) -> V:
        if key not in self._values:
            if key not in self._keys:
                raise KeyError(key)
            self._values[key] = self._make(key)
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


class SeatView:
    """What one seat sees at one version of the game, and what it may do (see the module docstring).

    Args:
        seat: Whose view it is.
        version: The version of the game it shows.
        state: The seat's filtered state.
        body: The same filtered state as plain values (the snapshot encoding, `views.view_for`).
        trackers: The clocks as the seat may know them, by tracker name.
        choices: What the seat may do now, by the character who would act ("" for the table).
        ready: The seat's characters who may act now, in the order they may.
        pending: The decision the game waits for, if any (for whichever seat owns it).
        waiting_for: Who owes `pending`: a player's id, or "" when nothing waits.
        saving: Whether the game's saving works, as this seat is told (`save_health`).
        kinds: Works out only some kinds of one character's options (`options_of`), where the
            rules can; None to filter `choices`.
    """

    __slots__ = (
        "_body",
        "_choices",
        "_kinds",
        "_ready",
        "_state",
        "_trackers",
        "pending",
        "saving",
        "seat",
        "version",
        "waiting_for",
    )

    def __init__(
        self,
        seat: Seat,
        version: int,
        *,
        state: Lazy[CampaignState],
        body: Lazy[dict[str, Any]],
        trackers: Lazy[Mapping[str, TrackerView]],
        choices: Lazy[Mapping[str, tuple[SeatOption, ...]]],
        ready: Lazy[tuple[str, ...]],
        pending: Decision | None = None,
        waiting_for: str = "",
        saving: SaveHealth | None = None,
        kinds: Callable[[str, frozenset[str]], tuple[SeatOption, ...]] | None = None,
    ) -> None:
        self.seat = seat
        """Whose view it is."""
        self.version = version
        """The version of the game it shows."""
        self.pending = pending
        """The decision the game waits for, if any."""
        self.waiting_for = waiting_for
        """Who owes `pending` (a player's id), "" when nothing waits."""
        self.saving = saving if saving is not None else SaveHealth()
        """Whether the game's saving works, as this seat is told: the disk banner when it does not."""
        self._state = state
        self._body = body
        self._trackers = trackers
        self._choices = choices
        self._ready = ready
        self._kinds = kinds

    @property
    def state(self) -> CampaignState:
        """The campaign as this seat may see it: hidden clocks empty, no seed or dice, the known dungeon."""
        return self._state.get()

    @property
    def body(self) -> dict[str, Any]:
        """The filtered state as plain values (what travels to a client)."""
        return self._body.get()

    @property
    def trackers(self) -> Mapping[str, TrackerView]:
        """Every clock as this seat may know it, by tracker name."""
        return self._trackers.get()

    @property
    def choices(self) -> Mapping[str, tuple[SeatOption, ...]]:
        """What the seat may do now, by the character who would act ("" for the party or table)."""
        return self._choices.get()

    @property
    def options(self) -> tuple[SeatOption, ...]:
        """Every action the seat could take now, each once, enabled or with the reason.

        While a decision waits (`pending`), these are what the rules allow at that point of the
        action; the session takes none of them until the decision is answered.
        """
        seen: set[Action] = set()
        found: list[SeatOption] = []
        for options in self.choices.values():
            for option in options:
                if option.action not in seen:
                    seen.add(option.action)
                    found.append(option)
        return tuple(found)

    @property
    def ready(self) -> tuple[str, ...]:
        """The seat's characters who may act now (in a fight: whose turn may start), in order."""
        return self._ready.get()

    def options_of(self, actor: str, kinds: frozenset[str]) -> tuple[SeatOption, ...]:
        """What `actor` ("" for the table) could do now of these kinds ("Buy"), in `choices`' order.

        Where the rules can work out one kind alone (an adventurer's interlude: the market's every
        dealing and every item's moves are judged one by one), only those are, unless the whole
        list was already made; so a bot that wants to buy does not pay for judging every gift.
        """
        choices = self.choices
        if actor not in choices:
            return ()
        made = choices.made(actor) if isinstance(choices, LazyMap) else choices[actor]
        if made is None and self._kinds is not None:
            return self._kinds(actor, kinds)
        return tuple(option for option in choices[actor] if option.kind in kinds)

    def options_for(self, actor: str) -> tuple[SeatOption, ...]:
        """What `actor` could do now (with what the whole party may do, where it goes with them)."""
        return self.choices.get(actor, ())

    @property
    def mine(self) -> list[Character]:
        """The living characters this seat plays, in party order."""
        return seat_characters(self.state, self.seat)

    @property
    def names(self) -> dict[str, str]:
        """Every character's name by id, the party's and the roster's (the dead keep theirs)."""
        state = self.state
        names = {entry.character.id: entry.character.name for entry in state.roster}
        names.update({member.id: member.name for member in state.party})
        return names

    @property
    def camp(self) -> CampState | None:
        """The camp under way, the dungeon's or one outside it (§10.3), else None."""
        state = self.state
        if state.expedition is not None and state.expedition.camp is not None:
            return state.expedition.camp
        return state.camp

    def place_title(self, location: str) -> str:
        """A place the party knows, in the player's words: a dungeon's own name, a town's name.

        The dungeon the party is in goes by its name, one it has left by the name it kept
        (`Location.title`); a town by its key in words ("blacksalt" → "Blacksalt").
        """
        state = self.state
        expedition = state.expedition
        if expedition is not None and location == state.location and expedition.dungeon.name:
            return expedition.dungeon.name
        known = state.locations.get(location)
        if known is not None and known.title:
            return known.title
        return location.replace("_", " ").replace("-", " ").capitalize() if location else "nowhere"

    def doom_of(self, location: str) -> TrackerView | None:
        """A location's doom as the seat may know it, None for an unknown place."""
        return self.trackers.get(f"doom:{location}")

    @property
    def refusal(self) -> str:
        """Why this seat may take no action at all (a spectator's), "" for a seat that plays."""
        return WATCHING if self.seat.kind is SeatKind.SPECTATOR else ""

    @property
    def decides(self) -> bool:
        """True if a decision waits and this seat is the one to answer it."""
        if self.pending is None or self.seat.kind is SeatKind.SPECTATOR:
            return False
        return self.seat.kind is SeatKind.HOST or self.waiting_for == self.seat.player
