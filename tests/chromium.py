"""Headless Chromium driven over the DevTools protocol, with the standard library only.

Enough of the protocol for the audit page's tests: open a page, evaluate JavaScript,
click at an element's centre with real mouse events (Input.dispatchMouseEvent), and see
every request the page made. The browser runs with a new empty profile and everything
that would reach for the network turned off.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--remote-debugging-port=0",
)
WAIT = 60.0  # seconds for the browser to start or answer, on a loaded machine


def executable() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """One headless Chromium with one page; use as a context manager."""

    def __init__(self, binary: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="toolargs-chromium-")
        self.process = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.events: list[dict[str, Any]] = []
        self._next = 0
        port = self._port()
        page = self._page_target(port)
        self.socket = _connect(page)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        try:
            self.socket.close()
        except OSError:
            pass
        self.process.terminate()
        try:
            self.process.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    # -- start-up -------------------------------------------------------------------------

    def _port(self) -> int:
        """Chromium writes the port it chose into the profile's DevToolsActivePort."""
        marker = Path(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"chromium exited with {self.process.returncode}")
            if marker.exists():
                lines = marker.read_text().splitlines()
                if lines and lines[0].isdigit():
                    return int(lines[0])
            time.sleep(0.1)
        raise RuntimeError("chromium did not open its DevTools port")

    def _page_target(self, port: int) -> str:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=WAIT) as r:
                targets = json.load(r)
            pages = [t for t in targets if t.get("type") == "page"]
            if pages:
                return str(pages[0]["webSocketDebuggerUrl"])
            time.sleep(0.1)
        raise RuntimeError("chromium has no page")

    # -- the protocol ---------------------------------------------------------------------

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        self._next += 1
        number = self._next
        _send_text(self.socket, json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(_receive_text(self.socket))
            if message.get("id") == number:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
            self.events.append(message)

    def evaluate(self, expression: str) -> Any:
        result = self.send(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url: str) -> None:
        """Load `url`; `requests()` then lists what this page asked for."""
        self.events = []
        self.send("Network.enable")
        self.send("Page.enable")
        self.send("Page.navigate", url=url)
        deadline = time.monotonic() + WAIT
        while self.evaluate("document.readyState") != "complete":
            if time.monotonic() > deadline:
                raise RuntimeError(f"{url} did not load")
            time.sleep(0.05)

    def click(self, selector: str) -> None:
        """A left click at the element's centre, as a mouse makes it."""
        box = self.evaluate(
            f"(function () {{ var e = document.querySelector({json.dumps(selector)});"
            " e.scrollIntoView({block: 'center'}); var r = e.getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
        )
        x, y = box
        for kind in ("mousePressed", "mouseReleased"):
            self.send(
                "Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1
            )

    def requests(self) -> list[str]:
        """Every URL the page requested so far (the page itself included)."""
        self.evaluate("1")  # read the events that arrived before now
        return [
            e["params"]["request"]["url"]
            for e in self.events
            if e.get("method") == "Network.requestWillBeSent"
        ]


# -- a WebSocket client, as much of RFC 6455 as the protocol needs ---------------------------


def _connect(url: str) -> socket.socket:
    rest = url.removeprefix("ws://")
    host_port, _, path = rest.partition("/")
    host, _, port = host_port.partition(":")
    sock = socket.create_connection((host, int(port)), timeout=WAIT)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(4096)
        if not chunk:
            raise RuntimeError("the DevTools socket closed during the handshake")
        answer += chunk
    if b" 101 " not in answer.split(b"\r\n", 1)[0]:
        raise RuntimeError(f"no WebSocket upgrade: {answer[:200]!r}")
    return sock


def _send_frame(sock: socket.socket, opcode: int, payload: bytes) -> None:
    head = bytes([0x80 | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 1 << 16:
        head += bytes([0x80 | 126]) + struct.pack(">H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack(">Q", n)
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    sock.sendall(head + mask + masked)


def _send_text(sock: socket.socket, text: str) -> None:
    _send_frame(sock, 0x1, text.encode())


def _exactly(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise RuntimeError("the DevTools socket closed")
        data += chunk
    return data


def _receive_text(sock: socket.socket) -> str:
    parts: list[bytes] = []
    while True:
        first, second = _exactly(sock, 2)
        opcode, final = first & 0x0F, bool(first & 0x80)
        n = second & 0x7F
        if n == 126:
            (n,) = struct.unpack(">H", _exactly(sock, 2))
        elif n == 127:
            (n,) = struct.unpack(">Q", _exactly(sock, 8))
        mask = _exactly(sock, 4) if second & 0x80 else b""
        payload = _exactly(sock, n)
        if mask:
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        if opcode == 0x9:  # ping
            _send_frame(sock, 0xA, payload)
            continue
        if opcode == 0x8:
            raise RuntimeError("the DevTools socket was closed by the browser")
        if opcode in (0x1, 0x0):
            parts.append(payload)
            if final:
                return b"".join(parts).decode()
