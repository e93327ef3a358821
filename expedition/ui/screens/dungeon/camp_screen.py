"""Provides the camp screen (§10.3): the pool of camp actions, who does what, and the ambush odds.

Pushed over the expedition screen when the party sets up camp and dismissed when camp breaks.
Decisions the camp asks (which wound heals, the ritual, a brew) are asked by the app's decision
router over it, with the dungeon's prompts when the expedition screen lies underneath. Camping
out in the interlude (house) pushes it over the interlude screen; such a camp has no ambush roll,
and the panel shows the camp sleeping table the campers roll when it breaks. The camp's actions,
their costs, what each does and why one cannot be done, are the seat view's options.
"""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from expedition.rules.camp.ambush import ambush_dice, ambush_odds, ambush_parts
from expedition.rules.core.wording import plural, verb
from expedition.rules.interlude.hunger_and_sleep import CAMP
from expedition.rules.interlude.interlude_state import InterludeContent
from expedition.session.port import SessionPort, Update
from expedition.session.seat_view import SeatOption
from expedition.session.views import Seat
from expedition.ui.screens.confirm import ask_confirm
from expedition.ui.screens.game_screen import GameScreen
from expedition.ui.widgets.fitted_footer import FittedFooter
from expedition.ui.widgets.interlude_text import table_lines
from expedition.ui.widgets.log import GameLog
from expedition.ui.widgets.log_text import LogEntry, build_entries
from expedition.ui.widgets.odds_bars import bar, percent


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value.numerator)


def ambush_chances(dice: int) -> Text:
    """The ambush roll's chances on `dice` d6, each as a fraction, a percentage and a bar (§10.3).

    A sure or impossible outcome shows only its percentage ("0%", not "0 ≈ 0%").
    """
    odds = ambush_odds(dice)
    text = Text(f"{plural(dice, 'ambush die', 'ambush dice')} (d6)\n", style="bold")
    rows = (
        ("Safe (no 6)", odds.safe),
        ("Fight (any 6)", odds.fight),
        ("Surprised (two 6s or more)", odds.surprised),
    )
    for label, value in rows:
        exact = f"{_fraction(value)} ≈ " if 0 < value < 1 else ""
        text.append(f"{label}: {exact}{percent(value)}\n{bar(value)}\n")
    return text


OUT_BREAK = "Pack up: no ambush roll; the night goes on and the campers roll the camp table."
"""What breaking camp does when camping out in the interlude (house)."""


def option_text(option: SeatOption, *, outside: bool = False) -> Text:
    """One camp action's line: name, cost in camp actions, what it does, or why not (✗, not colour alone).

    `outside` is True for a camp outside any dungeon, which breaks without an ambush roll.
    """
    text = Text()
    cost = "free" if option.cost == 0 else plural(option.cost, "action")
    if option.enabled:
        text.append(option.label, style="bold")
        text.append(f"  ({cost})", style="italic")
    else:
        text.append(f"✗ {option.label}", style="strike")
        text.append(f"  ({cost}) — {option.reason}", style="italic")
    does = OUT_BREAK if outside and option.kind == "BreakCamp" else option.detail
    if outside:  # camping out rolls no ambush: drop what the action does to the ambush dice (house)
        does = does.replace("; +1 ambush die.", ".")
        if option.kind == "KeepLookout":
            does = "Watch over the camp (no ambush is rolled outside a dungeon)."
    if does:
        text.append(f"\n    {does}", style="dim")
    return text


