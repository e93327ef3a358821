"""Provides a fight's choices for the screen: the action bar, attacks in reach and defences, with exact odds.

The attacks come with the odds of hitting (§10.2.2), the defences with the odds of avoiding the
blow (§10.2.3).

Moves and flights are one line each on the bar (the tile is chosen on the map); every attack in
reach is its own line, with the chance to hit the session worked out exactly (`SeatOption.odds`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_state import CombatState
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.errors import RuleError
from expedition.rules.core.notation import Attack as AttackNotation
from expedition.rules.core.odds import RollOdds, outcome_odds
from expedition.rules.core.rolls import available_dice
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.magic.warding import unharmable
from expedition.session.seat_view import SeatOption
from expedition.ui.screens.prompts import percent
from expedition.ui.widgets.action_bar import ActionChoice
from expedition.ui.widgets.tile_map import Pos

COMBAT_KEYS: dict[str, str] = {"AttackFoe": "a", "EndTurn": "e", "CombatCatchBreath": "r"}
"""Direct keys of combat actions by class name (moving is "m" or the arrows)."""
MOVE_KEY = "m"
"""Starts choosing a tile to move to."""
FLEE_KEY = "x"
"""Starts choosing a tile out of the enemies' sight to flee to."""


@dataclass(frozen=True, slots=True)
class ModeChoice:
    """An action bar line that starts choosing a tile on the map rather than acting at once.

    Attributes:
        mode: "move" or "flee".
        tiles: The tiles to choose from.
    """

    mode: str
    tiles: frozenset[Pos]


@dataclass(frozen=True, slots=True)
class AttackLine:
    """One attack the acting adventurer could make now.

    Attributes:
        option: The attack, as the session offers it.
        label: The option's words ("Attack the Goblin Scrapper 1 with the Hand axe").
        odds: The exact odds of the attack test, None if they could not be worked out.
    """

    option: SeatOption
    label: str
    odds: RollOdds | None

    @property
    def target(self) -> str:
        """The foe attacked (its uid)."""
        return self.option.target

    @property
    def actor(self) -> str:
        """Who attacks."""
        return self.option.actor


def attack_lines(options: Sequence[SeatOption]) -> list[AttackLine]:
    """The enabled attacks among `options`, with their odds."""
    return [
        AttackLine(option, option.label, option.odds)
        for option in options
        if option.enabled and option.kind == "AttackFoe"
    ]


def odds_words(odds: RollOdds | None) -> str:
    """An attack's odds in words: "hit 58%, great 12%"."""
    if odds is None:
        return "odds unknown"
    return f"hit {percent(float(odds.succeeded))}, great {percent(float(odds.great_success))}"


def targets_text(lines: list[AttackLine], names: dict[str, str]) -> Text:
    """The attacks in reach, one per line, with the exact chance to hit."""
    text = Text()
    for index, line in enumerate(lines):
        if index:
            text.append("\n")
        text.append(f"{names.get(line.target, line.target)}", style="bold")
        text.append(f" {odds_words(line.odds)}")
    return text


def best_attack(lines: Sequence[AttackLine], state: CampaignState | None = None) -> int | None:
    """The place in `lines` of the attack worth suggesting, None when none is.

    The best is the likeliest to hit, great successes breaking ties; a foe nothing can harm now
    (an arcane prison, smoke: §11.1) is never suggested, nor an attack whose odds are unknown.
    """
    best: tuple[float, float] | None = None
    found: int | None = None
    for index, line in enumerate(lines):
        if line.odds is None or (state is not None and unharmable(state, line.target)):
            continue
        score = (float(line.odds.succeeded), float(line.odds.great_success))
        if best is None or score > best:
            best, found = score, index
    return found


def attack_decision(
    actor: Character, lines: list[AttackLine], state: CampaignState | None = None
) -> tuple[Decision, str]:
    """A decision listing every attack in reach with its odds, and the key suggested ("" for none).

    The key is the line's place in `lines`; the cursor starts on the suggested line (`best_attack`),
    else on the first.
    """
    choices = tuple(
        Choice(str(index), f"{line.label} — {odds_words(line.odds)}") for index, line in enumerate(lines)
    )
    best = best_attack(lines, state)
    decision = Decision(
        kind="attack",
        owner=actor.id,
        prompt=f"Whom does {actor.name} attack? (1 action; the odds count the foe's tokens as rerolls.)",
        choices=choices,
        default=choices[best if best is not None else 0].key,
        rule="§10.2.2",
    )
    return decision, str(best) if best is not None else ""


