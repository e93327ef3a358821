"""Lets `python -m expedition` run the command line."""

from __future__ import annotations

from expedition.cli import main

raise SystemExit(main())
