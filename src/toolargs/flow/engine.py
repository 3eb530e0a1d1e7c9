"""The value-flow analysis: every module of a package, evaluated to a fixpoint.

An abstract interpreter over libcst trees, in the manner of PyCG's assignment graph
with Jarvis' per-function frames: each function is evaluated once per context (the
call site it was entered from, one level deep), its locals flow-insensitive inside the
frame, attributes and container elements in one heap shared by all frames. Every
function is also evaluated in a root frame with unknown parameters, since entry points
(a `main()` named by a console script, a handler the framework calls) are not called
from inside the package. Rounds repeat until nothing grows; value sets, frames per
function and rounds are bounded, and what passes a bound becomes Unknown.

Nothing is imported or run. Framework facts come from `flow.frameworks`.
"""

from __future__ import annotations

import ast
import functools
import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, cast

import libcst as cst

from toolargs.discovery.literals import parameter_names
from toolargs.discovery.walk import children, walk
from toolargs.flow import dependencies
from toolargs.flow import frameworks as fw
from toolargs.flow import paths
from toolargs.flow.values import (
    ATTRIBUTES,
    ELEMENT,
    KEYS,
    Bound,
    Class,
    Const,
    Container,
    Context,
    Decorator,
    External,
    Frame,
    Func,
    Lazy,
    Module,
    Object,
    Partial,
    Unknown,
    Value,
)
from toolargs.source import (
    INSTALLATION_FOLDERS,
    SourceError,
    TooDeep,
    guard,
    parse_shared,
    parsed,
    read,
)

MAX_VALUES = 1024  # values one set may hold before it broadens to Unknown (a 5,000-name
# registry broadens; a 200-function one does not)
MAX_FRAMES = 512  # contexts per function before further calls share one (a decorator
# factory applied to each of 300 tools is called from 300 sites)
MAX_ROUNDS = 12
MAX_DEPTH = 60  # nested calls evaluated at once
# Activations of one function on the stack at once, in contexts of their own: a recursive
# function (a schema inliner calling itself on each nested schema, a flatten over nested
# lists) is evaluated this deep, and a deeper call gives what that frame's returns gave
# so far, as a call already on the stack in its own context does. Without the bound, a
# recursion in a new context per element ran until the interpreter's depth stopped the
# package's whole evaluation.
MAX_RECURSION = 4
MAX_STEPS = 60_000  # function bodies evaluated per package before the rest is left out
# Statements evaluated per package (in all rounds, loops run per element included) before
# the rest is left out: what bounds the time one package can take, whatever its shape.
MAX_WORK = 1_000_000
# Values added to value sets per package, re-added ones included: what bounds the time one
# statement can take (`base.update(out)` over every pair of two sets of big containers
# re-adds each of their keys' values; it counts one statement).
MAX_MOVED = 50_000_000
MAX_CONTEXT = 4  # call sites a context holds: wrappers within wrappers within factories
MAX_RERUNS = 2  # times a frame already run this round runs again for a new value
MAX_SITE_CONTEXTS = 64  # contexts an allocation site is told apart in
MAX_TEXT = 200  # a string built longer than this is Unknown (a text, not a name)
# A table's rows (tuples, records, functions: `for fn, name, doc in TOOLS`) run one by one
# up to MAX_ROWS: the rows a registration loop pairs names and handlers from. Texts and
# other values (`for word in WORDS`) only up to MAX_ITERATIONS.
MAX_ROWS = 256
ROW_VALUES = (Container, Object, Func, Bound, Partial)
MAX_ITERATIONS = 64  # a loop over at most this many known elements runs once for each
MAX_ANSWER_ROUNDS = 4  # rounds a hand-written server's answer to one request is read in
MAX_FILES = 4000
MAX_OUTSIDE = 256  # modules read from beside the package (sibling packages, src/)
MAX_LISTED = 256  # submodules a package listing gives before it is Unknown

Values = frozenset[Value]
NOTHING: Values = frozenset()
UNKNOWN = Unknown("outside the package")
SERVER_CLASS_NAMES = frozenset(fw.SERVER_CLASSES)
# A parameter of a function run without its callers (a root frame): what the callers the
# analysis did not see could pass.
UNSEEN_CALLER = Unknown("a caller the analysis did not see")
BROADENED = Unknown("too many values")
GROWING = Unknown("a string built up in a loop")
WIDEN_AFTER = 3  # rounds after which a concatenation still giving new texts is widened

BUILTIN_TYPES = {"list", "dict", "set", "tuple", "frozenset"}
PYDANTIC_MODELS = frozenset({"pydantic.BaseModel", "pydantic.main.BaseModel"})
MODEL_SCHEMA_METHODS = frozenset({"model_json_schema", "schema"})
BUILTIN_CALLS = {
    "dict", "getattr", "setattr", "issubclass", "len", "bool", "__import__", "property",
    "staticmethod", "classmethod",
}
TYPED_DICTS = frozenset({"typing.TypedDict", "typing_extensions.TypedDict"})
ENUMS = frozenset({"enum.Enum", "enum.StrEnum", "enum.IntEnum", "enum.Flag", "enum.IntFlag"})
# A function that loads modules by name is relevant: the modules it loads may register.
LOADING_TOKENS = frozenset({"import_module", ".import_module"})
# A function naming a tools request ("tools/list") is relevant: it may answer it.
PROTOCOL_TOKEN = '"tools/'


@dataclass
class Registration:
    """A value reached a framework sink: the server, the handler, and the sink's call."""

    role: str
    server: Values
    handler: Values
    call: int  # id of the Call node
    module: Module
    context: Context
    keywords: dict[str, Values] = field(default_factory=dict)
    positional: tuple[Values, ...] = ()
    # How: "decorator", "constructor" (a server's keyword), or the sink method called
    # (`add_tool`, `add_request_handler`): a low-level server's API tells its major.
    through: str = ""


@dataclass(frozen=True)
class Invoked:
    """A function a call handler invoked while it ran for one tool: whether it was
    handed the tool's name (a router choosing further), and the parameter it got the
    call's arguments in ("" when none did)."""

    function: Func
    got_name: bool
    arguments: str


# The arguments of a low-level tool call, while a call handler runs for one tool.
ARGUMENTS = Object(0, (), External("mcp.types.CallToolRequestParams.arguments"))
# The keyword under which a call spreads those arguments (`handler(**arguments)`), and
# what an invoked function's `Invoked.arguments` says then: no one parameter holds them,
# each of its parameters is a key.
SPREAD = "**"


@dataclass
class Scope:
    """What a frame's names resolve against."""

    frame: Frame
    module: Module
    function: Func | None
    local_names: frozenset[str]
    parent: Scope | None  # the closure's scope


