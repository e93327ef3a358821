"""Provides `CreationFlow`: character creation driven one decision at a time, for the creation screen.

The flow holds the game state of creation (the context, the running `create_party` generator,
the characters as they are being made, the finished party and the shop's prices); the screen
only shows it and sends answers. No Textual here, so the flow is tested like plain code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from expedition.content.catalog import Catalog
from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import Party
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.item_defs import Category, Item, ItemDef
from expedition.rules.creation.class_choice import ClassChosen
from expedition.rules.creation.life_path import LifePathRolled, LifePathTable
from expedition.rules.creation.party_creation import MAX_PARTY, CharacterSpec, CreationOptions, create_party
from expedition.rules.creation.starting_shop import PriceBook, buy, price_of
from expedition.rules.interlude.interlude_state import HOUSE_DEFAULT_SIZE
from expedition.rules.items.prices import PRICE_DICE
from expedition.ui.widgets.sheet_text import SheetLines

START_SIZE = HOUSE_DEFAULT_SIZE
"""Size of the settlement where the party shops before its first expedition: Blacksalt's size.

The content names no size for Blacksalt, the starting town, so it is the house default the
interlude also uses (a Fief). §7.2 lets the GM decide what is in stock, so the starting shop
sells every category that size can stock, without availability rolls."""


def creation_options(catalog: Catalog) -> CreationOptions:
    """What `create_party` needs, taken from the content catalog."""
    book = catalog.classes
    return CreationOptions(
        lifepath={table.key: table for table in catalog.lifepath.tables},
        classes=book.class_options(),
        items=dict(catalog.equipment.all),
    )


def party_specs(
    counts: Sequence[int], names: Sequence[str], class_keys: Sequence[str]
) -> list[CharacterSpec]:
    """One spec per character: `counts[i]` characters owned by "player<i+1>", named in seat order.

    Each seat's default class is the next class in turn, so a quick party is not four of one
    class (the same rule as `expedition new --quick`).

    Raises:
        InvalidAction: For no players, a player without a character, or more than `MAX_PARTY` in all.
    """
    if not counts or min(counts) < 1 or sum(counts) > MAX_PARTY:
        raise InvalidAction(f"each player needs at least one character, and there are at most {MAX_PARTY}")
    owners = [f"player{player}" for player, count in enumerate(counts, 1) for _ in range(count)]
    classes = list(class_keys) or [""]
    return [
        CharacterSpec(
            owner=owner,
            name=names[seat].strip() if seat < len(names) else "",
            class_key=classes[seat % len(classes)],
        )
        for seat, owner in enumerate(owners)
    ]


def split_party(players: int, total: int = MAX_PARTY) -> list[int]:
    """`total` characters shared out among `players` as evenly as possible, the first players first."""
    players = max(1, min(players, MAX_PARTY))
    total = max(players, min(total, MAX_PARTY))
    return [total // players + (1 if seat < total % players else 0) for seat in range(players)]


@dataclass(frozen=True, slots=True)
class Ware:
    """Something the starting shop sells.

    Attributes:
        defn: The item.
        price: Its price, once rolled (None until someone asks).
    """

    defn: ItemDef
    price: int | None


class CreationFlow:
    """Runs `create_party` for the screen: one decision at a time, or every default at once.

    Args:
        catalog: The content.
        seed: Seeds the dice; the same seed and answers make the same party.
        specs: Who owns each character and what they are called.
    """

    def __init__(self, catalog: Catalog, seed: int, specs: Sequence[CharacterSpec]) -> None:
        self.catalog = catalog
        self.options = creation_options(catalog)
        self.seed = seed
        self.ctx = Context(SeededDice(seed))
        self.characters: list[Character] = []
        """Every character as soon as it exists, in seat order (the party gets them at the end)."""
        self.answers: list[str] = []
        """The answers given so far, in order (a journal of creation)."""
        self.decision: Decision | None = None
        """The decision waiting for an answer; None once the party is made."""
        self.party: Party | None = None
        """The finished party."""
        self.prices = PriceBook()
        """Prices asked at the starting shop (§7.2)."""
        self._resolution = create_party(self.ctx, specs, self.options, started=self.characters)
        self._step(None)

    @property
    def done(self) -> bool:
        """True once every decision is answered and the party exists."""
        return self.party is not None

    def _step(self, key: str | None) -> None:
        try:
            self.decision = next(self._resolution) if key is None else self._resolution.send(key)
        except StopIteration as stop:
            self.decision = None
            self.party = stop.value

    def answer(self, key: str) -> None:
        """Answer the waiting decision with one of its keys and run on to the next one.

        Raises:
            InvalidAction: If nothing is waiting or `key` is not one of the choices.
        """
        if self.decision is None:
            raise InvalidAction("there is nothing to decide")
        if key not in self.decision.keys:
            raise InvalidAction(
                f"{key!r} is not a choice here; choose one of {', '.join(self.decision.keys)}"
            )
        self.answers.append(key)
        self._step(key)

    def finish_with_defaults(self) -> None:
        """Answer every remaining decision with its default (the quick party)."""
        while self.decision is not None:
            self.answer(self.decision.default)

    def character(self, character_id: str) -> Character | None:
        """The character with this id, while being made or after."""
        return next((c for c in self.characters if c.id == character_id), None)

    def table(self, key: str) -> LifePathTable | None:
        """The life-path table with this key."""
        return self.options.lifepath.get(key)

    def sheet_lines(self, character_id: str) -> SheetLines:
        """Class, background and life-path results so far, for the character sheet (§5)."""
        rows: dict[str, str] = {}
        class_name = background = None
        book = self.options.classes
        for event in self.ctx.events:
            if isinstance(event, LifePathRolled) and event.character == character_id:
                # A reroll replaces the earlier roll; the last one rolled is the one applied.
                table = self.table(event.table)
                rows[event.table] = table.row(event.row).name if table else event.row
            elif isinstance(event, ClassChosen) and event.character == character_id:
                klass = book.classes.get(event.class_key)
                class_name = klass.name if klass else event.class_key
                background = next(
                    (defs[event.choice].name for defs in (book.backgrounds, book.schools, book.gods)
                     if event.choice in defs),
                    event.choice,
                )  # fmt: skip
        return SheetLines(
            class_name=class_name,
            background=background,
            infancy=rows.get("infancy"),
            career=rows.get("career"),
            tragedy=rows.get("tragedy"),
            burden=rows.get("burden"),
            feature=rows.get("features"),
        )

    def wares(self) -> list[Ware]:
        """What the starting shop sells, cheapest category first, with the prices asked so far."""
        size = self.catalog.settlements.size(START_SIZE)
        order = list(PRICE_DICE)
        sold = [
            defn
            for defn in self.options.items.values()
            if defn.category in PRICE_DICE and not defn.kit and not size.availability(defn.category).never
        ]
        sold.sort(key=lambda defn: (order.index(defn.category), defn.name.casefold()))
        return [Ware(defn, self.prices.prices.get(defn.key)) for defn in sold]

    def ask_price(self, defn: ItemDef) -> int:
        """The item's price at the starting shop, rolled the first time it is asked (§7.2)."""
        return price_of(self.ctx, self.prices, defn)

    def buy(self, defn: ItemDef, buyer: Character | None) -> Item:
        """Buy one of the item with the party's silver (§5.1 step 6); `buyer` carries it if it fits.

        Raises:
            InvalidAction: Before the party is made.
            IllegalAction: When the party cannot pay.
        """
        if self.party is None:
            raise InvalidAction("the party is not made yet")
        return buy(self.ctx, self.party, defn, self.prices, buyer=buyer)


def price_words(category: Category) -> str:
    """The category and its price dice, for an item whose price is not asked yet (§7.2)."""
    return f"{PRICE_DICE[category]} silver ({category.value}; Enter asks)"
