"""Provides what the interlude screen's sections list: plans, beds, insight spends, and the doom in words.

Each list line carries a key the screen turns back into an action (`plan_action`,
`parse_spend`); whether a line can be chosen, and why not, comes from the rules' own guards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from expedition.rules.character.adventurer import Character
from expedition.rules.character.insight import InsightSpend, SpendKind, insight_cost
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.errors import RuleError
from expedition.rules.core.item_defs import Category
from expedition.rules.core.skills import Skill
from expedition.rules.engine.dispatch import verify
from expedition.rules.interlude.hunger_and_sleep import bed_cost, place_sizes, verify_bed
from expedition.rules.interlude.interlude_actions import ChooseBed, PlanDay
from expedition.rules.interlude.interlude_state import DailyAction, InterludeContent, InterludeState
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
    spends_for,
    table_lines,
)

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

PLANS: tuple[tuple[DailyAction, str], ...] = (
    (DailyAction.REST, ""),
    (DailyAction.REST, "entertainment"),
    (DailyAction.REST, "drunk"),
    (DailyAction.REST, "bucolic"),
    (DailyAction.TEND_WOUNDS, ""),
    (DailyAction.TEND_WOUNDS, "surgeon"),
    (DailyAction.TEND_WOUNDS, "witch_doctor"),
    (DailyAction.TEND_WOUNDS, "first_aid"),
    (DailyAction.TEND_WOUNDS, "time"),
    (DailyAction.SELL, ""),
    (DailyAction.GO_SHOPPING, ""),
    (DailyAction.LAY_LOW, ""),
    (DailyAction.REPAIR_ARMOUR, ""),
)
"""Every daily action and extra the day section offers (§10.4.3, §16 #28)."""
MOST_SOLD = 3
"""Items one Sell action may offer (HOUSE §4.3)."""


def doom_words(view: dict[str, Any], settlement: str) -> str:
    """The settlement's doom as the seat may know it: "??", a Veteran's reading, or the segments."""
    doom = view.get("locations", {}).get(settlement, {}).get("doom", {})
    if "filled" in doom:
        return f"{doom['filled']}/{doom.get('size', '?')}"
    shown = HIDDEN_DOOM
    revealed = doom.get("revealed")
    if isinstance(revealed, dict):
        shown = f"?? (read as {revealed.get('value')})"
    return shown + (" ⚡moved" if doom.get("moved") else "")


def _reason(state: CampaignState, action: PlanDay | ChooseBed) -> str:
    try:
        verify(state, action)
    except RuleError as refused:
        return str(refused)
    return ""


def sellable(actor: Character) -> list[tuple[int, str]]:
    """Items the adventurer could sell: everything carried that is not free."""
    return [(i.uid, i.name) for i in actor.items if i.defn.category is not Category.FREE]


def repairable(actor: Character) -> list[tuple[int, str]]:
    """Armour the adventurer carries with broken points (§16 #28)."""
    return [(i.uid, f"{i.name} ({sum(i.broken)} broken)") for i in actor.items if sum(i.broken)]


def item_question(actor: Character, key: str) -> tuple[str, list[tuple[int, str]], int] | None:
    """For a plan that needs items, the prompt's title, the items to pick from and how many at most."""
    action = DailyAction(key.split(":")[0])
    if action is DailyAction.SELL:
        return f"What does {actor.name} sell? (up to {MOST_SOLD})", sellable(actor), MOST_SOLD
    if action is DailyAction.REPAIR_ARMOUR:
        return f"Which armour does {actor.name} have repaired?", repairable(actor), 1
    return None


def plan_action(actor: Character, key: str, items: tuple[int, ...]) -> PlanDay | None:
    """The PlanDay a day line's key stands for ("rest:entertainment", "sell:")."""
    action, _, option = key.partition(":")
    try:
        return PlanDay(actor=actor.id, action=DailyAction(action), option=option, items=items)
    except ValueError:
        return None


def day_entries(state: CampaignState, actor: Character | None) -> list[Entry]:
    """The daily actions the acting adventurer may announce, each with the reason it cannot be, if so."""
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
    for action, option in PLANS:
        question = item_question(actor, action.value)
        items: tuple[int, ...] = ()
        if question is not None:
            items = tuple(uid for uid, _ in question[1][:1])
        reason = _reason(state, PlanDay(actor=actor.id, action=action, option=option, items=items))
        if question is not None and not question[1]:
            reason = reason or "nothing to choose"
        label = plan_words(action, option) + ("…" if question is not None else "")
        entries.append(
            Entry(f"{action.value}:{option}", label + (f"  — {reason}" if reason else ""), not reason)
        )
    return entries


def day_info(state: CampaignState, interlude: InterludeState, content: InterludeContent | None) -> str:
    """The event of the day, the prices in force, and everyone's plans."""
    lines = (
        event_lines(interlude, content) + price_lines(state, interlude) + ["", *plan_lines(state, interlude)]
    )
    return "\n".join(lines)


def bed_entries(
    state: CampaignState, interlude: InterludeState, content: InterludeContent | None, actor: Character | None
) -> list[Entry]:
    """The sleeping places of this settlement, with cost tonight and who sleeps there."""
    if content is None:
        return []
    entries: list[Entry] = []
    for place in content.sleeping_places():
        if interlude.size not in place_sizes(place):
            continue
        refused = ""
        if actor is not None:
            try:
                verify_bed(content, state, interlude, actor, place.key)
            except RuleError as why:
                refused = str(why)
        bed = Bed(place.key, place.name, bed_cost(state, interlude, place), refused, place.text, None)
        default = place.key.startswith("streets")
        sleepers = [
            m.name
            for m in state.living
            if interlude.beds.get(m.id, place.key if default else "") == place.key
        ]
        entries.append(Entry(place.key, bed_line(bed, sleepers), not refused))
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


def insight_options(character: Character) -> list[InsightSpend]:
    """Every insight spend the character can take now (§10.5.4), cheapest first."""
    options = [InsightSpend(SpendKind.REMOVE_TRAUMA, trauma=t) for t in sorted(character.traumas)]
    for attr in Attr:
        options += [InsightSpend(SpendKind.MOVE_SCORE, attr=attr, source=source) for source in Attr]
        options += [
            InsightSpend(kind, attr=attr)
            for kind in (SpendKind.RAISE_LOWEST_SCORE, SpendKind.RAISE_SCORE, SpendKind.RAISE_PROFICIENCY)
        ]
    options += [InsightSpend(SpendKind.LEARN_SKILL, skill=skill) for skill in Skill]
    return sorted(spends_for(character, options), key=insight_cost)


def spend_key(spend: InsightSpend) -> str:
    """A spend as a list key: kind|attr|source|skill|trauma."""
    parts = (spend.kind, spend.attr, spend.source, spend.skill, spend.trauma)
    return "|".join("" if p is None else str(p.value) for p in parts)


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


def insight_entries(actor: Character | None) -> list[Entry]:
    """The acting adventurer's insight spends, each with its cost."""
    if actor is None:
        return []
    return [Entry(spend_key(s), spend_words(s, actor)) for s in insight_options(actor)]


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
