"""Provides what the expedition screen draws in a fight: the map's figures, the initiative strip and the foes.

Everything here reads the rules' `CombatState` (§10.2) and returns plain data or Rich text; the
screen and `CombatPanel` only show it. Adventurers are numbered as the 1-4 keys pick them, foes
are drawn with their name's initial, and every state (wounded, stunned, fleeing, down) is said in
words or glyphs, never by colour alone.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text

from expedition.rules.character.adventurer import Character, Tokens
from expedition.rules.combat.combat_state import CombatPhase, CombatState, Foe, on_map
from expedition.rules.core.distance import manhattan
from expedition.rules.core.lasting import labels
from expedition.rules.core.wording import plural
from expedition.rules.engine.campaign import CampaignState
from expedition.rules.exploration.expedition import ExpeditionState
from expedition.rules.exploration.sight import visible_from
from expedition.rules.magic.prayers.prayer_marks import on_our_side
from expedition.ui.widgets.tile_map import MapView, Marker, Pos

SHIELD, DODGE, STUN = "◆", "◇", "✷"
"""Token glyphs: shield, dodge, stun (§10.2.4)."""
TOKEN_LEGEND = f"{SHIELD} shield {DODGE} dodge {STUN} stun"
"""The token glyphs in words, for help and the panel."""
PHASE_WORDS = {CombatPhase.FAST: "fast", CombatPhase.ENEMIES: "enemies", CombatPhase.SLOW: "slow"}
"""The round's phases as the strip names them."""


def tokens_text(tokens: Tokens) -> str:
    """Tokens as glyphs with counts ("◆2 ✷1"); "" when there are none."""
    parts = [
        f"{glyph}{count}"
        for glyph, count in ((SHIELD, tokens.shield), (DODGE, tokens.dodge), (STUN, tokens.stun))
        if count
    ]
    return " ".join(parts)


def foe_glyph(foe: Foe) -> str:
    """The foe's letter on the map: its name's initial, lower case once wounded."""
    letter = (foe.name[:1] or "E").upper()
    return letter.lower() if foe.wounds else letter


def foe_names(combat: CombatState) -> dict[str, str]:
    """Each foe's display name by uid: its name, numbered when several share it ("Goblin 2")."""
    return combat.foe_names()


def foe_states(foe: Foe, state: CampaignState | None = None) -> list[str]:
    """The foe's state in words: down, fled, fleeing, wounded, stunned, bleeding, then lasting effects."""
    if foe.out:
        return ["down"]
    if foe.fled:
        return ["fled"]
    states = []
    if state is not None and on_our_side(state, foe):
        states.append("fights for the party")
    if foe.fleeing:
        states.append("fleeing")
    if foe.wounds:
        states.append("wounded")
    if foe.tokens.stun:
        states.append("stunned")
    if foe.bleeding:
        states.append("bleeding")
    if state is not None:
        states += labels(state, foe.uid)
    return states


def number_of(state: CampaignState, who: str) -> str:
    """An adventurer's number in the party (the 1-4 key that picks them), "?" if not in it."""
    for index, member in enumerate(state.party):
        if member.id == who:
            return str(index + 1)
    return "?"


def combat_map_view(
    state: CampaignState,
    expedition: ExpeditionState,
    combat: CombatState,
    base: MapView,
    actor: str,
    *,
    highlight: frozenset[Pos] = frozenset(),
    cursor: Pos | None = None,
) -> MapView:
    """The map in a fight: every adventurer's sight, the adventurers by number and the foes by letter.

    Args:
        state: The campaign.
        expedition: The expedition (its level is drawn).
        combat: The fight.
        base: The exploration view to start from (terrain, memory, loot, traps).
        actor: The acting adventurer, drawn on the party's layer ("" for none).
        highlight: Tiles to mark as reachable.
        cursor: The destination being chosen.
    """
    level = expedition.level
    members = on_map(state, combat)
    visible = set(base.visible)
    for member in members:
        visible |= visible_from(level, combat.positions[member.id], 6)
    markers: dict[Pos, Marker] = {
        pos: marker for pos, marker in base.markers.items() if marker.kind != "enemy"
    }
    for foe in combat.foes:
        if foe.fled:
            continue
        shown = ", ".join(foe_states(foe, state)) or "unhurt"
        label = f"{foe.name} ({shown}, {foe.wounds}/{foe.defn.wounds} wounds)"
        if foe.out:
            markers.setdefault(foe.pos, Marker("corpse", "%", label))
        else:
            markers[foe.pos] = Marker("enemy", foe_glyph(foe), label)
    party = base.party
    for member in members:
        pos = combat.positions[member.id]
        kind = "party" if member.id == actor else "ally"
        markers[pos] = Marker(kind, number_of(state, member.id), member.name)
        if member.id == actor:
            party = pos
    if not actor and members:
        # Nobody of this seat acts: park the party's "@" on an adventurer drawn by number anyway.
        party = combat.positions[members[0].id]
        markers[party] = Marker("party", number_of(state, members[0].id), members[0].name)
    frozen = frozenset(visible)
    return replace(
        base,
        visible=frozen,
        seen=base.seen | frozen,
        party=party,
        markers=markers,
        highlight=highlight,
        cursor=cursor,
    )


