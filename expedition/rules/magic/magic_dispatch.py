"""Provides the dispatch entries of spells, prayers, maneuvers and Concentrate.

Their action-bar options ask the whole dispatch, so they live in `engine.magic_options`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from expedition.rules.combat.maneuvers.maneuver_rules import (
    UseManeuver,
    use_maneuver,
    verify_maneuver,
)
from expedition.rules.core.actions import Action
from expedition.rules.magic.prayers.praying import InvokePrayer, invoke_prayer, verify_invoke
from expedition.rules.magic.prayers.sacrifices import MakeSacrifice, make_sacrifice, verify_sacrifice
from expedition.rules.magic.spells.attack_spells import HurlSpellShot, hurl_shot, verify_shot
from expedition.rules.magic.spells.spellcasting import (
    CastSpell,
    Concentrate,
    cast_spell,
    concentrate,
    verify_cast,
    verify_concentrate,
)

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.engine.campaign import CampaignState

GUARDS: dict[type[Action], Callable[[CampaignState, Any], None]] = {
    CastSpell: verify_cast,
    Concentrate: verify_concentrate,
    InvokePrayer: verify_invoke,
    MakeSacrifice: verify_sacrifice,
    UseManeuver: verify_maneuver,
    HurlSpellShot: verify_shot,
}
"""Guards of the magic actions, for `turns`."""

VERBS: dict[type[Action], Callable[[Context, CampaignState, Any], Generator[Any, str, None]]] = {
    CastSpell: cast_spell,
    Concentrate: concentrate,
    InvokePrayer: invoke_prayer,
    MakeSacrifice: make_sacrifice,
    UseManeuver: use_maneuver,
    HurlSpellShot: hurl_shot,
}
"""Verbs of the magic actions, for `turns`."""
