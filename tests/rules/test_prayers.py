"""Prayers (§11.2, §5.7.4): PRE test, holy symbol, exhaustion, plea, miracles, the angry god, effects."""

from __future__ import annotations

import re

import pytest

from expedition.rules.character import Attr
from expedition.rules.conditions import Affliction
from expedition.rules.context import Context
from expedition.rules.dice import ScriptedDice
from expedition.rules.errors import IllegalAction
from expedition.rules.expedition import magic_lit
from expedition.rules.prayer_effects import MISSING, PRAYER_EFFECTS
from expedition.rules.prayers import InvokePrayer, MakeSacrifice, MiracleGranted, rest_prayers
from expedition.rules.turns import verify
from tests.rules.magic_helpers import WORLD, fight, make_state, run


def cleric(*prayers: str, god: str = "cador"):  # type: ignore[no-untyped-def]
    state = make_state()
    cle = state.character("cle")
    cle.magic.calling = god
    cle.magic.known_prayers = list(prayers)
    cle.magic.memorised_prayers = list(prayers)
    return state, cle


def test_a_successful_prayer_works_and_is_exhausted_until_a_camp_rest() -> None:
    """§11.2: success works the prayer and exhausts it; resting at camp readies it again."""
    state, cle = cleric("light")
    run(state, InvokePrayer(actor="cle", prayer="light"), [5, 5])
    assert magic_lit(state) and cle.magic.exhausted_prayers == ["light"] and state.turn == 1
    with pytest.raises(IllegalAction, match="exhausted"):
        verify(state, InvokePrayer(actor="cle", prayer="light"))
    rest_prayers(Context(ScriptedDice([])), cle)
    verify(state, InvokePrayer(actor="cle", prayer="light"))


def test_a_failed_prayer_is_ignored_and_not_exhausted() -> None:
    """§11.2: failure: nothing happens, the prayer stays ready."""
    state, cle = cleric("light")
    run(state, InvokePrayer(actor="cle", prayer="light"), [2, 3])
    assert not magic_lit(state) and cle.magic.exhausted_prayers == []


def test_the_desperate_plea_forces_one_exhausted_prayer_per_expedition() -> None:
    """§11.2: once per expedition an exhausted prayer may be prayed anyway."""
    state, cle = cleric("light")
    cle.magic.exhausted_prayers = ["light"]
    run(state, InvokePrayer(actor="cle", prayer="light", plea=True), [5, 5])
    assert cle.magic.plea_used
    with pytest.raises(IllegalAction):
        verify(state, InvokePrayer(actor="cle", prayer="light", plea=True))


def test_no_prayer_works_without_a_holy_symbol() -> None:
    """§11.2: the holy symbol is required."""
    state, cle = cleric("light")
    cle.items.clear()
    with pytest.raises(IllegalAction, match="holy symbol"):
        verify(state, InvokePrayer(actor="cle", prayer="light"))


def test_a_critical_failure_angers_the_god_until_the_sacrifice() -> None:
    """§11.2, §5.7.4: no prayers while the god is angry; Yulak's sacrifice is 2 wounds and Bleeding."""
    state, cle = cleric("light", god="yulak")
    run(state, InvokePrayer(actor="cle", prayer="light"), [1, 2])
    assert cle.magic.god_angry
    with pytest.raises(IllegalAction, match="angry"):
        verify(state, InvokePrayer(actor="cle", prayer="light"))
    run(state, MakeSacrifice(actor="cle"), [])
    assert not cle.magic.god_angry and Affliction.BLEEDING in cle.afflictions
    assert sum(cle[a].wounds for a in Attr) == 2


def test_kaal_rafirs_anger_tires_the_whole_party() -> None:
    """§5.7.4: while Kaal Rafir is angry the party takes 2 PRE fatigue; no sacrifice: pray at camp."""
    state, _cle = cleric("light", god="kaal_rafir")
    run(state, InvokePrayer(actor="cle", prayer="light"), [1, 2])
    assert all(m[Attr.PRE].fatigue + m[Attr.PRE].wounds >= 2 for m in state.party)
    with pytest.raises(IllegalAction, match="camp"):
        verify(state, MakeSacrifice(actor="cle"))


def test_a_great_success_rolls_a_miracle_renewal_readies_every_prayer() -> None:
    """§11.2: great success works the prayer, then 1d6 on the miracle table (3: renewal)."""
    state, cle = cleric("light", "martyr")
    cle.magic.exhausted_prayers = ["martyr"]
    ctx = run(state, InvokePrayer(actor="cle", prayer="light"), [6, 6, 3])
    assert any(isinstance(e, MiracleGranted) and e.roll == 3 for e in ctx.events)
    assert cle.magic.exhausted_prayers == []


def test_miracle_six_outside_a_fight_readies_a_shield_token_for_everyone() -> None:
    """§11.2 miracle 6 out of combat."""
    state, _ = cleric("light")
    run(state, InvokePrayer(actor="cle", prayer="light"), [6, 6, 6])
    assert all(m.tokens.shield == 1 for m in state.party)


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
