"""What every rule shares: the context and the questions rules ask of a tool."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

import libcst as cst

from toolargs.codes import message
from toolargs.config import Config
from toolargs.model import Event, Finding, ModuleModel, Step, Tool

ToolRule = Callable[[Tool, "Context"], Iterable[Finding]]
ModuleRule = Callable[["Context"], Iterable[Finding]]


@dataclass
class Context:
    config: Config
    model: ModuleModel

    def finding(
        self, code: str, node: cst.CSTNode | None, tool: Tool | None, **values: object
    ) -> Finding:
        if tool is not None:
            values.setdefault("tool", tool.name)
        return Finding(code, message(code, **values), node, tool.name if tool else None)

    def limit_field(self, tool: Tool) -> str | None:
        """The tool's canonical limit field: the first configured one its schema has."""
        properties = tool.schema.properties or ()
        for field in self.config.limit_fields:
            if field in properties:
                return field
        return None

    def aliases_text(self) -> str:
        return "(" + ", ".join(f'"{a}"' for a in self.config.aliases) + ")"


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
