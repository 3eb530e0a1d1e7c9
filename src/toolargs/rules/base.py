"""What every rule shares: the context and the questions rules ask of a tool."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

import libcst as cst

from toolargs.codes import message, server_message, tool_names
from toolargs.config import Config
from toolargs.model import Event, Finding, ModuleModel, Server, Step, Tool
from toolargs.remedy import misjudged, named_as_writing, named_by_default, policy_options
from toolargs.rules.servers import builds, served_tools, site_of, sites_of

ToolRule = Callable[[Tool, "Context"], Iterable[Finding]]
ModuleRule = Callable[["Context"], Iterable[Finding]]


@dataclass
class Context:
    config: Config
    model: ModuleModel
    # The tools of each server of the module, across its package (rules.servers).
    _served: dict[int, list[Tool]] = dataclasses.field(default_factory=dict)
    # What rules ask of a server more than once, by key and server (rules.frameworks).
    asked: dict[tuple[str, int], list[Tool]] = dataclasses.field(default_factory=dict)

    def finding(
        self, code: str, node: cst.CSTNode | None, tool: Tool | None, **values: object
    ) -> Finding:
        if tool is not None:
            values.setdefault("tool", tool.name)
        return Finding(code, message(code, **values), node, tool.name if tool else None)

    def served(self, server: Server) -> list[Tool]:
        """Every tool `server` serves: the module's own, and for a server built here, the
        tools other modules of the package register on it."""
        if id(server) not in self._served:
            self._served[id(server)] = served_tools(server, self.model, self.config)
        return self._served[id(server)]

    def enforced(self, server: Server) -> bool:
        """Whether enforce_policy (or the like) is applied to `server` in any module."""
        return bool(server.enforced_by) or any(
            t.server_model is not None and t.server_model.enforced_by
            for t in self.served(server)
        )

    def server_finding(
        self, code: str, server: Server, covered: tuple[str, ...], **values: object
    ) -> Finding:
        """A finding whose one remedy is at `server`: reported once, at its construction,
        naming how many tools it covers and which."""
        values.setdefault("framework", server.framework)
        # A server mounted into another is served through that one: the finding is the
        # parent's, whose one line covers every server mounted into it.
        shown = server.mounted_into or server.name
        text = server_message(
            code, server=shown, count=len(covered), names=tool_names(covered), **values
        )
        if shown != server.name:  # a remedy the rule wrote for the mounted server
            text = text.replace(f"enforce_policy({server.name})", f"enforce_policy({shown})")
        # The call that works at run time: it names the tools a running server would
        # give another mode than the checker did, of all the modules serving it
        # (`toolargs fix` writes the same).
        mutations, read_only = misjudged(self.served(server), self.config)
        options, _ = policy_options(mutations, read_only, self.config)
        if options:
            bare = f"enforce_policy({shown})"
            text = text.replace(bare, f"enforce_policy({shown}{options})")
        if f"enforce_policy({shown}" in text:
            text += self._declare_modes(server)
            if server.factory is not None and not server.mounted_into:
                # `mcp = create_server()`, where `root = FastMCP(...)` is returned: a
                # server the factory builds for another caller (`main()` may build its
                # own) gets the policy only from inside the factory
                function, local = server.factory
                text = text.replace(f"enforce_policy({shown}", f"enforce_policy({local}")
                text += (
                    f" ('{shown}' is built by {function}() as '{local}': apply it there, "
                    f"before {function}() returns it, so that every server it builds has it)"
                )
        site = site_of(server, self.model)
        node, identity = server.node, f"{self.model.path}::{server.name}"
        if site is not None:
            identity = f"{site[0]}:{site[1]}"
        reported_at = ""
        if site is not None and (server.served_from or not isinstance(server.node, cst.Call)):
            # Reported by the modules building it, when each of them reports its own.
            sites = sites_of(server, self.model)
            if all(builds(other, self.model, self.config) for other in sites):
                reported_at = ", ".join(f"{path}:{line}" for path, line in sites)
        if server.served_from:  # built elsewhere: at the first tool it covers here
            node = next((t.anchor for t in self.model.tools if t.name == covered[0]), node)
            text += f" (it is built in {server.served_from})"
            if site is None:
                identity = f"{_package_root(self.model.path)}::{server.served_from}::{server.name}"
        if server.mounted_into:
            text += (
                f" ('{server.mounted_into}' is built in {Path(server.mounted_in).name}; its "
                "tools are those of the servers mounted into it, and its middleware runs for "
                "each of them)"
            )
            identity = f"{server.mounted_in}::{server.mounted_into}"
        return Finding(code, text, node, None, covered, identity, reported_at)

    def _declare_modes(self, server: Server) -> str:
        """What enforce_policy cannot know: the modes of the tools whose names do not say
        whether they write, and of those whose names say they write while their code
        only reads (`add(a, b)`). The checker's reading of their code is a judgement, so
        the remedy asks for the annotation instead of writing the reading into options."""
        served = self.served(server)
        names = tuple(sorted({t.name for t in served if named_by_default(t, self.config)}))
        reads = tuple(sorted({t.name for t in served if named_as_writing(t, self.config)}))
        text = ""
        if names:
            text += (
                f"; then annotate the {len(names)} tool(s) whose names do not say whether "
                f"they write ({tool_names(names)}): without a readOnlyHint, enforce_policy "
                f"takes such a tool for {self.config.default_mode}"
            )
        if reads:
            text += (
                f"; {'and' if names else 'then'} annotate readOnlyHint=True the "
                f"{len(reads)} tool(s) named like writes whose code only reads "
                f"({tool_names(reads)}), if they do: enforce_policy takes them for mutations "
                "by their names"
            )
        return text

    def limit_field(self, tool: Tool) -> str | None:
        """The tool's canonical limit field: the first configured one its schema has."""
        properties = tool.schema.properties or ()
        for field in self.config.limit_fields:
            if field in properties:
                return field
        return None

    def aliases_text(self) -> str:
        return "(" + ", ".join(f'"{a}"' for a in self.config.aliases) + ")"


def _package_root(path: str) -> str:
    """The outermost package directory holding `path`: where a server built in another
    module of the same package is told apart from one of the same name elsewhere."""
    directory = Path(path).parent
    while (directory / "__init__.py").is_file() and directory.parent != directory:
        if not (directory.parent / "__init__.py").is_file():
            break
        directory = directory.parent
    return str(directory)


def checked_dict_handler(tool: Tool) -> bool:
    """Per-handler rules apply to dict-style handlers that nothing enforces centrally."""
    return (
        tool.handler is not None
        and tool.handler.args_name is not None
        and (tool.enforcement is None)
    )


def events(tool: Tool, *steps: Step) -> list[Event]:
    if tool.handler is None:
        return []
    return [e for e in tool.handler.events if e.step in steps]


def known_label(tool: Tool) -> str:
    known = tool.known_args
    return known.label if known is not None else "KNOWN_ARGS"


def args_label(tool: Tool) -> str:
    return tool.handler.args_name if tool.handler and tool.handler.args_name else "arguments"
