"""`toolargs check|audit|fix`: the checker without flake8, for CI, pre-commit and review.

Exit codes are the contract CI relies on: 0 clean, 1 findings (or a tool that does not
conform), 2 a usage or configuration error, or a file that could not be read or parsed.
No traceback ever reaches the user: anything unexpected is one line and exit 2.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Any, Callable, Sequence

from toolargs import __version__
from toolargs.cli.run import FileResult, Progress, analyze_files, default_jobs
from toolargs.cli.selection import Selection, SelectionError, parse_prefixes
from toolargs.config import Config, ConfigError, FoundConfig, config_for_paths
from toolargs.discovery.schema import load_schema_files
from toolargs.files import DEFAULT_EXCLUDES, PathError, find_files, normalize_patterns
from toolargs.model import Diagnostic, ToolReport
from toolargs.output.audit import Audit, AuditRow, audit_order
from toolargs.output.explain import explain, not_found, rows_named
from toolargs.output.github import format_github
from toolargs.output.html import audit_html
from toolargs.output.json import audit_json, check_json
from toolargs.output.markdown import audit_markdown
from toolargs.output.sarif import audit_sarif, check_sarif
from toolargs.output.rule_docs import rule_index, rule_page
from toolargs.output.servers import once_per_server
from toolargs.output.table import audit_for_terminal, audit_table
from toolargs.output.text import format_text
from toolargs.probe.cli import add_probe_parser
from toolargs.proxy.cli import add_proxy_parser

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2

CHECK_FORMATS = ("text", "json", "sarif", "github")
AUDIT_FORMATS = ("table", "json", "markdown", "sarif", "html")

EXIT_CODES_HELP = """\
exit codes:
  0  no findings
  1  findings reported (audit: a tool does not conform)
  2  usage or configuration error, or a file that cannot be read or parsed
"""
FIX_EXIT_CODES_HELP = """\
exit codes:
  0  everything fixed (or nothing to fix)
  1  findings left that need a person, or, with --diff, a file would change
  2  usage or configuration error, or a file that cannot be read or parsed
