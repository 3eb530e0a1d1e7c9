"""The upstream server: started in its own process group, read line by line, stopped
with everything it started.

The proxy starts the process itself rather than through the SDK's client transport: it
must stop the upstream's whole process group even when the upstream exits by itself and
leaves children behind, and it keeps the tail of the upstream's stderr (passed through
to its own) for the errors it gives the client.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections import deque
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

from toolargs.proxy.sdk import Sdk

# After its stdin closes a server gets this long to exit, then SIGTERM, then SIGKILL: a
# client that goes away waits for the proxy about as long before it kills the proxy.
GRACE_SECONDS = 1.0
TERM_SECONDS = 1.0
STDERR_TAIL_LINES = 5
STDERR_TAIL_CHARS = 400
GARBAGE_CHARS = 120
CHUNK = 1 << 16


@dataclass(frozen=True)
class Garbage:
    """A line on the upstream's stdout that is not JSON-RPC."""

    text: str


class StderrTap:
    """The upstream's stderr, copied to the proxy's own as it comes; the last lines kept."""

    def __init__(self) -> None:
        self._read, self.write_fd = os.pipe()
        self._lines: deque[str] = deque(maxlen=STDERR_TAIL_LINES)
        self._thread = threading.Thread(target=self._copy, name="upstream-stderr", daemon=True)
        self._thread.start()

    def _copy(self) -> None:
        partial = b""
        out = getattr(sys.stderr, "buffer", None)
        while True:
            try:
                chunk = os.read(self._read, CHUNK)
            except OSError:
                break
            if not chunk:
                break
            if out is not None:
                try:
                    out.write(chunk)
                    out.flush()
                except (OSError, ValueError):
                    out = None
            *lines, partial = (partial + chunk).split(b"\n")
            for line in lines:
                self._keep(line)
        self._keep(partial)
        os.close(self._read)

    def _keep(self, raw: bytes) -> None:
        line = raw.decode("utf-8", errors="replace").strip()
        if line:
            self._lines.append(line)

    def parent_done(self) -> None:
        """Close the proxy's copy of the write end: the tap ends when the upstream's do."""
        try:
            os.close(self.write_fd)
        except OSError:
            pass

    def tail(self, wait: float = 0.0) -> str:
        if wait:
            self._thread.join(wait)
        text = " | ".join(self._lines)
        if len(text) > STDERR_TAIL_CHARS:
            text = "..." + text[-(STDERR_TAIL_CHARS - 3):]
        return text


class Upstream:
    """One running upstream server."""

    def __init__(self, process: Any, anyio: Any, sdk: Sdk, tap: StderrTap) -> None:
        self.process = process
        self._anyio = anyio
        self._sdk = sdk
        self.tap = tap
        self.garbage: str | None = None  # the first line that was not JSON-RPC

    @classmethod
    async def start(cls, command: Sequence[str], anyio: Any, sdk: Sdk) -> Upstream:
        """Start `command`; OSError when it cannot be started."""
        tap = StderrTap()
        try:
            process = await anyio.open_process(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=tap.write_fd,
                # Its own process group, so that stopping it stops what it started.
                start_new_session=os.name == "posix",
            )
        finally:
            tap.parent_done()
        return cls(process, anyio, sdk, tap)

    async def messages(self) -> AsyncIterator[tuple[Any, bytes] | Garbage]:
        """Each message the upstream writes, as (the SDK's model, its line), or Garbage;
        ends at EOF."""
        anyio = self._anyio
        buffer = b""
        while True:
            try:
                chunk = await self.process.stdout.receive(CHUNK)
            except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError):
                break
            *lines, buffer = (buffer + chunk).split(b"\n")
            for line in lines:
                if line.strip():
                    yield self._parse(line)
        if buffer.strip():
            yield self._parse(buffer)

    def _parse(self, line: bytes) -> tuple[Any, bytes] | Garbage:
        try:
            return self._sdk.parse(line), line
        except ValueError:
            text = line.decode("utf-8", errors="replace").strip()
            if len(text) > GARBAGE_CHARS:
                text = text[: GARBAGE_CHARS - 3] + "..."
            if self.garbage is None:
                self.garbage = text
            return Garbage(text)

    async def send(self, model: Any, raw: bytes | None = None) -> bool:
        """Write one message (`raw`: the line it came in); False when the upstream no
        longer reads."""
        if raw is not None:
            data = raw if raw.endswith(b"\n") else raw + b"\n"
        else:
            data = (self._sdk.dump(model) + "\n").encode("utf-8")
        anyio = self._anyio
        try:
            # One write per message: the pipe never interleaves two of them.
            await self.process.stdin.send(data)
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            return False
        return True

    async def exit_code(self, wait: float) -> int | None:
        with self._anyio.move_on_after(wait):
            await self.process.wait()
        code: int | None = self.process.returncode
        return code

    async def stop(self) -> None:
        """Close its stdin, give it GRACE_SECONDS, then end its process group."""
        anyio = self._anyio
        with anyio.CancelScope(shield=True):
            try:
                await self.process.stdin.aclose()
            except (OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
                pass
            if await self.exit_code(GRACE_SECONDS) is None:
                self._signal(signal.SIGTERM)
                if await self.exit_code(TERM_SECONDS) is None:
                    self._signal(signal.SIGKILL if os.name == "posix" else signal.SIGTERM)
                    await self.exit_code(TERM_SECONDS)
            # Whatever it started and left running goes too.
            if self._group_alive():
                self._signal(signal.SIGTERM, group_only=True)
                deadline = anyio.current_time() + TERM_SECONDS
                while self._group_alive() and anyio.current_time() < deadline:
                    await anyio.sleep(0.02)
                if self._group_alive():
                    self._signal(signal.SIGKILL, group_only=True)
            try:
                await self.process.aclose()
            except (OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
                pass

    def _group_alive(self) -> bool:
        if os.name != "posix":
            return False
        try:
            os.killpg(self.process.pid, 0)
        except (ProcessLookupError, PermissionError):
            return False
        return True

    def _signal(self, sig: int, *, group_only: bool = False) -> None:
        pid = self.process.pid
        if os.name == "posix":
            try:
                os.killpg(pid, sig)
            except (ProcessLookupError, PermissionError):
                pass
        elif not group_only and self.process.returncode is None:
            try:
                self.process.send_signal(sig)
            except ProcessLookupError:
                pass
