"""The log words every event as a sentence: every event class has a line maker (or no line at all).

Event classes are discovered by importing every module of the layers that define them, so a class
added later is checked without touching this file.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import types
import typing
from enum import Enum
from typing import Any

import pytest

from expedition.rules.camp.breaking_camp import CampBroken
from expedition.rules.character.armour import ArmourRolled
from expedition.rules.combat.combat_events import Attacked
from expedition.rules.combat.enemies.attack_effects import FoeHealed
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import EVENT_TYPES, Event, Note
from expedition.rules.core.skills import Skill
from expedition.rules.core.tracker import TrackerLowered, TrackerReset, Visibility
from expedition.rules.core.wording import the_item
from expedition.rules.exploration.doors_and_locks import DoorListenedAt
from expedition.rules.exploration.exploration_turn import DarknessEndured, WanderingMonstersComing
from expedition.rules.interlude.interlude_actions import GUARDS
from expedition.rules.interlude.interlude_state import DailyAction, DailyPlan
from expedition.rules.interlude.market import (
    Haggle,
    ItemBought,
    OutOfStock,
    PriceRolled,
    StockRolled,
    TradeNetwork,
    buy,
    verify_haggle,
)
from expedition.rules.items.handling import ItemAdded
from expedition.rules.items.usage import ItemBroken, ItemUsedUp, LightWentOut
from expedition.rules.trackers.decay import DecayTableRolled
from expedition.rules.trackers.doom import DoomEffectReached
from expedition.rules.trackers.omens import OmensStarted
from expedition.session.catalog_world import default_world
from expedition.ui.widgets.log_formats_base import humanise
from expedition.ui.widgets.log_text import FORMATS, SKIPPED, build_entries, describe
from tests.rules.interlude_helpers import back_in_town, ctx_with, interlude_of

PACKAGES = (
    "expedition.rules",
    "expedition.dungeon",
    "expedition.content",
    "expedition.persistence",
    "expedition.session",
)
"""Packages whose modules may define events (the layers below the UI)."""

ID_FIELDS = frozenset(
    {
        "character",
        "who",
        "giver",
        "receiver",
        "by",
        "foe",
        "victim",
        "target",
        "ally",
        "buyer",
        "looter",
        "cook",
        "holder",
        "swarm",
        "attacker",
        "defender",
        "fast",
        "slow",
        "leaving",
        "fed",
    }
)
"""Fields that hold a character id or a foe uid: the test fills them with a uid the names know."""
ID_FIELDS_OF = {"HoldTaken": frozenset({"source"}), "HoldBroken": frozenset({"source"})}
"""Fields that hold an id in one event only ("source" is a place or an attribute elsewhere)."""

UID = "foe3"
NAMES = {UID: "Reanimated Husk 1", "jory": "Jory", "lorcan": "Lorcan"}


def _event_classes() -> dict[str, type[Event]]:
    for package in PACKAGES:
        root = importlib.import_module(package)
        for module in pkgutil.walk_packages(root.__path__, package + "."):
            importlib.import_module(module.name)
    return dict(sorted(EVENT_TYPES.items()))


EVENTS = _event_classes()


class Unbuildable(Exception):
    """A field type this test cannot make a plausible value for."""


def _value(hint: Any, field: str, ids: frozenset[str] = ID_FIELDS) -> Any:
    origin = typing.get_origin(hint)
    if hint is str:
        return UID if field in ids else "wren"
    if hint is bool:
        return True
    if hint is int:
        return 2
    if hint is float:
        return 1.5
    if isinstance(hint, type) and issubclass(hint, Enum):
        return next(iter(hint))
    if origin in (types.UnionType, typing.Union):
        options = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        return _value(options[0], field)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return (_value(args[0], field),)
        if args == (int, int):
            return (1, 2)
        return tuple(_value(arg, field) for arg in args)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _build(hint)
    raise Unbuildable(f"{field}: {hint!r}")


def _build(cls: type[Any]) -> Any:
    hints = typing.get_type_hints(cls)
    ids = ID_FIELDS | ID_FIELDS_OF.get(cls.__name__, frozenset())
    values = {f.name: _value(hints[f.name], f.name, ids) for f in dataclasses.fields(cls) if f.init}
    if "rule" in values:
        values["rule"] = "§1"
    return cls(**values)


def test_every_event_class_has_a_line_maker_or_is_skipped() -> None:
    """Each event a player may see is worded by a maker of its own, never the generic line."""
    missing = sorted(
        kind for kind in EVENTS if kind not in FORMATS and kind not in SKIPPED and kind != "Note"
    )
    assert not missing, f"{len(missing)} events have no line maker: {', '.join(missing)}"


def test_discovery_finds_events_of_every_layer() -> None:
    """The registry holds events of rules, session and newer modules alike."""
    assert {"DiceRolled", "ArmourRolled", "HiddenTrackerMoved", "DoomEffectSeen"} <= set(EVENTS)


@pytest.mark.parametrize("kind", [kind for kind in EVENTS if kind != "Note"])
def test_each_event_reads_as_a_sentence_with_names(kind: str) -> None:
    """A built event gets its own line: no template braces, no generic "Xxx yyy: a, b", no raw uid."""
    try:
        event = _build(EVENTS[kind])
    except Unbuildable as why:
        pytest.skip(f"cannot build {kind}: {why}")
    text = describe(event, NAMES)
    if kind in SKIPPED:
        assert text is None
        return
    assert isinstance(text, str) and text
    assert "{" not in text and "}" not in text
    assert not text.startswith(humanise(kind) + ":") and text != humanise(kind), text
    assert UID not in text, text


def test_armour_line_names_the_foe_and_counts_dice_stopped_and_broken() -> None:
    event = ArmourRolled(rule="§6.2", who=UID, dice=3, reduced=2, broken=1)
    assert describe(event, NAMES) == "Reanimated Husk 1's armour (3 dice) stops 2 — 1 armour point breaks"


def test_a_used_up_line_agrees_with_a_plural_name() -> None:
    """ "Camping supplies are used up", "Torch is used up", "Lens breaks": never "supplies is"."""
    supplies = ItemUsedUp(rule="§10.3", character="lorcan", item=5, name="Camping supplies", remaining=0)
    torch = ItemUsedUp(rule="§7.8", character="lorcan", item=6, name="Torch", remaining=2)
    lens = ItemBroken(rule="§9.1", character="lorcan", item=7, name="Lens", remaining=0)
    assert describe(supplies, NAMES) == "Lorcan's camping supplies are used up, none left"
    assert describe(torch, NAMES) == "Lorcan's torch is used up (2 left)"
    assert describe(lens, NAMES) == "Lorcan's lens breaks, none left"
    torches = ItemUsedUp(rule="§7.8", character="lorcan", item=8, name="Torches", remaining=1)
    assert describe(torches, NAMES) == "One of Lorcan's torches is used up (1 left)"  # not "are used up"
    spikes = ItemBroken(rule="§9.1", character="lorcan", item=9, name="Iron spikes", remaining=3)
    assert describe(spikes, NAMES) == "One of Lorcan's iron spikes breaks (3 left)"


def test_decay_line_names_the_row_and_a_total_moved_past_one_they_have() -> None:
    """§9.1: the line says what the total did, not "11 → 11"."""
    plain_roll = DecayTableRolled(
        rule="§9.1", character="lorcan", roll=11, result=11, effect="wound", title="Mishap"
    )
    moved = DecayTableRolled(
        rule="§9.1", character="lorcan", roll=9, result=10, effect="angry", title="Short temper"
    )
    assert describe(plain_roll, NAMES) == "Decay for Lorcan: 11, Mishap"
    assert describe(moved, NAMES) == "Decay for Lorcan: 9, moved on to 10, Short temper"


def test_darkness_line_says_terrified_or_fatigue() -> None:
    """§7.8: ending a turn in the dark costs fatigue or makes the character Terrified."""
    scared = DarknessEndured(rule="§7.8", character="lorcan", choice="terrified")
    tired = DarknessEndured(rule="§7.8", character="lorcan", choice="fatigue")
    assert describe(scared, NAMES) == "Lorcan, in the dark, becomes Terrified"
    assert describe(tired, NAMES) == "Lorcan, in the dark, takes 1 PRE fatigue"


def test_listening_line_tells_what_was_heard() -> None:
    heard = DoorListenedAt(rule="§8", character="jory", pos=(66, 37), learned=True, heard=2)
    silent = DoorListenedAt(rule="§8", character="jory", pos=(66, 37), learned=True, heard=0)
    failed = DoorListenedAt(rule="§8", character="jory", pos=(66, 37), learned=False, heard=-1)
    assert describe(heard, NAMES) == "Jory listens at the door: something moves beyond it (2 by the sound)"
    assert describe(silent, NAMES) == "Jory listens at the door: all is still beyond it"
    assert describe(failed, NAMES) == "Jory listens at the door but learns nothing"


def test_reset_line_is_the_clock_starting_over() -> None:
    event = TrackerReset(rule="§9", tracker="decay", size=6, visibility=Visibility.PUBLIC)
    assert describe(event, NAMES) == "The decay clock starts over"


def test_no_line_tells_a_hidden_doom_or_omens_number() -> None:
    """Doom values and omen sizes stay out of the words even where the seat filter does not reach."""
    lines = [
        describe(CampBroken(rule="§9", doom=7, long_rest=True, returns_to="the gate"), NAMES),
        describe(DoomEffectReached(rule="§9", tracker="doom", segment=7, effect="x", description="y"), NAMES),
        describe(OmensStarted(rule="§9", tracker="omens", size=7), NAMES),
        describe(
            TrackerLowered(rule="§9", tracker="doom", steps=1, value=7, visibility=Visibility.HIDDEN), NAMES
        ),
        describe(TrackerReset(rule="§9", tracker="omens", size=7, visibility=Visibility.HIDDEN), NAMES),
    ]
    assert all(line is not None and "7" not in line for line in lines), lines


def test_wandering_line_keeps_the_group_unnamed() -> None:
    event = WanderingMonstersComing(
        rule="HOUSE §1.5", reason="noise", row=3, group="Ghoul pack", enemies=("ghoul",), depth=1
    )
    text = describe(event, NAMES)
    assert text is not None and "Ghoul" not in text and "ghoul" not in text


def test_generic_line_names_foes_it_knows(monkeypatch: pytest.MonkeyPatch) -> None:
    """An event without a maker still names a foe by its display name, not its uid."""
    monkeypatch.delitem(FORMATS, "FoeHealed")
    text = describe(FoeHealed(rule="§12", foe=UID, healed=1, total=3), NAMES)
    assert text == "Foe healed: Reanimated Husk 1, 1, 3"


def test_a_note_is_its_own_text() -> None:
    assert describe(Note(rule="", text="The wind howls."), NAMES) == "The wind howls."


def _attack(attacker: str, defender: str, attack: str, outcome: str, damage: int = 0, **flags: bool) -> str:
    names = {"foe1": "Freshly Risen Corpse", "nim": "Nim"}
    event = Attacked(
        rule="§10.2.3",
        attacker=attacker,
        defender=defender,
        attack=attack,
        outcome=outcome,
        hit=flags.get("hit", damage > 0),
        critical=flags.get("critical", False),
        damage=damage,
    )
    text = describe(event, names)
    assert text is not None
    return text


def test_a_foes_attack_is_told_from_the_defenders_side_section_10_2_3() -> None:
    """§10.2.3: the outcome of a foe's attack is the defender's test, so the line speaks for the defender."""
    bite = "Infectious bite"
    assert (
        _attack("foe1", "nim", bite, "success") == "Nim fends off the Freshly Risen Corpse's infectious bite"
    )
    assert (
        _attack("foe1", "nim", bite, "failure", 1)
        == "The Freshly Risen Corpse's infectious bite hits Nim for 1"
    )
    assert (
        _attack("foe1", "nim", bite, "critical_failure", 3, critical=True)
        == "The Freshly Risen Corpse's infectious bite hits Nim, a critical hit for 3"
    )
    assert (
        _attack("foe1", "nim", bite, "unharmed")
        == "The Freshly Risen Corpse's infectious bite cannot harm Nim"
    )
    assert "SUCCESS" not in _attack("foe1", "nim", bite, "success")
    # A tmux walk read "the Shrunken Corpse's throw Shiv": the bestiary writes attacks in title case.
    assert (
        _attack("foe1", "nim", "Throw Shiv", "failure", 2)
        == "The Freshly Risen Corpse's throw shiv hits Nim for 2"
    )


def test_an_adventurers_attack_says_hit_or_miss_with_the_weapon_section_10_2() -> None:
    """§10.2: the attacker's own test decides; the line says who hit what with which weapon."""
    assert (
        _attack("nim", "foe1", "Spear", "success", 1)
        == "Nim hits the Freshly Risen Corpse with the Spear for 1"
    )
    assert _attack("nim", "foe1", "Spear", "failure") == "Nim misses the Freshly Risen Corpse"
    assert (
        _attack("nim", "foe1", "Spear", "great_success", 3, critical=True)
        == "Nim hits the Freshly Risen Corpse with the Spear, a critical hit for 3"
    )
    assert (
        _attack("nim", "foe1", "Intimidate", "failure") == "Nim fails to intimidate the Freshly Risen Corpse"
    )


