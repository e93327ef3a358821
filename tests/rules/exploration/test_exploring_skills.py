"""Tests for exploration/exploring_skills.py: Veteran, Holy Rites, Ward the dead, Occult Studies (§6.1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.actions import Action
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import answers, resolve
from expedition.rules.core.dice import ScriptedDice
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item, ItemDef
from expedition.rules.core.phase import Phase
from expedition.rules.core.rerolls import DieRerolled
from expedition.rules.core.skills import Skill
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.engine.dispatch import apply, can, verify
from expedition.rules.engine.exploration_options import available_actions
from expedition.rules.exploration.exploring_skills import (
    BlessWater,
    DeadWarded,
    DoomSignsWeighed,
    ReadDoomSigns,
    WardTheDead,
    WaterBlessed,
    occult_disarm_advantage,
    occult_trap,
    will_rise,
)
from expedition.rules.exploration.features import Corpse, Trap
from expedition.rules.exploration.finding_and_disarming_traps import DisarmTrap, LookForTraps
from expedition.rules.exploration.locations import DoomRevealed
from expedition.rules.exploration.traps import TrapDisarmed, TrapFound
from expedition.rules.items import handling, slots
from expedition.rules.magic.spells.spellcasting import CastSpell
from tests.rules import magic_helpers
from tests.rules.exploration_helpers import make_state, to_crypt
from tests.rules.magic_helpers import WORLD

GLYPH = Trap(
    (7, 2),
    1,
    "warding_glyph",
    "Warding glyph",
    tell="Faint script across the threshold",
    find="normal; Occult Studies gives advantage",
    disarm="INT; chalk or ashes of insight give advantage",
    attack="INT 2P",
)


def run(state: CampaignState, action: Action, faces: list[int], *keys: str) -> Context:
    """Apply `action` with the content world on exactly these faces, answering `keys` then defaults."""
    ctx = Context(ScriptedDice(faces), world=WORLD)
    resolve(apply(ctx, state, action), answers(*keys))
    assert ctx.dice.used == len(faces)  # type: ignore[attr-defined]
    return ctx


def labels(state: CampaignState) -> set[str]:
    return {o.label for o in available_actions(state, "wren")}


# --- Veteran --------------------------------------------------------------------------------------


def test_veteran_success_reveals_doom_to_the_veteran_and_takes_a_turn() -> None:
    """§6.1 Veteran, §9.2: a PRE success records doom's value and the steps to its next effect; 1 ET."""
    state = make_state(skills=frozenset({Skill.VETERAN}))
    state.here.doom.filled = 1
    ctx = run(state, ReadDoomSigns(actor="wren"), [5, 3])
    (weighed,) = [e for e in ctx.events if isinstance(e, DoomSignsWeighed)]
    assert weighed.outcome == "success"
    assert [e.character for e in ctx.events if isinstance(e, DoomRevealed)] == ["wren"]
    (reveal,) = state.reveals
    assert (reveal.character, reveal.value, reveal.steps_to_next) == ("wren", 1, 1)
    assert state.turn == 1 and state.decay.filled == 1


def test_veteran_failure_learns_nothing_but_still_takes_the_turn() -> None:
    """§6.1 Veteran: a failed PRE test reveals nothing; the exploration turn is spent all the same."""
    state = make_state(skills=frozenset({Skill.VETERAN}))
    ctx = run(state, ReadDoomSigns(actor="wren"), [2, 3])
    assert not any(isinstance(e, DoomRevealed) for e in ctx.events)
    assert [e.outcome for e in ctx.events if isinstance(e, DoomSignsWeighed)] == ["failure"]
    assert state.reveals == [] and state.turn == 1


def test_veteran_reading_is_offered_only_to_a_conscious_veteran_in_a_dungeon() -> None:
    """§6.1 Veteran: not offered without the skill, nor to a fainted Veteran; refused outside exploring."""
    label = "Read the signs of doom (Veteran)"
    assert label not in labels(make_state())
    with pytest.raises(IllegalAction, match="Veteran"):
        verify(make_state(), ReadDoomSigns(actor="wren"))
    state = make_state(skills=frozenset({Skill.VETERAN}))
    assert label in labels(state) and can(state, ReadDoomSigns(actor="wren"))
    state.character("wren").status = Status.FAINTED
    assert label not in labels(state) and not can(state, ReadDoomSigns(actor="wren"))
    state = make_state(skills=frozenset({Skill.VETERAN}))
    state.phase = Phase.CAMP
    with pytest.raises(IllegalAction, match="while exploring"):
        verify(state, ReadDoomSigns(actor="wren"))


# --- Holy Rites -----------------------------------------------------------------------------------


