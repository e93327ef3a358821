"""Provides the adventurer: four attributes (§3.1), conditions, tokens, insight and status.

Characters are mutable and owned by the campaign state; only rules functions change them,
and each change is reported as an event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, Trauma
from expedition.rules.core.item_defs import Item
from expedition.rules.core.skills import Skill, Trait

CREATION_SCORE = (0, 3)
"""Score limits during character creation (§3.1)."""
CREATION_PROFICIENCY = (0, 2)
"""Proficiency limits during character creation (§3.1)."""
LATER_SCORE = (0, 5)
"""Score limits after creation (§16 #30)."""
LATER_PROFICIENCY = (0, 3)
"""Proficiency limits after creation (§16 #30)."""


@dataclass(slots=True)
class Attribute:
    """One attribute: dice (score), rerolls (proficiency), and the marks on its track.

    Fatigue and wounds together never exceed the score: a point that does not fit turns
    fatigue into a wound, or cannot be placed at all (§4.1).
    """

    score: int = 1
    proficiency: int = 0
    fatigue: int = 0
    wounds: int = 0

    @property
    def available(self) -> int:
        """Available dice = score − fatigue − wounds (§3.1)."""
        return self.score - self.fatigue - self.wounds

    @property
    def free(self) -> int:
        """Empty boxes on the track."""
        return max(0, self.available)


class Status(StrEnum):
    """Whether a character can act (§4.3, §4.4)."""

    ACTIVE = "active"
    FAINTED = "fainted"
    MORTALLY_WOUNDED = "mortally_wounded"
    DEAD = "dead"


@dataclass(slots=True)
class Tokens:
    """Combat tokens (§10.2.4)."""

    shield: int = 0
    dodge: int = 0
    stun: int = 0


INSIGHT_CIRCLES = 12
"""Lifetime insight circles on the sheet (§10.5.3)."""


@dataclass(slots=True)
class Insight:
    """Insight earned (slashed circles) and spent (filled circles), capped at 12 for life."""

    earned: int = 0
    spent: int = 0

    @property
    def unspent(self) -> int:
        """Points that can still be spent."""
        return self.earned - self.spent

    @property
    def retired(self) -> bool:
        """All twelve circles filled: no more insight, and the character may retire (§10.5.3)."""
        return self.spent >= INSIGHT_CIRCLES


@dataclass(slots=True)
class Magic:
    """A wizard's spells, a cleric's prayers and a fighter's maneuvers, and how they stand (§11, §5.7).

    Attributes:
        calling: The wizard's school or the cleric's god (a key), "" for neither.
        known_spells: Spells written on the sheet (§11.1).
        memorised_spells: Spells memorised for this expedition, at most the INT score.
        forgotten_spells: Memorised spells lost after a failed casting test, until relearned.
        grimoire_free: The wizard's school keeps no grimoire: study brings forgotten spells back
            without one (the Awakened); set as each expedition begins.
        mishaps: Spell mishaps rolled this expedition (added to the next mishap roll).
        sure_cast: A great success: the next spell's casting test succeeds by itself.
        known_prayers: Prayers written on the sheet (§11.2).
        memorised_prayers: Prayers memorised for this expedition, at most the PRE score.
        exhausted_prayers: Prayers answered since the last camp rest.
        god_angry: The god is angry: no prayer is answered until the sacrifice is made.
        plea_used: The desperate plea of this expedition was spent.
        maneuvers: Maneuvers learned (§5.7).
        effects: Lasting magic on this character for the current fight ("magic_shield", …).
        spent: Once-per-fight uses spent this fight ("roar", …).
    """

    calling: str = ""
    known_spells: list[str] = field(default_factory=list)
    memorised_spells: list[str] = field(default_factory=list)
    forgotten_spells: list[str] = field(default_factory=list)
    grimoire_free: bool = False
    mishaps: int = 0
    sure_cast: bool = False
    known_prayers: list[str] = field(default_factory=list)
    memorised_prayers: list[str] = field(default_factory=list)
    exhausted_prayers: list[str] = field(default_factory=list)
    god_angry: bool = False
    plea_used: bool = False
    maneuvers: list[str] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)
    spent: list[str] = field(default_factory=list)


def _attributes() -> dict[Attr, Attribute]:
    return {attr: Attribute() for attr in Attr}


@dataclass(slots=True)
class Character:
    """An adventurer.

    Attributes:
        id: Stable identifier within the campaign.
        name: Display name.
        owner: The player who makes this character's decisions.
        attrs: The four attributes.
        skills: Skills known.
        traits: Special traits.
        traumas: Traumas suffered.
        afflictions: Current afflictions.
        insight: Insight circles.
        burden: The burden's key (§5.5).
        burden_used: Whether the burden was used this play session (§3.5).
        tokens: Shield, dodge and stun tokens.
        status: Active, fainted, mortally wounded or dead.
        faint_turns: Turns still to stay down before wake rolls start (§4.3).
        near_death_turns: Combat turns left to be stabilised after mortal-wound 6, or None.
        mortal_wounds: Mortal wounds taken this expedition (§4.4).
        items: Everything carried (where each item sits is kept by the inventory rules).
        magic: Spells, prayers and maneuvers (§11, §5.7).
    """

    id: str
    name: str
    owner: str = "player1"
    attrs: dict[Attr, Attribute] = field(default_factory=_attributes)
    skills: set[Skill] = field(default_factory=set)
    traits: set[Trait] = field(default_factory=set)
    traumas: set[Trauma] = field(default_factory=set)
    afflictions: set[Affliction] = field(default_factory=set)
    insight: Insight = field(default_factory=Insight)
    burden: str = ""
    burden_used: bool = False
    tokens: Tokens = field(default_factory=Tokens)
    status: Status = Status.ACTIVE
    faint_turns: int = 0
    near_death_turns: int | None = None
    mortal_wounds: int = 0
    items: list[Item] = field(default_factory=list)
    magic: Magic = field(default_factory=Magic)

    def __getitem__(self, attr: Attr) -> Attribute:
        return self.attrs[attr]

    def has(self, condition: Affliction | Trauma | Skill | Trait) -> bool:
        """True if the character has this affliction, trauma, skill or trait."""
        if isinstance(condition, Affliction):
            return condition in self.afflictions
        if isinstance(condition, Trauma):
            return condition in self.traumas
        if isinstance(condition, Skill):
            return condition in self.skills
        return condition in self.traits

    @property
    def can_act(self) -> bool:
        """True unless fainted, mortally wounded or dead."""
        return self.status is Status.ACTIVE
