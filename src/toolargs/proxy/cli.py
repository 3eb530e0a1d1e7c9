"""`toolargs proxy [options] -- CMD [ARG...]`: the command line, and one proxy run."""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import textwrap
from pathlib import Path
from typing import Any

from toolargs.config import MODES, ConfigError
from toolargs.proxy.downstream import stdio
from toolargs.proxy.relay import Relay, log
from toolargs.proxy.sdk import Sdk, SdkMissing
from toolargs.proxy.settings import (
    DEFAULT_TIMEOUT,
    ProxySettings,
    find_config,
    read_config,
    with_options,
)
from toolargs.proxy.upstream import Upstream

EXIT_OK = 0
EXIT_ERROR = 2

DESCRIPTION = (
    "Serve MCP over stdio in front of the server COMMAND starts, relaying every message "
    "as it is except tools/call, where the tool argument validation policy is applied "
    "from the server's own tools/list: a read-only tool (readOnlyHint: true, or named by "
    "--read-only) gets its unknown keys taken out and reported back as unknown_args, and "
    "limit/top_k mapped to its max_results/max_matches; any other tool is strict: an "
    "unknown key is refused with 'unknown arg: <key>' and the server is never called. "
    "TOOLARGS_STRICT_ARGS=1 makes read-only tools strict too. Configuration: "
    "[tool.toolargs.proxy] of the nearest pyproject.toml above the current folder, or "
    "--config FILE."
)

EPILOG = """\
example (a client's server configuration):
  {"command": "toolargs", "args": ["proxy", "--", "npx", "-y", "some-mcp-server"]}

exit codes:
  0  the client went away (the server and what it started are stopped)
  2  usage or configuration error, or the MCP Python SDK is missing
"""


def _seconds(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {value!r}")
    if not seconds > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {value!r}")
    return seconds


def add_proxy_parser(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    proxy = commands.add_parser(
        "proxy",
        help="enforce the policy in front of any MCP server, unchanged (stdio)",
        description=textwrap.fill(DESCRIPTION, width=78),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="%(prog)s [options] -- COMMAND [ARG...]",
    )
    proxy.add_argument(
        "--read-only",
        action="append",
        default=[],
        metavar="PATTERN",
        help="tools whose name matches (fnmatch) are read-only, whatever they declare; "
        "repeatable",
    )
    proxy.add_argument(
        "--mutation",
        action="append",
        default=[],
        metavar="PATTERN",
        help="tools whose name matches are mutations, whatever they declare (wins over "
        "--read-only); repeatable",
    )
    proxy.add_argument(
        "--default-mode",
        choices=MODES,
        default=None,
        help="mode of a tool that declares no readOnlyHint and no pattern names "
        "(default: mutation)",
    )
    proxy.add_argument(
        "--timeout",
        type=_seconds,
        default=None,
        metavar="S",
        help=f"seconds to wait for the server's answer to each request; progress "
        f"notifications renew it (default: {DEFAULT_TIMEOUT:g})",
    )
    proxy.add_argument(
        "--config",
        metavar="FILE",
        help="TOML file whose [tool.toolargs.proxy] table to read (default: the nearest "
        "pyproject.toml with one above the current folder)",
    )
    proxy.add_argument(
        "server_command",
        nargs=argparse.REMAINDER,
        metavar="-- COMMAND [ARG...]",
        help="the command that starts the server over stdio",
    )
    proxy.set_defaults(run=run_proxy)


def run_proxy(args: argparse.Namespace) -> int:
    command = list(args.server_command)
    if command and command[0] == "--":
        command = command[1:]
    if not command:
        return _error("no server: give -- COMMAND [ARG...] to start one")
    try:
        if args.config is not None:
            named = Path(args.config)
            if not named.is_file():
                return _error(f"--config {args.config}: no such file")
            found: ProxySettings | None = read_config(named, required=True)
        else:
            found = find_config(Path.cwd())
    except ConfigError as exc:
        return _error(str(exc))
    settings = with_options(
        found or ProxySettings(),
        command,
        read_only=args.read_only,
        mutation=args.mutation,
        default_mode=args.default_mode,
        timeout=args.timeout,
    )
    try:
        sdk = Sdk.load()
    except SdkMissing as exc:
        return _error(str(exc))
    anyio: Any = importlib.import_module("anyio")
    anyio.run(serve, sdk, anyio, settings)
    return EXIT_OK


async def serve(sdk: Sdk, anyio: Any, settings: ProxySettings) -> None:
    """Start the upstream, relay until the client goes away (or a signal), stop it."""
    async with stdio(sdk) as client:
        upstream: Upstream | None = None
        failure = ""
        try:
            upstream = await Upstream.start(settings.command, anyio, sdk)
        except OSError as exc:
            text = exc.strerror or str(exc)
            failure = f"cannot start the upstream server ({' '.join(settings.command)}): {text}"
            log(failure)
        relay = Relay(sdk, anyio, settings, client, upstream, failure)
        signalled: list[int] = []
        try:
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(_stop_on_signal, anyio, tasks.cancel_scope, signalled)
                await relay.run()
                tasks.cancel_scope.cancel()
        finally:
            # A client that waits for the proxy to exit sends SIGTERM after a while: the
            # upstream is stopped first, whatever comes.
            _ignore_signals()
            if upstream is not None:
                await upstream.stop()
        if signalled:
            # The SDK's fallback transport reads stdin in a worker thread that nothing
            # can interrupt: with the upstream stopped, nothing is left to do but leave.
            sys.stderr.flush()
            os._exit(0)


async def _stop_on_signal(anyio: Any, scope: Any, signalled: list[int]) -> None:
    """SIGTERM, SIGINT or SIGHUP end the relay the way the client going away does."""
    wanted = [getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP")
              if hasattr(signal, name)]
    try:
        with anyio.open_signal_receiver(*wanted) as signals:
            async for number in signals:
                signalled.append(number)
                scope.cancel()
                return
    except (NotImplementedError, ValueError, RuntimeError):  # no signals here (Windows)
        await anyio.sleep_forever()


def _ignore_signals() -> None:
    for name in ("SIGTERM", "SIGINT", "SIGHUP"):
        if hasattr(signal, name):
            try:
                signal.signal(getattr(signal, name), signal.SIG_IGN)
            except (ValueError, OSError):  # not the main thread
                pass


def _error(message: str) -> int:
    print(f"toolargs proxy: error: {message}", file=sys.stderr)
    return EXIT_ERROR
