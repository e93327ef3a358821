"""Tests for magic/magic_effects.py: effect records, targets, Visions and lasting light (§11, §4.5, §7.8)."""

from __future__ import annotations

import pytest

from expedition.rules.character.adventurer import Status
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import resolve_default
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.core.phase import Phase
from expedition.rules.core.reach import CLOSE
from expedition.rules.core.skills import Trait
from expedition.rules.exploration.expedition import magic_lit
from expedition.rules.magic.magic_effects import (
    NEARBY,
    Effect,
    RoomLitByMagic,
    ally,
    definition,
    effect_for,
    light_room,
    magic_user,
    party_in_reach,
    the_world,
)
from expedition.rules.magic.spells.spellcasting import CastSpell
from tests.rules.magic_helpers import WORLD, fight, make_state, run


def wizard(*spells: str):  # type: ignore[no-untyped-def]
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.known_spells = list(spells)
    wiz.magic.memorised_spells = list(spells)
    return state, wiz


def test_visions_stuns_others_nearby_when_a_spell_is_cast() -> None:
    """§4.5: an ally with Visions takes a stun token when someone casts Nearby."""
    state, _ = wizard("light")
    cle = state.character("cle")
    cle.traumas.add(Trauma.VISIONS)
    run(state, CastSpell(actor="wiz", spell="light"), [5, 5])
    assert cle.tokens.stun == 1


def _nothing(ctx, state, caster, target):  # type: ignore[no-untyped-def]
    return
    yield


def test_effect_for_refuses_with_the_reason_or_the_wrong_phase() -> None:
    """§11: a missing effect is refused with its reason, an unknown key is a content error, phases hold."""
    state = make_state()
    fighting, exploring = Effect(_nothing, combat=True), Effect(_nothing, combat=False)
    table = {"brawl": fighting, "stroll": exploring}
    with pytest.raises(IllegalAction, match="cannot be used yet: no stats"):
        effect_for("spell", "void", table, {"void": "no stats"}, state)
    with pytest.raises(InvalidAction):
        effect_for("spell", "nothing", table, {}, state)
    with pytest.raises(IllegalAction, match="only works in a fight"):
        effect_for("spell", "brawl", table, {}, state)
    assert effect_for("spell", "stroll", table, {}, state) is exploring
    fight(state, "giant_rat")
    assert effect_for("spell", "brawl", table, {}, state) is fighting
    with pytest.raises(IllegalAction, match="only works outside a fight"):
        effect_for("spell", "stroll", table, {}, state)


def test_an_ally_target_is_the_caster_by_default_and_must_be_alive_and_in_reach() -> None:
    """§11, §8: "" is the caster; the dead and out-of-reach are refused; self-only effects reach no one."""
    state, wiz = wizard()
    cle = state.character("cle")
    assert ally(state, wiz, "", CLOSE) is wiz and ally(state, wiz, "cle", CLOSE) is cle  # exploring: one tile
    with pytest.raises(IllegalAction, match="only affects its user"):
        ally(state, wiz, "cle", None)
    fight(state, "giant_rat")
    assert state.expedition is not None and state.expedition.combat is not None
    state.expedition.combat.positions["cle"] = (1, 4)  # two tiles from the wizard at (1, 2)
    with pytest.raises(IllegalAction, match="reaches"):
        ally(state, wiz, "cle", CLOSE)
    assert party_in_reach(state, wiz, CLOSE) == [wiz]
    assert party_in_reach(state, wiz, NEARBY) == [wiz, cle]
    cle.status = Status.DEAD
    with pytest.raises(IllegalAction, match="dead"):
        ally(state, wiz, "cle", NEARBY)
    assert party_in_reach(state, wiz, NEARBY) == [wiz]


def test_light_room_lights_the_partys_area_until_the_next_decay() -> None:
    """§7.8, §11.1 Light: the room is lit by magic and the event names the area."""
    state, wiz = wizard()
    ctx = Context(ScriptedDice([]), world=WORLD)
    assert not magic_lit(state)
    resolve_default(light_room(ctx, state, wiz, ""))
    assert magic_lit(state)
    assert any(isinstance(e, RoomLitByMagic) and e.character == "wiz" for e in ctx.events)


def test_magic_is_worked_only_by_the_right_trait_while_exploring_or_fighting() -> None:
    """§11.1, §11.2: only a Magic user casts; magic is for exploration and combat, not camp."""
    state, _ = wizard()
    action = CastSpell(actor="cle", spell="light")
    with pytest.raises(IllegalAction, match="no wizard"):
        magic_user(state, action, trait=Trait.MAGIC_USER, doing="Spells are cast", refusal="is no wizard")
    own = CastSpell(actor="wiz", spell="light")
    assert magic_user(state, own, trait=Trait.MAGIC_USER, doing="Spells are cast", refusal="x").id == "wiz"
    state.phase = Phase.CAMP
    with pytest.raises(IllegalAction, match="not during camp"):
        magic_user(state, own, trait=Trait.MAGIC_USER, doing="Spells are cast", refusal="x")


def test_no_content_or_an_unknown_key_is_refused() -> None:
    """§11: spells need the content world; an unknown spell is a malformed action."""
    with pytest.raises(IllegalAction, match="No spells"):
        the_world(None)
    assert the_world(WORLD) is WORLD
    assert definition(WORLD.spells, "light", "spell") is WORLD.spells["light"]
    with pytest.raises(InvalidAction, match="no spell called"):
        definition(WORLD.spells, "lite", "spell")
