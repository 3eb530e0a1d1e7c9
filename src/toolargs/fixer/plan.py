"""From findings to edits: one small fix per code, or the reason it is not mechanical.

Each fix plans its edits into a patch of its own; the patch joins the file's edits only
whole, so a fix that cannot be completed (or that collides with another) changes
nothing and its finding is left, with the reason, for a person.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Callable, Mapping, Sequence

import libcst as cst

from toolargs.codes import CODES
from toolargs.config import Config
from toolargs.discovery.literals import dotted_name, keyword, positional, snippet, string_value
from toolargs.discovery.walk import walk
from toolargs.fixer.edits import Conflict, Edits, Replacement
from toolargs.fixer.imports import add_runtime_names
from toolargs.fixer.known_args import (
    KEY_LIST_CODES,
    constant_name,
    constant_statement,
    corrected_keys,
    expected_keys,
    key_list,
    literal_keys,
    rewrite_key_list,
    same_keys,
)
from toolargs.fixer.layout import quote_of, string_literal
from toolargs.fixer.line_length import DEFAULT_LINE_LENGTH
from toolargs.fixer.tree import Tree, body_of, local_nodes, names_used, returns
from toolargs.fixer.wrap import Room, code_of, laid_out
from toolargs.behaviour import major_of
from toolargs.model import Event, Finding, Handler, ModuleModel, Server, Step, Tool
from toolargs.positions import positions
from toolargs.remedy import misjudged, policy_options
from toolargs.rules.base import checked_dict_handler
from toolargs.rules.servers import served_tools

# TAV501 (SDK servers drop unknown keys) and TAV503 (fastmcp or a closed schema rejects
# them, read-only tools included) are both fixed by enforce_policy(server).
ENFORCEMENT_CODES = frozenset({"TAV501", "TAV503", "TAV505"} & set(CODES))
# enforce_policy takes every server the checker knows, the SDK's low-level Server included
ENFORCEABLE = frozenset(
    {"mcp-fastmcp", "mcp-mcpserver", "fastmcp", "mcp-lowlevel", "chuk-mcp-server"}
)
FIXABLE = frozenset(
    {"TAV101", "TAV103", "TAV104", "TAV201", "TAV203", *KEY_LIST_CODES, *ENFORCEMENT_CODES}
)
# What enforce_policy(server) fixes for a tool of that server: the policy runs before the
# handler (its keys, aliases, rejection and report come from the schema). Not TAV103 (the
# handler itself adds an empty unknown_args) nor TAV301 (the handler's own list still
# refuses or reports a schema key): those keep their edit.
FIXED_BY_SERVER = frozenset({"TAV101", "TAV104", "TAV201", "TAV203", *KEY_LIST_CODES} - {"TAV301"})
LENIENT = (Step.COLLECT, Step.ATTACH, Step.ATTACH_ALWAYS, Step.ATTACH_GUARDED)
UNKNOWN_NAMES = ("unknown", "unknown_args", "unknown_keys")
MAX_REEXPORTS = 4  # `from .app import mcp` through re-exporting modules


class NotMechanical(Exception):
    """The finding needs a person; the message says why, for the summary."""


@dataclass
class Plan:
    edits: Edits
    planned: list[Finding] = field(default_factory=list)
    reasons: dict[tuple[str, str | None], str] = field(default_factory=dict)
    # Servers built in another module (name there -> that module's path): `fix_paths`
    # adds enforce_policy there, once, when that module is among the files it fixes.
    elsewhere: dict[str, str] = field(default_factory=dict)
    # For each of those: the tools of this module whose mode enforce_policy must be told
    modes: dict[str, Modes] = field(default_factory=dict)


@dataclass(frozen=True)
class Modes:
    """Tools whose mode the checker knows (effects, markers) and a running server, which
    sees only names and annotations, would get wrong: enforce_policy is told them."""

    mutations: frozenset[str] = frozenset()
    read_only: frozenset[str] = frozenset()

    def __or__(self, other: Modes) -> Modes:
        return Modes(self.mutations | other.mutations, self.read_only | other.read_only)


def plan_fixes(
    module: cst.Module,
    model: ModuleModel,
    findings: Sequence[Finding],
    config: Config,
    *,
    line_length: int = DEFAULT_LINE_LENGTH,
) -> Plan:
    return _Planner(module, model, config, line_length).plan(findings)


def plan_enforcement(
    module: cst.Module,
    model: ModuleModel,
    names: Mapping[str, Modes],
    config: Config,
    *,
    line_length: int = DEFAULT_LINE_LENGTH,
) -> Plan:
    """enforce_policy for the servers `names` that this module builds (for tools of
    other modules, whose modes it is told): the server of that name, or the module's
    only one."""
    planner = _Planner(module, model, config, line_length)
    plan, needed, enforced = Plan(Edits()), set[str](), set[str]()
    built = [
        s for s in model.servers
        if not s.served_from and isinstance(s.node, cst.Call) and planner.tree.contains(s.node)
    ]
    for name in sorted(names):
        server = next((s for s in built if s.name == name), None)
        if server is None and len(built) == 1:
            server = built[0]
        if server is None or server.name in enforced or server.enforced_by:
            continue
        planner.told[server.name] = planner.told.get(server.name, Modes()) | names[name]
        finding = Finding("TAV501", "", server.node)
        enforce = partial(planner.enforce_on_server, finding, enforced)
        planner._attempt(plan, needed, [finding], enforce)
    if plan.edits:
        try:
            add_runtime_names(planner.tree, needed, plan.edits, line_length, model.path)
        except Conflict:  # pragma: no cover - the import is only touched here
            return Plan(Edits())
    return plan


Fix = Callable[[Finding, Tool, Edits, set[str]], None]


class _Planner:
    def __init__(
        self, module: cst.Module, model: ModuleModel, config: Config, line_length: int
    ) -> None:
        self.tree = Tree(module)
        self.line_length = line_length
        self.model = model
        self.config = config
        self.taken = set(self.tree.module_names)
        self.created: dict[int, str] = {}  # id(tool) -> the KNOWN_ARGS constant made for it
        self.alone = False
        self.elsewhere: dict[str, str] = {}
        self.modes: dict[str, Modes] = {}
        self.told: dict[str, Modes] = {}  # modes other modules' tools need (plan_enforcement)
        self.tools = {tool.name: tool for tool in model.tools}

    def plan(self, findings: Sequence[Finding]) -> Plan:
        plan = Plan(Edits())
        needed: set[str] = set()
        fixes: dict[str, Fix] = {
            "TAV101": self.collect_unknown_args,
            "TAV103": self.attach_only_when_present,
            "TAV104": self.limit_with_aliases,
            "TAV201": self.reject_first,
            "TAV203": self.reject_instead_of_collect,
        }
        # A bare KNOWN_ARGS only where it cannot be mistaken for another tool's list.
        per_handler = [t for t in self.model.tools if checked_dict_handler(t)]
        self.alone = len(per_handler) == 1
        groups: dict[int, list[Finding]] = defaultdict(list)
        for finding in findings:
            if finding.code in KEY_LIST_CODES and finding.node is not None:
                groups[id(finding.node)].append(finding)
        # A list missing a schema key is wrong whatever runs before the handler: synced.
        synced = {key for key, group in groups.items() if any(f.code == "TAV301" for f in group)}
        enforced: set[str] = set()  # one enforce_policy per server, whatever its findings
        for finding in findings:
            if finding.code in ENFORCEMENT_CODES:
                fix_server = partial(self.enforce_on_server, finding, enforced)
                self._attempt(plan, needed, [finding], fix_server)
        # A finding on a tool of a server enforce_policy takes is fixed by that one line,
        # added once where the server is built, not by an edit per handler or branch.
        by_server: list[Finding] = []
        for finding in findings:
            tool = self._tool(finding)
            if finding.code not in FIXED_BY_SERVER or tool is None or not self._at_server(tool):
                continue
            if finding.code in KEY_LIST_CODES and id(finding.node) in synced:
                continue
            fix_server = partial(self.enforce_on_server, finding, enforced)
            if self._attempt(plan, needed, [finding], fix_server) or tool.server in self.elsewhere:
                by_server.append(finding)  # here, or where the server is built
        for group in groups.values():
            if all(f in by_server for f in group):
                continue
            self._attempt(plan, needed, group, partial(self.sync_key_list, group))
        for finding in findings:
            fix = fixes.get(finding.code)
            tool = self._tool(finding)
            if fix is None or tool is None or finding in by_server:
                continue
            self._attempt(plan, needed, [finding], partial(fix, finding, tool))
        try:
            add_runtime_names(
                self.tree, needed, plan.edits, self.line_length, self.model.path
            )
        except Conflict as exc:  # pragma: no cover - the import is only touched here
            for finding in plan.planned:
                plan.reasons[(finding.code, finding.tool)] = str(exc)
            plan.planned.clear()
            plan.edits = Edits()
        plan.elsewhere = dict(self.elsewhere)
        plan.modes = dict(self.modes)
        return plan

    def _attempt(
        self,
        plan: Plan,
        needed: set[str],
        findings: list[Finding],
        fix: Callable[[Edits, set[str]], None],
    ) -> bool:
        patch, names = Edits(), set[str]()
        try:
            fix(patch, names)
            plan.edits.merge(patch)
        except (NotMechanical, Conflict) as exc:
            for finding in findings:
                plan.reasons[(finding.code, finding.tool)] = str(exc)
            return False
        needed |= names
        plan.planned.extend(findings)
        return True

    def _at_server(self, tool: Tool) -> bool:
        """Whether the tool's server is one enforce_policy takes and that can be given it:
        built here by a plain assignment, built in a module of the package that can be
        found, or imported from where it cannot (then the line goes after the imports)."""
        server = tool.server_model
        if server is None or server.enforced_by is not None:
            return False
        if server.framework_id not in ENFORCEABLE or tool.enforcement is not None:
            return False
        if server.framework_id == "mcp-lowlevel":
            # A low-level server's per-tool findings are there because the project applies
            # the policy in its handlers (else TAV505 covers them): fixed there, as they say.
            return False
        if server.served_from:
            return self._built_in(server) is not None
        if not (self.tree.contains(server.node) and isinstance(server.node, cst.Call)):
            return self._built_in(server) is not None or _last_import(self.tree.module) is not None
        small = self.tree.only_small_statement(server.node)
        return small is not None and _binds(small.body[0], server.name, server.node)

    def _built_in(self, server: Server) -> tuple[str, str] | None:
        """The module of the package that builds a server this module does not (its path),
        with the server's name there; None when no one module can be told."""
        if server.served_from:
            path = building_module(Path(self.model.path), server.served_from)
            return (str(path.resolve()), server.name) if path is not None else None
        project = self.model.project
        if project is None or not self.model.path:
            return None
        index = project.add(self.tree.module, Path(self.model.path))
        name = server.name
        for _ in range(MAX_REEXPORTS):
            imported = index.imports.get(name)
            if imported is None or not imported.name:
                return None
            other = project.load(index, imported)
            if other is None or other.path is None:
                return None
            index, name = other, imported.name
            if name in index.bound_calls and index.path is not None:
                return str(index.path.resolve()), name
        return None

    def _modes_for(self, server: Server) -> Modes:
        """The tools of `server` (this module's, and those other modules told of) whose
        mode a running server would decide otherwise than the checker did."""
        mutations, read_only = misjudged(
            served_tools(server, self.model, self.config), self.config
        )
        return Modes(frozenset(mutations), frozenset(read_only)) | self.told.get(
            server.name, Modes()
        )

    def _tool(self, finding: Finding) -> Tool | None:
        return self.tools.get(finding.tool or "")

    # --- TAV301-TAV305: the key list against the schema ---

    def sync_key_list(self, group: list[Finding], patch: Edits, names: set[str]) -> None:
        node = group[0].node
        if not self.tree.contains(node):
            raise NotMechanical("the key list is defined in another module: fix it there")
        found = key_list(node)
        if found is None:
            raise NotMechanical("the key list is not a plain literal")
        results: list[list[str]] = []
        for tool in self.model.tools:
            known = tool.known_args
            if known is None or known.node is not node or known.keys is None:
                continue
            properties = tool.schema.properties
            if properties is None:
                continue
            codes = {f.code for f in group if f.tool == tool.name}
            results.append(corrected_keys(known.keys, properties, self.config, codes))
        if not results:
            raise NotMechanical("no tool with a known schema uses this key list")
        if any(result != results[0] for result in results[1:]):
            raise NotMechanical(
                "the key list is shared by tools whose schemas differ: give each tool its own"
            )
        keys = results[0]
        rewritten: Replacement = lambda _: rewrite_key_list(found, keys)  # noqa: E731
        patch.replace_node(found.node, self._laid_out(found.node, rewritten))

    # --- TAV101: collect unknown args, attach them to every returned dict ---

    def collect_unknown_args(
        self, finding: Finding, tool: Tool, patch: Edits, names: set[str]
    ) -> None:
        handler, block, args = self._dict_handler(tool)
        if any(e.step in LENIENT for e in handler.events):
            raise NotMechanical("the handler already handles unknown_args in its own way")
        if any(isinstance(n, cst.Yield) for n in local_nodes(block.body)):
            raise NotMechanical("the handler is a generator: add unknown_args to what it yields")
        values = self._responses(tool, handler, block)
        unknown = _fresh_name(block, handler)
        known = self._known_constant(tool, patch)
        collect = self._statement(
            f"{unknown} = collect_unknown_args({args}, {known})", block
        )
        anchor = _after_argument_reads(block, args)
        first = next(
            (i for i, st in enumerate(block.body) if any(self.tree.inside(v, st) for v in values)),
            len(block.body),
        )
        if anchor is not None and block.body.index(anchor) < first:
            patch.insert_after(anchor, collect)
        elif first == 0:
            patch.insert_at_top(block, collect)
        else:
            patch.insert_before(block.body[first], collect)
        for value in values:
            patch.replace_node(value, self._laid_out(value, _wrapper(unknown)))
        names |= {"collect_unknown_args", "with_unknown_args"}

    def _responses(
        self, tool: Tool, handler: Handler, block: cst.IndentedBlock
    ) -> list[cst.BaseExpression]:
        """What the handler responds with: every returned value (dicts, content lists,
        strings, result objects alike), or what a dispatcher branch stores in the name
        its function returns after the dispatch."""
        found = [r.value for r in returns(block) if r.value is not None and not _is_none(r.value)]
        if found:
            return found
        stored = self._stored_result(block)
        if stored:
            return stored
        if not isinstance(handler.node, cst.FunctionDef) and self._returned_after(block):
            raise NotMechanical(
                f"the branch of '{tool.name}' leaves its response to the code after the "
                "dispatch, which does not return one name the branch assigns: "
                "add unknown_args to the response by hand"
            )
        if returns(block):
            raise NotMechanical(
                f"the handler of '{tool.name}' only returns None: "
                "there is no response to attach unknown_args to"
            )
        raise NotMechanical(
            f"the handler of '{tool.name}' returns nothing to attach unknown_args to"
        )

    def _function_around(self, block: cst.CSTNode) -> cst.FunctionDef | None:
        return next((a for a in self.tree.ancestors(block) if isinstance(a, cst.FunctionDef)), None)

    def _returned_after(self, block: cst.IndentedBlock) -> list[cst.Return]:
        """Returns of the function around a dispatcher branch that come after the branch."""
        function = self._function_around(block)
        if function is None or not isinstance(function.body, cst.IndentedBlock):
            return []
        return [
            r for r in returns(function.body)
            if not self.tree.inside(r, block) and r.value is not None
        ]

    def _stored_result(self, block: cst.IndentedBlock) -> list[cst.BaseExpression]:
        """`result = handle(arguments)` in a branch whose function later does `return result`."""
        returned = {
            r.value.value for r in self._returned_after(block) if isinstance(r.value, cst.Name)
        }
        if len(returned) != 1:
            return []
        (name,) = returned
        stores: list[cst.BaseExpression] = []
        for statement in block.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if (
                    isinstance(small, (cst.Assign, cst.AnnAssign))
                    and small.value is not None
                    and _assigns_only(small, name)
                ):
                    stores = [small.value]  # the last store is the response
        nested = [
            n for n in local_nodes(block.body)
            if isinstance(n, (cst.Assign, cst.AnnAssign, cst.AugAssign))
            and _assigns_only(n, name) and not any(n.value is s for s in stores)
        ]
        return [] if nested else stores

    # --- TAV103: unknown_args only when there are some ---

    def attach_only_when_present(
        self, finding: Finding, tool: Tool, patch: Edits, names: set[str]
    ) -> None:
        node = finding.node
        tree = self.tree
        if isinstance(node, cst.Subscript):
            target = tree.parent(node)
            assign = tree.parent(target) if target is not None else None
            line = tree.only_small_statement(assign) if assign is not None else None
            if not isinstance(assign, cst.Assign) or line is None:
                raise NotMechanical("the store is not a statement of its own")
            value = assign.value
            if not isinstance(value, cst.Name):
                raise NotMechanical(
                    f"the stored value `{snippet(value)}` is not a name to test: "
                    "use with_unknown_args(payload, unknown)"
                )
            if not isinstance(tree.parent(line), cst.IndentedBlock):
                raise NotMechanical("the store shares its line with other code")
            patch.replace_node(line, _guarded(value.value))
            return
        if isinstance(node, cst.DictElement):
            literal = tree.parent(node)
            if not isinstance(literal, cst.Dict):
                raise NotMechanical("unexpected place for unknown_args")
            position = list(literal.elements).index(node)
            patch.replace_node(literal, self._laid_out(literal, _attach_element(position)))
            names.add("with_unknown_args")
            return
        raise NotMechanical("unexpected place for unknown_args")

    # --- TAV104: the limit field resolved with its aliases ---

    def limit_with_aliases(
        self, finding: Finding, tool: Tool, patch: Edits, names: set[str]
    ) -> None:
        node = finding.node
        parent = self.tree.parent(node) if node is not None else None
        target: cst.BaseExpression
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            container, key, default = node.func.value, positional(node, 0), positional(node, 1)
            target = node
            if default is None and isinstance(parent, cst.BooleanOperation) and (
                isinstance(parent.operator, cst.Or) and parent.left is node
            ):
                target, default = parent, parent.right  # args.get("max_results") or 20
        elif isinstance(node, cst.Subscript) and isinstance(node.slice[0].slice, cst.Index):
            container, key = node.value, node.slice[0].slice.value
            default = None
            if isinstance(parent, cst.IfExp) and parent.body is node and _tests_key(
                parent.test, key, container
            ):
                target, default = parent, parent.orelse  # args["max_results"] if ... else 20
            else:
                target = node
        else:
            raise NotMechanical("unexpected form of limit read")
        if default is None:
            raise NotMechanical(
                "the read has no default: pass one to "
                "optional_usize_with_aliases(args, field, aliases, default) by hand"
            )
        if not isinstance(container, cst.Name) or key is None:
            raise NotMechanical("the arguments are not read from a plain name")
        aliases = _string_tuple(self.config.aliases, quote_of([key]))
        call = cst.Call(
            cst.Name("optional_usize_with_aliases"),
            [_arg(container), _arg(key), _arg(aliases), cst.Arg(default)],
        )
        call = call.with_changes(lpar=target.lpar, rpar=target.rpar)
        patch.replace_node(target, self._laid_out(target, lambda _: call))
        names.add("optional_usize_with_aliases")

    # --- TAV201: reject unknown keys first ---

    def reject_first(self, finding: Finding, tool: Tool, patch: Edits, names: set[str]) -> None:
        _, block, args = self._dict_handler(tool)
        known = self._known_constant(tool, patch)
        reject = self._statement(f"reject_unknown_args({args}, {known})", block)
        patch.insert_at_top(block, reject)
        names.add("reject_unknown_args")

    # --- TAV203: a mutation rejects instead of collecting ---

    def reject_instead_of_collect(
        self, finding: Finding, tool: Tool, patch: Edits, names: set[str]
    ) -> None:
        handler, block, args = self._dict_handler(tool)
        tree = self.tree
        lenient = [e for e in handler.events if e.step in LENIENT]
        if any(not tree.inside(e.node, block) for e in lenient):
            raise NotMechanical("the lenient pattern is in code shared by several tools")
        gone: list[cst.CSTNode] = []  # code that disappears: its names no longer count
        results: set[str] = set()
        known_expr: cst.BaseExpression | None = None
        for event in lenient:
            if event.step is Step.COLLECT:
                known_expr = self._drop_collect(event, patch, gone, results) or known_expr
            elif event.step is Step.ATTACH:
                self._drop_attach(event, patch, gone)
            elif event.step is Step.ATTACH_ALWAYS:
                self._drop_store(event, patch, gone)
            else:
                self._drop_guarded_store(event, patch, gone, results)
        still_used = [
            node for node in local_nodes(block.body)
            if isinstance(node, cst.Name) and node.value in results
            and not any(tree.inside(node, g) for g in gone)
        ]
        if still_used:
            raise NotMechanical(
                f"`{still_used[0].value}` is used for more than unknown_args: "
                f"call reject_unknown_args({args}, ...) first and remove it by hand"
            )
        if not any(e.step is Step.REJECT for e in handler.events):
            known = self._known_for_reject(tool, known_expr, patch)
            reject = self._statement(f"reject_unknown_args({args}, {known})", block)
            patch.insert_at_top(block, reject)
            names.add("reject_unknown_args")

    def _drop_collect(
        self, event: Event, patch: Edits, gone: list[cst.CSTNode], results: set[str]
    ) -> cst.BaseExpression | None:
        call = event.node
        assert isinstance(call, cst.Call)
        known = positional(call, 1) or keyword(call, "known")
        parent = self.tree.parent(call)
        if isinstance(parent, cst.Arg):
            return known  # inside with_unknown_args(...): goes with it
        line = self.tree.only_small_statement(call)
        if (
            not isinstance(parent, cst.Assign)
            or parent.value is not call
            or len(parent.targets) != 1
            or not isinstance(parent.targets[0].target, cst.Name)
            or line is None
        ):
            raise NotMechanical("collect_unknown_args is not a plain assignment")
        results.add(parent.targets[0].target.value)
        patch.remove_statement(line)
        gone.append(line)
        return known

    def _drop_attach(self, event: Event, patch: Edits, gone: list[cst.CSTNode]) -> None:
        call = event.node
        assert isinstance(call, cst.Call)
        payload = positional(call, 0)
        if payload is None or len(call.args) != 2:
            raise NotMechanical("with_unknown_args is called in an unexpected way")
        gone.extend(a for a in call.args if a.value is not payload)
        parent = self.tree.parent(call)
        line = self.tree.only_small_statement(call)
        if (  # payload = with_unknown_args(payload, unknown): the statement goes
            isinstance(parent, cst.Assign)
            and line is not None
            and len(parent.targets) == 1
            and isinstance(payload, cst.Name)
            and isinstance(parent.targets[0].target, cst.Name)
            and parent.targets[0].target.value == payload.value
        ):
            patch.remove_statement(line)
            gone.append(line)
            return
        patch.replace_node(call, _first_argument)

    def _drop_store(self, event: Event, patch: Edits, gone: list[cst.CSTNode]) -> None:
        node = event.node
        if isinstance(node, cst.DictElement):
            literal = self.tree.parent(node)
            if not isinstance(literal, cst.Dict):
                raise NotMechanical("unexpected place for unknown_args")
            position = list(literal.elements).index(node)
            patch.replace_node(literal, _drop_element(position))
            gone.append(node)
            return
        line = self.tree.only_small_statement(node)
        if line is None or not isinstance(self.tree.parent(line), cst.IndentedBlock):
            raise NotMechanical("the unknown_args store shares its line with other code")
        patch.remove_statement(line)
        gone.append(line)

    def _drop_guarded_store(
        self, event: Event, patch: Edits, gone: list[cst.CSTNode], results: set[str]
    ) -> None:
        line = self.tree.only_small_statement(event.node)
        block = self.tree.parent(line) if line is not None else None
        guard = self.tree.parent(block) if block is not None else None
        if (
            line is None
            or not isinstance(block, cst.IndentedBlock)
            or not isinstance(guard, cst.If)
            or guard.orelse is not None
            or len(block.body) != 1
        ):
            raise NotMechanical("unknown_args is added in a way only a person can remove")
        patch.remove_statement(guard)
        gone.append(guard)

    # --- TAV501/TAV503: the server enforces the policy ---

    def enforce_on_server(
        self, finding: Finding, enforced: set[str], patch: Edits, names: set[str]
    ) -> None:
        server = self._server_of(finding)
        if server.name in enforced:
            return
        if server.module_level:
            raise NotMechanical(
                f"{server.framework}'s module-level server serves this module's tools: call "
                f"enforce_policy({server.name}) once where the server is started, before it "
                "runs"
            )
        modes = self._modes_for(server)
        if server.mounted_into and server.mounted_in:  # on the server it is mounted into
            parent = server.mounted_into
            self.elsewhere[parent] = server.mounted_in
            self.modes[parent] = self.modes.get(parent, Modes()) | modes
            raise NotMechanical(
                f"server '{server.name}' is mounted into '{parent}': enforce_policy({parent}) "
                f"goes in {Path(server.mounted_in).name}, once (fix that module too)"
            )
        node = server.node
        here = self.tree.contains(node) and isinstance(node, cst.Call)
        returned = self._returned_here(server) if not here else None
        if returned is not None:  # `return Server(...)` in a factory of this module
            node, here = returned, True
        built_in = None if here else self._built_in(server)
        if built_in is not None:  # added there, once, by fix_paths
            path, name = built_in
            self.elsewhere[name] = path
            self.modes[name] = self.modes.get(name, Modes()) | modes
            raise NotMechanical(
                f"server '{server.name}' is built in {Path(path).name}: enforce_policy("
                f"{name}) goes there, once (fix that module too)"
            )
        if server.served_from and returned is None:
            raise NotMechanical(
                f"server '{server.name}' is built in {server.served_from}: apply "
                f"enforce_policy({server.name}) there"
            )
        # built by a factory of this module under a local name: the policy goes there,
        # so that every server the factory builds has it
        bound = server.factory[1] if here and server.factory is not None else server.name
        options = self._policy_options(modes, names)
        code = f"enforce_policy({bound}{options})"
        if here and self._returned_bare(node):
            # `return Server("bib", on_call_tool=...)` in a factory: the policy wraps the
            # server it returns (enforce_policy returns the server it is given)
            patch.replace_node(node, self._laid_out(node, _enforced(options)))
        elif here:
            built = self.tree.statement_of(server.node)
            small = self.tree.only_small_statement(server.node)
            if small is None or not _binds(small.body[0], bound, server.node):
                raise NotMechanical(
                    f"server '{server.name}' is not built by a plain assignment: "
                    f"call enforce_policy({server.name}) after it by hand"
                )
            assert built is small
            patch.insert_after(small, self._statement(code, small))
        else:  # imported from where it cannot be edited: enforced where its tools are
            last = _last_import(self.tree.module)
            if last is None:
                raise NotMechanical(f"cannot tell where server '{server.name}' is imported")
            call = self._statement(code, self.tree.module)
            patch.insert_after(last, call.with_changes(leading_lines=[cst.EmptyLine()]))
        enforced.add(server.name)
        names.add("enforce_policy")

    def _returned_here(self, server: Server) -> cst.Call | None:
        """The call building `server` when this module builds it in a `return`
        statement (`return Server(...)` in a factory, linked by value flow): where it
        is built is this file, at that line, and the call builds a server class."""
        if server.built_at is None or not self.model.path:
            return None
        path, line = server.built_at
        if Path(path).resolve() != Path(self.model.path).resolve():
            return None
        classes = {"Server", "LowLevelServer", *self.config.server_classes}
        returned = [
            small.value for small in walk(self.tree.module)
            if isinstance(small, cst.Return) and isinstance(small.value, cst.Call)
            and (dotted_name(small.value.func) or "").rsplit(".", 1)[-1] in classes
        ]
        if not returned:
            return None
        at = positions(self.tree.module, returned, None, None)
        return next((c for c in returned if at.get(id(c), (0,))[0] == line), None)

    def _returned_bare(self, node: cst.CSTNode) -> bool:
        """Whether `node` is the whole value of a `return` statement."""
        small = self.tree.only_small_statement(node)
        return (
            small is not None
            and isinstance(small.body[0], cst.Return)
            and small.body[0].value is node
        )

    def _server_of(self, finding: Finding) -> Server:
        servers = self.model.servers
        if finding.tool is None:
            found = next((s for s in servers if s.node is finding.node), None)
            if found is None and len(servers) == 1:
                found = servers[0]
        else:
            tool = self._tool(finding)
            name = tool.server if tool is not None else None
            found = next((s for s in servers if s.name == name), None)
            if found is None:
                raise NotMechanical(
                    f"what rejects the unknown keys of '{finding.tool}' is its schema, not a "
                    "framework server: let the schema accept them and report them instead"
                )
        if found is None:
            raise NotMechanical("cannot tell which server the finding is about")
        if found.framework_id == "fastmcp" and (major_of(found, self.model.path) or 2) < 2:
            raise NotMechanical(
                f"fastmcp '{found.name}' runs on a fastmcp older than 2.x, which has no "
                "middleware for enforce_policy: allow a newer fastmcp, then run fix again"
            )
        if found.framework_id not in ENFORCEABLE:
            raise NotMechanical(
                f"enforce_policy does not apply to {found.framework} '{found.name}': "
                "follow the remedy in the message"
            )
        if found.enforced_by is not None:
            raise NotMechanical(
                f"{found.enforced_by} is already applied: follow the remedy in the message"
            )
        return found

    def _policy_options(self, modes: Modes, names: set[str]) -> str:
        """The keyword arguments that carry the project's configuration, when not the
        default, and the tools whose mode a running server would get wrong."""
        options, uses_default = policy_options(modes.mutations, modes.read_only, self.config)
        if uses_default:
            names.add("DEFAULT_MUTATION_TOOLS")
        return options

    # --- shared pieces ---

    def _laid_out(self, target: cst.CSTNode, build: Replacement) -> Replacement:
        """`build`, its call split over lines the way black would when it is too long."""
        room = self._room(target)
        if room is None:
            return build

        def fitted(node: cst.CSTNode) -> cst.CSTNode:
            built = build(node)
            if isinstance(built, (cst.Call, cst.Tuple, cst.List, cst.Set)):
                return laid_out(built, room)
            return built

        return fitted

    def _room(self, target: cst.CSTNode) -> Room | None:
        """What surrounds `target` on its lines, or None when that cannot be told."""
        line, col = self.tree.position_of(target)
        statement = self.tree.statement_of(target)
        if not line or statement is None:
            return None
        text = self.tree.line(line)
        code = code_of(target)
        head = text[: col - 1]
        last = line + code.count("\n")
        end = self.tree.line(last)
        after = (len(head) if last == line else 0) + len(code.rsplit("\n", 1)[-1])
        tail = end[after:]
        if isinstance(statement, cst.SimpleStatementLine):
            comment = statement.trailing_whitespace.comment
            if comment is not None and tail.endswith(comment.value):
                tail = tail[: -len(comment.value)]
        tail = tail.rstrip()
        own = self.tree.indentation_of(statement)
        indent = len(text) - len(text.lstrip())
        extra = text[len(own): indent] if indent > len(own) else ""
        return Room(head, tail, extra, self.tree.module.default_indent, self.line_length)

    def _dict_handler(self, tool: Tool) -> tuple[Handler, cst.IndentedBlock, str]:
        handler = tool.handler
        if handler is None or handler.args_name is None:
            raise NotMechanical("the handler does not take an argument dict")
        block = body_of(handler.node)
        if block is None:
            raise NotMechanical("the handler body is on the line of its `def`")
        if not self.tree.contains(block):
            raise NotMechanical("the handler is in another file")
        return handler, block, self._args_name(handler.args_name, block)

    def _args_name(self, args: str, block: cst.IndentedBlock) -> str:
        """`arguments` for `params.arguments` when the dispatcher names it so (SDK 2.x)."""
        if "." not in args:
            return args
        function = next(
            (a for a in self.tree.ancestors(block) if isinstance(a, cst.FunctionDef)), None
        )
        body = body_of(function) if function is not None else None
        for statement in body.body if body is not None else ():
            if self.tree.inside(block, statement):
                break
            small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else None
            if not isinstance(small, cst.Assign) or len(small.targets) != 1:
                continue
            value = small.value
            if isinstance(value, cst.BooleanOperation):  # params.arguments or {}
                value = value.left
            target = small.targets[0].target
            if isinstance(target, cst.Name) and dotted_name(value) == args:
                return target.value
        return args

    def _statement(self, code: str, where: cst.CSTNode) -> cst.BaseStatement:
        """A new statement for the block `where` is (or is in), its call laid out as black
        would at that block's indentation."""
        statement = cst.parse_statement(code + "\n", config=self.tree.module.config_for_parsing)
        if not isinstance(statement, cst.SimpleStatementLine):
            return statement
        small = statement.body[0]
        value = small.value if isinstance(small, (cst.Expr, cst.Assign)) else None
        if not isinstance(value, cst.Call):
            return statement
        if isinstance(where, cst.IndentedBlock):
            where = where.body[0]
        indent = "" if isinstance(where, cst.Module) else self.tree.indentation_of(where)
        head = indent + code[: len(code) - len(code_of(value))]
        room = Room(head, "", "", self.tree.module.default_indent, self.line_length)
        call = laid_out(value, room)
        return statement.with_changes(body=[small.with_changes(value=call)])

    def _known_for_reject(
        self, tool: Tool, known: cst.BaseExpression | None, patch: Edits
    ) -> str:
        """The collect call's key list when it is a module constant, else a new one."""
        if isinstance(known, cst.Name) and known.value in self.tree.module_names:
            return known.value
        return self._known_constant(tool, patch)

    def _known_constant(self, tool: Tool, patch: Edits) -> str:
        """A module-level KNOWN_ARGS for the tool: an equal one already there, or a new one."""
        properties = tool.schema.properties
        if properties is None:
            raise NotMechanical(
                f"the schema of '{tool.name}' is not known, so KNOWN_ARGS cannot be written"
            )
        made = self.created.get(id(tool))
        if made is not None:
            return made
        keys = expected_keys(properties, self.config)
        for name in ("KNOWN_ARGS", constant_name(tool, set(), alone=False)):
            existing = self.tree.constants.get(name)
            found = literal_keys(existing[1]) if existing is not None else None
            if found is not None and same_keys(found, keys):
                return name
        name = constant_name(tool, self.taken, self.alone)
        self.taken.add(name)
        self.created[id(tool)] = name
        schema = tool.schema.node
        strings: list[cst.BaseExpression] = []
        if isinstance(schema, cst.Dict):
            strings = [e.key for e in schema.elements if isinstance(e, cst.DictElement)]
        statement = constant_statement(
            name, keys, quote_of(strings), self.tree.module, self.line_length
        )
        where = self.tree.top_level.get(id(schema)) if schema is not None else None
        if _is_constant(where):
            assert where is not None
            patch.insert_after(where, statement)
            return name
        handler = tool.handler
        home = self.tree.top_level.get(id(handler.node)) if handler is not None else None
        if home is None:
            raise NotMechanical("cannot tell where to define KNOWN_ARGS")
        patch.insert_before(home, statement)
        return name


