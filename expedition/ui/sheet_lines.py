"""Provides `lines_for`: a saved creation sheet's keys turned into the names printed on a character sheet."""

from __future__ import annotations

from expedition.content.catalog import Catalog
from expedition.rules.character.party import CreationSheet
from expedition.rules.core.errors import InvalidAction
from expedition.ui.widgets.sheet_text import SheetLines


def lines_for(sheet: CreationSheet | None, catalog: Catalog | None) -> SheetLines:
    """Names for class, background and life path; the raw keys when the catalog is missing."""
    if sheet is None:
        return SheetLines()
    if catalog is None:
        return SheetLines(sheet.class_key or None, sheet.choice or None, sheet.infancy or None,
                          sheet.career or None, sheet.tragedy or None, sheet.burden or None,
                          sheet.feature or None)  # fmt: skip
    book = catalog.classes
    klass = book.classes.get(sheet.class_key)
    choice = next(
        (
            defs[sheet.choice].name
            for defs in (book.backgrounds, book.schools, book.gods)
            if sheet.choice in defs
        ),
        sheet.choice or None,
    )

    def row(table_key: str, row_key: str) -> str | None:
        table = getattr(catalog.lifepath, table_key)
        if not row_key:
            return None
        try:
            return str(table.row(row_key).name)
        except InvalidAction:  # a key from older content: show it as it is
            return row_key

    return SheetLines(
        class_name=klass.name if klass else (sheet.class_key or None),
        background=choice,
        infancy=row("infancy", sheet.infancy),
        career=row("career", sheet.career),
        tragedy=row("tragedy", sheet.tragedy),
        burden=row("burden", sheet.burden),
        feature=row("features", sheet.feature),
    )
