"""Provides settlement definitions (§7.2, §10.4.2, §10.4.5): sizes, shop stock dice, named places, beds."""

from __future__ import annotations

from dataclasses import dataclass

from expedition.rules.core.dice import parse_risk
from expedition.rules.core.errors import NotationError
from expedition.rules.core.item_defs import Category

SOLD_CATEGORIES: tuple[Category, ...] = (
    Category.COMMON,
    Category.UNCOMMON,
    Category.VALUABLE,
    Category.RARE,
    Category.EXOTIC,
)
"""The price categories a shop can stock (free things are never for sale)."""


@dataclass(frozen=True, slots=True)
class Availability:
    """Whether a shop has an item of some category (§7.2).

    Attributes:
        risk_dice: Risk dice to roll; any 1 means it is in stock. 0 when no roll is needed.
        always: In stock without rolling.
    """

    risk_dice: int = 0
    always: bool = False

    @property
    def never(self) -> bool:
        """Never sold in this settlement."""
        return not self.always and self.risk_dice == 0

    def __str__(self) -> str:
        if self.always:
            return "always"
        return "never" if self.never else f"{self.risk_dice}d!"


def parse_availability(text: str) -> Availability:
    """Parse "always", "never" or risk dice like "2d!".

    Raises:
        NotationError: Anything else.
    """
    word = text.strip().lower()
    if word == "always":
        return Availability(always=True)
    if word == "never":
        return Availability()
    try:
        return Availability(risk_dice=parse_risk(text))
    except NotationError:
        raise NotationError(text, 0, 'expected "always", "never" or risk dice like 2d!') from None


@dataclass(frozen=True, slots=True)
class SettlementSize:
    """One of the five settlement sizes (§10.4.2) and what its shops stock (§7.2).

    Attributes:
        size: 1 (Small Camp) to 5 (City).
        key: Stable identifier.
        name: Display name.
        text: What such a place is like, in our words.
        stock: Availability per sold category, in `SOLD_CATEGORIES` order.
    """

    size: int
    key: str
    name: str
    text: str
    stock: tuple[tuple[Category, Availability], ...]

    def availability(self, category: Category) -> Availability:
        """How a shop here stocks a category; free things and unknown ones are never for sale."""
        return dict(self.stock).get(category, Availability())


@dataclass(frozen=True, slots=True)
class SettlementDef:
    """A named settlement of the setting (§10.4.2).

    Attributes:
        key: Stable identifier.
        name: Display name.
        size: Its size, 1 to 5.
        text: A few words about it.
    """

    key: str
    name: str
    size: int
    text: str


@dataclass(frozen=True, slots=True)
class SleepingPlace:
    """Somewhere to spend an interlude night, and the table it rolls on (§10.4.5).

    Attributes:
        key: Stable identifier.
        name: Display name.
        table: The key of its 2d6 roll table.
        sizes: The settlement sizes that offer it.
        cost: Silver per person per night, before settlement doom.
        needs: An item key each sleeper must have ("" for none).
        text: The conditions, in our words.
    """

    key: str
    name: str
    table: str
    sizes: tuple[int, ...]
    cost: int
    needs: str
    text: str


PROPER = "proper"
"""The key of proper accommodation (HOUSE §4.4: a rented room)."""
HOUSE_ROOM_COST = 3
"""House (HOUSE §4.4): a rented room costs 3 silver per person per night."""
HOUSE_ROOM_SIZES = (4, 5)
"""House (HOUSE §4.4): rooms are rented only in strongholds and cities."""


def place_sizes(place: SleepingPlace) -> tuple[int, ...]:
    """The settlement sizes that offer a place (a rented room only in size 4–5, house)."""
    return HOUSE_ROOM_SIZES if place.key == PROPER else place.sizes


def place_cost(place: SleepingPlace) -> int:
    """Silver per person per night before doom and the day's events (a rented room: house)."""
    return HOUSE_ROOM_COST if place.key == PROPER else place.cost