# --- small builders ---


def _enforced(options: str) -> Callable[[cst.CSTNode], cst.CSTNode]:
    """`Server(...)` -> `enforce_policy(Server(...), <options>)`."""

    def wrap(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.BaseExpression)
        code = cst.parse_expression(f"enforce_policy(_{options})")
        assert isinstance(code, cst.Call)
        return code.with_changes(args=[code.args[0].with_changes(value=node), *code.args[1:]])

    return wrap


def _arg(value: cst.BaseExpression) -> cst.Arg:
    return cst.Arg(value, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))


def _string_tuple(values: Sequence[str], quote: str) -> cst.BaseExpression:
    texts = [cst.Module([]).code_for_node(string_literal(v, quote)) for v in values]
    inner = ", ".join(texts) + ("," if len(texts) == 1 else "")
    return cst.parse_expression(f"({inner})")


def _wrapper(unknown: str) -> Callable[[cst.CSTNode], cst.CSTNode]:
    """`payload` -> `with_unknown_args(payload, unknown)`."""

    def wrap(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.BaseExpression)
        return _with_unknown_args(node, cst.Name(unknown))

    return wrap


def _with_unknown_args(payload: cst.BaseExpression, unknown: cst.BaseExpression) -> cst.Call:
    return cst.Call(cst.Name("with_unknown_args"), [_arg(payload), cst.Arg(unknown)])


