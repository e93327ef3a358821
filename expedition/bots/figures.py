"""Provides the figures a simulation gathers: per expedition, per campaign, and what went wrong.

Plain dataclasses of plain values, so a worker process hands them back through a pipe and the
report is the same whichever process played which campaign.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["CampaignResult", "ExpeditionFigures", "FightFigures", "Problem"]


@dataclass(slots=True)
class FightFigures:
    """One fight: how it ended ("victory", "fled", "party_down", or "unfinished") and its rounds."""

    outcome: str
    rounds: int


@dataclass(slots=True)
class ExpeditionFigures:
    """One expedition: leaving the settlement, the dungeon, and coming back or not.

    Attributes:
        number: Which expedition of its campaign (1 for the first).
        party: Adventurers who set out.
        doom: The settlement's doom (filled segments) when they set out.
        outcome: "back" (someone came home), "total_party_kill", or "stopped" (a fault or a cap).
        deaths: Adventurers who died on it.
        death_causes: Each death's kind of cause ("enemies", "traps", "hazards", "decay", …).
        faint_causes: Each faint's kind of cause.
        fights: Every fight, in order.
        turns: Exploration turns spent.
        steps: Actions and answers the bot gave.
        silver: Silver gained (lost, when negative) from setting out to coming home.
        treasure: Silver found in caches.
        treasures: Treasures (items to sell, §7.2) the party carried home, less those it set out with.
        interlude_deaths: Adventurers who died in the settlement after it.
    """

    number: int
    party: int
    doom: int
    outcome: str = "stopped"
    deaths: int = 0
    death_causes: list[str] = field(default_factory=list)
    faint_causes: list[str] = field(default_factory=list)
    fights: list[FightFigures] = field(default_factory=list)
    turns: int = 0
    steps: int = 0
    silver: int = 0
    treasure: int = 0
    treasures: int = 0
    interlude_deaths: int = 0

    @property
    def whole_party_back(self) -> bool:
        """Everyone who set out came home."""
        return self.outcome == "back" and self.deaths == 0

    @property
    def first_fight_lost(self) -> bool:
        """Its first fight ended with the party down."""
        return bool(self.fights) and self.fights[0].outcome == "party_down"


@dataclass(slots=True)
class Problem:
    """An exception, a broken invariant or a stuck game, with what reproduces it.

    Attributes:
        kind: "exception", "violation" or "stuck".
        fault: A short name grouping alike problems (the known engine faults by name).
        message: What happened, in a line.
        seed: The campaign seed.
        policy: The bot's policy.
        step: The bot's step (1 for its first) at which it happened.
        action: The option or answer given at that step.
    """

    kind: str
    fault: str
    message: str
    seed: int
    policy: str
    step: int
    action: str = ""


@dataclass(slots=True)
class CampaignResult:
    """One campaign a bot played.

    Attributes:
        seed: The campaign seed.
        policy: The bot's policy.
        asked: Expeditions it was asked to play.
        expeditions: Each expedition played (the last may be unfinished when it stopped).
        problems: What went wrong (the campaign stopped at the first).
        steps: Every step the bot took.
        replayed: The journal replayed to the same hash (None when not checked).
        ended: Why it ended: "done", "total_party_kill", "stopped".
    """

    seed: int
    policy: str
    asked: int
    expeditions: list[ExpeditionFigures] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    steps: int = 0
    replayed: bool | None = None
    ended: str = "done"
