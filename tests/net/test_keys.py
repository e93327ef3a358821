"""The authorized-keys file: which key takes which player's seat (no network needed)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from expedition.net.keys import read_authorized_keys


def _key(folder: Path, name: str) -> str:
    path = folder / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return " ".join(path.with_suffix(".pub").read_text().split()[:2])


@pytest.mark.skipif(
    subprocess.run(["which", "ssh-keygen"], capture_output=True).returncode != 0, reason="needs ssh-keygen"
)
def test_a_comment_with_spaces_names_the_whole_player(tmp_path: Path) -> None:
    """A plain OpenSSH line's comment is the player, spaces and all ("Player 2", not "Player")."""
    plain, named = _key(tmp_path, "a"), _key(tmp_path, "b")
    listing = tmp_path / "authorized"
    listing.write_text(f"{plain} Player 2\nada {named} laptop\n# a comment\n\n")
    found = read_authorized_keys(listing)
    assert [(k.player, k.key) for k in found] == [("Player 2", plain.split()[1]), ("ada", named.split()[1])]
