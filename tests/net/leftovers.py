"""What a connection can leave behind in this process: child processes and open file descriptors.

Shared by the lifecycle tests and `tests/bench/bench_ssh.py`, which count both before and after
connections come and go.
"""

from __future__ import annotations

import os
from pathlib import Path


def children() -> set[int]:
    """Every child process of this process (of any of its threads), zombies included."""
    found: set[int] = set()
    for task in Path("/proc/self/task").iterdir():
        try:
            found.update(int(pid) for pid in (task / "children").read_text().split())
        except OSError:
            continue
    return found


def open_fds() -> int:
    """File descriptors open in this process."""
    return len(os.listdir("/proc/self/fd"))
