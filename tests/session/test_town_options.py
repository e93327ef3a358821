"""The town's options offer only what the rules then accept: the market judges every ware, not one.

Found by the simulation (random seeds 2032, 2035, 2041, 2053): the market's options judged each
dealing once, for the first ware, and offered Buy and Ask-the-price of wares the interlude already
knew to be out of stock; the verb then refused them.
"""

from __future__ import annotations

from expedition.rules.core.errors import RuleError
from expedition.rules.core.skills import Skill
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from expedition.rules.interlude.daily_actions import PlanDay
from expedition.rules.interlude.day_and_night import EndDay
from expedition.rules.interlude.interlude_state import DailyAction
from expedition.rules.interlude.market import AskPrice, Buy, Haggle, TradeNetwork, market_refusals
from expedition.session.seat_view import LazyMap
from expedition.session.town_options import town_options
from expedition.session.views import Seat
from tests.ui.interlude_fixtures import interlude_session


def test_a_ware_known_out_of_stock_is_offered_refused_and_the_others_allowed() -> None:
    session = interlude_session()
    host = Seat.host()
    session.submit(host, EndDay())  # the day of return ends; the shops open
    while session.pending is not None:  # the night's questions take their defaults
        session.answer(host, session.pending.default)
    shopper = session.state.living[0]
    assert session.submit(host, PlanDay(actor=shopper.id, action=DailyAction.GO_SHOPPING)).ok
    interlude = session.state.interlude
    assert interlude is not None
    gone = "rope"
    interlude.stock[gone] = False  # asked about earlier today: none to be had
    options = [
        o for o in session.view(host).options if o.actor == shopper.id and o.kind in {"Buy", "AskPrice"}
    ]
    missing = [o for o in options if o.target == gone]
    assert missing and not any(o.enabled for o in missing)
    assert all("rope" in o.reason for o in missing)
    assert any(o.enabled for o in options if o.target != gone)
    for option in options:  # what is offered is what the rules allow, ware by ware
        try:
            verify(session.state, option.action)
            allowed = True
        except Exception:
            allowed = False
        assert allowed == option.enabled, option.label
    assert isinstance(missing[0].action, Buy | AskPrice)


def _reasons_by_guard(state: CampaignState, actor: str, items: list[str]) -> tuple[str, ...]:
    found: list[str] = []
    for item in items:
        for kind in (AskPrice, Buy, Haggle, TradeNetwork):
            try:
                verify(state, kind(actor=actor, item=item))
                found.append("")
            except RuleError as refused:
                found.append(str(refused) or "Not possible now.")
    return tuple(found)


def test_the_market_judged_once_per_dealer_says_word_for_word_what_the_guard_says() -> None:
    """The options judge the one dealing once per kind, then each ware: the same verdicts as the guard.

    Across the day of return, a shopping day with a ware out of stock, Haggle used up, a dealer
    without the skills, and one who is not shopping.
    """
    session = interlude_session()
    host = Seat.host()
    items = [*session.state.interlude.wares, "no_such_thing"]  # type: ignore[union-attr]
    seen: set[tuple[str, ...]] = set()

    def check() -> None:
        for member in session.state.party:
            refusals = market_refusals(session.state, member.id, items, (AskPrice, Buy, Haggle, TradeNetwork))
            assert refusals == _reasons_by_guard(session.state, member.id, items)
            seen.add(refusals)

    check()  # the day of return: the shops are shut
    session.submit(host, EndDay())
    while session.pending is not None:
        session.answer(host, session.pending.default)
    shopper, idle = session.state.living[0], session.state.living[1]
    assert session.submit(host, PlanDay(actor=shopper.id, action=DailyAction.GO_SHOPPING)).ok
    check()
    interlude = session.state.interlude
    assert interlude is not None
    interlude.stock[items[0]] = False
    shopper.skills.add(Skill.HAGGLE)
    check()
    interlude.haggled.append(shopper.id)
    check()
    assert idle.id != shopper.id
    assert len(seen) >= 4, "the states above give different verdicts"


def test_blacksalt_market_options_are_built_once_while_nothing_changes() -> None:
    """Blacksalt's size was made anew on every look (the home port's stock), so the market's caches,
    keyed by it, never hit: every view of every adventurer built its ~560 dealings again, a third of
    a simulation's time. The same state now gives the very same options."""
    session = interlude_session("blacksalt")
    state, world = session.state, session.world
    actor = state.living[0].id
    assert world is not None and world.settlement_size("blacksalt") is world.settlement_size("Blacksalt")
    first = [o for o in town_options(state, actor, world) if o.kind == "Buy"]
    again = [o for o in town_options(state, actor, world) if o.kind == "Buy"]
    assert first and all(a is b for a, b in zip(first, again, strict=True))


def test_options_of_some_kinds_are_the_whole_list_filtered_in_its_order() -> None:
    """A bot that only wants to buy asks for Buy options alone: the same options, in the same order,
    as filtering the whole list, for every kind an adventurer in town is offered, alone or together."""
    session = interlude_session("blacksalt")
    state, world = session.state, session.world
    for member in state.living:
        whole = town_options(state, member.id, world)
        kinds = sorted({o.kind for o in whole})
        assert {"PlanDay", "ChooseBed", "Buy", "GiveItem", "StashItem"} <= set(kinds)
        for asked in [
            *({kind} for kind in kinds),
            {"Buy", "GiveItem"},
            {"PlanDay", "SpendInsight", "EndDay"},
        ]:
            some = town_options(state, member.id, world, frozenset(asked))
            assert list(some) == [o for o in whole if o.kind in asked], asked


def test_a_seat_view_builds_only_the_kinds_asked_for_until_the_whole_list_is_read() -> None:
    """`SeatView.options_of` works out one kind alone in town, and filters the whole list once it is made;
    asking whether a character is listed makes nothing."""
    session = interlude_session("blacksalt")
    view = session.view(Seat.host())
    actor = view.state.living[0].id
    choices = view.choices
    assert actor in choices and "nobody" not in choices
    assert isinstance(choices, LazyMap) and choices.made(actor) is None  # nothing made yet
    beds = view.options_of(actor, frozenset({"ChooseBed"}))
    assert beds and all(o.kind == "ChooseBed" for o in beds)
    assert choices.made(actor) is None  # still only the beds were judged
    assert view.options_of("nobody", frozenset({"ChooseBed"})) == ()
    whole = choices[actor]
    assert (
        view.options_of(actor, frozenset({"ChooseBed"}))
        == tuple(o for o in whole if o.kind == "ChooseBed")
        == beds
    )
    assert view.options_of("", frozenset({"EndDay"})) == tuple(o for o in choices[""] if o.kind == "EndDay")
