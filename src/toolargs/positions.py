"""Line and column of the few nodes that findings and tools point at.

libcst's PositionProvider records every node of the module and costs about twice a
parse. Generating the code once and noting where the wanted nodes start costs a fifth.
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterable

import libcst as cst
from libcst._nodes.internal import CodegenState

_NO_RECORDING: contextlib.nullcontext[None] = contextlib.nullcontext()


class _MarkingState(CodegenState):
    def __init__(self, wanted: set[int], module: cst.Module) -> None:
        super().__init__(
            default_indent=module.default_indent, default_newline=module.default_newline
        )
        self.wanted = wanted
        self.marks: dict[int, int] = {}

    def record_syntactic_position(self, node: cst.CSTNode, **kwargs: Any) -> Any:
        # The base class's no-op is a generator-based context manager entered for every
        # node; a shared null context does the same for a fraction of the cost.
        return _NO_RECORDING

    def before_codegen(self, node: cst.CSTNode) -> None:
        key = id(node)
        if key in self.wanted and key not in self.marks:
            self.marks[key] = len(self.tokens)
            if len(self.marks) == len(self.wanted):
                raise _AllFound  # the rest of the module cannot move what is marked


class _AllFound(Exception):
    pass


def positions(module: cst.Module, nodes: Iterable[cst.CSTNode]) -> dict[int, tuple[int, int]]:
    """Map id(node) to its 1-based (line, column) for each node found in `module`."""
    wanted = {id(node) for node in nodes}
    if not wanted:
        return {}
    state = _MarkingState(wanted, module)
    try:
        module._codegen(state)
    except _AllFound:
        pass
    found: dict[int, tuple[int, int]] = {}
    line, col, consumed = 1, 1, 0
    for key, token_index in sorted(state.marks.items(), key=lambda item: item[1]):
        text = "".join(state.tokens[consumed:token_index])
        consumed = token_index
        newlines = text.count("\n")
        if newlines:
            line += newlines
            col = len(text) - text.rfind("\n")
        else:
            col += len(text)
        found[key] = (line, col)
    return found
