"""Provides `PtyClient`: one connection's game client, a child process on its own pseudo-terminal.

The child runs the game's client (it talks to the hub, never to the SSH connection's memory), so a
crash, a hang or a flood of output in one connection stays in that process. Output is read from
the pty's master side and handed to a sink; when the sink is slow, reading pauses and only the
child waits. Closing kills the child's whole process group and waits for it, whenever it comes (a
child still starting is waited for, then stopped), and closes the pty.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import termios
from collections.abc import Callable, Sequence

__all__ = ["PtyClient"]

READ_SIZE = 65536
"""Bytes read from the pty at a time."""
SIZE_VARIABLES = ("COLUMNS", "LINES")
"""Left out of the child's environment: they would override its own pty's size."""


class PtyClient:
    """A child process on a new pseudo-terminal.

    Args:
        command: The program and its arguments.
        env: Extra environment for the child.
        size: Columns and rows at start.
        on_output: Receives what the child writes.
        on_exit: Called once when the child's output ends.
    """

    def __init__(
        self,
        command: Sequence[str],
        env: dict[str, str],
        size: tuple[int, int],
        on_output: Callable[[bytes], None],
        on_exit: Callable[[], None],
    ) -> None:
        self.command = list(command)
        self.env = env
        self.size = size
        self.on_output = on_output
        self.on_exit = on_exit
        self.process: asyncio.subprocess.Process | None = None
        self._master = -1
        self._reading = False
        self._ended = False
        self._closed = False
        self._starting = False
        self._started = asyncio.Event()

    async def start(self) -> None:
        """Open the pty and start the child on it (the child takes it as its controlling terminal).

        A `close` that comes while the child is being started waits for the start and then stops
        the child; a child started after `close` is stopped at once: none outlives its connection.

        Raises:
            OSError: When the pty cannot be opened or the program cannot be started (the pty is
                closed again).
        """
        if self._closed:
            return
        self._starting = True
        try:
            await self._spawn()
        finally:
            self._starting = False
            self._started.set()
        if self._closed:  # closed while the child was starting: `close` waits for it to go
            self._signal(signal.SIGKILL)
            return
        self.resume()

    async def _spawn(self) -> None:
        master, slave = os.openpty()
        self._master = master
        try:
            self.resize(*self.size)
            os.set_blocking(master, False)
            # The child draws at its connection's size, not at the server's terminal's.
            inherited = {key: value for key, value in os.environ.items() if key not in SIZE_VARIABLES}
            environment = {**inherited, **self.env}
            self.process = await asyncio.create_subprocess_exec(
                *self.command,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=environment,
                start_new_session=True,
                close_fds=True,
            )
        except BaseException:
            self._close_master()
            raise
        finally:
            os.close(slave)

    def resize(self, columns: int, rows: int) -> None:
        """Tell the child its terminal's new size (the kernel sends it SIGWINCH)."""
        self.size = (max(1, columns), max(1, rows))
        if self._master >= 0:
            with contextlib.suppress(OSError):
                fcntl.ioctl(self._master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def write(self, data: bytes) -> None:
        """Send keystrokes to the child; dropped if its terminal cannot take them now."""
        if self._master < 0:
            return
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(self._master, data)

    def pause(self) -> None:
        """Stop reading the child's output (its writes block until `resume`)."""
        if self._reading:
            asyncio.get_running_loop().remove_reader(self._master)
            self._reading = False

    def resume(self) -> None:
        """Read the child's output again."""
        if not self._reading and self._master >= 0 and not self._ended:
            asyncio.get_running_loop().add_reader(self._master, self._readable)
            self._reading = True

    def _readable(self) -> None:
        try:
            data = os.read(self._master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            self.on_output(data)
            return
        self.pause()
        if not self._ended:
            self._ended = True
            self.on_exit()

    async def close(self, grace: float = 2.0) -> None:
        """Stop the child (its process group), wait for it, and close the pty; safe to call again.

        A child still being started is waited for first. If this is cancelled while it waits, the
        child is killed outright before the cancellation goes on.
        """
        self._closed = True
        self.pause()
        self._ended = True
        try:
            if self._starting:
                await self._started.wait()
            process = self.process
            if process is not None and process.returncode is None:
                self._signal(signal.SIGTERM)
                try:
                    await asyncio.wait_for(process.wait(), grace)
                except TimeoutError:
                    self._signal(signal.SIGKILL)
                    await process.wait()
        except BaseException:
            self._signal(signal.SIGKILL)
            raise
        finally:
            self._close_master()

    def _signal(self, number: int) -> None:
        process = self.process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, number)

    def _close_master(self) -> None:
        self.pause()
        if self._master >= 0:
            with contextlib.suppress(OSError):
                os.close(self._master)
            self._master = -1
