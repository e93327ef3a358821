"""Provides how the sensible bot spends an interlude: heal, sell its finds, shop, sleep under a roof, set out.

Each day every adventurer who can act announces one thing: tend their wounds (or rest them off),
sell what they brought back, go shopping for the party's supplies, lay low while the settlement's
doom is up, or rest. Then the shoppers buy, everyone takes the best bed the party can pay for (the
inn, else a camp, else the streets, which raise the settlement's doom), and the day ends; a spare
ration goes to whoever carries none. The party sets out once nobody is badly hurt (`HEALED`) and
nothing is left to sell or buy, at once when it cannot feed everyone tonight, or after `MAX_DAYS`.
When the table is offered a new adventurer in place of a fallen one, it takes them first.
"""

from __future__ import annotations

from dataclasses import replace

from expedition.bots.policy import acting, playable_of
from expedition.bots.sensible.memory import Memory, option_key
from expedition.bots.sensible.party_condition import carried, first, hurt
from expedition.rules.character.adventurer import Character, Status
from expedition.rules.core.item_defs import Tag
from expedition.session.seat_view import SeatOption, SeatView

__all__ = ["MAX_DAYS", "in_town"]

MAX_DAYS = 4
"""Days the party spends in town before it sets out whatever its state."""
SUPPLIES = (("ration", 3), ("torch", 1), ("camping", 1))
"""What the party keeps in its packs: rations for the dungeon and the nights in town (one each), light,
and a camping supply each, so a night in town need not be spent in the streets (which raise doom)."""
RESERVE = 2
"""Silver per adventurer kept back for beds when shopping."""
LAY_LOW_AT = 2
"""Settlement doom from which an adventurer with nothing better to do lays low."""
NEW = "new"
"""The target of the SetOut option for a new dungeon."""
BODY = ("str", "dex")
"""The attributes plain wound tending heals."""
HEALED = 2
"""Wounds on one adventurer (twice that on the party) worth waiting in town to heal. A scratch goes
back into the dungeon: each day in town costs every adventurer a ration and a bed, and rolls the
settlement's events (half of them bad, some raising its doom). Waiting for every last wound to heal
spent the party's silver in its first interlude, and it starved and slept in the streets after."""
RATION = "ration"
"""The name of the food a night in town eats (a special ration is kept for the dungeon)."""


def in_town(view: SeatView, memory: Memory) -> SeatOption | None:
    """The townsfolk's choice (see the module docstring).

    Each step reads only the kinds of options it weighs (`playable_of`): an adventurer's whole
    interlude list judges every market dealing and every gift, which the bot seldom wants.
    """
    interlude = view.state.interlude
    if interlude is None:
        return None
    recruit = next(iter(playable_of(view, frozenset({"NewRecruit"}))), None)
    if recruit is not None:  # a fallen adventurer's place is offered: a careful player fills it
        return recruit
    if interlude.arrival:
        return _feed(view) or _bed(view, memory) or _end_day(view, memory)
    if _ready(view, memory):
        return _insight(view, memory) or _set_out(view) or _feed(view) or _end_day(view, memory)
    return (
        _feed(view)
        or _plan(view, memory)
        or _shop(view, memory)
        or _bed(view, memory)
        or _end_day(view, memory)
    )


def _rations(member: Character) -> list[int]:
    """The uids of the plain rations `member` carries (what a night in town eats, §10.4.5)."""
    return [item.uid for item in member.items if item.name.lower() == RATION]


def _feed(view: SeatView) -> SeatOption | None:
    """Hand a spare ration to an adventurer who carries none, when the stash cannot feed them.

    In town each adventurer eats a ration they carry, else one from the stash (§10.4.5), and a
    hungry one's wounds do not heal. The shopper carries what it bought: before, the others went
    hungry beside a full pack, stayed hurt, and the hunger rolled on the decay table.
    """
    living = [m for m in view.state.party if m.status is not Status.DEAD]
    stored = sum(item.quantity for item in view.state.stash if item.name.lower() == RATION)
    unfed = [m.id for m in living if not _rations(m)][stored:]
    spare = {uid: m.id for m in living if len(_rations(m)) >= 2 for uid in _rations(m)}
    if not unfed or not spare:
        return None
    for option in playable_of(view, frozenset({"GiveItem"}), tuple(spare.values())):
        if option.arg("to") in unfed and option.arg("item") in spare:
            return option
    return None


def _ready(view: SeatView, memory: Memory) -> bool:
    if memory.town_days >= MAX_DAYS or _unfed(view):
        return True
    return not (hurt(view, limit=HEALED) or _treasure(view) or _short(view))


def _unfed(view: SeatView) -> bool:
    """Tonight someone eats nothing, and the party cannot buy more food.

    A hungry wound does not heal (§10.4.5): another day in town would only cost a bed and roll the
    settlement's events.
    """
    living = [m for m in view.state.party if m.status is not Status.DEAD]
    food = sum(len(_rations(m)) for m in living)
    food += sum(item.quantity for item in view.state.stash if item.name.lower() == RATION)
    return food < len(living) and view.state.silver < RESERVE * len(living)


def _treasure(view: SeatView) -> bool:
    return any(_for_sale(member) for member in view.state.party if member.can_act)


def _for_sale(member: Character) -> list[int]:
    return [item.uid for item in member.items if Tag.TREASURE in item.defn.tags and not item.wielded][:3]


