"""expedition: the tabletop RPG *Dead Weight* played in a terminal, with the program as game master."""

from __future__ import annotations

from pathlib import Path

__version__ = "0.1.0"
"""The version `expedition --version` prints and snapshots record; pyproject.toml says the same."""


def source_checkout() -> Path | None:
    """The source checkout this package runs from, or None when it runs installed (a wheel, pipx, uv).

    The package runs from a checkout when it is imported from the checkout's own `expedition/`
    folder: an editable install, `python3 -m expedition` inside the checkout, or `PYTHONPATH`
    pointing at it. The checkout is the folder above, holding `pyproject.toml` and `assets/`.
    """
    root = Path(__file__).resolve().parent.parent
    if (root / "pyproject.toml").is_file() and (root / "assets").is_dir():
        return root
    return None
