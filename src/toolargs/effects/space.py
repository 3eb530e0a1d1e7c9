"""Where a path lives: scratch space the tool manages itself, the server's own state,
or the user's.

Writing or deleting a temporary file, a file in the platform's cache folder or in a
folder the server names as its cache changes nothing the user owns (docs/effects.md).
A file the server keeps for itself (its cookies and tokens, its log, its lock file) is
its own state: a write there is shown, but it is not a change the tool makes.
A path lives where its root does: its value is followed through local names (assignments,
`with ... as`, tuple targets, loop targets over a folder's listing), module constants,
`self` attributes, `/`, `+` and `os.path.join`, methods of a path (`root.iterdir()`,
`p.with_suffix()`), and the project functions that return it. A path made from a
parameter is the caller's to decide: the analysis asks again at each call site.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, Sequence, Union

import libcst as cst

from toolargs.discovery.literals import argument_at, dotted_name, keyword, last_name, string_value
from toolargs.discovery.walk import children
from toolargs.effects import catalogue as cat

if TYPE_CHECKING:
    from toolargs.effects.analysis import Function

MAX_HOPS = 12  # values followed in a row for one path; further on it is not scratch
MAX_STEPS = 400  # values looked at for one path in all


@dataclass(frozen=True)
class Argument:
    """A path whose place is the value the caller gives this parameter; `otherwise`, the
    place it has when the caller gives None (`path or CACHE_FILE`, `path` defaulting to
    None): scratch (True), the server's own, not known (False), or None when nothing
    but the parameter says."""

    name: str
    otherwise: Union[bool, "Own", None] = None  # None: nothing says


@dataclass(frozen=True)
class Own:
    """A path the server keeps for itself: its credentials, its log, its lock file."""

    reason: str  # what it is, for the evidence: "credentials", "a log"


# True: scratch; False: anything else (the user's, or not known); Argument: the caller's;
# Own: the server's own state.
Place = Union[bool, Argument, Own]


class SpaceProject(Protocol):
    """What the place of a value asks of the project index."""

    def qualify(self, name: str, caller: Function) -> str: ...

    def resolve(self, call: cst.Call, caller: Function) -> Function | None: ...

    def origin(
        self, expr: cst.BaseExpression, caller: Function
    ) -> tuple[cst.BaseExpression, Function] | None:
        """The value a module constant or a `self` attribute is bound to, and the code
        whose names that value uses; None when it is not one."""


@dataclass(frozen=True)
class _Scope:
    params: frozenset[str]
    sources: dict[str, list[cst.BaseExpression]]  # every value a local name is bound from
    opaque: frozenset[str]  # local names bound by something not followed


def combine(places: Sequence[Place]) -> Place:
    """All scratch is scratch; one parameter (the others scratch or the server's own) is
    that parameter's; the server's own state and scratch space are the server's own."""
    if not places or any(p is False for p in places):
        return False
    arguments = {p.name for p in places if isinstance(p, Argument)}
    if arguments:
        if len(arguments) != 1:
            return False
        rest: list[Place] = [p for p in places if not isinstance(p, Argument)]
        rest += [p.otherwise for p in places if isinstance(p, Argument) and p.otherwise is not None]
        otherwise = combine(rest) if rest else None  # scratch or the server's own
        return Argument(arguments.pop(), False if isinstance(otherwise, Argument) else otherwise)
    owns = [p for p in places if isinstance(p, Own)]
    return owns[0] if owns else True


def scratch_name(name: str) -> bool:
    """`CACHE_DIR`, `tmp_path`, `cacheDir`, `_scratch`: a name that says it."""
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower().split("_")
    return bool(set(words) & cat.SCRATCH_WORDS) or name.lower() in cat.SCRATCH_WORDS


def scratch_text(text: str) -> bool:
    """`/tmp/x`, `.cache`, `~/Library/Caches/app`: a literal part of a path that says it."""
    return bool(set(re.split(r"[^a-z0-9]+", text.lower())) & cat.SCRATCH_WORDS)


def own_name(name: str) -> str:
    """What a name says the server keeps for itself: `COOKIE_FILE`, `_audit_file`,
    `token_path` ("credentials", "a log", ...); "" when it says nothing."""
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower().split("_")
    return _own_words(words)


def own_text(text: str) -> str:
    """The same for a literal part of a path: `~/.tokens`, `audit.jsonl`, `app.log`."""
    words = re.split(r"[^a-z0-9]+", text.lower())
    return _own_words(words)


def _own_words(words: list[str]) -> str:
    """`api_key`, `API_KEY_PATH`, `~/.app/api_key`: a pair of words naming a credential
    says it too (`key` alone does not: a key-value store's)."""
    found = next((cat.OWN_WORDS[w] for w in words if w in cat.OWN_WORDS), "")
    if not found and any(pair <= set(words) for pair in cat.CREDENTIAL_FUNCTION_PAIRS):
        return cat.CREDENTIALS
    return found


def _named(name: str) -> Place | None:
    """The place a name says: scratch, the server's own, or None when it says neither."""
    if scratch_name(name):
        return True
    reason = own_name(name)
    return Own(reason) if reason else None


def _literal(expr: cst.BaseExpression | None) -> Place | None:
    """The place a literal part of a path says (`".cache"`, `".tokens"`), or None."""
    text = string_value(expr) if expr is not None else None
    return None if text is None else _text(text)


def _text(text: str) -> Place | None:
    if scratch_text(text) or text in cat.MEMORY_DATABASES:
        return True  # `/tmp/x`, `~/.cache`, `sqlite3.connect(":memory:")`
    if cat.INDEX_DATABASE.search(text):
        return Own(cat.CACHE)  # `index.sqlite3`: an index it derives from what it reads
    reason = own_text(text)
    return Own(reason) if reason else None


class Spaces:
    """The place of path values, with each function's bindings read once."""

    def __init__(self, project: SpaceProject) -> None:
        self.project = project
        self._scopes: dict[int, _Scope] = {}
        self._returns: dict[int, list[cst.BaseExpression]] = {}  # def node -> returned
        self._calls: dict[tuple[int, int], Place] = {}  # (call, function) -> its value's
        self._steps = 0

    def place(self, expr: cst.BaseExpression | None, where: Function) -> Place:
        if expr is None:
            return False
        self._steps = 0
        return self._place(expr, where, 0, frozenset())

    def _place(
        self,
        expr: cst.BaseExpression,
        where: Function,
        hops: int,
        seen: frozenset[tuple[int, str]],
    ) -> Place:
        self._steps += 1
        if hops > MAX_HOPS or self._steps > MAX_STEPS:
            return False
        if isinstance(expr, cst.Await):
            expr = expr.expression
        hops += 1
        if isinstance(expr, cst.Name):
            return self._name(expr, where, hops, seen)
        if isinstance(expr, cst.Attribute):
            named = _named(expr.attr.value)
            if named is not None:
                return named  # `self.cache_dir`, `settings.tmp_root`, `self.log_path`
            found = self._origin(expr, where, hops, seen)
            if found is not None:
                return found
            if isinstance(expr.value, cst.Name) and expr.value.value in ("self", "cls"):
                return False
            return self._place(expr.value, where, hops, seen)  # `entry.path`, `f.name`
        if isinstance(expr, cst.Subscript):
            qualified = self.project.qualify(dotted_name(expr.value) or "", where)
            if qualified in cat.ENVIRONMENT:  # `os.environ["TMPDIR"]`
                key = expr.slice[0].slice if len(expr.slice) == 1 else None
                value = key.value if isinstance(key, cst.Index) else None
                return _literal(value) or False
            return self._place(expr.value, where, hops, seen)  # `paths[0]`
        if isinstance(expr, cst.BinaryOperation):
            if not isinstance(expr.operator, (cst.Divide, cst.Add, cst.Modulo)):
                return False
            said = _literal(expr.right)
            if said is not None:
                return said  # `home / ".cache"`, `root + "/tmp"`, `home / ".tokens"`
            return self._place(expr.left, where, hops, seen)
        if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
            return _literal(expr) or False
        if isinstance(expr, cst.FormattedString):
            for part in expr.parts:
                if isinstance(part, cst.FormattedStringText):
                    said = _text(part.value)
                    if said is not None:
                        return said
            first = expr.parts[0] if expr.parts else None
            if isinstance(first, cst.FormattedStringExpression):  # f"{CACHE}/{key}"
                return self._place(first.expression, where, hops, seen)
            return False
        if isinstance(expr, cst.Call):
            return self._call(expr, where, hops, seen)
        if isinstance(expr, (cst.List, cst.Tuple, cst.Set)):  # `for p in (a, b):`
            return combine(
                [self._place(e.value, where, hops, seen) for e in expr.elements]
            )
        if isinstance(expr, (cst.BooleanOperation, cst.IfExp)):
            sides = (
                (expr.left, expr.right)
                if isinstance(expr, cst.BooleanOperation)
                else (expr.body, expr.orelse)
            )
            places = [self._place(s, where, hops, seen) for s in sides]
            kept = [p for s, p in zip(sides, places) if not self._overridable(s, where)]
            if len(kept) == 1 and isinstance(kept[0], Own):
                # `os.environ.get("PACING_DIR") or user_cache_path("app")`: a setting
                # the operator may give moves the server's own folder, it does not make
                # it the user's (a scratch default does not say that much: the setting
                # may name the user's output)
                return kept[0]
            return combine(places)
        return False

    def _name(
        self, expr: cst.Name, where: Function, hops: int, seen: frozenset[tuple[int, str]]
    ) -> Place:
        name = expr.value
        named = _named(name)
        if named is not None:
            return named
        scope = self.scope(where)
        given: list[Place] = [Argument(name)] if name in scope.params else []
        values = scope.sources.get(name)
        if values is not None:
            # `local_dir = None` before the `try` that makes it: None is no place
            values = [v for v in values if not is_none(v)] or values
            key = (id(where.node), name)
            if key in seen:
                return True  # `p = p / "x"`: the other bindings decide
            inner = seen | {key}
            return combine(given + [self._place(v, where, hops, inner) for v in values])
        if given:
            return given[0]
        if name in scope.opaque:
            return False
        found = self._origin(expr, where, hops, seen)
        return False if found is None else found

    def _origin(
        self,
        expr: cst.BaseExpression,
        where: Function,
        hops: int,
        seen: frozenset[tuple[int, str]],
    ) -> Place | None:
        """A module constant or an attribute of `self`: the place of its value (its own
        parameters are not the caller's, so they decide nothing here)."""
        found = self.project.origin(expr, where)
        if found is None:
            return None
        value, owner = found
        place = self._place(value, owner, hops, seen)
        if (
            isinstance(place, Argument)
            and place.otherwise not in (None, False)
            and is_none(parameter_default(owner.node, place.name))
        ):
            # `self.directory = directory or settings.cache_dir / "walk"` in `__init__`
            # (or `if directory is None: directory = ...`): an option that defaults to
            # None, which no caller here gives, leaves the place to its default
            place = place.otherwise
        return False if isinstance(place, Argument) else place

    def _call(
        self, call: cst.Call, where: Function, hops: int, seen: frozenset[tuple[int, str]]
    ) -> Place:
        dotted = dotted_name(call.func) or ""
        qualified = self.project.qualify(dotted, where) if dotted else ""
        if qualified in cat.SCRATCH_CALLS or qualified.startswith("tempfile."):
            return True
        if qualified in cat.OWN_CALLS:  # `platformdirs.user_log_dir("app")`
            return Own(cat.OWN_CALLS[qualified])
        if qualified in cat.ENVIRONMENT_CALLS:  # `os.environ.get("XDG_CACHE_HOME", ...)`
            said = _literal(argument_at(call, 0, "key"))
            if said is not None:
                return said
            default = argument_at(call, 1, "default", "value")
            # `os.getenv("APP_LOG_DIR", DEFAULT_LOG_DIR)`: the server's own folder
            # wherever the operator moves it (not scratch: the setting may name the
            # user's output)
            place = False if default is None else self._place(default, where, hops, seen)
            return place if isinstance(place, Own) else False
        named = _named(last_name(call.func) or "")
        if named is not None:
            return named  # `self._cache_path(key)`, `get_tmp_dir()`, `_audit_file()`
        if qualified in cat.REPOSITORY_AT:  # `Repo.clone_from(url, CACHE / name)`
            position, keyword_name = cat.REPOSITORY_AT[qualified]
            found = keyword(call, keyword_name)
            passed = [a.value for a in call.args if a.keyword is None and not a.star]
            if found is None and len(passed) > position:
                found = passed[position]
            return False if found is None else self._place(found, where, hops, seen)
        if qualified in cat.OPEN_CALLS:  # `open(path, "rb")`: the file (and its `.name`)
            first = argument_at(call, 0, "file", "name", "filename", "fileobj")
            return False if first is None else self._place(first, where, hops, seen)
        if qualified in cat.SAME_PLACE_CALLS:
            rest = [a.value for a in call.args[1:] if a.keyword is None]
            for value in rest:
                said = _literal(value)
                if said is not None:
                    return said  # `os.path.join(home, ".cache", "app")`
            first = argument_at(call, 0)
            return False if first is None else self._place(first, where, hops, seen)
        key = (id(call), id(where.node))
        if key in self._calls:  # the same call asked about again (another write below it)
            return self._calls[key]
        callee = self.project.resolve(call, where)
        if callee is not None and isinstance(callee.node, cst.FunctionDef):
            returned = self._returned(call, callee, where, hops, seen)
            if returned is False and isinstance(call.func, cst.Attribute):
                # `cache.session()`: what an object named as the server's cache (or as
                # scratch space) hands out lives where it does
                receiver = self._place(call.func.value, where, hops, seen)
                if receiver is True or isinstance(receiver, Own):
                    returned = receiver
            if all(function != id(callee.node) for function, _ in seen):
                self._calls[key] = returned  # (not in a recursion, where it is the cycle's)
            return returned
        if isinstance(call.func, cst.Attribute):  # `CACHE.joinpath(x)`, `root.glob("*")`
            return self._place(call.func.value, where, hops, seen)
        return False

    def _overridable(self, expr: cst.BaseExpression, where: Function) -> bool:
        """Whether `expr` is only an environment variable whose name says nothing of the
        place (`os.environ.get("PACING_DIR")`, `Path(os.environ["STATE_DIR"])`)."""
        while isinstance(expr, cst.Call):
            dotted = dotted_name(expr.func) or ""
            qualified = self.project.qualify(dotted, where) if dotted else ""
            if qualified in cat.ENVIRONMENT_CALLS:
                return _literal(argument_at(expr, 0, "key")) is None and argument_at(
                    expr, 1, "default", "value"
                ) is None
            if qualified not in cat.SAME_PLACE_CALLS or not expr.args:
                return False
            expr = expr.args[0].value  # `Path(os.environ.get(...))`
        if isinstance(expr, cst.Subscript):
            dotted = dotted_name(expr.value) or ""
            if self.project.qualify(dotted, where) not in cat.ENVIRONMENT:
                return False
            key = expr.slice[0].slice if len(expr.slice) == 1 else None
            return isinstance(key, cst.Index) and _literal(key.value) is None
        return False

    def _returned(
        self,
        call: cst.Call,
        callee: Function,
        where: Function,
        hops: int,
        seen: frozenset[tuple[int, str]],
    ) -> Place:
        """The place of what a project function returns; a parameter it returns a path
        of is the argument the call gives it."""
        node = callee.node
        assert isinstance(node, cst.FunctionDef)
        returned = self._returns.get(id(node))
        if returned is None:  # read once per function: many calls ask about the same one
            returned = self._returns[id(node)] = [
                r.value for r in _returns(node) if r.value is not None
            ]
        places: list[Place] = []
        for value in returned:
            place = self._place(value, callee, hops, seen)
            if isinstance(place, Argument):
                given = _given(node, call, place.name)
                place = False if given is None else self._place(given, where, hops, seen)
            places.append(place)
        return combine(places)

    def scope(self, where: Function) -> _Scope:
        key = id(where.node)
        found = self._scopes.get(key)
        if found is None:
            found = self._scopes[key] = _read_scope(where.node)
        return found


def _given(node: cst.FunctionDef, call: cst.Call, name: str) -> cst.BaseExpression | None:
    """The argument `call` gives the parameter `name` of `node`, or its default."""
    params = [*node.params.posonly_params, *node.params.params]
    if params and params[0].name.value in ("self", "cls") and isinstance(
        call.func, cst.Attribute
    ):
        params = params[1:]
    positional = [a for a in call.args if a.keyword is None]
    for index, param in enumerate(params):
        if param.name.value == name:
            if index < len(positional) and not positional[index].star:
                return positional[index].value
            break
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    for param in (*params, *node.params.kwonly_params):
        if param.name.value == name:
            return param.default
    return None


def _returns(node: cst.FunctionDef) -> list[cst.Return]:
    found: list[cst.Return] = []
    stack: list[cst.CSTNode] = [node.body]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Return):
            found.append(current)
        elif not isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            stack.extend(children(current))
    return found


