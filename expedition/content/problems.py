"""Provides content problems: each fault in the assets, named by file, table, entry and field."""

from __future__ import annotations

from dataclasses import dataclass

from expedition.rules.core.wording import plural


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a content file.

    Attributes:
        file: The file's name, such as "items.toml".
        table: The TOML table or array of tables, such as "item".
        entry: The entry's key or index, "" for the table itself.
        field: The field, "" for the entry itself.
        message: What is wrong, for a person who edits the file.
    """

    file: str
    table: str = ""
    entry: str = ""
    field: str = ""
    message: str = ""

    def __str__(self) -> str:
        where = self.file
        if self.table:
            where += f" [{self.table}]"
        if self.entry:
            where += f" {self.entry!r}"
        if self.field:
            where += f" field {self.field!r}"
        return f"{where}: {self.message}"


class ContentError(Exception):
    """Loading content found problems; all of them are listed, not only the first."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        """Every problem found."""
        lines = "\n".join(f"  - {problem}" for problem in self.problems)
        super().__init__(f"{plural(len(self.problems), 'problem')} in the game content:\n{lines}")
