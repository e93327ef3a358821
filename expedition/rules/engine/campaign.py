"""Provides the campaign state: players, party and roster, trackers, places, time, money and the dice state.

The state is one mutable tree owned by the session; only rules functions change it, and each
change is reported as an event. Everything in it is a plain type or a dataclass of plain types,
so `persistence/` can snapshot it, and the dice state is two integers (`SeededDice.state()`), so
a loaded campaign rolls exactly what it would have rolled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.character.party import CreationSheet
from expedition.rules.core.context import Context
from expedition.rules.core.dice import SeededDice
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import Event
from expedition.rules.core.item_defs import Item
from expedition.rules.core.lasting import Lasting
from expedition.rules.core.phase import Phase
from expedition.rules.core.tracker import Tracker
from expedition.rules.exploration.camp_state import CampState
from expedition.rules.exploration.dead_vigil import fallen_left
from expedition.rules.exploration.expedition import ExpeditionState
from expedition.rules.exploration.locations import DoomReveal, Location
from expedition.rules.interlude.interlude_state import InterludeState
from expedition.rules.trackers.decay import new_decay
from expedition.rules.trackers.doom import DoomThreshold, new_doom, settlement_doom
from expedition.rules.trackers.omens import start_omens


class Fate(StrEnum):
    """Why a character is on the roster and not in the party."""

    WAITING = "waiting"
    """Alive, staying behind in the settlement."""
    DEAD = "dead"
    RETIRED = "retired"


@dataclass(slots=True)
class Player:
    """A person at the table.

    Attributes:
        id: Stable identifier; characters name it as their `owner`.
        name: Display name (a player may rename themselves).
    """

    id: str
    name: str


@dataclass(slots=True)
class RosterEntry:
    """A character not in the party, and why.

    Attributes:
        character: The character as they were when they left.
        fate: Waiting, dead or retired.
        cause: In words: how they died, or why they left.
        day: The campaign day they left.
    """

    character: Character
    fate: Fate
    cause: str = ""
    day: int = 1


@dataclass(slots=True)
class CampaignState:
    """Everything a running campaign is.

    Attributes:
        seed: The campaign seed.
        dice: The dice state, `{"seed": …, "index": …}` (`SeededDice.state()`).
        players: The people at the table.
        party: Adventurers on the current expedition (or in the interlude together).
        roster: Characters not in the party: waiting, dead or retired.
        omens: The campaign's hidden omens tracker (§9.3).
        decay: The decay tracker (§9.1).
        locations: Every known location by name, each with its doom.
        location: Where the party is now (a key of `locations`).
        settlement: The settlement the party returns to.
        day: Campaign day, from 1.
        phase: Exploration, combat, camp or interlude.
        turn: Exploration turns spent on the current expedition.
        silver: The party's silver.
        counterfeit: Counterfeit coins (the Moon-curser's kit), kept apart from real silver.
        stash: Items kept in the settlement.
        reveals: What Veterans have learned about doom, per character and location.
        play_session: Play sessions begun (burdens are once per play session, §3.5).
        sheets: What character creation decided for each adventurer (class, life path), by id.
        actions: Actions committed so far (the journal's action count).
        next_uid: The next free item uid.
        expedition: The dungeon expedition under way (map, position, memory), None outside one.
        camp: A camp outside any dungeon (camping out in the interlude, §10.3); a dungeon camp is
            kept in `expedition.camp`.
        interlude: The interlude under way (§10.4), None during an expedition or before the first one.
        lasting: Lasting effects of spells, prayers and maneuvers (`rules.lasting`).
        party_size: How many adventurers the party began with; while fewer are alive (or waiting
            in the settlement), a fallen one may be replaced in the interlude (house, see
            `interlude.recruiting`). 0 in campaigns begun before it was kept.
    """

    seed: int
    dice: dict[str, int]
    players: list[Player]
    party: list[Character]
    omens: Tracker
    decay: Tracker
    locations: dict[str, Location]
    location: str
    settlement: str
    roster: list[RosterEntry] = field(default_factory=list)
    day: int = 1
    phase: Phase = Phase.INTERLUDE
    turn: int = 0
    silver: int = 0
    counterfeit: int = 0
    stash: list[Item] = field(default_factory=list)
    reveals: list[DoomReveal] = field(default_factory=list)
    play_session: int = 1
    actions: int = 0
    next_uid: int = 1
    expedition: ExpeditionState | None = None
    sheets: dict[str, CreationSheet] = field(default_factory=dict)
    camp: CampState | None = None
    interlude: InterludeState | None = None
    lasting: list[Lasting] = field(default_factory=list)
    party_size: int = 0

    def character(self, character_id: str) -> Character:
        """The party member with this id.

        Raises:
            InvalidAction: When nobody in the party has it.
        """
        for member in self.party:
            if member.id == character_id:
                return member
        raise InvalidAction(f"nobody in the party is called {character_id!r}")

    def player(self, player_id: str) -> Player:
        """The player with this id.

        Raises:
            InvalidAction: When there is no such player.
        """
        for player in self.players:
            if player.id == player_id:
                return player
        raise InvalidAction(f"there is no player {player_id!r}")

    @property
    def here(self) -> Location:
        """The location the party is at."""
        return self.locations[self.location]

    @property
    def living(self) -> list[Character]:
        """Party members who are not dead."""
        return [c for c in self.party if c.status is not Status.DEAD]

    def trackers(self) -> list[Tracker]:
        """Every tracker in the campaign: omens, decay and each location's doom."""
        return [self.omens, self.decay, *(loc.doom for loc in self.locations.values())]


def new_campaign(
    seed: int,
    party: Sequence[Character],
    players: Sequence[Player],
    *,
    settlement: str = "blacksalt",
    dungeon: str | None = None,
    doom_thresholds: Sequence[DoomThreshold] = (),
    doom_size: int | None = None,
    silver: int = 0,
    ctx: Context | None = None,
) -> CampaignState:
    """Start a campaign: roll the omens tracker and set the party in the settlement or at a dungeon (§10).

    Args:
        seed: The campaign seed; the dice continue from it.
        party: The adventurers (ids unique, each owned by one of `players`).
        players: The people at the table (ids unique).
        settlement: The home settlement, which gets the default settlement doom (§9.4).
        dungeon: A dungeon to open at, just outside its entrance, in exploration; None starts in
            the interlude.
        doom_thresholds: The dungeon doom's effects.
        doom_size: The dungeon doom's size (defaults to its last threshold, or 8 without any).
        silver: The party's starting silver.
        ctx: Where the events go; a fresh one on `SeededDice(seed)` by default. Its dice must be
            that campaign's `SeededDice`, since the state keeps their position.

    Raises:
        InvalidAction: When ids repeat, a character's owner is not a player, or the dice are not seeded.
    """
    ctx = ctx if ctx is not None else Context(SeededDice(seed))
    if not isinstance(ctx.dice, SeededDice) or ctx.dice.seed != seed:
        raise InvalidAction("a campaign needs dice seeded with its own seed")
    player_ids = [p.id for p in players]
    if len(set(player_ids)) != len(player_ids):
        raise InvalidAction("two players share an id")
    member_ids = [c.id for c in party]
    if len(set(member_ids)) != len(member_ids):
        raise InvalidAction("two characters share an id")
    for member in party:
        if member.owner not in player_ids:
            raise InvalidAction(f"{member.name} belongs to {member.owner!r}, who is not a player")
    locations = {settlement: Location(settlement, settlement_doom(settlement), settlement=True)}
    if dungeon is not None:
        size = doom_size if doom_size is not None else (doom_thresholds[-1].segment if doom_thresholds else 8)
        locations[dungeon] = Location(dungeon, new_doom(dungeon, doom_thresholds, size=size))
    omens = start_omens(ctx)
    uids = [item.uid for member in party for item in member.items]
    state = CampaignState(
        seed=seed,
        dice={},
        players=list(players),
        party=list(party),
        omens=omens,
        decay=new_decay(),
        locations=locations,
        location=dungeon if dungeon is not None else settlement,
        settlement=settlement,
        phase=Phase.EXPLORATION if dungeon is not None else Phase.INTERLUDE,
        silver=silver,
        next_uid=max(uids, default=0) + 1,
        party_size=len(party),
    )
    state.dice = ctx.dice.state()
    ctx.emit(CampaignStarted(rule="§10", seed=seed, location=state.location, phase=state.phase))
    return state


def retire_the_fallen(ctx: Context, state: CampaignState, causes: dict[str, str]) -> list[Character]:
    """Move dead party members to the roster (their bodies stay behind), with the cause of death.

    Args:
        ctx: Where events go.
        state: The campaign.
        causes: Cause of death by character id, as the `Died` events reported it.

    Returns:
        The characters moved.
    """
    fallen = [c for c in state.party if c.status is Status.DEAD]

    fallen_left(ctx, state, fallen)  # bodies left in the dungeon (HOUSE §1.7)
    for member in fallen:
        state.party.remove(member)
        cause = causes.get(member.id, "died")
        state.roster.append(RosterEntry(member, Fate.DEAD, cause, state.day))
        ctx.emit(LeftParty(rule="§4.4", character=member.id, fate=Fate.DEAD, cause=cause))
    return fallen


@dataclass(frozen=True, slots=True, kw_only=True)
class CampaignStarted(Event):
    """A campaign began."""

    seed: int
    location: str
    phase: Phase


@dataclass(frozen=True, slots=True, kw_only=True)
class LeftParty(Event):
    """A character left the party for the roster.

    Attributes:
        character: Who.
        fate: Dead, retired or waiting.
        cause: Why, in words.
    """

    character: str
    fate: Fate
    cause: str
