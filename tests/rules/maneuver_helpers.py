"""Shared builders for the maneuver tests: a fighter with a weapon, foes without armour, quick runners."""

from __future__ import annotations

from collections.abc import Callable

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_state import CombatState, Foe
from expedition.rules.combat.maneuvers.maneuver_rules import MANEUVER_EFFECTS, UseManeuver
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Decision, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.notation import parse_attack
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.items import handling
from tests.rules.magic_helpers import WORLD, fight, give, make_state, run

BITE = parse_attack("STR 1")


def fighter(*keys: str, weapon: str = "short_sword") -> tuple[CampaignState, Character]:
    """The wizard of `make_state`, knowing the maneuvers `keys` and wielding `weapon` (uid 10)."""
    state = make_state()
    wiz = state.character("wiz")
    wiz.magic.maneuvers = list(keys)
    if weapon:
        handling.wield(Context(ScriptedDice([])), wiz, give(wiz, weapon, 10), "right_hand")
    return state, wiz


def foes(state: CampaignState, *keys: str, at: tuple[int, int] = (2, 2)) -> list[Foe]:
    """Foes with no working armour (no armour dice), the first one at `at`."""
    found = fight(state, *keys)
    found[0].pos = at
    for foe in found:
        foe.broken = foe.defn.armour
    return found


def combat(state: CampaignState) -> CombatState:
    """The running fight."""
    assert state.expedition is not None and state.expedition.combat is not None
    return state.expedition.combat


def use(state: CampaignState, key: str, faces: list[int], target: str = "foe1", *keys: str) -> Context:
    """The wizard uses maneuver `key` as a full action, with scripted dice."""
    return run(state, UseManeuver(actor="wiz", maneuver=key, target=target), faces, *keys)


def apply_only(state: CampaignState, key: str, faces: list[int], target: str = "foe1") -> Context:
    """The maneuver's effect alone (no turn bookkeeping, so a won fight does not roll on)."""
    ctx = Context(ScriptedDice(faces), world=WORLD)
    resolve(MANEUVER_EFFECTS[key].apply(ctx, state, state.character("wiz"), target), lambda d: d.default)
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return ctx


def by_kind(**picks: str) -> Callable[[Decision], str]:
    """Answer decisions by their kind, else with the default."""
    return lambda d: picks.get(d.kind, d.default)
