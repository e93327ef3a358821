"""Provides the Blacksalt events (§10.4.4): the party's 1d6 each morning, bad events and opportunities."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Resolution
from expedition.rules.core.events import Event
from expedition.rules.interlude.interlude_state import InterludeState, interlude_content
from expedition.rules.interlude.table_effects import apply_effect

if TYPE_CHECKING:
    from expedition.rules.core.roll_tables import TableRow
    from expedition.rules.engine.campaign import CampaignState

EVENTS_TABLE = "blacksalt"
"""The key of the daily events table; its rows send the party to the sub-tables by `roll_table`."""


def roll_on(ctx: Context, key: str, *, who: str = "gm") -> tuple[str, int, TableRow]:
    """Roll once on an interlude table (from `ctx.world`) and report it.

    Returns:
        The table key, the total rolled, and the row it gives.
    """
    table = interlude_content(ctx).roll_table(key)
    total = ctx.roll_expr(table.dice, who=who, why=table.name, rule=table.rule or "§10.4")
    row = table.row_for(total)
    rolled = InterludeTableRolled(
        rule=table.rule or "§10.4", table=key, roll=total, row=row.key, who=who, name=table.name
    )
    ctx.emit(rolled)
    return key, total, row


def blacksalt_event(
    ctx: Context, state: CampaignState, interlude: InterludeState
) -> Resolution[tuple[str, ...]]:
    """Roll the day's Blacksalt event and apply it to the living party (§10.4.4).

    A 1–3 sends the party to the bad events, a 6 to the opportunities; each sub-row's effect
    then happens (settlement doom and prices once, afflictions and wounds for each adventurer).

    Returns:
        The keys of the rows applied, outermost first; also kept in `interlude.events`.
    """
    keys: list[str] = []
    _, _, row = roll_on(ctx, EVENTS_TABLE)
    keys.append(row.key)
    while len(row.effect.options) == 1 and row.effect.options[0][0].verb == "roll_table":
        _, _, row = roll_on(ctx, row.effect.options[0][0].args[0])
        keys.append(row.key)
    interlude.events = list(keys)
    yield from apply_effect(ctx, state, interlude, row.effect, state.living, group=True, rule="§10.4.4")
    return tuple(keys)


@dataclass(frozen=True, slots=True, kw_only=True)
class InterludeTableRolled(Event):
    """A roll on one of the interlude's tables (events, beds).

    Attributes:
        table: The table's key.
        roll: The total.
        row: The row's key.
        who: Who rolled ("gm" for the party's events).
        name: The table's name, as the rulebook titles it ("" in logs saved before it was kept).
    """

    table: str
    roll: int
    row: str
    who: str
    name: str = ""