def _short(foe: Foe, names: dict[str, str]) -> str:
    """A foe in the strip: its letter, and its number when several share the name ("G2")."""
    last = names.get(foe.uid, foe.name).rsplit(" ", 1)[-1]
    return foe_glyph(foe) + (last if last.isdigit() else "")


def _entry(state: CampaignState, combat: CombatState, who: str, names: dict[str, str]) -> Text:
    member = next((m for m in state.party if m.id == who), None)
    text = Text()
    if member is None:  # dead and gone from the party
        text.append(f" {names.get(who, who)} †", style="dim strike")
    elif who == combat.active:
        text.append(f"▶{number_of(state, who)} {member.name}", style="bold reverse")
        left = combat.actions_left
        text.append(f" {plural(left, 'action')} left", style="bold")
    elif who in combat.fled:
        text.append(f" {number_of(state, who)} {member.name} (fled)", style="dim")
    elif who in combat.done or not member.can_act:
        mark = "✓" if member.can_act else "✗"
        text.append(f" {number_of(state, who)} {member.name} {mark}", style="dim")
    else:
        text.append(f" {number_of(state, who)} {member.name}")
    return text


def initiative_text(state: CampaignState, combat: CombatState, names: dict[str, str]) -> Text:
    """The initiative strip: the round, then fast, enemies and slow with the phase being played marked ▸.

    An adventurer whose turn is under way shows ▶ and the actions left, one done with their turn ✓,
    one who cannot act ✗.
    """
    text = Text(f"Round {combat.round}", style="bold")
    if combat.ambush:
        text.append(" · ambush")
    if combat.surprised:
        text.append(" · surprised")
    rows: list[tuple[CombatPhase, list[Text]]] = [
        (CombatPhase.FAST, [_entry(state, combat, who, names) for who in combat.fast]),
        (CombatPhase.ENEMIES, [Text(f" {_short(foe, names)}") for foe in combat.conscious_foes]),
        (CombatPhase.SLOW, [_entry(state, combat, who, names) for who in combat.slow]),
    ]
    for phase, entries in rows:
        current = phase is combat.phase
        text.append("\n")
        text.append(f"{'▸' if current else ' '}{PHASE_WORDS[phase]:<7}", style="bold" if current else "")
        if not entries:
            text.append(" nobody", style="dim italic")
        for entry in entries:
            text.append_text(entry)
    return text


def foe_line(foe: Foe, actor_pos: Pos | None, name: str = "", state: CampaignState | None = None) -> Text:
    """One foe on two lines: letter, name, wounds against W and armour; then tokens, state and distance."""
    text = Text()
    gone = not foe.conscious
    text.append(f"{foe_glyph(foe) if not gone else '%' if foe.out else ' '} ", style="bold")
    text.append(name or foe.name, style="strike" if gone else "")
    text.append(f"  {foe.wounds}/{foe.defn.wounds}W")
    if foe.defn.armour:
        text.append(f" AP{foe.working_ap}")
    text.append("\n  ")
    tokens = tokens_text(foe.tokens)
    if tokens:
        text.append(f"{tokens} ")
    states = foe_states(foe, state)
    text.append(", ".join(states) or "unhurt", style="italic")
    if actor_pos is not None and foe.conscious:
        distance = manhattan(actor_pos, foe.pos)
        text.append(f" · {plural(distance, 'tile')} away", style="dim")
    return text


def foes_text(
    combat: CombatState, actor_pos: Pos | None, names: dict[str, str], state: CampaignState | None = None
) -> Text:
    """Every foe of the fight, one per line, in placing order."""
    text = Text()
    for index, foe in enumerate(combat.foes):
        if index:
            text.append("\n")
        text.append_text(foe_line(foe, actor_pos, names.get(foe.uid, ""), state))
    return text


def member_tokens(member: Character) -> str:
    """An adventurer's tokens as glyphs, "" for none (shown on their party card)."""
    return tokens_text(member.tokens)
