"""Provides what the interlude screen's sections list: plans, beds, insight spends, and the doom in words.

Each list line is one of the seat view's options, keyed by its target (a plan's "rest:drunk", a
bed's place, a spend's `spend_key`); whether a line can be chosen, and why not, is the session's
word, never worked out here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.insight import InsightSpend, SpendKind
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.skills import Skill
from expedition.rules.interlude.interlude_state import DailyAction, InterludeContent, InterludeState
from expedition.session.seat_view import SeatOption, TrackerView
from expedition.session.town_options import repairable, sellable
from expedition.ui.widgets.interlude_panels import Entry
from expedition.ui.widgets.interlude_text import (
    HIDDEN_DOOM,
    Bed,
    bed_line,
    event_lines,
    plan_lines,
    plan_words,
    price_lines,
    spend_words,
    table_lines,
)

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

MOST_SOLD = 3
"""Items one Sell action may offer (HOUSE §4.3)."""


def doom_words(doom: TrackerView | None) -> str:
    """The settlement's doom as the seat may know it: "??", a Veteran's reading, or the segments."""
    if doom is not None and not doom.hidden:
        return f"{doom.filled}/{doom.size if doom.size is not None else '?'}"
    shown = HIDDEN_DOOM
    if doom is not None and doom.revealed is not None:
        shown = f"?? (read as {doom.revealed})"
    return shown + (" ⚡moved" if doom is not None and doom.moved else "")


def item_question(actor: Character, key: str) -> tuple[str, list[tuple[int, str]], int] | None:
    """For a plan that needs items, the prompt's title, the items to pick from and how many at most."""
    action = DailyAction(key.split(":")[0])
    if action is DailyAction.SELL:
        return f"What does {actor.name} sell? (up to {MOST_SOLD})", sellable(actor), MOST_SOLD
    if action is DailyAction.REPAIR_ARMOUR:
        return f"Which armour does {actor.name} have repaired?", repairable(actor), 1
    return None


def day_entries(state: CampaignState, actor: Character | None, plans: Sequence[SeatOption]) -> list[Entry]:
    """The daily actions the acting adventurer may announce, each with the reason it cannot be, if so.

    Args:
        state: The seat's view of the campaign.
        actor: The acting adventurer.
        plans: Their PlanDay options (`town_options`), one per plan.
    """
    if actor is None:
        return []
    interlude = state.interlude
    if interlude is not None and interlude.arrival:
        return [
            Entry(
                "",
                "The party came back today: only the night is left. Choose beds, then e ends the day.",
                False,
            )
        ]
    entries: list[Entry] = []
    for plan in plans:
        action, _, option = plan.target.partition(":")
        question = item_question(actor, action)
        label = plan_words(DailyAction(action), option) + ("…" if question is not None else "")
        reason = plan.reason
        entries.append(Entry(plan.target, label + (f"  — {reason}" if reason else ""), not reason))
    return entries


def day_info(state: CampaignState, interlude: InterludeState, content: InterludeContent | None) -> str:
    """The event of the day, the prices in force, and everyone's plans."""
    lines = event_lines(interlude, content) + price_lines(state, interlude, content)
    lines += ["", *plan_lines(state, interlude)]
    return "\n".join(lines)


def bed_entries(state: CampaignState, interlude: InterludeState, beds: Sequence[SeatOption]) -> list[Entry]:
    """The sleeping places of this settlement, with cost tonight and who sleeps there.

    Args:
        state: The seat's view of the campaign.
        interlude: The interlude under way.
        beds: The acting adventurer's ChooseBed options (`town_options`), one per place.
    """
    entries: list[Entry] = []
    for option in beds:
        bed = Bed(option.target, option.label, option.cost, option.reason, option.detail, None)
        default = option.target.startswith("streets")
        sleepers = [
            m.name
            for m in state.living
            if interlude.beds.get(m.id, option.target if default else "") == option.target
        ]
        entries.append(Entry(option.target, bed_line(bed, sleepers), option.enabled))
    return entries


def night_info(
    state: CampaignState, interlude: InterludeState, content: InterludeContent | None = None
) -> str:
    """Who sleeps where tonight (the streets unless they chose)."""
    places = {p.key: p.name.lower() for p in content.sleeping_places()} if content is not None else {}
    names = {m.id: m.name for m in state.living}
    beds = {i: places.get(interlude.beds.get(i, ""), interlude.beds.get(i, "the streets")) for i in names}
    lines = ["Tonight: " + ", ".join(f"{names[i]} — {beds[i]}" for i in names)]
    lines.append(
        "Enter chooses the highlighted place for the acting adventurer (it holds for the nights after)."
    )
    return "\n".join(lines)


def night_detail(content: InterludeContent | None, key: str) -> str:
    """A sleeping place's conditions and its table, each row with its exact chance (§10.4.5)."""
    if content is None or not key:
        return ""
    place = next((p for p in content.sleeping_places() if p.key == key), None)
    if place is None:
        return ""
    try:
        table = content.roll_table(place.table)
    except (KeyError, LookupError):
        table = None
    return "\n".join([place.text, "", *table_lines(table)])


def parse_spend(key: str) -> InsightSpend | None:
    """The spend a list key stands for."""
    try:
        kind, attr, source, skill, trauma = key.split("|")
        return InsightSpend(
            SpendKind(kind),
            attr=Attr(attr) if attr else None,
            source=Attr(source) if source else None,
            skill=Skill(skill) if skill else None,
            trauma=Trauma(trauma) if trauma else None,
        )
    except ValueError:
        return None


def insight_entries(actor: Character | None, spends: Sequence[SeatOption]) -> list[Entry]:
    """The acting adventurer's insight spends (their SpendInsight options), each with its cost."""
    if actor is None:
        return []
    entries: list[Entry] = []
    for option in spends:
        spend = parse_spend(option.target)
        if spend is not None:
            entries.append(Entry(option.target, spend_words(spend, actor)))
    return entries


def insight_info(state: CampaignState, actor: Character | None) -> str:
    """The actor's insight, the party's silver and the settlement stash."""
    lines: list[str] = []
    if actor is not None:
        lines.append(
            f"{actor.name}: {actor.insight.unspent} insight to spend "
            f"({actor.insight.earned} earned, {actor.insight.spent} spent of 12)"
        )
    stash = ", ".join(f"{i.name}" + (f" ×{i.quantity}" if i.quantity > 1 else "") for i in state.stash)
    lines.append(f"Party silver: {state.silver} · Stash: {stash or 'empty'}")
    return "\n".join(lines)
