"""Tests for rules/combat/strike.py: attack tests against a foe's tokens, who may harm it (§10.2.2)."""

from __future__ import annotations

from dataclasses import replace

from expedition.rules.combat.combat_events import TokensChanged
from expedition.rules.combat.combat_state import Foe
from expedition.rules.combat.enemies.enemy_defs import HarmSource
from expedition.rules.combat.strike import BONEDANCE, may_harm, strike_test
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.judging import RollResult
from expedition.rules.core.lasting import Span, add_lasting
from expedition.rules.engine.campaign import CampaignState
from tests.rules.combat.test_fights import fight, make_state, place, rat


def _setup(shield: int = 0, dodge: int = 0) -> tuple[CampaignState, Foe]:
    state = make_state()
    fight(state, [], ambush=True)
    foe = place(state, (3, 3))
    foe.tokens.shield, foe.tokens.dodge = shield, dodge
    return state, foe


def _strike(
    state: CampaignState, foe: Foe, faces: list[int], *gm: str, **options: int | bool
) -> tuple[RollResult, Context, list[Decision]]:
    """Roll wren's STR attack on `foe`; the GM answers `gm` in turn, then by default."""
    seen: list[Decision] = []
    queue = list(gm)

    def answer(decision: Decision) -> str:
        seen.append(decision)
        return queue.pop(0) if queue and decision.owner == "gm" else decision.default

    ctx = Context(ScriptedDice(faces))
    test = strike_test(ctx, state, state.party[0], foe, Attr.STR, **options)  # type: ignore[arg-type]
    result = resolve(test, answer)
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return result, ctx, seen


def test_a_dodge_token_is_a_gm_reroll_and_is_spent_when_used() -> None:
    """§10.2.2, §10.2.4: the GM rerolls the attacker's only success with the foe's dodge token."""
    state, foe = _setup(dodge=1)
    result, ctx, _ = _strike(state, foe, [5, 2, 3])  # the 5 is rerolled into a 3
    assert not result.succeeded and foe.tokens.dodge == 0
    spent = [e for e in ctx.events if isinstance(e, TokensChanged) and e.who == foe.uid]
    assert spent and spent[0].dodge == 0


def test_a_token_the_gm_does_not_use_is_kept() -> None:
    """HOUSE §3.1: tokens are spent only when the GM actually rerolls with them."""
    state, foe = _setup(shield=2)
    result, _, seen = _strike(state, foe, [5, 2], "pass")
    assert result.succeeded and foe.tokens.shield == 2 and any(d.owner == "gm" for d in seen)


def test_dodge_tokens_go_before_shield_tokens() -> None:
    """HOUSE §3.1: the foe spends its dodge token first, then a shield token."""
    state, foe = _setup(shield=1, dodge=1)
    result, _, _ = _strike(state, foe, [6, 6, 2], "die:0", "pass")  # one reroll: a 6 becomes a 2
    assert result.succeeded and (foe.tokens.dodge, foe.tokens.shield) == (0, 1)


def test_shield_tokens_are_no_reroll_against_an_x_attack() -> None:
    """§16 #7: against X the foe's shield tokens are not offered at all."""
    state, foe = _setup(shield=2)
    result, _, seen = _strike(state, foe, [5, 2], ignores_shields=True)
    assert result.succeeded and foe.tokens.shield == 2 and not any(d.owner == "gm" for d in seen)


def test_plain_disadvantage_is_used_before_any_token() -> None:
    """§3.4, HOUSE §3.1: the GM's first reroll is the attack's own disadvantage, costing no token."""
    state, foe = _setup(dodge=1)
    result, _, _ = _strike(state, foe, [5, 2, 3], disadvantage=1)
    assert not result.succeeded and foe.tokens.dodge == 1


def test_bonedance_on_the_foe_gives_the_attacker_advantage() -> None:
    """§11.1: Bonedance makes tests against the foe advantaged (a player reroll on a failure)."""
    state, foe = _setup()
    add_lasting(Context(ScriptedDice([])), state, BONEDANCE, foe.uid, Span.FIGHT, rule="§11.1")
    result, _, seen = _strike(state, foe, [2, 3, 6])
    assert result.succeeded and any(d.owner == "wren" and d.kind == "reroll" for d in seen)


def test_only_the_listed_sources_harm_a_foe_that_names_them() -> None:
    """§12.3, §12.6: a swarm is hurt only by fire or spells; an ordinary foe by anything."""
    swarm = Foe(uid="foe1", key="swarm", defn=replace(rat(), harmed_only_by=frozenset({HarmSource.FIRE})))
    assert not may_harm(swarm) and not may_harm(swarm, HarmSource.PRAYER)
    assert may_harm(swarm, HarmSource.SPELL, HarmSource.FIRE)
    assert may_harm(Foe(uid="foe2", key="rat", defn=rat()))
