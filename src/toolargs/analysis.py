"""The analysis engine: one parse, one model, every rule, positioned diagnostics.

Front ends (the flake8 plugin, `toolargs check`/`audit`/`fix`) call `analyze_source` or
`analyze_path` and receive a picklable `FileReport`; nothing here raises into them.
"""

from __future__ import annotations

import os
from contextlib import nullcontext
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable

import libcst as cst

from toolargs.behaviour import assign_behaviours
from toolargs.codes import CODES, message, tool_names
from toolargs.config import Config, ConfigError
from toolargs.discovery import build_model
from toolargs.discovery.flow_link import begin_model
from toolargs.discovery.index import ModuleIndex
from toolargs.discovery.project import project_for
from toolargs.model import (
    Diagnostic,
    FileReport,
    Finding,
    ModuleModel,
    Place,
    Step,
    Tool,
    ToolReport,
)
from toolargs.positions import positions
from toolargs.prefilter import may_define_tools
from toolargs.rules import judge, servers
from toolargs.source import SourceError, TooDeep, guard, overlaid, parse_shared, parsed, read


@dataclass
class Analysis:
    """The model and the findings of one module, before they become a report."""

    model: ModuleModel
    findings: list[Finding]


def analyze_module(
    module: cst.Module, path: str, config: Config, source: str | None = None
) -> Analysis:
    """Discover and judge an already parsed module (used by `toolargs fix` too)."""
    model = build_model(module, path, config, source)
    return Analysis(model, judge(model, config))


CodeFilter = Callable[[str], bool]


def enabled_by_default(code: str) -> bool:
    return CODES[code].default_enabled


def _unsaved(path: str, source: str) -> bool:
    """Whether `source` is not what the file at `path` holds."""
    if not path:
        return False
    try:
        return read(Path(path)) != source
    except SourceError:
        return True


def analyze_source(
    source: str,
    path: str,
    config: Config,
    enabled: CodeFilter = enabled_by_default,
    *,
    read_from_path: bool = False,
) -> FileReport:
    """Judge one module's source. Bad input never raises: it becomes `error` (one line) or
    a TAV999 finding. Only a ConfigError (an unusable schema file) propagates: it concerns
    the whole run, not this file.

    `enabled` decides which codes are reported (and count against a tool's verdict);
    by default every code except those off by default (TAV402). `read_from_path`: the
    caller read `source` from `path` just now (else it is compared with the file, and the
    package analysis reads it in the file's place where they differ).
    """
    if not may_define_tools(source, config):
        return FileReport(path)
    try:
        module = project_for(config).parsed(path, source) if path else None
        if module is None:  # not already parsed as another file's import in this run
            module = parse(source, path)
    except TooDeep as exc:
        # Unjudged, and said so twice: as a finding (flake8, SARIF, JSON show it) and as
        # the error line that makes the CLI exit 2.
        refused = Diagnostic(path, exc.line, 1, "TAV903", message("TAV903", why=exc.why))
        return FileReport(path, (refused,) if enabled("TAV903") else (), error=str(exc))
    except SourceError as exc:
        return FileReport(path, error=str(exc))
    try:
        # Where the text checked is not the file's (an editor's buffer, flake8's stdin, a
        # fix being confirmed), the package analysis reads it for `path` too.
        unsaved = not read_from_path and _unsaved(path, source)
        with overlaid(path, source) if unsaved else nullcontext():
            analysis = _analyze_shared(module, path, config, source)
        analysis.findings = [f for f in analysis.findings if enabled(f.code)]
        return report(analysis, path, source)
    except ConfigError:
        raise
    except (RecursionError, MemoryError) as exc:
        why = f"too deeply nested to analyse ({type(exc).__name__})"
    except Exception as exc:  # noqa: BLE001 - a checker bug must cost one finding, not the run
        why = f"{type(exc).__name__}: {exc}"
    return FileReport(path, (Diagnostic(path, 1, 1, "TAV999", message("TAV999", why=why)),))