def _with_canteen(units: int, *, lit: bool = True) -> tuple[CampaignState, Character, Item | None]:
    state = make_state(lit=lit, skills=frozenset({Skill.HOLY_RITES}))
    wren = state.character("wren")
    ctx = Context(ScriptedDice([]))
    canteen = Item.new(200, WORLD.items["canteen"])
    handling.put(ctx, wren, canteen, slots.FLASK)
    water = None
    if units:
        water = Item.new(201, WORLD.items["water"], quantity=units)
        handling.put(ctx, wren, water, slots.inside(canteen))
    return state, wren, water


def test_holy_rites_turns_a_unit_of_water_into_holy_water() -> None:
    """§6.1 Holy Rites: one unit of the canteen's water is used; a flask of holy water (Ud6) is made; 1 ET."""
    state, wren, water = _with_canteen(2)
    assert water is not None
    assert "Bless water into holy water (Holy Rites)" in labels(state)
    ctx = run(state, BlessWater(actor="wren"), [])
    assert water.quantity == 1
    (holy,) = [i for i in wren.items if i.defn.key == "holy_water"]
    assert holy.usage == 6 and holy.place in slots.HANDS  # no pack: a free hand takes it
    (blessed,) = [e for e in ctx.events if isinstance(e, WaterBlessed)]
    assert blessed.item == holy.uid and not blessed.stashed
    assert state.turn == 1


def test_holy_rites_uses_the_last_unit_of_water() -> None:
    """§6.1 Holy Rites: blessing the last unit empties the canteen; then there is nothing to bless."""
    state, wren, _ = _with_canteen(1)
    run(state, BlessWater(actor="wren"), [])
    assert not [i for i in wren.items if i.defn.key == "water"]
    with pytest.raises(IllegalAction, match="no clean water"):
        verify(state, BlessWater(actor="wren"))


def test_holy_rites_refuses_without_water_or_without_room() -> None:
    """§6.1 Holy Rites: no water, or no hand or pack room for the flask: refused with a reason."""
    state, _, _ = _with_canteen(0)
    with pytest.raises(IllegalAction, match="no clean water"):
        verify(state, BlessWater(actor="wren"))
    state, wren, _ = _with_canteen(2, lit=False)
    crate = ItemDef(key="crate", name="Crate", slots=2)
    ctx = Context(ScriptedDice([]))
    for uid, hand in ((300, slots.LEFT_HAND), (301, slots.RIGHT_HAND)):
        handling.put(ctx, wren, Item.new(uid, crate), hand)
    option = next(o for o in available_actions(state, "wren") if isinstance(o.action, BlessWater))
    assert not option.enabled and "no free hand" in option.reason
    with pytest.raises(IllegalAction, match="Holy Rites"):
        verify(make_state(), BlessWater(actor="wren"))


# --- Ward the dead --------------------------------------------------------------------------------


def _body(pos: tuple[int, int]) -> Corpse:
    return Corpse(pos=pos, kind="human", rises_in_days=14, rises_as="freshly_risen_corpse")


def test_ward_the_dead_wards_every_corpse_close_diagonals_included() -> None:
    """§6.1 Ward the dead, §16 #2, HOUSE §1.7: the party's tile and the 8 around; farther ones still rise."""
    state = make_state(skills=frozenset({Skill.WARD_THE_DEAD}))
    assert state.expedition is not None and state.expedition.position == (2, 2)
    here, diagonal, far = _body((2, 2)), _body((3, 3)), _body((4, 2))
    state.expedition.level.corpses += [here, diagonal, far]
    assert "Ward the dead" in labels(state)
    ctx = run(state, WardTheDead(actor="wren"), [])
    assert (here.warded, diagonal.warded, far.warded) == (True, True, False)
    assert not will_rise(here) and not will_rise(diagonal) and will_rise(far)
    (warded,) = [e for e in ctx.events if isinstance(e, DeadWarded)]
    assert (warded.count, warded.pos, state.turn) == (2, (2, 2), 1)


def test_ward_the_dead_refuses_when_no_unwarded_corpse_is_close() -> None:
    """§6.1 Ward the dead: no body Close, or only warded ones: refused; without the skill: refused."""
    state = make_state(skills=frozenset({Skill.WARD_THE_DEAD}))
    assert state.expedition is not None
    with pytest.raises(IllegalAction, match="No unwarded body"):
        verify(state, WardTheDead(actor="wren"))
    state.expedition.level.corpses += [_body((4, 2))]  # two orthogonal steps: Nearby, not Close
    with pytest.raises(IllegalAction, match="No unwarded body"):
        verify(state, WardTheDead(actor="wren"))
    state.expedition.level.corpses += [_body((1, 2))]
    run(state, WardTheDead(actor="wren"), [])
    with pytest.raises(IllegalAction, match="No unwarded body"):
        verify(state, WardTheDead(actor="wren"))
    with pytest.raises(IllegalAction, match="Ward the dead"):
        verify(make_state(), WardTheDead(actor="wren"))


