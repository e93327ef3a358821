"""Tests for magic/prayers/prayer_effects.py: what the basic, Cador, Yulak and Akhzu prayers do (§11.2)."""

from __future__ import annotations

import re

import pytest

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.dispatch import verify
from expedition.rules.magic.prayers.prayer_effects import MISSING, PRAYER_EFFECTS
from expedition.rules.magic.prayers.praying import InvokePrayer
from tests.rules.magic_helpers import WORLD, fight, run
from tests.rules.prayer_helpers import cleric


def test_cure_light_wounds_heals_two_wounds_and_stops_bleeding() -> None:
    """§11.2 Cure Light Wounds on a Nearby ally."""
    state, _ = cleric("cure_light_wounds")
    wiz = state.character("wiz")
    wiz[Attr.STR].wounds = 2
    wiz.afflictions.add(Affliction.BLEEDING)
    run(state, InvokePrayer(actor="cle", prayer="cure_light_wounds", target="wiz"), [5, 5])
    assert wiz[Attr.STR].wounds == 0 and Affliction.BLEEDING not in wiz.afflictions


def test_numbness_heals_pre_wounds_for_str_and_dex_fatigue() -> None:
    """§11.2 Numbness."""
    state, _ = cleric("numbness", god="goshkalon")
    wiz = state.character("wiz")
    wiz[Attr.PRE].wounds = 2
    run(state, InvokePrayer(actor="cle", prayer="numbness", target="wiz"), [5, 5])
    assert wiz[Attr.PRE].wounds == 0 and wiz[Attr.STR].fatigue == 1 and wiz[Attr.DEX].fatigue == 1


def test_cleansing_flames_on_an_ally_burns_away_all_but_the_deep_afflictions() -> None:
    """§11.2 Cleansing Flames: an ally keeps Cursed, Doomed and Plagued."""
    state, _ = cleric("cleansing_flames", god="yulak")
    wiz = state.character("wiz")
    wiz.afflictions |= {Affliction.ANGRY, Affliction.CURSED}
    state.expedition.combat = None
    run(state, InvokePrayer(actor="cle", prayer="cleansing_flames", target="wiz"), [5, 5])
    assert wiz.afflictions == {Affliction.CURSED}


def test_martyr_wounds_the_cleric_and_cures_allies() -> None:
    """§11.2 Martyr."""
    state, cle = cleric("martyr", god="yulak")
    wiz = state.character("wiz")
    wiz.afflictions |= {Affliction.SHAKEN, Affliction.HUNGRY}
    run(state, InvokePrayer(actor="cle", prayer="martyr"), [5, 5])
    assert wiz.afflictions == {Affliction.HUNGRY} and sum(cle[a].wounds for a in Attr) == 1


def test_purge_the_filth_heals_three_wounds_after_a_lost_turn() -> None:
    """§11.2 Purge the filth, outside a fight: the target loses 1 ET, then heals 3 wounds."""
    state, _ = cleric("purge_the_filth", god="yulak")
    wiz = state.character("wiz")
    wiz[Attr.STR].wounds = 2
    wiz[Attr.DEX].wounds = 1
    run(state, InvokePrayer(actor="cle", prayer="purge_the_filth", target="wiz"), [5, 5])
    assert sum(wiz[a].wounds for a in Attr) == 0 and state.turn == 2


def test_seasons_spring_heals_and_autumn_strips_tokens() -> None:
    """§11.2 Prayer of Spring heals everyone Nearby 1 wound; Autumn takes shield and dodge tokens."""
    state, _cle = cleric("prayer_of_spring", "prayer_of_autumn", god="akhzu")
    wiz = state.character("wiz")
    wiz[Attr.INT].wounds = 1
    wiz.tokens.shield = 2
    run(state, InvokePrayer(actor="cle", prayer="prayer_of_spring"), [5, 5])
    assert wiz[Attr.INT].wounds == 0
    run(state, InvokePrayer(actor="cle", prayer="prayer_of_autumn"), [5, 5])
    assert wiz.tokens.shield == 0


def test_summer_mends_armour_and_winter_wounds_in_a_fight() -> None:
    """§11.2 Prayer of Summer mends 1 AP; Prayer of Winter: 2 wounds to foes, 1 to the party."""
    state, cle = cleric("prayer_of_summer", "prayer_of_winter", god="akhzu")
    (foe,) = fight(state, "gremlin")
    foe.broken = 1
    state.expedition.combat.positions["cle"] = (2, 2)
    state.expedition.combat.positions["wiz"] = (2, 1)
    run(state, InvokePrayer(actor="cle", prayer="prayer_of_summer"), [5, 5])
    assert foe.broken == 0
    before = foe.wounds
    state.expedition.combat.done.discard("cle")
    state.expedition.combat.active = ""
    run(state, InvokePrayer(actor="cle", prayer="prayer_of_winter"), [5, 5])
    assert foe.wounds >= before + 2 or foe.out
    assert sum(cle[a].wounds for a in Attr) == 1


def test_judgment_stuns_and_wounds_nearby_undead() -> None:
    """§11.2 Judgment: Nearby undead take a stun token and a wound."""
    state, _cle = cleric("judgment", "mercy")
    undead = next(k for k, d in WORLD.catalog.enemies.items() if "undead" in d.tags and d.wounds > 1)
    (foe,) = fight(state, undead)
    run(state, InvokePrayer(actor="cle", prayer="judgment"), [5, 5])
    assert foe.tokens.stun == 1 and foe.wounds == 1


@pytest.mark.parametrize("key", sorted(WORLD.prayers))
def test_every_prayer_has_an_effect_or_a_reason_to_refuse(key: str) -> None:
    """§11.2: no silent no-ops: each prayer has rules (with the content's cost) or is refused with why."""
    assert (key in PRAYER_EFFECTS) != (key in MISSING)
    if key in PRAYER_EFFECTS:
        assert PRAYER_EFFECTS[key].actions == WORLD.prayers[key].actions
        return
    state, _ = cleric(key)
    with pytest.raises(IllegalAction, match=re.escape(MISSING[key])):
        verify(state, InvokePrayer(actor="cle", prayer=key))


def test_no_prayer_is_missing_any_more() -> None:
    """§11.2: every prayer has an effect."""
    assert MISSING == {}
    assert {p.key for p in WORLD.prayers.values()} <= set(PRAYER_EFFECTS)


def test_mercy_kills_a_close_foe_only_when_four_more_wounds_would_finish_it() -> None:
    """§11.2 Mercy, §16 #21: a foe drops past W; Mercy works within 4 wounds of that, and kills outright."""
    state, _ = cleric("mercy")
    (king,) = fight(state, "unsatiable_dead")  # W 6: seven wounds drop it
    king.pos = (2, 1)
    with pytest.raises(IllegalAction, match="not close enough to death"):
        verify(state, InvokePrayer(actor="cle", prayer="mercy", target=king.uid))
    king.wounds = 3
    verify(state, InvokePrayer(actor="cle", prayer="mercy", target=king.uid))
    king.pos = (3, 1)
    with pytest.raises(IllegalAction, match="reaches"):
        verify(state, InvokePrayer(actor="cle", prayer="mercy", target=king.uid))
    king.pos = (2, 1)
    run(state, InvokePrayer(actor="cle", prayer="mercy", target=king.uid), [5, 5])
    assert king.out
