"""Provides what an adventurer may do in the interlude (§10.4), for the seat views' options.

Per adventurer, in the order the interlude screen lists them: the daily actions they could
announce (`PlanDay`; a plan that names items is judged on the first one it could name), the
sleeping places of the settlement with tonight's cost (`ChooseBed`), the market's dealings for
every item its shops could sell (`AskPrice`, `Buy`, `Haggle`, `TradeNetwork`, their cost the
price this buyer pays today, 0 while unrolled), the insight spends they can afford
(`SpendInsight`) and the moves of their items to and from the stash (house, §7.1). Prices, beds
and the goods the merchants refuse depend on the settlement's doom, which no seat may read: only
the session, which holds it, works them out; a refused item's option says "refused (doom)" in its
`detail`.
"""

from __future__ import annotations

from collections.abc import Callable

from expedition.rules.character.adventurer import Character
from expedition.rules.character.insight import InsightSpend, SpendKind, can_spend, insight_cost
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.errors import RuleError
from expedition.rules.core.item_defs import Category, ItemDef
from expedition.rules.core.kept import Kept
from expedition.rules.core.skills import Skill
from expedition.rules.core.world import World
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import SpendInsight, verify
from expedition.rules.interlude.daily_actions import PlanDay
from expedition.rules.interlude.day_and_night import EndDay
from expedition.rules.interlude.hunger_and_sleep import ChooseBed, bed_cost, verify_bed
from expedition.rules.interlude.interlude_state import DailyAction, InterludeContent, InterludeState
from expedition.rules.interlude.market import AskPrice, Buy, Haggle, TradeNetwork, market_refusals, price_for
from expedition.rules.interlude.recruiting import NewRecruit
from expedition.rules.interlude.settlement_defs import SOLD_CATEGORIES, SettlementSize, place_sizes
from expedition.rules.interlude.stash import GiveItem, StashItem, TakeFromStash
from expedition.rules.trackers.doom import allowed_categories
from expedition.session.seat_view import SeatOption

__all__ = [
    "CARRIED",
    "DOOM_REFUSED",
    "PLANS",
    "STASHED",
    "repairable",
    "sellable",
    "spend_key",
    "town_options",
    "town_table_options",
]

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
"""Every daily action and extra offered (§10.4.3, §16 #28)."""
DOOM_REFUSED = "refused (doom)"
"""The `detail` of a market option whose goods the merchants will not sell at this doom (§9.4)."""
CARRIED = "item:"
"""The target prefix of an item the adventurer carries."""
STASHED = "stash:"
"""The target prefix of an item in the stash."""
_MARKET: tuple[type[AskPrice | Buy | Haggle | TradeNetwork], ...] = (AskPrice, Buy, Haggle, TradeNetwork)


def town_options(
    state: CampaignState, actor: str, world: World | None, kinds: frozenset[str] | None = None
) -> tuple[SeatOption, ...]:
    """Every interlude action `actor` could take now, enabled or with the reason it is not.

    With `kinds` (action class names: "Buy", "GiveItem"), only the options of those kinds, in the
    same order, and only their own part of the list is worked out: judging every market dealing
    and every item's move to every other adventurer is most of the interlude's options' cost.
    """
    interlude = state.interlude
    member = next((c for c in state.living if c.id == actor), None)
    if interlude is None or state.phase.expedition or member is None:
        return ()
    content = world if isinstance(world, InterludeContent) else None
    found: list[SeatOption] = []
    for part, made_of in _PARTS:
        if kinds is not None and kinds.isdisjoint(made_of):
            continue
        if part is _beds or part is _market:
            found += part(state, interlude, content, member) if content is not None else []
        else:
            found += part(state, member)
    return tuple(found if kinds is None else (o for o in found if o.kind in kinds))


def town_table_options(state: CampaignState) -> tuple[SeatOption, ...]:
    """What the whole party does in the interlude: end the day; and each player's new recruit."""
    if state.interlude is None or state.phase.expedition:
        return ()
    found = [_judged(state, EndDay(), "End the day", unit="")]
    for player in state.players:
        recruit = NewRecruit(player=player.id)
        found.append(_judged(state, recruit, f"A new recruit for {player.name}", unit="", target=player.id))
    return tuple(found)


