"""Tests for engine/combat_options.py: the combat action bar (§10.2.2)."""

from __future__ import annotations

from expedition.rules.combat.attack_odds import attack_odds
from expedition.rules.combat.attacking import AttackFoe
from expedition.rules.combat.defending import Defend
from expedition.rules.combat.fight_setup import start_combat
from expedition.rules.combat.moving_and_fleeing import CombatMove, Flee
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.engine.combat_options import combat_options
from expedition.rules.engine.dispatch import verify
from tests.rules.combat.test_fights import combat_of, fight, make_state, place, rat


def test_attacks_out_of_reach_are_refused_and_options_list_targets_in_reach() -> None:
    """§2.1, §16 #2: Close is orthogonal only; the options offer attacks only on foes in reach."""
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (3, 4))  # diagonal to (2, 3)
    try:
        verify(state, AttackFoe(actor="wren", target=foe.uid, weapon_uid=1))
        raise AssertionError("a diagonal Close attack was allowed")
    except IllegalAction:
        pass
    labels = [o.label for o in combat_options(state, "wren") if o.enabled]
    assert not any(label.startswith("Attack") for label in labels)
    foe.pos = (3, 3)
    assert any(o.label.startswith("Attack") for o in combat_options(state, "wren") if o.enabled)
    odds = attack_odds(state, "wren", foe.uid, 1)
    assert 0 < odds.succeeded < 1


def test_attack_labels_name_foes_as_the_player_sees_them_never_by_uid() -> None:
    """Two foes of one kind are told apart by number ("Rat 1", "Rat 2"), as the fight panel shows them."""
    state = make_state()
    resolve(start_combat(Context(ScriptedDice([])), state, [rat(), rat()], ambush=True), answers())
    combat = combat_of(state)
    combat.foes[0].pos, combat.foes[1].pos = (3, 3), (2, 4)  # both next to Wren at (2, 3)
    labels = [o.label for o in combat_options(state, "wren") if o.enabled and o.label.startswith("Attack")]
    names = combat.foe_names()
    assert sorted(names.values()) == [f"{combat.foes[0].name} 1", f"{combat.foes[0].name} 2"]
    assert {label.split(" with ")[0] for label in labels} == {f"Attack the {name}" for name in names.values()}
    assert not any(foe.uid in label for foe in combat.foes for label in labels)


def test_no_options_outside_a_fight_or_for_someone_not_in_it() -> None:
    """§10.2: the combat bar is empty when there is no fight, or for a stranger."""
    state = make_state()
    assert combat_options(state, "wren") == []
    fight(state, [], ambush=True)
    assert combat_options(state, "nobody") == []


def test_options_carry_their_cost_and_the_reason_they_are_refused() -> None:
    """§10.2.2: Dodge costs 2 actions; Defend without a shield is listed but disabled, with why."""
    state = make_state()
    fight(state, [], ambush=True)
    place(state, (9, 6))
    options = {o.label: o for o in combat_options(state, "wren")}
    assert options["Dodge"].cost == 2 and options["Dodge"].enabled
    defend = options["Defend with the shield"]
    assert not defend.enabled and "shield" in defend.reason and defend.action == Defend(actor="wren")
    assert options["End turn"].enabled


def test_every_listed_move_and_flight_is_legal_and_flight_only_goes_out_of_sight() -> None:
    """§10.2.2, §16 #25: each Move tile is reachable; each Flee tile is one no foe can see."""
    state = make_state()
    level = state.expedition.level  # type: ignore[union-attr]
    for row in range(1, 6):
        level.tiles[row] = "#....#.....#"
    fight(state, [], ambush=True)
    place(state, (8, 6))  # it sees along the open bottom row
    options = combat_options(state, "wren")
    moves = [o.action for o in options if isinstance(o.action, CombatMove)]
    flights = [o.action for o in options if isinstance(o.action, Flee)]
    assert moves and all(o.enabled for o in options if isinstance(o.action, CombatMove))
    for action in moves + flights:
        verify(state, action)
    assert flights and {f.to for f in flights} < {m.to for m in moves}
    assert (3, 6) in {m.to for m in moves} and (3, 6) not in {f.to for f in flights}
