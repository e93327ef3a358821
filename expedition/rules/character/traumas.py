"""Provides traumas (§4.5): gaining and removing them, and small queries for what each one changes.

Effects that other rules apply ask these queries rather than testing `character.traumas`
themselves, so each trauma's meaning lives in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from expedition.rules.character.adventurer import Character
from expedition.rules.character.progression import change_proficiency, change_score
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Trauma
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.events import Event
from expedition.rules.core.hooks import Hook

CANES = frozenset({"cane", "conductor_cane", "quarterstaff"})
"""Item keys a Broken leg may lean on while exploring (§4.5; house: a quarterstaff serves as a cane)."""

TRAUMA_EFFECTS: dict[Trauma, str] = {
    Trauma.BROKEN_ARM: "One arm is useless: it can neither attack nor carry.",
    Trauma.BROKEN_LEG: "In combat, a move covers 1 tile and takes 2 actions; exploring needs help or a cane.",
    Trauma.CHRONIC_PAIN: "One attribute score above 0 dropped by 1 when this was gained.",
    Trauma.BRAIN_DAMAGE: "One proficiency above 0 dropped by 1 when this was gained.",
    Trauma.PARANOID: "Never receives help; in camp shares only rations; adds 1 ambush die.",
    Trauma.FEARFUL: "Steps back 1 tile whenever attacked in combat; a second attack in a round stuns once.",
    Trauma.VISIONS: "Takes a stun token whenever a spell is cast Nearby.",
}
"""What each trauma does, in a sentence for the character sheet (§4.5, §16 #10)."""


TRAUMA_GAINED: Hook[Callable[[Context, Character, Trauma, str], None]] = Hook("a trauma is gained")
"""Told when a character gains a new trauma (with the section), right after it is reported and
before it lowers a score: what the trauma does to what they carry (a Broken arm lets go, in
`items.handling`)."""


def gain_trauma(ctx: Context, character: Character, trauma: Trauma, *, rule: str) -> Resolution[bool]:
    """Give a trauma (§4.5); one already held does nothing.

    The rules in `TRAUMA_GAINED` apply it to what the character carries (a Broken arm stops
    wielding what the broken hand held or a two-handed grip needed).
    Chronic pain lowers one score above 0 by 1 and Brain damage one proficiency above 0 by 1;
    the character's owner decides which when there is more than one choice (kinds
    "chronic_pain" and "brain_damage", keys "STR", "DEX", "INT", "PRE"). With nothing above 0,
    the trauma is still gained and lowers nothing. When the lowered score can no longer hold the
    attribute's marks, the excess fatigue goes first and then the excess wounds (see
    `progression.change_score`).

    Returns:
        True if the trauma is new.
    """
    if trauma in character.traumas:
        return False
    character.traumas.add(trauma)
    ctx.emit(TraumaGained(rule=rule, character=character.id, trauma=trauma))
    TRAUMA_GAINED.each(ctx, character, trauma, rule)
    if trauma is Trauma.CHRONIC_PAIN:
        scores = {attr: character[attr].score for attr in Attr}
        attr = yield from _pick_attr(character, scores, "chronic_pain", "score", rule)
        if attr is not None:
            change_score(ctx, character, attr, -1, creation=False, rule=rule)
    elif trauma is Trauma.BRAIN_DAMAGE:
        proficiencies = {attr: character[attr].proficiency for attr in Attr}
        attr = yield from _pick_attr(character, proficiencies, "brain_damage", "proficiency", rule)
        if attr is not None:
            change_proficiency(ctx, character, attr, -1, creation=False, rule=rule)
    return True


def _pick_attr(
    character: Character, values: dict[Attr, int], kind: str, what: str, rule: str
) -> Resolution[Attr | None]:
    options = [attr for attr, value in values.items() if value > 0]
    if not options:
        return None
    if len(options) == 1:
        return options[0]
    # Default: the highest value (the first in sheet order on a tie), where 1 point hurts least.
    default = max(options, key=lambda attr: values[attr])
    key = yield Decision(
        kind=kind,
        owner=character.id,
        prompt=f"{character.name}: lower which {what} by 1?",
        choices=tuple(Choice(attr.value, f"{attr.value} ({what} {values[attr]})") for attr in options),
        default=default.value,
        rule=rule,
    )
    return Attr(key)


def remove_trauma(ctx: Context, character: Character, trauma: Trauma, *, rule: str) -> bool:
    """Remove a trauma (a cure, or 1 insight, §10.5.4).

    Removing Chronic pain or Brain damage does NOT give back the point it took: that point was
    lost when the trauma was gained, and only insight or other growth raises it again.

    Returns:
        True if the character had it.
    """
    if trauma not in character.traumas:
        return False
    character.traumas.discard(trauma)
    ctx.emit(TraumaRemoved(rule=rule, character=character.id, trauma=trauma))
    return True


def can_receive_help(character: Character) -> bool:
    """False for the Paranoid: nobody may help their tests (§3.5, §4.5)."""
    return Trauma.PARANOID not in character.traumas


def can_share_in_camp(character: Character, *, ration: bool) -> bool:
    """Whether the character may share an item in camp: the Paranoid share only rations (§4.5)."""
    return ration or Trauma.PARANOID not in character.traumas


def ambush_dice_modifier(character: Character) -> int:
    """Ambush dice this character adds in camp: +1 when Paranoid (§16 #10 overrides the book's −1)."""
    return 1 if Trauma.PARANOID in character.traumas else 0


def combat_move_tiles_limit(character: Character) -> int | None:
    """Most tiles one combat move may cover: 1 with a Broken leg, else None (no trauma limit) (§4.5)."""
    return 1 if Trauma.BROKEN_LEG in character.traumas else None


def combat_move_action_cost(character: Character) -> int:
    """Actions a combat move costs: 2 with a Broken leg, else 1 (§4.5, §10.2.2)."""
    return 2 if Trauma.BROKEN_LEG in character.traumas else 1


def exploration_move_needs_support(character: Character) -> bool:
    """True with a Broken leg: moving while exploring needs an ally's help or a cane (§4.5)."""
    return Trauma.BROKEN_LEG in character.traumas


def exploration_move_supported(character: Character, party: Sequence[Character]) -> bool:
    """Whether a character can move while exploring (§4.5).

    Always, without a Broken leg; with one, only leaning on a cane (`CANES`) or helped by
    another party member who can act.
    """
    if not exploration_move_needs_support(character):
        return True
    if any(item.defn.key in CANES for item in character.items):
        return True
    return any(other is not character and other.can_act for other in party)


def usable_hands(character: Character) -> int:
    """Hands that can attack or carry: 1 with a Broken arm, else 2 (§4.5)."""
    return 1 if Trauma.BROKEN_ARM in character.traumas else 2


@dataclass(frozen=True, slots=True)
class FearfulReaction:
    """What a Fearful character does when attacked (§4.5).

    Attributes:
        step_back: Tiles to step back, away from the attacker.
        stun: Stun tokens to take.
    """

    step_back: int = 0
    stun: int = 0


def fearful_reaction(character: Character, attacks_this_round: int) -> FearfulReaction:
    """The Fearful trauma's reaction to being attacked (§4.5).

    Each attack makes them step back 1 tile; the second attack in the same combat round also
    gives 1 stun token, and later attacks give no more (our reading of "more than once ...
    never more": once per round).

    Args:
        character: The character attacked.
        attacks_this_round: How many times they have been attacked this round, this attack included.
    """
    if Trauma.FEARFUL not in character.traumas or attacks_this_round < 1:
        return FearfulReaction()
    return FearfulReaction(step_back=1, stun=1 if attacks_this_round == 2 else 0)


def stun_on_spell_nearby(character: Character) -> int:
    """Stun tokens to take when someone casts a spell Nearby: 1 with Visions, else 0 (§4.5)."""
    return 1 if Trauma.VISIONS in character.traumas else 0


@dataclass(frozen=True, slots=True, kw_only=True)
class TraumaGained(Event):
    """A character gained a trauma."""

    character: str
    trauma: Trauma


@dataclass(frozen=True, slots=True, kw_only=True)
class TraumaRemoved(Event):
    """A character lost a trauma (the points it took stay lost)."""

    character: str
    trauma: Trauma
