"""One probe run: every tool's result, the cross-check, the summary and the exit code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toolargs.probe.crosscheck import CrossCheck
from toolargs.probe.runner import ToolResult

EXIT_CONFORMS = 0
EXIT_FAILS = 1
EXIT_ERROR = 2


@dataclass(frozen=True)
class ProbeReport:
    target: str
    server: str  # "name version", as the server introduced itself
    sdk: str  # the client's SDK version
    tools: tuple[ToolResult, ...]
    cross_check: CrossCheck | None
    mutations: bool
    stopped: str = ""  # why the probe stopped before the last tool (the server went away)

    @property
    def exit_code(self) -> int:
        if self.stopped:
            return EXIT_ERROR
        fails = any(tool.conforms is False for tool in self.tools)
        if fails or (self.cross_check is not None and not self.cross_check.clean):
            return EXIT_FAILS
        return EXIT_CONFORMS

    def counts(self) -> dict[str, int]:
        probed = [tool for tool in self.tools if tool.probed]
        return {
            "tools": len(self.tools),
            "probed": len(probed),
            "conforming": sum(tool.conforms is True for tool in probed),
            "not_conforming": sum(tool.conforms is False for tool in probed),
            "inconclusive": sum(tool.conforms is None for tool in probed),
            "not_probed": len(self.tools) - len(probed),
            "mutations_not_called": sum(
                not tool.probed and tool.mode == "mutation" for tool in self.tools
            ),
            "unknown_mode_not_called": sum(
                not tool.probed and tool.mode != "mutation" and not tool.mode_established
                for tool in self.tools
            ),
        }

    def summary(self) -> dict[str, Any]:
        summary: dict[str, Any] = dict(self.counts())
        summary["server"] = self.server
        summary["target"] = self.target
        summary["sdk"] = self.sdk
        summary["mutations_called"] = self.mutations
        summary["stopped"] = self.stopped or None
        summary["cross_check"] = None if self.cross_check is None else _cross_check(
            self.cross_check
        )
        return summary

    def line(self) -> str:
        c = self.counts()
        text = (
            f"{self.server} ({self.sdk} client): {_count(c['tools'], 'tool')}, "
            f"{c['probed']} probed: "
            f"{c['conforming']} conform, {c['not_conforming']} do not, "
            f"{c['inconclusive']} inconclusive; {c['not_probed']} not probed"
        )
        held = []
        if c["mutations_not_called"]:
            n = c["mutations_not_called"]
            held.append(f"{n} mutation tool{'s' if n != 1 else ''}")
        if c["unknown_mode_not_called"]:
            n = c["unknown_mode_not_called"]
            held.append(f"{n} tool{'s' if n != 1 else ''} of unknown mode")
        if held:
            text += f" ({' and '.join(held)} without --mutations)"
        if self.cross_check is not None:
            text += "; cross-check " + ("clean" if self.cross_check.clean else "FAILS")
        if self.stopped:
            text += f"; STOPPED: {self.stopped}"
        return text


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def static_location(tool: ToolResult) -> dict[str, Any] | None:
    if tool.static is None:
        return None
    return {"path": tool.static.path, "line": tool.static.line}


def _cross_check(check: CrossCheck) -> dict[str, Any]:
    return {
        "source": check.source,
        "clean": check.clean,
        "listed": check.listed,
        "found_statically": check.found,
        "not_found_statically": list(check.not_found_statically),
        "not_listed": [
            {"name": t.name, "path": t.path, "line": t.line, "mode": t.mode}
            for t in check.not_listed
        ],
        "modes_differ": [
            {"name": d.name, "listed": d.listed, "static": d.static} for d in check.modes_differ
        ],
        "errors": list(check.errors),
    }