def _analyze_shared(module: cst.Module, path: str, config: Config, source: str) -> Analysis:
    """`analyze_module`, on the model of this text built already in this process when
    there is one (for a server of another module of its package: `rules.servers`), and
    keeping its own for them otherwise: each module of a run is modelled once."""
    begin_model()  # what was stamped for another file's analysis may be stale
    model = servers.model_of(path, source, module, config) if path else None
    if model is None:
        model = build_model(module, path, config, source)
        if path:  # kept before it is judged: judging a server it builds reads it too
            assign_behaviours(model)
            servers.keep(path, source, config, model)
    findings = judge(model, config)  # assigning behaviours again changes nothing
    return Analysis(model, findings)


def parse(source: str, path: str) -> cst.Module:
    """Parse with libcst, or raise SourceError with one line naming the file and why.

    The guard runs first: past its limits the native parser may crash the process. A
    text another reader (the value-flow analysis) has parsed already was guarded then.
    """
    tree = parsed(source, path)
    if tree is not None:
        return tree
    guard(source, path)
    try:
        return parse_shared(source, path)
    except cst.ParserSyntaxError as exc:
        where = f"{path}:{exc.raw_line}:{exc.raw_column + 1}"
        raise SourceError(f"{where}: cannot parse: {exc.message}") from None
    except (RecursionError, MemoryError) as exc:
        why = f"too deeply nested to parse ({type(exc).__name__})"
        raise SourceError(f"{path}: {why}") from None


def analyze_path(
    path: Path, config: Config, enabled: CodeFilter = enabled_by_default
) -> FileReport:
    try:
        source = read(path)
    except SourceError as exc:
        return FileReport(str(path), error=str(exc))
    return analyze_source(source, str(path), config, enabled, read_from_path=True)


Position = tuple[int, int]


def place(
    model: ModuleModel, findings: list[Finding], source: str | None = None
) -> tuple[list[Position], dict[int, Position]]:
    """Where each finding (in order) and each tool (by id) is reported in the checked
    module, from one call to `positions`. A finding whose node is in another module
    points at its tool (as flake8 reports it; `report` also says where the node is).

    `source`, the text the module was parsed from, saves most of the code generation.
    """
    where, tools, _, _ = _place(model, findings, source)
    return where, tools


Elsewhere = tuple[str, int, int]  # the path of another module, line, column


def _place(
    model: ModuleModel,
    findings: list[Finding],
    source: str | None,
    more: Iterable[cst.CSTNode] = (),
) -> tuple[list[Position], dict[int, Position], list[Elsewhere | None], dict[int, Position]]:
    """`place`, with where each finding outside the module is, and the positions of
    `more` nodes of the module (found by the same call to `positions`)."""
    anchors = [f.node for f in findings if f.node is not None]
    anchors += [tool.anchor for tool in model.tools]
    anchors += more
    located = positions(model.module, anchors, source, model.statement_of)
    tools = {id(tool): located.get(id(tool.anchor), (1, 1)) for tool in model.tools}
    by_name = {tool.name: tools[id(tool)] for tool in model.tools}
    where = [
        (located.get(id(f.node)) if f.node is not None else None)
        or by_name.get(f.tool or "", (1, 1))
        for f in findings
    ]
    outside = [f if f.node is not None and id(f.node) not in located else None for f in findings]
    return where, tools, _elsewhere(model, outside), located


def _elsewhere(model: ModuleModel, outside: list[Finding | None]) -> list[Elsewhere | None]:
    """Where in another module each given finding's node is: the modules defining the
    tools' handlers (functions imported by a dispatcher or a registry), then the modules
    those import (helpers the handlers call)."""
    found: list[Elsewhere | None] = [None] * len(outside)
    if not any(outside):
        return found

    def other(index: ModuleIndex | None) -> bool:
        return index is not None and index.path is not None and index.module is not model.module

    candidates: dict[int, ModuleIndex] = {}
    for tool in model.tools:
        function = tool.handler.function if tool.handler else None
        if function is not None and function.index is not None and other(function.index):
            candidates.setdefault(id(function.index), function.index)
    for index in list(candidates.values()):
        for loaded in index.loaded.values():
            if loaded is not None and other(loaded):
                candidates.setdefault(id(loaded), loaded)
    for index in candidates.values():
        wanted = [
            (number, f.node)
            for number, f in enumerate(outside)
            if f is not None and f.node is not None and found[number] is None
            and id(f.node) in index.statement_of
        ]
        if not wanted:
            continue
        located = positions(index.module, [node for _, node in wanted], None, index.statement_of)
        path = _shown(index.path, model.path)
        for number, node in wanted:
            if id(node) in located:
                found[number] = (path, *located[id(node)])
    return found