# The nodes `_read_scope` reads; any other node is only looked into (libcst's node
# classes are final: a type test is exact, and much cheaper than isinstance on them).
_BINDING = frozenset({
    cst.Assign, cst.AnnAssign, cst.For, cst.CompFor, cst.WithItem, cst.NamedExpr,
    cst.ExceptHandler, cst.FunctionDef, cst.ClassDef, cst.ImportAlias,
})


def _read_scope(root: cst.CSTNode) -> _Scope:
    """The parameters of a function and what each of its local names is bound from."""
    params: set[str] = set()
    sources: dict[str, list[cst.BaseExpression]] = {}
    opaque: set[str] = set()

    def bind(target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            sources.setdefault(target.value, []).append(value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            elements = target.elements
            values = value.elements if isinstance(value, (cst.Tuple, cst.List)) else None
            for index, element in enumerate(elements):
                if values is not None and len(values) == len(elements):
                    bind(element.value, values[index].value)  # `a, b = x, y`
                else:
                    bind(element.value, value)  # `fd, name = tempfile.mkstemp()`
        elif isinstance(target, cst.StarredElement):
            bind(target.value, value)

    if isinstance(root, cst.FunctionDef):
        given = root.params
        for param in (
            *given.posonly_params, *given.params, *given.kwonly_params,
            given.star_arg, given.star_kwarg,
        ):
            if isinstance(param, cst.Param) and param.name.value not in ("self", "cls"):
                params.add(param.name.value)
        stack: list[cst.CSTNode] = [root.body]
    else:
        stack = []  # a constant's value: no names of its own
    while stack:
        node = stack.pop()
        if type(node) not in _BINDING:
            stack.extend(children(node))
            continue
        if isinstance(node, cst.Assign):
            for target in node.targets:
                bind(target.target, node.value)
        elif isinstance(node, cst.AnnAssign) and node.value is not None:
            bind(node.target, node.value)
        elif isinstance(node, (cst.For, cst.CompFor)):
            bind(node.target, node.iter)  # an item of what is iterated
        elif isinstance(node, cst.WithItem) and node.asname is not None:
            bind(node.asname.name, node.item)
        elif isinstance(node, cst.NamedExpr):
            bind(node.target, node.value)
        elif isinstance(node, cst.ExceptHandler) and node.name is not None:
            opaque.add(node.name.name.value if isinstance(node.name.name, cst.Name) else "")
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            opaque.add(node.name.value)
            continue  # its own scope
        elif isinstance(node, cst.ImportAlias):
            alias = node.evaluated_alias or dotted_name(node.name) or ""
            opaque.add(alias.split(".")[0])
        stack.extend(children(node))
    return _Scope(frozenset(params), sources, frozenset(opaque - set(sources)))


def parameter_default(node: cst.CSTNode, name: str) -> cst.BaseExpression | None:
    """The default of the parameter `name` of a function, None when it has none."""
    if not isinstance(node, cst.FunctionDef):
        return None
    given = node.params
    for param in (*given.posonly_params, *given.params, *given.kwonly_params):
        if param.name.value == name and param.default is not None:
            return param.default
    return None


def is_none(value: cst.BaseExpression | None) -> bool:
    """`None` given, or left to a default of None."""
    return isinstance(value, cst.Name) and value.value == "None"
