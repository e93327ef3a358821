"""Tests for rules/combat/parley.py: talking a foe out of the fight, at its price (house, HOUSE §3.1–§3.3)."""

from __future__ import annotations

import pytest

from expedition.rules.combat.combat_state import CombatState
from expedition.rules.combat.parley import MATRIARCH_FAVOUR, FoeParleyed, Parley, parley_offers, terms_for
from expedition.rules.core.context import Context
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.lasting import PARTY, Span, add_lasting, has_lasting
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import verify
from tests.rules.combat.enemies.test_specials import enemies, setup
from tests.rules.magic_helpers import give, run


def _combat(state: CampaignState) -> CombatState:
    assert state.expedition is not None and state.expedition.combat is not None
    return state.expedition.combat


def test_spiderlings_bought_off_with_a_ration_leave_as_a_brood() -> None:
    """HOUSE §3.3 (house procedure): a PRE test; on a success the ration is given and the brood leaves."""
    state, foes = setup("spiderling", "spiderling", "reanimated_husk", at=(3, 2))
    ration = give(state.character("wiz"), "ration", 8)
    run(state, Parley(actor="wiz", target="foe1", offer=ration.uid), [5, 2])
    assert foes[0].fled and foes[1].fled and not foes[2].fled
    assert ration not in state.character("wiz").items


def test_a_failed_parley_keeps_the_offer_and_changes_nothing() -> None:
    """HOUSE §3.3: a failed PRE test: the foe stays and the ration is kept."""
    state, foes = setup("spiderling", "reanimated_husk", at=(3, 2))
    ration = give(state.character("wiz"), "ration", 8)
    run(state, Parley(actor="wiz", target="foe1", offer=ration.uid), [2, 3])
    assert not foes[0].fled and ration in state.character("wiz").items


def test_parley_is_refused_with_the_mindless_and_without_the_price() -> None:
    """HOUSE §3.2, §3.3: shamblers never parley; a foe with a price wants it."""
    state, _ = setup("spiderling", "reanimated_husk", at=(3, 2))
    with pytest.raises(IllegalAction, match="will not talk"):
        verify(state, Parley(actor="wiz", target="foe2"))
    with pytest.raises(IllegalAction, match="ration"):
        verify(state, Parley(actor="wiz", target="foe1"))


def test_letting_the_matriarch_go_favours_later_goblin_parleys() -> None:
    """HOUSE §3.3: the Matriarch let go leaves, and goblin parleys have advantage for the expedition."""
    state, foes = setup("goblin_matriarch", "reanimated_husk", at=(3, 2))
    run(state, Parley(actor="wiz", target="foe1"), [6, 2])
    assert foes[0].fled and has_lasting(state, PARTY, MATRIARCH_FAVOUR)


def test_the_combat_options_offer_break_free_and_parley() -> None:
    """§16 #26, HOUSE §3.3: the action bar lists a hold to break and a foe to talk to."""
    from expedition.rules.engine.combat_options import combat_options

    state, _ = setup("giant_crab", "spiderling")
    enemies(state, [])
    give(state.character("wiz"), "ration", 8)
    options = {o.label: o for o in combat_options(state, "wiz")}
    assert options["Break free of the Giant Crab (grabbed)"].enabled
    parley = options["Parley with the Spiderling, offering the Ration"]
    assert parley.cost == 2 and parley.action == Parley(actor="wiz", target="foe2", offer=8)


def test_a_bounty_hunter_talks_only_once_the_fight_turns_and_a_fleeing_goblin_surrenders() -> None:
    """HOUSE §3.3, §3.1, §3.2: the Bounty Hunter parleys below half, or once its side is no longer
    twice the standing adventurers (a coward not bold); a fleeing goblin or human begs mercy.
    """
    from expedition.rules.combat.combat_state import standing

    state, foes = setup("bounty_hunter", "goblin_scrapper", "plagued_rat", "goblin_scrapper")
    combat = _combat(state)
    hunter, scrapper, rat, other = foes
    assert 2 * len(standing(state, combat)) <= 4  # bold: its side outnumbers the party 2 to 1
    assert terms_for(state, combat, hunter) is None
    hunter.wounds = 5  # W 8: more than half taken
    assert terms_for(state, combat, hunter) is not None
    hunter.wounds, other.out = 0, True  # three left against two: no longer bold
    assert terms_for(state, combat, hunter) is not None
    assert terms_for(state, combat, scrapper) is None
    scrapper.fleeing = rat.fleeing = True
    terms = terms_for(state, combat, scrapper)
    assert terms is not None and "surrenders" in terms.why
    assert terms_for(state, combat, rat) is None  # a rat is neither goblin nor human


def test_a_foe_out_of_earshot_cannot_be_parleyed_with() -> None:
    """HOUSE §3.3 (house procedure): the foe must be Nearby (6 tiles) and in sight."""
    state, foes = setup("goblin_matriarch")
    _combat(state).positions["wiz"] = (1, 2)
    foes[0].pos = (8, 3)  # 8 tiles off
    with pytest.raises(IllegalAction, match="Nearby"):
        verify(state, Parley(actor="wiz", target=foes[0].uid))


def test_the_matriarchs_favour_gives_goblin_parleys_advantage() -> None:
    """HOUSE §3.3: with the Matriarch let go, a failed roll on a goblin parley may be rerolled."""
    state, foes = setup("gremlin", "reanimated_husk", at=(3, 2))
    tool = give(state.character("wiz"), "iron_spikes", 8)
    add_lasting(Context(ScriptedDice([])), state, MATRIARCH_FAVOUR, PARTY, Span.EXPEDITION, rule="HOUSE §3.3")
    ctx = run(state, Parley(actor="wiz", target="foe1", offer=tool.uid), [2, 3, 5])
    parleyed = [e for e in ctx.events if isinstance(e, FoeParleyed)]
    assert parleyed[0].agreed and foes[0].fled and has_lasting(state, PARTY, MATRIARCH_FAVOUR)


def test_offers_list_every_talking_foe_with_each_acceptable_item() -> None:
    """HOUSE §3.3: a wary foe with a price is offered each matching item; the mindless are not listed."""
    state, _ = setup("spiderling", "reanimated_husk", at=(3, 2))
    give(state.character("wiz"), "ration", 8)
    give(state.character("wiz"), "ration", 9)
    offers = parley_offers(state, "wiz")
    assert [p.offer for p, _ in offers] == [8, 9] and all(p.target == "foe1" for p, _ in offers)
