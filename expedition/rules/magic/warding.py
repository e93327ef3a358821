"""Provides what lasting spells change in other rules: who cannot be harmed, who is blinded, who floats.

Each question is a small predicate over `CampaignState.lasting` (rules/core/lasting.py), so the rules
that need the answer (harm, sight, movement, traps, casting) ask here without knowing the spells.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.core.lasting import has_lasting, lasting_keyed

if TYPE_CHECKING:
    from expedition.rules.core.distance import Pos
    from expedition.rules.engine.campaign import CampaignState

SMOKE = "spell:smoke_form"
"""The wizard is smoke: nothing harms them (§11.1 Smoke form)."""
PRISON = "spell:arcane_prison"
"""Frozen in crystal: cannot act, nothing reaches it (§11.1 Arcane prison)."""
SEAL = "spell:arcane_seal"
"""Spells cannot touch it (§11.1 Arcane Seal)."""
HASTE = "spell:haste"
"""Moves twice as far (§11.1 Haste)."""
HOVER = "spell:hover"
"""Floats above the floor (§11.1 Hover)."""
NIGHT = "spell:black_night"
"""A tile at the heart of a Black night (§11.1)."""
FIRE = "spell:arcane_fire"
"""A burning tile (§11.1 Arcane fire)."""
INK = "spell:mystic_ink"
"""A tile marked with Mystic ink (house)."""
FOG = "spell:mind_fog"
"""A foe in a Mind fog (house)."""
TELEKINESIS = "spell:telekinesis"
"""The wizard swings weapons with INT (§11.1 Telekinesis)."""


def tile_key(pos: Pos) -> str:
    """A tile as a lasting holder, "x,y"."""
    return f"{pos[0]},{pos[1]}"


def unharmable(state: CampaignState, holder: str) -> bool:
    """True while smoke or an arcane prison keeps every harm from `holder` (§11.1)."""
    return has_lasting(state, holder, SMOKE) or has_lasting(state, holder, PRISON)


def imprisoned(state: CampaignState, holder: str) -> bool:
    """True while `holder` is frozen in an arcane prison and cannot act (§11.1)."""
    return has_lasting(state, holder, PRISON)


def sealed(state: CampaignState, holder: str) -> bool:
    """True while spells cannot touch `holder` (a character, foe or tile) (§11.1 Arcane Seal)."""
    return has_lasting(state, holder, SEAL)


def hasted(state: CampaignState, holder: str) -> bool:
    """True while `holder` moves twice as far (§11.1 Haste)."""
    return has_lasting(state, holder, HASTE)


def hovering(state: CampaignState, holder: str) -> bool:
    """True while `holder` floats and sets off no floor trap (§11.1 Hover)."""
    return has_lasting(state, holder, HOVER)


def swings_with_int(state: CampaignState, holder: str) -> bool:
    """True while Telekinesis lets `holder` wield weapons with INT in place of STR (§11.1)."""
    return has_lasting(state, holder, TELEKINESIS)


def _tile(text: str) -> Pos | None:
    x, _, y = text.partition(",")
    try:
        return (int(x), int(y))
    except ValueError:
        return None


def night_at(state: CampaignState, pos: Pos) -> str | None:
    """The caster of a Black night covering `pos`, or None.

    A night covers its heart and every tile Close around it, diagonals included (§16 #2).
    """
    for effect in lasting_keyed(state, NIGHT):
        heart = _tile(effect.holder)
        if heart is not None and max(abs(heart[0] - pos[0]), abs(heart[1] - pos[1])) <= 1:
            return effect.source
    return None


def burning(state: CampaignState, pos: Pos) -> bool:
    """True while Arcane fire burns on `pos` (§11.1)."""
    return has_lasting(state, tile_key(pos), FIRE)


def where(state: CampaignState, character_id: str) -> Pos | None:
    """Where an adventurer stands: their combat tile in a fight, else the party's tile."""
    expedition = state.expedition
    if expedition is None:
        return None
    combat = expedition.combat
    if combat is not None and character_id in combat.positions:
        return combat.positions[character_id]
    return expedition.position


def benighted(state: CampaignState, character_id: str) -> bool:
    """True when a Black night covers the adventurer and they did not cast it (§11.1)."""
    pos = where(state, character_id)
    if pos is None:
        return False
    caster = night_at(state, pos)
    return caster is not None and caster != character_id


def ink_glow(state: CampaignState, character_id: str) -> bool:
    """(house) A wizard who knows Mystic ink sees by a mark on their tile or one Close to it."""
    pos = where(state, character_id)
    if pos is None:
        return False
    member = next((c for c in state.party if c.id == character_id), None)
    if member is None or "mystic_ink" not in member.magic.known_spells:
        return False
    for effect in lasting_keyed(state, INK):
        mark = _tile(effect.holder)
        if mark is not None and max(abs(mark[0] - pos[0]), abs(mark[1] - pos[1])) <= 1:
            return True
    return False


def foe_blinded(state: CampaignState, foe_uid: str, pos: Pos) -> bool:
    """True when a foe cannot see whom it attacks: inside a Black night, or lost in a Mind fog."""
    return night_at(state, pos) is not None or has_lasting(state, foe_uid, FOG)
