"""Provides combat mode of the expedition screen (§10.2): the keys, the panel and the prompts of a fight.

While `ExpeditionState.combat` is set, the expedition screen stays where it is and `CombatMode`
(one of its bases) takes over what changes: the map shows each adventurer by number and each foe
by letter, the side panel the initiative strip, the foes and the attacks in reach with their
odds, and the action bar the combat actions with their cost in actions. Arrows, `m` or the Move
line choose a destination among the highlighted tiles (Enter goes, Esc stops choosing), `a`
chooses whom to attack, `e` ends the turn and 1-4 pick who acts among those allowed now. Enemy
turns run in the session; their defence tests arrive as decisions, shown with exact odds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from textual.binding import Binding, BindingType
from textual.screen import Screen

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_actions import AttackFoe, CombatMove, EndTurn, Flee
from expedition.rules.combat.combat_events import EnemyActed, FoePlaced
from expedition.rules.combat.combat_state import CombatState
from expedition.rules.core.actions import Action
from expedition.rules.core.decisions import Decision
from expedition.rules.core.events import Event
from expedition.rules.core.notation import Attack as AttackNotation
from expedition.session.session import Session
from expedition.session.views import Seat, seat_characters
from expedition.ui.screens.dungeon.combat_odds import (
    AttackLine,
    ModeChoice,
    attack_decision,
    attack_lines,
    combat_choices,
    defence_odds,
    options_for,
    targets_text,
)
from expedition.ui.screens.dungeon.combat_prompts import DefendPrompt, TargetPrompt
from expedition.ui.screens.dungeon.combat_view import (
    allowed_now,
    combat_actor,
    combat_map_view,
    foe_names,
    foes_text,
    initiative_text,
    tokens_text,
)
from expedition.ui.screens.dungeon.expedition_view import DIRECTIONS
from expedition.ui.screens.prompts import DecisionPrompt, RollInfo, TestPrompt
from expedition.ui.widgets.action_bar import ActionChoice
from expedition.ui.widgets.combat_panel import CombatPanel, CombatPanelData
from expedition.ui.widgets.tile_map import Pos, TileMap

COMBAT_BINDINGS: list[BindingType] = [
    Binding("a", "combat_attack", "Attack"),
    Binding("e", "combat_end_turn", "End turn"),
    Binding("m", "combat_choose('move')", "Move"),
    Binding("x", "combat_choose('flee')", "Flee", show=False),
    Binding("enter", "combat_go", "Go there", key_display="⏎"),
    Binding("escape", "combat_stop", "Stop choosing", key_display="Esc"),
]
"""Keys of a fight; they come first in the screen's bindings so that `a` attacks rather than steps
left and Enter confirms a destination. Outside a fight (or out of their moment) `check_action`
hides them and the key falls through to the exploration binding."""

_MODE_ACTIONS = {"combat_go", "combat_stop"}
_FIGHT_ACTIONS = {"combat_attack", "combat_end_turn", "combat_choose"}
_HINTS = {
    "move": "Choosing where to move: arrows move ×, Enter goes, Esc stops.",
    "flee": "Choosing where to flee (out of sight): arrows move ×, Enter runs, Esc stops.",
}


class CombatMode(Screen[None]):
    """The fight half of the expedition screen (a base of `ExpeditionScreen`; see the module docstring)."""

    session: Session
    seat: Seat
    test: RollInfo | None
    _names: dict[str, str]
    _mode: str = ""
    _tiles: frozenset[Pos] = frozenset()
    _cursor: Pos | None = None
    _shown: list[ActionChoice] = []  # replaced, never mutated in place
    _attacks: list[AttackLine] = []  # as `_shown`
    _defending: tuple[str, str, AttackNotation] | None = None
    """The adventurer an enemy attack targets now, the attack's name and its notation."""

    def submit(self, action: Action | None) -> bool:
        """Submit an action (the expedition screen's)."""
        raise NotImplementedError

    @property
    def actor(self) -> str:
        """Who acts for this seat (the expedition screen's; in a fight, `combat_acting`)."""
        raise NotImplementedError

    @property
    def combat(self) -> CombatState | None:
        """The fight under way, or None."""
        expedition = self.session.state.expedition
        return expedition.combat if expedition is not None else None

    # --- hooks the expedition screen calls while a fight goes on -------------------------------

    def combat_acting(self, chosen: str) -> str:
        """Who acts for this seat in the fight ("" when none of its adventurers may act now).

        Args:
            chosen: The adventurer picked with 1-4, "" for none.
        """
        combat = self.combat
        assert combat is not None
        mine = [member.id for member in seat_characters(self.session.state, self.seat)]
        return combat_actor(self.session.state, combat, mine, chosen)

    def combat_choices(self, actor: str) -> list[ActionChoice]:
        """The action bar's lines in the fight for `actor`."""
        combat = self.combat
        assert combat is not None
        options = options_for(self.session.state, actor)
        self._attacks = attack_lines(self.session.state, options)
        self._shown = combat_choices(options, combat, actor, self._attacks)
        return self._shown

    def combat_refuses_pick(self, member: Character) -> bool:
        """Refuse (with a notice) picking someone who may not act at this point of the round."""
        combat = self.combat
        if combat is None or member.id in allowed_now(self.session.state, combat):
            return False
        if combat.active:
            why = f"it is {self.session.state.character(combat.active).name}'s turn"
        else:
            why = f"the {combat.phase.value} phase: slow adventurers wait for the enemies and act in order"
        self.notify(f"{member.name} cannot act now ({why}).", severity="warning")
        return True

    def combat_do(self, choice: ActionChoice) -> bool:
        """Start choosing a tile for a Move or Flee line; True when the choice was that."""
        if not isinstance(choice.action, ModeChoice):
            return False
        self._start_choosing(choice.action.mode, choice.action.tiles)
        return True

    def combat_step(self, direction: str) -> None:
        """Arrows in a fight move the destination cursor, starting a move if none is being chosen."""
        if not self._mode:
            move = next(
                (c for c in self._shown if isinstance(c.action, ModeChoice) and c.action.mode == "move"), None
            )
            if move is None or not move.enabled:
                self.notify(move.reason if move else "Nobody can move now.", severity="warning")
                return
            self._start_choosing("move", move.action.tiles)
        dx, dy = DIRECTIONS[direction]
        assert self._cursor is not None
        nxt = (self._cursor[0] + dx, self._cursor[1] + dy)
        if self._within_reach(nxt):
            self._cursor = nxt
            self.refresh_combat()

    def _within_reach(self, pos: Pos) -> bool:
        """The cursor may cross any tile inside the box around the highlighted ones (over allies too)."""
        spots = [*self._tiles, *([o] if (o := self._origin()) is not None else [])]
        if not spots:
            return False
        xs, ys = [p[0] for p in spots], [p[1] for p in spots]
        return min(xs) <= pos[0] <= max(xs) and min(ys) <= pos[1] <= max(ys)

    def combat_click(self, pos: Pos) -> None:
        """A click in a fight: go to a highlighted tile, or to any tile one Move reaches."""
        if self._mode and pos in self._tiles:
            self._cursor = pos
            self.action_combat_go()
            return
        move = next(
            (c for c in self._shown if isinstance(c.action, ModeChoice) and c.action.mode == "move"), None
        )
        if move is not None and pos in move.action.tiles:
            self.submit(CombatMove(actor=self.actor, to=pos))
        else:
            self.notify("One move does not reach there.", severity="warning", timeout=3)

    def combat_events(self, events: Iterable[Event]) -> None:
        """Name the foes for the log, and remember which enemy attack a defence test is against."""
        combat = self.combat
        names = foe_names(combat) if combat is not None else {}
        for event in events:
            if isinstance(event, FoePlaced):
                self._names[event.foe] = names.get(event.foe, event.name)
            elif isinstance(event, EnemyActed) and combat is not None and event.target:
                action = next((a for a in combat.foe(event.foe).defn.actions if a.key == event.action), None)
                if action is not None and action.attack is not None:
                    self._defending = (event.target, action.name, action.attack)
            elif type(event).__name__ == "Attacked":
                self._defending = None
        self._names.update(names)

    def combat_prompt(self, decision: Decision, who: str) -> DecisionPrompt | None:
        """The fight's own prompt for `decision`, or None to use the usual one."""
        defending = self._defending
        if defending is None or defending[0] != decision.owner:
            return None
        member = self.session.state.character(decision.owner)
        name, attack = defending[1], defending[2]
        if decision.kind == "defend":
            helped = self.combat is not None and decision.owner in self.combat.helped
            return DefendPrompt(
                decision, defence_odds(member, attack, helped), tokens_text(member.tokens), who
            )
        if decision.kind == "reroll" and self.test is not None:
            # The thrown pool already carries the tokens, advantage and disadvantage of this defence.
            info = replace(self.test, why=f"{self.test.why} against {name} ({attack})")
            return TestPrompt(decision, info, who)
        return None

    def refresh_combat(self) -> None:
        """Show the fight on the map and in the panel, or hide the panel when there is none."""
        panel = self.query_one("#exp-combat", CombatPanel)
        combat = self.combat
        expedition = self.session.state.expedition
        if combat is None or expedition is None:
            self._mode, self._cursor, self._tiles = "", None, frozenset()
            panel.display = False
            panel.data = None
            self.refresh_bindings()
            return
        state = self.session.state
        actor = self.actor
        if self._mode and not actor:
            self._mode, self._cursor, self._tiles = "", None, frozenset()
        tile_map = self.query_one("#exp-map", TileMap)
        if tile_map.view is not None:
            tile_map.view = combat_map_view(
                state, expedition, combat, tile_map.view, actor, highlight=self._tiles, cursor=self._cursor
            )
        names = {**self._names, **foe_names(combat)}
        here = combat.positions.get(actor)
        lines = [line for line in self._attacks if line.action.actor == actor]
        panel.data = CombatPanelData(
            initiative_text(state, combat, names),
            foes_text(combat, here, names, state),
            targets_text(lines, names),
            _HINTS.get(self._mode, ""),
        )
        panel.display = True
        self.refresh_bindings()

    # --- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Fight keys only in a fight (tile-choosing keys only while choosing); others as usual."""
        if action in _MODE_ACTIONS:
            return bool(self._mode) and self.combat is not None
        if action in _FIGHT_ACTIONS:
            return self.combat is not None
        if action == "do_key" and self.combat is not None:
            # Exploration keys (loot, traps, wait …) only where the fight's bar has that key.
            return any(choice.key == parameters[0] for choice in self._shown)
        return True

    def action_combat_attack(self) -> None:
        """Choose whom to attack among the foes in reach, with the odds of each."""
        actor = self.actor
        if not actor:
            self.notify("None of your adventurers may act now.", severity="warning")
            return
        lines = [line for line in self._attacks if line.action.actor == actor]
        if not lines:
            self.notify("No foe is in reach of a wielded weapon.", severity="warning")
            return
        member = self.session.state.character(actor)
        decision = attack_decision(member, lines)

        def chosen(key: str | None) -> None:
            if not key:
                return
            target, _, weapon = key.partition("|")
            self.submit(AttackFoe(actor=actor, target=target, weapon_uid=int(weapon)))

        self.app.push_screen(TargetPrompt(decision, member.name), chosen)

    def action_combat_end_turn(self) -> None:
        """End the acting adventurer's turn."""
        actor = self.actor
        if not actor:
            self.notify("None of your adventurers may act now.", severity="warning")
            return
        self._mode, self._cursor, self._tiles = "", None, frozenset()
        self.submit(EndTurn(actor=actor))

    def action_combat_choose(self, mode: str) -> None:
        """Start choosing a tile to move (or flee) to."""
        line = next(
            (c for c in self._shown if isinstance(c.action, ModeChoice) and c.action.mode == mode), None
        )
        if line is None or not line.enabled:
            self.notify(line.reason if line else f"Nobody can {mode} now.", severity="warning")
            return
        self.combat_do(line)

    def action_combat_go(self) -> None:
        """Move (or flee) to the chosen tile."""
        mode, cursor = self._mode, self._cursor
        if cursor is None or cursor not in self._tiles:
            self.notify("Choose a highlighted tile first.", severity="warning", timeout=3)
            return
        self._mode, self._cursor, self._tiles = "", None, frozenset()
        actor = self.actor
        action = Flee(actor=actor, to=cursor) if mode == "flee" else CombatMove(actor=actor, to=cursor)
        if not self.submit(action):
            self.refresh_combat()

    def action_combat_stop(self) -> None:
        """Stop choosing a tile."""
        self._mode, self._cursor, self._tiles = "", None, frozenset()
        self.refresh_combat()

    def _origin(self) -> Pos | None:
        combat = self.combat
        return combat.positions.get(self.actor) if combat is not None else None

    def _start_choosing(self, mode: str, tiles: frozenset[Pos]) -> None:
        self._mode, self._tiles, self._cursor = mode, tiles, self._origin()
        self.query_one("#exp-map", TileMap).focus()
        self.refresh_combat()