"""


class UsageError(Exception):
    """A command line or configuration problem: one line on stderr, exit 2."""


def _jobs(value: str) -> int:
    try:
        jobs = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of processes, got {value!r}")
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1 process, got {jobs}")
    return jobs


def _add_common(parser: argparse.ArgumentParser, *, selection: bool = True) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="files and folders to check; folders are searched for *.py (default: .)",
    )
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="configuration file to read: a pyproject.toml ([tool.toolargs]) or a "
        "setup.cfg, tox.ini or .flake8 (toolargs-* keys of [flake8]); default: the "
        "nearest one configuring toolargs above the checked paths",
    )
    parser.add_argument(
        "--exclude",
        metavar="PATTERNS",
        help="comma-separated globs of files and folders to skip, replacing the default "
        "list of VCS, cache, virtualenv and build folders (.git, .venv, venv, build, dist, "
        "__pycache__, node_modules, ...)",
    )
    parser.add_argument(
        "--extend-exclude",
        metavar="PATTERNS",
        help="comma-separated globs to skip in addition to --exclude",
    )
    if selection:
        parser.add_argument(
            "--select",
            action="append",
            metavar="CODES",
            help="report only these codes or code prefixes, comma-separated (e.g. TAV1,TAV201); "
            "default: every code on by default (TAV402 only when selected)",
        )
        parser.add_argument(
            "--ignore",
            action="append",
            metavar="CODES",
            help="do not report these codes or code prefixes, comma-separated",
        )
    parser.add_argument(
        "--jobs",
        "-j",
        type=_jobs,
        metavar="N",
        default=None,
        help="number of processes to spread files over (default: all cores)",
    )


def _paragraph(text: str) -> str:
    """Descriptions wrapped by hand: the raw formatter keeps the exit code table aligned."""
    return textwrap.fill(text, width=78)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="toolargs",
        description=_paragraph(
            "Check Python MCP servers against the tool argument validation policy: "
            "read-only tools report unknown arguments, mutation tools reject them."
        ),
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"toolargs {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    check = commands.add_parser(
        "check",
        help="report policy violations (the same findings as the flake8 plugin)",
        description=_paragraph(
            "Report every place where a tool handler breaks the tool argument "
            "validation policy, as TAV codes. Honours `# noqa` and `# noqa: TAV101`."
        ),
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_common(check)
    check.add_argument(
        "--format",
        choices=CHECK_FORMATS,
        default="text",
        help="text: path:line:col: CODE message; json: a list of findings; sarif: SARIF "
        "2.1.0 for code scanning; github: workflow annotations (default: text)",
    )
    check.set_defaults(run=run_check)

    audit = commands.add_parser(
        "audit",
        help="list every tool with its mode, handler, schema and verdict",
        description=_paragraph(
            "List every tool found, mutation tools first: its mode and why, "
            "handler location, schema source, KNOWN_ARGS status and verdict, then a "
            "one-line summary. Exits 1 when a listed tool does not conform."
        ),
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_common(audit)
    audit.add_argument(
        "--mutations-only", action="store_true", help="list mutation tools only"
    )
    audit.add_argument(
        "--wide",
        action="store_true",
        help="table: the full table, every cell whole, instead of the terminal's view "
        "grouped by server (pipes and CI always get the full table)",
    )
    audit.add_argument(
        "--explain",
        metavar="TOOL",
        help="print the evidence for one tool: its server, mode and why, handler, schema "
        "source, KNOWN_ARGS, what happens to an unknown key, verdict and each finding "
        "with its location",
    )
    audit.add_argument(
        "--format",
        choices=AUDIT_FORMATS,
        default="table",
        help="table: aligned text (grouped by server in a terminal); json: tools and "
        "summary; markdown: for a pull-request comment; sarif: SARIF 2.1.0 with one "
        "result per finding of each tool; html: one self-contained page for reviewers, "
        "sortable and filterable (default: table)",
    )
    audit.set_defaults(run=run_audit)

    fix = commands.add_parser(
        "fix",
        help="rewrite what is mechanical: KNOWN_ARGS, helper calls, imports",
        description=_paragraph(
            "Apply the mechanical fixes: KNOWN_ARGS synced with the schema, "
            "collect_unknown_args and conditional unknown_args in read-only handlers, "
            "reject_unknown_args first in mutation handlers, and the import. Files are "
            "written only when the result parses; everything else stays byte-for-byte."
        ),
        epilog=FIX_EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_common(fix)
    fix.add_argument(
        "--diff", action="store_true", help="print a unified diff instead of writing files"
    )
    fix.set_defaults(run=run_fix)

    rule = commands.add_parser(
        "rule",
        help="print the documentation of a code (TAV101), or list every code",
        description=_paragraph(
            "Print a rule's page: what it checks, why it matters, an example, the fix, "
            "its options and what `toolargs fix` does with it. Exits 2 for an unknown code."
        ),
    )
    rule.add_argument("code", nargs="?", metavar="CODE", help="a code such as TAV101")
    rule.add_argument("--all", action="store_true", help="list every code")
    rule.set_defaults(run=run_rule)
    add_probe_parser(commands)
    add_proxy_parser(commands)
    return parser


# --- Shared set-up: configuration, files, selection. ---


def find_config(args: argparse.Namespace) -> FoundConfig:
    """The configuration of the checked paths (or `--config`), whatever the current folder."""
    named = None
    if args.config is not None:
        named = Path(args.config)
        if not named.is_file():
            raise UsageError(f"--config {args.config}: no such file")
    found = config_for_paths(args.paths or ["."], named)
    # A missing or malformed schema file is a configuration error, whether or not any
    # file of this run gets as far as needing it.
    load_schema_files(found.config)
    return found


def selection_of(args: argparse.Namespace) -> Selection:
    select = parse_prefixes(args.select, "--select") if args.select else None
    ignore = parse_prefixes(args.ignore, "--ignore") if args.ignore else ()
    return Selection(select=select, ignore=ignore)


def files_of(args: argparse.Namespace, found: FoundConfig) -> list[Path]:
    excludes = DEFAULT_EXCLUDES if args.exclude is None else _split(args.exclude)
    patterns = normalize_patterns([*excludes, *_split(args.extend_exclude or "")])
    return find_files(args.paths or ["."], patterns, warn=_warn, base=found.project_root)


def _warn(text: str) -> None:
    print(f"toolargs: warning: {text}", file=sys.stderr)


def _split(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


def analyze(
    args: argparse.Namespace, config: Config, selection: Selection, files: list[Path]
) -> list[FileResult]:
    jobs = args.jobs if args.jobs is not None else default_jobs()
    return analyze_files(files, config, selection, jobs, Progress.for_terminal(len(files)))


def reported(results: list[FileResult]) -> list[Diagnostic]:
    """Every finding left after `# noqa`, in output order (the analysis applied the
    selection), a server-level one once per server."""
    return once_per_server(sorted(d for r in results for d in r.kept))


def report_errors(results: list[FileResult]) -> list[str]:
    """Print each unreadable or unparsable file once on stderr; the run goes on."""
    errors = sorted(r.report.error for r in results if r.report.error)
    for error in errors:
        print(error, file=sys.stderr)
    return errors


# --- Commands. ---


def run_check(args: argparse.Namespace) -> int:
    found = find_config(args)
    config = found.config
    selection = selection_of(args)
    results = analyze(args, config, selection, files_of(args, found))
    diagnostics = reported(results)
    errors = report_errors(results)
    formatters: dict[str, Callable[[], str]] = {
        "text": lambda: format_text(diagnostics),
        "json": lambda: check_json(diagnostics),
        "sarif": lambda: check_sarif(diagnostics, errors),
        "github": lambda: format_github(diagnostics),
    }
    sys.stdout.write(formatters[args.format]())
    if errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if diagnostics else EXIT_CLEAN


def _noqa_codes(tool: ToolReport, result: FileResult) -> set[str]:
    """Codes of this tool that only `# noqa`-silenced findings carry."""
    def concerns(d: Diagnostic) -> bool:
        return d.tool in (tool.name, None)

    silenced = {d.code for d in result.suppressed if concerns(d)}
    still_reported = {d.code for d in result.kept if concerns(d)}
    return silenced - still_reported


def audit_rows(results: list[FileResult], mutations_only: bool) -> list[AuditRow]:
    rows = []
    for result in results:
        for tool in result.report.tools:
            if mutations_only and tool.mode != "mutation":
                continue
            codes = list(dict.fromkeys(tool.findings))
            silenced = _noqa_codes(tool, result)
            rows.append(
                AuditRow(
                    tool,
                    findings=tuple(c for c in codes if c not in silenced),
                    suppressed=tuple(c for c in codes if c in silenced),
                )
            )
    return sorted(rows, key=audit_order)


def run_audit(args: argparse.Namespace) -> int:
    found = find_config(args)
    config = found.config
    selection = selection_of(args)
    results = analyze(args, config, selection, files_of(args, found))
    errors = report_errors(results)
    audit = Audit(
        rows=tuple(audit_rows(results, args.mutations_only)),
        diagnostics=tuple(reported(results)),
        errors=tuple(errors),
    )
    if args.explain is not None:
        return explain_tool(args, audit)
    formatters: dict[str, Callable[[Audit], str]] = {
        "table": lambda audit: table_for(audit, args.wide),
        "json": audit_json,
        "markdown": audit_markdown,
        "sarif": audit_sarif,
        "html": audit_html,
    }
    sys.stdout.write(formatters[args.format](audit))
    if errors:
        return EXIT_ERROR
    return EXIT_CLEAN if all(row.conforms for row in audit.rows) else EXIT_FINDINGS


def table_for(audit: Audit, wide: bool) -> str:
    """A terminal gets the tools grouped by server within its width; pipes, CI and
    `--wide` the full table."""
    width = None if wide else terminal_width()
    return audit_table(audit) if width is None else audit_for_terminal(audit, width)


def explain_tool(args: argparse.Namespace, audit: Audit) -> int:
    if args.format != "table":
        raise UsageError("--explain prints text: leave out --format")
    rows = rows_named(audit, args.explain)
    if not rows:
        raise UsageError(not_found(audit, args.explain))
    sys.stdout.write(explain(audit, args.explain, terminal_width()))
    return EXIT_CLEAN if all(row.conforms for row in rows) else EXIT_FINDINGS


def run_fix(args: argparse.Namespace) -> int:
    found = find_config(args)
    config = found.config
    selection = selection_of(args)
    files = files_of(args, found)
    try:
        # Imported only here: check and audit must not pay for the rewriting machinery.
        fixer: Any = importlib.import_module("toolargs.fixer")
    except ModuleNotFoundError as exc:
        if exc.name != "toolargs.fixer":
            raise
        raise UsageError("`toolargs fix` is not available in this installation") from None
    summary = fixer.fix_paths(
        files, config, diff=args.diff, select=selection.select, ignore=selection.ignore,
        roots=[Path(p) for p in args.paths or ["."]],
    )
    exit_code = getattr(summary, "exit_code", EXIT_CLEAN)
    return exit_code if isinstance(exit_code, int) else EXIT_CLEAN


def terminal_width(stream: Any = None) -> int | None:
    """The width to fit a table to: a terminal's, or None (full cells) for pipes and CI."""
    stream = sys.stdout if stream is None else stream
    try:
        interactive = stream.isatty()
    except (AttributeError, ValueError):
        interactive = False
    if not interactive or os.environ.get("CI"):
        return None
    return shutil.get_terminal_size().columns


def run_rule(args: argparse.Namespace) -> int:
    if args.all:
        sys.stdout.write(rule_index())
        return EXIT_CLEAN
    if not args.code:
        raise UsageError("rule: name a code (toolargs rule TAV101) or use --all")
    page = rule_page(args.code.upper())
    if page is None:
        raise UsageError(f"rule: unknown code {args.code!r} (toolargs rule --all lists them)")
    sys.stdout.write(page)
    return EXIT_CLEAN


# --- Entry point. ---


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error argparse reported
        return exc.code if isinstance(exc.code, int) else EXIT_ERROR
    command: Callable[[argparse.Namespace], int] = args.run
    # Everything imported so far lives as long as the process: keep the cyclic garbage
    # collector from walking it again and again while libcst builds and drops trees.
    gc.freeze()
    try:
        return command(args)
    except (UsageError, ConfigError, SelectionError, PathError) as exc:
        print(f"toolargs: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("toolargs: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`| head`); say nothing more on a closed stdout.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_ERROR
    except Exception as exc:  # never a traceback: one line naming the failure
        text = str(exc).replace("\n", " ")
        print(f"toolargs: internal error: {type(exc).__name__}: {text}", file=sys.stderr)
        return EXIT_ERROR
