"""Provides `legal_actions`: every action the party could take now, for bots, tests and hints.

It asks each chapter's action bar, which asks the dispatch, so it sits above both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.camp.camp_options import camp_options
from expedition.rules.character.adventurer import Character
from expedition.rules.character.insight import InsightSpend, SpendKind, can_spend
from expedition.rules.core.attributes import Attr
from expedition.rules.core.phase import Phase
from expedition.rules.core.skills import Skill
from expedition.rules.engine.combat_options import combat_options
from expedition.rules.engine.dispatch import CatchBreath, PassTurn, SpendInsight, can
from expedition.rules.engine.exploration_options import available_actions
from expedition.rules.interlude.interlude_actions import interlude_options
from expedition.rules.interlude.setting_out import SetOut

if TYPE_CHECKING:
    from expedition.rules.core.actions import Action
    from expedition.rules.engine.campaign import CampaignState


def _spends(character: Character) -> list[InsightSpend]:
    options = [InsightSpend(SpendKind.REMOVE_TRAUMA, trauma=t) for t in sorted(character.traumas)]
    for attr in Attr:
        options += [
            InsightSpend(kind, attr=attr)
            for kind in (SpendKind.RAISE_LOWEST_SCORE, SpendKind.RAISE_SCORE, SpendKind.RAISE_PROFICIENCY)
        ]
        options += [InsightSpend(SpendKind.MOVE_SCORE, attr=attr, source=source) for source in Attr]
    options += [InsightSpend(SpendKind.LEARN_SKILL, skill=skill) for skill in Skill]
    return [spend for spend in options if can_spend(character, spend)]


def legal_actions(state: CampaignState) -> list[Action]:
    """Every action (other than renaming) that `verify` allows now, in a stable order."""
    found: list[Action] = []
    if state.phase is Phase.COMBAT:
        found += [o.action for m in state.party for o in combat_options(state, m.id) if o.enabled]
    if state.phase is Phase.EXPLORATION and state.living:
        found.append(PassTurn())
        found += [CatchBreath(actor=c.id) for c in state.party if can(state, CatchBreath(actor=c.id))]
        if state.expedition is not None:
            seen: set[Action] = set(found)
            for member in state.party:
                for option in available_actions(state, member.id):
                    if option.enabled and option.action not in seen:
                        seen.add(option.action)
                        found.append(option.action)
    if state.phase is Phase.CAMP:
        for member in state.party:
            found += [o.action for o in camp_options(state, member.id) if o.enabled and o.action not in found]
    if state.phase is Phase.INTERLUDE:
        if can(state, SetOut()):
            found.append(SetOut())
        found += [SpendInsight(actor=c.id, spend=s) for c in state.party for s in _spends(c)]
        found += interlude_options(state)
    return found
