"""`toolargs probe`: the command line, and one run from start to report."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import textwrap
from pathlib import Path
from collections.abc import Awaitable
from typing import Any, Callable

from toolargs.config import ConfigError
from toolargs.files import PathError
from toolargs.model import ToolReport
from toolargs.probe.client import (
    Connection,
    SdkMissing,
    ServerStartError,
    Target,
    sdk_version,
    with_server,
)
from toolargs.probe.crosscheck import StaticAudit, config_for, cross_check, static_audit
from toolargs.probe.listing import ListedTool, ModeChoice, mode_of
from toolargs.probe.output import probe_json, probe_markdown, probe_table
from toolargs.probe.report import EXIT_ERROR, ProbeReport
from toolargs.probe.runner import Options, ServerGone, ToolResult, probe_tool
from toolargs.runtime import strict_args_enabled

FORMATS = ("table", "json", "markdown")

DESCRIPTION = (
    "Start an MCP server (or reach one at --url) with the MCP Python SDK's client, list "
    "its tools and check each by calling it: read-only tools with minimal arguments "
    "synthesised from their schema plus an unknown key (it must come back in "
    "unknown_args), and with `limit` against their limit field. Mutation tools, and "
    "tools whose read-only mode is only a guess (no readOnlyHint: true listed, nor, with "
    "--source, a read-only annotation or effects in the code), are called only with "
    "--mutations. --source cross-checks the listed tools against the static audit of the "
    "server's code."
)

EXIT_CODES_HELP = """\
exit codes:
  0  every probed tool conforms (and, with --source, the cross-check is clean)
  1  a probed tool does not conform, or the cross-check found a difference
  2  usage error, or the server could not be started, initialised or probed to the end
