"""Provides the keys file: the player's own keys for the expedition screen's actions.

The file is `keys.toml` in the saves folder (see `session.campaigns.default_saves_dir`). It holds
one table, `[keys]`, mapping an action's name to its keys, several separated by commas:

    [keys]
    look = ";"
    history = "H,ctrl+h"
    move-left = "left,h"
    attack = "z"

Actions left out keep their default keys. The fight's keys (attack, end-turn, move, flee, go-there)
come first in a fight, so one of them may share a key with an exploring action. A file that cannot
be read, or names an action or a key the game does not know, or gives one key to two actions, is set
aside as a whole: the defaults stay and the player is told exactly what is wrong. Keys reach Textual
as its keymap (binding ids), so the footer and the help screen show the keys in effect.
"""

from __future__ import annotations

import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from textual.keys import Keys, _character_to_key

from expedition.rules.core.wording import plural

FILE_NAME = "keys.toml"
"""The keys file's name, inside the saves folder."""

EXPLORING_KEYS: dict[str, str] = {
    "move-up": "up,k,w",
    "move-down": "down,j,s",
    "move-left": "left,h,a",
    "move-right": "right,l,d",
    "act": "enter",
    "loot": "g",
    "traps": "t",
    "search": "f",
    "catch-breath": "r",
    "wait": "full_stop",
    "listen": "n",
    "go-down": "greater_than_sign",
    "go-up": "less_than_sign",
    "search-log": "slash",
    "history": "H",
    "look": "semicolon",
    "sheet": "C",
}
"""The exploring actions of the expedition screen the keys file may rebind, with their default keys."""

FIGHT_KEYS: dict[str, str] = {
    "attack": "a",
    "end-turn": "e",
    "move": "m",
    "flee": "x",
    "go-there": "enter",
}
"""The fight's own actions: in a fight they come before the exploring keys, so a key may be both
(`a` attacks in a fight and steps left outside one; Enter goes to the chosen tile or acts)."""

DEFAULT_KEYS: dict[str, str] = {**EXPLORING_KEYS, **FIGHT_KEYS}
"""Every action the keys file may rebind (its name is the binding's id), with its default keys."""

RESERVED = {
    "question_mark": "help",
    "f1": "help",
    "c": "the compendium",
    "f2": "the compendium",
    "ctrl+q": "quitting",
    "ctrl+p": "the command palette",
    "escape": "going back",
    "tab": "the next pane",
    **{str(number): "choosing who acts" for number in range(1, 5)},
}
"""Keys that work on every screen; the file may not take them."""

_MODIFIERS = ("ctrl+", "shift+", "alt+", "meta+", "super+", "hyper+")
_NAMED = (
    frozenset(key.value for key in Keys) | {"space"} | {_character_to_key(chr(c)) for c in range(33, 127)}
)
"""Key names Textual knows: its named keys and every printable ASCII character's ("greater_than_sign")."""


@dataclass(frozen=True, slots=True)
class KeysFile:
    """What the keys file gave: the keys to use and what to tell the player.

    Attributes:
        path: Where the file is (or would be).
        keymap: Binding id to keys, for `App.update_keymap` (empty: the defaults).
        problem: Why the file was set aside, in the player's words ("" when it was fine or absent).
        found: True when the file exists.
    """

    path: Path
    keymap: dict[str, str] = field(default_factory=dict)
    problem: str = ""
    found: bool = False

    @property
    def status(self) -> str:
        """One sentence for the help screen: where the file is and what became of it."""
        if self.problem:
            return f"The keys file {self.path} was set aside, so the usual keys apply: {self.problem}"
        if self.found:
            return f"Keys are read from {self.path} ({plural(len(self.keymap), 'action')} changed)."
        return f'To change keys, write {self.path} (a [keys] table: action name = "key,key").'


def _key_name(part: str) -> str | None:
    """`part` as Textual's key name (";" → "semicolon"), or None when no key is called that."""
    if len(part) == 1:
        return _character_to_key(part) if part.isprintable() and part != " " else None
    base = part
    while base.startswith(_MODIFIERS):
        base = base.split("+", 1)[1]
    if len(base) == 1:
        return part if base.isprintable() and base != " " else None
    if base in _NAMED:
        return part
    try:
        unicodedata.lookup(base.upper().replace("_", " "))
    except KeyError:
        return None
    return part


def parse_keys(text: str) -> dict[str, str]:
    """The keymap a keys file's text asks for.

    Raises:
        ValueError: What is wrong with it, in the player's words.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"it is not valid TOML ({error}).") from error
    extra = sorted(name for name in data if name != "keys")
    if extra:
        raise ValueError(f"only a [keys] table belongs in it, not {', '.join(extra)}.")
    table = data.get("keys", {})
    if not isinstance(table, dict):
        raise ValueError('keys must be a table: [keys] and then lines like look = ";".')
    keymap: dict[str, str] = {}
    for name, value in table.items():
        if name not in DEFAULT_KEYS:
            known = ", ".join(DEFAULT_KEYS)
            raise ValueError(f"there is no action called {name!r} (the actions are {known}).")
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f'{name} must be given keys as text, like {name} = "x".')
        keys: list[str] = []
        for part in (p.strip() for p in value.split(",")):
            key = _key_name(part)
            if key is None:
                raise ValueError(f"{name}: there is no key called {part!r}.")
            if key in RESERVED:
                raise ValueError(f"{name}: {part!r} is kept for {RESERVED[key]} on every screen.")
            keys.append(key)
        keymap[name] = ",".join(keys)
    for group in (EXPLORING_KEYS, FIGHT_KEYS):  # a fight key may share a key with an exploring one
        owner: dict[str, str] = {}
        for name, default in group.items():
            for key in keymap.get(name, default).split(","):
                if key in owner:
                    raise ValueError(f"the key {key!r} is given to both {owner[key]} and {name}.")
                owner[key] = name
    return keymap


def read_keys(folder: Path) -> KeysFile:
    """Read `folder`'s keys file; a missing file means the defaults, a bad one is set aside with a reason."""
    path = folder / FILE_NAME
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return KeysFile(path)
    except (OSError, UnicodeDecodeError) as error:
        return KeysFile(path, problem=f"it cannot be read ({error}).", found=True)
    try:
        return KeysFile(path, parse_keys(text), found=True)
    except ValueError as error:
        return KeysFile(path, problem=str(error), found=True)