def _guarded(name: str) -> Callable[[cst.CSTNode], cst.CSTNode]:
    """`payload["unknown_args"] = unknown` -> the same under `if unknown:`."""

    def guard(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.SimpleStatementLine)
        return cst.If(
            test=cst.Name(name),
            body=cst.IndentedBlock([node.with_changes(leading_lines=())]),
            leading_lines=node.leading_lines,
        )

    return guard


def _attach_element(position: int) -> Callable[[cst.CSTNode], cst.CSTNode]:
    """`{..., "unknown_args": u}` -> `with_unknown_args({...}, u)`."""

    def attach(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.Dict)
        element = node.elements[position]
        assert isinstance(element, cst.DictElement)
        return _with_unknown_args(_without(node, position), element.value)

    return attach


def _drop_element(position: int) -> Callable[[cst.CSTNode], cst.CSTNode]:
    def drop(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.Dict)
        return _without(node, position)

    return drop


def _without(literal: cst.Dict, position: int) -> cst.Dict:
    """The dict literal without one element, its layout (and trailing comma) kept."""
    elements = list(literal.elements)
    removed = elements.pop(position)
    if position == len(elements) and elements:  # the last one went: its comma moves up
        elements[-1] = elements[-1].with_changes(comma=removed.comma)
    return literal.with_changes(elements=elements)


