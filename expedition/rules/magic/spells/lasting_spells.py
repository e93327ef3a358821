"""Provides lasting spell effects (§11.1): haste, hover, smoke, prisons, seals, darkness, fire, a pocket.

Every duration is a `Lasting` (rules/core/lasting.py); what each one changes elsewhere is asked of
`rules/magic/warding.py` by the rule concerned (harm, movement, traps, darkness, casting). "Turns" are
combat rounds in a fight and exploration turns outside one (§11.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from expedition.rules.character.harm import receive_wounds
from expedition.rules.combat.combat_harm import wound_foe
from expedition.rules.combat.combat_state import combat_of
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.distance import Pos, manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.item_defs import Item
from expedition.rules.core.lasting import Span, add_lasting, has_lasting, lasting_keyed, lasting_on
from expedition.rules.exploration.expedition import expedition_of, passable
from expedition.rules.items.handling import put
from expedition.rules.items.slots import inside, worn_armour
from expedition.rules.magic.fight_magic import foe, position
from expedition.rules.magic.magic_effects import NEARBY, Effect, ally, in_combat, the_world
from expedition.rules.magic.spells.spell_effects import parse_tile
from expedition.rules.magic.warding import (
    FIRE,
    HASTE,
    HOVER,
    NIGHT,
    PRISON,
    SEAL,
    SMOKE,
    tile_key,
    unharmable,
)

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.combat.combat_state import CombatState
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

FIRE_WOUNDS = 2
"""Reducible wounds Arcane fire deals each turn (§11.1)."""


def span_now(state: CampaignState) -> Span:
    """What "turns" count now: combat rounds in a fight, exploration turns outside one (§11.1)."""
    return Span.ROUND if in_combat(state) else Span.TURN


def here(state: CampaignState, caster: Character) -> Pos:
    """The caster's tile: their combat tile in a fight, else the party's."""
    return position(state, caster.id) if in_combat(state) else expedition_of(state).position


def tiles_near(state: CampaignState, caster: Character, reach: int = 6) -> list[str]:
    """Floor tiles within `reach` of the caster, written "x,y"."""
    level = expedition_of(state).level
    x0, y0 = here(state, caster)
    return [
        f"{x},{y}"
        for y in range(y0 - reach, y0 + reach + 1)
        for x in range(x0 - reach, x0 + reach + 1)
        if level.in_bounds((x, y)) and passable(level, (x, y)) and manhattan((x, y), (x0, y0)) <= reach
    ]


def near_tile(state: CampaignState, caster: Character, target: str, reach: int = 6) -> Pos:
    """The floor tile `target` names, if within `reach` of the caster.

    Raises:
        InvalidAction: When `target` is not written "x,y".
        IllegalAction: For a wall or a tile out of reach.
    """
    pos = parse_tile(target)
    level = expedition_of(state).level
    if not level.in_bounds(pos) or not passable(level, pos):
        raise IllegalAction("That is no open floor.")
    if manhattan(pos, here(state, caster)) > reach:
        raise IllegalAction(f"That tile is more than {reach} tiles away.")
    return pos


def roll_turns(ctx: Context, caster: Character, sides: int, why: str) -> int:
    """Roll one die of `sides` for a duration (the player rolls at once, §11.1)."""
    return sum(ctx.roll(1, sides, who=caster.id, why=why, rule="§11.1"))


# --- Haste -------------------------------------------------------------------------------------


def _haste_check(state: CampaignState, caster: Character, target: str) -> None:
    ally(state, caster, target, NEARBY)


def _haste(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Haste: a Nearby adventurer moves twice as far until the fight ends (§11.1).

    (house) Only adventurers are hastened: foes keep their stat-block movement.
    """
    member = ally(state, caster, target, NEARBY)
    add_lasting(ctx, state, HASTE, member.id, Span.FIGHT, source=caster.id, rule="§11.1")
    return
    yield


# --- Hover and Smoke form -----------------------------------------------------------------------


