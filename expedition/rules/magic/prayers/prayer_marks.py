"""Provides the marks prayers leave and the small hooks other rules ask about them (§11.2).

Every duration is a `Lasting` (rules/core/lasting.py). A few rules that see only a character (dice
counting, death) read a mirror of it in `Character.magic.effects` ("prayer:euphoria"), which the
prayer adds and the lasting's end removes. Everything else asks the functions here with the
campaign state: lost actions, sealed tiles, silenced tiles, INT attacks barred, the party's swarm.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Status
from expedition.rules.character.mortal_wounds import DEATH_DEFERRED, die
from expedition.rules.character.recovery import heal_wound
from expedition.rules.combat.beasts import PET
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.core.attributes import Attr
from expedition.rules.core.distance import Pos, chebyshev, manhattan
from expedition.rules.core.events import Event
from expedition.rules.core.lasting import ON_END, Lasting, end_lasting, has_lasting, lasting_keyed, lasting_on
from expedition.rules.core.rolls import EXTRA_DICE, ROLL_BEGINS, UNHURT

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.combat.combat_state import CombatState, Foe
    from expedition.rules.core.context import Context
    from expedition.rules.engine.campaign import CampaignState

EUPHORIA = "prayer:euphoria"
"""Mirror: counts dice as if unhurt (`rolls.UNHURT`)."""
FURY = "prayer:righteous_fury"
"""Mirror: 3 more dice on the next roll (`rolls.EXTRA_DICE`)."""
FURY_DAMAGE = "prayer:righteous_fury:damage"
"""Mirror: the roll just made with Righteous Fury deals 1 more wound (attacking)."""
GRACE = "prayer:borrowed_time"
"""Mirror: cannot die (`mortal_wounds.DEATH_DEFERRED`)."""
OWED = "prayer:borrowed_time:owed"
"""Mirror: death came during Borrowed Time and waits for the grace to end."""
HOLD = "prayer:hold"
HYPERFOCUS = "prayer:hyperfocus"
ENTROPY = "prayer:entropy"
IGNORANCE = "prayer:ignorance"
SEAL = "prayer:seal"
SILENCE = "prayer:silence"
SWARM = "prayer:swarm"
DIRGE = "prayer:dirge"
NEARBY_TILES = 6
"""Nearby is 6 tiles (§16 #3)."""


def tile_key(pos: Pos) -> str:
    """A tile as a lasting's holder ("x,y")."""
    return f"{pos[0]},{pos[1]}"


def parse_tile(text: str) -> Pos | None:
    """The tile "x,y" names, or None for anything else."""
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        return None
    return int(parts[0]), int(parts[1])


def mirror(member: Character, mark: str, on: bool) -> None:
    """Add or remove a mirror mark on a character."""
    if on and mark not in member.magic.effects:
        member.magic.effects.append(mark)
    elif not on and mark in member.magic.effects:
        member.magic.effects.remove(mark)


def spend_fury(member: Character, fury: bool) -> None:
    """A roll begins: an older roll's Fury wound is gone; this roll's Fury dice are used (§11.2)."""
    mirror(member, FURY_DAMAGE, False)
    if fury:
        mirror(member, FURY, False)
        mirror(member, FURY_DAMAGE, True)


@UNHURT.register
def _euphoric(member: Character) -> bool:
    """Euphoria: the dice are counted as if unhurt (§11.2)."""
    return EUPHORIA in member.magic.effects


@EXTRA_DICE.register
def _fury_dice(member: Character) -> int:
    """Righteous Fury: 3 more dice on the next roll (§11.2)."""
    return 3 if FURY in member.magic.effects else 0


@ROLL_BEGINS.register
def _fury_spent(member: Character) -> None:
    spend_fury(member, FURY in member.magic.effects)


def fury_wound(member: Character) -> int:
    """1 when the roll just made was Righteous Fury's: its damage is one wound higher (§11.2)."""
    if FURY_DAMAGE not in member.magic.effects:
        return 0
    mirror(member, FURY_DAMAGE, False)
    return 1


# --- actions (Hold, Hyperfocus, Entropy) -------------------------------------------------------------


def foe_actions(ctx: Context, state: CampaignState, combat: CombatState, foe: Foe, actions: int) -> int:
    """A foe's actions this turn: none while Held; one fewer per action Entropy took (§11.2)."""
    if foe.uid in combat.held:
        return 0
    return max(0, actions - give_up(ctx, state, foe.uid))


def give_up(ctx: Context, state: CampaignState, who: str) -> int:
    """Actions `who` gave up to Entropy, taken from the turn starting now (the mark is used up)."""
    lost = sum(effect.value for effect in lasting_on(state, who, ENTROPY))
    for effect in lasting_on(state, who, ENTROPY):
        end_lasting(ctx, state, effect, "used", rule="§11.2")
    return lost


def _unhold(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    combat = state.expedition.combat if state.expedition else None
    if combat is not None:
        combat.held.discard(effect.holder)


def _unfocus(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    combat = state.expedition.combat if state.expedition else None
    if combat is not None:
        combat.hyperfocus.discard(effect.holder)


# --- places (Seal, Silence) --------------------------------------------------------------------------


def sealed(state: CampaignState, foe: Foe) -> set[Pos]:
    """Tiles an undead foe may not enter: the lines of Seal (§11.2)."""
    if EnemyTag.UNDEAD not in foe.defn.tags:
        return set()
    return {pos for e in lasting_keyed(state, SEAL) if (pos := parse_tile(e.holder)) is not None}


def silenced(state: CampaignState, pos: Pos) -> bool:
    """True when `pos` lies in a silence: the chosen tile and every tile around it (HOUSE §11.2)."""
    for effect in lasting_keyed(state, SILENCE):
        centre = parse_tile(effect.holder)
        if centre is not None and chebyshev(centre, pos) <= 1:
            return True
    return False


def bars_int(state: CampaignState, who: str) -> bool:
    """True while Ignorance bars `who` from attacks based on INT (§11.2)."""
    return has_lasting(state, who, IGNORANCE)


def int_attack(attrs: tuple[Attr, ...]) -> bool:
    """True for an attack tested with INT."""
    return Attr.INT in attrs


# --- the party's swarm ----------------------------------------------------------------------------


def on_our_side(state: CampaignState, foe: Foe) -> bool:
    """True for a creature fighting for the party (Swarm, §11.2; a Beastmaster's hound, §6.1)."""
    return has_lasting(state, foe.uid, SWARM) or has_lasting(state, foe.uid, PET)


def hostile(state: CampaignState, combat: CombatState) -> list[Foe]:
    """Conscious foes that fight the party (not its summoned allies)."""
    return [f for f in combat.conscious_foes if not on_our_side(state, f)]


# --- Dirge ------------------------------------------------------------------------------------------


def foe_fell(ctx: Context, state: CampaignState, foe: Foe) -> None:
    """A foe dropped: if Dirge marked it, every living creature Nearby heals 2 wounds (§11.2).

    House: adventurers heal their most wounded attributes (no choice mid-blow).
    """
    marks = lasting_on(state, foe.uid, DIRGE)
    if not marks:
        return

    combat = state.expedition.combat if state.expedition else None
    for effect in marks:
        end_lasting(ctx, state, effect, "the marked one died", rule="§11.2")
    if combat is None:
        return
    ctx.emit(DirgeSung(rule="§11.2", foe=foe.uid))
    for member in state.party:
        pos = combat.positions.get(member.id)
        if pos is None or member.status is Status.DEAD or manhattan(pos, foe.pos) > NEARBY_TILES:
            continue
        for _ in range(2):
            worst = max(Attr, key=lambda a: member[a].wounds)
            if member[worst].wounds:
                heal_wound(ctx, member, worst, rule="§11.2")
    for other in combat.conscious_foes:
        if other.defn.living and other.wounds and manhattan(other.pos, foe.pos) <= NEARBY_TILES:
            healed = min(2, other.wounds)
            other.wounds -= healed
            ctx.emit(DirgeHealedFoe(rule="§11.2", foe=other.uid, wounds=healed))


# --- Borrowed Time ---------------------------------------------------------------------------------


@DEATH_DEFERRED.register
def death_deferred(ctx: Context, character: Character, cause: str) -> bool:
    """Under Borrowed Time death waits: the character stays mortally wounded (§11.2). True if so."""
    if GRACE not in character.magic.effects:
        return False
    character.status = Status.MORTALLY_WOUNDED
    mirror(character, OWED, True)
    ctx.emit(DeathDeferred(rule="§11.2", character=character.id, cause=cause))
    return True


def _grace_ends(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    """The grace is over: someone still mortally wounded whose death waited dies now (§11.2, house)."""
    # Imported here: mortal_wounds imports this module for `death_deferred` (until it asks a hook instead).

    member = next((m for m in state.party if m.id == effect.holder), None)
    if member is None:
        return
    mirror(member, GRACE, False)
    owed = OWED in member.magic.effects
    mirror(member, OWED, False)
    if owed and member.status is Status.MORTALLY_WOUNDED:
        die(ctx, member, cause="borrowed time ran out", rule="§11.2")


def _euphoria_ends(ctx: Context, state: CampaignState, effect: Lasting) -> None:
    member = next((m for m in state.party if m.id == effect.holder), None)
    if member is not None:
        mirror(member, EUPHORIA, False)


ON_END[HOLD] = _unhold
ON_END[HYPERFOCUS] = _unfocus
ON_END[GRACE] = _grace_ends
ON_END[EUPHORIA] = _euphoria_ends


# --- events -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DeathDeferred(Event):
    """Borrowed Time kept a character from dying: they stay mortally wounded while it lasts."""

    character: str
    cause: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DirgeSung(Event):
    """A foe marked by Dirge died: the living around it heal."""

    foe: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DirgeHealedFoe(Event):
    """Dirge healed a living foe Nearby."""

    foe: str
    wounds: int