def combat_choices(
    options: Sequence[SeatOption], combat: CombatState, actor: str, attacks: Sequence[AttackLine] = ()
) -> list[ActionChoice]:
    """The action bar in a fight: one Move line, the attacks with their odds, the rest, then Flee.

    Costs are in actions; Move and Flee start choosing a tile on the map (`ModeChoice`).
    """
    odds = {line.option.action: odds_words(line.odds) for line in attacks}
    choices: list[ActionChoice] = []
    moves = frozenset(o.tile for o in options if o.kind == "CombatMove" and o.enabled and o.tile is not None)
    flights = frozenset(o.tile for o in options if o.kind == "Flee" and o.enabled and o.tile is not None)
    move_cost = next((o.cost for o in options if o.kind == "CombatMove"), 1)
    armed = {getattr(o.action, "spell", "") for o in options if o.kind == "HurlSpellShot" and o.enabled}
    for option in _shots_first(options):
        if option.kind in ("CombatMove", "Flee"):
            continue
        if option.kind == "AttackFoe" and not option.enabled:
            continue
        label = option.label
        if option.action in odds:
            label = f"{label} — {odds[option.action]}"
        if option.kind == "HurlSpellShot" and option.enabled:
            label = f"{label} (already cast: no new test)"
        elif option.kind == "CastSpell" and getattr(option.action, "spell", "") in armed:
            # Casting again is dearer than firing the spell already cast (§11.1): a new INT test,
            # whose failure forgets the spell. Say so, so the two lines are not mistaken.
            label = f"{label} (casts again: INT test, a failure forgets it)"
        choices.append(
            ActionChoice(
                label=label,
                cost=option.cost,
                reason=option.reason,
                key=COMBAT_KEYS.get(option.kind, ""),
                action=option,
                unit="action",
            )
        )
    if actor in combat.positions:
        stuck = "" if moves else "No tile to move to now."
        choices.insert(
            0, ActionChoice("Move…", move_cost, stuck, MOVE_KEY, ModeChoice("move", moves), "action")
        )
        if flights:
            choices.append(
                ActionChoice(
                    "Flee out of sight…", move_cost, "", FLEE_KEY, ModeChoice("flee", flights), "action"
                )
            )
    return choices


def _shots_first(options: Sequence[SeatOption]) -> list[SeatOption]:
    """The options with every shot of a spell already cast moved before the first casting (cheaper first)."""
    shots = [o for o in options if o.kind == "HurlSpellShot"]
    rest = [o for o in options if o.kind != "HurlSpellShot"]
    first_cast = next((i for i, o in enumerate(rest) if o.kind == "CastSpell"), len(rest))
    return [*rest[:first_cast], *shots, *rest[first_cast:]]


def defence_odds(member: Character, attack: AttackNotation, helped: bool = False) -> dict[str, RollOdds]:
    """The exact odds of each "roll:<ATTR>" answer to a defend decision (§10.2.3).

    The defender's proficiency and tokens (dodge, and shield unless the attack ignores shields)
    are their rerolls; the attack's `+`/`-` gives advantage or disadvantage.
    """
    tokens = member.tokens.dodge + (0 if attack.ignores_shields else member.tokens.shield)
    found: dict[str, RollOdds] = {}
    for attr in attack.attrs:
        proficiency = 0 if member.has(Affliction.ANGRY) else member[attr].proficiency
        try:
            found[f"roll:{attr}"] = outcome_odds(
                available_dice(member, Attr(attr), combat=True),
                proficiency=proficiency + tokens,
                advantage=1 if attack.defence > 0 else 0,
                disadvantage=1 if attack.defence < 0 else 0,
                terrified=member.has(Affliction.TERRIFIED),
                hopeless=member.has(Affliction.HOPELESS),
                helper=helped,
            )
        except RuleError:
            continue
    return found
