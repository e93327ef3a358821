"""The town's options offer only what the rules then accept: the market judges every ware, not one.

Found by the simulation (random seeds 2032, 2035, 2041, 2053): the market's options judged each
dealing once, for the first ware, and offered Buy and Ask-the-price of wares the interlude already
knew to be out of stock; the verb then refused them.
"""

from __future__ import annotations

from expedition.rules.engine.dispatch import verify
from expedition.rules.interlude.daily_actions import PlanDay
from expedition.rules.interlude.day_and_night import EndDay
from expedition.rules.interlude.interlude_state import DailyAction
from expedition.rules.interlude.market import AskPrice, Buy
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
