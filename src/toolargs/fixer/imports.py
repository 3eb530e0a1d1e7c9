"""The `from toolargs.runtime import ...` line that fixed code needs, and nothing more.

Names go into an existing runtime import (sorted, each once); otherwise one new import
comes after the module's last top-level import. Helpers a fix stopped using (the lenient
helpers removed from a mutation handler) leave the import again, so flake8 stays quiet.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

import sys
from pathlib import Path

import libcst as cst

from toolargs.discovery.literals import is_docstring
from toolargs.discovery.walk import children
from toolargs.fixer.edits import Edits, apply
from toolargs.fixer.line_length import DEFAULT_LINE_LENGTH
from toolargs.fixer.tree import Tree
from toolargs.fixer.wrap import exploded_import

RUNTIME = "toolargs.runtime"


def add_runtime_names(
    tree: Tree,
    names: Iterable[str],
    edits: Edits,
    line_length: int = DEFAULT_LINE_LENGTH,
    path: str = "",
) -> None:
    missing = sorted(set(names) - tree.module_names)
    if not missing:
        return
    found = _runtime_import(tree.module)
    if found is not None:
        _, statement = found
        edits.replace_node(
            statement, lambda node: _with_names(node, missing, (), line_length)
        )
        return
    new = cst.parse_statement(
        exploded_import(RUNTIME, missing, tree.module.default_indent, line_length) + "\n",
        config=tree.module.config_for_parsing,
    )
    assert isinstance(new, cst.SimpleStatementLine)
    _place(tree.module, new, edits, _first_party(path))


def _place(
    module: cst.Module, new: cst.SimpleStatementLine, edits: Edits, first_party: set[str]
) -> None:
    """Where isort and ruff would put a third-party `from` import: sorted into the
    third-party block, else in a block of its own after the standard library's."""
    blocks = _import_blocks(module)
    if not blocks:
        edits.insert_at_top(module, new)
        return
    kinds = [_block_kind(block, first_party) for block in blocks]
    third_party = [
        [line for line in block if _line_kind(line, first_party) == "third-party"]
        for block in blocks
    ]
    most = max(third_party, key=len)
    if most:
        # Before the first third-party `from` import sorted after it, else after the last.
        later = [
            line for line in most
            if isinstance(line.body[0], cst.ImportFrom) and _sort_key(line.body[0]) > RUNTIME
        ]
        if later:
            edits.insert_before(later[0], new)
        else:
            edits.insert_after(most[-1], new)
        return
    # No third-party block: a new one after the standard library's (or, in the rare
    # module importing only its own package, after that).
    earlier = [i for i, kind in enumerate(kinds) if kind in ("future", "stdlib")]
    after = blocks[earlier[-1] if earlier else -1][-1]
    edits.insert_after(after, new.with_changes(leading_lines=[cst.EmptyLine()]))


def _import_blocks(module: cst.Module) -> list[list[cst.SimpleStatementLine]]:
    """The module's leading imports, in blocks separated by blank lines."""
    blocks: list[list[cst.SimpleStatementLine]] = []
    for position, statement in enumerate(module.body):
        if position == 0 and is_docstring(statement):
            continue
        if not (
            isinstance(statement, cst.SimpleStatementLine)
            and all(isinstance(s, (cst.Import, cst.ImportFrom)) for s in statement.body)
        ):
            break
        blank = any(line.comment is None for line in statement.leading_lines)
        if blank or not blocks:
            blocks.append([])
        blocks[-1].append(statement)
    return blocks


def _block_kind(block: list[cst.SimpleStatementLine], first_party: set[str]) -> str:
    kinds = [_line_kind(line, first_party) for line in block]
    return max(set(kinds), key=kinds.count)


def _line_kind(line: cst.SimpleStatementLine, first_party: set[str]) -> str:
    return _kind(line.body[0], first_party)


