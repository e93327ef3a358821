"""Provides a fight's choices for the screen: the action bar, attacks in reach and defences, with exact odds.

The attacks come with the odds of hitting (§10.2.2), the defences with the odds of avoiding the
blow (§10.2.3).

Moves and flights are one line each on the bar (the tile is chosen on the map); every attack in
reach is its own line, with the chance to hit worked out exactly by the rules' `attack_odds`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.attack_odds import attack_odds
from expedition.rules.combat.combat_actions import AttackFoe, CombatMove, Flee
from expedition.rules.combat.combat_state import CombatState
from expedition.rules.core.actions import ActionOption
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.errors import RuleError
from expedition.rules.core.notation import Attack as AttackNotation
from expedition.rules.core.odds import RollOdds, outcome_odds
from expedition.rules.core.rolls import available_dice
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.combat_options import combat_options
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
        action: The Attack to submit.
        label: The option's words ("Attack the Goblin (foe1) with the Hand axe").
        odds: The exact odds of the attack test, None if they could not be worked out.
    """

    action: AttackFoe
    label: str
    odds: RollOdds | None


def options_for(state: CampaignState, actor: str) -> list[ActionOption]:
    """The rules' combat options for `actor` ([] for nobody)."""
    return combat_options(state, actor) if actor else []


def attack_lines(state: CampaignState, options: list[ActionOption]) -> list[AttackLine]:
    """The enabled attacks among `options`, with their odds."""
    lines: list[AttackLine] = []
    for option in options:
        action = option.action
        if not option.enabled or not isinstance(action, AttackFoe):
            continue
        try:
            odds: RollOdds | None = attack_odds(state, action.actor, action.target, action.weapon_uid)
        except RuleError:
            odds = None
        lines.append(AttackLine(action, option.label, odds))
    return lines


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
        text.append(f"{names.get(line.action.target, line.action.target)}", style="bold")
        text.append(f" {odds_words(line.odds)}")
    return text


def attack_decision(actor: Character, lines: list[AttackLine]) -> Decision:
    """A decision listing every attack in reach with its odds; the key is "<foe uid>|<weapon uid>"."""
    choices = tuple(
        Choice(f"{line.action.target}|{line.action.weapon_uid}", f"{line.label} — {odds_words(line.odds)}")
        for line in lines
    )
    return Decision(
        kind="attack",
        owner=actor.id,
        prompt=f"Whom does {actor.name} attack? (1 action; the odds count the foe's tokens as rerolls.)",
        choices=choices,
        default=choices[0].key,
        rule="§10.2.2",
    )


def combat_choices(
    options: list[ActionOption], combat: CombatState, actor: str, attacks: Sequence[AttackLine] = ()
) -> list[ActionChoice]:
    """The action bar in a fight: one Move line, the attacks with their odds, the rest, then Flee.

    Costs are in actions; Move and Flee start choosing a tile on the map (`ModeChoice`).
    """
    odds = {line.action: odds_words(line.odds) for line in attacks}
    choices: list[ActionChoice] = []
    moves = frozenset(o.action.to for o in options if isinstance(o.action, CombatMove) and o.enabled)
    flights = frozenset(o.action.to for o in options if isinstance(o.action, Flee) and o.enabled)
    move_cost = next((o.cost for o in options if isinstance(o.action, CombatMove)), 1)
    for option in options:
        if isinstance(option.action, CombatMove | Flee):
            continue
        if isinstance(option.action, AttackFoe) and not option.enabled:
            continue
        label = option.label
        if option.action in odds:
            label = f"{label} — {odds[option.action]}"
        choices.append(
            ActionChoice(
                label=label,
                cost=option.cost,
                reason="" if option.enabled else (option.reason or "Not possible now."),
                key=COMBAT_KEYS.get(type(option.action).__name__, ""),
                action=option.action,
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
