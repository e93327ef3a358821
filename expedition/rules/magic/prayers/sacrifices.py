"""Provides the angry god's sacrifices made while exploring (§5.7.4), Cador's captive and Kaal Rafir's plague.

A critical failure on a prayer angers the god until the sacrifice (§11.2). Made while exploring
with `MakeSacrifice` (1 ET, house):

- Yulak: 2 wounds on the cleric and Bleeding.
- Akhzu: 2 rations buried (used up).
- Cador (house reading of "capture an undead, then kill it in the ritual"): when a fight is won
  and an undead foe was knocked out, an angry cleric of Cador may bind it (`bind_undead`, called
  as the fight ends); the party then keeps a captive (the lasting effect "captive:undead" on the
  party, until the expedition ends). The sacrifice kills it in the ritual.

Goshkalon's burnt teeth and Kaal Rafir's prayer are camp actions (`camp_sacrifices`).

Kaal Rafir needs no sacrifice, but while he is angry the whole party takes 2 PRE fatigue that
cannot wound (`plague_party`). House reading of the book's unclear timing: once as he is angered,
and again at each camp set up while he stays angry (before anyone can pray there). Non-lethal
(house): only the points that fit as fatigue are taken; none that would turn into a wound (a
full attribute, or Plagued, which takes fatigue as wounds), and none that would make anyone faint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from expedition.rules.character.adventurer import Character
from expedition.rules.character.harm import place_wounds, take_fatigue
from expedition.rules.combat.enemies.enemy_defs import EnemyTag
from expedition.rules.core.actions import Action
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction, gain_affliction
from expedition.rules.core.decisions import Choice, Decision
from expedition.rules.core.errors import IllegalAction
from expedition.rules.core.events import Event
from expedition.rules.core.lasting import PARTY, Span, add_lasting, end_lasting, lasting_on
from expedition.rules.core.skills import Trait
from expedition.rules.exploration.exploration_turn import exploration_turn
from expedition.rules.exploration.surroundings import exploring
from expedition.rules.items.usage import use_one
from expedition.rules.magic.magic_effects import magic_user

if TYPE_CHECKING:
    from expedition.rules.combat.combat_state import CombatState, Foe
    from expedition.rules.core.context import Context
    from expedition.rules.core.decisions import Resolution
    from expedition.rules.engine.campaign import CampaignState

__all__ = [
    "CAPTIVE",
    "CaptiveSacrificed",
    "GodAppeased",
    "MakeSacrifice",
    "PartyPlagued",
    "UndeadBound",
    "angry_clerics",
    "appease",
    "bind_undead",
    "make_sacrifice",
    "plague_party",
    "verify_sacrifice",
]

RULE = "§5.7.4"
CAPTIVE = "captive:undead"
"""The lasting effect on the party while it keeps an undead captive for Cador's ritual (house)."""
ELSEWHERE = {
    "goshkalon": "Goshkalon wants teeth burnt in a camp fire: make camp and light one.",
    "kaal_rafir": "Kaal Rafir wants no sacrifice: pray to him at camp to win his favour back.",
}
"""Gods whose sacrifice is made at camp, with where to go instead."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MakeSacrifice(Action):
    """Make the angry god's sacrifice (§5.7.4) while exploring: 1 ET (house); what each god takes is above."""


def appease(ctx: Context, cleric: Character, *, rule: str = "§5.7.4") -> None:
    """The god's favour returns (camp rules call this for Kaal Rafir's prayer at camp)."""
    if cleric.magic.god_angry:
        cleric.magic.god_angry = False
        ctx.emit(GodAppeased(rule=rule, character=cleric.id, god=cleric.magic.calling))


def angry_clerics(state: CampaignState, god: str) -> list[Character]:
    """Living clerics of `god` whose god is angry."""
    return [
        m
        for m in state.living
        if Trait.DIVINE_MANDATE in m.traits and m.magic.calling == god and m.magic.god_angry
    ]


def _rations(cleric: Character) -> int:
    return sum(i.quantity for i in cleric.items if i.defn.key == "ration")


