"""Calls per second through `toolargs proxy` against the same server directly.

One run: the SDK's client calls a trivial tool (`echo` of
tests/e2e/proxy_servers/lowlevel.py, the SDK's low-level server) one call after the
other, so every call pays the proxy's extra hop; in each repetition both sessions are
open at once and batches of calls alternate between them. The figure is the median of
each repetition's ratio, proxied / direct calls per second (goal >= 0.7).

    python benchmarks/proxy.py                 # 5 repetitions of 300 calls a side
    python benchmarks/proxy.py --calls 100 --repetitions 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = Path(__file__).resolve().parent.parent
SERVER = [sys.executable, str(ROOT / "tests" / "e2e" / "proxy_servers" / "lowlevel.py")]
PROXY = [sys.executable, "-m", "toolargs", "proxy", "--"]
GOAL = 0.7
BATCHES = 10


@asynccontextmanager
async def session(command: list[str]) -> AsyncIterator[Any]:
    parameters = StdioServerParameters(command=command[0], args=command[1:], env=dict(os.environ))
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as client:
            await client.initialize()
            for _ in range(20):  # warm-up: imports, the proxy's first tools/list
                await client.call_tool("echo", {"text": "hello"})
            yield client


async def batch(client: Any, calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        result = await client.call_tool("echo", {"text": "hello"})
    elapsed = time.perf_counter() - start
    assert result.content[0].text == "hello"
    return elapsed


async def one_repetition(calls: int, batches: int) -> tuple[float, float]:
    """Calls per second directly and through the proxy, both sessions open at once and
    their batches alternated, so that what else the machine does falls on both."""
    direct = proxied = 0.0
    async with session(SERVER) as plain, session(PROXY + SERVER) as through:
        for _ in range(batches):
            direct += await batch(plain, calls // batches)
            proxied += await batch(through, calls // batches)
    done = batches * (calls // batches)
    return done / direct, done / proxied


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=300, help="calls a side per repetition")
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args()
    direct, proxied, ratios = [], [], []
    for repetition in range(args.repetitions):
        plain, through = anyio.run(one_repetition, args.calls, BATCHES)
        direct.append(plain)
        proxied.append(through)
        ratios.append(through / plain)
        print(
            f"repetition {repetition + 1}: direct {plain:7.1f} calls/s, "
            f"through the proxy {through:7.1f} calls/s, ratio {through / plain:.2f}",
            flush=True,
        )
    ratio = statistics.median(ratios)
    verdict = "meets" if ratio >= GOAL else "misses"
    print(
        f"median: direct {statistics.median(direct):.1f} calls/s, through the proxy "
        f"{statistics.median(proxied):.1f} calls/s; ratio {ratio:.2f} ({verdict} the goal "
        f">= {GOAL})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
