"""Provides the action bar's magic options: spells, prayers, maneuvers, Concentrate and sacrifices, by target.

Each entry is checked by the campaign's own `dispatch.verify`, so the options live with the dispatch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.combat.maneuvers.maneuver_rules import MANEUVER_EFFECTS, UseManeuver
from expedition.rules.core.actions import Action, ActionOption
from expedition.rules.core.errors import IllegalAction, InvalidAction
from expedition.rules.engine.dispatch import verify
from expedition.rules.magic.magic_effects import Effect, no_check
from expedition.rules.magic.prayers.prayer_effects import PRAYER_EFFECTS
from expedition.rules.magic.prayers.prayer_marks import hostile
from expedition.rules.magic.prayers.praying import InvokePrayer
from expedition.rules.magic.prayers.sacrifices import MakeSacrifice
from expedition.rules.magic.spells.attack_spells import shot_targets
from expedition.rules.magic.spells.spell_book import SPELL_EFFECTS
from expedition.rules.magic.spells.spellcasting import CastSpell, Concentrate

if TYPE_CHECKING:
    from expedition.rules.engine.campaign import CampaignState


def _targets(state: CampaignState, actor: str, effect: Effect | None = None) -> list[str]:
    fighting = state.expedition is not None and state.expedition.combat is not None
    if effect is not None and effect.combat is not None and effect.combat != fighting:
        return [""]  # not usable now: one option, refused with the reason (only in / out of a fight)
    if effect is not None and effect.targets is not None:
        try:
            return effect.targets(state, state.character(actor)) or [""]
        except IllegalAction:
            return [""]  # nothing to aim at now: the check says why
    if effect is not None and effect.check is no_check:
        return [""]  # it takes no target
    found = ["", *(m.id for m in state.living if m.id != actor)]
    combat = state.expedition.combat if state.expedition else None
    if combat is not None:
        found += [foe.uid for foe in hostile(state, combat)]  # not the party's own swarm or hound
    return found


def _pretty(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _now(state: CampaignState, effect: Effect | None) -> bool:
    """False for an effect that works only in a fight while exploring, or the other way round."""
    fighting = state.expedition is not None and state.expedition.combat is not None
    return effect is None or effect.combat is None or effect.combat == fighting


def target_name(state: CampaignState, target: str) -> str:
    """A target in the player's words: a name for a character or foe, "the tile x,y", a room's name."""
    member = next((m for m in state.party if m.id == target), None)
    if member is not None:
        return member.name
    combat = state.expedition.combat if state.expedition else None
    if combat is not None:
        named = combat.foe_names()
        if target in named:
            return named[target]
    if target.startswith("room:") and state.expedition is not None:
        room = next((r for r in state.expedition.level.rooms if f"room:{r.id}" == target), None)
        if room is not None:
            return f"the {room.name}" if room.name else "that room"
    if target.isupper():
        return target  # an attribute ("PRE")
    if "," in target and target.replace(",", "").replace("-", "").isdigit():
        return f"the tile {target}"
    return _pretty(target)


def _best(state: CampaignState, actions: list[Action], label: str) -> list[ActionOption]:
    options: list[ActionOption] = []
    reason = ""
    for action in actions:
        try:
            verify(state, action)
        except (IllegalAction, InvalidAction) as error:
            reason = reason or str(error)
            continue
        target = getattr(action, "target", "")
        shown = f"{label} → {target_name(state, target)}" if target else label
        options.append(ActionOption(action, shown, 1, True))
    if not options and actions:
        options.append(ActionOption(actions[0], label, 1, False, reason))
    return options


def magic_options(state: CampaignState, actor: str) -> list[ActionOption]:
    """Spells, prayers, maneuvers, Concentrate and the sacrifice `actor` could use now, by target."""
    member = next((c for c in state.party if c.id == actor), None)
    if member is None:
        return []
    magic = member.magic
    options: list[ActionOption] = []
    for key in magic.memorised_spells:
        if not _now(state, SPELL_EFFECTS.get(key)):
            continue  # only in (or out of) a fight: not listed now
        options += _best(
            state,
            [
                CastSpell(actor=actor, spell=key, target=t)
                for t in _targets(state, actor, SPELL_EFFECTS.get(key))
            ],
            f"Cast {_pretty(key)}",
        )
    for key in magic.forgotten_spells:
        options += _best(state, [Concentrate(actor=actor, spell=key)], f"Concentrate on {_pretty(key)}")
    for key in magic.memorised_prayers:
        if not _now(state, PRAYER_EFFECTS.get(key)):
            continue
        plea = key in magic.exhausted_prayers
        actions: list[Action] = [
            InvokePrayer(actor=actor, prayer=key, target=t, plea=plea)
            for t in _targets(state, actor, PRAYER_EFFECTS.get(key))
        ]
        options += _best(state, actions, f"Pray {_pretty(key)}" + (" (desperate plea)" if plea else ""))
    if magic.god_angry:
        options += _best(state, [MakeSacrifice(actor=actor)], "Make the sacrifice")
    for key in magic.maneuvers:
        if not _now(state, MANEUVER_EFFECTS.get(key)):
            continue
        options += _best(
            state,
            [
                UseManeuver(actor=actor, maneuver=key, target=t)
                for t in _targets(state, actor, MANEUVER_EFFECTS.get(key))
            ],
            _pretty(key),
        )
    for shot in shot_targets(state, actor):  # Magic Missile, Silver cannon (§11.1)
        options += _best(state, [shot], f"{_pretty(shot.spell)} shot")
    return options
