"""Provides the balance report of a simulation, for a designer to read at a glance: tables and histograms.

The target bands are the ones the README's "Balance" section sets; each figure is marked in or out.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

__all__ = ["BANDS", "render"]

BANDS: tuple[tuple[str, str, float, float], ...] = (
    ("whole_party_back", "Whole party back", 0.55, 0.75),
    ("total_party_kill", "Total party kill", 0.0, 0.08),
    ("first_fight_lost", "First fight lost", 0.0, 0.15),
    ("adventurer_deaths_per_adventurer_expedition", "Deaths per adventurer-expedition", 0.10, 0.25),
    ("campaigns_setting_out_sixth", "Campaigns setting out a sixth time", 0.70, 1.0),
)
"""(figure, its name, the band's low and high end) for the fractions."""
LONGEST = 20
"""No fight should last past this many rounds."""
BAR = 30
"""The widest bar of a histogram, in characters."""


def _bands(figures: dict[str, Any]) -> Table:
    table = Table(title=f"Balance — {figures['policy']} bots, {figures['expeditions']} expeditions")
    for column in ("Figure", "Run", "Target", ""):
        table.add_column(column)
    for key, name, low, high in BANDS:
        value = figures[key]
        if key == "campaigns_setting_out_sixth" and not figures.get("campaigns_asked_sixth", 1):
            table.add_row(name, "—", f"{low:.0%}–{high:.0%}", "not asked")
            continue
        ok = low <= value <= high
        table.add_row(name, f"{value:.1%}", f"{low:.0%}–{high:.0%}", "in" if ok else "OUT")
    longest = figures["longest_fight_rounds"]
    table.add_row("Longest fight", f"{longest} rounds", f"≤ {LONGEST}", "in" if longest <= LONGEST else "OUT")
    return table


def _counts(figures: dict[str, Any]) -> Table:
    table = Table(title="What happened")
    table.add_column("")
    table.add_column("Count", justify="right")
    fights = figures["fights"]
    rows = [
        ("Campaigns", figures["campaigns"]),
        ("Expeditions set out / ended", f"{figures['expeditions']} / {figures['expeditions_ended']}"),
        ("Fights won / fled / lost", f"{fights['won']} / {fights['fled']} / {fights['lost']}"),
        ("Mean silver gained / in caches", f"{figures['silver_gained_mean']} / {figures['treasure_mean']}"),
        ("Mean treasures carried home", figures["treasures_mean"]),
        ("Mean exploration turns", figures["exploration_turns_mean"]),
        ("Deaths in the settlement", figures["interlude_deaths"]),
        (
            "Exceptions / violations / stuck",
            f"{figures['exceptions']} / {figures['invariant_violations']} / {figures['stuck']}",
        ),
        ("Journals replayed to the same hash", figures["replayed"]),
    ]
    for name, value in rows:
        table.add_row(name, str(value))
    return table


def _by_number(figures: dict[str, Any]) -> Table:
    """Survival by expedition number, and the silver gained (doom has its own histogram).

    Columns: the expeditions of that number set out, whole party back, total party kill, deaths
    per adventurer, mean silver gained. Short headings, to fit an 80-column terminal.
    """
    table = Table(title="By expedition number")
    for column in ("Expedition", "Set out", "All back", "All died", "Deaths", "Silver"):
        table.add_column(column, justify="right")
    for number, row in figures["by_expedition_number"].items():
        table.add_row(
            number,
            str(row["set_out"]),
            f"{row['whole_party_back']:.1%}",
            f"{row['total_party_kill']:.1%}",
            f"{row['deaths_per_adventurer']:.1%}",
            f"{row['silver_mean']:.2f}",
        )
    return table


def _histogram(title: str, counts: dict[str, int | float], *, fmt: str = "{}") -> Table:
    table = Table(title=title, show_header=False, box=None)
    table.add_column(justify="right")
    table.add_column()
    table.add_column(justify="right")
    top = max(counts.values(), default=0) or 1
    for key, value in counts.items():
        table.add_row(key, "█" * max(1 if value else 0, round(BAR * value / top)), fmt.format(value))
    return table


def _faults(figures: dict[str, Any]) -> Table:
    table = Table(title="Faults (the campaign stopped at each; seed and step reproduce it)")
    for column in ("Fault", "Times", "First seen"):
        table.add_column(column)
    for fault, times in figures["faults"].items():
        first = next(p for p in figures["problems"] if p["fault"] == fault)
        table.add_row(
            fault, str(times), f"seed {first['seed']} step {first['step']}: {first['message'][:70]}"
        )
    return table


def render(figures: dict[str, Any], console: Console) -> None:
    """Print the report of one run's figures (`simulate.summary`)."""
    parts: list[Any] = [_bands(figures), _counts(figures), _by_number(figures)]
    parts.append(_histogram("Fight length (rounds: fights)", figures["fights"]["rounds"]))
    parts.append(_histogram("Deaths by cause", figures["deaths_by_cause"]))
    parts.append(_histogram("Faints by cause", figures["faints_by_cause"]))
    parts.append(_histogram("Doom at setting out (mean)", figures["doom_at_setting_out"], fmt="{:.2f}"))
    if figures["faults"]:
        parts.append(_faults(figures))
    else:
        parts.append(Text("No exceptions, violations or stuck games."))
    console.print(Group(*parts))