class CampScreen(GameScreen[None]):
    """A camp in play, seen from one seat.

    Args:
        port: The game in play, local or served.
        seat: Whose eyes the screen shows it through and who acts.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(n), f"pick({n})", "Who acts", show=n == 1, key_display="1-4") for n in range(1, 5)],
        Binding("b", "break_camp", "Break camp"),
    ]
    """Keys on the camp screen (Enter does the highlighted action)."""

    SCREEN_NAME = "Camp"
    """Name shown in help."""
    HELP = (
        "Camp (§10.3). The pool of camp actions is shared; each action shows its cost and what it does, "
        "and one that cannot be done says why. 1-4 choose who acts (▶). Enter does the highlighted "
        "action. The ambush panel lists the ambush dice and the exact chances before the roll: any 6 "
        "means a fight, two or more 6s mean the party is surprised. b breaks camp (the ambush roll first)."
    )
    """Shown on the help screen."""

    def __init__(self, port: SessionPort, seat: Seat | None = None) -> None:
        super().__init__(port, seat)
        self._chosen = ""
        self._options: tuple[SeatOption, ...] = ()
        self._entries: list[LogEntry] = []
        self._turn = self.view.state.turn

    def compose(self) -> ComposeResult:
        with Vertical(id="camp-body"):
            yield Static(id="camp-header")
            with Horizontal(id="camp-panes"):
                with Vertical(id="camp-left"):
                    yield Static(id="camp-party")
                    yield OptionList(id="camp-actions")
                    yield GameLog(id="camp-log")
                yield Static(id="camp-ambush")
        yield FittedFooter()

    def on_mount(self) -> None:
        self.query_one("#camp-party").border_title = "Who acts (1-4)"
        self.query_one("#camp-actions").border_title = "Camp actions (Enter)"
        self.query_one("#camp-ambush").border_title = "Ambush roll"
        self.query_one("#camp-log").border_title = "What happened at camp"
        self.follow_game()
        self.refresh_from_session()
        self.query_one("#camp-actions", OptionList).focus()
        self.ask_decisions()

    def show_update(self, update: Update) -> None:
        view = self.view
        new, self._turn = build_entries(update.events, view.names, self._turn)
        if new:
            self._entries = (self._entries + new)[-200:]
            self.query_one("#camp-log", GameLog).entries = tuple(self._entries)
        if view.camp is None:
            self.dismiss()
            return
        self.refresh_from_session()

    def takes_decisions(self) -> bool:
        return self.view.camp is not None  # once the camp breaks, this screen is on its way out

    # --- drawing ------------------------------------------------------------------------------

    @property
    def actor(self) -> str:
        """The character who acts: the one picked with 1-4, else the first of the seat's able ones."""
        mine = self.view.mine
        active = [member for member in mine if member.can_act]
        picked = [member for member in active if member.id == self._chosen]
        chosen = picked or active or mine
        return chosen[0].id if chosen else ""

    def refresh_from_session(self) -> None:
        """Redraw the camp from the seat's view."""
        view = self.view
        camp = view.camp
        if camp is None:
            return
        header = Text()
        header.append(f"Camp · {camp.place.name or 'here'}", style="bold")
        header.append(f"\nCamp actions left: {camp.pool} of {camp.total}")
        extras = [word for word, on_ in (("fire", camp.fire), ("long rest", camp.long_rest)) if on_]
        if extras:
            header.append(" · " + ", ".join(extras))
        self.query_one("#camp-header", Static).update(header)
        party = Text()
        actor = self.actor
        for number, member in enumerate(view.mine, start=1):
            marker = "▶" if member.id == actor else " "
            fatigue = sum(member[a].fatigue for a in member.attrs)
            wounds = sum(member[a].wounds for a in member.attrs)
            party.append(f"{marker} {number} {member.name}", style="bold" if marker == "▶" else "")
            status = "" if member.can_act else f" [{member.status.value.replace('_', ' ')}]"
            party.append(f"{status}  fatigue {fatigue} · wounds {wounds}")
            if member.afflictions:
                party.append(" · " + ", ".join(sorted(a.value for a in member.afflictions)))
            party.append("\n")
        self.query_one("#camp-party", Static).update(party)
        self._options = view.options_for(actor)
        actions = self.query_one("#camp-actions", OptionList)
        highlighted = actions.highlighted
        actions.clear_options()
        outside = not camp.place.in_dungeon
        actions.add_options(
            [Option(option_text(o, outside=outside), id=str(i)) for i, o in enumerate(self._options)]
        )
        if highlighted is not None and self._options:
            actions.highlighted = min(highlighted, len(self._options) - 1)
        self.query_one("#camp-ambush", Static).update(self._ambush_text())

    def _ambush_text(self) -> Text:
        state = self.view.state
        camp = self.view.camp
        text = Text()
        if camp is None:
            return text
        if not camp.place.in_dungeon:
            return self._camp_table_text()
        for part in ambush_parts(state, camp):
            text.append(f"{part.amount:+d}  {part.label}\n")
        text.append("\n")
        text.append(ambush_chances(ambush_dice(state, camp)))
        return text

    def _camp_table_text(self) -> Text:
        # Camping out (house): no ambush; the campers roll the camp sleeping table when camp breaks.

        text = Text("No ambush roll outside a dungeon.\n", style="bold")
        text.append("When the camp breaks, each camper rolls 2d6 on the camp table:\n\n")
        world = self.port.world
        if isinstance(world, InterludeContent):
            place = next((p for p in world.sleeping_places() if p.key == CAMP), None)
            if place is not None:
                text.append("\n".join(table_lines(world.roll_table(place.table))))
        return text

    # --- acting -------------------------------------------------------------------------------

    def action_pick(self, number: int) -> None:
        """Choose which of this seat's adventurers acts next."""
        member = self.pickable(number, self.view.mine)
        if member is None:
            return
        if member.id == self.actor:
            self.notify(f"{member.name} already acts.", timeout=2)
            return
        self._chosen = member.id
        self.refresh_from_session()

    @on(GameLog.Left)
    def _log_left(self, event: GameLog.Left) -> None:
        self.query_one("#camp-actions", OptionList).focus()

    def do(self, option: SeatOption) -> None:
        """Submit a camp action; a refusal shows as a notice.

        Breaking camp with camp actions still in the pool asks first: they are lost with it.
        """
        if not option.enabled:
            self.notify(option.reason, severity="warning")
            return
        camp = self.view.camp
        if option.kind == "BreakCamp" and camp is not None and camp.pool > 0:
            question = (
                f"{plural(camp.pool, 'camp action')} of the pool {verb(camp.pool, 'is', 'are')} "
                "still unused and will be lost when the camp breaks. It cannot be taken back."
            )
            ask_confirm(self.app, "Break camp", question, "Break camp", lambda: self.submit(option.action))
            return
        self.submit(option.action)

    def action_break_camp(self) -> None:
        """Roll the ambush dice and break camp."""
        option = next((o for o in self._options if o.kind == "BreakCamp"), None)
        if option is not None:
            self.do(option)

    @on(OptionList.OptionSelected, "#camp-actions")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        if 0 <= index < len(self._options):
            self.do(self._options[index])
