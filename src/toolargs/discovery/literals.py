"""Reading literal values out of expressions, without evaluating any code."""

from __future__ import annotations

import libcst as cst
from libcst._nodes.internal import CodegenState

from toolargs.flow.frameworks import RUN_LATER


def dotted_name(expr: cst.BaseExpression) -> str | None:
    """`a.b.c` for a Name/Attribute chain, else None."""
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        base = dotted_name(expr.value)
        return None if base is None else f"{base}.{expr.attr.value}"
    return None


def last_name(expr: cst.BaseExpression) -> str | None:
    """The final name of a callee or decorator: `tool` for `server.tool`, `x.tool()`."""
    if isinstance(expr, cst.Call):
        expr = expr.func
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        return expr.attr.value
    return None


def string_value(expr: cst.BaseExpression | None) -> str | None:
    """The value of a plain (non-f) string literal, implicit concatenation included."""
    if type(expr) is cst.SimpleString:
        raw = expr.value
        # Fast path: an unprefixed literal without escapes is its own text between the
        # quotes (evaluated_value runs ast.literal_eval, about 5 us a string).
        if raw[0] in "'\"" and "\\" not in raw:
            quote = 3 if raw[:3] in ('"""', "'''") else 1
            return raw[quote:-quote]
    if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
        value = expr.evaluated_value
        return value if isinstance(value, str) else None
    return None


def bool_value(expr: cst.BaseExpression | None) -> bool | None:
    if isinstance(expr, cst.Name) and expr.value in ("True", "False"):
        return expr.value == "True"
    return None


def keyword(call: cst.Call, *names: str) -> cst.BaseExpression | None:
    """The value of the first keyword argument named one of `names`."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value in names:
            return arg.value
    return None


def argument_at(call: cst.Call, position: int, *names: str) -> cst.BaseExpression | None:
    """The keyword argument of one of `names`, else the positional argument at `position`
    (None past a `*args`, whose length is not known)."""
    found = keyword(call, *names) if names else None
    if found is not None:
        return found
    index = 0
    for arg in call.args:
        if arg.keyword is not None:
            continue
        if arg.star:
            return None
        if index == position:
            return arg.value
        index += 1
    return None


def positional(call: cst.Call, index: int) -> cst.BaseExpression | None:
    position = 0
    for arg in call.args:
        if arg.keyword is None and not arg.star:
            if position == index:
                return arg.value
            position += 1
    return None


def dict_items(expr: cst.Dict) -> list[tuple[str, cst.BaseExpression]] | None:
    """String-keyed items of a dict literal; None when any key is not a plain string."""
    items: list[tuple[str, cst.BaseExpression]] = []
    for element in expr.elements:
        if not isinstance(element, cst.DictElement):
            return None
        key = string_value(element.key)
        if key is None:
            return None
        items.append((key, element.value))
    return items


def dict_get(expr: cst.Dict, key: str) -> cst.BaseExpression | None:
    for element in expr.elements:
        if isinstance(element, cst.DictElement) and string_value(element.key) == key:
            return element.value
    return None


def call_kwargs_dict(call: cst.Call) -> list[tuple[str, cst.BaseExpression]] | None:
    """`dict(a=1, b=2)` read like a dict literal."""
    if dotted_name(call.func) != "dict" or any(a.keyword is None for a in call.args):
        return None
    return [(a.keyword.value, a.value) for a in call.args if a.keyword is not None]


def snippet(node: cst.CSTNode, limit: int = 60) -> str:
    """Short source text of a node for messages, whitespace runs shown as one space.

    Code is generated only until it is sure to be too long: a side effect's snippet is
    taken for every call in a handler, and most are never shown.
    """
    state = _BoundedState(4 * limit)
    try:
        node._codegen(state)
        cut = False
    except _LongEnough:
        cut = True
    text = " ".join("".join(state.tokens).split())
    return text[: limit - 3] + "..." if cut or len(text) > limit else text


class _LongEnough(Exception):
    pass


class _BoundedState(CodegenState):
    """Generates code until `budget` characters have been written."""

    def __init__(self, budget: int) -> None:
        super().__init__(default_indent="    ", default_newline="\n")
        self.budget = budget

    def add_token(self, value: str) -> None:
        self.tokens.append(value)
        self.budget -= len(value)
        if self.budget < 0:
            raise _LongEnough


def is_docstring(statement: cst.CSTNode) -> bool:
    """A statement that is only a string: a module's, class's or function's docstring."""
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def parameter_names(node: cst.CSTNode) -> frozenset[str]:
    """The names of a function's parameters (a lambda's too), `self` and `cls` aside."""
    params = getattr(node, "params", None)
    if not isinstance(params, cst.Parameters):
        return frozenset()
    every = (*params.posonly_params, *params.params, *params.kwonly_params)
    return frozenset(p.name.value for p in every if p.name.value not in ("self", "cls"))


def called_later(call: cst.Call, name: str) -> cst.Call | None:
    """The call `f(a, b)` that `asyncio.to_thread(f, a, b)`, `loop.run_in_executor(None,
    f, a, b)` and their kin (`RUN_LATER`) make, `name` being the called function's name,
    qualified or as written (`to_thread` after `from asyncio import to_thread`); None for
    any other call."""
    if name.rsplit(".", 1)[-1] == "run_in_executor":
        position: int | None = 1
    else:
        known = next((q for q in RUN_LATER if name == q or q.endswith(f".{name}")), None)
        position = RUN_LATER[known] if known is not None else None
    args = [a for a in call.args if a.keyword is None]
    if position is None or len(args) <= position or any(a.star for a in args[: position + 1]):
        return None
    return cst.Call(func=args[position].value, args=tuple(args[position + 1 :]))
