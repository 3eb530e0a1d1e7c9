"""The abstract values of the value-flow analysis (DESIGN.md section 4).

Every expression evaluates to a set of these. They are hashable and compare by what
they stand for: an allocation site is the call that allocates, with one level of
context; a function is its definition with the frame its closure reads from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

import libcst as cst

# The context of a frame or an allocation: the call site it was entered from, or ().
Context = tuple[int, ...]


@dataclass(frozen=True)
class Const:
    """A str, int, float, bool or None known exactly, or a path of the package's own
    file tree (a `PurePosixPath`: `Path(__file__).parent`, see `flow.paths`)."""

    value: object


@dataclass(frozen=True, eq=False)
class Module:
    """A module of the analysed package."""

    name: str
    path: str
    tree: cst.Module
    source: str


@dataclass(frozen=True)
class Frame:
    """An activation of a function in one context (a module body has its own frame)."""

    owner: int  # id of the FunctionDef/Lambda node, or of the Module
    context: Context


@dataclass(frozen=True)
class Func:
    """A function or lambda of the package, with the frame its free names read from."""

    node: cst.FunctionDef | cst.Lambda
    module: Module
    closure: Frame | None

    @property
    def name(self) -> str:
        return self.node.name.value if isinstance(self.node, cst.FunctionDef) else "<lambda>"


@dataclass(frozen=True)
class Class:
    """A class of the package."""

    node: cst.ClassDef
    module: Module
    closure: Frame | None

    @property
    def name(self) -> str:
        return self.node.name.value


@dataclass(frozen=True)
class External:
    """Something from outside the package, known by its qualified name (mcp.types.Tool)."""

    qualname: str


@dataclass(frozen=True)
class Object:
    """An allocation: an instance of a package class or a modelled library class, named
    by its call site and the context of the frame that made the call."""

    site: int  # id of the Call node; 0 for the one abstract instance of a class
    context: Context
    cls: Class | External


@dataclass(frozen=True)
class Container:
    """A list, tuple, set or dict allocated at a site: its elements live in the heap."""

    site: int
    context: Context
    kind: str  # "list", "tuple", "set", "dict"


@dataclass(frozen=True)
class Bound:
    """A method bound to a receiver: a package function, or a modelled library method."""

    function: Func | External | str  # str: a container or string method's name
    receiver: Value


@dataclass(frozen=True)
class Decorator:
    """A framework registration waiting for its function: `mcp.tool(name="x")`."""

    sink: str  # the sink's role in the framework table
    server: Value
    call: int  # id of the Call that made it
    context: Context
    # The loop elements being run one by one when it was made: `for e in CATALOG:
    # app.tool(name=e.name)(e.fn)` makes one decorator per element, each with its name.
    iteration: tuple[Value, ...] = ()


@dataclass(frozen=True)
class Partial:
    """`functools.partial(f, *args, **kw)`: one callee with the arguments bound at a site
    (positional ones under 0..arity-1 in the heap, keywords under their names); calling
    it calls the callee with them first."""

    function: Value
    site: int
    context: Context
    arity: int


@dataclass(frozen=True)
class Unknown:
    """A value from outside the package, or a set grown past its bound."""

    why: str


@dataclass(frozen=True)
class Lazy:
    """An imported name not read yet: a module of the package and the name (None: the
    module itself). Read, it is what the module binds; unread, the module is never
    parsed (a handler's imports matter only if its body is evaluated)."""

    module: str
    name: str | None


Value = Union[
    Const, Module, Func, Class, External, Object, Container, Bound, Decorator, Unknown, Lazy,
    Partial,
]

ELEMENT = object()  # the heap key of a container's elements (any index)
KEYS = object()  # the heap key of a dict's keys
ATTRIBUTES = object()  # the heap key of an object's attributes set under a computed name