def _hover(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Hover: 1d6 turns afloat; floor traps do not go off under the wizard (§11.1)."""
    turns = roll_turns(ctx, caster, 6, "Hover: how long")
    add_lasting(ctx, state, HOVER, caster.id, span_now(state), turns, source=caster.id, rule="§11.1")
    return
    yield


def _smoke(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Smoke form: nothing harms the wizard until this round's cleanup (§11.1).

    The wizard re-forms where they stand, which nobody else may enter, so there is always room.
    """
    add_lasting(ctx, state, SMOKE, caster.id, Span.ROUND, 1, source=caster.id, rule="§11.1")
    return
    yield


# --- Arcane prison and Arcane Seal ---------------------------------------------------------------


def _prison_check(state: CampaignState, caster: Character, target: str) -> None:
    enemy = foe(state, caster.id, target, NEARBY)
    if has_lasting(state, enemy.uid, PRISON):
        raise IllegalAction(f"The {enemy.name} is already in a crystal.")


def _prison(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Arcane prison: a Nearby foe is crystal for 1d6 rounds: it skips its turns and nothing harms it.

    (house) In the game the prison takes foes only; people and objects are not offered.
    """
    rounds = roll_turns(ctx, caster, 6, "Arcane prison: how long")
    add_lasting(ctx, state, PRISON, target, Span.ROUND, rounds, source=caster.id, rule="§11.1")
    return
    yield


def _seal_holder(state: CampaignState, caster: Character, target: str) -> str:
    expedition = expedition_of(state)
    if "," in target:
        pos = parse_tile(target)
        if pos not in expedition.level.doors and expedition.level.cache_at(pos) is None:
            raise IllegalAction("Only a door or a chest can be sealed there.")
        if manhattan(pos, here(state, caster)) > 6:
            raise IllegalAction("That is more than Nearby.")
        return tile_key(pos)
    if in_combat(state) and any(f.uid == target for f in combat_of(state).foes):
        return foe(state, caster.id, target, NEARBY).uid
    return ally(state, caster, target, NEARBY).id


def _seal_targets(state: CampaignState, caster: Character) -> list[str]:
    expedition = expedition_of(state)
    level = expedition.level
    spots = [*level.doors, *(cache.pos for cache in level.caches)]
    found = [tile_key(p) for p in spots if manhattan(p, here(state, caster)) <= 6]
    found += [m.id for m in state.party]
    if in_combat(state):
        found += [f.uid for f in combat_of(state).conscious_foes]
    return found


def _seal_check(state: CampaignState, caster: Character, target: str) -> None:
    _seal_holder(state, caster, target)


def _seal(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Arcane Seal: for 1d6 ET no spell may be cast on the person, foe, door or chest (§11.1)."""
    holder = _seal_holder(state, caster, target)
    turns = roll_turns(ctx, caster, 6, "Arcane Seal: how long")
    add_lasting(ctx, state, SEAL, holder, Span.TURN, turns, source=caster.id, rule="§11.1")
    return
    yield


# --- Black night -----------------------------------------------------------------------------------


def _night_check(state: CampaignState, caster: Character, target: str) -> None:
    near_tile(state, caster, target)


def _night(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Black night: the tile and all around it go dark for everyone but the wizard (§11.1).

    (house) The book gives no length: it lasts 1d6 turns. Adventurers inside are in darkness
    (`expedition.in_darkness`) unless night-stalkers; foes inside attack blind (advantage to
    defend).
    """
    pos = near_tile(state, caster, target)
    turns = roll_turns(ctx, caster, 6, "Black night: how long")
    add_lasting(ctx, state, NIGHT, tile_key(pos), span_now(state), turns, source=caster.id, rule="§11.1")
    return
    yield


# --- Arcane fire ------------------------------------------------------------------------------------


def _fire_check(state: CampaignState, caster: Character, target: str) -> None:
    near_tile(state, caster, target)


def _fire(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Arcane fire: the chosen tile and a second Nearby one burn until the fight ends (§11.1)."""
    first = near_tile(state, caster, target)
    others = [t for t in tiles_near(state, caster) if t != tile_key(first)]
    add_lasting(ctx, state, FIRE, tile_key(first), Span.FIGHT, source=caster.id, rule="§11.1")
    if not others:
        return
    second = yield Decision(
        kind="arcane_fire",
        owner=caster.id,
        prompt="Arcane fire: which second tile burns?",
        choices=tuple(Choice(t, t) for t in others),
        default=others[0],
        rule="§11.1",
    )
    if second not in others:
        raise IllegalAction(f"{second!r} is not a Nearby floor tile.")
    add_lasting(ctx, state, FIRE, second, Span.FIGHT, source=caster.id, rule="§11.1")


def burn_adventurer(ctx: Context, state: CampaignState, member: Character) -> Resolution[None]:
    """An adventurer starting a turn on a burning tile takes 2 reducible wounds (§11.1)."""
    combat = state.expedition.combat if state.expedition else None
    if combat is None or member.id not in combat.positions or unharmable(state, member.id):
        return
    if has_lasting(state, tile_key(combat.positions[member.id]), FIRE):
        yield from receive_wounds(
            ctx, member, FIRE_WOUNDS, armour=worn_armour(member), attack=False, rule="§11.1"
        )


def burn_foes(ctx: Context, state: CampaignState, combat: CombatState) -> None:
    """At each round's cleanup every conscious foe on a burning tile takes 2 reducible wounds (§11.1)."""
    for enemy in list(combat.conscious_foes):
        effect = lasting_on(state, tile_key(enemy.pos), FIRE)
        if effect:
            wound_foe(ctx, state, combat, enemy, FIRE_WOUNDS, by=effect[0].source, rule="§11.1")


# --- Pocket reality -----------------------------------------------------------------------------------

POCKET = "pocket_reality"
"""The house item a Pocket reality makes: a worn container of 3 weightless slots."""


def _pocket_check(state: CampaignState, caster: Character, target: str) -> None:
    if any(i.defn.key == POCKET for i in caster.items):
        raise IllegalAction(f"{caster.name} already has a pocket of folded space open.")


def _pocket(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Pocket reality: a 3-slot pouch whose contents weigh nothing, until the expedition ends (§11.1)."""
    defn = the_world(ctx.world).items[POCKET]
    item = Item.new(state.next_uid, defn)
    state.next_uid += 1
    put(ctx, caster, item, POCKET, rule="§11.1")
    add_lasting(ctx, state, f"spell:{POCKET}", caster.id, Span.EXPEDITION, value=item.uid, rule="§11.1")
    return
    yield


def close_pockets(ctx: Context, state: CampaignState) -> None:
    """The expedition ends: each pocket unfolds and what it held drops out (into no place) (§11.1)."""
    for effect in lasting_keyed(state, f"spell:{POCKET}"):
        member = next((c for c in state.party if c.id == effect.holder), None)
        pocket = (
            next((i for i in member.items if i.uid == effect.value and i.defn.key == POCKET), None)
            if member
            else None
        )
        if member is None or pocket is None:
            continue
        for item in member.items:
            if item.place == inside(pocket):
                item.place = ""
        member.items.remove(pocket)


SPELLS: dict[str, Effect] = {
    "haste": Effect(_haste, _haste_check, combat=True),
    "hover": Effect(_hover),
    "smoke_form": Effect(_smoke, combat=True, actions=2),
    "arcane_prison": Effect(_prison, _prison_check, combat=True),
    "arcane_seal": Effect(_seal, _seal_check, targets=_seal_targets),
    "black_night": Effect(_night, _night_check, targets=tiles_near),
    "arcane_fire": Effect(_fire, _fire_check, combat=True, targets=tiles_near),
    "pocket_reality": Effect(_pocket, _pocket_check),
}
"""Spells of this module, by key."""
