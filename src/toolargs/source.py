"""Reading analysed files: bytes to text exactly as Python would decode them."""

from __future__ import annotations

import io
import os
import re
import tokenize
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import libcst as cst


class SourceError(Exception):
    """A file that cannot be read or decoded; the message is one line for the user."""


def decode(data: bytes, path: str) -> str:
    """Decode like the interpreter: a BOM or a coding cookie, else UTF-8."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        raise SourceError(f"{path}: cannot decode: {exc.msg}") from None
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as exc:
        raise SourceError(f"{path}: cannot decode as {encoding}: {exc}") from None
    # The BOM is an encoding detail, not source text.
    return text[1:] if text.startswith("\ufeff") else text


# A module being rewritten (`toolargs fix` checks each pass before it keeps it): what
# `read` gives for its path instead of the file on disk, by resolved path.
_overlay: dict[str, str] = {}


@contextmanager
def overlaid(path: str, text: str) -> Iterator[None]:
    """Within the block, `read(path)` is `text`: the package analysis sees the rewritten
    module as the checker does."""
    key = str(Path(path).resolve())
    previous = _overlay.get(key)
    _overlay[key] = text
    try:
        yield
    finally:
        if previous is None:
            del _overlay[key]
        else:
            _overlay[key] = previous


def overlay_of(path: Path) -> str | None:
    """The text `read` gives for `path` instead of the file, if any (a resolved path)."""
    return _overlay.get(str(path)) if _overlay else None


def read(path: Path) -> str:
    if _overlay:
        text = _overlay.get(str(path.resolve()))
        if text is not None:
            return text
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return decode(data, str(path))


# --- The guard: refuse, in one cheap linear scan, what the parser or the walk cannot take.
#
# libcst's native parser crashes the process (a segfault) or takes minutes on long operator
# chains (`x + x + ...` with thousands of terms), and the analysis walks the tree
# recursively, so a deep tree would end in RecursionError. The scan estimates the depth of
# the deepest node in "depth units": one per operand of an operator or trailer chain
# (`a + b`, `a and b`, `x.a`, `f()()`, `-x`, implicit string concatenation), two per open
# bracket, three per indentation level. It over-estimates (comparison chains are flat in the
# tree, parentheses alone add no node), which only matters for code no one writes: the
# deepest file of the standard library scores far below the limit.

MAX_DEPTH = 400
BRACKET_WEIGHT = 2
INDENT_WEIGHT = 3

# Every alternative starts with a literal character, so that the regular expression engine
# skips to the next candidate character at C speed.
_TOKEN = re.compile(
    "|".join(
        (
            r"\n[ \t\f]*",  # a line break, with the next line's indentation
            r"\r\n?[ \t\f]*",
            r"\\(?:\r\n?|\n)[ \t\f]*",  # an explicit line continuation
            "'''",  # a string starts (its prefix does not change where it ends)
            '"""',
            "'",
            '"',
            r"\#[^\r\n]*",
            r"\(", r"\[", r"\{", r"\)", r"\]", r"\}", ",", ";",
            r"\*\*=?", r"\*=?", "//=?", "/=?", "<<=?", "<=?", ">>=?", ">=?", "->", "-=?",
            r"\+=?", "%=?", "@=?", "&=?", r"\|=?", r"\^=?", "~", ":=", "==", "!=",
            r"\.(?!\d)",  # attribute access, not a number's fraction
            r" (?:and|or|not|i[fns]|else|lambda|await)\b",
        )
    )
)
_SINGLE_QUOTED = {
    quote: re.compile(rf"(?:[^{quote}\\\r\n]|\\(?:\r\n|.|\n))*{quote}?") for quote in "'\""
}
_TRAILER_AFTER = frozenset(")]}_'\"")


def nesting_depth(text: str) -> tuple[int, int]:
    """The estimated depth of the deepest node, and the offset where it is reached."""
    chains = [0]  # operands chained so far at each open bracket level, outermost first
    indents = [0]  # indentation widths of the open blocks
    total = deepest = where = 0
    after_string = False
    position = 0
    search = _TOKEN.search
    while True:
        match = search(text, position)
        if match is None:
            break
        token = match.group()
        start, position = match.span()
        first = token[0]
        if first in "'\"":
            position = _end_of_string(text, position, token)
            if not after_string:
                after_string = True
                continue
            chains[-1] += 1  # implicit concatenation: "a" "b" nests one level deeper
            total += 1
        elif first == "#":
            continue
        elif first in "\n\r\\":
            if len(chains) > 1 or first == "\\":
                continue  # inside brackets, or a continuation line: same logical line
            total -= chains[0]
            chains[0] = 0
            if text[position : position + 1] in ("", "\n", "\r", "#"):
                continue  # a blank or comment-only line does not change the indentation
            width = len(token.lstrip("\r\n").expandtabs(8))
            while len(indents) > 1 and width < indents[-1]:
                indents.pop()
                total -= INDENT_WEIGHT
            if width > indents[-1]:
                indents.append(width)
                total += INDENT_WEIGHT
        elif first in "([{":
            before = text[start - 1 : start]
            if first != "{" and (before.isalnum() or before in _TRAILER_AFTER):
                chains[-1] += 1  # a call or subscript on what precedes it
                total += 1
            chains.append(0)
            total += BRACKET_WEIGHT
        elif first in ")]}":
            if len(chains) > 1:
                total -= chains.pop() + BRACKET_WEIGHT
        elif first in ",;":
            total -= chains[-1]
            chains[-1] = 0
        else:  # an operator, a keyword operator or an attribute access
            chains[-1] += 1
            total += 1
        after_string = first in "'\""
        if total > deepest:
            deepest, where = total, start
    return deepest, where


