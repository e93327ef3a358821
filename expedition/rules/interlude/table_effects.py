"""Provides the interlude's reading of roll-table effects (§10.4.4, §10.4.5): Blacksalt events and beds.

`apply_effect` runs a parsed `Effect` (rules/core/roll_tables.py) for some adventurers: settlement
and market steps happen once, the rest for each of them. Where a row offers alternatives
(" | "), each adventurer's owner picks one. In the interlude an affliction already held is
swapped for another one the owner picks (§10.4.5).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character import harm
from expedition.rules.character.adventurer import Character
from expedition.rules.character.recovery import heal_chosen_wound, recover_chosen_fatigue, rest_all_fatigue
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, cure_affliction, gain_affliction
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import Choice, Decision, Resolution
from expedition.rules.core.dice import parse_dice
from expedition.rules.core.events import Event, Note
from expedition.rules.core.roll_tables import Effect, EffectStep
from expedition.rules.core.skills import Skill
from expedition.rules.core.tracker import lower
from expedition.rules.core.wording import capitalised, listed, plural, plural_of
from expedition.rules.interlude.interlude_state import InterludeState
from expedition.rules.items.usage import discard_matching
from expedition.rules.trackers.doom import advance_doom
from expedition.rules.trackers.omens import advance_omens

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState

SWAPPABLE: tuple[Affliction, ...] = (
    Affliction.HUNGRY,
    Affliction.PARCHED,
    Affliction.SLEEPY,
    Affliction.ANGRY,
    Affliction.SHAKEN,
    Affliction.NAUSEATED,
    Affliction.TERRIFIED,
    Affliction.HOPELESS,
)
"""House: the afflictions offered instead of one already held in the interlude (§10.4.5)."""

ONCE = frozenset(
    {"none", "settlement_doom", "omens", "bad_harvest", "good_harvest", "overcrowding", "empty_streets",
     "naive_investor", "party_wounds", "roll_table"}
)  # fmt: skip
"""Steps that happen once for the whole party, however many adventurers the effect covers."""


def _amount(ctx: Context, text: str, who: str, why: str, rule: str) -> int:
    if text.isdigit():
        return int(text)
    return ctx.roll_expr(parse_dice(text), who=who, why=why, rule=rule)


def interlude_gain(
    ctx: Context, character: Character, affliction: Affliction, *, rule: str
) -> Resolution[None]:
    """Gain an affliction; one already held becomes another the owner picks (§10.4.5).

    Asks a "swap_affliction" decision among the afflictions in `SWAPPABLE` not held; when all
    are held nothing more happens.
    """
    if affliction not in character.afflictions:
        gain_affliction(ctx, character, affliction, rule=rule)
        return
    options = [a for a in SWAPPABLE if a not in character.afflictions]
    if not options:
        return
    key = yield Decision(
        kind="swap_affliction",
        owner=character.id,
        prompt=f"{character.name} is already {affliction.value}: which affliction instead?",
        choices=tuple(Choice(a.value, a.value.capitalize()) for a in options),
        default=options[0].value,
        rule="§10.4.5",
    )
    gain_affliction(ctx, character, Affliction(key), rule="§10.4.5")


def _counted(amount: str, noun: str) -> str:
    """An amount and its noun: "2 wounds", "1 wound", "d3 wounds" (dice stay dice)."""
    return plural(int(amount), noun) if amount.isdigit() else f"{amount} {plural_of(noun)}"


def _afflictions(keys: Sequence[str], joiner: str) -> str:
    return listed([capitalised(key.replace("_", " ")) for key in keys], joiner=joiner)


def step_words(step: EffectStep) -> str:
    """One step of an interlude table's row in the player's words ("heal 1 wound", "shed Angry or Shaken")."""
    verb, args = step.verb, step.args
    first = args[0] if args else "1"
    words: dict[str, Callable[[], str]] = {
        "wound": lambda: f"take {_counted(first, 'wound')}",
        "heal_wound": lambda: f"heal {_counted(first, 'wound')}",
        "recover_fatigue": lambda: f"recover {first} fatigue",
        "recover_all_fatigue": lambda: "recover all fatigue",
        "gain": lambda: f"become {_afflictions(args, 'and')}",
        "gain_one_of": lambda: f"become {_afflictions(args, 'or')}",
        "remove": lambda: f"lose {_afflictions(args, 'and')}",
        "remove_one_of": lambda: f"shed {_afflictions(args, 'or')}",
        "pay_silver": lambda: f"pay {first} silver",
        "lose_silver": lambda: f"lose {first} silver",
        "settlement_doom": lambda: f"the settlement's doom moves {first}",
        "omens": lambda: f"the omens advance {first}",
        "none": lambda: "nothing happens",
    }
    maker = words.get(verb)
    return maker() if maker is not None else verb.replace("_", " ")


def option_words(option: Sequence[EffectStep]) -> str:
    """One alternative of a row (its steps all happen), capitalised: "Heal 1 wound and recover 2 fatigue"."""
    return capitalised(" and ".join(step_words(step) for step in option))


def _pick(character: Character, kind: str, prompt: str, labels: Sequence[str], rule: str) -> Resolution[int]:
    if len(labels) == 1:
        return 0
    key = yield Decision(
        kind=kind,
        owner=character.id,
        prompt=f"{character.name}: {prompt}",
        choices=tuple(Choice(str(i), label) for i, label in enumerate(labels)),
        default="0",
        rule=rule,
    )
    return int(key)


def apply_effect(
    ctx: Context,
    state: CampaignState,
    interlude: InterludeState,
    effect: Effect,
    members: Sequence[Character],
    *,
    group: bool = False,
    resting: bool = False,
    rule: str,
) -> Resolution[None]:
    """Apply a table row's effect in the interlude.

    Args:
        ctx: Dice and events.
        state: The campaign.
        interlude: The interlude under way.
        effect: The row's effect.
        members: Who it falls on (the living party for an event, the sleeper for a bed).
        group: True when silver is taken from the party as a group (thugs), not per adventurer.
        resting: True when its healing is rest (sleep tables), which the Cursed cannot use.
        rule: The section applied.
    """
    if len(effect.options) == 1:
        steps = effect.options[0]
        for step in steps:
            if step.verb in ONCE or (group and step.verb in ("pay_silver", "lose_silver")):
                yield from _once(ctx, state, interlude, step, members, rule)
            else:
                for member in members:
                    yield from _each(ctx, state, interlude, step, member, resting, rule)
        return
    for member in members:
        labels = [option_words(option) for option in effect.options]
        index = yield from _pick(member, "table_option", "which happens?", labels, rule)
        for step in effect.options[index]:
            yield from _each(ctx, state, interlude, step, member, resting, rule)


def _once(
    ctx: Context,
    state: CampaignState,
    interlude: InterludeState,
    step: EffectStep,
    members: Sequence[Character],
    rule: str,
) -> Resolution[None]:
    verb, args = step.verb, step.args
    doom = state.locations[interlude.settlement].doom
    if verb == "settlement_doom":
        steps = int(args[0])
        if steps > 0:
            yield from advance_doom(ctx, doom, state.omens, state.party, steps, rule="§9.4")
        else:
            lower(ctx, doom, -steps, rule="§9.4")
    elif verb == "omens":
        yield from advance_omens(ctx, state.omens, state.party, doom, int(args[0]), rule=rule)
    elif verb == "bad_harvest":
        interlude.bad_harvest = _amount(ctx, args[0], "gm", "days of bad harvest", rule)
        interlude.good_harvest = False
    elif verb == "good_harvest":
        interlude.good_harvest, interlude.bad_harvest = True, 0
    elif verb == "overcrowding":
        interlude.overcrowding = _amount(ctx, args[0], "gm", "days of overcrowding", rule)
        interlude.empty_streets = False
    elif verb == "empty_streets":
        interlude.empty_streets, interlude.overcrowding = True, 0
    elif verb == "naive_investor":
        interlude.naive_investor = True
    elif verb == "party_wounds":
        yield from _party_wounds(ctx, members, int(args[0]), rule)
    elif verb in ("pay_silver", "lose_silver"):
        # House: the group's loss is shared per head, and the streetwise keep their share (§6.1).
        total = _amount(ctx, args[0], "gm", "silver taken", rule)
        robbed = [m for m in members if not m.has(Skill.STREET_WISE)]
        taken = min(state.silver, total * len(robbed) // max(1, len(members)))
        state.silver -= taken
        ctx.emit(SilverLost(rule=rule, character="", silver=taken))
    if verb in ("bad_harvest", "good_harvest", "overcrowding", "empty_streets", "naive_investor"):
        ctx.emit(MarketChanged(rule=rule, change=verb))


def _party_wounds(ctx: Context, members: Sequence[Character], count: int, rule: str) -> Resolution[None]:
    if not members:
        return
    leader = members[0]
    for _ in range(count):
        labels = [member.name for member in members]
        index = yield from _pick(leader, "party_wound", "who takes the next wound?", labels, rule)
        yield from harm.place_wounds(ctx, members[index], 1, rule=rule)


def _each(
    ctx: Context,
    state: CampaignState,
    interlude: InterludeState,
    step: EffectStep,
    member: Character,
    resting: bool,
    rule: str,
) -> Resolution[None]:
    verb, args = step.verb, step.args
    if verb in ONCE:
        yield from _once(ctx, state, interlude, step, [member], rule)
    elif verb == "wound":
        yield from harm.place_wounds(ctx, member, int(args[0]), rule=rule)
    elif verb == "heal_wound":
        for _ in range(int(args[0])):
            yield from heal_chosen_wound(ctx, member, allowed=tuple(Attr), resting=resting, rule=rule)
    elif verb == "recover_fatigue":
        yield from recover_chosen_fatigue(ctx, member, int(args[0]), rule=rule)
    elif verb == "recover_all_fatigue":
        rest_all_fatigue(ctx, member, rule=rule)
    elif verb == "gain":
        yield from interlude_gain(ctx, member, Affliction(args[0]), rule=rule)
    elif verb == "gain_one_of":
        options = [Affliction(a) for a in args]
        fresh = [a for a in options if a not in member.afflictions] or options
        names = [capitalised(a.value) for a in fresh]
        index = yield from _pick(member, "gain_one_of", "which affliction?", names, rule)
        yield from interlude_gain(ctx, member, fresh[index], rule=rule)
    elif verb == "remove":
        for name in args:
            cure_affliction(ctx, member, Affliction(name), rule=rule)
    elif verb == "remove_one_of":
        held = [Affliction(a) for a in args if Affliction(a) in member.afflictions]
        if held:
            index = yield from _pick(
                member, "remove_one_of", "shed which affliction?", [capitalised(a.value) for a in held], rule
            )
            cure_affliction(ctx, member, held[index], rule=rule)
    elif verb == "discard":
        key, count = args[0], _amount(ctx, args[1], member.id, "how much is lost", rule)
        discard_matching(ctx, [member], lambda item: item.defn.key == key, count, rule=rule)
    elif verb in ("pay_silver", "lose_silver"):
        if member.has(Skill.STREET_WISE):
            ctx.emit(Note(rule="§6.1", text=f"{member.name} is street wise and cannot be robbed."))
            return
        taken = min(state.silver, _amount(ctx, args[0], member.id, "silver taken", rule))
        state.silver -= taken
        ctx.emit(SilverLost(rule=rule, character=member.id, silver=taken))
    else:
        ctx.emit(Note(rule=rule, text=f"The interlude has no reading of {verb!r}; nothing happens."))


@dataclass(frozen=True, slots=True, kw_only=True)
class SilverLost(Event):
    """Silver left the party's purse to thieves or muggers ("" for the party as a group)."""

    character: str
    silver: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MarketChanged(Event):
    """A Blacksalt event changed today's prices (§10.4.4): bad_harvest, good_harvest, overcrowding, etc."""

    change: str
