"""The `from toolargs.runtime import ...` line that fixed code needs, and nothing more.

Names go into an existing runtime import (sorted, each once); otherwise one new import
comes after the module's last top-level import. Helpers a fix stopped using (the lenient
helpers removed from a mutation handler) leave the import again, so flake8 stays quiet.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

import libcst as cst

from toolargs.discovery.walk import children
from toolargs.fixer.edits import Edits, apply
from toolargs.fixer.tree import Tree

RUNTIME = "toolargs.runtime"
MAX_LINE = 99


def add_runtime_names(tree: Tree, names: Iterable[str], edits: Edits) -> None:
    missing = sorted(set(names) - tree.module_names)
    if not missing:
        return
    found = _runtime_import(tree.module)
    if found is not None:
        _, statement = found
        edits.replace_node(statement, lambda node: _with_names(node, missing, remove=()))
        return
    new = cst.parse_statement(
        _import_code(missing, multi_line=False, indent=tree.module.default_indent) + "\n",
        config=tree.module.config_for_parsing,
    )
    last = _last_import(tree.module)
    if last is not None:
        edits.insert_after(last, new)
    else:
        edits.insert_at_top(tree.module, new)


def drop_unused(before: cst.Module, after: cst.Module) -> cst.Module:
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
        edits.replace_node(statement, lambda node: _with_names(node, [], remove=dropped))
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


def _last_import(module: cst.Module) -> cst.SimpleStatementLine | None:
    last = None
    for line in module.body:
        if isinstance(line, cst.SimpleStatementLine) and any(
            isinstance(small, (cst.Import, cst.ImportFrom)) for small in line.body
        ):
            last = line
    return last


def _bound(alias: cst.ImportAlias) -> str:
    target = alias.asname.name if alias.asname else alias.name
    return cst.Module([]).code_for_node(target)


def _with_names(
    node: cst.CSTNode, add: Sequence[str], remove: Sequence[str]
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
    code = _import_code(ordered, multi_line=multi_line, indent="    ")
    statement = cst.parse_statement(code + "\n")
    assert isinstance(statement, cst.SimpleStatementLine)
    new = statement.body[0]
    assert isinstance(new, cst.ImportFrom)
    return new.with_changes(semicolon=node.semicolon)


def _import_code(names: Sequence[str], *, multi_line: bool, indent: str) -> str:
    one_line = f"from {RUNTIME} import {', '.join(names)}"
    if not multi_line and len(one_line) <= MAX_LINE:
        return one_line
    inner = "".join(f"{indent}{name},\n" for name in names)
    return f"from {RUNTIME} import (\n{inner})"
