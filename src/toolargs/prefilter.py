"""A textual prefilter: can this source define a tool at all?

libcst parses about ten times slower than `ast`, and most files flake8 or `toolargs check`
see define no tool. Every shape discovery finds leaves a word in the raw text (a tool
decorator, a dispatcher, a registration call, a tool base class, a schema key, a policy
helper), so a file holding none of them is never parsed. The filter may let through a
file without tools; it must never stop one that has a tool.

Speed matters because flake8 hands every file to the plugin: a single regex alternating
twenty-odd words runs at ~60 ns per character in CPython's `re` (about 3% of flake8's own
cost per character), while `str.__contains__` on each word, and literal-first regexes for
the few words that need context, stay near 5 ns per character.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Iterable

from toolargs.config import Config
from toolargs.vocabulary import CALL_METHOD, DISPATCHER_NAMES, REGISTRY_NAME, SCHEMA_KEYS

# The MCP SDK's tool description, returned by class-based tools whatever their base.
TOOL_DESCRIPTION = "Tool"
# The constant name the policy's examples and `toolargs fix` use.
_KNOWN_ARGS = "KNOWN_ARGS"
# A dict literal with a string first key (or a `**` spread first, or a comprehension
# of getattr) bound to a name: a registry when the name matches REGISTRY_NAME
# (`TOOL_HANDLERS = {"search": search}`, `TOOLS = {**ITEM_TOOLS, **ADMIN}`,
# `{name: getattr(ops, name) for ...}`). Starts with a literal `=` so that `re` scans
# for it quickly.
_DICT_ASSIGNMENT = re.compile(
    r"=[ \t]*\(?\s*\{\s*(?:#[^\n]*\s*)*"
    r"(?:[rRuUbB]{0,2}['\"]|\*\*[A-Za-z_]|[A-Za-z_]\w*\s*:\s*getattr\()"
)
_SPACE = " \t\r\n\f\\"
# A function with a parameter named for registering (`def register_tools(folder, module,
# register_func):`, `registrar`): the sink its caller hands in, which discovery.flow_link
# follows where the parameter is called. A function named so is not enough (`def
# register_shape(self, name)`, `register_dialect(...)` in the standard library).
_REGISTRAR_PARAMETER = re.compile(
    r"def[ \t]+\w+[ \t]*\([^)]*?\b(?:\w*_)?regist(?:er|rar)(?:_\w*)?[ \t]*[,:=)]"
)
_CLASS_HEADER = re.compile(r"class\b")
# `@registry.readonly("...")`: a method of an object used as a decorator factory may be a
# project's own registration sink (discovery follows it); decorators of well-known
# libraries are not.
_DECORATOR_FACTORY = re.compile(r"@[ \t]*([A-Za-z_]\w*)\.\w+[ \t]*\(")
_LIBRARY_DECORATORS = frozenset(
    """pytest mark functools abc typing contextlib dataclasses unittest mock patch click
    app router api bp blueprint blueprints web route routes celery dramatiq st torch jax
    numba np property cached_property lru_cache hypothesis given settings""".split()
)
_DEF_HEADER = re.compile(r"(?:async\s+)?def\b")


@dataclass(frozen=True)
class _Anchors:
    """What one configuration makes a file worth parsing for."""

    words: tuple[str, ...]  # anywhere in the text
    bases: tuple[re.Pattern[str], ...]  # a base class name, or a name ending in it, in code
    decorators: tuple[re.Pattern[str], ...]  # `tool\b`: counts after `@`/`.` or before `(`


def may_define_tools(source: str, config: Config) -> bool:
    """False only when `source` cannot hold a tool of any shape discovery supports."""
    anchors = _anchors(config)
    if any(word in source for word in anchors.words):
        return True
    if any(base.search(source) for base in anchors.bases):
        return True
    if any(
        _is_decorator_use(source, match.start(), match.end())
        for decorator in anchors.decorators
        for match in decorator.finditer(source)
    ):
        return True
    if any(_is_registry(source, match.start()) for match in _DICT_ASSIGNMENT.finditer(source)):
        return True
    if "regist" in source and _REGISTRAR_PARAMETER.search(source):
        return True  # `register_func(fn)`: a sink handed in, followed by value flow
    return "@" in source and any(
        match.group(1).lstrip("_") not in _LIBRARY_DECORATORS  # `_functools.wraps(...)` too
        for match in _DECORATOR_FACTORY.finditer(source)
    )


def _is_decorator_use(source: str, start: int, end: int) -> bool:
    """`@tool`, `@mcp.tool`, `mcp.tool(fn)`, `tool(fn)`; not `json.tools` or prose."""
    if start and (source[start - 1].isalnum() or source[start - 1] == "_"):
        return False  # the tail of a longer name, e.g. `mytool`
    before = source[max(0, start - 80) : start].rstrip(_SPACE)[-1:]
    if before in ("@", "."):
        return True
    after = source[end : end + 80].lstrip(_SPACE)[:1]
    return after == "("


def _is_registry(source: str, equals: int) -> bool:
    """Whether this `= {"...` binds a name like a registry outside a class body.

    Discovery reads registries from module and function bindings only; a class
    attribute (`dispatch = {"call": ...}` in the standard library's profile.py) is not one.
    """
    start = source.rfind("\n", 0, equals) + 1
    line = source[start:equals]
    if REGISTRY_NAME.search(line) is None:
        return False
    indent = len(line) - len(line.lstrip(" \t"))
    return indent == 0 or not _in_class_body(source, start, indent)


def _in_class_body(source: str, start: int, indent: int) -> bool:
    """Whether the block holding the line at `start` (indented `indent`) is a class body.

    Walks back to the nearest less indented line: `class` says yes, `def` says no, any
    other block header (`if`, `try`...) hands the question to the block around it.
    Anything unclear (a less indented continuation line) answers no, keeping the file.
    """
    end = start - 1
    while end > 0:
        begin = source.rfind("\n", 0, end) + 1
        text = source[begin:end]
        stripped = text.lstrip(" \t")
        level = len(text) - len(stripped)
        if stripped and not stripped.startswith("#") and level < indent:
            if _CLASS_HEADER.match(stripped):
                return True
            if level == 0 or _DEF_HEADER.match(stripped):
                return False
            if not stripped.rstrip().endswith(":"):
                return False  # a continuation line: the structure is not clear from text
            indent = level
        end = begin - 1
    return False


def _last_name(dotted: str) -> str:
    return dotted.rsplit(".", 1)[-1]


def _minimal(words: Iterable[str], *, suffixes: bool = False) -> tuple[str, ...]:
    """Drop words containing (or, for suffix patterns, ending in) a shorter kept word."""
    unique = sorted({word for word in words if word}, key=lambda word: (len(word), word))
    kept: list[str] = []
    for word in unique:
        if suffixes:
            covered = any(word.endswith(shorter) for shorter in kept)
        else:
            covered = any(shorter in word for shorter in kept)
        if not covered:
            kept.append(word)
    return tuple(kept)


@functools.lru_cache(maxsize=16)
def _anchors(config: Config) -> _Anchors:
    """Built once per configuration (a frozen, hashable dataclass)."""
    words = _minimal(
        (
            # `call_tool` also finds `handle_call_tool` and `@server.call_tool()`.
            *(_last_name(name) for name in config.dispatcher_decorators),
            *DISPATCHER_NAMES,
            *(_last_name(name) for name in config.registration_calls),
            *config.server_classes,
            *config.collect_helpers,
            *config.reject_helpers,
            *config.attach_helpers,
            *config.limit_helpers,
            *config.enforcement_calls,
            *config.central_policies,
            *config.mutation_markers,
            *config.read_only_markers,
            *SCHEMA_KEYS,
            CALL_METHOD,
            _KNOWN_ARGS,
        )
    )
    # No word boundary in front: a project's own base named after the configured one
    # (`class SearchTool(Tool)`, then `class FindSymbol(SearchTool)`) is let through too.
    # A name in code, not prose ("Tool for measuring..."): followed by what follows a
    # base class or a call: `(`, `)`, `,`, `[`, `:`, `.`, `=`, `|`, or a comment.
    bases = tuple(
        re.compile(re.escape(name) + r"\b(?=\s*[(),\[\]:.=|#])")
        for name in _minimal((*config.tool_base_classes, TOOL_DESCRIPTION), suffixes=True)
        if not any(word in name for word in words)
    )
    decorators = tuple(
        re.compile(re.escape(name) + r"\b")
        for name in sorted({_last_name(name) for name in config.tool_decorators})
        if name and not any(word in name for word in words)
    )
    return _Anchors(words, bases, decorators)