def test_an_item_out_of_stock_gets_one_line_with_its_display_name_section_7_2() -> None:
    """§7.2: a failed availability roll while buying shows once, naming the item as the catalogue does."""
    state = back_in_town()
    interlude_of(state).plans.append(DailyPlan("c1", DailyAction.GO_SHOPPING))
    pole = default_world().items["three_meter_pole"]
    ctx = ctx_with([2, 3, 4, 5, 6])  # a Fief's 4d! with no 1 (Blacksalt always has common goods, house)
    assert buy(ctx, state, default_world().settlement_size("trinta"), state.character("c1"), pole) is None
    entries, _ = build_entries(ctx.events, {"c1": "Kestrel"}, 1)
    lines = [entry.text for entry in entries if "this time" in entry.text]
    assert lines == [f"Not for sale this time: {pole.name}"]
    assert describe(OutOfStock(rule="§7.2", character="c1", item=pole.key), NAMES) is None


def test_market_lines_name_an_item_by_its_display_name_section_7_2() -> None:
    """§7.2: availability, price and purchase all say "Torches", never the key "torch"."""
    torch = default_world().items["torch"]
    lines = [
        describe(StockRolled(rule="§7.2", item="torch", in_stock=True), NAMES),
        describe(PriceRolled(rule="§7.2", item="torch", price=3), NAMES),
        describe(ItemBought(rule="§10.4.3", character="jory", item=9, name=torch.name, price=3), NAMES),
    ]
    assert lines == [
        f"For sale this time: {torch.name}",
        f"The price of {torch.name} here: 3 silver",
        f"Jory buys the {torch.name.lower()} for 3 silver",
    ]