def _short(view: SeatView) -> list[str]:
    """The supplies the party lacks, can pay for, and has not found out of stock this interlude."""
    party = len(view.state.party)
    if view.state.silver < RESERVE * party + 2:
        return []
    return [
        word for word, each in SUPPLIES if carried(view, word) < each * party and not _sold_out(view, word)
    ]


def _sold_out(view: SeatView, word: str) -> bool:
    """Every ware of this kind asked for this interlude was out of stock (none is waited for)."""
    interlude = view.state.interlude
    asked = [found for key, found in (interlude.stock.items() if interlude else ()) if word in key]
    return bool(asked) and not any(asked)


def _today(view: SeatView, what: str, actor: str) -> str:
    interlude = view.state.interlude
    return option_key("town", what, interlude.day if interlude is not None else 0, actor)


def _plan(view: SeatView, memory: Memory) -> SeatOption | None:
    members = {m.id: m for m in view.state.party}
    doom = _doom(view)
    shopper = any(key.startswith(option_key("town", "plan", _day(view))) and key.endswith("shop")
                  for key in memory.done)  # fmt: skip
    for actor in acting(view):
        key = _today(view, "plan", actor)
        if actor not in members or key in memory.done:
            continue
        offered = {str(o.target): o for o in playable_of(view, frozenset({"PlanDay"}), (actor,))}
        if not offered:  # nothing to plan today: not a day's plan of theirs passed over
            continue
        member = members[actor]
        hurt_in = {str(a).lower(): m.wounds for a, m in member.attrs.items()}
        choice: SeatOption | None = None
        if any(hurt_in.get(a, 0) for a in BODY):
            choice = offered.get("tend_wounds:witch_doctor") if sum(hurt_in.values()) >= 3 else None
            choice = choice or offered.get("tend_wounds:")
        elif hurt_in.get("int", 0):
            choice = offered.get("rest:bucolic") or offered.get("tend_wounds:time")
        elif hurt_in.get("pre", 0):
            choice = offered.get("rest:drunk") or offered.get("tend_wounds:time")
        elif sum(hurt_in.values()):
            choice = offered.get("tend_wounds:time")
        if choice is None and _for_sale(member) and "sell:" in offered:
            sell = offered["sell:"]
            choice = replace(sell, action=sell.completed(items=tuple(_for_sale(member))))
        if choice is None and not shopper and _short(view) and "go_shopping:" in offered:
            choice, shopper = offered["go_shopping:"], True
            key += "|shop"
        if choice is None and doom >= LAY_LOW_AT:
            choice = offered.get("lay_low:")
        choice = choice or offered.get("rest:")
        memory.done.add(key)
        if choice is not None and choice.enabled:
            return choice
    return None


def _day(view: SeatView) -> int:
    interlude = view.state.interlude
    return interlude.day if interlude is not None else 0


def _doom(view: SeatView) -> int:
    interlude = view.state.interlude
    location = view.state.locations.get(interlude.settlement) if interlude is not None else None
    return location.doom.filled if location is not None else 0


def _bed(view: SeatView, memory: Memory) -> SeatOption | None:
    waiting = tuple(m.id for m in view.state.party if _today(view, "bed", m.id) not in memory.done)
    mine: list[SeatOption] = []
    for actor in acting(view):  # the first with a bed offered
        mine = playable_of(view, frozenset({"ChooseBed"}), (actor,)) if actor in waiting else []
        if mine:
            break
    if not mine:
        return None
    memory.done.add(_today(view, "bed", mine[0].actor))
    unpaid = 1 + sum(1 for m in view.state.party if _today(view, "bed", m.id) not in memory.done)
    roofed = [
        o for o in mine if not str(o.target).startswith("streets") and o.cost * unpaid <= view.state.silver
    ]
    # A roof the party can pay for tonight, the cheapest first; else the streets.
    return min(roofed, key=lambda o: o.cost) if roofed else min(mine, key=lambda o: o.cost)


def _end_day(view: SeatView, memory: Memory) -> SeatOption | None:
    option = first(playable_of(view, frozenset({"EndDay"})), "EndDay")
    if option is not None:
        memory.town_days += 1
    return option


def _insight(view: SeatView, memory: Memory) -> SeatOption | None:
    offered = playable_of(view, frozenset({"SpendInsight"}))
    spends = [o for o in offered if not o.target.startswith("move_score")]
    return memory.rng.choice(spends) if spends else None


def _shop(view: SeatView, memory: Memory) -> SeatOption | None:
    party = len(view.state.party)
    wanted = [(word, each) for word, each in SUPPLIES if carried(view, word) < each * party]
    # The plainest ware first ("Ration" before "Special ration"); each tried once at each count
    # carried, so a ware found out of stock this interlude is not asked for again.
    options = sorted(playable_of(view, frozenset({"Buy"})), key=lambda o: len(o.label)) if wanted else []
    for word, _each in wanted:
        have = carried(view, word)
        for option in options:
            if word not in option.label.lower():
                continue
            key = option_key("town", "Buy", option.label, have)
            out = view.state.interlude is not None and view.state.interlude.stock.get(option.target) is False
            if key not in memory.done and not out:
                memory.done.add(key)
                if option.cost and view.state.silver - option.cost < RESERVE * party:
                    continue
                return option
    return None


def _set_out(view: SeatView) -> SeatOption | None:
    options = playable_of(view, frozenset({"SetOut"}))
    return next((o for o in options if o.target == NEW), None) or first(options, "SetOut")