def _first_argument(node: cst.CSTNode) -> cst.CSTNode:
    """`with_unknown_args(payload, unknown)` -> `payload`."""
    assert isinstance(node, cst.Call)
    return node.args[0].value


def _tests_key(
    test: cst.BaseExpression, key: cst.BaseExpression, container: cst.BaseExpression
) -> bool:
    """`"max_results" in args`."""
    return (
        isinstance(test, cst.Comparison)
        and len(test.comparisons) == 1
        and isinstance(test.comparisons[0].operator, cst.In)
        and string_value(test.left) == string_value(key)
        and isinstance(container, cst.Name)
        and isinstance(test.comparisons[0].comparator, cst.Name)
        and test.comparisons[0].comparator.value == container.value
    )


def _is_constant(statement: cst.BaseStatement | None) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and isinstance(
        statement.body[0], (cst.Assign, cst.AnnAssign)
    )


def _binds(small: cst.BaseSmallStatement, name: str, value: cst.CSTNode) -> bool:
    """`name = value` (annotated or not)."""
    if isinstance(small, cst.Assign):
        return (
            small.value is value
            and len(small.targets) == 1
            and _is_name(small.targets[0].target, name)
        )
    return isinstance(small, cst.AnnAssign) and small.value is value and _is_name(
        small.target, name
    )


