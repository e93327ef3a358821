"""Provides `SetOut`: leave the settlement for a dungeon, a new one or one the party knows (§10, §9.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.core.actions import Action
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item, Light
from expedition.rules.core.phase import Phase
from expedition.rules.exploration.expedition import start_expedition
from expedition.rules.interlude.interlude_state import close_interlude
from expedition.rules.items.usage import light
from expedition.rules.magic.spells.memorising import prepare_magic

if TYPE_CHECKING:
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.core.world import World
    from expedition.rules.engine.campaign import CampaignState
    from expedition.rules.exploration.dungeon_map import Dungeon

NEW = ""
"""`SetOut.dungeon` for a dungeon nobody has seen yet."""
WHERE_NEXT = "where the next dungeon lies"
"""The GM's roll whose faces make a new dungeon's seed (no seat sees it: the seed rebuilds the dungeon)."""
OLD_PARTY_SIZE = 4
"""The party size a generated dungeon whose origin names none was built for (before issue #14)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetOut(Action):
    """Start an expedition.

    Attributes:
        dungeon: A known location's name to go back to (its doom is kept, §9.2, and the dungeon
            is as the party left it, §10.1), an authored dungeon's key, or `NEW` for a freshly
            generated one.
        theme: For a new dungeon, a theme key; "" lets the dice choose.
    """

    dungeon: str = NEW
    theme: str = ""


def verify_set_out(state: CampaignState, action: SetOut) -> None:
    """Raise `IllegalAction` unless the party may set out now."""
    if state.expedition is not None or state.phase is not Phase.INTERLUDE:
        raise IllegalAction("The party is already out on an expedition.")
    if not state.living:
        raise IllegalAction("Nobody is left alive to set out.")
    known = state.locations.get(action.dungeon)
    if known is not None and known.settlement:
        raise IllegalAction(f"{action.dungeon} is a settlement, not a dungeon.")


def set_out(ctx: Context, state: CampaignState, action: SetOut) -> Resolution[None]:
    """Go back to the dungeon as the party left it, or build one through the world; start the expedition."""
    world = ctx.world
    if world is None:
        raise IllegalAction("No dungeons are loaded, so there is nowhere to go.")
    dungeon, origin = _dungeon_for(ctx, state, action, world)

    close_interlude(ctx, state)
    start_expedition(ctx, state, dungeon, items=world.items)

    prepare_magic(ctx, state)
    state.locations[dungeon.key].origin = origin
    light_at_the_door(ctx, state)
    return
    yield  # a generator, like every verb


def light_at_the_door(ctx: Context, state: CampaignState) -> Item | None:
    """House: someone lights a light before going in, outside, where it costs no turn.

    The book charges an exploration turn for lighting a torch inside (a Slow item, §7.3); at
    the door no clock runs yet (§9.1), and starting every expedition in the dark would only
    cost a turn and a round of darkness. Picks the first adventurer with a light that reaches
    Nearby, else any light. Does nothing if a light already burns or nobody carries one.
    """
    carried = [(member, item) for member in state.living for item in member.items if item.defn.light]
    if any(item.lit for _, item in carried):
        return None
    usable = [(m, i) for m, i in carried if not (i.defn.usage and not i.usage)]
    usable.sort(key=lambda pair: pair[1].defn.light is not Light.NEARBY)
    if not usable:
        return None
    member, item = usable[0]
    light(ctx, member, item, rule="§7.8")
    return item


def _dungeon_for(ctx: Context, state: CampaignState, action: SetOut, world: World) -> tuple[Dungeon, str]:
    """The dungeon to enter and its origin: the one left there last time, else built from its origin."""
    known = state.locations.get(action.dungeon)
    origin = known.origin if known is not None else ""
    if known is not None and known.dungeon is not None:
        return known.dungeon, origin  # as the party left it (`rules.kept_dungeon`, §10.1)
    if not origin and action.dungeon in world.authored_keys():
        origin = f"authored:{action.dungeon}"
    if not origin and action.dungeon != NEW:
        raise IllegalAction(f"Nobody knows the way to {action.dungeon!r}.")
    if not origin:
        # A new dungeon's seed comes from the campaign dice, so replaying the journal finds it again.
        faces = ctx.roll(4, 20, who="gm", why=WHERE_NEXT, rule="§10")
        seed = int("".join(f"{face - 1:02d}" for face in faces))
        # House (balance, issue #14): its stocked groups are built for the party that sets out
        # (HOUSE §2.2's N), not for four; the size is kept in the origin so it is rebuilt the same.
        origin = f"generated:{seed}:{action.theme}:{len(state.living)}"
    kind, _, rest = origin.partition(":")
    if kind == "authored":
        return world.authored_dungeon(rest), origin
    seed_text, theme, size = (*rest.split(":"), "", "")[:3]
    try:
        seed, party = int(seed_text), int(size) if size else OLD_PARTY_SIZE
    except ValueError:
        party = 0
    if party < 1:  # only a damaged save holds such an origin: refused, the campaign stays as it is
        raise IllegalAction("The way to that dungeon is lost: the campaign's record of it is damaged.")
    dungeon = world.new_dungeon(seed, theme, party)
    if known is None:  # a first visit: the location is named now, and for good
        dungeon.key = fresh_key(state)
    else:  # a location named before (an old save's `gen-<seed>`, or one left without its dungeon)
        dungeon.key = action.dungeon
    return dungeon, origin


def fresh_key(state: CampaignState) -> str:
    """The key a new generated dungeon is known by: `dungeon-<n>`, n counting the generated ones.

    The generator names a dungeon after its seed (`gen-<seed>`), and the seed rebuilds every trap
    and secret, so that name must never reach a seat. A key that says only how many dungeons came
    before can be shown as it is; the seed stays in the location's origin, which no seat sees.
    (Saves made before keep their `gen-<seed>` keys, and the session still renames those on the
    way out, so their numbers come first: n counts them too.)
    """
    generated = sum(
        1
        for key, location in state.locations.items()
        if location.origin.startswith("generated:") or key.startswith("gen-")
    )
    number = generated + 1
    while f"dungeon-{number}" in state.locations:
        number += 1
    return f"dungeon-{number}"