def test_a_warded_corpse_never_rises_even_when_burst() -> None:
    """§6.1 Ward the dead, HOUSE §1.7: a warded corpse burst by Explode corpse is gone, no roll to rise."""
    state = magic_helpers.make_state()
    wiz, cle = state.character("wiz"), state.character("cle")
    wiz.magic.known_spells = wiz.magic.memorised_spells = ["explode_corpse"]
    cle.skills.add(Skill.WARD_THE_DEAD)
    expedition = state.expedition
    assert expedition is not None
    x, y = expedition.position
    corpse = Corpse(pos=(x + 1, y), kind="goblin_scrapper", rises_in_days=7, rises_as="freshly_risen_corpse")
    expedition.level.corpses.append(corpse)
    expedition.seen.setdefault(1, set()).add(corpse.pos)
    run(state, WardTheDead(actor="cle"), [])
    assert corpse.warded and corpse.rises_in_days is None and not will_rise(corpse)
    run(state, CastSpell(actor="wiz", spell="explode_corpse", target=f"{x + 1},{y}"), [5, 5])
    assert expedition.level.corpses == []  # unwarded, a 1 on 1d6 would keep it to rise as a Shadow


# --- Occult Studies (house) -----------------------------------------------------------------------


def test_occult_studies_looks_for_traps_without_tools_on_an_occult_level() -> None:
    """§6.1 Occult Studies (house), §10.1: no pole needed on a void-touched level, still needed elsewhere."""
    state = make_state(skills=frozenset({Skill.OCCULT_STUDIES}))
    with pytest.raises(IllegalAction, match="Infiltration"):
        verify(state, LookForTraps(actor="wren"))
    assert state.expedition is not None
    state.expedition.level.theme = "void_ruin"
    assert can(state, LookForTraps(actor="wren"))
    assert not can(make_state(), LookForTraps(actor="wren"))  # no skill: the theme alone is not enough


def test_occult_studies_gives_advantage_to_find_a_warding_glyph() -> None:
    """§6.1 Occult Studies, HOUSE §1.13: the glyph's find says Occult Studies gives advantage."""
    state = make_state(skills=frozenset({Skill.OCCULT_STUDIES}))
    assert state.expedition is not None
    state.expedition.level.theme = "void_ruin"
    glyph = replace(GLYPH)
    state.expedition.level.traps = [glyph]
    to_crypt(state)
    ctx = run(state, LookForTraps(actor="wren"), [2, 3, 5])  # fails, the advantage reroll turns a die to 5
    assert [e.resource for e in ctx.events if isinstance(e, DieRerolled)] == ["advantage"]
    assert glyph.found and any(isinstance(e, TrapFound) for e in ctx.events)


def test_occult_studies_gives_advantage_on_disarming_an_occult_trap() -> None:
    """§6.1 Occult Studies (house): advantage to disarm a trap of glyphs, wards, curses or magic."""
    state = make_state(skills=frozenset({Skill.OCCULT_STUDIES}))
    assert state.expedition is not None
    glyph = replace(GLYPH)
    glyph.found = True
    state.expedition.level.traps = [glyph]
    to_crypt(state)
    ctx = run(state, DisarmTrap(actor="wren", at=(7, 2)), [2, 3, 5])
    assert [e.resource for e in ctx.events if isinstance(e, DieRerolled)] == ["advantage"]
    assert glyph.disarmed and any(isinstance(e, TrapDisarmed) for e in ctx.events)


def test_occult_traps_are_known_by_their_words() -> None:
    """§6.1 Occult Studies (house): runes, glyphs, wards, curses and magic mark a trap; spikes do not."""
    adept = Character("ada", "Ada", skills={Skill.OCCULT_STUDIES})
    spikes = Trap((1, 1), 0, "spikes", "Spiked flagstones", disarm="DEX; iron spikes give advantage")
    jar = Trap((1, 1), 0, "soul_jar", "Soul jar", effect="PRE 1. Cursed on a critical failure.")
    toward = Trap((1, 1), 0, "cord", "Smugglers' cord", effect="Row 7 roams toward the party.")
    assert occult_trap(GLYPH) and occult_trap(jar)
    assert not occult_trap(spikes) and not occult_trap(toward)
    assert occult_disarm_advantage(adept, GLYPH) == 1
    assert occult_disarm_advantage(adept, spikes) == 0
    assert occult_disarm_advantage(Character("bo", "Bo"), GLYPH) == 0
