"""Benchmarks SSH spectators: memory per connection (PSS) and update latency, as ratios to one connection.

Run from the repository root: `python tests/bench/bench_ssh.py [N [CYCLES]]` (50 spectators and
200 connect/drop cycles by default; needs `ssh` and `ssh-keygen`). Each spectator is a real OpenSSH
client; memory is the PSS of the game-client processes the server started (from
/proc/PID/smaps_rollup), latency the time from the host's action to the first bytes each
spectator's ssh receives afterwards. Then CYCLES clients connect and are killed after 0 to 2
seconds (five at a time, so drops land at every stage of the handshake and of the session), and
the bench reports what they left behind once the server has forgotten them: child processes of
this process (with their memory) and open file descriptors, against the count before the cycles.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from expedition.rules.engine.dispatch import CatchBreath
from expedition.session.views import Seat
from tests.net.leftovers import children, open_fds
from tests.net.sshkit import ServerThread, ssh_command


class Watcher:
    """One spectator: an ssh process whose output arrival times are recorded."""

    def __init__(self, port: int) -> None:
        self.process = subprocess.Popen(
            ssh_command(port, None, interactive=True), stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self.last = 0.0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        while self.process.stdout.read1(65536):
            self.last = time.monotonic()

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()


def pss(pid: int) -> int:
    """Proportional set size of a process and its children, in bytes."""
    total = 0
    for proc in [pid, *_children(pid)]:
        try:
            for line in Path(f"/proc/{proc}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


def _children(pid: int) -> list[int]:
    try:
        found = [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return found + [c for child in found for c in _children(child)]


def measure(server: ServerThread, count: int, rounds: int = 5) -> tuple[float, list[float]]:
    """Connect `count` spectators; return the mean client PSS and the update latencies."""
    assert server.server is not None
    ssh = server.server
    watchers = [Watcher(server.port) for _ in range(count)]
    deadline = time.monotonic() + 120
    while server.call(lambda: ssh.hub.clients) < count and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(3)  # let every client draw its first screen
    pids = server.call(lambda: [c.client.process.pid for c in ssh._channels if c.client and c.client.process])
    memory = statistics.mean(pss(pid) for pid in pids) if pids else 0.0
    latencies: list[float] = []
    for _ in range(rounds):
        time.sleep(1.0)
        start = time.monotonic()
        result = server.call(lambda: server.session.submit(Seat.host(), CatchBreath(actor="c1")))
        if not result.ok:
            print("the host could not act:", result.reason)
        time.sleep(2.0)
        latencies += [w.last - start for w in watchers if w.last > start]
    for watcher in watchers:
        watcher.close()
    return memory, latencies


def settle(server: ServerThread, timeout: float = 60) -> bool:
    """Wait until the server holds no connection, channel, hub client or task; False on timeout."""
    assert server.server is not None
    ssh = server.server

    def busy() -> int:
        return len(ssh.connections) + len(ssh._channels) + ssh.hub.clients + len(ssh._tasks)

    deadline = time.monotonic() + timeout
    while server.call(busy) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)  # the last children reaped
    return not server.call(busy)


def cycles(server: ServerThread, count: int, at_once: int = 5) -> tuple[bool, set[int], int]:
    """`count` clients connect and are killed at random moments; what is left once the server settles.

    Returns:
        Whether the server settled, the leftover children, and the leftover descriptors.
    """
    rng = random.Random(15)
    settle(server)
    before, fds = children(), open_fds()
    for _ in range(count // at_once):
        watchers = [Watcher(server.port) for _ in range(at_once)]
        for watcher in watchers:
            time.sleep(rng.uniform(0, 2.0 / at_once))
            watcher.close()
    settled = settle(server)
    return settled, children() - before, open_fds() - fds


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    with tempfile.TemporaryDirectory() as folder:
        server = ServerThread(Path(folder), rate=10_000)
        try:
            one_memory, one_latency = measure(server, 1)
            many_memory, many_latency = measure(server, count)
            settled, leftover, fds = cycles(server, rounds)
            leftover_memory = sum(pss(pid) for pid in leftover)
        finally:
            server.close()

    def q(values: list[float], p: float) -> float:
        return statistics.quantiles(values, n=100)[int(p) - 1] if len(values) > 1 else values[0]

    print(
        f"PSS per connection: 1 → {one_memory / 2**20:.1f} MiB; {count} → {many_memory / 2**20:.1f} MiB "
        f"(ratio {many_memory / max(one_memory, 1):.2f})"
    )
    for p in (50, 95):
        one, many = q(one_latency, p), q(many_latency, p)
        print(
            f"update latency p{p}: 1 → {one * 1000:.0f} ms; {count} → {many * 1000:.0f} ms "
            f"(ratio {many / one:.2f})"
        )
    print(
        f"after {rounds} connect/drop cycles: {len(leftover)} processes left "
        f"({leftover_memory / 2**20:.1f} MiB PSS), {fds:+d} file descriptors"
        + ("" if settled else "; the server still held connections after 60 s")
    )


if __name__ == "__main__":
    main()
