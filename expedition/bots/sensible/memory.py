"""Provides `Memory`: what the sensible bot remembers between its choices (a player's notes)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from expedition.bots.sensible.party_condition import wounds
from expedition.rules.core.distance import Pos
from expedition.rules.core.phase import Phase
from expedition.rules.engine.campaign import CampaignState

__all__ = ["Memory", "option_key"]


def option_key(*parts: object) -> str:
    """A key for something the bot did once and should not do again (a room searched)."""
    return "|".join(str(part) for part in parts)


@dataclass(slots=True)
class Memory:
    """What the bot remembers.

    Attributes:
        rng: The bot's own tie-breaks.
        phase: The phase it last saw.
        done: Things done once per place or per camp (`option_key`), cleared when it leaves.
        visits: How often it stood on each tile of the level it is on.
        blocked: Tiles a step into was not offered (locked doors, water it cannot cross).
        tries: Attempts at opening each locked door of the level.
        fight_rounds: Rounds of the fight under way with no foe hurt.
        fleeing: It decided to run from the fight under way.
        foe_wounds: The foes' wounds when last seen, to tell progress.
        dark: The party was in the dark this expedition (a darkness decision came).
        camps: Camps made this expedition.
        town_days: Days spent in the settlement this interlude.
        heading_home: It decided to go home.
        depth: The level it is on.
        silver_at_setting_out: The party's silver when it left the settlement.
        wounds_at_setting_out: Each adventurer's wounds (`party_condition.wounds`) when it left.
    """

    rng: random.Random
    phase: Phase = Phase.INTERLUDE
    done: set[str] = field(default_factory=set)
    visits: Counter[Pos] = field(default_factory=Counter)
    blocked: set[Pos] = field(default_factory=set)
    tries: Counter[str] = field(default_factory=Counter)
    fight_rounds: int = 0
    fleeing: bool = False
    foe_wounds: int = 0
    last_round: int = 0
    dark: bool = False
    camps: int = 0
    town_days: int = 0
    heading_home: bool = False
    depth: int = 0
    silver_at_setting_out: int = 0
    wounds_at_setting_out: dict[str, int] = field(default_factory=dict)

    def notice(self, state: CampaignState) -> None:
        """Take in what changed since the last choice: a new phase, a new level."""
        phase, before = state.phase, self.phase
        if phase is not self.phase:
            if phase is Phase.INTERLUDE:
                self.dark = self.heading_home = False
                self.camps = self.town_days = 0
                self.done.clear()
            if self.phase is Phase.INTERLUDE:
                self.silver_at_setting_out = state.silver
            if phase is Phase.COMBAT:
                self.fight_rounds = self.foe_wounds = self.last_round = 0
                self.fleeing = False
            if self.phase is Phase.CAMP:
                self.done = {key for key in self.done if not key.startswith("camp|")}
            self.phase = phase
        expedition = state.expedition
        if expedition is not None and before is Phase.INTERLUDE:
            self.depth = 0  # a new expedition: the last dungeon's blocked tiles and doors are not here
            self.wounds_at_setting_out = {m.id: wounds(m) for m in state.party}
        if expedition is not None and expedition.depth != self.depth:
            self.depth = expedition.depth
            self.visits.clear()
            self.blocked.clear()
            self.tries.clear()