def _shown(path: Path | None, checked: str) -> str:
    """Another module's path, written like the checked one: relative when it is."""
    if path is None:
        return "?"
    if Path(checked).is_absolute() or not path.is_absolute():
        return str(path)
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive
        return str(path)


def report(analysis: Analysis, path: str, source: str | None = None) -> FileReport:
    """Position the findings and the tools, once, and flatten them for front ends.

    A finding whose evidence is in another module is reported there, its message naming
    where the tool is; flake8 reports it at the tool instead (`Diagnostic.at_tool`), its
    message naming where the evidence is.
    """
    model, findings = analysis.model, analysis.findings
    wanted = _tool_nodes(model)
    where, tool_lines, elsewhere, located = _place(
        model, findings, source, [node for pair in wanted.values() for node in pair if node]
    )
    diagnostics = []
    for f, (line, col), other in zip(findings, where, elsewhere):
        if f.reported_at:  # by the module building the server: here only for the audit
            continue
        if other is None:
            diagnostics.append(
                Diagnostic(path, line, col, f.code, f.message, f.tool, None, f.covers, f.server)
            )
            continue
        other_path, other_line, other_col = other
        tool = f"tool '{f.tool}'" if f.tool else "the tool"
        at_tool = (path, line, col, f"{f.message} (in {other_path}:{other_line})")
        there = f"{f.message} ({tool} registered at {path}:{line})"
        diagnostics.append(
            Diagnostic(other_path, other_line, other_col, f.code, there, f.tool, at_tool)
        )
    diagnostics = once_per_place(diagnostics)
    places = _tool_places(model, wanted, located)
    tools = tuple(
        replace(
            _tool_report(tool, path, tool_lines[id(tool)], findings),
            server_place=places[id(tool)][0],
            handler_place=places[id(tool)][1],
        )
        for tool in model.tools
    )
    return FileReport(path, tuple(diagnostics), tools)


