"""Provides medicine (§4.4, §7.4): the wounds each kit heals, and whom it can bring back outside camp.

Outside a fight an ally can stabilise a mortally wounded character, or wake a fainted one, with a
first aid kit or a medical supply (§4.4). These kits are camp items; used this way while exploring
they take one exploration turn (house) and are used as in camp (`camp.camp_items`, which registers
that use into the table of uses), spending the kit's usage die or one unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Status
from expedition.rules.core.attributes import Attr
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.item_defs import Item
    from expedition.rules.engine.campaign import CampaignState

MEDICINE: dict[str, tuple[Attr, ...]] = {
    "medical_supply": tuple(Attr),
    "first_aid_kit": (Attr.STR, Attr.DEX),
}
"""Medicine and the attributes whose wound it heals (§4.4, §7.4)."""
STABILISERS = frozenset(MEDICINE)
"""The camp medicine that also stabilises the fallen outside camp (first aid kit, medical supply)."""
DOWN = (Status.FAINTED, Status.MORTALLY_WOUNDED)
"""Who medicine can bring back while exploring."""


def fallen(state: CampaignState, member: Character) -> list[str]:
    """Ids of party members `member` could stabilise or wake now (everyone down but the user).

    In a fight only the mortally wounded can be saved, and only by someone Close to them (house):
    near death (§4.4 row 6) must be stabilised within one combat turn.
    """
    combat = state.expedition.combat if state.expedition is not None else None
    if combat is None:
        return [m.id for m in state.party if m.status in DOWN and m.id != member.id]
    here = combat.positions.get(member.id)
    return [
        m.id
        for m in state.party
        if m.status is Status.MORTALLY_WOUNDED
        and m.id != member.id
        and here is not None
        and m.id in combat.positions
        and manhattan(combat.positions[m.id], here) <= 1
    ]


def verify_stabilise(state: CampaignState, member: Character, item: Item, target: str) -> None:
    """Raise unless `member` can use the medicine on `target`, who must be down (§4.4)."""
    if item.defn.key not in MEDICINE:
        raise IllegalAction(f"The {item.name} does not stabilise anyone.")
    down = fallen(state, member)
    if not down:
        fighting = state.expedition is not None and state.expedition.combat is not None
        if fighting:
            raise IllegalAction(f"In a fight the {item.name} saves someone mortally wounded next to you.")
        raise IllegalAction(f"The {item.name} is used in camp, or on someone who is down.")
    if target and target not in down:
        raise IllegalAction("Only someone fainted or mortally wounded can be stabilised.")
