"""Line and column of the few nodes that findings and tools point at.

libcst's PositionProvider records every node of the module and costs about twice a
parse. Here code is generated only where it must be, and the source says the rest:

- With the source and a map from node to module statement (discovery's walk makes one),
  only the statements holding wanted nodes are generated, each up to the end of its last
  wanted node. That text occurs in the source exactly once at a line start (it is
  checked), so its offset gives the line it starts on.
- Otherwise, or when that check fails, the module is generated once from its start up to
  the last wanted node.

Either way a node's position is where its code starts in the generated text.
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterable, Mapping

import libcst as cst
from libcst._nodes.internal import CodegenState

from toolargs.source import source_of

Position = tuple[int, int]

_NO_RECORDING: contextlib.nullcontext[None] = contextlib.nullcontext()


class _AllFound(Exception):
    """Raised from inside code generation once nothing more is needed."""


class _MarkingState(CodegenState):
    """Notes the token count at which each wanted node starts.

    Stops when the last wanted node starts, or, with `through_last`, when it ends.
    """

    def __init__(self, wanted: set[int], module: cst.Module, through_last: bool) -> None:
        super().__init__(
            default_indent=module.default_indent, default_newline=module.default_newline
        )
        self.wanted = wanted
        self.through_last = through_last
        self.marks: dict[int, int] = {}
        self.last: int | None = None

    def record_syntactic_position(self, node: cst.CSTNode, **kwargs: Any) -> Any:
        # The base class's no-op is a generator-based context manager entered for every
        # node; a shared null context does the same for a fraction of the cost.
        return _NO_RECORDING

    def before_codegen(self, node: cst.CSTNode) -> None:
        key = id(node)
        if key in self.wanted and key not in self.marks:
            self.marks[key] = len(self.tokens)
            if len(self.marks) == len(self.wanted):
                if not self.through_last:
                    raise _AllFound  # the rest of the code cannot move what is marked
                self.last = key

    def after_codegen(self, node: cst.CSTNode) -> None:
        if self.last is not None and id(node) == self.last:
            raise _AllFound

    def generate(self, node: cst.CSTNode) -> None:
        try:
            node._codegen(self)
        except _AllFound:
            pass


def positions(
    module: cst.Module,
    nodes: Iterable[cst.CSTNode],
    source: str | None = None,
    statement_of: Mapping[int, int] | None = None,
) -> dict[int, Position]:
    """Map id(node) to its 1-based (line, column) for each node found in `module`.

    `source` must be the text `module` was parsed from; `statement_of` maps the id of
    every node of `module` that can be wanted to the index of the module statement that
    holds it. A wanted node it does not know is in another module, and is not placed.
    """
    wanted = {id(node) for node in nodes}
    if not wanted:
        return {}
    if source is None:
        source = source_of(module)
    if source is not None:
        groups = _groups(wanted, statement_of) if statement_of else _find_groups(module, wanted)
        found = _by_groups(module, groups, source) if groups is not None else None
        if found is not None:
            return found
    state = _MarkingState(wanted, module, through_last=False)
    state.generate(module)
    return _resolve(state, (1, 1))


def _groups(wanted: set[int], statement_of: Mapping[int, int]) -> dict[int, set[int]]:
    """The wanted nodes by the index of the module statement holding them."""
    groups: dict[int, set[int]] = {}
    for key in wanted:
        number = statement_of.get(key)
        if number is not None:
            groups.setdefault(number, set()).add(key)
    return groups


def _find_groups(module: cst.Module, wanted: set[int]) -> dict[int, set[int]] | None:
    """`_groups` without a map: the module's statements are walked (a fraction of the
    cost of generating their code) until every wanted node is found. None when some are
    not found (nodes of another module, or in a field the walk skips): the module's code
    is generated then."""
    from toolargs.discovery.walk import push_children  # discovery imports this module

    groups: dict[int, set[int]] = {}
    left = len(wanted)
    for number, statement in enumerate(module.body):
        stack: list[cst.CSTNode] = [statement]
        while stack:
            node = stack.pop()
            if id(node) in wanted:
                groups.setdefault(number, set()).add(id(node))
                left -= 1
                if not left:
                    return groups
            push_children(stack, node)
    return None


def _by_statement(
    module: cst.Module, wanted: set[int], source: str, statement_of: Mapping[int, int]
) -> dict[int, Position] | None:
    """Positions from the statements holding wanted nodes; None if any cannot be placed."""
    return _by_groups(module, _groups(wanted, statement_of), source)


def _by_groups(
    module: cst.Module, groups: dict[int, set[int]], source: str
) -> dict[int, Position] | None:
    """Positions of the nodes of each group from its statement (by index in the module's
    body); None if any statement cannot be placed."""
    found: dict[int, Position] = {}
    start = 0
    for number in sorted(groups):
        state = _MarkingState(groups[number], module, through_last=True)
        state.generate(module.body[number])
        text = "".join(state.tokens)
        offset = _only_occurrence(source, text, start)
        if offset < 0:
            return None
        line = source.count("\n", 0, offset) + 1
        found.update(_resolve(state, (line, 1)))
        start = offset + len(text)
    return found


def _only_occurrence(source: str, text: str, start: int) -> int:
    """The offset of the one occurrence of `text` at a line start from `start`, or -1."""
    first = _next_at_line_start(source, text, start)
    if first < 0 or _next_at_line_start(source, text, first + 1) >= 0:
        return -1
    return first


def _next_at_line_start(source: str, text: str, start: int) -> int:
    if not text:
        return -1
    offset = source.find(text, start)
    while offset > 0 and source[offset - 1] not in "\r\n":
        offset = source.find(text, offset + 1)
    return offset


def _resolve(state: _MarkingState, origin: Position) -> dict[int, Position]:
    """Turn the marks' token counts into positions, the first token being at `origin`."""
    found: dict[int, Position] = {}
    line, col = origin
    consumed = 0
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