def _last_import(module: cst.Module) -> cst.SimpleStatementLine | None:
    last = None
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine) and any(
            isinstance(small, (cst.Import, cst.ImportFrom)) for small in statement.body
        ):
            last = statement
    return last


def building_module(tool_module: Path, where: str) -> Path | None:
    """The file `where` names (a path, or a module's file name as discovery gives it, in
    the package of `tool_module`, with or without its line: `server.py:96`): the only
    one, or None."""
    name, colon, line = where.rpartition(":")
    if colon and line.isdigit():
        where = name
    if Path(where).is_absolute():
        return Path(where) if Path(where).is_file() else None
    if not where.endswith(".py") or "/" in where or "\\" in where:
        return None
    package = tool_module.parent
    while (package.parent / "__init__.py").is_file() and package.parent != package:
        package = package.parent
    found = [p for p in package.rglob(where) if p.is_file()]
    return found[0] if len(found) == 1 else None


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _assigns_only(node: cst.CSTNode, name: str) -> bool:
    """An assignment whose one target is `name`."""
    if isinstance(node, cst.Assign):
        return len(node.targets) == 1 and _is_name(node.targets[0].target, name)
    if isinstance(node, (cst.AnnAssign, cst.AugAssign)):
        return _is_name(node.target, name)
    return False


def _is_name(node: cst.CSTNode, name: str) -> bool:
    """`name`, or the attribute `self.server` as written."""
    if isinstance(node, cst.Attribute):
        return dotted_name(node) == name
    return isinstance(node, cst.Name) and node.value == name


def _fresh_name(block: cst.IndentedBlock, handler: Handler) -> str:
    used = names_used(block.body) | set(handler.params)
    if isinstance(handler.node, cst.FunctionDef):
        used |= {p.name.value for p in handler.node.params.params}
    for name in UNKNOWN_NAMES:
        if name not in used:
            return name
    number = 2
    while f"unknown_{number}" in used:
        number += 1
    return f"unknown_{number}"


def _after_argument_reads(block: cst.IndentedBlock, args: str) -> cst.BaseStatement | None:
    """The last statement before the first `return` that reads the arguments."""
    anchor = None
    for statement in block.body:
        nodes = list(local_nodes([statement]))
        if any(isinstance(n, cst.Return) for n in nodes):
            break
        if any(isinstance(n, cst.Name) and n.value == args for n in nodes):
            anchor = statement
    return anchor
