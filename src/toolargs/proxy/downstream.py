"""The client's side of the proxy: JSON-RPC lines on the proxy's own stdin and stdout.

When both are pipes (as when a client starts the proxy), they are read and written by
the event loop itself; the SDK's stdio server transport, the fallback for anything else
(a file, a terminal on some systems), hands every line to a worker thread, which costs
a third of a proxied call's time. Either way the messages are the SDK's models.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from toolargs.proxy.sdk import Sdk

LINE_LIMIT = 1 << 28  # one message may carry a large image or file


class Downstream:
    """Messages from the client, each as (SDK model, the line it came in, when known) or
    the Exception a bad line gave, and a way to answer it: with the line itself when the
    message goes on unchanged, so that it goes on byte for byte."""

    async def messages(self) -> AsyncIterator[tuple[Any, bytes | None] | Exception]:
        raise NotImplementedError
        yield  # pragma: no cover

    async def send(self, model: Any, raw: bytes | None = None) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        pass


class PipeDownstream(Downstream):
    def __init__(self, sdk: Sdk, reader: asyncio.StreamReader, writer: Any) -> None:
        self._sdk = sdk
        self._reader = reader
        self._writer = writer

    async def messages(self) -> AsyncIterator[tuple[Any, bytes | None] | Exception]:
        while True:
            try:
                line = await self._reader.readline()
            except (ValueError, OSError) as exc:  # a line past the limit, a broken pipe
                yield exc
                continue
            if not line:
                return
            if not line.strip():
                continue
            try:
                model = self._sdk.parse(line)
            except ValueError as exc:
                yield exc
                continue
            yield model, line

    async def send(self, model: Any, raw: bytes | None = None) -> None:
        if self._writer.is_closing():
            return
        self._writer.write(_line(self._sdk, model, raw))
        try:
            await self._writer.drain()
        except (ConnectionError, OSError):
            pass  # the client is gone; its stdin closing ends the relay

    async def close(self) -> None:
        self._writer.close()


class SdkDownstream(Downstream):
    """The SDK's stdio server transport."""

    def __init__(self, sdk: Sdk, read: Any, write: Any) -> None:
        self._sdk = sdk
        self._read = read
        self._write = write

    async def messages(self) -> AsyncIterator[tuple[Any, bytes | None] | Exception]:
        async with self._read:
            async for item in self._read:
                yield item if isinstance(item, Exception) else (item.message, None)

    async def send(self, model: Any, raw: bytes | None = None) -> None:
        await self._write.send(self._sdk.wrap(model))

    async def close(self) -> None:
        await self._write.aclose()


def _line(sdk: Sdk, model: Any, raw: bytes | None) -> bytes:
    """The line to write: the one the message came in, else the model's JSON."""
    if raw is not None:
        return raw if raw.endswith(b"\n") else raw + b"\n"
    return (sdk.dump(model) + "\n").encode("utf-8")


@asynccontextmanager
async def stdio(sdk: Sdk) -> AsyncIterator[Downstream]:
    pipes = await _open_pipes(sdk)
    if pipes is not None:
        try:
            yield pipes
        finally:
            await pipes.close()
        return
    async with sdk.serve_stdio() as (read, write):
        downstream = SdkDownstream(sdk, read, write)
        try:
            yield downstream
        finally:
            await downstream.close()


async def _open_pipes(sdk: Sdk) -> PipeDownstream | None:
    """Both standard streams as event-loop pipes, or None when they cannot be."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # another event loop than asyncio's
        return None
    stdin = os.fdopen(os.dup(0), "rb", buffering=0)
    stdout = os.fdopen(os.dup(1), "wb", buffering=0)
    reader = asyncio.StreamReader(limit=LINE_LIMIT)
    read_transport = None
    try:
        read_transport, _ = await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), stdin
        )
        transport, protocol = await loop.connect_write_pipe(
            lambda: asyncio.streams.FlowControlMixin(), stdout
        )
    except (ValueError, OSError, NotImplementedError):  # a regular file, or Windows
        if read_transport is not None:
            read_transport.close()
        stdin.close()
        stdout.close()
        return None
    writer = asyncio.StreamWriter(transport, protocol, None, loop)
    return PipeDownstream(sdk, reader, writer)