def verify_sacrifice(state: CampaignState, action: MakeSacrifice) -> None:
    """Raise unless the cleric can make the angry god's sacrifice here and now (§5.7.4)."""
    exploring(state)
    cleric = magic_user(
        state,
        action,
        trait=Trait.DIVINE_MANDATE,
        doing="Sacrifices are made",
        refusal="is no cleric: there is no god to appease.",
    )
    if not cleric.magic.god_angry:
        raise IllegalAction(f"{cleric.name}'s god is not angry.")
    god = cleric.magic.calling
    if god in ELSEWHERE:
        raise IllegalAction(ELSEWHERE[god])
    if god == "akhzu" and _rations(cleric) < 2:
        raise IllegalAction("Akhzu wants 2 rations buried; carry them first.")
    if god == "cador" and not lasting_on(state, PARTY, CAPTIVE):
        raise IllegalAction("Cador wants an undead slain in his rite: beat one, knock it out and bind it.")
    if god not in ("yulak", "akhzu", "cador"):
        raise IllegalAction("No sacrifice is known for that god.")


def make_sacrifice(ctx: Context, state: CampaignState, action: MakeSacrifice) -> Resolution[None]:
    """Make the sacrifice (1 ET, house); the god's favour returns (§5.7.4).

    Yulak: 2 wounds and Bleeding. Akhzu: 2 rations used up. Cador: the bound captive is slain.
    """
    cleric = state.character(action.actor)
    god = cleric.magic.calling
    if god == "yulak":
        yield from place_wounds(ctx, cleric, 2, rule=RULE)
        gain_affliction(ctx, cleric, Affliction.BLEEDING, rule=RULE)
    elif god == "akhzu":
        for _ in range(2):
            ration = next(i for i in cleric.items if i.defn.key == "ration")
            use_one(ctx, cleric, ration, rule=RULE)
    else:
        captive = lasting_on(state, PARTY, CAPTIVE)[0]
        end_lasting(ctx, state, captive, "slain in the rite", rule=RULE)
        ctx.emit(CaptiveSacrificed(rule=RULE, character=cleric.id, name=captive.text))
    appease(ctx, cleric, rule=RULE)
    yield from exploration_turn(ctx, state)


# --- Cador's captive ------------------------------------------------------------------------------


def _bindable(combat: CombatState) -> list[Foe]:
    return [f for f in combat.foes if f.out and not f.fled and EnemyTag.UNDEAD in f.defn.tags]


def bind_undead(ctx: Context, state: CampaignState, combat: CombatState) -> Resolution[None]:
    """After a won fight, an angry cleric of Cador may bind a knocked-out undead (house reading, §5.7.4).

    Asks the cleric (decision "bind_undead": a foe's uid, or "no"; default the first undead).
    Nothing happens when the party already keeps a captive, or no such cleric or undead is there.
    """
    clerics = angry_clerics(state, "cador")
    foes = _bindable(combat)
    if not clerics or not foes or lasting_on(state, PARTY, CAPTIVE):
        return
    cleric = clerics[0]
    choices = tuple(Choice(f.uid, f"Bind the {f.name} for Cador's rite") for f in foes)
    key = yield Decision(
        kind="bind_undead",
        owner=cleric.id,
        prompt="Bind a fallen undead, to slay it in Cador's rite later?",
        choices=(*choices, Choice("no", "Leave it")),
        default=foes[0].uid,
        rule=RULE,
    )
    foe = next((f for f in foes if f.uid == key), None)
    if foe is None:
        return
    add_lasting(ctx, state, CAPTIVE, PARTY, Span.EXPEDITION, source=cleric.id, text=foe.name, rule=RULE)
    ctx.emit(UndeadBound(rule=RULE, character=cleric.id, foe=foe.uid, name=foe.name))


# --- Kaal Rafir's plague ----------------------------------------------------------------------------


def plague_party(ctx: Context, state: CampaignState, *, rule: str = RULE) -> None:
    """While Kaal Rafir is angry, everyone takes 2 PRE fatigue, never as a wound (§5.7.4, house)."""
    if not angry_clerics(state, "kaal_rafir"):
        return
    ctx.emit(PartyPlagued(rule=rule, god="kaal_rafir"))
    for member in state.living:
        room = 0 if member.has(Affliction.PLAGUED) else max(member[Attr.PRE].available, 0)
        if room:
            take_fatigue(ctx, member, Attr.PRE, min(2, room), rule=rule)


# --- events ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class GodAppeased(Event):
    """The sacrifice won the god's favour back."""

    character: str
    god: str


@dataclass(frozen=True, slots=True, kw_only=True)
class UndeadBound(Event):
    """A cleric bound a fallen undead to slay it in the god's rite later (house)."""

    character: str
    foe: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CaptiveSacrificed(Event):
    """The party's bound undead was slain in the rite (house)."""

    character: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PartyPlagued(Event):
    """An angry god's plague falls on the whole party (Kaal Rafir)."""

    god: str