def sellable(actor: Character) -> list[tuple[int, str]]:
    """Items the adventurer could sell: everything carried that is not free."""
    return [(i.uid, i.name) for i in actor.items if i.defn.category is not Category.FREE]


def repairable(actor: Character) -> list[tuple[int, str]]:
    """Armour the adventurer carries with broken points (§16 #28)."""
    return [(i.uid, f"{i.name} ({sum(i.broken)} broken)") for i in actor.items if sum(i.broken)]


def spend_key(spend: InsightSpend) -> str:
    """A spend as an option's target: kind|attr|source|skill|trauma."""
    parts = (spend.kind, spend.attr, spend.source, spend.skill, spend.trauma)
    return "|".join("" if p is None else str(p.value) for p in parts)


def _judged(
    state: CampaignState,
    action: Action,
    label: str,
    *,
    cost: int = 0,
    unit: str = "silver",
    target: str = "",
    detail: str = "",
    reason: str = "",
) -> SeatOption:
    if not reason:
        try:
            verify(state, action)
        except RuleError as refused:
            reason = str(refused) or "Not possible now."
    return SeatOption(action, label, cost, unit, not reason, reason, action.actor, None, target, detail)


def _plans(state: CampaignState, member: Character) -> list[SeatOption]:
    found: list[SeatOption] = []
    for daily, extra in PLANS:
        named = sellable(member) if daily is DailyAction.SELL else None
        named = repairable(member) if daily is DailyAction.REPAIR_ARMOUR else named
        items = tuple(uid for uid, _ in (named or [])[:1])
        plan = PlanDay(actor=member.id, action=daily, option=extra, items=items)
        option = _judged(state, plan, _plan_label(daily, extra), unit="", target=f"{daily.value}:{extra}")
        if named is not None and not named and option.enabled:
            option = SeatOption(
                plan, option.label, 0, "", False, "nothing to choose", member.id, None, option.target
            )
        found.append(option)
    return found


def _plan_label(daily: DailyAction, extra: str) -> str:
    words = daily.value.replace("_", " ").capitalize()
    return f"{words} ({extra.replace('_', ' ')})" if extra else words


def _beds(
    state: CampaignState, interlude: InterludeState, content: InterludeContent, member: Character
) -> list[SeatOption]:
    found: list[SeatOption] = []
    for place in content.sleeping_places():
        if interlude.size not in place_sizes(place):
            continue
        try:
            verify_bed(content, state, interlude, member, place.key)
            refused = ""
        except RuleError as why:
            refused = str(why)
        bed = ChooseBed(actor=member.id, place=place.key)
        cost = bed_cost(state, interlude, place)
        found.append(
            SeatOption(
                bed, place.name, cost, "silver", not refused, refused, member.id, None, place.key, place.text
            )
        )
    return found


def _market(
    state: CampaignState, interlude: InterludeState, content: InterludeContent, member: Character
) -> list[SeatOption]:
    size = content.settlement_size(interlude.settlement)
    shelf = _shelf(content, size)
    if not shelf:
        return []
    location = state.locations.get(interlude.settlement)
    allowed = allowed_categories(location.doom.filled if location is not None else 0)
    # The market's guard judges the buyer (out shopping, the skill) and the ware (known out of stock,
    # a category the doom bars), as the verb will: so every dealing of every ware is judged.
    verdicts = market_refusals(state, member.id, tuple(defn.key for defn in shelf), _MARKET)
    prices = tuple(price_for(state, interlude, defn, member) for defn in shelf)
    details = tuple("" if defn.category in allowed else DOOM_REFUSED for defn in shelf)
    key = (id(shelf), member.id, verdicts, prices, details)
    found = _MARKETS.get(
        key,
        lambda: tuple(
            SeatOption(
                kind(actor=member.id, item=defn.key),
                f"{_deal(kind)} {defn.name}",
                price or 0,
                "silver",
                not reason,
                reason,
                member.id,
                None,
                defn.key,
                detail,
            )
            for at, (defn, price, detail) in enumerate(zip(shelf, prices, details, strict=True))
            for kind, reason in zip(
                _MARKET, verdicts[at * len(_MARKET) : (at + 1) * len(_MARKET)], strict=True
            )
        ),
    )
    return list(found)