def _kind(node: cst.BaseSmallStatement, first_party: set[str]) -> str:
    if isinstance(node, cst.ImportFrom):
        if node.relative:
            return "first-party"
        top = _sort_key(node).split(".")[0]
    elif isinstance(node, cst.Import):
        top = cst.Module([]).code_for_node(node.names[0].name).split(".")[0]
    else:  # pragma: no cover - only imports reach here
        return "other"
    if top == "__future__":
        return "future"
    if top in sys.stdlib_module_names:
        return "stdlib"
    if top in first_party:
        return "first-party"
    return "third-party"


def _sort_key(node: cst.ImportFrom) -> str:
    module = cst.Module([]).code_for_node(node.module) if node.module is not None else ""
    return module.lower()


def _first_party(path: str) -> set[str]:
    """Top-level names of the project's own code: the file's package and its neighbours."""
    if not path:
        return set()
    folder = Path(path).resolve().parent
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        folder = folder.parent
    try:
        entries = list(folder.iterdir())
    except OSError:
        return set()
    return {
        entry.stem if entry.suffix == ".py" else entry.name
        for entry in entries
        if entry.suffix == ".py" or (entry / "__init__.py").is_file()
    }


def drop_unused(
    before: cst.Module, after: cst.Module, line_length: int = DEFAULT_LINE_LENGTH
) -> cst.Module:
    """Remove runtime names the fix stopped using (unused ones the author kept stay)."""
    found = _runtime_import(after)
    if found is None:
        return after
    line, statement = found
    if isinstance(statement.names, cst.ImportStar):
        return after
    imported = [_bound(alias) for alias in statement.names]
    used_before, used_after = _uses(before), _uses(after)
    dropped = [n for n in imported if used_before[n] and not used_after[n]]
    if not dropped:
        return after
    edits = Edits()
    if len(dropped) == len(imported):
        edits.remove_statement(line)
    else:
        edits.replace_node(statement, lambda node: _with_names(node, [], dropped, line_length))
    return apply(after, edits)


def _uses(module: cst.Module) -> Counter[str]:
    """How often each name is used, imports left out."""
    counts: Counter[str] = Counter()
    stack: list[cst.CSTNode] = list(module.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Import, cst.ImportFrom)):
            continue
        if isinstance(node, cst.Name):
            counts[node.value] += 1
        stack.extend(children(node))
    return counts


def _runtime_import(
    module: cst.Module,
) -> tuple[cst.SimpleStatementLine, cst.ImportFrom] | None:
    for line in module.body:
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for small in line.body:
            if (
                isinstance(small, cst.ImportFrom)
                and not small.relative
                and small.module is not None
                and cst.Module([]).code_for_node(small.module) == RUNTIME
            ):
                return line, small
    return None


def _bound(alias: cst.ImportAlias) -> str:
    target = alias.asname.name if alias.asname else alias.name
    return cst.Module([]).code_for_node(target)


def _with_names(
    node: cst.CSTNode, add: Sequence[str], remove: Sequence[str], line_length: int
) -> cst.CSTNode:
    assert isinstance(node, cst.ImportFrom) and not isinstance(node.names, cst.ImportStar)
    texts: dict[str, str] = {}
    for alias in node.names:
        if _bound(alias) in remove:
            continue
        text = cst.Module([]).code_for_node(alias.with_changes(comma=cst.MaybeSentinel.DEFAULT))
        texts.setdefault(text, cst.Module([]).code_for_node(alias.name))
    for name in add:
        texts.setdefault(name, name)
    ordered = sorted(texts, key=lambda text: (texts[text], text))
    multi_line = node.lpar is not None and isinstance(
        node.lpar.whitespace_after, cst.ParenthesizedWhitespace
    )
    code = exploded_import(RUNTIME, ordered, "    ", 0 if multi_line else line_length)
    statement = cst.parse_statement(code + "\n")
    assert isinstance(statement, cst.SimpleStatementLine)
    new = statement.body[0]
    assert isinstance(new, cst.ImportFrom)
    return new.with_changes(semicolon=node.semicolon)
