"""Provides utility spells of the Mystics and the Awakened, and Transmute (§11.1), some as house readings.

Magic mouth, Mystic ink and Mind fog speak of voices, hidden writing and memories the game does
not keep; each has a small playable reading marked "(house)". Every duration is a `Lasting`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.harm import receive_wounds
from expedition.rules.combat.combat_state import combat_of
from expedition.rules.core.attributes import Attr
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.distance import manhattan
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.judging import Outcome, outcome_of
from expedition.rules.core.lasting import Span, add_lasting, end_lasting, lasting_on
from expedition.rules.core.reach import CLOSE
from expedition.rules.core.rolls import available_dice
from expedition.rules.exploration.expedition import expedition_of
from expedition.rules.magic.fight_magic import foe, position, stun_foe
from expedition.rules.magic.magic_effects import Effect, in_combat, the_world
from expedition.rules.magic.spells.alchemy import brew, brewable, mixture
from expedition.rules.magic.spells.lasting_spells import near_tile
from expedition.rules.magic.warding import FOG, INK, TELEKINESIS, tile_key

if TYPE_CHECKING:
    from expedition.rules.character.adventurer import Character
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

FAR = 12
"""Far: 12 tiles (§16 #3)."""
FATE = "spell:weave_fate"
"""Kept fate dice: `text` holds their faces ("4,6"), `left` the hidden timer in ET."""
MOUTH = "spell:magic_mouth"
"""A mouth left on a tile; `text` is "shout" or "whisper"."""


def _where(state: CampaignState, caster: Character) -> tuple[int, int]:
    return position(state, caster.id) if in_combat(state) else expedition_of(state).position


# --- Magic mouth (house) ------------------------------------------------------------------------


def _mouth_check(state: CampaignState, caster: Character, target: str) -> None:
    near_tile(state, caster, target, FAR)


def _mouth(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """(house) Magic mouth: a mouth on a Far tile shouts or whispers.

    A shout in a fight draws every conscious foe within 2 tiles of the mouth to look at it: each
    takes 1 stun token, less its resistance. A whisper (or any mouth outside a fight) stays on its
    tile as a marker for the rest of the expedition, its words left to the players.
    """
    pos = near_tile(state, caster, target, FAR)
    voice = yield Decision(
        kind="magic_mouth",
        owner=caster.id,
        prompt="Should the mouth shout or whisper?",
        choices=(Choice("shout", "Shout"), Choice("whisper", "Whisper")),
        default="shout",
        rule="§11.1",
    )
    if voice not in ("shout", "whisper"):
        raise IllegalAction(f"{voice!r} is not a voice.")
    if voice == "shout" and in_combat(state):
        for enemy in combat_of(state).conscious_foes:
            if manhattan(enemy.pos, pos) <= 2:
                stun_foe(ctx, enemy, 1 - enemy.defn.resist, "Magic mouth", "§11.1")
        return
    add_lasting(ctx, state, MOUTH, tile_key(pos), Span.EXPEDITION, source=caster.id, text=voice, rule="§11.1")


# --- Arcane eye ----------------------------------------------------------------------------------


def _rooms_in_reach(state: CampaignState, caster: Character) -> list[str]:
    expedition = expedition_of(state)
    pos = _where(state, caster)
    return [
        f"room:{room.id}"
        for room in expedition.level.rooms
        if manhattan(pos, (room.x + room.w // 2, room.y + room.h // 2)) <= FAR
    ]


def _eye_check(state: CampaignState, caster: Character, target: str) -> None:
    if target not in _rooms_in_reach(state, caster):
        raise IllegalAction("Steer the eye to a room (room:<id>) up to Far away.")


def _eye(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Arcane eye: the eye floats into a room up to Far away; the map shows that room whole (§11.1).

    (house) The eye flies, looks and winks out the same turn, unharmed: nothing in an unseen room
    attacks it, so its 1 INT wound never comes up in play.
    """
    expedition = expedition_of(state)
    room = next(r for r in expedition.level.rooms if f"room:{r.id}" == target)
    seen = expedition.seen.setdefault(expedition.depth, set())
    before = len(seen)
    seen |= {
        (x, y)
        for y in range(room.y - 1, room.y + room.h + 1)
        for x in range(room.x - 1, room.x + room.w + 1)
        if expedition.level.in_bounds((x, y))
    }
    ctx.emit(RoomSeenByEye(rule="§11.1", character=caster.id, room=room.id, tiles=len(seen) - before))
    return
    yield


# --- Mind fog (house) ----------------------------------------------------------------------------


def _fog_check(state: CampaignState, caster: Character, target: str) -> None:
    foe(state, caster.id, target, CLOSE)


def _fog(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """(house) Mind fog: a Close foe loses hold of the fight for 1d4 rounds (the GM's roll).

    It keeps forgetting whom it fights: its attacks are made blind (the defender has advantage).
    """
    (rounds,) = ctx.roll(1, 4, who="gm", why="Mind fog: how long (secret)", rule="§11.1")
    add_lasting(ctx, state, FOG, target, Span.ROUND, rounds, source=caster.id, rule="§11.1")
    return
    yield


# --- Weave fate ----------------------------------------------------------------------------------


def _fate_check(state: CampaignState, caster: Character, target: str) -> None:
    if available_dice(caster, Attr.INT) < 1:
        raise IllegalAction(f"{caster.name} has no INT dice to weave.")
    if lasting_on(state, caster.id, FATE):
        raise IllegalAction(f"{caster.name} already holds woven fate.")


def _fate(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Weave fate: roll available INT dice and keep them for a hidden 2d6 ET (§11.1).

    (house) The kept dice are offered at the wizard's casting tests (`weave_into`).
    """
    kept = ctx.roll(available_dice(caster, Attr.INT), who=caster.id, why="Weave fate", rule="§11.1")
    timer = sum(ctx.roll(2, 6, who="gm", why="Weave fate: the hidden timer", rule="§11.1"))
    add_lasting(
        ctx,
        state,
        FATE,
        caster.id,
        Span.TURN,
        timer,
        source=caster.id,
        text=",".join(map(str, kept)),
        value=len(kept),
        rule="§11.1",
    )
    return
    yield


def kept_fate(state: CampaignState, holder: str) -> list[int]:
    """The woven dice `holder` still keeps."""
    effects = lasting_on(state, holder, FATE)
    return [int(f) for f in effects[0].text.split(",") if f] if effects else []


def weave_into(
    ctx: Context, state: CampaignState, caster: Character, faces: tuple[int, ...], outcome: Outcome
) -> Resolution[Outcome]:
    """(house) At a casting test that did not succeed, offer a kept die in place of the lowest face.

    Returns:
        The outcome after the swap, or `outcome` when declined or nothing is kept.
    """
    kept = kept_fate(state, caster.id)
    if outcome.succeeded or not kept or not faces:
        return outcome
    key = yield Decision(
        kind="weave_fate",
        owner=caster.id,
        prompt=f"Put a woven die in place of a {min(faces)}?",
        choices=(
            *(Choice(f"die:{f}", f"Use the kept {f}") for f in sorted(set(kept))),
            Choice("pass", "Keep it"),
        ),
        default=f"die:{max(kept)}" if max(kept) > min(faces) else "pass",
        rule="§11.1",
    )
    if key == "pass":
        return outcome
    face = int(key.partition(":")[2])
    if face not in kept:
        raise IllegalAction(f"No kept die shows {face}.")
    kept.remove(face)
    rest = list(faces)
    rest.remove(min(rest))
    new = outcome_of((*rest, face))
    effect = lasting_on(state, caster.id, FATE)[0]
    effect.text, effect.value = ",".join(map(str, kept)), len(kept)
    ctx.emit(FateWoven(rule="§11.1", character=caster.id, face=face, outcome=new.value))
    if not kept:
        end_lasting(ctx, state, effect, "used", rule="§11.1")
    return new


def fate_runs_out(ctx: Context, state: CampaignState) -> Resolution[None]:
    """Before an ET ticks: woven fate about to run out costs 1 INT wound per unused die (§11.1)."""
    for effect in [e for e in state.lasting if e.key == FATE and e.left <= 1 and e.value]:
        member = next((c for c in state.party if c.id == effect.holder), None)
        end_lasting(ctx, state, effect, "expired", rule="§11.1")
        if member is not None:
            yield from receive_wounds(
                ctx, member, effect.value, named=Attr.INT, unreducible=True, attack=False, rule="§11.1"
            )


# --- Mystic ink (house) --------------------------------------------------------------------------


def _ink(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """(house) Mystic ink: a glowing mark on the wizard's tile for the rest of the expedition.

    A wizard who knows the spell sees by it within Close (not in darkness there); others see nothing.
    """
    add_lasting(
        ctx, state, INK, tile_key(_where(state, caster)), Span.EXPEDITION, source=caster.id, rule="§11.1"
    )
    return
    yield


# --- Telekinesis ----------------------------------------------------------------------------------


def _telekinesis(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Telekinesis: this round the wizard may swing a weapon with INT in place of STR (§11.1).

    (house) Pushing and pulling objects is left to the GM's narration; the weapon use is modelled.
    """
    add_lasting(ctx, state, TELEKINESIS, caster.id, Span.ROUND, 1, source=caster.id, rule="§11.1")
    return
    yield


# --- Transmute ------------------------------------------------------------------------------------


def _transmute_targets(state: CampaignState, caster: Character) -> list[str]:

    return brewable(caster)


def _transmute_check(state: CampaignState, caster: Character, target: str) -> None:

    mixture(caster, target)


def _transmute(ctx: Context, state: CampaignState, caster: Character, target: str) -> Resolution[None]:
    """Transmute: blend carried extracts into the tonic `target` names (§11.1 Alchemy rules)."""
    brew(ctx, caster, target, the_world(ctx.world).items, state.next_uid, rule="§11.1")
    state.next_uid += 1
    return
    yield


MARVELS: dict[str, Effect] = {
    "magic_mouth": Effect(_mouth, _mouth_check),
    "arcane_eye": Effect(_eye, _eye_check, combat=False, targets=_rooms_in_reach),
    "mind_fog": Effect(_fog, _fog_check, combat=True),
    "weave_fate": Effect(_fate, _fate_check),
    "mystic_ink": Effect(_ink, combat=False),
    "telekinesis": Effect(_telekinesis, combat=True),
    "transmute": Effect(_transmute, _transmute_check, actions=2, targets=_transmute_targets),
}
"""Spells of this module, by key (merged into `spell_wonders.SPELLS`)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomSeenByEye(Event):
    """An Arcane eye showed a room; `tiles` were new to the map."""

    character: str
    room: int
    tiles: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FateWoven(Event):
    """A kept Weave fate die stood in for a rolled one; `outcome` is the test's new outcome."""

    character: str
    face: int
    outcome: str