def _end_of_string(text: str, start: int, quotes: str) -> int:
    """The offset just past the string's closing quotes (or the end of its line or file)."""
    if len(quotes) == 1:
        single = _SINGLE_QUOTED[quotes].match(text, start)
        return single.end() if single is not None else start
    position = start
    while True:
        end = text.find(quotes, position)
        if end < 0:
            return len(text)
        backslashes = 0
        while end - backslashes - 1 >= start and text[end - backslashes - 1] == "\\":
            backslashes += 1
        if backslashes % 2 == 0:
            return end + 3
        position = end + 1


class TooDeep(SourceError):
    """A file refused by the guard: judged as TAV903 at `line`, not parsed."""

    def __init__(self, path: str, line: int, why: str) -> None:
        super().__init__(f"{path}:{line}:1: {why}")
        self.line = line
        self.why = why


def guard(text: str, path: str, limit: int = MAX_DEPTH) -> None:
    """Raise TooDeep, with one clear line, for a file too deep to analyse safely.

    Call it before parsing: past the limit the native parser may crash the process.
    """
    depth, offset = nesting_depth(text)
    if depth > limit:
        line = text.count("\n", 0, offset) + 1
        raise TooDeep(path, line, f"nesting too deep to analyse (depth {depth} > {limit})")


# --- Parsing: libcst's parser, without checking again what it has just built.
#
# Every libcst node validates its fields when it is constructed (`CSTNode.__post_init__`),
# which is right for trees built by hand (the fixer's) and redundant for the parser's own
# output: a fifth of the parse time goes to it. libcst's authors say as much in a comment
# on that method. While the parser runs, the check is switched off; everything else,
# the fixer's new nodes included, is still validated.

_VALIDATE = cst.CSTNode.__post_init__


def _unchecked(self: cst.CSTNode) -> None:
    return None


def parse_module(source: str) -> cst.Module:
    """`libcst.parse_module(source)`, the nodes built without re-validation.

    Raises what libcst raises (ParserSyntaxError, RecursionError, MemoryError). Callers
    run `guard` first.
    """
    cst.CSTNode.__post_init__ = _unchecked  # type: ignore[method-assign]
    try:
        return cst.parse_module(source)
    finally:
        cst.CSTNode.__post_init__ = _VALIDATE  # type: ignore[method-assign]


# Folders of installed distributions: a package checked there is read alone, the other
# top-level packages beside it are not the project's (discovery.project, flow.engine).
INSTALLATION_FOLDERS = ("site-packages", "dist-packages")
# Parsed modules kept for the next reader of the same file. The value-flow analysis reads
# every module of a package first; kept for fewer modules than the package holds, each
# was parsed again by the project index and the checker (trw-mcp, 1,160 modules: 3,193
# parses at 512, CPU 101 s -> 66 s at 2,048, peak memory 553 -> 568 MB).
MAX_SHARED_TREES = 2048

_shared: OrderedDict[str, tuple[int, cst.Module]] = OrderedDict()


def parsed(source: str, path: str) -> cst.Module | None:
    """The tree `parse_shared` already made of this file and text, if any."""
    try:
        cached = _shared.get(os.path.realpath(path)) if path else None
    except (OSError, ValueError):
        return None
    return cached[1] if cached is not None and cached[0] == hash(source) else None


def parse_shared(source: str, path: str) -> cst.Module:
    """`parse_module(source)`, once per file and text in a process: the value-flow
    analysis, the project index and the checker read the same tree. Raises as
    `parse_module` does; callers run `guard` first."""
    if not path:
        return parse_module(source)
    try:
        key = os.path.realpath(path)
    except (OSError, ValueError):
        return parse_module(source)
    digest = hash(source)
    cached = _shared.get(key)
    if cached is not None and cached[0] == digest:
        _shared.move_to_end(key)
        return cached[1]
    tree = parse_module(source)
    if cached is not None:
        _source_of.pop(id(cached[1]), None)
    _shared[key] = (digest, tree)
    _source_of[id(tree)] = (tree, source)
    if len(_shared) > MAX_SHARED_TREES:
        _, (_, dropped) = _shared.popitem(last=False)
        _source_of.pop(id(dropped), None)
    return tree


# The text each tree of `_shared` was parsed from, by the tree's id (each entry holds its
# tree, so the id cannot be reused while the entry lives): `toolargs.positions` reads
# lines and columns from it instead of generating the code again.
_source_of: dict[int, tuple[cst.Module, str]] = {}


def source_of(module: cst.Module) -> str | None:
    """The text `parse_shared` parsed `module` from, while it keeps the tree; else None."""
    entry = _source_of.get(id(module))
    return entry[1] if entry is not None and entry[0] is module else None
