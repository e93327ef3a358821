"""Provides the bestiary: reads `assets/enemies.toml` into `EnemyDef`s and lists them for the compendium."""

from __future__ import annotations

from pathlib import Path

from expedition.content.compendium_pages import CompendiumEntry
from expedition.content.problems import Problem
from expedition.content.reader import Entry, entries, load_toml
from expedition.rules.combat.enemies.enemy_defs import (
    BASIC_ACTIONS_PER_TURN,
    EXTRACTS,
    FOLLOWING_ARCHETYPES,
    Archetype,
    Behaviour,
    EnemyAction,
    EnemyDef,
    EnemyGroup,
    EnemySpecial,
    EnemyTag,
    HarmSource,
)

FILE = "enemies.toml"
"""The bestiary's file under assets/."""
TABLE = "enemy"
"""The array of tables holding one entry per enemy."""


def load_bestiary(assets: Path, problems: list[Problem]) -> dict[str, EnemyDef]:
    """Read every enemy from `assets/enemies.toml`.

    Args:
        assets: The assets directory.
        problems: Where every fault found is appended, with file, table, entry and field.

    Returns:
        The enemies that could be built, by key, in file order.
    """
    data = load_toml(assets / FILE, problems)
    if not data:
        return {}
    for extra in sorted(set(data) - {TABLE}):
        problems.append(Problem(FILE, extra, message="unknown table"))
    bestiary: dict[str, EnemyDef] = {}
    seen: set[str] = set()
    for entry in entries(data, TABLE, FILE, problems):
        defn = _enemy(entry)
        key = entry.data.get("key")
        if isinstance(key, str) and key in seen:
            entry.problem("key", f"the key {key!r} is used twice")
        elif defn is not None:
            bestiary[defn.key] = defn
        if isinstance(key, str):
            seen.add(key)
    return bestiary


def _enemy(entry: Entry) -> EnemyDef | None:
    """Build one enemy, or None when any of its fields (or its actions and specials) is faulty."""
    before = len(entry.problems)
    key: str = entry.text("key")
    name: str = entry.text("name")
    group: EnemyGroup | None = entry.enum("group", EnemyGroup)
    level: int = entry.integer("level", minimum=1)
    wounds: int = entry.integer("wounds", minimum=1)
    armour: int = entry.integer("armour", minimum=0)
    resist: int = entry.integer("resist", minimum=0)
    movement: int = entry.integer("movement", minimum=0)
    tags = entry.enums("tags", EnemyTag)
    if not tags and "tags" in entry.data:
        entry.problem("tags", "an enemy needs at least one tag")
    extract: str = entry.text("extract", "")
    if extract and extract not in EXTRACTS:
        entry.problem("extract", f"{extract!r} is not one of: {', '.join(EXTRACTS)}")
        extract = ""
    threat: int = entry.integer("threat", minimum=1)
    per_turn: int = entry.integer("actions_per_turn", BASIC_ACTIONS_PER_TURN, minimum=1)
    cap: int = entry.integer("damage_cap", 0, minimum=0)
    hard_to_hit: bool = entry.flag("hard_to_hit", False)
    dodge: int = entry.integer("dodge_each_round", 0, minimum=0)
    ignores_morale: bool = entry.flag("ignores_morale", False)
    immune_to_pre: bool = entry.flag("immune_to_pre", False)
    harmed_only_by = entry.enums("harmed_only_by", HarmSource, [])
    behaviour = _behaviour(entry)
    text: str = entry.text("text")
    house, why = _house(entry)
    specials = tuple(_special(sub) for sub in entry.table_list("special", []))
    actions = _actions(entry)
    entry.done()
    if len(entry.problems) > before or group is None or behaviour is None:
        return None
    try:
        return EnemyDef(
            key=key,
            name=name,
            group=group,
            level=level,
            wounds=wounds,
            armour=armour,
            resist=resist,
            movement=movement,
            tags=tags,
            extract=extract,
            specials=tuple(s for s in specials if s is not None),
            actions=tuple(a for a in actions if a is not None),
            behaviour=behaviour,
            threat=threat,
            text=text,
            actions_per_turn=per_turn,
            damage_cap=cap,
            hard_to_hit=hard_to_hit,
            dodge_each_round=dodge,
            ignores_morale=ignores_morale,
            immune_to_pre=immune_to_pre,
            harmed_only_by=harmed_only_by,
            house=house,
            why=why,
        )
    except ValueError as error:  # an EnemyDef check that the field getters above did not catch
        entry.problem("", str(error))
        return None


