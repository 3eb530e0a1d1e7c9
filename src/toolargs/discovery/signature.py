"""Handler signatures: dict-style or keyword-style, and what a tool class is called."""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from toolargs.discovery.handler import ARGS_PARAMETER_NAMES
from toolargs.discovery.literals import dotted_name, last_name
from toolargs.discovery.syntax import statements_of

INJECTED_PARAMETERS = frozenset({"self", "cls", "ctx", "context"})
INJECTED_TYPES = frozenset({"Context", "RequestContext", "ServerSession", "Request"})
CLASS_SUFFIXES = ("ToolHandler", "Handler", "Tool")


@dataclass
class Signature:
    args_name: str | None  # the dict parameter of a dict-style handler
    params: tuple[str, ...]  # keyword-style: the parameters a caller can pass
    kwargs_name: str | None  # a `**kwargs` that swallows unknown keys


def signature(function: cst.FunctionDef, method: bool) -> Signature:
    """Dict-style when the only caller-supplied parameter holds the argument dict."""
    params = list(function.params.posonly_params) + list(function.params.params)
    if method and params and params[0].name.value in ("self", "cls"):
        params = params[1:]
    callers = [
        p
        for p in params + list(function.params.kwonly_params)
        if p.name.value not in INJECTED_PARAMETERS and not _injected_type(p)
    ]
    star_kwarg = function.params.star_kwarg
    kwargs_name = star_kwarg.name.value if isinstance(star_kwarg, cst.Param) else None
    if len(callers) == 1 and _is_dict_param(callers[0]):
        return Signature(callers[0].name.value, (), None)
    return Signature(None, tuple(p.name.value for p in callers), kwargs_name)


def _injected_type(param: cst.Param) -> bool:
    if param.annotation is None:
        return False
    annotation = param.annotation.annotation
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    name = dotted_name(annotation) or ""
    return name.rsplit(".", 1)[-1] in INJECTED_TYPES


def _optional_inner(annotation: cst.BaseExpression) -> cst.BaseExpression:
    """`X` of `Optional[X]` and of `Union[X, None]`."""
    if isinstance(annotation, cst.Subscript):
        name = (dotted_name(annotation.value) or "").rsplit(".", 1)[-1]
        elements = [e.slice for e in annotation.slice]
        values = [e.value for e in elements if isinstance(e, cst.Index)]
        if name == "Optional" and len(values) == 1:
            return values[0]
        if name == "Union":
            kept = [v for v in values if dotted_name(v) != "None"]
            if len(kept) == 1:
                return kept[0]
    return annotation


def _is_dict_param(param: cst.Param) -> bool:
    if param.annotation is not None:
        annotation = _optional_inner(param.annotation.annotation)
        if isinstance(annotation, cst.Subscript):
            annotation = annotation.value
        name = (dotted_name(annotation) or "").rsplit(".", 1)[-1]
        if name in ("dict", "Dict", "Mapping", "MutableMapping"):
            return True
        if isinstance(annotation, cst.BinaryOperation):  # dict[str, Any] | None
            return "dict" in (dotted_name(annotation.left) or "") or _is_dict_param(
                param.with_changes(annotation=cst.Annotation(annotation.left))
            )
        if name:
            return False
    return param.name.value in ARGS_PARAMETER_NAMES


def is_abstract(function: cst.FunctionDef) -> bool:
    """No handler body of its own: only a docstring, `...`, `pass` or NotImplementedError."""
    if any(last_name(d.decorator) == "abstractmethod" for d in function.decorators):
        return True
    for statement in statements_of(function.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            return False
        for small in statement.body:
            if isinstance(small, cst.Pass):
                continue
            if isinstance(small, cst.Expr) and isinstance(
                small.value, (cst.SimpleString, cst.ConcatenatedString, cst.Ellipsis)
            ):
                continue
            if isinstance(small, cst.Raise) and small.exc is not None:
                raised = small.exc.func if isinstance(small.exc, cst.Call) else small.exc
                if last_name(raised) == "NotImplementedError":
                    continue
            return False
    return True


def class_tool_name(class_name: str) -> str:
    """`FindSymbolTool` -> `find_symbol`."""
    for suffix in CLASS_SUFFIXES:
        if class_name.endswith(suffix) and class_name != suffix:
            class_name = class_name[: -len(suffix)]
            break
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", class_name).lower()
