"""Provides the SSH host key (made once, kept 0600 beside the campaign) and the players' authorized keys.

The authorized-keys file lists one key per line, each naming the player it seats: either
`PLAYER ssh-ed25519 AAAA… [comment]`, or a plain OpenSSH line whose comment (all of it, spaces
included) is the player.
The player is a player id or name of the campaign, or `host` for the host's seat. Blank lines
and `#` comments are skipped; a line that does not parse is reported and skipped.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

import asyncssh

__all__ = ["HOST_KEY_NAME", "AuthorizedKey", "load_host_key", "read_authorized_keys"]

logger = logging.getLogger(__name__)

HOST_KEY_NAME = "ssh_host_ed25519_key"
"""The host key's file name in the campaign's folder."""


def load_host_key(folder: Path) -> asyncssh.SSHKey:
    """The campaign's host key, generated and saved (mode 0600) on first use.

    Raises:
        OSError: If the key cannot be written or read.
        asyncssh.KeyImportError: If a stored key is damaged.
    """
    path = folder / HOST_KEY_NAME
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key.export_private_key())
    os.chmod(path, 0o600)
    return key


@dataclass(frozen=True, slots=True)
class AuthorizedKey:
    """One key that seats a player.

    Attributes:
        player: The player id or name (or "host") written beside the key.
        key: The OpenSSH public key data ("ssh-ed25519 AAAA…") without a comment.
    """

    player: str
    key: str


def _is_key_type(word: str) -> bool:
    return word.startswith(("ssh-", "ecdsa-", "sk-"))


def read_authorized_keys(path: Path) -> list[AuthorizedKey]:
    """Read the authorized-keys file (see the module docstring).

    Raises:
        OSError: If the file cannot be read.
    """
    found: list[AuthorizedKey] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if _is_key_type(words[0]):
            # The whole comment names the player: "Player 2" as well as "ada".
            player, words = " ".join(words[2:]), words[:2]
        else:
            player, words = words[0], words[1:3]
        if not player or len(words) < 2:
            logger.warning("%s:%d names no player; skipped", path, number)
            continue
        try:
            key = asyncssh.import_public_key(" ".join(words))
        except (asyncssh.KeyImportError, ValueError) as error:
            logger.warning("%s:%d is not a public key (%s); skipped", path, number, error)
            continue
        found.append(AuthorizedKey(player, key.export_public_key("openssh").decode().split()[1]))
    return found