_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+([.\w]+)[ \t]+import[ \t]+([^\n#;]+)|import[ \t]+([\w., \t]+))",
    re.M,
)


class _Modules:
    """The package's modules by dotted name, each read at once and parsed when first
    asked for (one that does not parse is absent)."""

    def __init__(self, engine: Engine, files: Sequence[Path], root: Path) -> None:
        self.engine = engine
        self.texts: dict[str, str] = {}
        self.paths: dict[str, Path] = {}
        self.loaded: dict[str, Module | None] = {}
        # Where else an import may find a module of the project: beside the package
        # (the sibling packages of a flat layout) and in a `src/` folder there.
        self.roots = [root, *([root / "src"] if (root / "src").is_dir() else [])]
        # Beside a package installed in site-packages lie other distributions, not the
        # project's own sibling packages: only the packages checked are read there.
        self.installed = root.name in INSTALLATION_FOLDERS
        self.outside: set[str] = set()  # modules read from there, when first imported
        self.absent: set[str] = set()
        for path in files:
            try:
                text = read(path)
            except SourceError:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts and parts[-1] == "__init__":
                parts.pop()
            name = ".".join(parts)
            if fw.unvendored(name) is not None:
                continue  # a vendored copy of a framework: imported, it is the framework
            self.texts[name] = text
            self.paths[name] = path
        self.tops = {name.split(".")[0] for name in self.texts}  # the packages checked

    def get(self, name: str) -> Module | None:
        if name in self.loaded:
            return self.loaded[name]
        if name not in self.texts:
            self._beside(name)
        text = self.texts.get(name)
        module = None
        if text is not None:
            try:
                tree = parsed(text, str(self.paths[name]))  # guarded when it was parsed
                if tree is None:
                    guard(text, str(self.paths[name]))
                    tree = parse_shared(text, str(self.paths[name]))
                module = Module(name, str(self.paths[name]), tree, text)
            except (SourceError, TooDeep, cst.ParserSyntaxError, RecursionError, MemoryError):
                module = None
        self.loaded[name] = module
        if module is not None:
            self.engine._loaded(module)
        return module

    def seeds(self) -> list[str]:
        """Modules that mention a framework or a tool, and those that import one of
        them (a module of handlers decorated by a project decorator), transitively."""
        seeds = {name for name, text in self.texts.items() if fw.seeds(text)}
        imports = {name: set(self._imported(name, text)) for name, text in self.texts.items()}
        grown = True
        while grown:
            more = {n for n, used in imports.items() if n not in seeds and used & seeds}
            seeds |= more
            grown = bool(more)
        return sorted(seeds)

    def _imported(self, name: str, text: str) -> Iterator[str]:
        """The package modules an import statement in `text` names (read as text)."""
        package = name.split(".")
        if self.paths[name].name != "__init__.py":
            package = package[:-1]
        for match in _IMPORT.finditer(text):
            base, names, plain = match.group(1), match.group(2), match.group(3)
            if plain:
                for part in plain.split(","):
                    yield part.split(" as ")[0].strip()
                continue
            dots = len(base) - len(base.lstrip("."))
            if dots:
                anchor = package[: len(package) - (dots - 1)] if dots > 1 else package
                base = ".".join([*anchor, base[dots:]] if base[dots:] else anchor)
            yield base
            for part in names.strip("()").split(","):
                yield f"{base}.{part.split(' as ')[0].strip()}"

    def __contains__(self, name: str) -> bool:
        return name in self.texts or self._beside(name)

    def _beside(self, name: str) -> bool:
        """A module not among the package's files found on disk under one of the roots
        (a sibling package, `src/`): read now, as the package's own are. Bounded."""
        if name in self.absent or not name or len(self.outside) >= MAX_OUTSIDE:
            return False
        parts = name.split(".")
        if not all(part.isidentifier() for part in parts) or (
            self.installed and parts[0] not in self.tops
        ):
            self.absent.add(name)
            return False
        for base in self.roots:
            target = base.joinpath(*parts)
            for path in (target.with_suffix(".py"), target / "__init__.py"):
                if path.is_file():
                    try:
                        self.texts[name] = read(path)
                    except SourceError:
                        continue
                    self.paths[name] = path
                    self.outside.add(name)
                    return True
        self.absent.add(name)
        return False

    def submodules(self, folder: str) -> list[str] | None:
        """The names of the modules in a package folder under one of the roots
        (`pkgutil.iter_modules(__path__)`), read off the file tree; None past the bound
        or for a folder outside the project."""
        path = Path(folder)
        for base in self.roots:
            if not path.is_relative_to(base):
                continue
            try:
                entries = sorted(path.iterdir())
            except OSError:
                return None
            names = [
                e.stem if e.suffix == ".py" else e.name
                for e in entries
                if (e.suffix == ".py" and e.stem != "__init__")
                or (e.is_dir() and (e / "__init__.py").is_file())
            ]
            return names if len(names) <= MAX_LISTED else None
        return None

    def values(self) -> list[Module]:
        return [module for module in self.loaded.values() if module is not None]

    def under(self, folder: Path) -> list[str]:
        """The names of the package's modules in a folder and its subfolders, up to
        MAX_LISTED (a provider that imports every file under a folder)."""
        found = sorted(n for n, p in self.paths.items() if p.is_relative_to(folder))
        return found[:MAX_LISTED]


class Engine:
    def __init__(self, files: Sequence[Path], root: Path) -> None:
        self.by_path: dict[str, Module] = {}
        self.locals: dict[Frame, dict[str, set[Value]]] = defaultdict(lambda: defaultdict(set))
        self.returns: dict[Frame, set[Value]] = defaultdict(set)
        self.too_deep = False  # the interpreter's recursion limit was reached
        self.heap: dict[Value, dict[object, set[Value]]] = defaultdict(lambda: defaultdict(set))
        self.nodes: dict[int, tuple[cst.CSTNode, Module]] = {}  # sites the readers place
        self.decorator_keywords: dict[
            tuple[int, Context, tuple[Value, ...]], dict[str, Values]
        ] = {}
        self.frames: dict[int, set[Context]] = defaultdict(set)
        self.functions: dict[int, Func] = {}  # every function value seen, by node
        self.classes: dict[int, Class] = {}
        # A class's bases in the order written, each position's values (`__bases__` is
        # their set): the order a method is looked up in.
        self.bases: dict[Class, list[set[Value]]] = {}
        self.instances: dict[int, set[Object]] = defaultdict(set)  # class node -> objects
        # (class node, sink method) -> "Class.method()" overriding it with annotations
        self.annotating: dict[tuple[int, str], str] = {}
        self.registrations: dict[tuple[int, Context, str, tuple[Value, ...]], Registration] = {}
        # Methods a collector's marker decorated (`@mcp_tool(name=...)`): def node -> the
        # keys of the markers' keywords in decorator_keywords.
        self.marks: dict[int, set[tuple[int, Context, tuple[Value, ...]]]] = defaultdict(set)
        self.mounts: set[tuple[Value, Value, str]] = set()  # parent, child, prefix
        self.unresolved: list[tuple[str, str, int]] = []
        self.broadened: set[str] = set()
        # Modules loaded by a name computed at run time (`import_module(name)`,
        # `__import__(...)`) that the analysis read, and whether one load's name was not
        # read.
        self.loaded_by_name: set[str] = set()
        self.loads_unread = False
        self.loads_read_in: set[str] = set()  # the files whose loads were evaluated
        self.changed = False
        self.evaluated: set[Frame] = set()  # frames evaluated this round
        self.stack: list[Frame] = []
        self.on_stack: Counter[int] = Counter()  # activations per function on the stack
        self.local_cache: dict[int, frozenset[str]] = {}
        self.site_contexts: dict[int, set[Context]] = defaultdict(set)
        self.owners: dict[int, Class] = {}  # a method's def node -> its class
        self.steps = 0  # function bodies evaluated in all: bounded by MAX_STEPS
        self.work = 0  # statements evaluated in all: bounded by MAX_WORK
        self.moved = 0  # values added to sets in all: bounded by MAX_MOVED
        self.overrides: dict[Frame, dict[str, Values]] = {}  # per element: loop names
        # Frames running one of their function body's own simple statements: a name bound
        # there holds, for the statements after it, that value alone (`fn = make_a();
        # add(fn); fn = make_b(); add(fn)`); names so bound, per frame.
        self.straight: set[Frame] = set()
        self.rebound: dict[Frame, set[str]] = defaultdict(set)
        self.iteration: list[Value] = []  # the loop elements being run one by one
        self.iterating: list[Frame] = []  # the frame running each of those loops
        self.resolving: set[Lazy] = set()  # Lazy imports being read (cycles stop here)
        self.round = 0
        self.texts_at: dict[int, set[Value]] = {}  # a concatenation -> what it gave
        self.growing: set[int] = set()  # concatenations widened to GROWING
        # While one tool's branch of a call handler is evaluated: its context tag, the
        # functions invoked (and whether each was handed the name), the name's value.
        self.dispatch: tuple[int, list[Invoked], Value] | None = None
        # While a hand-written server is read answering one request (`answered`,
        # `dispatched`): the request's method, the request itself (what its answering
        # function is given and what `json.loads` parses), and the `{"tools": ...}`
        # answers built meanwhile.
        self.protocol: str | None = None
        self.request: Value | None = None
        self.answers: list[Container] = []
        # The functions whose own body names a tools request ("tools/list"), and the
        # servers a table of request handlers was found for (`hand_written`).
        self.protocol_defs: set[int] = set()
        self.requests: set[Value] = set()  # the requests made up: their fields are given
        self.tables: dict[int, Object] = {}
        # Demand: a function is evaluated in a root frame only when its body can reach a
        # framework: it names a sink or a server or tool class, or calls a function that
        # does; the rest is evaluated where something relevant calls it.
        self.relevant: set[int] = set()
        self.reruns: Counter[Frame] = Counter()  # per round: MAX_RERUNS
        self.module_ids: set[int] = set()
        self._waiting: dict[str, list[int]] = {}  # a name -> the defs not relevant yet using it
        self._def_names: dict[int, str] = {}
        self._class_of: dict[int, int] = {}  # a method's def -> its class's
        self._built: set[int] = set()  # classes whose building is relevant
        self._relevant_names: set[str] = set()
        self._new_names: set[str] = set()
        # Modules are parsed when first needed: those whose text mentions a framework
        # or a tool seed the evaluation, the rest are read when one of them imports it.
        self.modules = _Modules(self, files[:MAX_FILES], root)
        self.seeds = self.modules.seeds()

    # --- modules ---

    def _loaded(self, module: Module) -> None:
        self.by_path[module.path] = module
        self.module_ids.add(id(module.tree))
        self._read_relevance(module.tree)

    def _read_relevance(self, tree: cst.Module) -> None:
        """One walk of a module: the names and attributes (`.tool`) each function's body
        and the module's own code mention (a function's nested functions' included), and
        the other names it imports a framework's server or tool classes under."""
        imported: set[str] = set()
        top = id(tree)  # the module's own code is judged like a function's body
        tokens: dict[int, set[str]] = {top: set()}  # a def node -> every name in its body
        owner_of: dict[int, int | None] = {top: None}
        order: list[int] = [top]
        stack: list[tuple[cst.CSTNode, int | None]] = [(tree, top)]
        while stack:
            node, owner = stack.pop()
            kind = type(node)
            if kind is cst.Name:
                if owner is not None:
                    tokens[owner].add(node.value)  # type: ignore[attr-defined]
                continue
            if kind is cst.SimpleString:
                # "tools/list" in a function: it may answer the protocol's requests itself
                text = node.value  # type: ignore[attr-defined]
                if owner is not None and ("tools/list" in text or "tools/call" in text):
                    tokens[owner].add(PROTOCOL_TOKEN)
                    if owner != top:
                        self.protocol_defs.add(owner)
                continue
            if kind is cst.Attribute:  # `x.tool`: the attribute is ".tool", not a name
                assert isinstance(node, cst.Attribute)
                if owner is not None:
                    tokens[owner].add("." + node.attr.value)
                stack.append((node.value, owner))
                continue
            if kind is cst.FunctionDef or kind is cst.Lambda:
                key = id(node)
                owner_of[key] = owner
                order.append(key)
                tokens[key] = set()
                if kind is cst.FunctionDef:
                    assert isinstance(node, cst.FunctionDef)
                    self._def_names[key] = node.name.value
                    # Decorators run where the function is defined, not in its body.
                    stack.extend((d, owner) for d in node.decorators)
                    stack.extend((child, key) for child in (node.params, node.body))
                    continue
                owner = key
            elif kind is cst.ClassDef:
                # A class is relevant by its bases: a project subclass of a server class
                # makes the functions that instantiate it relevant (`mcp = VaultServer()`).
                assert isinstance(node, cst.ClassDef)
                key = id(node)
                owner_of[key] = owner
                order.append(key)
                tokens[key] = set()
                self._def_names[key] = node.name.value
                for statement in node.body.body:
                    if isinstance(statement, cst.FunctionDef):
                        self._class_of[id(statement)] = key
                stack.extend((base, key) for base in node.bases)
                stack.extend((child, owner) for child in (*node.decorators, node.body))
                continue
            elif kind is cst.Call and owner is not None:
                func = node.func  # type: ignore[attr-defined]
                called = func if type(func) is cst.Name else (
                    func.attr if type(func) is cst.Attribute else None
                )
                if called is not None:
                    tokens[owner].add("()" + called.value)  # built or called by name
            elif kind is cst.ImportFrom or kind is cst.Import:
                imported.update(_framework_bindings(cast("cst.ImportFrom | cst.Import", node)))
            stack.extend([(child, owner) for child in children(node)])
        wanted = fw.RELEVANT_TOKENS | LOADING_TOKENS | imported | {PROTOCOL_TOKEN}
        for key in reversed(order):  # inner functions first
            if not tokens[key].isdisjoint(wanted):
                self._relevant(key)
            else:
                for token in tokens[key]:
                    self._waiting.setdefault(token, []).append(key)
            outer = owner_of[key]
            if outer is not None and outer != top:  # a module is relevant by its own code
                tokens[outer].update(tokens[key])
        self._close_relevance()

    def _relevant(self, key: int) -> None:
        self.relevant.add(key)
        cls = self._class_of.get(key)
        if cls is not None and cls not in self._built:
            # A class whose method reaches a framework: the code that builds one (calls
            # it by name) is relevant (`create_server(): return BackendServer()`), as the
            # instance it builds runs that method on itself; naming it is not building it
            # (`super(EnhancedServer, self)`).
            self._built.add(cls)
            name = self._def_names.get(cls)
            if name is not None:
                self._new_names.add("()" + name)
        name = self._def_names.get(key)
        if name is not None and name not in self._relevant_names:
            self._relevant_names.add(name)
            self._new_names.add(name)

    def _close_relevance(self) -> None:
        """A function that calls a relevant function (by name) is relevant: it may hand
        it the server or the tools it registers (`bootstrap(): mcp = create_server();
        registry.register_all(mcp)`)."""
        while self._new_names:
            names = self._new_names | {"." + name for name in self._new_names}
            self._new_names = set()
            for name in names:
                for key in self._waiting.pop(name, ()):
                    if key not in self.relevant:
                        self._relevant(key)

    def module_frame(self, module: Module) -> Frame:
        return Frame(id(module.tree), ())

    # --- the fixpoint ---

    def run(self) -> None:
        for self.round in range(MAX_ROUNDS):
            self.changed = False
            self.reruns.clear()
            # A module whose own code reaches no framework is evaluated once, when first
            # needed; the others, and relevant functions, again each round.
            self.evaluated = {
                frame for frame in self.evaluated
                if frame.owner in self.module_ids and frame.owner not in self.relevant
            }  # fmt: skip
            for name in self.seeds:
                module = self.modules.get(name)
                if module is not None:
                    self._module(module)
            for module in list(self.modules.values()):
                self._module(module)
            for function in list(self.functions.values()):
                if id(function.node) in self.relevant:
                    self._root_frame(function)
            if not self.changed or self.exhausted():
                return
        self.broadened.add("rounds")

    def _module(self, module: Module) -> None:
        frame = self.module_frame(module)
        if frame in self.evaluated:
            return
        self.evaluated.add(frame)
        scope = Scope(frame, module, None, frozenset(), None)
        self._block(module.tree.body, scope)

    def _root_frame(self, function: Func) -> None:
        frame = Frame(id(function.node), ())
        if frame in self.evaluated:
            return
        params = function.node.params
        names = [p.name.value for p in (*params.posonly_params, *params.params)]
        for index, name in enumerate(names):
            if not self.locals[frame].get(name):
                self._add_local(
                    frame, name, {self._self_of(function) if index == 0 else UNSEEN_CALLER}
                )
        for p in (*params.kwonly_params,):
            if not self.locals[frame].get(p.name.value):
                self._add_local(frame, p.name.value, {UNSEEN_CALLER})
        self._enter(function, frame)

    def _self_of(self, function: Func) -> Value:
        """The first parameter of a method in its root frame: the class's one abstract
        instance, which stands for every instance; of a function: Unknown."""
        owner = self._owning_class(function)
        if owner is None:
            return UNKNOWN
        return Object(0, (), owner)

    def _owning_class(self, function: Func) -> Class | None:
        return self.owners.get(id(function.node))

    # --- bookkeeping that notices growth ---

    def _add(self, target: set[Value], values: Iterable[Value], where: str = "") -> None:
        if BROADENED in target:
            return  # broadened stays broadened: the fixpoint must not flip back and forth
        if self.moved > MAX_MOVED:
            return  # the budget is spent: what was read stands, nothing more is added
        try:
            self.moved += len(values)  # type: ignore[arg-type]
        except TypeError:
            self.moved += 1
        if self.moved > MAX_MOVED:
            self.broadened.add("the package's evaluation budget")
        before = len(target)
        target.update(values)
        if len(target) > MAX_VALUES and BROADENED not in target:
            target.clear()
            target.add(BROADENED)
            self.broadened.add(where or "a value set")
        if len(target) != before:
            self.changed = True

    def _add_local(self, frame: Frame, name: str, values: Iterable[Value]) -> None:
        self._add(self.locals[frame][name], values, name)

    def _store(self, owner: Value, key: object, values: Iterable[Value]) -> None:
        self._add(self.heap[owner][key], values, "a container or attribute")

    # --- statements ---

    def _block(
        self, body: Sequence[cst.CSTNode], scope: Scope, straight: bool = False
    ) -> None:
        """`straight`: the body of a function, whose own simple statements run one after
        the other whatever happens (a name they bind is that value from there on)."""
        for statement in body:
            if straight and isinstance(statement, cst.SimpleStatementLine):
                self.straight.add(scope.frame)
                try:
                    self._statement(statement, scope)
                finally:
                    self.straight.discard(scope.frame)
            else:
                self._statement(statement, scope)
            if _leaves(statement):
                return  # what follows `return`, `continue`... is never run
            if (
                type(statement) is cst.If
                and _leaves_suite(statement.body)
                and self.truth(statement.test, scope) is True
            ):
                # `if not name.startswith("handle_"): continue` for a name known here (a
                # loop run per element): the rest of the body is not run for it.
                return

    def _statement(self, node: cst.CSTNode, scope: Scope) -> None:
        self.work += 1
        if isinstance(node, cst.SimpleStatementLine):
            for small in node.body:
                self._small(small, scope)
        elif isinstance(node, cst.FunctionDef):
            self._def(node, scope)
        elif isinstance(node, cst.ClassDef):
            self._classdef(node, scope)
        elif isinstance(node, cst.If):
            test = self.eval(node.test, scope)
            if not _is_false(node.test, test) and not (
                # `if inspect.isfunction(obj) and not name.startswith("_"):` for a private
                # name: a conjunct known false decides, whatever the others are
                type(node.test) in _LOGICAL and self.truth(node.test, scope) is False
            ):
                self._suite(node.body, scope)
            if node.orelse is not None and test != frozenset({Const(True)}):
                if isinstance(node.orelse, cst.If):
                    self._statement(node.orelse, scope)
                else:
                    self._suite(node.orelse.body, scope)
        elif isinstance(node, (cst.For,)):
            iterated = self.eval(node.iter, scope)
            elements = self.elements(iterated)
            self._bind(node.target, elements, scope)
            rows = [e for e in elements if not isinstance(e, Unknown)]
            bound = MAX_ROWS if all(isinstance(e, ROW_VALUES) for e in rows) else MAX_ITERATIONS
            if 1 < len(rows) <= bound and not self.exhausted():
                self._each_element(node, elements, scope)
            else:
                self._suite(node.body, scope)
            if node.orelse is not None:
                self._suite(node.orelse.body, scope)
        elif isinstance(node, cst.While):
            self.eval(node.test, scope)
            self._suite(node.body, scope)
        elif isinstance(node, cst.With):
            for item in node.items:
                value = self.eval(item.item, scope)
                if item.asname is not None:
                    self._bind(item.asname.name, value, scope)
            self._suite(node.body, scope)
        elif isinstance(node, cst.Try) or isinstance(node, cst.TryStar):
            self._suite(node.body, scope)
            for handler in node.handlers:
                if handler.name is not None:
                    self._bind(handler.name.name, {UNKNOWN}, scope)
                self._suite(handler.body, scope)
            if node.orelse is not None:
                self._suite(node.orelse.body, scope)
            if node.finalbody is not None:
                self._suite(node.finalbody.body, scope)
        elif isinstance(node, cst.Match):
            subject = self.eval(node.subject, scope)
            for case in node.cases:
                known = self._pattern_matches(case.pattern, subject, scope)
                if known is False:
                    continue
                self._pattern_bind(case.pattern, subject, scope)
                self._suite(case.body, scope)
                if known is True:
                    break

    def _each_element(self, node: cst.For, elements: Values, scope: Scope) -> None:
        """A loop over a few known elements runs its body once per element, the target
        bound to that element alone: a registration in the body pairs each element's
        handler with its own name (`for entry in ENTRIES: add_tool(entry.fn,
        name=entry.name)`), instead of every handler with every name."""
        overrides = self.overrides.setdefault(scope.frame, {})
        # Names the body binds hold, while one element runs, what that run gave them
        # (`client = getattr(state, name)` then `mcp.tool()(client)`: `_bind_name`), and
        # the frame's locals all runs' values; until bound in a run, they read the frame's.
        # Each known element alone; the unknown ones (a set past its bound, a value from
        # outside) in one run together.
        unknown = frozenset(e for e in elements if isinstance(e, Unknown))
        groups = [frozenset({e}) for e in elements if not isinstance(e, Unknown)]
        for group in groups + ([unknown] if unknown else []):
            saved = dict(overrides)
            overrides.update(self._target_values(node.target, group))
            self.iteration.append(next(iter(group)))
            self.iterating.append(scope.frame)
            try:
                self._suite(node.body, scope)
            finally:
                self.iteration.pop()
                self.iterating.pop()
                overrides.clear()
                overrides.update(saved)

    def _target_values(self, target: cst.BaseExpression, value: Values) -> dict[str, Values]:
        if isinstance(target, cst.Name):
            return {target.value: value}
        out: dict[str, Values] = {}
        if isinstance(target, (cst.Tuple, cst.List)):
            for index, element in enumerate(target.elements):
                if not isinstance(element, cst.StarredElement):
                    out.update(self._target_values(element.value, self._item(value, index)))
        return out

    def _suite(self, suite: cst.BaseSuite, scope: Scope) -> None:
        if isinstance(suite, cst.IndentedBlock):
            self._block(suite.body, scope)
        elif isinstance(suite, cst.SimpleStatementSuite):
            for small in suite.body:
                self._small(small, scope)

    def truth(self, test: cst.BaseExpression, scope: Scope) -> bool | None:
        """Whether a test is true, when that is known: `not`, `and`, `or` in three-valued
        logic (`x and False` is false whatever x is), a member predicate of `inspect` on
        a known value, else the truth of the test's known constants."""
        kind = type(test)
        if kind is cst.UnaryOperation:
            assert isinstance(test, cst.UnaryOperation)
            if isinstance(test.operator, cst.Not):
                inner = self.truth(test.expression, scope)
                return None if inner is None else not inner
        if kind is cst.BooleanOperation:
            assert isinstance(test, cst.BooleanOperation)
            either = isinstance(test.operator, cst.Or)
            left = self.truth(test.left, scope)
            if left is either:
                return either  # `True or x`, `False and x`: x is not evaluated
            right = self.truth(test.right, scope)
            if right is either:
                return either
            return (not either) if left is not None and right is not None else None
        if kind is cst.Call:
            assert isinstance(test, cst.Call)
            kinds = self._predicate_kinds(test, scope)
            if kinds is not None:
                argument = self.eval(test.args[0].value, scope)
                if any(isinstance(v, (Unknown, External)) for v in argument):
                    return None  # a value from outside may be a function or a class
                kept = {_member_kept(v, kinds) for v in argument}
                return kept.pop() if len(kept) == 1 else None
        values = self.eval(test, scope)
        answers = {bool(v.value) if isinstance(v, Const) else None for v in values}
        return answers.pop() if len(answers) == 1 else None

    def _predicate_kinds(self, call: cst.Call, scope: Scope) -> tuple[type, ...] | None:
        """`inspect.isfunction(x)` and its kin, with one argument: the value kinds it
        keeps (as `inspect.getmembers` does); None for any other call."""
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return None
        callees = self.eval(call.func, scope)
        if len(callees) != 1:
            return None
        (callee,) = callees
        if not isinstance(callee, External):
            return None
        return MEMBER_PREDICATES.get(callee.qualname)

    def _pattern_matches(
        self, pattern: cst.MatchPattern, subject: Values, scope: Scope
    ) -> bool | None:
        """Whether a literal pattern matches a subject known exactly; None if not known.
        While a hand-written server is read answering one request, a subject not known
        here matched against a request method (`case "tools/list":`) matches only the
        method of that request."""
        if len(subject) == 1 and isinstance(next(iter(subject)), Const):
            value = next(iter(subject)).value  # type: ignore[union-attr]
            method = False
        elif self.protocol is not None:
            value, method = self.protocol, True
        else:
            return None
        if isinstance(pattern, cst.MatchValue):
            literal = self.eval(pattern.value, scope)
            if len(literal) == 1 and isinstance(next(iter(literal)), Const):
                text = next(iter(literal)).value  # type: ignore[union-attr]
                if method and not (isinstance(text, str) and fw.is_protocol_method(text)):
                    return None
                return bool(text == value)
        if isinstance(pattern, cst.MatchOr):
            answers = [self._pattern_matches(p.pattern, subject, scope) for p in pattern.patterns]
            return (
                True if True in answers else (False if all(a is False for a in answers) else None)
            )
        return None

    def _pattern_bind(self, pattern: cst.MatchPattern, subject: Values, scope: Scope) -> None:
        if isinstance(pattern, cst.MatchAs) and pattern.name is not None:
            self._bind(pattern.name, subject, scope)

    def _small(self, node: cst.BaseSmallStatement, scope: Scope) -> None:
        if isinstance(node, cst.Assign):
            value = self.eval(node.value, scope)
            for target in node.targets:
                self._bind(target.target, value, scope)
        elif isinstance(node, cst.AnnAssign):
            if node.value is not None:
                self._bind(node.target, self.eval(node.value, scope), scope)
        elif isinstance(node, cst.AugAssign):
            value = self.eval(node.value, scope)
            current = self.eval(node.target, scope)
            if isinstance(node.operator, cst.AddAssign):
                for container in current:
                    if isinstance(container, Container):
                        self._store(container, ELEMENT, self.elements(value))
                        return
            grown = self._binary(current, value, node.operator)
            if sum(isinstance(v, Const) for v in current) > 1:
                # a text grown in a loop: widened at once, not one round per character
                grown = frozenset({Unknown("a string grown in a loop")})
            self._bind(node.target, grown, scope)
        elif isinstance(node, cst.Expr):
            self.eval(node.value, scope)
        elif isinstance(node, cst.Return):
            if node.value is not None:
                self._add(self.returns[scope.frame], self.eval(node.value, scope), "a return")
        elif isinstance(node, cst.Import):
            for alias in node.names:
                dotted = _dotted(alias.name)
                if alias.asname is not None:
                    self._bind(alias.asname.name, {self._import(dotted)}, scope)
                else:
                    top = dotted.split(".")[0]
                    self._bind_name(top, {self._import(top)}, scope)
        elif isinstance(node, cst.ImportFrom):
            self._import_from(node, scope)
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            return

    def _def(self, node: cst.FunctionDef, scope: Scope) -> None:
        function = Func(node, scope.module, scope.frame if scope.function else None)
        self.functions.setdefault(id(node), function)
        if isinstance(scope, _ClassScope):
            self.owners[id(node)] = scope.cls  # a method: known where its class is read
        if scope.function is not None:
            self.functions[id(node)] = function  # the newest closure stands for all
        value: Values = frozenset({function})
        for decorator in reversed(node.decorators):
            value = self.call(self.eval(decorator.decorator, scope), [value], {}, decorator, scope)
        self._bind_name(node.name.value, value, scope)

    def _classdef(self, node: cst.ClassDef, scope: Scope) -> None:
        cls = Class(node, scope.module, scope.frame if scope.function else None)
        self.classes[id(node)] = cls
        order = self.bases.setdefault(cls, [set() for _ in node.bases])
        for position, base in enumerate(node.bases):
            values = self.eval(base.value, scope)
            self._add(self.heap[cls]["__bases__"], values)  # `cls.__bases__` in the code
            self._add(order[position], values)
        body_frame = Frame(id(node), ())
        inner = Scope(body_frame, scope.module, None, frozenset(), scope)
        self._block(_class_statements(node), _ClassScope.of(inner, cls))
        value: Values = frozenset({cls})
        for decorator in reversed(node.decorators):
            decorated = self.call(
                self.eval(decorator.decorator, scope), [value], {}, decorator, scope
            )
            value = decorated if any(isinstance(v, Class) for v in decorated) else value
        self._bind_name(node.name.value, value, scope)

    # --- binding ---

    def _bind(self, target: cst.BaseExpression, values: Iterable[Value], scope: Scope) -> None:
        value = frozenset(values)
        if isinstance(target, cst.Name):
            self._bind_name(target.value, value, scope)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for index, element in enumerate(target.elements):
                if isinstance(element, cst.StarredElement):
                    self._bind(
                        element.value, {self._sequence(element, scope, self.elements(value))}, scope
                    )
                else:
                    self._bind(element.value, self._item(value, index), scope)
        elif isinstance(target, cst.Attribute):
            for owner in self.eval(target.value, scope):
                self._store_attribute(owner, target.attr.value, value)
        elif isinstance(target, cst.Subscript):
            key = self._subscript_key(target, scope)
            for owner in self.eval(target.value, scope):
                if isinstance(owner, Container):
                    for k in key:
                        self._store(owner, k.value if isinstance(k, Const) else ELEMENT, value)
                    self._store(owner, ELEMENT, value)
                    self._store(owner, KEYS, key)

    def _bind_name(self, name: str, value: Iterable[Value], scope: Scope) -> None:
        if isinstance(scope, _ClassScope):
            self._add(self.heap[scope.cls][name], value, name)
            return
        value = frozenset(value)
        if self.iterating and self.iterating[-1] == scope.frame:
            # in a loop run per element, what its body binds holds for this element
            self.overrides.setdefault(scope.frame, {})[name] = value
        elif scope.frame in self.straight and name in scope.local_names:
            # a function's own statement: the value from here on (until the body ends)
            self.overrides.setdefault(scope.frame, {})[name] = value
            self.rebound[scope.frame].add(name)
        self._add_local(scope.frame, name, value)

    def _store_attribute(self, owner: Value, name: str, value: Values) -> None:
        if isinstance(owner, (Object, Class, Func)):  # a function's too: `f._title = t`
            self._store(owner, name, value)
        elif isinstance(owner, Module):
            self._add_local(self.module_frame(owner), name, value)

    # --- imports ---

    def _import(self, dotted: str) -> Value:
        dotted = fw.unvendored(dotted) or dotted  # `import pkg._vendor.fastmcp as fastmcp`
        return Lazy(dotted, None) if dotted in self.modules else External(dotted)

    def _resolve(self, values: Iterable[Value]) -> Values:
        """`values` with each Lazy import read: its module parsed and evaluated."""
        out: set[Value] = set()
        for value in values:
            if type(value) is not Lazy:
                out.add(value)
                continue
            assert isinstance(value, Lazy)
            if value in self.resolving:
                continue  # an import cycle: what it binds is still being read
            self.resolving.add(value)
            try:
                module = self.modules.get(value.module)
                dotted = f"{value.module}.{value.name}" if value.name else value.module
                if module is None:
                    out.add(External(dotted))
                elif value.name is None:
                    out.add(module)
                else:
                    found = self._global(module, value.name)
                    if not found and dotted in self.modules:
                        # `from pkg import sub`, `pkg/__init__.py` binding no `sub`: the
                        # submodule (what the package binds comes first, as in Python)
                        found = self._resolve({Lazy(dotted, None)})
                    out.update(found or {External(dotted)})
            finally:
                self.resolving.discard(value)
        return frozenset(out)

    def _import_from(self, node: cst.ImportFrom, scope: Scope) -> None:
        base = _dotted(node.module) if node.module is not None else ""
        if node.relative:
            package = scope.module.name.split(".")
            if not scope.module.path.endswith("__init__.py"):
                package = package[:-1]
            level = len(node.relative) - 1
            package = package[: len(package) - level] if level else package
            base = ".".join([*package, base] if base else package)
        base = fw.unvendored(base) or base  # `from ._vendor.fastmcp import FastMCP`
        if isinstance(node.names, cst.ImportStar):
            source = self.modules.get(base)
            if source is not None:
                names = self.locals[self.module_frame(source)]
                exported = self._exported(names.get("__all__"))
                for name, values in list(names.items()):
                    if exported(name):
                        self._bind_name(name, frozenset(values), scope)
            return
        for alias in node.names:
            name = _dotted(alias.name)
            asname = alias.asname.name if alias.asname is not None else None
            bound = asname.value if isinstance(asname, cst.Name) else name
            if f"{base}.{name}" in self.modules and base not in self.modules:
                self._bind_name(bound, {Lazy(f"{base}.{name}", None)}, scope)
            elif base in self.modules:
                # What the package binds under the name (`from .registry import
                # registry` in its `__init__.py`), else its submodule: read when used.
                self._bind_name(bound, {Lazy(base, name)}, scope)
            elif not dependencies.absent(base):
                self._bind_name(bound, {External(f"{base}.{name}")}, scope)
            # else the import fails in the project's environment (`from mcp.server.fastmcp
            # import FastMCP` with mcp 2.x installed): it binds nothing, and the fallback
            # of its `except ImportError:` is what the name holds

    def _exported(self, listed: Iterable[Value] | None) -> Callable[[str], bool]:
        """Which names `from module import *` binds: the public ones without an
        `__all__`; those a list of strings names; every name but the dunders when
        `__all__` is built in a way the analysis does not read (`[n for n in globals()
        if not n.startswith("__")]`), rather than none of the private ones it may hold."""
        if listed is None:
            return lambda name: not name.startswith("_")
        names: set[str] = set()
        for value in listed:
            if not isinstance(value, Container):
                return lambda name: not name.startswith("__")
            for element in self.elements({value}):
                if not isinstance(element, Const) or not isinstance(element.value, str):
                    return lambda name: not name.startswith("__")
                names.add(element.value)
        return names.__contains__

    def _global(self, module: Module, name: str) -> Values:
        frame = self.module_frame(module)
        if frame not in self.evaluated and frame not in self.stack:
            self.stack.append(frame)
            try:
                self._module(module)
            finally:
                self.stack.pop()
        return self._resolve(self.locals[frame].get(name, ()))

    # --- names ---

    def lookup(self, name: str, scope: Scope | None) -> Values:
        module = scope.module if scope is not None else None
        while scope is not None:
            if isinstance(scope, _ClassScope):
                scope = scope.parent
                continue
            if scope.function is None or name in scope.local_names:
                override = self.overrides.get(scope.frame)
                if override and name in override:
                    return self._resolve(override[name])  # (an import in a function: Lazy)
                found = self.locals[scope.frame].get(name)
                if found:
                    return self._resolve(found)
                if scope.function is None:
                    break
                # A function's own local never reads an enclosing scope: bound to
                # nothing yet (the target of a loop over an empty dict), it is nothing.
                return NOTHING
            scope = scope.parent
        if name in BUILTIN_TYPES or name in fw.ELEMENT_CALLS or name in BUILTIN_CALLS:
            return frozenset({External(name)})
        if module is not None and name in ("__name__", "__file__", "__path__", "__package__"):
            return self._module_attribute(module, name)
        return frozenset({UNKNOWN})

    def _module_attribute(self, module: Module, name: str) -> Values:
        """A module's own `__name__`, `__file__`, and a package's `__path__` (a list of
        its folder)."""
        if name == "__name__":
            return frozenset({Const(module.name)})
        if name == "__file__":
            return frozenset({Const(module.path)})
        if name == "__package__":
            package = module.name.split(".")
            if not module.path.endswith("__init__.py"):
                package = package[:-1]
            return frozenset({Const(".".join(package))})
        if not module.path.endswith("__init__.py"):
            return frozenset({UNKNOWN})
        folder = Container(id(module.tree), (), "list")
        self._store(folder, ELEMENT, {Const(str(Path(module.path).parent))})
        return frozenset({folder})

    # --- expressions ---

    def eval(self, node: cst.BaseExpression, scope: Scope) -> Values:
        # Dispatched on the node's own class (parsed trees hold no subclasses of libcst's
        # nodes): a chain of `isinstance` on libcst's abstract-based classes is slow.
        evaluate = _EVALUATORS.get(type(node))
        if evaluate is None:
            return frozenset({UNKNOWN})
        return evaluate(self, node, scope)

    def _name(self, node: cst.Name, scope: Scope) -> Values:
        if node.value in ("True", "False", "None"):
            return frozenset({Const({"True": True, "False": False, "None": None}[node.value])})
        return self.lookup(node.value, scope)

    def _simple_string(self, node: cst.SimpleString, scope: Scope) -> Values:
        return _string(node.value)

    def _concatenated(self, node: cst.ConcatenatedString, scope: Scope) -> Values:
        return self._concat(self.eval(node.left, scope), self.eval(node.right, scope), id(node))

    def _integer(self, node: cst.Integer, scope: Scope) -> Values:
        if node.value.startswith("0") and node.value != "0":
            return frozenset({Const(node.value)})
        return frozenset({Const(int(node.value.replace("_", ""), 0))})

    def _attribute_node(self, node: cst.Attribute, scope: Scope) -> Values:
        member = node.value
        if (
            node.attr.value == "name"
            and isinstance(member, cst.Attribute)
            and isinstance(member.value, (cst.Name, cst.Attribute))
        ):
            owners = self.eval(member.value, scope)
            if owners and all(isinstance(o, Class) and self._is_enum(o) for o in owners):
                return frozenset({Const(member.attr.value)})  # `Action.SYNC.name`: "SYNC"
        if (
            type(member) is cst.Call
            and isinstance(member.func, cst.Name)
            and member.func.value == "super"
            and all(isinstance(v, Unknown) for v in self.lookup("super", scope))
        ):
            found = self._super_attribute(member, node.attr.value, scope)
            if found is not None:
                return found
        return self._attribute(self.eval(member, scope), node.attr.value)

    def _super_attribute(self, call: cst.Call, name: str, scope: Scope) -> Values | None:
        """`super().name` in a method (or `super(Cls, self).name`): the nearest
        definition along the bases after the method's class, bound to the method's
        receiver, as `self.name` binds it (`super().__init__(name=...)` runs the base's
        `__init__` on the subclass's instance). None past the package's classes: a
        library base's method is read as before."""
        function = scope.function
        if function is None or not isinstance(function.node, cst.FunctionDef):
            return None
        if len(call.args) == 2:
            classes = [c for c in self.eval(call.args[0].value, scope) if isinstance(c, Class)]
            receivers = self.eval(call.args[1].value, scope)
        elif not call.args:
            params = function.node.params
            first = (*params.posonly_params, *params.params)[:1]
            owner = self._owning_class(function)
            if owner is None or not first:
                return None
            classes = [owner]
            receivers = self.lookup(first[0].name.value, scope)
        else:
            return None
        if len(classes) != 1:
            return None
        # On a class's abstract instance (a method run with unknown arguments), a base's
        # method runs only for a class the package builds somewhere: a subclass nothing
        # builds registers nothing through `super().__init__()`.
        receivers = frozenset(
            r for r in receivers
            if not (
                isinstance(r, Object) and r.site == 0 and isinstance(r.cls, Class)
                and not self.instances[id(r.cls.node)]
            )
        )
        if not receivers:
            return None
        out: set[Value] = set()
        for base in self.mro(classes[0])[1:]:
            if not isinstance(base, Class):
                return None  # a library base's own method: not the package's code
            found = self._get(base, name)
            if not found:
                continue
            for member in found:
                if isinstance(member, Func) and _decorated_as(member, "staticmethod"):
                    out.add(member)
                elif isinstance(member, Func) and _decorated_as(member, "classmethod"):
                    out.update(  # `cls` is the receiver's class
                        Bound(member, r.cls if isinstance(r, Object) else r) for r in receivers
                    )
                elif isinstance(member, Func):
                    out.update(Bound(member, r) for r in receivers)
                else:
                    out.add(member)
            return frozenset(out) or None
        return None

    def _is_enum(self, cls: Class) -> bool:
        """Whether `cls` derives from an Enum: its members are read as their values
        (`Tools.NOW` gives "now", and `.value` of that is "now" again), and a member's
        `.name` is the name it is assigned to."""
        return any(isinstance(c, External) and c.qualname in ENUMS for c in self.mro(cls))

    def _display(self, node: cst.List | cst.Tuple | cst.Set, scope: Scope) -> Values:
        kind = {cst.List: "list", cst.Tuple: "tuple", cst.Set: "set"}[type(node)]
        container = Container(id(node), self._literal_context(scope), kind)
        for index, element in enumerate(node.elements):
            value = self.eval(element.value, scope)
            if isinstance(element, cst.StarredElement):
                self._store(container, ELEMENT, self.elements(value))
            else:
                self._store(container, index, value)
                self._store(container, ELEMENT, value)
        return frozenset({container})

    def _dict(self, node: cst.Dict, scope: Scope) -> Values:
        container = Container(id(node), self._literal_context(scope), "dict")
        for item in node.elements:
            if isinstance(item, cst.StarredDictElement):
                for other in self.eval(item.value, scope):
                    self._merge_dict(container, other)
                continue
            assert isinstance(item, cst.DictElement)
            key = self.eval(item.key, scope)
            value = self.eval(item.value, scope)
            for k in key:
                if isinstance(k, Const):
                    self._store(container, k.value, value)
                    if isinstance(k.value, str) and k.value in fw.REQUEST_ROLES:
                        # `{"tools/list": list_tools, "tools/call": call_tool}`: the
                        # request handlers of a hand-written server, one per table
                        server = Object(id(node), (), External(fw.HAND_WRITTEN))
                        self._request_handlers(k.value, value, server, node, scope)
            self._store(container, ELEMENT, value)
            self._store(container, KEYS, key)
        if self.protocol == "tools/list" and "tools" in self.heap.get(container, ()):
            self.answers.append(container)  # `{"tools": [...]}` answering `tools/list`
        return frozenset({container})

    def _request_handlers(
        self, method: str, handlers: Values, server: Object, node: cst.CSTNode, scope: Scope
    ) -> None:
        """Functions kept as a hand-written server's handlers of one request: registered
        for it on that server, which is placed where the table is."""
        functions = frozenset(
            v for v in handlers
            if isinstance(v, Func) or isinstance(v, Bound) and isinstance(v.function, Func)
        )  # fmt: skip
        if not functions:
            return
        if server.site not in self.nodes:
            self.nodes[server.site] = (node, scope.module)
        self.tables[server.site] = server
        self._register(
            fw.REQUEST_ROLES[method], frozenset({server}), functions, node, scope, {}, (),
            through=fw.HAND_WRITTEN,
        )  # fmt: skip

    def _binary_node(self, node: cst.BinaryOperation, scope: Scope) -> Values:
        left, right = self.eval(node.left, scope), self.eval(node.right, scope)
        return self._binary(left, right, node.operator)

    def _boolean(self, node: cst.BooleanOperation, scope: Scope) -> Values:
        left = self.eval(node.left, scope)
        truth = {bool(v.value) if isinstance(v, Const) else None for v in left}
        decided = len(truth) == 1 and None not in truth
        if decided and truth == {isinstance(node.operator, cst.Or)}:
            return left  # `False and x`, `True or x`: x is not evaluated
        right = self.eval(node.right, scope)
        return right if decided else left | right

    def _named(self, node: cst.NamedExpr, scope: Scope) -> Values:
        value = self.eval(node.value, scope)
        self._bind(node.target, value, scope)
        return value

    def _lambda(self, node: cst.Lambda, scope: Scope) -> Values:
        function = Func(node, scope.module, scope.frame)
        self.functions[id(node)] = function
        return frozenset({function})

    def _await(self, node: cst.Await, scope: Scope) -> Values:
        return self.eval(node.expression, scope)

    def _unary(self, node: cst.UnaryOperation, scope: Scope) -> Values:
        value = self.eval(node.expression, scope)
        if isinstance(node.operator, cst.Not):
            return frozenset(
                Const(not v.value) if isinstance(v, Const) else Unknown("not") for v in value
            )
        return frozenset({UNKNOWN})

    def _yield(self, node: cst.Yield, scope: Scope) -> Values:
        """A generator's call gives the container of what it yields (`yield x`,
        `yield from xs`); what is sent back into it is Unknown."""
        if scope.function is None or node.value is None:
            return frozenset({UNKNOWN})
        generator = Container(id(scope.function.node), scope.frame.context, "list")
        if isinstance(node.value, cst.From):
            self._store(generator, ELEMENT, self.elements(self.eval(node.value.item, scope)))
        else:
            self._store(generator, ELEMENT, self.eval(node.value, scope))
        self._add(self.returns[scope.frame], {generator}, "a return")
        return frozenset({UNKNOWN})

    def _if_expression(self, node: cst.IfExp, scope: Scope) -> Values:
        """`a if test else b`: the arm a known test chooses (`read_only if risk ==
        "read" else write_action` in a loop over a table), else both."""
        test = self.eval(node.test, scope)
        if test == frozenset({Const(True)}):
            return self.eval(node.body, scope)
        if test == frozenset({Const(False)}):
            return self.eval(node.orelse, scope)
        return self.eval(node.body, scope) | self.eval(node.orelse, scope)

    def _compare(self, node: cst.Comparison, scope: Scope) -> Values:
        """`==`, `!=`, `in`, `not in` between known constants: the small evaluation that
        lets a dispatcher's branch be told apart for one tool name."""
        left = self.eval(node.left, scope)
        result: Values = frozenset({Unknown("comparison")})
        for target in node.comparisons:
            right = self.eval(target.comparator, scope)
            operator = target.operator
            if self.protocol is not None and len(node.comparisons) == 1:
                decided = self._method_test(left, right, operator)
                if decided is not None:
                    return decided
            if len(left) == 1 and len(node.comparisons) == 1:
                (a,) = left
                if (
                    isinstance(a, Class)
                    and isinstance(operator, (cst.Equal, cst.NotEqual, cst.Is, cst.IsNot))
                    and len(right) == 1
                    and isinstance(next(iter(right)), Class)
                ):
                    same = a == next(iter(right))
                    return frozenset({Const(same if isinstance(operator, (cst.Equal, cst.Is))
                                            else not same)})
                if isinstance(a, (Func, Class)) and isinstance(operator, (cst.In, cst.NotIn)):
                    # `fn in LOCAL_TOOLS` for one function of a loop over a table, where the
                    # set's members are all known: whether it is one of them.
                    # What a function run without its callers added stands for callers
                    # the analysis did not see: not counted. A set still filling (the
                    # fixpoint adds its members as it finds them) answers for what it
                    # holds: a member found later gets the other arm too, so only a value
                    # never added keeps the one answer.
                    members = self.elements(right) - {UNSEEN_CALLER}
                    if not any(isinstance(m, Unknown) for m in members) and all(
                        isinstance(v, Container) for v in right
                    ):
                        inside = a in members
                        return frozenset(
                            {Const(inside if isinstance(operator, cst.In) else not inside)}
                        )
                if isinstance(a, Const):
                    if isinstance(operator, (cst.Equal, cst.NotEqual)) and len(right) == 1:
                        (b,) = right
                        if isinstance(b, Const):
                            same = a.value == b.value
                            return frozenset(
                                {Const(same if isinstance(operator, cst.Equal) else not same)}
                            )
                    if isinstance(operator, (cst.In, cst.NotIn)):
                        members = self.elements(right)
                        if members and all(isinstance(m, Const) for m in members):
                            inside = any(
                                isinstance(m, Const) and m.value == a.value for m in members
                            )
                            return frozenset(
                                {Const(inside if isinstance(operator, cst.In) else not inside)}
                            )
            left = right
        return result

    def _method_test(
        self, left: Values, right: Values, operator: cst.BaseCompOp
    ) -> Values | None:
        """While a hand-written server is read answering one request, a test of a value
        not known here against the protocol's request methods (`method == "tools/list"`
        either way round, `method in ("ping", "tools/list")`): whether the request being
        answered is that one. None for any other test."""
        assert self.protocol is not None
        if isinstance(operator, (cst.Equal, cst.NotEqual)):
            for one, other in ((left, right), (right, left)):
                texts = _methods_named(one)
                if texts and not _all_constants(other):
                    same = self.protocol in texts
                    return frozenset({Const(same if isinstance(operator, cst.Equal) else not same)})
        elif isinstance(operator, (cst.In, cst.NotIn)):
            if not all(isinstance(v, Container) and v.kind != "dict" for v in right):
                return None
            texts = _methods_named(self.elements(right))
            if texts and not _all_constants(left):
                inside = self.protocol in texts
                return frozenset({Const(inside if isinstance(operator, cst.In) else not inside)})
        return None

    def _comprehended(
        self, node: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp, scope: Scope
    ) -> Values:
        """A comprehension: its targets are its own (a name of the function it is in
        that they share means, inside it, only what they iterate over)."""
        if isinstance(node, cst.DictComp) and self._filtered_arguments(node, scope):
            return frozenset({ARGUMENTS})
        overrides = self.overrides.setdefault(scope.frame, {})
        saved = dict(overrides)
        try:
            if node.for_in.inner_for_in is None and node.for_in.asynchronous is None:
                each = self._comprehended_each(node, scope)
                if each is not None:
                    return each
            keeps = self._comprehension(node.for_in, scope)
            if isinstance(node, cst.DictComp):
                container = Container(id(node), self._literal_context(scope), "dict")
                self._store(container, KEYS, self.eval(node.key, scope))
                self._store(container, ELEMENT, self.eval(node.value, scope))
            else:
                container = Container(id(node), self._literal_context(scope), "list")
                if keeps:
                    self._store(container, ELEMENT, self.eval(node.elt, scope))
        finally:
            overrides.clear()
            overrides.update(saved)
        return frozenset({container})

    def _filtered_arguments(self, node: cst.DictComp, scope: Scope) -> bool:
        """`{k: v for k, v in arguments.items() if v is not None}` over a tool call's
        arguments: a copy that keeps every key it is sent (an unknown one too) is still
        the call's arguments."""
        for_in = node.for_in
        iterated, target = for_in.iter, for_in.target
        if not (
            for_in.inner_for_in is None
            and isinstance(iterated, cst.Call)
            and not iterated.args
            and isinstance(iterated.func, cst.Attribute)
            and iterated.func.attr.value == "items"
            and isinstance(target, cst.Tuple)
            and len(target.elements) == 2
            and all(isinstance(e.value, cst.Name) for e in target.elements)
            and isinstance(node.key, cst.Name)
            and node.key.value == cast(cst.Name, target.elements[0].value).value
            and isinstance(node.value, cst.Name)
            and node.value.value == cast(cst.Name, target.elements[1].value).value
        ):
            return False
        return ARGUMENTS in self.eval(iterated.func.value, scope)

    def _comprehended_each(
        self, node: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp, scope: Scope
    ) -> Values | None:
        """A comprehension over a few known elements, run once per element as a loop
        is (`_each_element`): what each element makes is its own (`[t.definition() for t
        in TOOLS]` gives each tool's dict, not one dict holding every tool's name).
        None when it is not one."""
        for_in = node.for_in
        iterated = self.eval(for_in.iter, scope)
        elements = self.elements(iterated)
        rows = [e for e in elements if not isinstance(e, Unknown)]
        bound = MAX_ROWS if all(isinstance(e, ROW_VALUES) for e in rows) else MAX_ITERATIONS
        if not 1 < len(rows) <= bound or self.exhausted():
            return None
        self._bind(for_in.target, elements, scope)
        overrides = self.overrides.setdefault(scope.frame, {})
        kind = "dict" if isinstance(node, cst.DictComp) else "list"
        container = Container(id(node), self._literal_context(scope), kind)
        unknown = frozenset(e for e in elements if isinstance(e, Unknown))
        groups = [frozenset({e}) for e in rows] + ([unknown] if unknown else [])
        for group in groups:
            overrides.update(self._target_values(for_in.target, group))
            self.iteration.append(next(iter(group)))
            self.iterating.append(scope.frame)
            try:
                if any(
                    self.eval(condition.test, scope) == frozenset({Const(False)})
                    for condition in for_in.ifs
                ):
                    continue
                if isinstance(node, cst.DictComp):
                    self._store(container, KEYS, self.eval(node.key, scope))
                    self._store(container, ELEMENT, self.eval(node.value, scope))
                else:
                    self._store(container, ELEMENT, self.eval(node.elt, scope))
            finally:
                self.iteration.pop()
                self.iterating.pop()
        return frozenset({container})

    def _comprehension(self, for_in: cst.CompFor, scope: Scope) -> bool:
        """Bind the comprehension's targets; False when a filter is known to keep nothing."""
        iterated = self.eval(for_in.iter, scope)
        self._bind(for_in.target, self.elements(iterated), scope)
        self.overrides.setdefault(scope.frame, {}).update(
            self._target_values(for_in.target, self.elements(iterated))
        )
        keeps = True
        for condition in for_in.ifs:
            if self.eval(condition.test, scope) == frozenset({Const(False)}):
                keeps = False
        if for_in.inner_for_in is not None:
            keeps = self._comprehension(for_in.inner_for_in, scope) and keeps
        return keeps

    def _concat(self, left: Values, right: Values, site: int) -> Values:
        if site in self.growing:
            return frozenset({GROWING})
        out: set[Value] = set()
        for a, b in itertools.islice(itertools.product(left, right), MAX_VALUES):
            if (
                isinstance(a, Const)
                and isinstance(b, Const)
                and isinstance(a.value, str)
                and isinstance(b.value, str)
                and len(a.value) + len(b.value) <= MAX_TEXT
            ):
                out.add(Const(a.value + b.value))
            else:
                out.add(Unknown("a string built from an unknown part"))
        if self.round >= WIDEN_AFTER:  # still new texts: a string built up in a loop
            seen = self.texts_at.setdefault(site, set())
            if not out <= seen and seen:
                self.growing.add(site)
                self.broadened.add("a string built up in a loop")
                return frozenset({GROWING})
            seen.update(out)
        return frozenset(out)

    def _fstring(self, node: cst.FormattedString, scope: Scope) -> Values:
        pieces: list[Values] = []
        for part in node.parts:
            if isinstance(part, cst.FormattedStringText):
                pieces.append(frozenset({Const(part.value)}))
            elif isinstance(part, cst.FormattedStringExpression):
                value = self.eval(part.expression, scope)
                pieces.append(
                    frozenset(Const(str(v.value)) if isinstance(v, Const) else v for v in value)
                )
        result: Values = frozenset({Const("")})
        for piece in pieces:
            result = self._concat(result, piece, id(node))
        return result

    def _binary(self, left: Values, right: Values, operator: cst.CSTNode) -> Values:
        if isinstance(operator, (cst.Add, cst.AddAssign)):
            containers = [v for v in (*left, *right) if isinstance(v, Container)]
            if containers:
                merged = Container(id(operator), (), containers[0].kind)
                for c in containers:
                    self._store(merged, ELEMENT, self._get(c, ELEMENT))
                return frozenset({merged})
            return self._concat(left, right, id(operator))
        if isinstance(operator, (cst.Modulo,)):
            return frozenset({Unknown("a % template")})
        if isinstance(operator, cst.Divide) and any(
            isinstance(v, Const) and isinstance(v.value, PurePosixPath) for v in left
        ):  # `Path(__file__).parent / "tools"`
            return self._path_join(left, [right])
        return frozenset({UNKNOWN})

    def _subscript_key(self, node: cst.Subscript, scope: Scope) -> Values:
        if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
            return self.eval(node.slice[0].slice.value, scope)
        return frozenset({UNKNOWN})

    def _subscript(self, node: cst.Subscript, scope: Scope) -> Values:
        owners = self.eval(node.value, scope)
        if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Slice):
            return self._sliced(owners, node.slice[0].slice, scope)
        key = self._subscript_key(node, scope)
        out: set[Value] = set()
        for owner in owners:
            if isinstance(owner, Const) and isinstance(owner.value, str):
                text = owner.value
                for k in key:
                    at = _integer(k)
                    inside = at is not None and -len(text) <= at < len(text)
                    out.add(Const(text[at]) if at is not None and inside else UNKNOWN)
            elif isinstance(owner, Container):
                out.update(self._subscript_values(owner, key))
            elif isinstance(owner, (External, Class)):
                out.add(owner)  # a type subscripted: list[str], Annotated[...]
            else:
                out.add(UNKNOWN)
        return frozenset(out)

    def _sliced(self, owners: Values, part: cst.Slice, scope: Scope) -> Values:
        """`name[len("handle_"):]` of a known text: the text it gives (a tool's name made
        from its handler's); a slice of anything else is Unknown."""
        bounds: list[Values] = [
            self.eval(b, scope) if b is not None else frozenset({Const(None)})
            for b in (part.lower, part.upper, part.step)
        ]
        out: set[Value] = set()
        # Every text with every bound: at most MAX_VALUES of the combinations (sets of
        # offsets computed over a text can make the product cubic in MAX_VALUES).
        combinations = itertools.product(owners, *bounds)
        for owner, lower, upper, step in itertools.islice(combinations, MAX_VALUES):
            if not (isinstance(owner, Const) and isinstance(owner.value, str)):
                out.add(UNKNOWN)
                continue
            known = [_integer(b) for b in (lower, upper, step)]
            given = all(
                k is not None or (isinstance(b, Const) and b.value is None)
                for k, b in zip(known, (lower, upper, step))
            )
            if given and known[2] != 0:
                out.add(Const(owner.value[known[0]:known[1]:known[2]]))
            else:
                out.add(Unknown("a slice"))
        if next(combinations, None) is not None:
            self.broadened.add("a slice of many texts")
            out.add(Unknown("a slice"))
        return frozenset(out)

    def _item(self, values: Values, index: int) -> Values:
        out: set[Value] = set()
        for value in values:
            if isinstance(value, Container):
                out.update(self._get(value, index) or self._get(value, ELEMENT))
            elif isinstance(value, Object) and self._get(value, index):
                out.update(self._get(value, index))  # a named tuple's item
            else:
                out.add(UNKNOWN)
        return frozenset(out)

    def elements(self, values: Iterable[Value]) -> Values:
        """What iterating over each value gives: a container's elements (a dict's keys)."""
        out: set[Value] = set()
        for value in values:
            if isinstance(value, Container):
                key = KEYS if value.kind == "dict" else ELEMENT
                out.update(self._get(value, key))
            elif isinstance(value, Const) and isinstance(value.value, str):
                out.add(Unknown("a character"))
            else:
                out.add(UNKNOWN)
        return frozenset(out)

    def _sequence(self, site: cst.CSTNode, scope: Scope, elements: Iterable[Value]) -> Container:
        container = Container(id(site), scope.frame.context, "list")
        self._store(container, ELEMENT, elements)
        return container

    def _pairs_into(self, target: Container, pairs: Values) -> None:
        """`dict(pairs)`: each (key, value) pair's value under its key."""
        for pair in pairs:
            keys, values = self._item(frozenset({pair}), 0), self._item(frozenset({pair}), 1)
            for key in keys:
                if isinstance(key, Const):
                    self._store(target, key.value, values)
            self._store(target, KEYS, keys)
            self._store(target, ELEMENT, values)

    def _merge_dict(self, target: Container, other: Value) -> None:
        if not isinstance(other, Container) or self.moved > MAX_MOVED:
            return
        for key, values in list(self.heap.get(other, {}).items()):
            self._store(target, key, values)

    # --- attributes ---

    def _attribute(self, owners: Values, name: str) -> Values:
        out: set[Value] = set()
        for owner in owners:
            out.update(self.attribute(owner, name))
        return frozenset(out)

    def attribute(self, owner: Value, name: str) -> Values:
        if owner in self.requests and self._get(owner, name):
            return self._get(owner, name)  # `request.method`: a request parsed to an object
        if isinstance(owner, Module):
            submodule = self.modules.get(f"{owner.name}.{name}")
            if submodule is not None:
                return frozenset({submodule})
            found = self._global(owner, name)
            if not found and name in ("__name__", "__file__", "__path__", "__package__"):
                return self._module_attribute(owner, name)  # `package.__file__`
            return found or frozenset({UNKNOWN})
        if isinstance(owner, External):
            return frozenset({External(f"{owner.qualname}.{name}")})
        if isinstance(owner, Class):
            found = self._class_attribute(owner, name)
            if name == "__name__":
                return frozenset({Const(owner.name)})
            if not found and name in MODEL_SCHEMA_METHODS and self._is_model(owner):
                return frozenset({Bound("model-schema:", owner)})  # `Args.model_json_schema`
            return frozenset(
                Bound(v, owner) if isinstance(v, Func) and _decorated_as(v, "classmethod")
                else v
                for v in found
            ) or frozenset({UNKNOWN})  # `Config.from_env()`: `cls` is the class
        if isinstance(owner, Object):
            return self._object_attribute(owner, name)
        if isinstance(owner, Func):
            assigned = self._get(owner, name)  # `f.__name__ = ...` renames it
            if name == "__name__" and not assigned:
                return frozenset({Const(owner.name)})
            if name == "__module__" and not assigned:
                # `obj.__module__ == module.__name__`: defined there, not imported
                return frozenset({Const(owner.module.name)})
            return assigned or frozenset({UNKNOWN})
        if isinstance(owner, Bound) and isinstance(owner.function, Func):
            return frozenset(self._get(owner.function, name)) or frozenset({UNKNOWN})
        if isinstance(owner, Partial) and name == "func":
            return frozenset({owner.function})
        if isinstance(owner, Const) and isinstance(owner.value, PurePosixPath):
            if name in paths.PATH_PROPERTIES:  # `Path(__file__).parent`, `path.stem`
                return frozenset({Const(paths.path_property(owner.value, name))})
        if isinstance(owner, Const) and name == "value":
            # An Enum member is read as its value (`Tools.NOW` gives "now"), so `.value`
            # of it is that value again; no constant has an attribute of that name.
            return frozenset({owner})
        if isinstance(owner, (Container, Const)):
            return frozenset({Bound(name, owner)})
        if isinstance(owner, Decorator):
            return frozenset({UNKNOWN})
        return frozenset({UNKNOWN})

    def _issubclass(self, cls: Value, base: Value) -> Value:
        """`issubclass` between classes of the package: known; a function or a constant
        is no class (issubclass would raise, the code after it is not run for it), and a
        library's class is no subclass of the package's."""
        if isinstance(cls, (Func, Const, Module)):
            return Const(False)
        if isinstance(cls, External) and isinstance(base, Class):
            return Const(False)  # a library's class subclasses no class of the package
        if isinstance(cls, Class) and isinstance(base, Class):
            return Const(base in self.mro(cls))
        if isinstance(cls, Class) and isinstance(base, External):
            if base in self.mro(cls):
                return Const(True)
        return Unknown("issubclass")

    def _lacks(self, owner: Value, name: str) -> bool:
        """Whether `getattr(owner, name)` raises: None has no such attribute, nor has an
        instance of a package class (all of whose bases are the package's) that neither
        the class nor any store gives it; such a look-up is guarded (`hasattr`,
        `if client`) or fails, and gives the code after it nothing."""
        if isinstance(owner, Const):
            return owner.value is None
        if not isinstance(owner, Object) or not isinstance(owner.cls, Class):
            return False
        if any(isinstance(base, External) for base in self.mro(owner.cls)[1:]):
            return False
        if name.startswith("__") or self._get(owner, ATTRIBUTES):
            return False
        return not (
            self._get(owner, name)
            or self._get(Object(0, (), owner.cls), name)
            or self._class_attribute(owner.cls, name)
        )

    def _provide(self, server: Object, provider: Value, node: cst.CSTNode, scope: Scope) -> None:
        """A provider serving the tool objects of a folder's modules (fastmcp's
        `FileSystemProvider(folder)`): each `@tool` function defined at the top level of a
        module under the folder is registered on `server`, as `add_tool` would."""
        if not (
            isinstance(provider, Object)
            and isinstance(provider.cls, External)
            and provider.cls.qualname in fw.FILESYSTEM_PROVIDERS
        ):
            return
        for folder in self._get(provider, "root"):
            where = paths.as_path(folder.value) if isinstance(folder, Const) else None
            if where is None:
                continue
            for name in self.modules.under(Path(where)):
                module = self.modules.get(name)
                if module is None:
                    continue
                self._global(module, "")
                frame = self.module_frame(module)
                for values in self.locals[frame].values():
                    tools = frozenset(
                        v for v in self._resolve(values)
                        if isinstance(v, Object)
                        and isinstance(v.cls, External)
                        and v.cls.qualname == "fastmcp.tools.FunctionTool"
                    )
                    if tools:
                        self._register(
                            "tool-object", frozenset({server}), tools, node, scope, {}, ()
                        )

    def _members(self, held: Value) -> list[tuple[str, Values]] | None:
        """What `inspect.getmembers(held)` lists, by name: a package module's globals, a
        package class's attributes along its bases, an instance's too (its methods
        bound to it) with the attributes it was given; None for any other value."""
        if isinstance(held, Module):
            self._global(held, "")
            frame = self.module_frame(held)
            return [(n, self._resolve(v)) for n, v in sorted(self.locals[frame].items())]
        cls = held.cls if isinstance(held, Object) else held
        if not isinstance(cls, Class):
            return None
        names: set[str] = set()
        for each in self.mro(cls):
            if isinstance(each, Class):
                names.update(k for k in self.heap.get(each, {}) if isinstance(k, str))
        if isinstance(held, Object):
            names.update(k for k in self.heap.get(held, {}) if isinstance(k, str))
            return [(n, self._object_attribute(held, n)) for n in sorted(names)]
        return [(n, self._class_attribute(cls, n)) for n in sorted(names)]

    def _any_attribute(self, owner: Value) -> Values:
        """`getattr(owner, name)` with a computed name: every attribute an instance was
        given (by assignment or `setattr`), else Unknown."""
        if not isinstance(owner, Object):
            return frozenset({Unknown("getattr with a computed name")})
        out: set[Value] = set()
        for key, values in list(self.heap.get(owner, {}).items()):
            if isinstance(key, str) or key is ATTRIBUTES:
                out.update(values)
        return frozenset(out) or frozenset({Unknown("getattr with a computed name")})

    def _class_attribute(self, cls: Class, name: str) -> Values:
        """An attribute of a class: the nearest definition along its bases; past the
        package's classes, the library base's own (`PlainFunctionTool.from_function`
        on a project subclass of fastmcp's `FunctionTool` is fastmcp's factory)."""
        library: External | None = None
        for each in self.mro(cls):
            if isinstance(each, Class):
                found = self._get(each, name)
                if found:  # (a mixin's method after the library base: `class S(FastMCP,
                    return frozenset(found)  # ToolsMixin)` calling `self.tool(self.x)`)
            elif library is None and (
                self.framework_of(each) is not None or each.qualname in fw.TOOL_OBJECTS
            ):
                library = External(f"{each.qualname}.{name}")
        return NOTHING if library is None else frozenset({library})

    def mro(self, cls: Class | External, depth: int = 0) -> list[Class | External]:
        order: list[Class | External] = [cls]
        if isinstance(cls, External) and cls.qualname not in fw.SERVER_CLASSES:
            # an installed dependency's class deriving from a framework server class
            derived = dependencies.server_base(cls.qualname, SERVER_CLASS_NAMES)
            if derived is not None:
                order.append(External(derived))
        if isinstance(cls, Class) and depth < 16:
            for values in self.bases.get(cls, ()):
                for base in sorted(values, key=_base_order):
                    if isinstance(base, (Class, External)):
                        for each in self.mro(base, depth + 1):
                            if each not in order:
                                order.append(each)
        return order

    def framework_of(self, cls: Class | External) -> str | None:
        for each in self.mro(cls):
            if isinstance(each, External) and each.qualname in fw.SERVER_CLASSES:
                return fw.SERVER_CLASSES[each.qualname]
        return None

    def collector_of(self, cls: Class | External) -> fw.Collector | None:
        for each in self.mro(cls):
            if isinstance(each, External) and each.qualname in fw.COLLECTORS:
                return fw.COLLECTORS[each.qualname]
        return None

    def _object_attribute(self, obj: Object, name: str) -> Values:
        framework = self.framework_of(obj.cls)
        if framework is not None and name in fw.SINKS[framework]:
            return frozenset({Bound(f"sink:{name}", obj)})
        if framework is not None and name in fw.SELF_METHODS.get(framework, ()):
            return frozenset({Bound("self:", obj)})
        if framework is not None and name in fw.SELF_ATTRIBUTES.get(framework, ()):
            return frozenset({obj})
        collector = self.collector_of(obj.cls) if isinstance(obj.cls, Class) else None
        if collector is not None and name in collector.methods:
            return frozenset({Bound(f"collect:{name}", obj)})
        out: set[Value] = set(self._get(obj, name)) | self._get(obj, ATTRIBUTES)
        if isinstance(obj.cls, Class):
            shared = Object(0, (), obj.cls)
            # The abstract instance's stores come from methods run with unknown
            # arguments: an instance's own known value wins over their Unknown.
            known = any(not isinstance(v, Unknown) for v in out) and obj.site != 0
            out.update(
                v for v in self._get(shared, name) if not (known and isinstance(v, Unknown))
            )
            if obj.site == 0:
                for other in self.instances[id(obj.cls.node)]:
                    out.update(self._get(other, name))
            for member in self._class_attribute(obj.cls, name):
                if isinstance(member, Func) and _decorated_as(member, "classmethod"):
                    out.add(Bound(member, obj.cls))  # `self.create(...)`: `cls` is the class
                elif isinstance(member, Func) and not _decorated_as(member, "staticmethod"):
                    out.add(Bound(member, obj))
                elif isinstance(member, Container) and member.kind == "property":
                    out.update(self._property(member, obj))
                elif not (known and isinstance(member, Const)):
                    # a class's default (`skill_only: bool = False` of a dataclass) is
                    # shadowed by what the instance was given
                    out.add(member)
        if isinstance(obj.cls, External) and not out:
            out.add(External(f"{obj.cls.qualname}().{name}"))
        return frozenset(out) or frozenset({UNKNOWN})

    def _property(self, getter: Container, obj: Object) -> Values:
        """What reading a property of `obj` gives: its getter run on it."""
        out: set[Value] = set()
        for function in self._get(getter, ELEMENT):
            if isinstance(function, Func):
                # a frame per instance: each tool record's `confirm_name` is its own
                context = (id(function.node), obj.site, *obj.context)[:MAX_CONTEXT]
                out.update(self.invoke(function, [frozenset({obj})], {}, context))
        return frozenset(out) or frozenset({UNKNOWN})

    # --- calls ---

    def _call_node(self, node: cst.Call, scope: Scope) -> Values:
        callee = self.eval(node.func, scope)
        positional: list[Values] = []
        keywords: dict[str, Values] = {}
        for arg in node.args:
            value = self.eval(arg.value, scope)
            if arg.keyword is not None:
                keywords[arg.keyword.value] = value
            elif arg.star == "*":
                positional.append(frozenset({Unknown("*args")}))
                for v in value:
                    if isinstance(v, Container):
                        positional[-1] = self._item(frozenset({v}), 0) or positional[-1]
            elif arg.star == "**":
                if self.dispatch is not None and ARGUMENTS in value:
                    keywords[SPREAD] = frozenset({ARGUMENTS})  # `handler(**arguments)`
                for v in value:
                    if isinstance(v, Container):
                        for key, values in list(self.heap.get(v, {}).items()):
                            if isinstance(key, str):
                                keywords[key] = keywords.get(key, NOTHING) | values
            else:
                positional.append(value)
        return self.call(callee, positional, keywords, node, scope)

    def call(
        self,
        callees: Values,
        positional: Sequence[Values],
        keywords: dict[str, Values],
        node: cst.CSTNode,
        scope: Scope,
    ) -> Values:
        out: set[Value] = set()
        self.work += len(callees)  # every callee's call is work, as a statement is
        for callee in callees:
            out.update(self._call_one(callee, positional, keywords, node, scope))
        if len(positional) > 1:
            self._handler_given(callees, positional, node, scope)
        return frozenset(out) if out else frozenset({UNKNOWN})

    def _handler_given(
        self, callees: Values, positional: Sequence[Values], node: cst.CSTNode, scope: Scope
    ) -> None:
        """`self.register_handler("tools/list", self._list_tools)`: a project function
        handed a request method and the function after it keeps a hand-written server's
        handler; the server is the receiver of that method, or the module."""
        for index, values in enumerate(positional[:-1]):
            method = next(
                (v.value for v in values
                 if isinstance(v, Const) and isinstance(v.value, str)
                 and v.value in fw.REQUEST_ROLES),
                None,
            )  # fmt: skip
            if method is None:
                continue
            receivers = [
                c.receiver for c in callees
                if isinstance(c, Bound) and isinstance(c.function, Func)
                and isinstance(c.receiver, Object) and isinstance(c.receiver.cls, Class)
            ]  # fmt: skip
            if not receivers and not any(isinstance(c, Func) for c in callees):
                return  # a library's method: its own framework's sink, or none
            if receivers:  # placed at its class
                cls = receivers[0].cls
                assert isinstance(cls, Class)
                site = id(cls.node)
                if site not in self.nodes:
                    self.nodes[site] = (cls.node, cls.module)
            else:
                site = id(scope.module.tree)
            server = self.tables.get(site) or Object(site, (), External(fw.HAND_WRITTEN))
            self._request_handlers(method, positional[index + 1], server, node, scope)

    def _call_one(
        self,
        callee: Value,
        positional: Sequence[Values],
        keywords: dict[str, Values],
        node: cst.CSTNode,
        scope: Scope,
    ) -> Values:
        context: Context = (id(node), *self._per_element(scope))
        handed_on = False
        if scope.function is not None and scope.frame.context and (
            type(node) is cst.Decorator
            or _passes_function(positional, keywords)
            or _passes_parameter(node, scope.function)
        ):
            # A decorator applied inside a decorator or factory (`@handle_errors` on the
            # wrapper `check_access(func)` builds), or a function handed to a wrapper
            # there (`logged = with_logging(func)` in a project's registering decorator),
            # is applied once per call of its enclosing function: told apart by that
            # call's context too, or every function it wraps would share one wrapper and
            # every registration would carry them all (MAX_FRAMES bounds it, and
            # MAX_CONTEXT the nesting). A call handing on its caller's parameters
            # (`_annotations(title, paid)` in a registering helper) likewise: what it
            # returns may differ by what each call gave them.
            context = (*context, *scope.frame.context)[:MAX_CONTEXT]
            handed_on = True
        if isinstance(callee, Func):
            return self.invoke(callee, positional, keywords, context)
        if isinstance(callee, Bound):
            # A method runs once per call site, unless its call hands on what its
            # caller was given (`REGISTRY.register(name=name, func=func)` in a
            # registering decorator): then once per call of the caller, as a function.
            return self._call_bound(
                callee, positional, keywords, node, scope, context if handed_on else (id(node),)
            )
        if isinstance(callee, Class) and self._is_typed_dict(callee):
            # `ServerConfig(name="x", server=mcp)`: a TypedDict builds a plain dict
            return self._call_external(External("dict"), positional, keywords, node, scope)
        if isinstance(callee, Class):
            allocated = self._allocation_context(id(node), scope)
            if any(
                isinstance(each, External) and each.qualname in fw.TOOL_OBJECTS
                for each in self.mro(callee)[1:]
            ):  # a tool object per element, as the framework's own tool class makes one
                allocated = (*allocated, *self._per_element(scope))
            obj = Object(id(node), allocated, callee)
            self.nodes[id(node)] = (node, scope.module)
            self.instances[id(callee.node)].add(obj)
            init = self._class_attribute(callee, "__init__")
            for member in init:
                if isinstance(member, Func):
                    self.invoke(member, [frozenset({obj}), *positional], keywords, context)
            if not init and self._is_dataclass(callee):
                self._dataclass_fields(callee, obj, positional, keywords)
            self._keep_fields(obj, keywords)
            self._overrides(callee, obj, node, scope)
            return frozenset({obj})
        if isinstance(callee, External):
            return self._call_external(callee, positional, keywords, node, scope)
        if isinstance(callee, Decorator):
            return self._apply_decorator(callee, positional, keywords, node, scope)
        if isinstance(callee, Container) and callee.kind == "wraps":
            return self._get(callee, ELEMENT)
        if isinstance(callee, Partial):
            bound = [self._get(callee, index) for index in range(callee.arity)]
            given = {
                k: frozenset(v) for k, v in self.heap.get(callee, {}).items() if isinstance(k, str)
            }
            return self.call(
                frozenset({callee.function}), [*bound, *positional], {**given, **keywords},
                node, scope,
            )  # fmt: skip
        return frozenset({UNKNOWN})

    def _overrides(self, cls: Class, obj: Object, node: cst.CSTNode, scope: Scope) -> None:
        """A project subclass of a server class whose own methods answer `tools/list`
        and `tools/call` (`fw.LISTING_OVERRIDES`): each instance's handlers are those
        methods."""
        framework = self.framework_of(cls)
        overrides = fw.LISTING_OVERRIDES.get(framework or "")
        if not overrides:
            return
        for method, role in overrides.items():
            # the method itself: run in its root frame, on the class's abstract instance,
            # which reads what every built instance was given
            defined = frozenset(
                v for v in self._class_attribute(cls, method) if isinstance(v, Func)
            )
            if defined:
                self._register(role, frozenset({obj}), defined, node, scope, {}, (),
                               through="override")  # fmt: skip

    def _literal_context(self, scope: Scope) -> Context:
        """The context a list or dict literal is allocated in: its frame's, and in a loop
        run per element, the element's (`kwargs = {...}` built anew for each entry)."""
        return (*scope.frame.context, *self._per_element(scope))

    def _per_element(self, scope: Scope) -> Context:
        """Inside a loop run once per element, written in the loop's own body: the
        element's mark, so that a call or a tool object made there is one per element
        (`for name in names: Tool.from_function(load(name).tool, name=name)`)."""
        if self.iterating and self.iterating[-1] == scope.frame:
            # This frame's own loops only: the elements of a caller's loop are in the
            # frame's context already, and carried on they would multiply through
            # every nested loop of every callee (a frame per path of elements).
            own = (e for e, f in zip(self.iteration, self.iterating) if f == scope.frame)
            return (hash(tuple(own)),)
        return ()

    def _allocation_context(self, site: int, scope: Scope) -> Context:
        """The context an allocation is named with: its frame's, until a site has been
        reached from MAX_SITE_CONTEXTS of them; then one object stands for the rest."""
        seen = self.site_contexts[site]
        context = scope.frame.context
        if context not in seen and len(seen) >= MAX_SITE_CONTEXTS:
            return ()
        seen.add(context)
        return context

    def invoke(
        self,
        function: Func,
        positional: Sequence[Values],
        keywords: dict[str, Values],
        context: Context,
    ) -> Values:
        if self.dispatch is not None:
            context = (self.dispatch[0], *context)
            given = (*positional, *keywords.values())
            spread = SPREAD in keywords
            keywords = {k: v for k, v in keywords.items() if k != SPREAD}
            holding = _parameter_holding(function, ARGUMENTS, positional, keywords)
            got_name = any(self.dispatch[2] in v for v in given)
            self.dispatch[1].append(Invoked(function, got_name, SPREAD if spread else holding))
        contexts = self.frames[id(function.node)]
        if context not in contexts and len(contexts) >= MAX_FRAMES:
            context = ()
            self.broadened.add(f"frames of {function.name}")
        contexts.add(context)
        frame = Frame(id(function.node), context)
        changed, self.changed = self.changed, False
        self._bind_params(function, frame, positional, keywords)
        # A frame run already this round runs again when this call gives it a value it
        # did not have (the second element of a loop calling a method once per call
        # site), where its function may reach a framework: what it registers may depend
        # on that value. At most MAX_RERUNS times a round: the values it keeps reach it
        # whole in the next round, and unbounded re-runs spend the package's budget.
        grown, self.changed = self.changed, changed or self.changed
        again = (
            grown
            and id(function.node) in self.relevant
            and frame in self.evaluated
            and self.reruns[frame] < MAX_RERUNS
        )
        if again:
            self.reruns[frame] += 1
        if (
            (frame not in self.evaluated or again)
            and frame not in self.stack
            and len(self.stack) < MAX_DEPTH
            and self.on_stack[frame.owner] < MAX_RECURSION
        ):
            self._enter(function, frame)
        return frozenset(self.returns.get(frame, ())) or frozenset({Const(None)})

    def exhausted(self) -> bool:
        """Whether the package's budget is spent: then no further function body or
        per-element run is evaluated, and the rounds end (said in `broadened`)."""
        if self.too_deep:
            return True  # said in `broadened` as "depth of nested calls"
        if self.steps > MAX_STEPS or self.work > MAX_WORK or self.moved > MAX_MOVED:
            self.broadened.add("the package's evaluation budget")
            return True
        return False

    def _enter(self, function: Func, frame: Frame) -> None:
        self.evaluated.add(frame)
        self.steps += 1
        if self.exhausted():
            return
        self.stack.append(frame)
        self.on_stack[frame.owner] += 1
        try:
            scope = self._scope(function, frame)
            if isinstance(function.node, cst.Lambda):
                self._add(self.returns[frame], self.eval(function.node.body, scope), "a return")
            elif isinstance(function.node.body, cst.IndentedBlock):
                try:
                    self._block(function.node.body.body, scope, straight=True)
                finally:
                    # after the body, a name reads every value it held (a closure run later)
                    overrides = self.overrides.get(frame)
                    for name in self.rebound.pop(frame, ()):
                        if overrides is not None:
                            overrides.pop(name, None)
            else:
                self._suite(function.node.body, scope)
        except RecursionError:
            # Past the interpreter's depth (calls of calls through deeply nested
            # expressions, or values nested as deep) before MAX_DEPTH is reached: what
            # this call returns is unknown, and the evaluation stops here, as when its
            # budget is spent; what it read so far stands (going on, every chain that
            # reached this depth would reach it again, at the cost of the whole chain).
            if len(self.stack) <= 1:
                raise
            self.too_deep = True
            self.broadened.add("depth of nested calls")
            self._add(self.returns[frame], {UNKNOWN}, "a return")
        finally:
            self.stack.pop()
            self.on_stack[frame.owner] -= 1

    def _scope(self, function: Func, frame: Frame) -> Scope:
        parent: Scope | None = None
        if function.closure is not None:
            owner = self.functions.get(function.closure.owner)
            parent = self._scope(owner, function.closure) if owner is not None else None
        if parent is None:
            module_frame = self.module_frame(function.module)
            parent = Scope(module_frame, function.module, None, frozenset(), None)
        names = self.local_cache.get(id(function.node))
        if names is None:
            names = _local_names(function.node)
            self.local_cache[id(function.node)] = names
        return Scope(frame, function.module, function, names, parent)

    def _default(self, function: Func, default: cst.BaseExpression) -> Values:
        """A parameter's default value: evaluated where the function is defined."""
        module = function.module
        return self.eval(default, Scope(self.module_frame(module), module, None, frozenset(), None))

    def _bind_params(
        self,
        function: Func,
        frame: Frame,
        positional: Sequence[Values],
        keywords: dict[str, Values],
    ) -> None:
        params = function.node.params
        ordered = [*params.posonly_params, *params.params]
        rest = list(positional)
        for param in ordered:
            name = param.name.value
            if rest:
                self._add_local(frame, name, rest.pop(0))
            elif name in keywords:
                self._add_local(frame, name, keywords[name])
            elif param.default is not None and not self.locals[frame].get(name):
                self._add_local(frame, name, self._default(function, param.default))
        if isinstance(params.star_arg, cst.Param):
            container = Container(id(params.star_arg), frame.context, "tuple")
            for index, value in enumerate(rest):
                self._store(container, index, value)
                self._store(container, ELEMENT, value)
            self._add_local(frame, params.star_arg.name.value, {container})
        for param in params.kwonly_params:
            name = param.name.value
            if name in keywords:
                self._add_local(frame, name, keywords[name])
            elif param.default is not None and not self.locals[frame].get(name):
                self._add_local(frame, name, self._default(function, param.default))
        if params.star_kwarg is not None:
            container = Container(id(params.star_kwarg), frame.context, "dict")
            known = {p.name.value for p in (*ordered, *params.kwonly_params)}
            for key, value in keywords.items():
                if key not in known:
                    self._store(container, key, value)
                    self._store(container, ELEMENT, value)
                    self._store(container, KEYS, {Const(key)})
            self._add_local(frame, params.star_kwarg.name.value, {container})

    def _call_bound(
        self,
        bound: Bound,
        positional: Sequence[Values],
        keywords: dict[str, Values],
        node: cst.CSTNode,
        scope: Scope,
        context: Context,
    ) -> Values:
        function, receiver = bound.function, bound.receiver
        if isinstance(function, Func):
            # On a class's abstract instance, a method runs in its root frame (the one
            # with unknown arguments): a frame shared with a built instance would mix
            # that instance's known attributes with the abstract one's Unknown. Else in
            # the context `_call_one` gives its call.
            abstract = isinstance(receiver, Object) and receiver.site == 0
            if abstract and _passes_function(positional, keywords):
                # ...but a method handed a function (`self.register_tool_handler(
                # "delete", self._delete)`) runs once per call site, as a registering
                # helper does: each call's name keeps its own function
                abstract = False
            return self.invoke(
                function, [frozenset({receiver}), *positional], keywords,
                () if abstract else context,
            )  # fmt: skip
        if isinstance(function, str) and function.startswith("sink:"):
            return self._sink(function[5:], receiver, positional, keywords, node, scope)
        if function == "self:":  # a server method returning the server
            return frozenset({receiver})
        if function == "model-schema:" and isinstance(receiver, Class):
            return self._model_schema(receiver, node, scope)
        if isinstance(function, str) and function.startswith("collect:"):
            return self._collect(function[8:], receiver, positional, keywords, node, scope)
        if isinstance(function, str) and isinstance(receiver, Container):
            return self._container_method(function, receiver, positional, keywords, node, scope)
        if isinstance(function, str) and isinstance(receiver, Const):
            if isinstance(receiver.value, PurePosixPath):
                return self._path_method(function, receiver.value, positional, node, scope)
            return self._string_method(function, receiver, positional)
        return frozenset({UNKNOWN})

    def _path_method(
        self, name: str, path: PurePosixPath, positional: Sequence[Values],
        node: cst.CSTNode, scope: Scope,
    ) -> Values:
        """A method of a known path: `resolve()` gives it again, `joinpath(...)` a path
        under it, and `glob`, `rglob` and `iterdir` the entries of a folder of the
        project, read off the file tree (`paths.listing`)."""
        if name in paths.SAME_PATH:
            return frozenset({Const(path)})
        if name == "joinpath":
            return self._path_join(frozenset({Const(path)}), positional)
        if name in paths.TESTS and path.is_absolute():
            answer = paths.test(self.modules.roots, path, name)
            return frozenset({Unknown(f"Path.{name}") if answer is None else Const(answer)})
        if name not in paths.LISTINGS:
            return frozenset({Unknown(f"Path.{name}")})
        patterns = positional[0] if positional else frozenset({Const("*")})
        out: set[Value] = set()
        for pattern in patterns:
            if not (isinstance(pattern, Const) and isinstance(pattern.value, str)):
                out.add(Unknown("a folder's files"))
                continue
            found = paths.listing(
                self.modules.roots, path, "*" if name == "iterdir" else pattern.value,
                name == "rglob", MAX_LISTED,
            )  # fmt: skip
            if found is None:
                out.add(Unknown("a folder's files"))
            else:
                out.update(Const(entry) for entry in found)
        return frozenset({self._sequence(node, scope, out)})

    def _path_join(self, heads: Values, positional: Sequence[Values]) -> Values:
        """`Path(a, b)`, `a / b`, `a.joinpath(b)` of known texts and paths."""
        out: set[Value] = set()
        parts = [heads, *positional]
        for combo in itertools.islice(itertools.product(*parts), MAX_VALUES):
            texts = [paths.as_path(c.value) if isinstance(c, Const) else None for c in combo]
            if all(t is not None for t in texts):
                out.add(Const(PurePosixPath(*(t for t in texts if t is not None))))
            else:
                out.add(Unknown("a path"))
        return frozenset(out) or frozenset({Unknown("a path")})

    def _container_method(
        self,
        name: str,
        container: Container,
        positional: Sequence[Values],
        keywords: dict[str, Values],
        node: cst.CSTNode,
        scope: Scope,
    ) -> Values:
        first = positional[0] if positional else NOTHING
        if container.kind == "property":
            # `@tools.setter`, `.getter`, `.deleter`: the property stays what it was
            return frozenset({container})
        if name in ("append", "add"):
            self._store(container, ELEMENT, first)
        elif name == "insert" and len(positional) > 1:
            self._store(container, ELEMENT, positional[1])
        elif name == "extend":
            self._store(container, ELEMENT, self.elements(first))
        elif name == "update":
            for other in first:
                self._merge_dict(container, other)
            for key, value in keywords.items():
                self._store(container, key, value)
                self._store(container, ELEMENT, value)
                self._store(container, KEYS, {Const(key)})
        elif name == "setdefault" and len(positional) > 1:
            if first and all(
                isinstance(given, Const) and self._get(container, given.value) for given in first
            ):
                # `spec.setdefault("input_schema", {})` on a dict that has the key (a
                # literal naming it): what is there, the default never stored
                return self._subscript_values(container, first)
            for given in first:
                if isinstance(given, Const):
                    self._store(container, given.value, positional[1])
            self._store(container, ELEMENT, positional[1])
            self._store(container, KEYS, first)
            return self._subscript_values(container, first)
        elif name in ("get", "pop"):
            if container in self.requests and all(
                isinstance(k, Const) and self._get(container, k.value) for k in first
            ):
                return self._subscript_values(container, first)  # its fields are there
            return self._subscript_values(container, first) | (
                positional[1] if len(positional) > 1 else NOTHING
            )
        elif name in ("copy",):
            return frozenset({container})
        elif name in ("values",):
            return frozenset({self._sequence(node, scope, self._get(container, ELEMENT))})
        elif name in ("keys",):
            return frozenset({self._sequence(node, scope, self._get(container, KEYS))})
        elif name == "items":
            # One pair per key known exactly (a loop over them runs once per entry, each
            # name with its own value), one for the rest.
            pairs: set[Value] = set()
            keys = self._get(container, KEYS)
            exact: list[Const] = sorted(
                (k for k in keys if isinstance(k, Const) and self._get(container, k.value)),
                key=lambda k: repr(k.value),
            )
            # As many as a loop runs one by one (`For`): a table's rows up to MAX_ROWS.
            rows = all(
                isinstance(v, ROW_VALUES) for k in exact for v in self._get(container, k.value)
            )
            if len(exact) > (MAX_ROWS if rows else MAX_ITERATIONS):
                exact = []
            for index, entry in enumerate(exact):
                pair = Container(id(node), (*scope.frame.context, index + 1), "tuple")
                self._store(pair, 0, {entry})
                self._store(pair, 1, self._get(container, entry.value))
                pairs.add(pair)
            rest = keys - frozenset(exact)
            # A dict nothing was ever stored in (`**kwargs` of a call passing none) has
            # no items: a loop over them binds nothing and runs no store.
            if (rest or not exact) and (rest or self._get(container, ELEMENT)):
                pair = Container(id(node), scope.frame.context, "tuple")
                self._store(pair, 0, rest)
                self._store(pair, 1, self._get(container, ELEMENT))
                pairs.add(pair)
            return frozenset(
                {self._sequence(node.children[0] if node.children else node, scope, pairs)}
            )
        return frozenset({Const(None)})

    def _subscript_values(self, container: Container, keys: Values) -> Values:
        """What `container[key]` holds for each of `keys`: the values stored under a
        known key; for another, every element, unless every key the container was
        given is known (a dict filled by `d[name] = f` for literal names holds nothing
        under a name it was never given: a table of handlers looked up by one tool's
        name gives that tool's handler, whatever other dicts of its allocation site
        hold)."""
        out: set[Value] = set()
        closed: bool | None = None
        for key in keys:
            exact = self._get(container, key.value) if isinstance(key, Const) else None
            if exact:
                out.update(exact)
                continue
            if isinstance(key, Const) and container.kind == "dict":
                if closed is None:
                    given = self._get(container, KEYS)
                    closed = bool(given) and all(type(k) is Const for k in given)
                if closed:
                    continue
            out.update(self._get(container, ELEMENT))
        return frozenset(out)

    def _string_method(self, name: str, text: Const, positional: Sequence[Values]) -> Values:
        value = text.value
        if not isinstance(value, str):
            return frozenset({UNKNOWN})
        if name in ("lower", "upper", "strip", "title", "casefold"):
            return frozenset({Const(getattr(value, name)())})
        if name in STRING_TESTS and len(positional) == 1:  # `name.startswith("handle_")`
            out_test: set[Value] = set()
            for argument in positional[0]:
                known = _texts(argument, self.elements({argument}))
                out_test.add(
                    Const(getattr(value, name)(known)) if known is not None else Unknown(name)
                )
            return frozenset(out_test)
        if name == "replace" and len(positional) >= 2:
            out: set[Value] = set()
            pairs = itertools.product(positional[0], positional[1])
            for a, b in itertools.islice(pairs, MAX_VALUES):
                if (
                    isinstance(a, Const)
                    and isinstance(b, Const)
                    and isinstance(a.value, str)
                    and isinstance(b.value, str)
                ):
                    out.add(Const(value.replace(a.value, b.value)))
                else:
                    out.add(Unknown("replace"))
            if next(pairs, None) is not None:
                out.add(Unknown("replace"))
            return frozenset(out)
        if name == "format":
            out = set()
            for combo in itertools.islice(itertools.product(*positional), MAX_VALUES):
                if all(isinstance(c, Const) for c in combo):
                    try:
                        texts = [c.value for c in combo if isinstance(c, Const)]
                        out.add(Const(value.format(*texts)))
                    except (IndexError, KeyError, ValueError):
                        out.add(Unknown("format"))
                else:
                    out.add(Unknown("format"))
            return frozenset(out) if positional else frozenset({Unknown("format")})
        if name == "join" and positional:
            parts = self.elements(positional[0])
            if (
                parts
                and all(isinstance(p, Const) and isinstance(p.value, str) for p in parts)
                and len(parts) == 1
            ):
                return frozenset({Const(next(iter(parts)).value)})  # type: ignore[union-attr]
            return frozenset({Unknown("join")})
        return frozenset({Unknown(f"str.{name}")})

    def _is_typed_dict(self, cls: Class) -> bool:
        return any(
            isinstance(each, External) and each.qualname in TYPED_DICTS for each in self.mro(cls)
        )

    def _is_model(self, cls: Class) -> bool:
        """A pydantic model of the package (a subclass of `pydantic.BaseModel`)."""
        return any(
            isinstance(each, External) and each.qualname in PYDANTIC_MODELS
            for each in self.mro(cls)
        )

    def _model_schema(self, cls: Class, node: cst.CSTNode, scope: Scope) -> Values:
        """The JSON schema pydantic makes of a package model (`Args.model_json_schema()`):
        an object whose properties are the model's fields along its bases (a field's
        alias for its name), closed when the model forbids extra keys."""
        fields: dict[str, None] = {}
        closed = False
        for each in reversed(self.mro(cls)):
            if not isinstance(each, Class):
                continue
            for statement in _class_statements(each.node):
                if not isinstance(statement, cst.SimpleStatementLine):
                    continue
                small = statement.body[0]
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    field = small.target.value
                    if field.startswith("_") or field == "model_config" or _class_var(small):
                        continue
                    fields[_alias(small.value) or field] = None
                elif isinstance(small, cst.Assign) and _forbids_extra(small):
                    closed = True
        context = self._literal_context(scope)
        schema = Container(id(node), context, "dict")
        properties = Container(id(cls.node), context, "dict")
        for field in fields:
            self._store(properties, field, {Unknown("a model field's schema")})
        self._store(schema, "type", {Const("object")})
        self._store(schema, "properties", {properties})
        if closed:
            self._store(schema, "additionalProperties", {Const(False)})
        return frozenset({schema})

    def _is_dataclass(self, cls: Class) -> bool:
        return any(
            "dataclass" in cst.Module([]).code_for_node(d.decorator) for d in cls.node.decorators
        )

    def _dataclass_fields(
        self, cls: Class, obj: Object, positional: Sequence[Values], keywords: dict[str, Values]
    ) -> None:
        fields = [
            s.body[0].target.value
            for s in _class_statements(cls.node)
            if isinstance(s, cst.SimpleStatementLine)
            and isinstance(s.body[0], cst.AnnAssign)
            and isinstance(s.body[0].target, cst.Name)
        ]
        for name, value in zip(fields, positional):
            self._store(obj, name, value)

    def _keep_fields(self, obj: Object, keywords: dict[str, Values]) -> None:
        for key, value in keywords.items():
            self._store(obj, key, value)

    # --- library calls and framework sinks ---

    def _call_external(
        self,
        callee: External,
        positional: Sequence[Values],
        keywords: dict[str, Values],
        node: cst.CSTNode,
        scope: Scope,
    ) -> Values:
        name = callee.qualname
        if self.request is not None and name in fw.REQUEST_PARSERS:
            return frozenset({self.request})  # the request a hand-written server answers
        server_class, _, method = name.rpartition(".")
        if method in fw.SERVER_CONSTRUCTORS and server_class in fw.SERVER_CLASSES:
            # `FastMCP.from_openapi(...)`: a FastMCP
            name, callee = server_class, External(server_class)
            keywords, positional = {}, ()
        if name in fw.ANNOTATION_OBJECTS or name in fw.RESULT_OBJECTS:
            # one per element of a loop run per element: `ToolAnnotations(readOnlyHint=
            # meta[name].read_only)` in `for name in tools:` differs from tool to tool
            obj = Object(id(node), self._literal_context(scope), callee)
            self._keep_fields(obj, keywords)
            return frozenset({obj})
        if name in fw.CATALOG_TRANSFORMS:  # `CodeMode(...)`, kept to be read off a server
            return frozenset({Object(id(node), scope.frame.context, callee)})
        if name in fw.FILESYSTEM_PROVIDERS:  # `FileSystemProvider(folder)`: its folder kept
            obj = Object(id(node), scope.frame.context, callee)
            self._keep_fields(obj, keywords)
            if positional:
                self._store(obj, "root", positional[0])
            return frozenset({obj})
        if name in fw.SERVER_CLASSES or name in fw.TOOL_OBJECTS:
            # a tool object per element of a loop run per element (`Tool(name=entry[
            # "name"], inputSchema=entry["input_schema"])` for each registry entry)
            context = scope.frame.context if name in fw.SERVER_CLASSES else (
                self._literal_context(scope)
            )
            obj = Object(id(node), context, callee)
            self.nodes[id(node)] = (node, scope.module)
            self._keep_fields(obj, keywords)
            for index, value in enumerate(positional):
                self._store(obj, index, value)
            if name in fw.SERVER_CLASSES and "tools" in keywords:
                # `FastMCP(tools=[...])`: tool objects (`Tool.from_function(fn)`), or
                # functions the server makes tools of
                for tool in self.elements(keywords["tools"]):
                    role = "tool-object" if isinstance(tool, Object) else "tool"
                    self._register(role, frozenset({obj}), frozenset({tool}), node, scope, {}, ())
            if name in fw.SERVER_CLASSES and "providers" in keywords:
                for provider in self.elements(keywords["providers"]):
                    self._provide(obj, provider, node, scope)
            if name in fw.SERVER_CLASSES:
                for keyword in fw.SERVER_CALLBACKS & keywords.keys():
                    callbacks = frozenset(
                        v for v in keywords[keyword] if isinstance(v, (Func, Bound, Partial))
                    )
                    if callbacks:
                        self.call(callbacks, [frozenset({obj})], {}, node, scope)
            handlers = fw.CONSTRUCTOR_HANDLERS.get(fw.SERVER_CLASSES.get(name, ""), {})
            for keyword, role in handlers.items():
                if keyword in keywords:
                    self._register(
                        role, frozenset({obj}), keywords[keyword], node, scope, {}, (),
                        through="constructor",
                    )  # fmt: skip
            return frozenset({obj})
        if any(name.endswith(suffix) for suffix in fw.TOOL_FACTORIES):
            context = (*scope.frame.context, *self._per_element(scope))
            obj = Object(id(node), context, External("fastmcp.tools.FunctionTool"))
            self._keep_fields(obj, keywords)
            if positional:
                self._store(obj, "fn", positional[0])
            return frozenset({obj})
        if name in fw.TOOL_DECORATORS:
            if positional and any(isinstance(v, (Func, Bound, Partial)) for v in positional[0]):
                obj = Object(id(node), scope.frame.context, External("fastmcp.tools.FunctionTool"))
                self._store(obj, "fn", positional[0])
                self._keep_fields(obj, keywords)
                return frozenset({obj})
            context = scope.frame.context
            return frozenset({Decorator("tool-object", Const(None), id(node), context)})
        if name in fw.COLLECTOR_MARKERS:  # `@mcp_tool(name="x")` on a mixin's method
            marker = Decorator("marker", Const(None), id(node), scope.frame.context)
            known = self.decorator_keywords.setdefault((id(node), scope.frame.context, ()), {})
            for key, value in keywords.items():
                known[key] = known.get(key, NOTHING) | value
            if positional and any(isinstance(v, Func) for v in positional[0]):
                return self._apply_decorator(marker, positional, {}, node, scope)  # bare
            return frozenset({marker})
        if name in fw.PROPERTIES and positional:
            # `@property def tools(self)`: the getter, run when an instance's attribute is
            # read (`pool.tools`); `@tools.setter` keeps it (`_container_method`)
            getter = Container(id(node), scope.frame.context, "property")
            self._store(getter, ELEMENT, positional[0])
            return frozenset({getter})
        if name in fw.WRAPPING_DECORATORS:  # wraps(f): a decorator whose result is f
            wrapping = Container(id(node), scope.frame.context, "wraps")
            self._store(wrapping, ELEMENT, positional[0] if positional else {UNKNOWN})
            return frozenset({wrapping})
        if name in fw.RUN_LATER and len(positional) > fw.RUN_LATER[name]:
            # `await asyncio.to_thread(execute, arguments)`: the function runs with the
            # rest of the arguments, and the call's value is what it returns
            at = fw.RUN_LATER[name]
            return self.call(positional[at], positional[at + 1 :], keywords, node, scope)
        if name == "functools.partial" and positional:
            return self._partial(positional, keywords, node, scope)
        if name == "pkgutil.iter_modules" and positional:
            return self._iter_modules(positional, keywords, node, scope)
        if name in paths.PATH_CLASSES and positional:  # `Path(__file__)`
            return self._path_join(positional[0], positional[1:])
        if name in paths.OS_PATH and positional:
            return self._os_path(name, positional, node, scope)
        if name in paths.OS_LISTINGS:
            return self._os_listing(name, positional, node, scope)
        if name in fw.IDENTITY_CALLS:
            index = fw.IDENTITY_CALLS[name]
            return positional[index] if len(positional) > index else frozenset({UNKNOWN})
        if name in fw.ELEMENT_CALLS or name.endswith(".chain"):
            sources = positional[1:] if name == "filter" else positional
            container = Container(id(node), self._literal_context(scope), "list")
            for source in sources:
                self._store(container, ELEMENT, self.elements(source))
            return frozenset({container})
        if name == "dict":
            container = Container(id(node), self._literal_context(scope), "dict")
            for value in positional[:1]:
                for other in value:
                    if isinstance(other, Container) and other.kind != "dict":
                        self._pairs_into(container, self.elements({other}))
                    else:
                        self._merge_dict(container, other)
            for key, value in keywords.items():
                self._store(container, key, value)
                self._store(container, ELEMENT, value)
                self._store(container, KEYS, {Const(key)})
            return frozenset({container})
        if name == "bool" and len(positional) == 1:  # `readOnlyHint=bool(read_only)`
            return frozenset(
                Const(bool(v.value)) if isinstance(v, Const) else Unknown("bool")
                for v in positional[0]
            ) or frozenset({Unknown("bool")})
        if name == "len" and len(positional) == 1:  # of a known text: `name[len("do_"):]`
            return frozenset(
                Const(len(v.value)) if isinstance(v, Const) and isinstance(v.value, str)
                else Unknown("len")
                for v in positional[0]
            )  # fmt: skip
        if name == "getattr" and len(positional) >= 2:
            out: set[Value] = set(positional[2]) if len(positional) > 2 else set()
            for attr in positional[1]:
                if isinstance(attr, Const) and isinstance(attr.value, str):
                    for owner in positional[0]:
                        if not self._lacks(owner, attr.value):
                            out.update(self.attribute(owner, attr.value))
                else:
                    for owner in positional[0]:
                        out.update(self._any_attribute(owner))
            return frozenset(out)
        if name == "issubclass" and len(positional) >= 2:
            return frozenset(self._issubclass(c, b) for c in positional[0] for b in positional[1])
        if name == "inspect.getmembers" and positional:
            # (name, value) for every global of a package module, every attribute of a
            # package class, every attribute of an instance (its methods bound), that
            # its predicate keeps (`inspect.isfunction`, `inspect.ismethod`); another
            # predicate keeps all. In name order, as `getmembers` gives them.
            members = Container(id(node), scope.frame.context, "list")
            kinds = _member_kinds(positional[1] if len(positional) > 1 else NOTHING)
            index = 0
            for held in positional[0]:
                listed = self._members(held)
                if listed is None:
                    self._store(members, ELEMENT, {UNKNOWN})
                    continue
                for member, got in listed:
                    if kinds is not None:
                        got = frozenset(v for v in got if _member_kept(v, kinds))
                        if not got:
                            continue
                    index += 1
                    pair = Container(id(node), (*scope.frame.context, index), "tuple")
                    self._store(pair, 0, {Const(member)})
                    self._store(pair, 1, got)
                    self._store(members, ELEMENT, {pair})
            return frozenset({members})
        if name == "setattr" and len(positional) >= 3:
            for owner in positional[0]:
                for attr in positional[1]:
                    if isinstance(attr, Const) and isinstance(attr.value, str):
                        self._store_attribute(owner, attr.value, positional[2])
                    elif isinstance(owner, (Object, Class)):
                        self._store(owner, ATTRIBUTES, positional[2])
            return frozenset({Const(None)})
        if name.endswith("importlib.import_module") or name == "__import__":
            # `__import__(f"{__name__}.{name}", fromlist=["*"])` loads the module as
            # `import_module` does (without a fromlist it gives the top package; what
            # matters here is that the module runs)
            out = set()
            package = NOTHING if name == "__import__" else (
                positional[1] if len(positional) > 1 else keywords.get("package", NOTHING)
            )
            self.loads_read_in.add(scope.module.path)
            for target in positional[0] if positional else keywords.get("name", NOTHING):
                found = list(_absolute(target, package))
                if not found:
                    self.loads_unread = True
                for dotted in found:
                    module = self.modules.get(dotted)
                    self.loaded_by_name.add(dotted)
                    out.add(module if module is not None else External(dotted))
            return frozenset(out) or frozenset({UNKNOWN})
        if name == "dataclasses.replace" and positional:
            out = set()
            for original in positional[0]:
                if isinstance(original, Object):
                    copy = Object(id(node), scope.frame.context, original.cls)
                    for field_name, values in list(self.heap.get(original, {}).items()):
                        if isinstance(field_name, str) and field_name not in keywords:
                            self._store(copy, field_name, values)
                    self._keep_fields(copy, keywords)
                    out.add(copy)
            return frozenset(out) or frozenset({UNKNOWN})
        typed = dependencies.returned(name)
        if typed is not None:  # an installed dependency's factory, by its annotation
            made = self._typed(typed, node, scope)
            if made is not None:
                return made
        return frozenset({Unknown(f"{name}()")})

    def _typed(
        self, typed: dependencies.Returned, node: cst.CSTNode, scope: Scope
    ) -> Values | None:
        """The value a dependency's return annotation says a call gives: a server of a
        framework class, or a tuple holding one; None when it names no server."""
        if isinstance(typed, str):
            if typed not in fw.SERVER_CLASSES:
                return None
            return self._call_external(External(typed), [], {}, node, scope)
        items = [self._typed(item, node, scope) if item else None for item in typed]
        if all(item is None for item in items):
            return None
        made = Container(id(node), scope.frame.context, "tuple")
        for index, item in enumerate(items):
            self._store(made, index, item if item is not None else {UNKNOWN})
        return frozenset({made})

    def _partial(
        self, positional: Sequence[Values], keywords: dict[str, Values], node: cst.CSTNode,
        scope: Scope,
    ) -> Values:
        """`functools.partial(f, *args, **kw)`: one Partial per callee, its arguments kept."""
        out: set[Value] = set()
        for function in positional[0]:
            made = Partial(function, id(node), scope.frame.context, len(positional) - 1)
            for index, value in enumerate(positional[1:]):
                self._store(made, index, value)
            for key, value in keywords.items():
                self._store(made, key, value)
            out.add(made)
        return frozenset(out) or frozenset({UNKNOWN})

    def _os_path(
        self, name: str, positional: Sequence[Values], node: cst.CSTNode, scope: Scope
    ) -> Values:
        """`os.path.dirname(__file__)`, `os.path.join(here, "tools")`,
        `os.path.splitext(entry)` (a tuple) of known texts."""
        out: set[Value] = set()
        for combo in itertools.islice(itertools.product(*positional), MAX_VALUES):
            texts = [c.value if isinstance(c, Const) else None for c in combo]
            value = paths.os_path(name, texts)
            if isinstance(value, tuple):
                pair = Container(id(node), self._literal_context(scope), "tuple")
                for index, item in enumerate(value):
                    self._store(pair, index, {Const(item)})
                    self._store(pair, ELEMENT, {Const(item)})
                out.add(pair)
            elif value is not None:
                out.add(Const(value))
            else:
                out.add(Unknown(f"{name}()"))
        return frozenset(out) or frozenset({Unknown(f"{name}()")})

    def _os_listing(
        self, name: str, positional: Sequence[Values], node: cst.CSTNode, scope: Scope
    ) -> Values:
        """`os.listdir(folder)` (the entries' names) and `glob.glob(pattern)` (their
        paths as texts) of a folder of the project, read off the file tree."""
        given = positional[0] if positional else frozenset({Const(".")})
        out: set[Value] = set()
        for argument in given:
            text = argument.value if isinstance(argument, Const) else None
            where = paths.as_path(text)
            found = None
            if where is not None and name == "os.listdir":
                found = paths.listing(self.modules.roots, where, "*", False, MAX_LISTED)
            elif where is not None:  # glob.glob("<folder>/*.py")
                found = paths.listing(
                    self.modules.roots, where.parent, where.name, False, MAX_LISTED
                )
            if found is None:
                out.add(Unknown("a folder's files"))
                continue
            out.update(Const(e.name if name == "os.listdir" else str(e)) for e in found)
        return frozenset({self._sequence(node, scope, out)})

    def _iter_modules(
        self, positional: Sequence[Values], keywords: dict[str, Values], node: cst.CSTNode,
        scope: Scope,
    ) -> Values:
        """`pkgutil.iter_modules(__path__)` (or `([folder])`): the package's modules as
        read off the file tree, each a `ModuleInfo` whose `name` (item 1) is its name."""
        prefixes = positional[1] if len(positional) > 1 else keywords.get("prefix", NOTHING)
        names: set[Value] = set()
        for folder in self.elements(positional[0]):
            found = (
                self.modules.submodules(folder.value)
                if isinstance(folder, Const) and isinstance(folder.value, str)
                else None
            )
            if found is None:
                names.add(Unknown("a folder's modules"))
                continue
            for prefix in prefixes or {Const("")}:
                for each in found:
                    if isinstance(prefix, Const) and isinstance(prefix.value, str):
                        names.add(Const(prefix.value + each))
                    else:
                        names.add(Unknown("a prefix"))
        infos: set[Value] = set()
        for listed in names:  # one ModuleInfo per module: a loop over them runs per module
            context = (*scope.frame.context, hash(listed))
            info = Object(id(node), context, External("pkgutil.ModuleInfo"))
            self._store(info, "name", {listed})
            self._store(info, 1, {listed})
            infos.add(info)
        return frozenset({self._sequence(node, scope, infos)})

    def _sink(
        self,
        method: str,
        server: Value,
        positional: Sequence[Values],
        keywords: dict[str, Values],
        node: cst.CSTNode,
        scope: Scope,
    ) -> Values:
        framework = self.framework_of(server.cls) if isinstance(server, Object) else None
        if framework is None:
            return frozenset({UNKNOWN})
        sink = fw.SINKS[framework][method]
        servers = frozenset({server})
        overridden = self._sets_annotations(server, method)
        if overridden and "annotations" not in keywords:
            # the server class's own `tool()` adds `annotations=` the analysis does
            # not read (computed from the tool's name at run time): the tool has them
            keywords = {**keywords, "annotations": frozenset({Unknown(overridden)})}
        if sink.role == "mount":
            if method == "add_provider" and isinstance(server, Object):
                # `mcp.add_provider(FileSystemProvider(folder))`: its folder's tools
                for provider in positional[0] if positional else keywords.get("provider", NOTHING):
                    self._provide(server, provider, node, scope)
            self._mount(server, positional, keywords, method)
            return frozenset({Const(None)})
        if sink.role == "request":  # `add_request_handler("tools/call", Params, fn)`
            requests = positional[0] if positional else keywords.get("method", NOTHING)
            handler = positional[2] if len(positional) > 2 else keywords.get("handler", NOTHING)
            for request in requests:
                role = (
                    fw.REQUEST_ROLES.get(request.value)
                    if isinstance(request, Const) and isinstance(request.value, str)
                    else None
                )
                if role is not None:
                    self._register(role, servers, handler, node, scope, {}, (), through=method)
            return frozenset({Const(None)})
        functions = (
            positional[sink.function]
            if sink.function is not None and len(positional) > sink.function
            else NOTHING
        )
        callable_given = any(
            isinstance(v, (Func, Bound, Object, Class, Partial)) for v in functions
        )
        if callable_given or not sink.decorates:
            self._register(
                sink.role, servers, functions, node, scope, keywords, tuple(positional),
                through=method,
            )  # fmt: skip
            return functions or frozenset({Const(None)})
        name_values = dict(keywords)
        if sink.name_position is not None and len(positional) > sink.name_position:
            name_values.setdefault(sink.name_keyword, positional[sink.name_position])
        iteration = tuple(self.iteration)
        decorator = Decorator(sink.role, server, id(node), scope.frame.context, iteration)
        self.nodes[id(node)] = (node, scope.module)
        known = self.decorator_keywords.setdefault((id(node), scope.frame.context, iteration), {})
        for key, value in name_values.items():
            known[key] = known.get(key, NOTHING) | value
        return frozenset({decorator})

    def _sets_annotations(self, server: Value, method: str) -> str:
        """`Class.method()` when a project class of `server` overrides the framework's
        sink `method` and passes annotations on in it (`kwargs.setdefault("annotations",
        ...)` before `super().tool(*args, **kwargs)`); "" when none does."""
        if not isinstance(server, Object) or not isinstance(server.cls, Class):
            return ""
        key = (id(server.cls.node), method)
        if key not in self.annotating:
            self.annotating[key] = ""
            for each in self.mro(server.cls):
                if not isinstance(each, Class):
                    break
                found = [f for f in self._get(each, method) if isinstance(f, Func)]
                if found:
                    if any(_passes_annotations(f.node) for f in found):
                        self.annotating[key] = f"{each.name}.{method}()"
                    break
        return self.annotating[key]

    def _collect(
        self,
        method: str,
        obj: Value,
        positional: Sequence[Values],
        keywords: dict[str, Values],
        node: cst.CSTNode,
        scope: Scope,
    ) -> Values:
        """`mixin.register_tools(server, prefix, separator)`: every method of the
        instance's class (its own or inherited, the nearest definition winning) that a
        collector's marker decorated is registered on the server, under the marker's
        `name=` or its own name, after `f"{prefix}{separator}"` when a prefix is given;
        not when the marker says `enabled=False`."""
        if not isinstance(obj, Object) or not isinstance(obj.cls, Class):
            return frozenset({UNKNOWN})
        collector = self.collector_of(obj.cls)
        if collector is None:
            return frozenset({UNKNOWN})
        servers = positional[0] if positional else keywords.get("mcp_server", NOTHING)
        prefixes = (
            positional[1] if len(positional) > 1
            else keywords.get("prefix", frozenset({Const(None)}))
        )
        separators = (
            positional[2] if len(positional) > 2
            else keywords.get(collector.methods[method], frozenset({Const(collector.separator)}))
        )
        seen: set[str] = set()
        for cls in self.mro(obj.cls):
            if not isinstance(cls, Class):
                continue
            for attribute, members in list(self.heap.get(cls, {}).items()):
                if not isinstance(attribute, str) or attribute in seen:
                    continue
                seen.add(attribute)
                for member in list(members):
                    if isinstance(member, Func) and self.marks.get(id(member.node)):
                        self._collect_one(
                            member, obj, servers, prefixes, separators, node, scope, method
                        )  # fmt: skip
        return frozenset({Const(None)})

    def _collect_one(
        self,
        member: Func,
        obj: Object,
        servers: Values,
        prefixes: Values,
        separators: Values,
        node: cst.CSTNode,
        scope: Scope,
        method: str,
    ) -> None:
        given: dict[str, Values] = {}
        for key in self.marks[id(member.node)]:
            for keyword, value in self.decorator_keywords.get(key, {}).items():
                given[keyword] = given.get(keyword, NOTHING) | value
        enabled = given.pop("enabled", NOTHING)
        if enabled and all(isinstance(v, Const) and v.value is False for v in enabled):
            return
        names = given.get("name", NOTHING) - {Const(None)} or self.attribute(member, "__name__")
        named: set[Value] = set()
        for prefix in prefixes:
            for name in names:
                if isinstance(prefix, Const) and not prefix.value:
                    named.add(name)
                    continue
                for separator in separators:
                    texts = [
                        p.value for p in (prefix, separator, name)
                        if isinstance(p, Const) and isinstance(p.value, str)
                    ]  # fmt: skip
                    named.add(Const("".join(texts)) if len(texts) == 3 else UNKNOWN)
        self._register(
            "tool", servers, frozenset({Bound(member, obj)}), node, scope,
            {**given, "name": frozenset(named)}, (), through=method,
            distinct=(member,),
        )  # fmt: skip

    def _apply_decorator(
        self,
        decorator: Decorator,
        positional: Sequence[Values],
        keywords: dict[str, Values],
        node: cst.CSTNode,
        scope: Scope,
    ) -> Values:
        functions = positional[0] if positional else NOTHING
        given = self.decorator_keywords.get(
            (decorator.call, decorator.context, decorator.iteration), {}
        )
        if decorator.sink == "marker":
            for function in functions:
                if isinstance(function, Func):
                    key = (decorator.call, decorator.context, decorator.iteration)
                    if key not in self.marks[id(function.node)]:
                        self.marks[id(function.node)].add(key)
                        self.changed = True
            return functions
        if decorator.sink == "tool-object":
            obj = Object(decorator.call, decorator.context, External("fastmcp.tools.FunctionTool"))
            self._store(obj, "fn", functions)
            self._keep_fields(obj, given)
            return frozenset({obj})
        self._register(
            decorator.sink,
            frozenset({decorator.server}),
            functions,
            node,
            scope,
            given,
            (),
            call_id=decorator.call,
            context=decorator.context,
            through="decorator",
        )
        return functions

    def _register(
        self,
        role: str,
        servers: Values,
        handlers: Values,
        node: cst.CSTNode,
        scope: Scope,
        keywords: dict[str, Values],
        positional: tuple[Values, ...],
        call_id: int | None = None,
        context: Context | None = None,
        through: str = "",
        distinct: tuple[Value, ...] = (),
    ) -> None:
        call = call_id if call_id is not None else id(node)
        if call not in self.nodes:
            self.nodes[call] = (node, scope.module)
        ctx = context if context is not None else scope.frame.context
        key = (call, ctx, role, (*self.iteration, *distinct))
        existing = self.registrations.get(key)
        if existing is None:
            existing = Registration(
                role, NOTHING, NOTHING, call, scope.module, ctx, {}, (), through
            )
            self.registrations[key] = existing
            self.changed = True
        merged_servers = existing.server | servers
        merged_handlers = existing.handler | handlers
        if merged_servers != existing.server or merged_handlers != existing.handler:
            self.changed = True
        existing.server, existing.handler = merged_servers, merged_handlers
        if role in ("list-tools", "call-tool"):  # the framework calls it: read its body
            for handler in handlers:
                if isinstance(handler, Func) and id(handler.node) not in self.relevant:
                    self.relevant.add(id(handler.node))
                    self.changed = True
        for name, value in keywords.items():
            before = existing.keywords.get(name, NOTHING)
            if not value <= before:
                existing.keywords[name] = before | value
                self.changed = True
        if positional and not existing.positional:
            existing.positional = positional

    def _mount(
        self, parent: Value, positional: Sequence[Values], keywords: dict[str, Values], method: str
    ) -> None:
        servers: set[Value] = set()
        prefixes: set[str] = set()
        for values in (*positional, *keywords.values()):
            for value in values:
                if isinstance(value, Object) and self.framework_of(value.cls):
                    servers.add(value)
                elif isinstance(value, Const) and isinstance(value.value, str):
                    prefixes.add(value.value)
        for child in servers:
            for prefix in prefixes or {""}:
                entry = (parent, child, prefix)
                if entry not in self.mounts:
                    self.mounts.add(entry)
                    self.changed = True

    # --- queries for the readers ---

    def returned(self, function: Func) -> Values:
        out: set[Value] = set()
        for context in self.frames.get(id(function.node), set()) | {()}:
            out.update(self.returns.get(Frame(id(function.node), context), ()))
        return frozenset(out)

    def hand_written(self) -> None:
        """After the fixpoint: the functions that test a request's method against
        "tools/list" or "tools/call" (`if method == "tools/list":`, `case ...`), each a
        hand-written server's handler of both requests, on a server placed at it."""
        answering: list[tuple[int, Func, cst.CSTNode]] = []
        for key in sorted(self.protocol_defs, key=lambda k: self._def_names.get(k, "")):
            function = self.functions.get(key)
            if function is None or not isinstance(function.node, cst.FunctionDef):
                continue
            test = _method_test_node(function.node)
            if test is not None:
                answering.append((key, function, test))
        if answering or self.tables:
            # Read with an allowance of its own, one tenth of the package's budget for all
            # its answers: a fixpoint that spent the budget elsewhere still has them read.
            self.steps = min(self.steps, MAX_STEPS - MAX_STEPS // 10)
            self.work = min(self.work, MAX_WORK - MAX_WORK // 10)
            self.moved = min(self.moved, MAX_MOVED - MAX_MOVED // 10)
        for key, function, test in answering:
            server = Object(key, (), External(fw.HAND_WRITTEN))
            self.nodes[key] = (function.node, function.module)
            scope = Scope(self.module_frame(function.module), function.module, None,
                          frozenset(), None)
            for role in ("list-tools", "call-tool"):
                self._register(
                    role, frozenset({server}), frozenset({function}), test, scope, {}, (),
                    through=fw.HAND_WRITTEN,
                )  # fmt: skip

    def answered(self, handler: Func, tag: int) -> Values:
        """What a hand-written server's handler answers `tools/list` with: the `tools`
        of each `{"tools": [...]}` it builds while it runs for that request (returned,
        sent or kept), every branch for another method left out."""
        request = self._request("tools/list", None, tag)
        answers = self._answering(handler, "tools/list", request, tag, [])
        return frozenset().union(*(self._get(answer, "tools") for answer in answers))

    def _request(self, method: str, name: Value | None, tag: int) -> Container:
        """A request as a hand-written server parses it: `{"method": ..., "params":
        {"name": ..., "arguments": ...}}`, its params' fields on it too (a handler given
        the params alone)."""
        request = Container(-1, (tag,), "dict")
        params = Container(-2, (tag,), "dict")
        self.heap[request]["method"] = {Const(method)}
        self.heap[request]["jsonrpc"] = {Const("2.0")}
        self.heap[request]["id"] = {UNKNOWN}
        self.heap[request]["params"] = {params}
        for each in (request, params):
            self.heap[each]["name"] = {name if name is not None else UNKNOWN}
            self.heap[each]["arguments"] = {ARGUMENTS}
            self.heap[each][ELEMENT] = {UNKNOWN}
            self.requests.add(each)
        return request

    def _answering(
        self, handler: Func, method: str, request: Value, tag: int, invoked: list[Invoked],
        name: Value = UNKNOWN,
    ) -> list[Container]:
        """Run a hand-written server's handler for one request in a context of its own:
        a parameter named for the method gets it, the others the request."""
        frame = Frame(id(handler.node), (tag,))
        params = [
            p.name.value for p in (*handler.node.params.posonly_params, *handler.node.params.params)
        ]
        owner = self._owning_class(handler)
        if owner is not None and params:
            self.locals[frame][params.pop(0)] = {Object(0, (), owner)}
        for param in params:
            self.locals[frame][param] = {Const(method)} if param == "method" else {request}
        saved = (self.changed, self.evaluated, self.protocol, self.request, self.answers)
        self.protocol, self.request = method, request
        answers: list[Container] = []
        try:
            # Rounds until nothing grows, as the fixpoint's: a method called on each of
            # several receivers in one comprehension (`[t.definition() for t in TOOLS]`)
            # gives what every receiver makes only once they are all bound.
            for _ in range(MAX_ANSWER_ROUNDS):
                run: list[Invoked] = []
                self.changed, self.evaluated, self.answers = False, self._modules_run(), []
                self.dispatch = (tag, run, name)
                self._enter(handler, frame)
                answers = self.answers
                if not self.changed or self.exhausted():
                    break
            invoked.extend(run)
        finally:
            self.dispatch = None
            self.changed, self.evaluated, self.protocol, self.request, self.answers = saved
        return answers

    def _modules_run(self) -> set[Frame]:
        """The module bodies evaluated already: a call handler run for one tool runs its
        functions again, in a context of their own, but no module body (a module is run
        once; run again, it would allocate its objects again, and past MAX_SITE_CONTEXTS
        of those one object shared by every context would mix all tools' handlers)."""
        return {frame for frame in self.evaluated if frame.owner in self.module_ids}

    def dispatched(
        self, handler: Func, tool: str, tag: int, hand_written: bool = False
    ) -> list[Invoked]:
        """The functions a call handler invokes when called for `tool`: its name
        parameter bound to that one name, every branch that tests it against another
        name left out. A hand-written server's handler is run answering `tools/call`
        for that name."""
        frame = Frame(id(handler.node), (tag,))
        name = Const(tool)
        if hand_written:
            answered: list[Invoked] = []
            self._answering(handler, "tools/call", self._request("tools/call", name, tag),
                            tag, answered, name)  # fmt: skip
            return answered
        params = [
            p.name.value for p in (*handler.node.params.posonly_params, *handler.node.params.params)
        ]
        owner = self._owning_class(handler)
        if owner is not None and params:
            self.locals[frame][params.pop(0)] = {Object(0, (), owner)}
        request = Object(-tag, (), External("mcp.types.CallToolRequestParams"))
        self.heap[request]["name"] = {name}
        self.heap[request]["arguments"] = {ARGUMENTS}
        if params:
            first = params[0]
            self.locals[frame][first] = (
                {name}
                if first in ("name", "tool", "tool_name")
                or len(params) > 1
                and first not in ("ctx", "context")
                else {request}
            )
            for other in params[1:]:
                self.locals[frame][other] = (
                    {request} if other in ("params", "request")
                    else {ARGUMENTS} if {name} == self.locals[frame][first]
                    else {UNKNOWN}
                )  # fmt: skip
        invoked: list[Invoked] = []
        saved_changed, saved_evaluated = self.changed, self.evaluated
        self.dispatch, self.evaluated = (tag, invoked, name), self._modules_run()
        try:
            self._enter(handler, frame)
        finally:
            self.dispatch, self.evaluated, self.changed = None, saved_evaluated, saved_changed
        return invoked

    def field(self, obj: Value, name: object) -> Values:
        return self._get(obj, name)

    def _get(self, owner: Value, key: object) -> Values:
        found = self.heap.get(owner)
        if not found:
            return NOTHING
        values = found.get(key)
        return frozenset(values) if values else NOTHING


class _ClassScope(Scope):
    """A class body: its names are the class's attributes."""

    cls: Class

    @classmethod
    def of(cls, scope: Scope, owner: Class) -> _ClassScope:
        made = cls(scope.frame, scope.module, None, frozenset(), scope.parent)
        made.cls = owner
        return made


def _method_test_node(function: cst.FunctionDef) -> cst.CSTNode | None:
    """The first test in `function`'s own body (not its nested functions' or classes')
    of a value against "tools/list" or "tools/call": a comparison, or a `case` of a
    `match`."""
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue  # its own tests make it a handler of its own
        stack.extend(reversed(children(node)))
        if isinstance(node, cst.Comparison):
            parts = [node.left, *(c.comparator for c in node.comparisons)]
        elif isinstance(node, cst.MatchValue):
            parts = [node.value]
        else:
            continue
        for part in parts:
            strings = [part] if isinstance(part, cst.SimpleString) else [
                e.value for e in part.elements if isinstance(e.value, cst.SimpleString)
            ] if isinstance(part, (cst.Tuple, cst.List, cst.Set)) else []
            for string in strings:
                assert isinstance(string, cst.SimpleString)
                if string.evaluated_value in fw.REQUEST_ROLES:
                    return node
    return None


def _methods_named(values: Iterable[Value]) -> frozenset[str]:
    """The protocol's request methods `values` are, when they are all of them."""
    texts = set()
    for value in values:
        if not (
            isinstance(value, Const)
            and isinstance(value.value, str)
            and fw.is_protocol_method(value.value)
        ):
            return frozenset()
        texts.add(value.value)
    return frozenset(texts)


def _all_constants(values: Values) -> bool:
    return bool(values) and all(isinstance(v, Const) for v in values)


def _passes_annotations(function: cst.FunctionDef | cst.Lambda) -> bool:
    """Whether a function passes `annotations` on: as a call's keyword, or as a key it
    sets (`options.setdefault("annotations", ...)`, `kwargs["annotations"] = ...`)."""
    for node in walk(function):
        if isinstance(node, cst.Arg) and node.keyword is not None:
            if node.keyword.value == "annotations":
                return True
        elif isinstance(node, cst.SimpleString) and node.evaluated_value == "annotations":
            return True
    return False


def _class_statements(node: cst.ClassDef) -> Sequence[cst.CSTNode]:
    body = node.body
    return body.body if isinstance(body, cst.IndentedBlock) else ()


def _dotted(node: cst.BaseExpression | cst.CSTNode) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def _absolute(target: Value, package: Values) -> Iterator[str]:
    """The module `import_module(target, package)` names: relative to each package."""
    if not isinstance(target, Const) or not isinstance(target.value, str):
        return
    name = target.value
    if not name.startswith("."):
        yield name
        return
    dots = len(name) - len(name.lstrip("."))
    for base in package:
        if isinstance(base, Const) and isinstance(base.value, str) and base.value:
            parts = base.value.split(".")
            anchor = parts[: len(parts) - (dots - 1)] if dots > 1 else parts
            yield ".".join([*anchor, name[dots:]] if name[dots:] else anchor)


TRUE: Values = frozenset({Const(True)})


def _base_order(value: Value) -> tuple[str, str]:
    """One order for the values a base may be (`Base = A if X else B`), whatever the hash
    seed."""
    if isinstance(value, Class):
        return ("class", f"{value.module.name}.{value.name}")
    return (type(value).__name__, getattr(value, "qualname", ""))


EXITS = (cst.Return, cst.Raise, cst.Continue, cst.Break)


def _leaves(statement: cst.CSTNode) -> bool:
    """A statement that always leaves its block: one ending in return, raise, continue
    or break."""
    return type(statement) is cst.SimpleStatementLine and isinstance(
        statement.body[-1] if statement.body else None, EXITS
    )


def _leaves_suite(suite: cst.BaseSuite) -> bool:
    if isinstance(suite, cst.IndentedBlock):
        return bool(suite.body) and _leaves(suite.body[-1])
    return isinstance(suite, cst.SimpleStatementSuite) and isinstance(suite.body[-1], EXITS)


def _integer(value: Value) -> int | None:
    """A known int (not a bool), else None."""
    if isinstance(value, Const) and type(value.value) is int:
        return value.value
    return None


# str methods taking one text (or, for the first two, a tuple of texts), told exactly.
STRING_TESTS = ("startswith", "endswith", "removeprefix", "removesuffix")


def _texts(argument: Value, elements: Values) -> str | tuple[str, ...] | None:
    """A text, or a tuple of known texts, as a str method takes it; None when unknown."""
    if isinstance(argument, Const):
        return argument.value if isinstance(argument.value, str) else None
    if isinstance(argument, Container) and argument.kind == "tuple" and elements:
        if all(isinstance(e, Const) and isinstance(e.value, str) for e in elements):
            return tuple(sorted(str(e.value) for e in elements if isinstance(e, Const)))
    return None


_LOGICAL = (cst.BooleanOperation, cst.UnaryOperation)


def _is_false(test: cst.BaseExpression, value: Values) -> bool:
    if isinstance(test, cst.Name) and test.value == "TYPE_CHECKING":
        return True
    if isinstance(test, cst.Comparison) and _dotted(test.left) == "__name__":
        return False  # `if __name__ == "__main__":` any module may be run
    if isinstance(test, cst.Attribute) and test.attr.value == "TYPE_CHECKING":
        return True
    return value == frozenset({Const(False)})


def _is_async(function: Func) -> bool:
    node = function.node
    return isinstance(node, cst.FunctionDef) and node.asynchronous is not None


def _class_var(statement: cst.AnnAssign) -> bool:
    annotation = statement.annotation.annotation
    base = annotation.value if isinstance(annotation, cst.Subscript) else annotation
    return _dotted(base).rsplit(".", 1)[-1] == "ClassVar"


def _alias(value: cst.BaseExpression | None) -> str | None:
    """`Field(alias="from")`'s alias: the name pydantic's schema gives the field."""
    if not isinstance(value, cst.Call) or _dotted(value.func).rsplit(".", 1)[-1] != "Field":
        return None
    for arg in value.args:
        if arg.keyword is not None and arg.keyword.value in ("alias", "serialization_alias"):
            if isinstance(arg.value, cst.SimpleString):
                text = arg.value.evaluated_value
                return text if isinstance(text, str) else None
    return None


def _forbids_extra(statement: cst.Assign) -> bool:
    """`model_config = ConfigDict(extra="forbid")` (or a dict of the same)."""
    target = statement.targets[0].target
    if not (isinstance(target, cst.Name) and target.value == "model_config"):
        return False
    value = statement.value
    pairs: list[tuple[str, cst.BaseExpression]] = []
    if isinstance(value, cst.Call):
        pairs = [(a.keyword.value, a.value) for a in value.args if a.keyword is not None]
    elif isinstance(value, cst.Dict):
        pairs = [
            (e.key.evaluated_value, e.value) for e in value.elements
            if isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)
            and isinstance(e.key.evaluated_value, str)
        ]  # fmt: skip
    return any(
        key == "extra" and isinstance(v, cst.SimpleString) and v.evaluated_value == "forbid"
        for key, v in pairs
    )


def _decorated_as(function: Func, decorator: str) -> bool:
    """Whether a method is a `staticmethod` or a `classmethod`, by its decorator."""
    node = function.node
    return isinstance(node, cst.FunctionDef) and any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == decorator
        for d in node.decorators
    )


# `inspect.getmembers(module, predicate)`: the values a known predicate keeps (for
# `iscoroutinefunction`, functions, of which a test keeps the `async def` ones).
COROUTINE_KINDS: tuple[type, ...] = (Func,)
MEMBER_PREDICATES: dict[str, tuple[type, ...]] = {
    "inspect.isfunction": (Func,),
    "inspect.iscoroutinefunction": COROUTINE_KINDS,
    "asyncio.iscoroutinefunction": COROUTINE_KINDS,
    "inspect.isroutine": (Func, Bound),
    "inspect.ismethod": (Bound,),
    "inspect.isclass": (Class,),
}


def _member_kept(value: Value, kinds: tuple[type, ...]) -> bool:
    """Whether a predicate of these kinds keeps the value: `iscoroutinefunction` an
    `async def` only, bound to an instance or not."""
    if kinds is COROUTINE_KINDS:
        function = value.function if isinstance(value, Bound) else value
        return isinstance(function, Func) and _is_async(function)
    return isinstance(value, kinds)


def _member_kinds(predicates: Values) -> tuple[type, ...] | None:
    """The value kinds `inspect.getmembers` keeps with these predicates; None when one of
    them is not known (no predicate, a lambda, a project function): every member."""
    kinds: list[type] = []
    for predicate in predicates:
        known = (
            MEMBER_PREDICATES.get(predicate.qualname) if isinstance(predicate, External) else None
        )
        if known is None:
            return None
        kinds.extend(known)
    return tuple(kinds) or None


def _passes_parameter(node: cst.CSTNode, function: Func) -> bool:
    """Whether a call hands on a parameter of the function it is made in, as written
    (`_annotations(title, paid)` in `def tool(name, title, paid=False)`)."""
    if not isinstance(node, cst.Call) or not node.args:
        return False
    names = parameter_names(function.node)
    return any(isinstance(a.value, cst.Name) and a.value.value in names for a in node.args)


def _passes_function(positional: Sequence[Values], keywords: dict[str, Values]) -> bool:
    """Whether a call hands over a function of the package (a wrapper's argument)."""
    return any(
        isinstance(value, (Func, Bound, Partial))
        for values in (*positional, *keywords.values())
        for value in values
    )


def _parameter_holding(
    function: Func, value: Value, positional: Sequence[Values], keywords: dict[str, Values]
) -> str:
    """The parameter of `function` a call binds `value` to, "" if none."""
    params = function.node.params
    for param, given in zip((*params.posonly_params, *params.params), positional):
        if value in given:
            return param.name.value
    return next((k for k, given in keywords.items() if value in given), "")


def _local_names(node: cst.FunctionDef | cst.Lambda) -> frozenset[str]:
    """Names a function binds: its parameters and every name it assigns (not nested)."""
    params = node.params
    names = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    if isinstance(node, cst.FunctionDef):
        names.update(_assigned(node.body))
    return frozenset(names)


def _framework_bindings(node: cst.Import | cst.ImportFrom) -> Iterator[str]:
    """The other names an import gives a framework's server or tool classes
    (`from fastmcp import FastMCP as Server`)."""
    if not isinstance(node, cst.ImportFrom) or node.module is None:
        return
    module = _dotted(node.module)
    module = fw.unvendored(module) or ("" if node.relative else module)
    if module.split(".")[0] not in fw.PACKAGES:
        return
    if isinstance(node.names, cst.ImportStar):
        return
    for alias in node.names:
        if _dotted(alias.name) not in fw.RELEVANT_NAMES:
            continue
        if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
            yield alias.asname.name.value
        else:
            yield _dotted(alias.name)  # `from fastmcp.tools import tool`: `tool(fn)`


@functools.lru_cache(maxsize=4096)
def _string(raw: str) -> Values:
    """A string literal's value, from its text as written (evaluated once per text)."""
    try:
        return frozenset({Const(ast.literal_eval(raw))})
    except (ValueError, SyntaxError, MemoryError, RecursionError):  # an invalid escape
        return frozenset({UNKNOWN})


# How `Engine.eval` evaluates each kind of expression; any other is Unknown.
_EVALUATORS: dict[type[cst.CSTNode], Callable[[Engine, Any, Scope], Values]] = {
    cst.Name: Engine._name,
    cst.Attribute: Engine._attribute_node,
    cst.Call: Engine._call_node,
    cst.SimpleString: Engine._simple_string,
    cst.ConcatenatedString: Engine._concatenated,
    cst.Integer: Engine._integer,
    cst.FormattedString: Engine._fstring,
    cst.List: Engine._display,
    cst.Tuple: Engine._display,
    cst.Set: Engine._display,
    cst.Dict: Engine._dict,
    cst.ListComp: Engine._comprehended,
    cst.SetComp: Engine._comprehended,
    cst.GeneratorExp: Engine._comprehended,
    cst.DictComp: Engine._comprehended,
    cst.Subscript: Engine._subscript,
    cst.BinaryOperation: Engine._binary_node,
    cst.BooleanOperation: Engine._boolean,
    cst.Yield: Engine._yield,
    cst.IfExp: Engine._if_expression,
    cst.NamedExpr: Engine._named,
    cst.Lambda: Engine._lambda,
    cst.Await: Engine._await,
    cst.UnaryOperation: Engine._unary,
    cst.Comparison: Engine._compare,
}


def _assigned(root: cst.CSTNode) -> Iterator[str]:
    stack: list[cst.CSTNode] = children(root)
    while stack:
        node = stack.pop()
        kind = type(node)  # by class: see Engine.eval
        if kind is cst.FunctionDef or kind is cst.ClassDef:
            yield cast("cst.FunctionDef | cst.ClassDef", node).name.value
            continue
        if kind is cst.Lambda:
            continue
        target = _BINDING_TARGETS.get(kind)
        if target is not None:
            yield from _target_names(getattr(node, target))
        elif kind is cst.ImportAlias:
            alias = cast(cst.ImportAlias, node)
            yield (
                alias.asname.name.value
                if alias.asname and isinstance(alias.asname.name, cst.Name)
                else _dotted(alias.name).split(".")[0]
            )
        elif kind is cst.MatchAs:
            name = cast(cst.MatchAs, node).name
            if name is not None:
                yield name.value
        stack.extend(children(node))


# The nodes that bind names, and the field holding what they bind.
_BINDING_TARGETS: dict[type[cst.CSTNode], str] = {
    cst.AssignTarget: "target",
    cst.AnnAssign: "target",
    cst.AugAssign: "target",
    cst.For: "target",
    cst.CompFor: "target",
    cst.AsName: "name",
    cst.NamedExpr: "target",
}


def _target_names(node: cst.CSTNode) -> Iterator[str]:
    if isinstance(node, cst.Name):
        yield node.value
    elif isinstance(node, (cst.Tuple, cst.List)):
        for element in node.elements:
            yield from _target_names(element.value)
    elif isinstance(node, cst.StarredElement):
        yield from _target_names(node.value)