_SHELVES: dict[tuple[int, int], tuple[object, object, tuple[ItemDef, ...]]] = {}
"""The items each market may sell, in the order offered, by the content's items and the settlement size."""
_MARKETS: Kept[tuple[object, ...], tuple[SeatOption, ...]] = Kept(256)
"""A market's options by all they are made of: the same in every view until a price or verdict moves."""


def _shelf(content: InterludeContent, size: SettlementSize) -> tuple[ItemDef, ...]:
    """The items a settlement of `size` may sell, in the order offered (worked out once per content).

    Both are the content's own, which does not change while it is loaded; each is kept with its
    entry, so the ids in the key stay theirs.
    """
    items = content.items
    kept = _SHELVES.get((id(items), id(size)))
    if kept is None or kept[0] is not items or kept[1] is not size:
        defs = sorted(
            (
                d
                for d in items.values()
                if d.category in SOLD_CATEGORIES and not size.availability(d.category).never
            ),
            key=lambda d: (SOLD_CATEGORIES.index(d.category), d.name),
        )
        kept = _SHELVES[(id(items), id(size))] = (items, size, tuple(defs))
    return kept[2]


def _deal(kind: type[Action]) -> str:
    return {
        AskPrice: "Ask the price of",
        Buy: "Buy",
        Haggle: "Haggle over",
        TradeNetwork: "Trade network for",
    }[kind]


def _spends(state: CampaignState, member: Character) -> list[SeatOption]:
    candidates = [InsightSpend(SpendKind.REMOVE_TRAUMA, trauma=t) for t in sorted(member.traumas)]
    for attr in Attr:
        candidates += [InsightSpend(SpendKind.MOVE_SCORE, attr=attr, source=source) for source in Attr]
        candidates += [
            InsightSpend(kind, attr=attr)
            for kind in (SpendKind.RAISE_LOWEST_SCORE, SpendKind.RAISE_SCORE, SpendKind.RAISE_PROFICIENCY)
        ]
    candidates += [InsightSpend(SpendKind.LEARN_SKILL, skill=skill) for skill in Skill]
    spends = sorted((s for s in candidates if can_spend(member, s)), key=insight_cost)
    return [
        _judged(
            state,
            SpendInsight(actor=member.id, spend=s),
            "Spend insight",
            cost=insight_cost(s),
            unit="insight",
            target=spend_key(s),
        )
        for s in spends
    ]


def _moves(state: CampaignState, member: Character) -> list[SeatOption]:
    found: list[SeatOption] = []
    others = [m for m in state.living if m.id != member.id]
    for item in member.items:
        key = f"{CARRIED}{item.uid}"
        found.append(
            _judged(
                state,
                StashItem(actor=member.id, item=item.uid),
                f"Leave the {item.name} in the stash",
                unit="",
                target=key,
            )
        )
        for other in others:
            give = GiveItem(actor=member.id, item=item.uid, to=other.id)
            found.append(_judged(state, give, f"Give the {item.name} to {other.name}", unit="", target=key))
    for item in state.stash:
        take = TakeFromStash(actor=member.id, item=item.uid)
        found.append(
            _judged(
                state, take, f"Take the {item.name} from the stash", unit="", target=f"{STASHED}{item.uid}"
            )
        )
    return found


_PARTS: tuple[tuple[Callable[..., list[SeatOption]], frozenset[str]], ...] = (
    (_plans, frozenset({PlanDay.__name__})),
    (_beds, frozenset({ChooseBed.__name__})),
    (_market, frozenset(kind.__name__ for kind in _MARKET)),
    (_spends, frozenset({SpendInsight.__name__})),
    (_moves, frozenset(kind.__name__ for kind in (StashItem, GiveItem, TakeFromStash))),
)
"""The parts of an adventurer's interlude options in the order they are listed, with the kinds each holds."""