"""

MUTATIONS_HELP = (
    "also call mutation tools, each once with valid arguments plus an unknown key, and "
    "tools whose mode is not established (read-only only by name or default). A tool "
    "that does not refuse the key RUNS, with its side effects: use this only against a "
    "disposable instance"
)


def _seconds(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {value!r}")
    if not seconds > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {value!r}")
    return seconds


def _value(text: str) -> tuple[str, Any]:
    name, equals, raw = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw  # not JSON: the text itself, as a string
    return name.strip(), value


def _example_call(text: str) -> tuple[str, dict[str, Any]]:
    name, equals, raw = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"expected TOOL=JSON, got {text!r}")
    try:
        value = json.loads(raw)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{name.strip()}: not JSON ({exc})") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(f"{name.strip()}: expected a JSON object of arguments")
    return name.strip(), value


def add_probe_parser(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    probe = commands.add_parser(
        "probe",
        help="check a running server through the MCP client: unknown keys and aliases",
        description=textwrap.fill(DESCRIPTION, width=78),
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="%(prog)s [options] -- COMMAND [ARG...]\n       %(prog)s [options] --url URL",
    )
    probe.add_argument(
        "--format",
        choices=FORMATS,
        default="table",
        help="table: aligned text; json: tools and summary; markdown: for a pull-request "
        "comment (default: table)",
    )
    probe.add_argument(
        "--source",
        metavar="PATH",
        help="the server's source: audit it statically and cross-check the listed tools",
    )
    probe.add_argument(
        "--config",
        metavar="FILE",
        help="configuration file (pyproject.toml, setup.cfg, tox.ini, .flake8) for modes, "
        "limit fields and aliases; default: the nearest one configuring toolargs above "
        "--source, else above the current folder",
    )
    probe.add_argument(
        "--value",
        action="append",
        type=_value,
        default=[],
        metavar="NAME=VALUE",
        help="use VALUE (JSON, else a string) for every tool's top-level property NAME "
        "instead of a synthesised one, e.g. --value repo_path=/tmp/repo --value "
        "timezone=UTC; repeatable",
    )
    probe.add_argument(
        "--args",
        action="append",
        type=_example_call,
        default=[],
        metavar="TOOL=JSON",
        help="call TOOL with these arguments (a JSON object) instead of synthesised ones: "
        "an example call that returns several results decides the limit alias, e.g. "
        "--args search='{\"query\": \"invoice\"}'; repeatable",
    )
    probe.add_argument("--mutations", action="store_true", help=MUTATIONS_HELP)
    probe.add_argument(
        "--timeout",
        type=_seconds,
        default=30.0,
        metavar="S",
        help="seconds to wait for initialize and for each call (default: 30)",
    )
    probe.add_argument(
        "--url", metavar="URL", help="a streamable-HTTP server to reach instead of a command"
    )
    probe.add_argument(
        "server_command",
        nargs=argparse.REMAINDER,
        metavar="-- COMMAND [ARG...]",
        help="the command that starts the server over stdio",
    )
    probe.set_defaults(run=run_probe)


def run_probe(args: argparse.Namespace) -> int:
    try:
        target = _target(args)
        source = Path(args.source) if args.source else None
        found = config_for(source, Path(args.config) if args.config else None)
        config = found.config
        audit = static_audit(source, found) if source is not None else None
    except (UsageError, ConfigError, PathError) as exc:
        return _error(str(exc))
    options = Options(
        mutations=args.mutations,
        values=dict(args.value),
        args=dict(args.args),
        strict_env=strict_args_enabled(),
        config=config,
    )
    try:
        report = asyncio.run(with_server(target, _prober(target, options, audit)))
    except SdkMissing as exc:
        return _error(str(exc))
    except ServerStartError as exc:
        return _error(f"{target.describe()}: {exc}")
    formatters: dict[str, Callable[[ProbeReport], str]] = {
        "table": probe_table,
        "json": probe_json,
        "markdown": probe_markdown,
    }
    sys.stdout.write(formatters[args.format](report))
    if report.stopped:
        print(f"toolargs probe: error: {report.stopped}", file=sys.stderr)
    return report.exit_code


class UsageError(Exception):
    pass


def _target(args: argparse.Namespace) -> Target:
    command = list(args.server_command)
    if command and command[0] == "--":
        command = command[1:]
    if args.url and command:
        raise UsageError("give either --url URL or -- COMMAND, not both")
    if not args.url and not command:
        raise UsageError("no server: give -- COMMAND [ARG...] to start one, or --url URL")
    return Target(command=tuple(command), url=args.url, timeout=args.timeout)


def _error(message: str) -> int:
    print(f"toolargs probe: error: {message}", file=sys.stderr)
    return EXIT_ERROR


def _prober(
    target: Target, options: Options, audit: StaticAudit | None
) -> Callable[[Connection], Awaitable[ProbeReport]]:
    async def probe(connection: Connection) -> ProbeReport:
        try:
            wire = await connection.list_tools()
        except Exception as exc:  # a server that lists nothing usable is not probed
            raise ServerStartError(f"tools/list failed: {_reason(exc)}") from None
        tools = [ListedTool.from_wire(entry) for entry in wire]
        for name in sorted(set(options.args) - {tool.name for tool in tools}):
            print(f"toolargs probe: warning: --args {name}=...: the server lists no tool "
                  f"{name!r}", file=sys.stderr)
        static = audit.by_name() if audit is not None else {}
        choices: dict[str, ModeChoice] = {}
        results: list[ToolResult] = []
        stopped = ""
        for tool in tools:
            choice = mode_of(tool, static.get(tool.name), options.config)
            choices[tool.name] = choice
            if stopped:
                results.append(_not_reached(tool, choice, static.get(tool.name)))
                continue
            try:
                results.append(
                    await probe_tool(connection, tool, choice, static.get(tool.name), options)
                )
            except ServerGone as gone:
                results.append(gone.result)
                stopped = f"the server went away while {tool.name!r} was probed"
        info = connection.info
        return ProbeReport(
            target=target.describe(),
            server=" ".join(part for part in (info.name, info.version) if part),
            sdk=f"mcp {sdk_version()}",
            tools=tuple(results),
            cross_check=cross_check(audit, choices) if audit is not None else None,
            mutations=options.mutations,
            stopped=stopped,
        )

    return probe


def _not_reached(
    tool: ListedTool, choice: ModeChoice, static: ToolReport | None
) -> ToolResult:
    return ToolResult(
        name=tool.name,
        mode=choice.mode,
        mode_source=choice.source,
        probed=False,
        unknown_keys=None,
        alias=None,
        conforms=None,
        static=static,
        note="not probed: the server went away",
        mode_established=choice.established,
    )


def _reason(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError):
        return "no answer in time"
    return f"{type(exc).__name__}: {exc}".split("\n")[0]