def once_per_place(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """`diagnostics` sorted, the findings of one code at one place merged into one.

    Code that several tools share (a dispatcher's check before its branches, a helper
    every handler calls) gives each tool the same finding at the same line: one remedy
    there fixes them all, so it is reported once, naming the tools it covers. The tools'
    own verdicts (the audit) still count it for each.
    """
    groups: dict[tuple[str, int, int, str, str], list[Diagnostic]] = {}
    for diagnostic in diagnostics:
        if diagnostic.tool is not None and not diagnostic.server:
            # the same claim and remedy but for the tool's name
            said = diagnostic.message.replace(f"'{diagnostic.tool}'", "'*'")
            key = (diagnostic.path, diagnostic.line, diagnostic.col, diagnostic.code, said)
            groups.setdefault(key, []).append(diagnostic)
    merged: dict[int, Diagnostic] = {}
    dropped: set[int] = set()
    for group in groups.values():
        names = tuple(dict.fromkeys(d.tool for d in group if d.tool is not None))
        if len(names) < 2:
            continue
        first = min(group)
        assert first.tool is not None
        others = tuple(name for name in names if name != first.tool)
        quoted = f"'{first.tool}'"
        also = f"{quoted} (and {tool_names(others)}, at the same place)"
        text = first.message.replace(quoted, also, 1)
        merged[id(first)] = replace(first, message=text, covers=(first.tool, *others))
        dropped.update(id(d) for d in group if d is not first)
    return sorted(merged.get(id(d), d) for d in diagnostics if id(d) not in dropped)


ToolNodes = dict[int, tuple[cst.CSTNode | None, cst.CSTNode | None]]


def _tool_nodes(model: ModuleModel) -> ToolNodes:
    """By tool: the call constructing its server and the name of its handler's `def`,
    when the model holds those nodes: a server built in another module is not placed
    (its node here is the first tool's anchor); a dispatcher branch (no `def` of its own)
    is placed at the `def` of the function it is a branch of."""
    anchors = {id(tool.anchor) for tool in model.tools}
    wanted: ToolNodes = {}
    for tool in model.tools:
        server = tool.server_model.node if tool.server_model else None
        if not isinstance(server, cst.Call) or id(server) in anchors:
            server = None
        handler = tool.handler.node if tool.handler else None
        placed: cst.CSTNode | None = handler.name if isinstance(handler, cst.FunctionDef) else None
        function = tool.handler.function if tool.handler else None
        if placed is None and function is not None and handler is not function.node:
            placed = function.node.name  # a branch: the function it is a branch of
        if isinstance(tool.anchor, cst.Lambda):  # a table's lambda: the handler is there
            placed = tool.anchor
        wanted[id(tool)] = (server, placed)
    return wanted


def _tool_places(
    model: ModuleModel, wanted: ToolNodes, here: dict[int, Position]
) -> dict[int, tuple[Place | None, Place | None]]:
    """Where each tool's server is constructed and its handler's `def` is, from the
    positions `here` of the nodes `_tool_nodes` gives."""
    places: dict[int, tuple[Place | None, Place | None]] = {}
    for tool in model.tools:
        server, handler = wanted[id(tool)]
        server_at = here.get(id(server)) if server is not None else None
        handler_place = None
        if handler is not None:
            function = tool.handler.function if tool.handler else None
            index = function.index if function is not None else None
            if id(handler) in here:
                handler_place = Place(model.path, here[id(handler)][0])
            elif index is not None and index.module is not model.module:
                there = positions(index.module, [handler], None, index.statement_of)
                if id(handler) in there:
                    handler_place = Place(_shown(index.path, model.path), there[id(handler)][0])
        server_place = Place(model.path, server_at[0]) if server_at else None
        built_at = tool.server_model.built_at if tool.server_model else None
        if server_place is None and built_at is not None:
            server_place = Place(_shown(Path(built_at[0]), model.path), built_at[1])
        places[id(tool)] = (server_place, handler_place)
    return places


def _tool_report(
    tool: Tool, path: str, where: tuple[int, int], findings: list[Finding]
) -> ToolReport:
    codes = sorted({f.code for f in findings if f.tool == tool.name or tool.name in f.covers})
    return ToolReport(
        name=tool.name,
        mode=tool.mode,
        mode_source=tool.mode_source,
        shape=tool.shape,
        path=path,
        line=where[0],
        col=where[1],
        handler=tool.handler.label if tool.handler else None,
        schema_source=(
            tool.schema.source
            if tool.schema.properties is not None
            else f"unresolved: {tool.schema.why_unresolved}"
        ),
        known_args=_known_args_status(tool, codes),
        strict=_strict(tool),
        findings=tuple(codes),
        unknown_keys=tool.behaviour.unknown_keys if tool.behaviour else "unknown",
        handled_by=tool.behaviour.handled_by if tool.behaviour else "handler",
        framework=tool.server_model.framework_id if tool.server_model else "",
        framework_version=tool.framework_version,
        server=tool.server_model.name if tool.server_model else (tool.server or ""),
        unknown_keys_why=tool.behaviour.what if tool.behaviour else "",
        name_unread=tool.name_unread and not tool.name_as_listed,
    )


def _known_args_status(tool: Tool, codes: list[str]) -> str:
    if tool.behaviour is not None and tool.behaviour.before_handler:
        return f"n/a ({tool.behaviour.handled_by} decides)"
    if tool.enforcement is not None:
        return "from schema (central)"
    handler = tool.handler
    if handler is None or handler.args_name is None:
        return "n/a (keyword-style)"
    known = tool.known_args
    if known is None:
        return "missing"
    if known.from_schema:
        return "from schema"
    if known.keys is None:
        return "unverifiable"
    if any(code.startswith("TAV3") for code in codes):
        return "drift"
    return "ok"


def _strict(tool: Tool) -> bool:
    """Mutation tools: unknown keys rejected before any side effect (or centrally)."""
    behaviour = tool.behaviour
    if behaviour is not None and behaviour.handled_by != "handler":
        # A schema, the framework or toolargs decides before the handler runs.
        wanted = "rejected" if tool.mode == "mutation" else "reported"
        return behaviour.unknown_keys == wanted
    if tool.enforcement is not None:
        return True
    handler = tool.handler
    if handler is None:
        return False
    if handler.args_name is None:
        # Python refuses unknown keyword arguments, unless a framework drops them first.
        return tool.server is None or tool.rejected_by is not None
    for event in handler.events:
        if event.step is Step.SIDE_EFFECT:
            return False
        if event.step is Step.REJECT:
            return True
    return False
