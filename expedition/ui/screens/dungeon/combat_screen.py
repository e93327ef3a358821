"""Provides combat mode of the expedition screen (§10.2): the keys, the panel and the choices of a fight.

While `ExpeditionState.combat` is set, the expedition screen stays where it is and `CombatMode`
(one of its bases) takes over what changes: the map shows each adventurer by number and each foe
by letter, the side panel the initiative strip, the foes and the attacks in reach with their
odds, and the action bar the combat actions with their cost in actions. Arrows, `m` or the Move
line choose a destination among the highlighted tiles (Enter goes, Esc stops choosing), `a`
chooses whom to attack, `e` ends the turn and 1-4 pick who acts among those allowed now. Enemy
turns run in the session; their defence tests arrive as decisions, which the app's decision router
asks with exact odds (`expedition_prompts`). Who may act now, and every move and attack with its
odds, come from the seat's view: the session works them out.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding, BindingType

from expedition.rules.character.adventurer import Character
from expedition.rules.combat.combat_events import FoePlaced
from expedition.rules.combat.combat_state import CombatState
from expedition.rules.core.events import Event
from expedition.ui.keymap import FIGHT_KEYS
from expedition.ui.screens.dungeon.combat_odds import (
    AttackLine,
    ModeChoice,
    attack_decision,
    attack_lines,
    combat_choices,
    targets_text,
)
from expedition.ui.screens.dungeon.combat_prompts import TargetPrompt
from expedition.ui.screens.dungeon.combat_view import (
    combat_map_view,
    foe_names,
    foes_text,
    initiative_text,
)
from expedition.ui.screens.dungeon.expedition_view import DIRECTIONS
from expedition.ui.screens.game_screen import GameScreen
from expedition.ui.widgets.action_bar import ActionChoice
from expedition.ui.widgets.combat_panel import CombatPanel, CombatPanelData
from expedition.ui.widgets.tile_map import Pos, TileMap

COMBAT_BINDINGS: list[BindingType] = [
    Binding(FIGHT_KEYS["attack"], "combat_attack", "Attack", id="attack"),
    Binding(FIGHT_KEYS["end-turn"], "combat_end_turn", "End turn", id="end-turn"),
    Binding(FIGHT_KEYS["move"], "combat_choose('move')", "Move", id="move"),
    Binding(FIGHT_KEYS["flee"], "combat_choose('flee')", "Flee", show=False, id="flee"),
    Binding(FIGHT_KEYS["go-there"], "combat_go", "Go there", key_display="⏎", id="go-there"),
    Binding("escape", "combat_stop", "Stop choosing", key_display="Esc"),
]
"""Keys of a fight; they come first in the screen's bindings so that `a` attacks rather than steps
left and Enter confirms a destination. Outside a fight (or out of their moment) `check_action`
hides them and the key falls through to the exploration binding. Each has an id, so the keys file
rebinds it; without one, Textual's keymap would drop it from every key an exploring action is
rebound on (applying a keymap clears a rebound binding's keys of everything else on them)."""

_MODE_ACTIONS = {"combat_go", "combat_stop"}
_FIGHT_ACTIONS = {"combat_attack", "combat_end_turn", "combat_choose"}
_HINTS = {
    "move": "Choosing where to move: arrows move ×, Enter goes, Esc stops.",
    "flee": "Choosing where to flee (out of sight): arrows move ×, Enter runs, Esc stops.",
}


class CombatMode(GameScreen[None]):
    """The fight half of the expedition screen (a base of `ExpeditionScreen`; see the module docstring)."""

    _names: dict[str, str]
    _mode: str = ""
    _tiles: frozenset[Pos] = frozenset()
    _cursor: Pos | None = None
    _shown: list[ActionChoice] = []  # replaced, never mutated in place
    _attacks: list[AttackLine] = []  # as `_shown`

    @property
    def actor(self) -> str:
        """Who acts for this seat (the expedition screen's; in a fight, `combat_acting`)."""
        raise NotImplementedError

    @property
    def combat(self) -> CombatState | None:
        """The fight under way, or None."""
        expedition = self.view.state.expedition
        return expedition.combat if expedition is not None else None

    # --- hooks the expedition screen calls while a fight goes on -------------------------------

    def combat_acting(self, chosen: str) -> str:
        """Who acts for this seat in the fight ("" when none of its adventurers may act now).

        Args:
            chosen: The adventurer picked with 1-4, "" for none.
        """
        ready = self.view.ready
        if chosen in ready:
            return chosen
        return ready[0] if ready else ""

    def combat_choices(self, actor: str) -> list[ActionChoice]:
        """The action bar's lines in the fight for `actor`."""
        combat = self.combat
        assert combat is not None
        options = self.view.options_for(actor) if actor else ()
        self._attacks = attack_lines(options)
        self._shown = combat_choices(options, combat, actor, self._attacks)
        return self._shown

    def combat_refuses_pick(self, member: Character) -> bool:
        """Refuse (with a notice) picking someone who may not act at this point of the round."""
        combat = self.combat
        if combat is None or member.id in self.view.ready:
            return False
        if combat.active:
            why = f"it is {self.view.state.character(combat.active).name}'s turn"
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
            self._go("CombatMove", pos)
        else:
            self.notify("One move does not reach there.", severity="warning", timeout=3)

    def _go(self, kind: str, tile: Pos) -> bool:
        """Submit the session's CombatMove (or Flee) option to `tile` for the acting adventurer."""
        option = self.find_option(self.actor, kind, tile=tile)
        if option is None:
            self.warn_missing("One move does not reach there.")
            return False
        return self.submit_option(option)

    def combat_events(self, events: Iterable[Event]) -> None:
        """Name the foes for the log."""
        combat = self.combat
        names = foe_names(combat) if combat is not None else {}
        for event in events:
            if isinstance(event, FoePlaced):
                self._names[event.foe] = names.get(event.foe, event.name)
        self._names.update(names)

    def refresh_combat(self) -> None:
        """Show the fight on the map and in the panel, or hide the panel when there is none."""
        panel = self.query_one("#exp-combat", CombatPanel)
        expedition = self.view.state.expedition
        combat = expedition.combat if expedition is not None else None
        if combat is None or expedition is None:
            self._mode, self._cursor, self._tiles = "", None, frozenset()
            panel.display = False
            panel.data = None
            self.refresh_bindings()
            return
        state = self.view.state
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
        lines = [line for line in self._attacks if line.actor == actor]
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
        lines = [line for line in self._attacks if line.actor == actor]
        if not lines:
            self.notify("No foe is in reach of a wielded weapon.", severity="warning")
            return
        member = self.view.state.character(actor)
        decision, suggested = attack_decision(member, lines, self.view.state)

        def chosen(key: str | None) -> None:
            if key and key.isdigit() and int(key) < len(lines):
                self.submit_option(lines[int(key)].option)

        self.app.push_screen(TargetPrompt(decision, member.name, suggested), chosen)

    def action_combat_end_turn(self) -> None:
        """End the acting adventurer's turn."""
        actor = self.actor
        if not actor:
            self.notify("None of your adventurers may act now.", severity="warning")
            return
        self._mode, self._cursor, self._tiles = "", None, frozenset()
        option = self.find_option(actor, "EndTurn")
        if option is not None:
            self.submit_option(option)

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
        if not self._go("Flee" if mode == "flee" else "CombatMove", cursor):
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