@pytest.mark.parametrize(
    ("trade", "words_"),
    [
        (False, "Hero1 cannot haggle: it takes the Haggle skill."),
        (True, "Hero1 cannot use Trade network: it takes the Trade network skill."),
    ],
)
def test_a_market_skill_refusal_names_the_skill_needed_section_6_1(trade: bool, words_: str) -> None:
    """§6.1: Haggle and Trade network are skills; the refusal says which one it takes."""
    state = back_in_town()
    interlude_of(state).plans.append(DailyPlan("c1", DailyAction.GO_SHOPPING))
    ration = default_world().items["ration"]
    with pytest.raises(IllegalAction) as refused:
        verify_haggle(state, state.character("c1"), ration, trade=trade)
    assert str(refused.value) == words_
    action = TradeNetwork(actor="c1", item="ration") if trade else Haggle(actor="c1", item="ration")
    with pytest.raises(IllegalAction) as refused_verb:
        GUARDS[type(action)](state, action)
    assert str(refused_verb.value) == words_


def test_a_street_wise_purchase_says_why_it_was_cheaper_section_6_1() -> None:
    """§6.1: Street Wise takes 1 off a common item; the bought line names the skill, other buys do not."""
    state = back_in_town()
    interlude = interlude_of(state)
    interlude.plans.append(DailyPlan("c1", DailyAction.GO_SHOPPING))
    ration = default_world().items["ration"]
    interlude.stock[ration.key] = True
    interlude.prices[ration.key] = 4
    buyer, size = state.character("c1"), default_world().settlement_size("blacksalt")
    plain = ctx_with([])
    assert buy(plain, state, size, buyer, ration) is not None
    bought = [e for e in plain.events if isinstance(e, ItemBought)]
    assert (
        bought[0].why == ""
        and describe(bought[0], NAMES) == f"c1 buys the {ration.name.lower()} for 4 silver"
    )
    buyer.skills.add(Skill.STREET_WISE)
    cheaper = ctx_with([])
    assert buy(cheaper, state, size, buyer, ration) is not None
    bought = [e for e in cheaper.events if isinstance(e, ItemBought)]
    assert bought[0].why == "Street Wise" and bought[0].price == 3
    assert (
        describe(bought[0], {"c1": "Kestrel"})
        == f"Kestrel buys the {ration.name.lower()} for 3 silver (Street Wise)"
    )


def test_an_item_in_a_sentence_loses_its_sheet_capital_but_keeps_a_name_of_its_own() -> None:
    """Issue #16: "Ada takes Locket holding a braid of hair" read as a name; items read as things."""
    assert the_item("Locket holding a braid of hair") == "the locket holding a braid of hair"
    assert the_item("Torches") == "the torches"
    assert the_item("Scroll of Detect Evil") == "the Scroll of Detect Evil"
    assert the_item("Wine of Yoros") == "the Wine of Yoros"
    added = ItemAdded(
        rule="§10.4.3", character="c1", item=7, name="Locket holding a braid of hair", place="belt"
    )
    assert describe(added, {"c1": "Ada"}) == "Ada takes the locket holding a braid of hair"
    out = LightWentOut(rule="§7.8", character="c1", item=3, name="Torches")
    assert describe(out, {"c1": "Ada"}) == "Ada's torches go out"