def _house(entry: Entry) -> tuple[bool, str]:
    """Read `house` and `why`: house content must say why, and only house content may."""
    house: bool = entry.flag("house", False)
    why: str = entry.text("why", "")
    if house and not why:
        entry.problem("why", "house content needs a short reason")
    if why and not house:
        entry.problem("why", "only house content (house = true) gives a reason")
    return house, why


def _behaviour(entry: Entry) -> Behaviour | None:
    archetype: Archetype | None = entry.enum("archetype", Archetype)
    follow_up: Archetype | None = entry.enum("follow_up", Archetype, None)
    ambusher: bool = entry.flag("ambusher", False)
    leader: bool = entry.flag("leader", False)
    shield_bearer: bool = entry.flag("shield_bearer", False)
    tactics: str = entry.text("tactics")
    if archetype is None:
        return None
    if archetype in FOLLOWING_ARCHETYPES and follow_up is None:
        entry.problem("follow_up", f"a {archetype} needs the archetype it fights as")
        return None
    if archetype not in FOLLOWING_ARCHETYPES and follow_up is not None:
        entry.problem("follow_up", f"only an ambusher or a coward has one, not a {archetype}")
        return None
    if follow_up in FOLLOWING_ARCHETYPES:
        entry.problem("follow_up", f"cannot be {follow_up}")
        return None
    return Behaviour(archetype, follow_up, ambusher, leader, shield_bearer, tactics)


def _special(entry: Entry) -> EnemySpecial | None:
    name: str = entry.text("name")
    text: str = entry.text("text")
    house, why = _house(entry)
    entry.done()
    return EnemySpecial(name, text, house, why) if name and text else None


def _actions(entry: Entry) -> list[EnemyAction | None]:
    subs = entry.table_list("action", [])
    if not subs and "action" not in entry.data:
        entry.problem("action", "an enemy needs at least one action")
    result: list[EnemyAction | None] = []
    seen: set[str] = set()
    for sub in subs:
        action = _action(sub)
        key = sub.data.get("key")
        if isinstance(key, str) and key in seen:
            sub.problem("key", f"the action key {key!r} is used twice")
            action = None
        seen.add(str(key))
        result.append(action)
    return result


def _action(entry: Entry) -> EnemyAction | None:
    before = len(entry.problems)
    key: str = entry.text("key")
    name: str = entry.text("name")
    cost: int = entry.integer("cost", 1, minimum=1)
    attack = entry.attack("attack", None)
    area: bool = entry.flag("area", False)
    text: str = entry.text("text")
    house, why = _house(entry)
    entry.done()
    if len(entry.problems) > before or not key or not name:
        return None
    return EnemyAction(key, name, cost, attack, text, area, house, why)


def compendium_bestiary(bestiary: dict[str, EnemyDef]) -> list[CompendiumEntry]:
    """One compendium entry (kind "enemy") per enemy, with its stat block as details."""
    return [_page(defn) for defn in bestiary.values()]


def _page(defn: EnemyDef) -> CompendiumEntry:
    details: list[tuple[str, str]] = [
        ("Family", f"{defn.group.heading} ({defn.group.section})"),
        ("LVL", str(defn.level)),
        ("W", str(defn.wounds)),
        ("AP", str(defn.armour)),
        ("Resist", str(defn.resist)),
        ("Move", str(defn.movement)),
        ("Tags", ", ".join(tag.value for tag in EnemyTag if tag in defn.tags)),
        ("Extract", defn.extract or "none"),
    ]
    if defn.actions_per_turn != BASIC_ACTIONS_PER_TURN:
        details.append(("Actions a turn", str(defn.actions_per_turn)))
    for action in defn.actions:
        details.append((action.name, _notation(action)))
    details.append(("Threat (house)", str(defn.threat)))
    behaviour = defn.behaviour.archetype.value
    if defn.behaviour.follow_up is not None:
        behaviour += f", then {defn.behaviour.follow_up.value}"
    details.append(("Behaviour (house)", behaviour))
    lines = [defn.text]
    if defn.specials:
        lines.append("")
        lines += [f"{s.name}{_mark(s.house)}: {s.text}" for s in defn.specials]
    lines.append("")
    lines += [f"{a.name} ({_notation(a)}){_mark(a.house)}: {a.text}" for a in defn.actions]
    lines += ["", f"Tactics (house): {defn.behaviour.tactics}"]
    return CompendiumEntry("enemy", defn.key, defn.name, "\n".join(lines), defn.house, tuple(details))


def _notation(action: EnemyAction) -> str:
    parts = [str(action.attack) if action.attack is not None else "no defence test"]
    if action.cost > 1:
        parts.append(f"{action.cost} actions")
    if action.area:
        parts.append("area")
    return ", ".join(parts)


def _mark(house: bool) -> str:
    return " [house]" if house else ""
