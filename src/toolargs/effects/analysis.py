"""What a handler's call tree writes, with evidence: one summary per function.

A function's summary lists its write effects (each with the call, where it is and the
chain of functions that leads there), the writes that depend on one of its parameters
(`subprocess.run(["git", *args])`, `client.request(method, url)`: decided at each call
site from the arguments given), and whether every call in it was followed or is known
not to write. Calls into the project are followed through a resolver the caller passes
in (`Project`), to a bounded depth; summaries are computed once per function and reused;
a call back into a function being analysed adds nothing (cycles are safe).

What counts as a write is the catalogue's business (`toolargs.effects.catalogue`).
"""

from __future__ import annotations

import functools
import itertools
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Protocol, Sequence, Union

import libcst as cst

from toolargs.discovery.literals import (
    argument_at, called_later, dict_get, dotted_name, keyword, last_name, snippet,
    string_value,
)
from toolargs.discovery.signature import is_abstract
from toolargs.discovery.syntax import statements_of
from toolargs.discovery.walk import children, walk
from toolargs.effects import catalogue as cat
from toolargs.effects.space import (
    Argument,
    Own,
    Place,
    Spaces,
    combine,
    is_none,
    parameter_default,
)
from toolargs.config import DEFAULT_MUTATION_VERBS
from toolargs.mode import ACTION_VERBS, STATE_VERBS, name_verb

MAX_DEPTH = 6  # calls followed below a handler; deeper calls count as unresolved


@dataclass(eq=False)
class Function:
    """Code to analyse: a function (or a dispatcher branch body) and where it lives."""

    node: cst.CSTNode  # a FunctionDef, or a block
    label: str  # "delete_note", "NoteStore.delete"
    path: str  # its file, for evidence
    context: object = None  # what the resolver needs to resolve calls made in it
    key: tuple[int, ...] = ()  # identity for memoising; id(node) when empty

    @property
    def memo_key(self) -> tuple[int, ...]:
        return self.key or (id(self.node),)


class Project(Protocol):
    """What the analysis asks of the project index."""

    def resolve(self, call: cst.Call, caller: Function) -> Function | None:
        """The project function `call` runs, or None (a library, or not resolvable)."""

    def qualify(self, name: str, caller: Function) -> str:
        """`os.remove` for `remove` after `from os import remove`; `name` otherwise."""

    def lines(self, sites: Sequence[tuple[cst.CSTNode, Function]]) -> dict[int, int]:
        """The 1-based line of each node (by id), each in its function's module."""

    def attribute_type(self, attribute: cst.Attribute, caller: Function) -> str:
        """What `self.<name>` is built as or annotated with in the caller's class, as a
        qualified name (`asyncio.Queue`; `str` for a string literal); "" when unknown."""

    def origin(
        self, expr: cst.BaseExpression, caller: Function
    ) -> tuple[cst.BaseExpression, Function] | None:
        """The value a module constant or a `self` attribute is bound to, and the code
        whose names that value uses; None when it is not one."""

    def is_class(self, expr: cst.BaseExpression, caller: Function) -> bool:
        """Whether `expr` names a class of the project (`BrokerRequest`, `models.Job`)."""

    def imported_from_project(self, name: str, caller: Function) -> bool:
        """Whether the name a call starts with is imported from a module of the project
        (`from .tools import create_task`): then it is the project's, not a library's."""

    def member(
        self, expr: cst.BaseExpression, name: str, caller: Function
    ) -> tuple[cst.BaseExpression, Function] | None:
        """The value an object built in the caller from a project class has for its
        attribute `name` (a constructor keyword, or the class body through its bases)."""


@dataclass(frozen=True)
class Param:
    """A parameter of the function holding a call, standing for its value."""

    name: str
    spread: bool = False  # `*args` in a command list
    attr: str = ""  # `request.method`: an attribute of the parameter's value


Opaque = None  # a value the checker cannot read
Part = Union[str, Param, None]


@dataclass(frozen=True)
class Template:
    """The value deciding a write: a string in pieces, or a command line item by item."""

    parts: tuple[Part, ...]
    sequence: bool = False

    @property
    def params(self) -> tuple[Param, ...]:
        return tuple(p for p in self.parts if isinstance(p, Param))


# A branch taken only for some values of the function's parameters: each item is a
# parameter and the literals it equals there (`if action == "set_profile":` ->
# ("action", {"set_profile"})).
Guard = tuple[tuple[str, frozenset[str]], ...]


@dataclass(frozen=True)
class Write:
    kind: str  # filesystem, process, network, sql, git, desktop, call
    text: str  # the call as evidence: "api.delete_file()"
    node: cst.CSTNode
    function: Function  # the function holding the call
    chain: tuple[str, ...]  # functions from the summarised one down to `function`
    certain: bool = True  # False: may write (SQL or a command that is not a literal)
    why: str = ""
    from_arguments: bool = False  # decided by the tool's own arguments
    guard: Guard = ()  # the branch of the summarised function it is in
    # The call of each function of `chain` that leads to the next (its site, and the
    # function holding it), for the evidence: `check_alerts (server.py:55) -> _save`.
    calls: tuple[tuple[cst.CSTNode, Function], ...] = ()
    # The parameter of the summarised function whose value says where the write goes:
    # no write when the caller gives it scratch space (`_save(CACHE / "x.json", data)`),
    # and `otherwise` where it goes when the caller gives None (`path or CACHE_FILE`).
    place: str = ""
    otherwise: bool | Own | None = None
    # What of the server's own state it maintains ("credentials", "a log", "sets up a
    # folder"): not a change the tool makes, unless `place` says the tool's arguments
    # decide where it goes (docs/effects.md).
    own: str = ""
    # The call's arguments carry the summarised function's parameters: in a handler, the
    # tool's arguments. An object of the server's own the handler itself writes with them
    # (`cache.touch(key, seconds)` on a cache server's client) is what the tool is for.
    given: bool = False
    # The parameters of the summarised function whose values make up the folder a set-up
    # creates (`ROOT / session_id`) or the request an HTTP call sends: in a handler, the
    # tool's arguments.
    carries: tuple[str, ...] = ()

    @property
    def own_state(self) -> bool:
        return (
            bool(self.own)
            and not self.place
            and not self.carries
            and not (self.given and len(self.chain) == 1)
        )


@dataclass(frozen=True)
class Pending:
    """A write decided by the value a caller passes for one of the parameters."""

    kind: str
    text: str
    node: cst.CSTNode
    function: Function
    chain: tuple[str, ...]
    template: Template
    guard: Guard = ()
    calls: tuple[tuple[cst.CSTNode, Function], ...] = ()
    # An HTTP request's URL, when its method is what the caller decides
    address: Template | None = None


@dataclass
class Summary:
    writes: list[Write] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    complete: bool = True  # every call followed or known not to write
    state: bool = False  # changes objects that outlive the call (module or `self` state)
    depth: int = 0  # the depth it was computed at
    truncated: bool = False  # calls were cut at the depth bound: redo it if met higher up

    def unresolved(self) -> None:
        self.complete = False


@dataclass(frozen=True)
class Verdict:
    writes: tuple[Write, ...]
    resolved: bool  # the whole tree followed, no write and no state change


class EffectAnalysis:
    """Summaries of the functions reached from tool handlers, each computed once."""

    def __init__(self, project: Project, catalogue: cat.Catalogue) -> None:
        self.project = project
        self.catalogue = catalogue
        self.memo: dict[tuple[int, ...], tuple[Function, Summary]] = {}
        self.active: set[tuple[int, ...]] = set()
        self.leaves: dict[int, bool] = {}  # def node -> whether its body calls nothing
        self.spaces = Spaces(project)

    def verdict(self, handler: Function) -> Verdict:
        summary = self.summary(handler, 0)
        writes: list[Write] = []
        seen: set[tuple[int, tuple[str, ...]]] = set()
        for write in summary.writes:  # one per call and chain
            key = (id(write.node), write.chain)
            if key not in seen:
                seen.add(key)
                writes.append(write)
        for pending in summary.pending:  # the tool's arguments decide: may write
            if pending.kind == "post":  # to an address the caller gives: as before
                own = cat.CREDENTIALS if _requests_credentials(pending.function) else ""
                writes.append(
                    Write("network", pending.text, pending.node, pending.function,
                          pending.chain, certain=False, why="HTTP POST", calls=pending.calls,
                          own=own)
                )
                continue
            writes.append(
                Write(
                    pending.kind, pending.text, pending.node, pending.function,
                    pending.chain, certain=False, why=f"{_what(pending.kind)} from the arguments",
                    from_arguments=True, calls=pending.calls,
                )
            )
        resolved = summary.complete and not summary.state and not writes
        return Verdict(tuple(writes), resolved)

    def known_past_bound(self, function: Function) -> bool:
        """Whether a function reached past the depth bound is read all the same: one
        already summarised in full (reached higher up by another path), or one that calls
        nothing, whose body is all there is to read (`_reset_state()` clearing its
        object's fields)."""
        cached = self.memo.get(function.memo_key)
        if cached is not None and not cached[1].truncated:
            return True
        key = id(function.node)
        if key not in self.leaves:
            node = function.node
            self.leaves[key] = isinstance(node, cst.FunctionDef) and not any(
                isinstance(each, cst.Call) for each in walk(node.body)
            )
        return self.leaves[key]

    def summary(self, function: Function, depth: int) -> Summary:
        key = function.memo_key
        cached = self.memo.get(key)
        if cached is not None and (not cached[1].truncated or cached[1].depth <= depth):
            return cached[1]
        summary = Summary(depth=depth)
        self.active.add(key)
        try:
            _Scan(self, function, summary, depth).run()
        finally:
            self.active.discard(key)
        self.memo[key] = (function, summary)
        return summary


def _what(kind: str) -> str:
    return {
        "sql": "SQL",
        "process": "command",
        "network": "HTTP method",
        "filesystem": "file mode",
    }.get(kind, kind)


class _Scan:
    """One function's body, call by call."""

    def __init__(
        self, analysis: EffectAnalysis, function: Function, summary: Summary, depth: int
    ) -> None:
        self.analysis = analysis
        self.catalogue = analysis.catalogue
        self.project = analysis.project
        self.function = function
        self.summary = summary
        self.depth = depth
        read = _read(function.node)
        self.nodes = read.nodes
        self.params, self.locals, self.values, self.owned, self.made_by = read.bindings
        self.guards = read.guards
        self._rebinding: frozenset[int] | None = None  # see rebinding()
        self.branches: dict[int, Guard] | None = None  # worked out at the first write
        # API operations judged where their request is executed (`...modify().execute()`)
        self.requests: set[int] = set()

    def guard_of(self, site: cst.CSTNode) -> Guard:
        """The literals the parameters equal where `site` runs (`if action == "x":`)."""
        if not self.params:
            return ()
        if self.branches is None:
            self.branches = _branches(self.nodes, self.params)
        return self.branches.get(id(site), ())

    def run(self) -> None:
        for node in self.nodes:
            kind = type(node)
            if kind is cst.Call:
                assert isinstance(node, cst.Call)
                self.call(node, node)
            elif kind is cst.Assign or kind is cst.AugAssign or kind is cst.AnnAssign:
                targets = (
                    [t.target for t in node.targets]  # type: ignore[attr-defined]
                    if kind is cst.Assign
                    else [node.target]  # type: ignore[attr-defined]
                )
                for target in targets:
                    self.store(target)
            elif kind is cst.Del:
                assert isinstance(node, cst.Del)
                self.store(node.target)
        self.scratch_resources()

    # --- what the function undoes itself ---

    def scratch_resources(self) -> None:
        """A resource this function creates and deletes again (`edit_id =
        self._create_edit(app)`, then `self._delete_edit(app, edit_id)` in a `finally`) is
        scratch, like a temporary file: neither call changes anything. What is done with
        it in between (`...commit(editId=edit_id)`) still counts."""
        writes = self.summary.writes
        if len(writes) < 2:
            return
        by_site: dict[int, list[Write]] = {}
        for write in writes:  # the call of this function each write happens through
            site = write.calls[0][0] if write.calls else write.node
            by_site.setdefault(id(site), []).append(write)
        dropped: set[int] = set()
        for node in self.nodes:
            if type(node) is not cst.Assign:
                continue
            assert isinstance(node, cst.Assign)
            target = node.targets[0].target if len(node.targets) == 1 else None
            if not isinstance(target, cst.Name):
                continue
            made = [w for n in _nodes(node.value) for w in by_site.get(id(n), ())]
            if not made or not all(_verb(w) in _CREATES for w in made):
                continue
            receivers = {_receiver(w) for w in made}
            derived = self.derived(target.value)
            for call in self.nodes:
                undone = by_site.get(id(call), [])
                if not undone or type(call) is not cst.Call:
                    continue
                assert isinstance(call, cst.Call)
                if all(_verb(w) in _DELETES and _receiver(w) in receivers for w in undone) and (
                    any(isinstance(n, cst.Name) and n.value in derived
                        for arg in call.args for n in _nodes(arg.value))
                ):
                    dropped.update(id(w) for w in (*made, *undone))
        if dropped:
            self.summary.writes = [w for w in writes if id(w) not in dropped]

    def derived(self, name: str) -> set[str]:
        """`name` and the names bound once from it (`edit = result["id"]`)."""
        found = {name}
        changed = True
        while changed:
            changed = False
            for other, value in self.values.items():
                if other not in found and any(
                    isinstance(n, cst.Name) and n.value in found for n in _nodes(value)
                ):
                    found.add(other)
                    changed = True
        return found

    # --- state outside the call ---

    def store(self, target: cst.BaseExpression) -> None:
        """An assignment to a subscript or attribute of something not local changes state."""
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self.store(element.value)
            return
        if isinstance(target, (cst.Subscript, cst.Attribute)):
            root = _root_name(target)
            if root is None or root not in self.locals:
                self.summary.state = True

    # --- calls ---

    def write(
        self,
        kind: str,
        site: cst.CSTNode,
        text: str,
        certain: bool = True,
        why: str = "",
        place: Place = False,
        own: str = "",
        carries: tuple[str, ...] = (),
    ) -> None:
        """A write effect; none when `place` says it goes to scratch space. `own` says
        what of the server's own state it maintains when its place is not the tool's
        argument (a folder it sets up); a place of the server's own says it too."""
        if place is True:
            return
        text = text or _call_text(site)
        # What a place says is the server's by where it is; an object or a set-up the
        # handler drives with the tool's arguments may be what the tool is for.
        given = bool(own) and not isinstance(place, Own) and self.given(site)
        own = place.reason if isinstance(place, Own) else own
        if not own and kind not in _NEVER_OWN and self.keeps_credentials(site):
            own = cat.CREDENTIALS
        if not own and kind == "network" and _requests_credentials(self.function):
            own = cat.CREDENTIALS  # `request_tokens` POSTing to the OAuth token endpoint
        if not own and kind not in _NEVER_OWN and self.in_cache_class():
            own = _CACHE  # `CandleCache.set_calendar` storing what it fetched
        if not own and kind not in _NEVER_OWN and self.in_log_class():
            own = cat.LOG  # `Audit.record` appending to the server's own audit trail
        if kind == "filesystem" and not isinstance(place, Own) and self.in_lock_function():
            # `_acquire_lock_file(root)` writing its owner record: wherever the caller
            # keeps it, a lock file is the server's
            own, place = cat.LOCK, False
        if not own and kind == "sql" and _named_any(
            _name_words(self.function.label.split(".")[-1]),
            cat.SETUP_FUNCTION_WORDS, cat.SETUP_FUNCTION_PAIRS,
        ):
            own = _SETUP
        if kind == "network" and isinstance(site, cst.Call) and own != _CACHE:
            # What the request carries of the parameters: the same request whatever the
            # tool is given (logging in) is not one the tool sends for its caller. (A
            # cache the server keeps, `cache.delete(key)`, is its own whatever the key.)
            carries = tuple(sorted({n for a in site.args for n in self.carried(a.value)}))
        self.summary.writes.append(
            Write(kind, text, site, self.function, (self.function.label,), certain, why,
                  guard=self.guard_of(site),
                  place=place.name if isinstance(place, Argument) else "",
                  otherwise=place.otherwise if isinstance(place, Argument) else None,
                  own=own, given=given, carries=() if isinstance(place, Own) else carries)
        )

    def in_cache_class(self) -> bool:
        """Whether the function is a method of a class named as a cache (`CandleCache`,
        `ResultsCache`), or a function of a module that is one (`cache.py`,
        `response_cache.py`): what it writes is the cache the server keeps."""
        parts = self.function.label.split(".")
        if len(parts) > 1 and bool(_name_words(parts[-2]) & cat.CACHE_WORDS):
            return True
        # a module that is only a cache (`cache.py`), not a server named for the cache
        # it serves (`kv_cache.py`)
        stem = _name_words(Path(self.function.path).stem)
        return bool(stem) and stem <= cat.CACHE_WORDS | {"caching", "response", "responses"}

    def in_log_class(self) -> bool:
        """Whether the function is a method of a class named as the server's own log
        (`Audit`, `AuditLog`, `Metrics`, `Telemetry`)."""
        parts = self.function.label.split(".")
        return len(parts) > 1 and bool(_name_words(parts[-2]) & cat.OWN_LOG_CLASS_WORDS)

    def in_lock_function(self) -> bool:
        return _lock_function(self.function)

    def keeps_credentials(self, site: cst.CSTNode) -> bool:
        """Whether a local write keeps the server's credentials: a keyring call, or any
        write in a function named for them or in a module named for them."""
        if isinstance(site, cst.Call):
            dotted = dotted_name(site.func)
            qualified = self.project.qualify(dotted, self.function) if dotted else ""
            if qualified.startswith(cat.CREDENTIAL_MODULES):
                return True
        names = (self.function.label.split(".")[-1], Path(self.function.path).stem)
        return any(_credential_words(_name_words(name)) for name in names)

    def place(self, *paths: cst.BaseExpression | None) -> Place:
        """Where the paths a call changes live (`toolargs.effects.space`): True when all
        are scratch space, the parameter that decides it, the server's own state, or
        False."""
        return combine([self.analysis.spaces.place(p, self.function) for p in paths])

    def decide(
        self,
        kind: str,
        site: cst.CSTNode,
        text: str,
        template: Template | None,
        place: Place = False,
        address: Template | None = None,
    ) -> None:
        """A write unless `template` (the mode, method, SQL or command) says it reads.
        `address`: a request's URL, which a caller may give with its method (a POST to
        an endpoint named for a query is a search form)."""
        if template is None or place is True:
            return
        if template.params and _reads(kind, _opaque(template)) is None and (
            _params_decide(kind, template)
        ):
            self.summary.pending.append(
                Pending(kind, text or _call_text(site), site, self.function,
                        (self.function.label,), template, self.guard_of(site),
                        address=address)
            )
            return
        reads = _reads(kind, _opaque(template))
        if reads is True:
            return
        own = ""
        if kind == "sql":
            parts = _opaque(template).parts
            own = _SETUP if _sql_setup(parts) else _sql_own_table(parts)
        self.write(kind, site, text, certain=reads is False, why=_why(kind, template),
                   place=place, own=own)

    def call(self, call: cst.Call, site: cst.CSTNode) -> None:
        func = call.func
        dotted = dotted_name(func)
        last = last_name(func) or ""
        if _com_method(func, last, self.locals):
            last = _CAMEL.sub("_", last).lower()  # `wb.SaveAs(path)`: a COM object's save_as
        qualified = self.project.qualify(dotted, self.function) if dotted else ""
        text = f"{dotted}()" if dotted else ""  # snippets are made for evidence only
        catalogue = self.catalogue
        if catalogue.configured_read_only(qualified, last):
            return
        if catalogue.configured_write(qualified, last):
            self.write("call", site, text)
            return
        if cat.known_read_only(qualified, last) and not (
            # `from .tools import create_task`, `client.create_model(...)` on a project
            # class: the project's function, not asyncio's or pydantic's, and followed
            (
                isinstance(func, cst.Name)
                and self.project.imported_from_project(func.value, self.function)
            )
            or self.project.resolve(call, self.function) is not None
        ):
            return
        if id(call) in self.requests:
            return  # the operation of an API request, judged where it is executed
        if last in cat.API_EXECUTE_METHODS and not call.args and isinstance(func, cst.Attribute):
            if self.api_request(func.value):
                return
        if qualified in cat.FILESYSTEM_CALLS:
            targets = cat.FILESYSTEM_TARGETS.get(qualified)
            paths = (
                [argument_at(call, position, name) for position, name in targets]
                if targets is not None
                else [argument_at(call, 0, "path", "src", "name")]
            )
            folder = qualified in cat.FOLDER_CALLS
            self.write("filesystem", site, text, *_ensured(call), place=self.place(*paths),
                       own=_FOLDER if folder else "",
                       carries=self.carried(paths[0]) if folder else ())
            return
        if qualified in cat.FLAG_OPEN_CALLS:
            flags = argument_at(call, 1, "flags")
            named = {
                node.value if isinstance(node, cst.Name) else string_value(node) or ""
                for node in (_nodes(flags) if flags is not None else ())
                if isinstance(node, (cst.Name, cst.SimpleString))
            }  # `os.O_RDONLY`, and `getattr(os, "O_NONBLOCK", 0)`
            if flags is None or not named & cat.WRITE_OPEN_FLAGS:
                return  # opened to read
            target = argument_at(call, 0, "path")
            self.write("filesystem", site, text, place=self.place(target))
            return
        if qualified in cat.OPEN_CALLS:
            position, name = cat.OPEN_CALLS[qualified]
            target = argument_at(call, 0, "file", "name", "filename", "fileobj")
            self.decide("filesystem", site, text, self.mode_template(call, position, name),
                        self.lock_file(call) or self.place(target))
            return
        if qualified in cat.PROCESS_CALLS:
            self.decide("process", site, text, self.command_template(call, qualified))
            return
        if qualified in cat.DESKTOP_CALLS:  # `pyperclip.copy(text)`, `pyautogui.click()`
            self.write("desktop", site, text, why="acts on the user's desktop")
            return
        if qualified in cat.URLLIB_REQUESTS:
            # `Request(url, data=payload, method="POST")`, sent by `urlopen(req)`: the
            # method it names, else POST when it carries data, else GET.
            method = keyword(call, "method")
            data = argument_at(call, 1, "data")
            if method is not None:
                template = self.template(method, False)
            elif data is not None and not (isinstance(data, cst.Name) and data.value == "None"):
                template = Template(("POST",), False)
            else:
                return
            if not (_posts(template) and self.queries(call, 0, site)):
                self.decide("network", site, text, template)
            return
        if qualified in cat.NETWORK_CALLS:
            post = last == "post"  # often a query (search forms, GraphQL): may write
            if post and self.queries(call, 0, site):
                return
            self.write("network", site, text, certain=not post, why="HTTP POST" if post else "")
            return
        if qualified in cat.GIT_CALLS:
            # A repository made in scratch space (`Repo.clone_from(url, CACHE / name)`,
            # `Repo.init(tmp)`): the server's copy, no change to anything the user owns.
            at = cat.REPOSITORY_AT.get(qualified)
            if qualified == "git.Repo.init":
                at = (0, "path")
            place = self.place(argument_at(call, *at)) if at is not None else False
            self.write("git", site, text, place=place)
            return
        later = called_later(call, qualified or last)
        if later is not None:  # `asyncio.to_thread(f, *args)`: the call of `f` it makes
            self.call(later, site)
            return
        if qualified in cat.PURE_CALLS or qualified.startswith(cat.PURE_MODULES):
            return
        if qualified == "setattr":  # like `obj.name = value`
            root = _root_name(call.args[0].value) if call.args else None
            if root is None or root not in self.locals:
                self.summary.state = True
            return
        if self.follow(call, site):
            return
        method = keyword(call, "method") or self.spread_key(call, "method")
        if method is not None and not self.project.is_class(call.func, self.function):
            # (`BrokerRequest(method=..., ...)`: a record of the project's, not a request)
            template = self.template(method, sequence=False)
            first = _first(template)
            choices = _literal_choices(method)
            if choices and not any(c.upper() in cat.HTTP_METHODS for c in choices):
                first = choices[0]  # `method="fdr_bh" if fdr else "bonferroni"`: no HTTP
            if not isinstance(first, str) or first.upper() in cat.HTTP_METHODS:
                if not (_posts(template) and self.queries(call, 0, site)):
                    self.decide("network", site, text, template,
                                address=self.address(call, 0))  # fmt: skip
                return
            # `bridge.batch(method="get_market_snapshot")`: an RPC's name, no HTTP method
        if isinstance(func, cst.Attribute):
            if self.method(call, func, site, text, last):
                return
        if isinstance(func, cst.Attribute) and _root_name(func) in cat.LOGGING_ROOTS:
            return  # `logger.info(...)`, `logger.addHandler(handler)`: logging and its set-up
        if isinstance(func, cst.Attribute) and _first_word(last) in cat.DOWNLOAD_WORDS:
            destination = argument_at(call, 1, *cat.DOWNLOAD_DESTINATIONS)
            if destination is not None:
                # `client.download_file(remote, local_path)`: a file written where the
                # second argument says (nothing of the user's in scratch space)
                self.write("filesystem", site, text, certain=False,
                           why="downloads to a local file", place=self.place(destination))
                return
        verb = name_verb(last, catalogue.mutation_verbs, cat.STATE_CALL_VERBS)
        bare = verb is not None and last.lstrip("_") == verb
        if verb is not None and not last[:1].isupper() and (
            not bare or (isinstance(func, cst.Attribute) and _resource(func.value))
        ):  # `api.delete_file()`, `batchDelete()`; a bare verb on an API's resource:
            # `messages().send()`, `orders().refund()`
            if self.configures(func):
                return
            certain = verb in catalogue.mutation_verbs and verb not in cat.WEAK_VERBS
            if not certain and self.action_reads(call, catalogue.mutation_verbs):
                return  # `send_request({"action": "history.query", ...})`
            # `state.cache_teams.delete_prefix(key)`: emptying the cache the server keeps
            own = (
                _CACHE
                if isinstance(func, cst.Attribute) and self.cache_receiver(func.value)
                else ""
            )
            # `target.save_logs(log_dir)`, `pio.write_image(fig, tmp.name)` into a
            # `tempfile.mkdtemp()`: scratch space, or the server's own folder
            saved_to = (
                self.destination(call) if verb in cat.SAVE_TO_VERBS and not bare else False
            )
            self.write("call", site, text, certain=certain,
                       why="" if certain else "by its name", own=own, place=saved_to)
            return
        if isinstance(func, cst.Attribute) and (
            _root_name(func) in cat.LOGGING_ROOTS or last in cat.READ_METHODS
        ):
            return
        first = _first_word(last)
        if first in cat.READ_VERBS or last[:1].isupper():
            return  # `get_note()`, or a class of a library being built (`Path(p)`)
        self.summary.unresolved()

    def method(
        self, call: cst.Call, func: cst.Attribute, site: cst.CSTNode, text: str, last: str
    ) -> bool:
        """Method shapes of the catalogue; True when the call is decided."""
        receiver = dotted_name(func.value) or ""
        # `sqlite3.connect(db).execute(...)`: the call's name stands for the receiver.
        receiver_last = receiver.rsplit(".", 1)[-1] or last_name(func.value) or ""
        positionals = sum(1 for a in call.args if a.keyword is None and not a.star)
        if receiver_last == "git" and "." in receiver:
            return self.git_command(call, site, text, last, positionals)
        if self.receiver_kind(func.value) == "opened":
            # A file or archive: its mode was judged where it was opened; only extracting
            # writes elsewhere (`z.extractall(dest)`).
            extract = cat.ARCHIVE_EXTRACT.get(last)
            if extract is not None:
                self.write("filesystem", site, text, why="extracts an archive",
                           place=self.place(argument_at(call, *extract)))
            elif last in cat.SAVE_TO_METHODS and call.args:
                # A document or image opened by a library (`fitz.open(src)`,
                # `Image.open(src)`) saved to a file: `doc.save(output_path)` writes there.
                self.write("filesystem", site, text, why="saves to a file",
                           place=self.place(call.args[0].value))
            return True
        # `cache.set(key, frame)`: filling the cache the server keeps
        own = _CACHE if last in _CACHE_WRITES and self.cache_receiver(func.value) else ""
        if receiver_last == "index" and last in cat.GIT_INDEX_WRITE_METHODS and "repo" in receiver:
            self.write("git", site, text, place=self.place(func.value))
            return True
        if (
            last in cat.MODEL_CALLS and receiver_last in cat.MODEL_RESOURCES
            and any(a.keyword is not None and a.keyword.value == "model" for a in call.args)
        ):  # fmt: skip
            return True  # `client.chat.completions.create(model=..., messages=...)`
        if last in _COPY_CHANGES and self.copied_here(func.value):
            return True  # `tmp = board.copy()`, then `tmp.push(move)`: a copy made here
        if last in cat.GIT_WRITE_METHODS:
            # A clone in scratch space (a cache of the remote the server keeps) changes
            # nothing there by pulling or checking out; a push changes the remote.
            local = last not in cat.GIT_REMOTE_WRITES
            self.write("git", site, text, place=self.place(func.value) if local else False)
            return True
        if last in cat.PATH_WRITE_METHODS:
            if last in cat.STORE_WRITE_METHODS and self.store_call(call, func.value):
                self.write("call", site, text, own=own)  # `client.touch(key, expire)`
            else:
                folder = last in cat.FOLDER_METHODS
                self.write("filesystem", site, text, *_ensured(call),
                           place=self.place(func.value), own=_FOLDER if folder else "",
                           carries=self.carried(func.value) if folder else ())
            return True
        if last in cat.IN_MEMORY_DATA_METHODS:
            return True  # `df.reset_index(drop=True)`, `ax.set_ylabel("dB")`
        if last in cat.TEXT_SERIALISERS and not any(
            a.keyword is None or a.keyword.value in cat.DESTINATION_KEYWORDS for a in call.args
        ):
            return True  # `df.write_json()`: no file, it returns the JSON text
        if last in cat.FRAME_METHODS and {
            a.keyword.value for a in call.args if a.keyword is not None
        } & cat.FRAME_KEYWORDS:
            return True  # `df.rename(columns=names)`: a data frame's own
        if last in cat.TEXT_METHODS and positionals > cat.PATH_WRITE_BY_ARITY[last]:
            keywords = {a.keyword.value for a in call.args if a.keyword is not None}
            if keywords <= cat.TEXT_METHODS[last] and (
                self.receiver_kind(func.value) != "object" or id(call) in self.rebinding()
            ):
                return True  # `text.replace(old, new)`, `kw = kw.replace(word, "")`
            # `client.replace(key, value, expire=60)`: not a string's method
            self.write("call", site, text, certain=False, why="changes an object it got")
            return True
        if cat.PATH_WRITE_BY_ARITY.get(last) == positionals and len(call.args) == positionals:
            # `tmp.replace(target)`: both the moved file and its new place change
            self.write("filesystem", site, text,
                       place=self.place(func.value, argument_at(call, 0)))
            return True
        if last == cat.OPEN_METHOD[0]:
            _, position, name = cat.OPEN_METHOD
            self.decide("filesystem", site, text, self.mode_template(call, position, name),
                        self.lock_file(call) or self.place(func.value))
            return True
        if last in cat.SQL_ALWAYS_WRITES:
            script = argument_at(call, 0, "sql_script")
            setup = script is not None and _sql_setup(self.template(script, False).parts)
            self.write("sql", site, text, place=self.place(func.value),
                       own=_SETUP if setup else "")
            return True
        if last in cat.STORE_COMMAND_METHODS:
            self.store_command(call, site, text)
            return True
        if last in cat.SQL_EXECUTE_METHODS or last.startswith(cat.SQL_EXECUTE_PREFIXES):
            query = argument_at(call, 0, "query", "sql", "statement", "operation")
            template = None if query is None else self.template(_unwrap_sql(query), False)
            literal = template is not None and isinstance(_first(template), str)
            if template is not None and (
                literal or _words(receiver_last) & cat.DB_RECEIVER_WORDS
                or "sql" in _words(last)  # `dbc.execute_sql_and_decode(statement=sql)`
            ):
                if self.read_only_connection(func.value, 0):
                    return True  # the database refuses writes in a READ ONLY transaction
                # A database in scratch space (a cache it builds) changes nothing.
                self.decide("sql", site, text, template, self.place(func.value))
                return True
        if (
            last in cat.ORM_WRITE_METHODS
            and _words(receiver_last) & cat.ORM_RECEIVER_WORDS
            and not self.local_container(func.value)  # `session_ids = set()`: a set
        ):
            # a session of a database the server keeps as its cache (`async with
            # cache.session() as session: await session.merge(row)`) changes nothing
            # of the user's, as SQL on such a database does not
            self.write("sql", site, text, place=self.place(func.value))
            return True
        if last in cat.NETWORK_WRITE_METHODS:
            if self.receiver_kind(func.value) == "queue":  # `await jobs.put(job)`
                if _root_name(func) not in self.owned:
                    self.summary.state = True
                return True
            post = last == "post"
            if post and self.queries(call, 0, site):
                return True
            self.write("network", site, text, certain=not post, why="HTTP POST" if post else "",
                       own=own)
            return True
        if last in cat.REQUEST_METHOD_CALLS:
            position, name = cat.REQUEST_METHOD_CALLS[last]
            value = keyword(call, name)
            template = None if value is None else self.template(value, False)
            if value is None:
                value = argument_at(call, position)
                template = None if value is None else self.http_method(value)
            if template is not None:
                url = 0 if keyword(call, name) is not None else position + 1
                if not (_posts(template) and self.queries(call, url, site)):
                    self.decide("network", site, text, template,
                                address=self.address(call, url))  # fmt: skip
                return True
        if last in cat.WRITE_METHOD_NAMES:
            certain = last not in cat.WEAK_VERBS
            target = argument_at(call, 0) if last in cat.SAVE_TO_METHODS else None
            # `image.save(buffer, format="JPEG")` into an `io.BytesIO()`: scratch space
            place = self.place(target) if target is not None else False
            self.write("call", site, text, certain=certain, why="" if certain else "by its name",
                       own=own, place=place)
            return True
        if last in cat.STORE_WRITE_METHODS:
            self.write("call", site, text, own=own)
            return True
        if last in cat.IN_MEMORY_METHODS:
            root = _root_name(func)
            if root in self.owned or root in cat.LOGGING_ROOTS or self.data_result(root) or (
                self.data_results(root)
            ):
                return True  # a value this function made (`hits.append(x)`)
            if root is None or root == "self" or root not in self.locals:
                if (
                    root is not None and root != "self" and isinstance(func.value, cst.Name)
                    and last in cat.STORE_LIKE_METHODS and _keywords_only(call)
                    and self.library_object(func.value)
                ):  # fmt: skip
                    # `decisions.add(documents=[text], ids=[key])` on a module's
                    # `client.get_or_create_collection(...)`: a store's API, not a list
                    self.write("call", site, text, certain=False,
                               why="changes an object it got", own=own)
                    return True
                self.summary.state = True  # module or object state
                return True
            # An object from somewhere else (`client = pool.get()`), or a resource of one
            # (`service.events().insert(...)`, `client.cycles.update(cycle_id=...)`): a
            # store client's or an API's `set`, `insert`, `update` writes, a list's does
            # not; the checker cannot tell. An attribute's (`session.history.append(x)`)
            # only when it is called with keywords alone, as an API's method is.
            if root in cat.REQUEST_PART_NAMES and isinstance(func.value, cst.Name):
                return True  # `headers.update(...)`: a request being built
            if last in cat.STORE_LIKE_METHODS and (
                isinstance(func.value, cst.Name) or _resource(func.value)
                or isinstance(func.value, cst.Attribute) and _keywords_only(call)
            ):
                self.write("call", site, text, certain=False, why="changes an object it got",
                           own=own)
            elif isinstance(func.value, cst.Name) and root in self.locals:
                # `mechanical.clear()` on what a lifespan context holds: a list's or a
                # model's, the checker cannot tell; the tree is not all seen
                self.summary.unresolved()
            return True
        return False

    def read_only_connection(self, expr: cst.BaseExpression, hops: int) -> bool:
        """A cursor or connection opened read-only, through the names bound here: `with
        db.connection(read_only=True) as conn, conn.cursor() as cur`, `duckdb.connect(path,
        read_only=True)`, `sqlite3.connect("file:x.db?mode=ro", uri=True)`."""
        expr = _awaited(expr)
        if isinstance(expr, cst.Name) and hops < 4:
            value = self.values.get(expr.value)
            return value is not None and self.read_only_connection(value, hops + 1)
        if not isinstance(expr, cst.Call):
            return False
        for arg in expr.args:
            if arg.keyword is not None and arg.keyword.value in cat.READ_ONLY_KEYWORDS:
                return isinstance(arg.value, cst.Name) and arg.value.value == "True"
            text = string_value(arg.value)
            if text is not None and cat.READ_ONLY_URI.search(text):
                return True
        func = expr.func
        if isinstance(func, cst.Attribute) and func.attr.value in cat.CONNECTION_METHODS:
            return self.read_only_connection(func.value, hops + 1)  # `conn.cursor()`
        return False

    def store_command(self, call: cst.Call, site: cst.CSTNode, text: str) -> None:
        """`r.execute_command("MEMORY", "USAGE", key)`: a key-value store's command line,
        read by its words (`SLOWLOG GET`, `CONFIG SET`)."""
        words: list[str] = []
        for arg in call.args:
            value = string_value(arg.value) if arg.keyword is None and not arg.star else None
            if value is None:
                break
            words.extend(value.split())
        if not words:
            self.write("call", site, text, certain=False, why="a command it cannot read")
            return
        command = " ".join(words[:2]).lower()
        if (
            words[0].lower() in cat.STORE_WRITE_METHODS | cat.STORE_WRITE_COMMANDS
            or command in cat.STORE_WRITE_COMMANDS
        ):
            self.write("call", site, text, why=f"runs `{' '.join(words[:2])}`")

    def api_request(self, request: cst.BaseExpression) -> bool:
        """`service.users().messages().modify(...).execute()`: an API client built from a
        discovery document (googleapiclient) or a query builder makes a request object
        from a resource's operation and sends it with `execute()`; the operation's name
        says what the request does. True when it says so."""
        if not (
            isinstance(request, cst.Call)
            and isinstance(request.func, cst.Attribute)
            and _resource(request.func.value)
        ):
            return False
        operation = request.func.attr.value
        words = _name_words(operation)
        writes = words & (set(self.catalogue.mutation_verbs) | cat.API_WRITE_WORDS)
        if not writes and not words & (cat.READ_VERBS | cat.API_READ_WORDS):
            return False  # `...eq("id", 1).execute()`: the operation is not named here
        resource: cst.BaseExpression = request
        while isinstance(resource, (cst.Call, cst.Attribute)):  # `service.users().messages()`
            if isinstance(resource, cst.Call):
                if self.project.resolve(resource, self.function) is not None:
                    break  # `self._service().users()`: the project's own code is followed
                self.requests.add(id(resource))
                resource = resource.func
            else:
                resource = resource.value
        if writes:
            self.write("network", request, f"{snippet(request.func, 60)}().execute()",
                       why=f"API request `{operation}`")
        return True

    def data_result(self, name: str | None) -> bool:
        """`axes = _content_axes(text)` where the project function says it returns plain
        data (`-> set[str]`): a value made for this caller, like a literal."""
        value = self.values.get(name) if name is not None else None
        if not isinstance(value, (cst.Call, cst.Await)):
            return False
        value = _awaited(value)
        if not isinstance(value, cst.Call):
            return False
        callee = self.project.resolve(value, self.function)
        return (
            callee is not None
            and isinstance(callee.node, cst.FunctionDef)
            and _data_return(callee.node.returns)
        )

    def library_object(self, name: cst.Name) -> bool:
        """A module constant bound to what a library call returned (`collection =
        client.get_or_create_collection(name="notes")`): not a container of the
        module's own (`set()`, `{}`, `deque()`), nor an instance of a project class."""
        found = self.project.origin(name, self.function)
        if found is None:
            return False
        value, where = found
        value = _awaited(value)
        if not isinstance(value, cst.Call) or _made_here(value):
            return False
        called = self.project.qualify(dotted_name(value.func) or "", where)
        if called in cat.CONTAINER_CLASSES or self.project.is_class(value.func, where):
            return False
        return self.project.resolve(value, where) is None

    def action_reads(self, call: cst.Call, mutation_verbs: Iterable[str]) -> bool:
        """A message handed to a transport whose action is written in it as a read
        (`send_request_and_wait({"type": "request", "action": "history.query"})`, the
        dict or a name bound once to it): the action's words decide, not the transport's
        name."""
        for argument in call.args:
            value = argument.value
            if isinstance(value, cst.Name):
                value = self.values.get(value.value, value)
            if not isinstance(value, cst.Dict):
                continue
            for key in cat.ACTION_KEYS:
                found = dict_get(value, key)
                text = string_value(found) if found is not None else None
                if not text:
                    continue
                # the last part names the action, its first word the verb:
                # "history.query", "tabs/list", "navigation.go_to_url" (go: not a read)
                action = re.split(r"[./:]", text)[-1]
                words = [w for w in re.split(r"[^a-z]+", _snake(action)) if w]
                return bool(words) and words[0] in cat.ACTION_READ_WORDS and not (
                    set(words).intersection(mutation_verbs)
                )
        return False

    def data_results(self, name: str | None) -> bool:
        """A name bound to values made here and to the results of project functions that
        return data (`-> List[str]`, or only values they make): made for this caller."""
        found = self.made_by.get(name) if name is not None else None
        if not found:
            return False
        for call, position in found:
            callee = self.project.resolve(call, self.function)
            if callee is None or not isinstance(callee.node, cst.FunctionDef):
                return False
            if position is not None:
                if not _returns_made_at(callee.node, position):
                    return False
            elif not _data_return(callee.node.returns) and not _returns_made_here(callee.node):
                return False
        return True

    def configures(self, func: cst.BaseExpression) -> bool:
        """`self._options.add_http_header(k, v)`, `config.set_option(k, v)`: a weak verb on
        an object named as configuration (options, settings, headers) changes how the
        server works, like state kept in memory, not anything the user owns."""
        if not isinstance(func, cst.Attribute):
            return False
        verb = name_verb(func.attr.value, self.catalogue.mutation_verbs, frozenset())
        if verb is None or verb not in cat.WEAK_VERBS:
            return False
        names = (dotted_name(func.value) or "").split(".")
        if not any(_name_words(name) & cat.CONFIGURATION_WORDS for name in names):
            return False
        if _root_name(func) not in self.owned:
            self.summary.state = True
        return True

    def carried(self, expr: cst.BaseExpression | None) -> tuple[str, ...]:
        """The parameters whose values make up `expr`, through the names it is bound from
        here (`folder = ROOT / session_id`)."""
        if expr is None or not self.params:
            return ()
        sources = self.analysis.spaces.scope(self.function).sources
        found: set[str] = set()
        seen: set[str] = set()
        stack = [expr]
        while stack and len(seen) < 64:
            for node in _nodes(stack.pop()):
                if not isinstance(node, cst.Name) or node.value in seen:
                    continue
                seen.add(node.value)
                if node.value in self.params:
                    found.add(node.value)
                stack.extend(sources.get(node.value, ()))
        return tuple(sorted(found))

    def passed(
        self,
        names: tuple[str, ...],
        bound: dict[str, _Bound],
        node: cst.CSTNode,
        call: cst.Call,
    ) -> tuple[str, ...]:
        """The parameters of this function a call passes on into the callee's `names`."""
        found: set[str] = set()
        for name in names:
            given = bound.get(name)
            if given is not None:
                exprs: tuple[cst.BaseExpression, ...] = given[0]
            else:
                default = parameter_default(node, name)
                exprs = (default,) if default is not None else tuple(
                    a.value for a in call.args if a.star  # `f(*args, **options)`
                )
            for expr in exprs:
                found.update(self.carried(expr))
        return tuple(sorted(found))

    def given(self, site: cst.CSTNode) -> bool:
        """Whether the arguments of the call at `site` carry a parameter's value, through
        the names this function binds once (`key = f"{symbol}:{day}"`)."""
        if not self.params or not isinstance(site, cst.Call):
            return False
        return any(self.carries(arg.value, 0) for arg in site.args)

    def carries(self, expr: cst.BaseExpression, hops: int) -> bool:
        for node in _nodes(expr):
            if isinstance(node, cst.Name):
                if node.value in self.params:
                    return True
                value = self.values.get(node.value)
                if value is not None and hops < 3 and self.carries(value, hops + 1):
                    return True
        return False

    def destination(self, call: cst.Call) -> Place:
        """Where a call named for saving or writing puts what it is given: its first
        argument or its second (`save_logs(folder)`, `write_image(fig, path)`), or one
        named for it (`file=`); the first of them in scratch space or the server's own
        folder, False when none is."""
        given = [a.value for a in call.args[:2] if a.keyword is None and not a.star]
        given += [
            a.value for a in call.args
            if a.keyword is not None and a.keyword.value in cat.DESTINATION_KEYWORDS
        ]
        for value in given:
            found = self.place(value)
            if found is True or isinstance(found, Own):
                return found
        return False

    def cache_receiver(self, receiver: cst.BaseExpression) -> bool:
        """`cache`, `self._cache`, `app.cache_store`: an object named as a cache the
        server keeps (not one this function made: `cache = {}`)."""
        if _root_name(receiver) in self.owned:
            return False
        names = (dotted_name(receiver) or last_name(receiver) or "").split(".")
        if any(_name_words(name) & cat.CACHE_WORDS for name in names):
            return True
        # what a cache object keeps its entries in (`self._storage.put(key, value)` in
        # `SemanticCache.put`): its own store
        return len(names) > 1 and names[0] == "self" and self.in_cache_class()

    def http_method(self, value: cst.BaseExpression) -> Template | None:
        """`request("PUT", url)`, `request(method, url)`: the HTTP method given first, or
        None when that argument is something else (`adapter.request(symbol, fetch)`)."""
        template = self.template(value, False)
        first = _first(template)
        if isinstance(first, str):
            return template if first.upper() in cat.HTTP_METHODS else None
        if isinstance(first, Param):
            named = first.attr or first.name  # `request.method`: the attribute says it
        else:
            named = dotted_name(value) or ""
        words = _words(named.replace(".", "_"))
        return template if words & cat.METHOD_NAME_WORDS else None

    def store_call(self, call: cst.Call, receiver: cst.BaseExpression) -> bool:
        """`client.touch(key, expire)`, not `path.touch(0o644)`: a store's method when
        given a key and the receiver is not known to be a path."""
        given = [a.value for a in call.args if a.keyword is None and not a.star]
        return bool(given) and not isinstance(given[0], cst.Integer) and (
            self.receiver_kind(receiver) != "path"
        )

    def copied_here(self, expr: cst.BaseExpression) -> bool:
        """Whether the name is bound only to a copy this function made of a value
        (`tmp = board.copy()`, `copy.deepcopy(state)`): changing it changes nothing
        outside the call."""
        if not isinstance(expr, cst.Name) or expr.value in self.params:
            return False
        value = self.values.get(expr.value)
        return value is not None and _a_copy(value)

    def rebinding(self) -> frozenset[int]:
        """The calls of `x = x.replace(a, b)`, `x = x.strip().replace(a, b)`: methods of a
        name's value whose result the name is bound to again. That is a value's copy (a
        string's, a date's, a frozen record's); a store's `replace(key, value)` does not
        give back what stands for the store. Worked out once, when first asked."""
        if self._rebinding is None:
            found: set[int] = set()
            for node in self.nodes:
                if type(node) is not cst.Assign:
                    continue
                assert isinstance(node, cst.Assign)
                if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name):
                    continue
                name = node.targets[0].target.value
                chain: list[int] = []
                value = _awaited(node.value)
                while isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute):
                    chain.append(id(value))
                    value = value.func.value
                if isinstance(value, cst.Name) and value.value == name:
                    found.update(chain)
            self._rebinding = frozenset(found)
        return self._rebinding

    def local_container(self, expr: cst.BaseExpression) -> bool:
        """A name the function binds to a list, set or dict it makes (`seen = set()`,
        `rows: list[str] = []`): data in memory, whatever its name says."""
        value = self.values.get(expr.value) if isinstance(expr, cst.Name) else None
        if isinstance(value, _CONTAINER_LITERALS):
            return True
        name = dotted_name(value.func) if isinstance(value, cst.Call) else None
        return name is not None and (
            self.project.qualify(name, self.function) in cat.CONTAINER_CLASSES
        )

    def receiver_kind(self, expr: cst.BaseExpression, hops: int = 0) -> str:
        """What a method is called on, as far as the function shows: "text" (can be a
        string), "path", "queue", "object" (got from elsewhere: a library's client), or
        "" (cannot tell)."""
        kind = type(expr)
        if kind is cst.SimpleString or kind is cst.ConcatenatedString or (
            kind is cst.FormattedString
        ):
            return "text"
        if kind is cst.BinaryOperation:
            assert isinstance(expr, cst.BinaryOperation)
            return "path" if isinstance(expr.operator, cst.Divide) else "text"
        if kind is cst.Call:
            assert isinstance(expr, cst.Call)
            if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "open":
                return "opened"  # `path.open()`, `archive.open(member)`: a file object
            if (
                isinstance(expr.func, cst.Attribute)
                and expr.func.attr.value in _TEXT_METHODS
                and hops < 3
                and self.receiver_kind(expr.func.value, hops + 1) in ("text", "")
            ):
                return "text"  # `fold(text).replace("٫", ".")`, `name.strip().lower()`
            name = dotted_name(expr.func)
            if name:
                return _kind_of_type(self.project.qualify(name, self.function))
            return ""
        if kind is cst.Name:
            assert isinstance(expr, cst.Name)
            name = expr.value
            if name in self.params:
                return self.param_kind(name)
            value = self.values.get(name)
            if value is not None and hops < 3:
                found = self.receiver_kind(_awaited(value), hops + 1)
                if found:
                    return found
            if name in self.owned or self.returns_data(name):
                return "text"  # data made here (`text = page.read_text()`)
            return "object" if name in self.locals else ""
        if (
            kind is cst.Attribute
            and isinstance(expr, cst.Attribute)
            and isinstance(expr.value, cst.Name)
            and expr.value.value == "self"
        ):
            return _kind_of_type(self.project.attribute_type(expr, self.function))
        return ""

    def queries(self, call: cst.Call, position: int, site: cst.CSTNode) -> bool:
        """A POST to an endpoint named for a query (`f"{BASE}/query"`, `.../_search`,
        Solr's `.../select?...`): a search form, not a write; believed from a name, it
        leaves the tree unresolved (the name verbs and the default decide). True also when
        the address is a parameter's value: each call site decides
        (`_post_json(f"{RAG}/query", q)`)."""
        url = argument_at(call, position, "url")
        if url is None:
            return False
        template = self.url_template(url)
        if template.parts and isinstance(template.parts[-1], Param):
            self.summary.pending.append(
                Pending("post", _call_text(site), site, self.function,
                        (self.function.label,), template, self.guard_of(site))
            )
            return True
        if _query_url(template.parts):
            self.summary.unresolved()  # a query by its address: believed, not shown
            return True
        return False

    def address(self, call: cst.Call, position: int) -> Template | None:
        """The URL a request call is given (at `position` or as `url=`), as a template."""
        url = argument_at(call, position, "url")
        return self.url_template(url) if url is not None else None

    def url_template(self, url: cst.BaseExpression) -> Template:
        default = self.environment_default(url)
        if default is not None:  # `os.getenv("SOLR_URL", "https://.../select")`
            return Template((default,), False)
        return self.template(url, False)

    def environment_default(self, expr: cst.BaseExpression) -> str | None:
        """The literal default of the environment variable a module constant reads
        (`SOLR = os.getenv("SOLR_URL", "https://...")`): what the server expects there."""
        if not isinstance(expr, (cst.Name, cst.Attribute)):
            return None
        found = self.project.origin(expr, self.function)
        call = found[0] if found is not None else None
        if found is None or not isinstance(call, cst.Call):
            return None
        where = found[1]
        qualified = self.project.qualify(dotted_name(call.func) or "", where)
        if qualified not in cat.ENVIRONMENT_CALLS:
            return None
        default = argument_at(call, 1, "default")
        return string_value(default) if default is not None else None

    def returns_data(self, name: str) -> bool:
        """`base = act_level(nid)` where the project function returns only values it makes
        (`return nid.split("/art/")[0]`): data, like a builtin's result."""
        value = self.values.get(name)
        value = _awaited(value) if value is not None else None
        if not isinstance(value, cst.Call):
            return False
        callee = self.project.resolve(value, self.function)
        return (
            callee is not None and isinstance(callee.node, cst.FunctionDef)
            and _returns_made_here(callee.node)
        )  # fmt: skip

    def param_kind(self, name: str) -> str:
        node = self.function.node
        if not isinstance(node, cst.FunctionDef):
            return ""
        for param in (*node.params.posonly_params, *node.params.params,
                      *node.params.kwonly_params):
            if param.name.value == name:
                if param.annotation is None:
                    return ""
                annotation = param.annotation.annotation
                if isinstance(annotation, cst.BinaryOperation):  # `str | None`
                    annotation = annotation.left
                if isinstance(annotation, cst.Subscript):
                    annotation = annotation.value
                if isinstance(annotation, cst.SimpleString):  # "Path"
                    return ""
                qualified = self.project.qualify(dotted_name(annotation) or "", self.function)
                found = _kind_of_type(qualified)
                if found:
                    return found
                return "" if qualified.rsplit(".", 1)[-1] in cat.DATA_TYPES else "object"
        return ""

    def git_command(
        self, call: cst.Call, site: cst.CSTNode, text: str, last: str, positionals: int
    ) -> bool:
        """`repo.git.<subcommand>(...)`: GitPython runs `git <subcommand>`."""
        subcommand = last.replace("_", "-")
        if subcommand in cat.GIT_READ_SUBCOMMANDS:
            return True
        if subcommand in cat.GIT_READ_UNLESS_ACTIONS:  # `repo.git.reflog()`
            first = next((a for a in call.args if a.keyword is None), None)
            action = string_value(first.value) if first is not None else None
            if first is None or action is not None and not (
                action in cat.GIT_READ_UNLESS_ACTIONS[subcommand]
            ):
                return True
        if subcommand in cat.GIT_LIST_SUBCOMMANDS:
            parts: list[Part] = ["git", subcommand]
            for arg in call.args:
                if arg.keyword is None:
                    parts.extend(self.template(arg.value, True, spread=bool(arg.star)).parts)
            self.decide("git", site, text, Template(tuple(parts), True))
            return True
        self.write("git", site, text)
        return True

    def follow(self, call: cst.Call, site: cst.CSTNode) -> bool:
        """Analyse the project function `call` runs; True when there is one."""
        callee = self.project.resolve(call, self.function)
        if callee is None or (
            isinstance(callee.node, cst.FunctionDef)
            and (is_abstract(callee.node) or (_stub(callee.node) and _on_another(call)))
        ):
            # No body of its own: an abstract method, or the method of an interface the
            # object is typed with whose body only raises (`adapter.set_brightness(v)` on
            # a `MicroscopeAdapter` whose subclasses drive the instrument). What runs is
            # a subclass's; the call is not resolved and its name speaks.
            return False
        key = callee.memo_key
        if key in self.analysis.active:
            return True  # a cycle: its effects are found where it started
        if self.depth >= MAX_DEPTH and not self.analysis.known_past_bound(callee):
            # Past the bound only the callee's name speaks, and only as a write that may
            # be one: a name is no evidence for TAV403 (`_remove_ambiguous()` popping a
            # dict entry eight calls down).
            self.summary.unresolved()
            self.summary.truncated = True
            self.by_name(callee, call, site)
            return True
        inner = self.analysis.summary(callee, self.depth + 1)
        summary = self.summary
        summary.complete = summary.complete and inner.complete
        summary.truncated = summary.truncated or inner.truncated
        summary.state = summary.state or inner.state
        label = self.function.label
        guard = self.guard_of(site)
        bound: dict[str, _Bound] | None = None
        hop = ((site, self.function),)
        for write in inner.writes:
            if write.guard or write.place or write.carries:
                bound = _bind(callee.node, call) if bound is None else bound
            if write.guard and bound is not None:
                if _not_taken(write.guard, bound, callee.node):
                    continue  # `manage(action="list")` never runs the "delete" branch
            place: Place = False
            locking = write.kind == "filesystem" and not write.own and _lock_function(callee)
            if locking:  # `garden_lock(root)`: what the lock's helpers write is the lock
                place = Own(cat.LOCK)
            elif write.place and bound is not None:
                given = _given(bound, callee.node, write.place)
                if write.otherwise not in (None, False) and is_none(given):
                    place = write.otherwise  # `save_catalog(entries)`: `path or CACHE_FILE`
                else:
                    place = self.place(given)
                if place is True:
                    continue  # `_save(CACHE_DIR / name, data)`: scratch space
            summary.writes.append(
                Write(write.kind, write.text, write.node, write.function,
                      (label, *write.chain), write.certain, write.why, guard=guard,
                      calls=hop + write.calls,
                      place=place.name if isinstance(place, Argument) else "",
                      otherwise=place.otherwise if isinstance(place, Argument) else None,
                      own=place.reason if isinstance(place, Own) else write.own,
                      given=write.given,
                      carries=() if isinstance(place, Own) else self.passed(
                          write.carries, bound or {}, callee.node, call))
            )
        if inner.pending:
            bound = _bind(callee.node, call) if bound is None else bound
            for pending in inner.pending:
                if not (pending.guard and _not_taken(pending.guard, bound, callee.node)):
                    self.resolve_pending(pending, bound, callee, guard, site)
        if not inner.complete and not inner.writes and not inner.pending:
            # What the body does is not all visible: its name still says something
            # (`session.set_profile()` handing the work to another process).
            self.by_name(callee, call, site)
        return True

    def by_name(self, callee: Function, call: cst.Call, site: cst.CSTNode) -> None:
        """A project function whose body is not (all) seen: a write that may be one when
        its name starts with a mutation verb."""
        name = callee.label.rsplit(".", 1)[-1]
        verb = name_verb(name, self.catalogue.mutation_verbs, cat.STATE_CALL_VERBS)
        if verb is not None and verb != "create" and name.lstrip("_") != verb:
            # (a project `create_*` whose body builds things is a factory)
            text = f"{dotted_name(call.func) or snippet(call.func, 40)}()"
            self.write("call", site, text, certain=False, why="by its name")

    def resolve_pending(
        self,
        pending: Pending,
        bound: dict[str, _Bound],
        callee: Function,
        guard: Guard,
        site: cst.CSTNode,
    ) -> None:
        template = self.bound_template(pending.template, pending.kind, bound, callee)
        address = (
            self.bound_template(pending.address, "post", bound, callee)
            if pending.address is not None else None
        )  # fmt: skip
        chain = (self.function.label, *pending.chain)
        calls = ((site, self.function), *pending.calls)
        if template.params and _reads(pending.kind, _opaque(template)) is None and (
            _params_decide(pending.kind, template)
        ):
            self.summary.pending.append(
                Pending(pending.kind, pending.text, pending.node, pending.function, chain,
                        template, guard, calls, address)
            )
            return
        if address is not None and _posts(template) and _query_url(address.parts):
            # `client.request("POST", f"/card/{id}/query")` through a helper taking both
            self.summary.unresolved()  # a query by its address: believed, not shown
            return
        reads = _reads(pending.kind, _opaque(template))
        if reads is not True:
            # A token request keeps the server's credentials, whatever address it goes to.
            token = pending.kind == "post" and _requests_credentials(pending.function)
            self.summary.writes.append(
                Write(_KINDS.get(pending.kind, pending.kind), pending.text, pending.node,
                      pending.function, chain, reads is False, _why(pending.kind, template),
                      guard=guard, calls=calls, own=cat.CREDENTIALS if token else "",
                      carries=() if token else _SOME_ARGUMENT)  # decided by what a caller passed
            )
        elif pending.kind == "post":
            self.summary.unresolved()  # a query by its address: believed, not shown

    def bound_template(
        self, template: Template, kind: str, bound: dict[str, _Bound], callee: Function
    ) -> Template:
        """`template` with each parameter replaced by what the caller passes for it."""
        parts: list[Part] = []
        for part in template.parts:
            if not isinstance(part, Param):
                parts.append(part)
                continue
            value = bound.get(part.name)
            if value is None:
                default = parameter_default(callee.node, part.name)
                value = ((default,), False) if default is not None else None
            if value is None:
                parts.append(Opaque)
                continue
            exprs, spread = value
            if part.attr:  # `request.method` of the object the caller passes
                parts.extend(self.member_template(exprs[0], part, template.sequence))
            elif kind == "post" and len(exprs) == 1:  # an address
                parts.extend(self.url_template(exprs[0]).parts)
            elif part.spread or spread:
                for expr in exprs:
                    parts.extend(self.template(expr, template.sequence).parts)
            else:
                parts.extend(self.template(exprs[0], template.sequence).parts)
        return Template(tuple(parts), template.sequence)

    def member_template(
        self, expr: cst.BaseExpression, part: Param, sequence: bool
    ) -> tuple[Part, ...]:
        """The parts of `<expr>.<attr>`: a parameter's attribute again, or the value the
        project class of an object built here gives it (`PaperDetailsRequest(...)` with
        `method: str = "GET"` in its base)."""
        if isinstance(expr, cst.Name) and expr.value in self.params:
            return (Param(expr.value, part.spread, part.attr),)
        found = self.project.member(expr, part.attr, self.function)
        text = string_value(found[0]) if found is not None else None
        if text is None:
            return (Opaque,)
        return tuple(_split(text)) if sequence else (text,)

    # --- the value that decides a write ---

    def spread_key(self, call: cst.Call, key: str) -> cst.BaseExpression | None:
        """`f(**request)` where `request = {"method": ..., ...}` in this function."""
        for arg in call.args:
            if arg.star == "**" and isinstance(arg.value, cst.Name):
                value = self.values.get(arg.value.value)
                if isinstance(value, cst.Dict):
                    for element in value.elements:
                        if isinstance(element, cst.DictElement) and (
                            string_value(element.key) == key
                        ):
                            return element.value
        return None

    def lock_file(self, call: cst.Call) -> Own | None:
        """A file opened to be locked (`with path.open("a+b") as gate:` and then
        `fcntl.flock(gate.fileno(), ...)` in the same function): the server's lock file."""
        held: set[str] = set()  # the names the opened file is bound to
        locked: set[str] = set()  # the names a lock call's first argument reads
        for node in walk(self.function.node):
            if isinstance(node, cst.WithItem) and node.item is call and node.asname is not None:
                if isinstance(node.asname.name, cst.Name):
                    held.add(node.asname.name.value)
            elif isinstance(node, cst.Assign) and node.value is call:
                held.update(t.target.value for t in node.targets if isinstance(t.target, cst.Name))
            elif isinstance(node, cst.Call) and node.args:
                dotted = dotted_name(node.func) or ""
                if self.project.qualify(dotted, self.function) in cat.LOCK_CALLS:
                    locked |= {n.value for n in walk(node.args[0].value) if isinstance(n, cst.Name)}
        return Own(cat.LOCK) if held & locked else None

    def mode_template(self, call: cst.Call, position: int, name: str) -> Template | None:
        value = argument_at(call, position, name)
        text = string_value(value) if value is not None else None
        if (text is not None and not _mode_like(text)) or (
            text is None and value is not None and _names_a_file(value)
        ):
            # `archive.open("word/document.xml")`, `fitz.open(pdf_path)`: a member's or a
            # file's name, the mode comes next
            value = argument_at(call, position + 1, name)
        if value is None:
            return None  # the default mode reads
        return self.template(value, False)

    def constant(self, expr: cst.BaseExpression) -> str | None:
        """The text of a module constant (here or imported) or a class attribute that is
        one string literal; None otherwise."""
        found = self.project.origin(expr, self.function)
        return None if found is None else string_value(found[0])

    def command_template(self, call: cst.Call, qualified: str) -> Template:
        if qualified in cat.PROCESS_VARARGS:
            parts: list[Part] = []
            for arg in call.args:
                if arg.keyword is not None:
                    continue
                parts.extend(self.template(arg.value, True, spread=bool(arg.star)).parts)
            return Template(tuple(parts), True)
        value = argument_at(call, 0, "args", "cmd", "command")
        if value is None:
            return Template((Opaque,), True)
        return self.template(value, True)

    def template(
        self, expr: cst.BaseExpression, sequence: bool, spread: bool = False, hops: int = 0
    ) -> Template:
        """The value of `expr` as literal pieces and parameters of this function."""
        if isinstance(expr, cst.Await):
            expr = expr.expression
        if self.guards and not sequence:
            prefix = self.guards.get(snippet(expr, 200))
            if prefix is not None:  # `if not sql.upper().startswith("SELECT"): raise`
                return Template((prefix + " ", Opaque), False)
        text = string_value(expr)
        if text is not None:
            return Template(tuple(_split(text)) if sequence else (text,), sequence)
        if isinstance(expr, cst.FormattedString):
            pieces: list[Part] = []
            for part in expr.parts:
                if isinstance(part, cst.FormattedStringText):
                    pieces.append(part.value)
                elif isinstance(part, cst.FormattedStringExpression) and not sequence and (
                    part.format_spec is None and hops < 4
                ):  # f"/* tag */ {query}": the parameter's text goes on
                    pieces.extend(self.template(part.expression, False, hops=hops + 1).parts)
                else:
                    pieces.append(Opaque)
            if sequence:  # a shell line: split what is literal
                joined = "".join(p if isinstance(p, str) else "\0" for p in pieces)
                return Template(
                    tuple(None if "\0" in w else w for w in _split(joined)), True
                )
            return Template(tuple(pieces), False)
        if isinstance(expr, (cst.List, cst.Tuple)):
            items: list[Part] = []
            for element in expr.elements:
                inner = self.template(
                    element.value, False, spread=isinstance(element, cst.StarredElement),
                    hops=hops,
                )
                items.extend(inner.parts if inner.parts else (Opaque,))
            return Template(tuple(items), True)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
            left = self.template(expr.left, sequence, hops=hops)
            right = self.template(expr.right, sequence, spread=sequence, hops=hops)
            return Template(left.parts + right.parts, sequence)
        if isinstance(expr, cst.Name):
            if expr.value in self.params:
                return Template((Param(expr.value, spread),), sequence)
            value = self.values.get(expr.value)
            if value is not None and hops < 4:
                return self.template(value, sequence, spread, hops + 1)
        if isinstance(expr, (cst.Name, cst.Attribute)) and (
            _root_name(expr) not in self.locals or _root_name(expr) in ("self", "cls")
        ):
            constant = self.constant(expr)  # `SCHEMA`, `queries.POSTS_QUERY`, `self.SQL`
            if constant is not None:
                return Template(tuple(_split(constant)) if sequence else (constant,), sequence)
        if (
            isinstance(expr, cst.Attribute)
            and isinstance(expr.value, cst.Name)
            and expr.value.value in self.params
        ):  # `request.method`: each caller's object decides
            return Template((Param(expr.value.value, spread, expr.attr.value),), sequence)
        if isinstance(expr, (cst.Attribute, cst.Subscript)):
            root: cst.BaseExpression = expr
            while isinstance(root, (cst.Attribute, cst.Subscript)):
                root = root.value
            if isinstance(root, cst.Name) and root.value in self.params:
                # `args.method`, `arguments["sql"]`: a part of a parameter's value
                return Template((Param(root.value, spread),), sequence)
        if isinstance(expr, cst.Call) and dotted_name(expr.func) in ("list", "tuple"):
            inner_expr = argument_at(expr, 0)
            if inner_expr is not None:
                return self.template(inner_expr, sequence, spread=True, hops=hops)
        if not sequence and hops < 4:
            # Text built from text keeps its start: `SQL.format(...)`, `QUERY % args`,
            # `to_query(sql, params)` begin as `SQL`, `QUERY`, `sql` do.
            source: cst.BaseExpression | None = None
            if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Modulo):
                source = expr.left
            elif isinstance(expr, cst.Call):
                func = expr.func
                if isinstance(func, cst.Attribute) and func.attr.value in _TEXT_METHODS:
                    source = func.value
                elif not isinstance(func, cst.Attribute) or func.attr.value not in (
                    "join", "encode", "read", "read_text"
                ):
                    source = argument_at(expr, 0)
            if source is not None:
                return self.template(source, False, hops=hops + 1)
        return Template((Opaque,), sequence)


# Verbs of the calls that make a resource and that remove it again: a function doing both
# to the same resource (an edit session opened and discarded) leaves nothing behind.
_CREATES = frozenset({"create", "insert", "new", "add", "open", "begin", "start"})
_DELETES = frozenset({"delete", "remove", "drop", "discard", "abort", "destroy", "close"})


def _verb(write: Write) -> str:
    """The verb of the call a write is (`insert` for `service.edits().insert()`)."""
    if not isinstance(write.node, cst.Call):
        return ""
    return name_verb(last_name(write.node.func) or "", _CREATES | _DELETES, frozenset()) or ""


def _receiver(write: Write) -> str:
    """What the writing call is a method of, as written (`service.edits()`)."""
    func = write.node.func if isinstance(write.node, cst.Call) else None
    return snippet(func.value, 80) if isinstance(func, cst.Attribute) else ""


# Stands for the parameters of the functions that passed a write's deciding value.
_SOME_ARGUMENT = ("*",)
# What of the server's own state a write maintains, as the evidence says it.
_FOLDER = cat.FOLDER
_SETUP = cat.DATABASE_SETUP
_CACHE = cat.CACHE
# Methods that fill or empty a cache object.
_CACHE_WRITES = (
    cat.STORE_WRITE_METHODS | cat.STORE_LIKE_METHODS | cat.WRITE_METHOD_NAMES
    | cat.IN_MEMORY_METHODS | cat.NETWORK_WRITE_METHODS
    | {"clear", "evict", "invalidate", "expire", "set_many", "delete_many", "memoize"}
)
# Methods named for a write that change only the object they are called on when it is a
# copy this function made (`tmp.push(move)`); not those that hand it on somewhere
# (`copy.save(path)`, `copy.upload()`).
_COPY_CHANGES = (cat.WRITE_METHOD_NAMES | cat.GIT_WRITE_METHODS) - {
    "save", "persist", "upload", "create", "clone", "fork", "pull", "checkout"
}
_Bound = tuple[tuple[cst.BaseExpression, ...], bool]  # the values, and whether spread
_TEXT_METHODS = frozenset(
    {"format", "format_map", "strip", "lstrip", "rstrip", "replace", "upper", "lower",
     "casefold"}
)
_CASE_METHODS = frozenset({"strip", "lstrip", "rstrip", "upper", "lower", "casefold"})


def _guards(nodes: list[cst.CSTNode]) -> dict[str, str]:
    """Values the function refuses unless they start with a literal: the snippet of the
    value -> that literal. `if not sql.strip().upper().startswith("SELECT"): raise ...`
    means the `sql` that goes on starts with SELECT."""
    found: dict[str, str] = {}
    for node in nodes:
        if type(node) is not cst.If:
            continue
        assert isinstance(node, cst.If)
        if not isinstance(node.test, cst.UnaryOperation):
            continue
        if not isinstance(node.test.operator, cst.Not):
            continue
        call = node.test.expression
        if not (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "startswith"
        ):
            continue
        argument = argument_at(call, 0)
        literals: list[str] = []
        if argument is not None and string_value(argument) is not None:
            literals = [string_value(argument) or ""]
        elif isinstance(argument, cst.Tuple):
            literals = [string_value(e.value) or "" for e in argument.elements]
        if not literals or not all(literals) or not _exits(node.body):
            continue
        value: cst.BaseExpression = call.func.value
        while (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value in _CASE_METHODS
        ):
            value = value.func.value
        first_words = {literal.split()[0].upper() for literal in literals if literal.split()}
        if len(first_words) == 1:
            found[snippet(value, 200)] = first_words.pop()
        elif first_words and first_words <= cat.SQL_READ_KEYWORDS - {"WITH"}:
            found[snippet(value, 200)] = "SELECT"
    return found


def _branches(nodes: list[cst.CSTNode], params: frozenset[str]) -> dict[int, Guard]:
    """Each node under a branch taken for some literal values of a parameter only:
    `if p == "a":`, `if p in ("a", "b"):`, the else of `if p != "a":`, `case "a":` of
    `match p:`, to the literals."""
    branches: list[tuple[cst.CSTNode, str, frozenset[str]]] = []
    for node in nodes:
        kind = type(node)
        if kind is cst.If:
            assert isinstance(node, cst.If)
            test = _literal_test(node.test, params)
            if test is not None:
                name, literals, equal = test
                taken = node.body if equal else node.orelse
                if taken is not None:
                    branches.append((taken, name, literals))
            else:  # `if save and not read_only:`, `if output_path is not None:`
                for name, condition in _truth_tests(node.test, params):
                    branches.append((node.body, name, frozenset({condition})))
        elif kind is cst.Match:
            assert isinstance(node, cst.Match)
            subject = node.subject
            if isinstance(subject, cst.Name) and subject.value in params:
                for case in node.cases:
                    literals = _pattern_literals(case.pattern)
                    if literals and case.guard is None:
                        branches.append((case.body, subject.value, literals))
    if not branches:
        return {}
    tested = {name for _, name, _ in branches}
    rebound = {  # `action = action.lower()`: the tests see another value
        target.value
        for node in nodes
        if type(node) in _BINDING
        for target in _targets(node)
        if isinstance(target, cst.Name) and target.value in tested
    }
    found: dict[int, Guard] = {}
    for block, name, literals in branches:
        if name in rebound:
            continue
        item = ((name, literals),)
        for inner in _nodes(block):
            found[id(inner)] = found.get(id(inner), ()) + item
    return found


_BINDING = frozenset({cst.Assign, cst.AugAssign, cst.AnnAssign, cst.NamedExpr})


def _targets(node: cst.CSTNode) -> list[cst.BaseExpression]:
    if isinstance(node, cst.Assign):
        return [t.target for t in node.targets]
    if isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.NamedExpr)):
        return [node.target]
    return []


# What a branch taken only for some truth of a parameter asks of it, in a Guard in place
# of its literals: a test of the parameter itself (`if save:`), of its negation (`if not
# dry_run:`), or against None (`if output_path is not None:`).
TRUTHY, FALSY, NOT_NONE = "\0truthy", "\0falsy", "\0not-none"


def _truth_tests(
    test: cst.BaseExpression, params: frozenset[str]
) -> list[tuple[str, str]]:
    """The parameters a test's body needs true, false or not None: each operand of an
    `and` chain that is `p`, `not p`, `p is not None` (a body guarded by `if save and
    not read_only:` runs only when `save` is true and `read_only` false)."""
    found: list[tuple[str, str]] = []
    operands: list[cst.BaseExpression] = [test]
    while operands:
        operand = operands.pop()
        if isinstance(operand, cst.BooleanOperation):
            if not isinstance(operand.operator, cst.And):
                continue  # `a or b`: neither is needed
            operands += [operand.left, operand.right]
        elif isinstance(operand, cst.Name) and operand.value in params:
            found.append((operand.value, TRUTHY))
        elif (
            isinstance(operand, cst.UnaryOperation) and isinstance(operand.operator, cst.Not)
            and isinstance(operand.expression, cst.Name) and operand.expression.value in params
        ):  # fmt: skip
            found.append((operand.expression.value, FALSY))
        elif (
            isinstance(operand, cst.Comparison) and len(operand.comparisons) == 1
            and isinstance(operand.comparisons[0].operator, cst.IsNot)
            and isinstance(operand.left, cst.Name) and operand.left.value in params
            and isinstance(operand.comparisons[0].comparator, cst.Name)
            and operand.comparisons[0].comparator.value == "None"
        ):  # fmt: skip
            found.append((operand.left.value, NOT_NONE))
    return found


def _truth(expr: cst.BaseExpression) -> bool | None:
    """The truth of a literal (`False`, `None`, `0`, `""`, `[]`, `True`, `"x"`); None for
    anything else."""
    if isinstance(expr, cst.Name) and expr.value in ("True", "False", "None"):
        return expr.value == "True"
    if isinstance(expr, (cst.Integer, cst.Float)):
        return bool(float(expr.evaluated_value))
    text = string_value(expr)
    if text is not None and isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
        return bool(text)
    if isinstance(expr, (cst.List, cst.Tuple, cst.Set, cst.Dict)) and not expr.elements:
        return False
    return None


def _condition_fails(condition: str, expr: cst.BaseExpression) -> bool:
    """Whether the value written `expr` certainly fails a truth condition of a Guard."""
    if condition == NOT_NONE:
        return isinstance(expr, cst.Name) and expr.value == "None"
    truth = _truth(expr)
    return truth is not None and truth != (condition == TRUTHY)


def _literal_test(
    test: cst.BaseExpression, params: frozenset[str]
) -> tuple[str, frozenset[str], bool] | None:
    """`p == "a"`, `"a" == p`, `p in ("a", "b")` (True), `p != "a"`, `p not in (...)`
    (False): the parameter, the literals, and whether the test holds for them."""
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return None
    target = test.comparisons[0]
    operator = type(target.operator)
    left, right = test.left, target.comparator
    if operator in (cst.Equal, cst.NotEqual) and _compared_name(right) is not None:
        left, right = right, left
    name = _compared_name(left)
    if name is None or name not in params:
        return None
    spelled = _case_spellings if not isinstance(left, cst.Name) else frozenset
    if operator in (cst.Equal, cst.NotEqual):
        value = string_value(right)
        if value is None:
            return None
        return name, spelled({value}), operator is cst.Equal
    if operator in (cst.In, cst.NotIn) and isinstance(right, (cst.Tuple, cst.List, cst.Set)):
        values = [string_value(e.value) for e in right.elements]
        if not values or any(v is None for v in values):
            return None
        return name, spelled(v for v in values if v is not None), operator is cst.In
    return None


# What a test may do to a parameter's text before comparing it (`method.upper() == "GET"`).
_NORMALISING = frozenset({"upper", "lower", "casefold", "strip"})


def _compared_name(expr: cst.BaseExpression) -> str | None:
    """The parameter a test compares: `p`, or `p.upper()` and the like."""
    if isinstance(expr, cst.Name):
        return expr.value
    if (
        isinstance(expr, cst.Call) and not expr.args and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value in _NORMALISING and isinstance(expr.func.value, cst.Name)
    ):  # fmt: skip
        return expr.func.value.value
    return None


def _case_spellings(values: Iterable[str]) -> frozenset[str]:
    """The spellings a caller writes a literal that a case-folded test compares with
    (`"GET"`, `"get"`, `"Get"`)."""
    return frozenset(
        spelling for value in values for spelling in (value, value.lower(), value.upper(),
                                                      value.capitalize())
    )


def _pattern_literals(pattern: cst.MatchPattern) -> frozenset[str]:
    if isinstance(pattern, cst.MatchValue):
        value = string_value(pattern.value)
        return frozenset({value}) if value is not None else frozenset()
    if isinstance(pattern, cst.MatchOr):
        found: set[str] = set()
        for element in pattern.patterns:
            literals = _pattern_literals(element.pattern)
            if not literals:
                return frozenset()
            found |= literals
        return frozenset(found)
    return frozenset()


def _not_taken(guard: Guard, bound: dict[str, _Bound], node: cst.CSTNode) -> bool:
    """A branch the call's literal arguments (or the parameters' literal defaults) never
    take: `stata_manage_session(action="detect")` and `if action == "set_profile":`;
    `safe_workbook(path)` and `if save and not read_only:`, `save` False by default."""
    for name, literals in guard:
        given = bound.get(name)
        written: cst.BaseExpression | None
        if given is not None:
            exprs, spread = given
            written = None if spread or len(exprs) != 1 else exprs[0]
        else:
            written = parameter_default(node, name)
        if written is None:
            continue
        condition = next(iter(literals)) if len(literals) == 1 else ""
        if condition in (TRUTHY, FALSY, NOT_NONE):
            if _condition_fails(condition, written):
                return True  # `safe_workbook(path)` and `if save and ...:`, save=False
            continue
        value = string_value(written)
        if value is not None and value not in literals:
            return True
    return False


def _exits(block: cst.BaseSuite) -> bool:
    """A block that raises or returns (the refusal of a guard)."""
    return any(isinstance(n, (cst.Raise, cst.Return)) for n in _nodes(block))


def _stub(function: cst.FunctionDef) -> bool:
    """A method whose body, straight through, ends by raising: a placeholder
    (`self._require(Capability.OPTICS)` then `raise Unavailable("set_brightness")`)."""
    body = statements_of(function.body)
    if not body or not all(isinstance(s, cst.SimpleStatementLine) for s in body):
        return False
    last = body[-1]
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Raise)


def _on_another(call: cst.Call) -> bool:
    """A method called on another object than `self` or `cls` (a helper of one's own
    that raises, `self._fail(msg)`, is an error path, not a placeholder)."""
    func = call.func
    return isinstance(func, cst.Attribute) and not (
        isinstance(func.value, cst.Name) and func.value.value in ("self", "cls")
    )


def _bind(node: cst.CSTNode, call: cst.Call) -> dict[str, _Bound]:
    """The caller's expressions for the callee's parameters."""
    if not isinstance(node, cst.FunctionDef):
        return {}
    params = list(node.params.posonly_params) + list(node.params.params)
    constructor = node.name.value in ("__init__", "__new__")  # `Export(target)`
    if params and params[0].name.value in ("self", "cls") and (
        constructor or isinstance(call.func, cst.Attribute)
    ):
        params = params[1:]
    bound: dict[str, _Bound] = {}
    positional = [a for a in call.args if a.keyword is None]
    extra: list[cst.BaseExpression] = []
    for index, arg in enumerate(positional):
        if arg.star:
            break
        if index < len(params):
            bound[params[index].name.value] = ((arg.value,), False)
        else:
            extra.append(arg.value)
    star = node.params.star_arg
    if isinstance(star, cst.Param):
        bound[star.name.value] = (tuple(extra), True)
    for arg in call.args:
        if arg.keyword is not None:
            bound[arg.keyword.value] = ((arg.value,), False)
    return bound


def _given(
    bound: dict[str, _Bound], node: cst.CSTNode, name: str
) -> cst.BaseExpression | None:
    """The one value a call gives the parameter `name` (or its default), None when it
    gives several (`*args`) or none."""
    given = bound.get(name)
    if given is not None:
        exprs, spread = given
        return None if spread or len(exprs) != 1 else exprs[0]
    return parameter_default(node, name)


def _unwrap_sql(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`text("DELETE ...")`, `sql.SQL("...")`: the statement inside."""
    if isinstance(expr, cst.Call) and last_name(expr.func) in ("text", "SQL", "sql"):
        inner = argument_at(expr, 0)
        if inner is not None:
            return inner
    return expr


def _split(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError:
        return text.split()


# --- judging a complete template ---


def _ensured(call: cst.Call) -> tuple[bool, str]:
    """`mkdir(exist_ok=True)`: making sure a folder exists may write (certain, why)."""
    flag = keyword(call, "exist_ok")
    if isinstance(flag, cst.Name) and flag.value == "True":
        return False, "makes sure a folder exists"
    return True, ""


def _call_text(site: cst.CSTNode) -> str:
    func = site.func if isinstance(site, cst.Call) else site
    return f"{snippet(func, 40)}()"


_MODE = re.compile(r"[rwaxbt+U]{1,3}([:|][a-z0-9*]*)?")


def _mode_like(text: str) -> bool:
    """`"rb"`, `"w"`, and tarfile's `"w:gz"`, `"r|*"`: a mode, not a member's name."""
    return _MODE.fullmatch(text) is not None


def _first(template: Template) -> Part:
    return template.parts[0] if template.parts else Opaque


def _opaque(template: Template) -> Template:
    """The template with its parameters unknown."""
    parts = tuple(None if isinstance(p, Param) else p for p in template.parts)
    return Template(parts, template.sequence)


def _reads(kind: str, template: Template) -> bool | None:
    """True: it only reads; False: it writes; None: cannot tell (a write, uncertain)."""
    parts = template.parts
    if kind == "filesystem":
        if any(p is Opaque for p in parts):
            return None
        mode = "".join(p for p in parts if isinstance(p, str))
        mode = re.split(r"[:|]", mode, maxsplit=1)[0]  # tarfile's "r:xz": xz is no mode
        return not (set(mode) & cat.WRITE_MODE_LETTERS)
    if kind == "post":  # a POST decided by its address: a query's reads
        return True if _query_url(parts) else None
    if kind == "network":
        if len(parts) != 1 or not isinstance(parts[0], str) or parts[0].upper() == "POST":
            return None  # POST: often a query (search forms, GraphQL)
        return parts[0].upper() in cat.READ_HTTP_METHODS
    if kind == "sql":
        return _sql_reads(parts)
    if kind == "process":
        reads = _command_reads(parts)
        if reads is False and not (parts and parts[0] == "git"):
            return None  # a program the catalogue does not know: it may write
        return reads
    if kind == "git":
        return _command_reads(parts)
    return None


def _sql_reads(parts: tuple[Part, ...]) -> bool | None:
    prefix = ""
    for part in parts:
        if not isinstance(part, str):
            break
        prefix += part
    words = _sql_words(prefix)
    if not words:
        return None
    first = words[0]
    complete = all(isinstance(p, str) for p in parts)
    if first == "EXPLAIN":
        literal = sum(1 for _ in itertools.takewhile(lambda p: isinstance(p, str), parts))
        return _explain_reads(prefix, parts[literal:], complete)
    if first == "CREATE" and "IF NOT EXISTS" in " ".join(words[:8]):
        return True  # idempotent schema set-up before a query, not a change of data
    if first in cat.SQL_WRITE_KEYWORDS:
        return False
    if first in cat.SQL_NEUTRAL_KEYWORDS and complete:
        return True
    if first in cat.SQL_READ_KEYWORDS:
        if first == "PRAGMA" and "=" in prefix:
            return False  # `PRAGMA user_version = 3` sets
        if first == "WITH" and any(word in _CTE_WRITES for word in words[1:]):
            return False  # `WITH ... DELETE FROM`
        return True if complete or first != "WITH" else None
    return None


_CTE_WRITES = frozenset({"INSERT", "UPDATE", "DELETE", "MERGE"})
# A statement that sets a database up rather than changing its data: a schema object made
# only when missing, a setting (`PRAGMA journal_mode = WAL`), transaction control.
_SETUP_STATEMENT = re.compile(
    r"^(CREATE\s+(?:(?:TEMP|TEMPORARY|UNIQUE|VIRTUAL)\s+)*(?:TABLE|INDEX|TRIGGER|VIEW)"
    r"\s+IF\s+NOT\s+EXISTS\b|PRAGMA\s+[\w.]+\s*(?:=|\()|(?:BEGIN|COMMIT|END)\b)",
    re.IGNORECASE,
)
_PRAGMA_SETTING = re.compile(r"^\s*PRAGMA\s+[\w.]+\s*(?:=|\()", re.IGNORECASE)
_TRIGGER_BODY = re.compile(
    r"(CREATE\s+(?:(?:TEMP|TEMPORARY)\s+)?TRIGGER\b.*?)\bBEGIN\b.*?\bEND\b",
    re.IGNORECASE | re.DOTALL,
)


_WRITTEN_TABLE = re.compile(
    r"^\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|"
    r"DELETE\s+FROM)\s+[\"`\[]?(\w+)",
    re.IGNORECASE,
)


def _com_method(func: cst.BaseExpression, last: str, local: frozenset[str]) -> bool:
    """A method named in PascalCase on an object the function holds (`wb.Save()`,
    `doc.SaveAs(path)`, `sheet.Range("A1").Delete()`): a COM automation object's, whose
    methods are the same verbs in another case. A class of a module (`types.Tool(...)`)
    is not one: its root is an import, not a local."""
    if not (isinstance(func, cst.Attribute) and last[:1].isupper() and not last.isupper()):
        return False
    root = _root_name(func)
    return root is not None and (root == "self" or root in local)


def _sql_own_table(parts: tuple[Part, ...]) -> str:
    """What of its own a server keeps in the table one literal statement writes
    (`INSERT INTO metrics ...`, `UPDATE prompt_cache SET ...`), by the table's name."""
    if not parts or not all(isinstance(p, str) for p in parts):
        return ""
    text = "".join(p for p in parts if isinstance(p, str))
    if ";" in text.strip().rstrip(";"):
        return ""  # a script: more than one statement
    found = _WRITTEN_TABLE.match(text)
    if found is None:
        return ""
    for word in sorted(_name_words(found.group(1))):
        if word in cat.OWN_TABLE_WORDS:
            return cat.OWN_TABLE_WORDS[word]
    return ""


def _sql_setup(parts: tuple[Part, ...]) -> bool:
    """A literal statement or script that only sets the database up (`CREATE TABLE IF
    NOT EXISTS ...; CREATE INDEX IF NOT EXISTS ...`, `PRAGMA journal_mode=WAL`)."""
    if not parts:
        return False
    if not all(isinstance(p, str) for p in parts):
        # `f"PRAGMA busy_timeout = {ms}"`, `f"PRAGMA key = '{key}'"`: one setting whatever
        # its value.
        literal = "".join(
            p for p in itertools.takewhile(lambda p: isinstance(p, str), parts)
            if isinstance(p, str)
        )
        return bool(_PRAGMA_SETTING.match(literal)) and not any(
            isinstance(p, str) and ";" in p.rstrip().rstrip(";") for p in parts
        )
    text = re.sub(r"/\*.*?\*/", " ", "".join(p for p in parts if isinstance(p, str)),
                  flags=re.DOTALL)
    text = "\n".join(line.split("--", 1)[0] for line in text.splitlines())
    text = _TRIGGER_BODY.sub(r"\1", text)  # a trigger's body runs later, on its event
    statements = [part.strip() for part in text.split(";") if part.strip()]
    return bool(statements) and all(_SETUP_STATEMENT.match(st) for st in statements)


_EXPLAIN = re.compile(r"^\s*EXPLAIN\b(.*)$", re.IGNORECASE | re.DOTALL)
# Words of `EXPLAIN [ANALYZE] [VERBOSE] statement` before the statement (PostgreSQL,
# MySQL `FORMAT=JSON`, SQLite `QUERY PLAN`, ClickHouse `PLAN`/`AST`/`SYNTAX`).
_EXPLAIN_WORDS = frozenset(
    {"ANALYZE", "ANALYSE", "VERBOSE", "QUERY", "PLAN", "EXTENDED", "PARTITIONS", "AST",
     "SYNTAX", "PIPELINE", "ESTIMATE", "FORMAT", "JSON", "TEXT", "TREE", "TRADITIONAL",
     "=", "FORMAT=JSON", "FORMAT=TREE", "FORMAT=TRADITIONAL"}
)
_OFF = frozenset({"FALSE", "OFF", "0"})


def _explain_reads(prefix: str, rest: tuple[Part, ...], complete: bool) -> bool | None:
    """`EXPLAIN` runs nothing, `EXPLAIN ANALYZE` runs its statement: it writes when the
    statement does. Options the checker cannot read (`EXPLAIN ({opts}) ...`,
    `EXPLAIN {sql}`) may hold ANALYZE: it may write."""
    text = re.sub(r"/\*.*?\*/", " ", prefix, flags=re.DOTALL)
    text = "\n".join(line.split("--", 1)[0] for line in text.splitlines())
    found = _EXPLAIN.match(text)
    if found is None:
        return None
    tail = found.group(1).lstrip()
    if tail.startswith("("):  # EXPLAIN (FORMAT JSON, ANALYZE) statement
        close = tail.find(")")
        if close < 0:
            return None  # the option list is built at run time
        options = tail[1:close].upper().replace(",", " ").split()
        analyze = any(
            word in ("ANALYZE", "ANALYSE")
            and (index + 1 >= len(options) or options[index + 1] not in _OFF)
            for index, word in enumerate(options)
        )
        statement = tail[close + 1:]
    else:  # EXPLAIN [ANALYZE] [VERBOSE] statement
        if not tail and not complete:
            return None  # `EXPLAIN {sql}`: the options come with the value
        words = tail.split()
        count = 0
        while count < len(words) and words[count].upper() in _EXPLAIN_WORDS:
            count += 1
        analyze = any(w.upper() in ("ANALYZE", "ANALYSE") for w in words[:count])
        statement = " ".join(words[count:])
    if not analyze:
        return True  # the statement is planned, not run
    if not statement.strip():
        return True if complete else None
    return _sql_reads((statement, *rest))


def _sql_words(text: str) -> list[str]:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)  # /* comments */
    lines = [line.split("--", 1)[0] for line in text.splitlines()]
    cleaned = " ".join(lines).replace("(", " ").replace(";", " ")
    return [w.upper() for w in cleaned.split() if w.isalpha() or w.isidentifier()]


def _command_reads(parts: tuple[Part, ...]) -> bool | None:
    if len(parts) > 1 and all(isinstance(p, str) and p.startswith("-") for p in parts[1:]) and (
        set(parts[1:]) & cat.ABOUT_ITSELF
    ):  # `svn --version --quiet`, `[COMFY_BIN, "--version"]`: whichever program, it
        # prints and exits, the other options only shaping the answer
        return True
    if not parts or not isinstance(parts[0], str):
        return None
    program = parts[0].rsplit("/", 1)[-1]
    rest = parts[1:]
    if program in cat.READ_ONLY_PROGRAMS or program in ("find", "sed"):
        return not any(
            isinstance(a, str) and a.split("=", 1)[0] in cat.READ_ONLY_UNLESS for a in rest
        )
    later = cat.LATER_ACTION_PROGRAMS.get(program.lower().removesuffix(".exe"))
    if later is not None:  # `wmic process where "name='x'" get commandline`
        reads, writes = later
        for arg in rest:
            if not isinstance(arg, str):
                return None
            if arg.lower() in reads or arg.lower() in writes:
                return arg.lower() in reads
        return None
    if program in cat.OBJECT_ACTION_PROGRAMS:  # `ip addr show dev eth0`
        words = [a for a in rest if not (isinstance(a, str) and a.startswith("-"))]
        if len(words) > 1 and not isinstance(words[1], str):
            return None
        return len(words) < 2 or words[1] in cat.OBJECT_READ_ACTIONS
    if program != "git":
        words = [a for a in rest if not (isinstance(a, str) and a.startswith("-"))]
        if program == "gh" and words[:1] == ["api"]:
            # `gh api repos/{owner}/{repo}` GETs; a method or a field makes it write
            return not any(
                isinstance(a, str) and a.split("=", 1)[0] in cat.GH_API_WRITE_FLAGS
                for a in rest
            )
        for arg in rest:  # `kubectl get pods`, `tilt logs web`, `docker ps`
            if not isinstance(arg, str):
                return None
            if not arg.startswith("-"):
                if arg in cat.READ_SUBCOMMANDS:
                    return True
                # a group, then its action: `uv tool list`, `gh pr view 12`, and an
                # action of several words that names what it reads first or last
                # (`vijil dome detect-status`, `vijil policy rule-list`)
                then = next((w for w in words[1:2] if isinstance(w, str)), None)
                said = (then or "").split("-")
                return (
                    (then in cat.READ_SUBCOMMANDS
                     or len(said) > 1 and (
                         said[0] in cat.READ_SUBCOMMANDS or said[-1] in cat.READ_SUBCOMMANDS
                     ) and not any(_acts(w) for w in said))
                    and words[0] == arg and arg not in cat.COMMAND_RUNNERS and not _acts(arg)
                )  # fmt: skip
        # Options only: `lean --print-prefix`, `node --version` ask; `make` alone builds.
        return bool(rest) and all(
            isinstance(a, str) and a.startswith(cat.READ_ONLY_OPTIONS) for a in rest
        )
    index = 0
    while index < len(rest):
        arg = rest[index]
        if not isinstance(arg, str):
            return None  # an option or subcommand the checker cannot read
        if arg in cat.GIT_GLOBAL_OPTIONS_WITH_VALUE:
            index += 2
            continue
        if arg.startswith("-"):
            index += 1
            continue
        break
    if index >= len(rest):
        return True  # `git` alone, or only options: prints help or a version
    subcommand = rest[index]
    if not isinstance(subcommand, str):
        return None
    after = rest[index + 1:]
    if subcommand in cat.GIT_READ_SUBCOMMANDS:
        return True
    if subcommand in cat.GIT_NAME_READS:  # `git symbolic-ref --short HEAD` reads it
        given = [word for word in after if isinstance(word, str)]
        if len(given) != len(after):
            return None
        flags = {word for word in given if word.startswith("-")}
        names = [word for word in given if not word.startswith("-")]
        return len(names) <= 1 and not flags & cat.GIT_NAME_WRITE_FLAGS
    action = next((a for a in after if not (isinstance(a, str) and a.startswith("-"))), None)
    if isinstance(action, str) and action in cat.GIT_LIST_READ_ACTIONS.get(subcommand, ()):
        return True  # `git remote get-url origin`
    if subcommand in cat.GIT_READ_UNLESS_ACTIONS:  # `git reflog`, `git reflog show HEAD`
        if action is None or isinstance(action, str):
            return action not in cat.GIT_READ_UNLESS_ACTIONS[subcommand]
        return None
    if subcommand in cat.GIT_LIST_SUBCOMMANDS:
        if any(not isinstance(a, str) for a in after):
            return None  # `git branch <something>`: lists with flags, creates with a name
        return _lists(subcommand, [a for a in after if isinstance(a, str)])
    return False


def _acts(word: str) -> bool:
    """A subcommand that acts (`install`, `add`, `remove`): no group of actions."""
    return word in STATE_VERBS or word in ACTION_VERBS or word in DEFAULT_MUTATION_VERBS


def _lists(subcommand: str, args: list[str]) -> bool:
    """`git branch --list --format=%(refname)`, `git config --get remote.origin.url`:
    only options that list (with their values), or a read of the configuration."""
    options = {a.split("=", 1)[0] for a in args if a.startswith("-")}
    if subcommand == "config" and options & cat.GIT_CONFIG_READ_FLAGS:
        return True
    index = 0
    while index < len(args):
        option, _, value = args[index].partition("=")
        if option not in cat.GIT_LIST_FLAGS:
            return False
        index += 2 if option in cat.GIT_LIST_VALUE_FLAGS and not value else 1
    return True


def _why(kind: str, template: Template) -> str:
    if kind == "sql":
        if _sql_reads(template.parts) is False:
            return "SQL that writes"
        literal = isinstance(_first(template), str)
        return "SQL it cannot read" if literal else "SQL not a literal"
    if kind == "process":
        if template.parts and isinstance(template.parts[0], str):
            shown = [p if isinstance(p, str) else "..." for p in template.parts[:4]]
            return f"runs `{' '.join(shown)}`"
        return "runs a command that is not a literal"
    if kind == "post":
        return "HTTP POST"
    if kind == "network":
        verb = _first(template)
        return f"HTTP {verb.upper()}" if isinstance(verb, str) else "HTTP method unknown"
    if kind == "filesystem":
        return "opens a file for writing"
    return ""


# --- reading a function ---


@dataclass(frozen=True)
class _Read:
    """What a function's text says whatever calls it: its nodes (one walk, read three
    times), its bindings and its guards."""

    nodes: list[cst.CSTNode]
    bindings: tuple[
        frozenset[str], frozenset[str], dict[str, cst.BaseExpression], frozenset[str],
        dict[str, tuple[tuple[cst.Call, int | None], ...]],
    ]  # fmt: skip
    guards: dict[str, str]


# A helper is scanned once per tool (and per model) that reaches it: read once (a node
# hashes by identity, and the cache keeps it alive). Never changed by a scan.
@functools.lru_cache(maxsize=4096)
def _read(root: cst.CSTNode) -> _Read:
    nodes = list(_nodes(root))
    return _Read(nodes, _bindings(root, nodes), _guards(nodes))


def _nodes(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node of the body, nested functions and lambdas included (they run here)."""
    stack: list[cst.CSTNode] = []
    if isinstance(root, cst.FunctionDef):
        stack.append(root.body)
    else:
        stack.append(root)
    while stack:
        node = stack.pop()
        yield node
        if type(node) is cst.FunctionDef:  # by class: isinstance on libcst's is slow
            stack.append(node.body)  # not its decorators
            continue
        found = children(node)
        found.reverse()
        stack.extend(found)


def _bindings(
    root: cst.CSTNode, nodes: list[cst.CSTNode]
) -> tuple[
    frozenset[str], frozenset[str], dict[str, cst.BaseExpression], frozenset[str],
    dict[str, tuple[tuple[cst.Call, int | None], ...]],
]:  # fmt: skip
    """Parameters, every local name, the value of names bound once, the names that only
    ever hold values made here (literals, builtins' results, JSON data), and the names
    that hold only such values and the results of calls, with those calls (`lines =
    [...]` in one branch, `lines = base_lines(label)` in another: made here when the
    functions called return data), each with the position of the value it unpacks
    (`data, warnings = fetch(code)`: 1 for `warnings`), None for the whole result."""
    params: set[str] = set()
    names: set[str] = set()
    values: dict[str, cst.BaseExpression] = {}
    counts: dict[str, int] = {}
    nones: dict[str, int] = {}  # of those bindings, to None (`local_dir = None` before a try)
    made: dict[str, bool] = {}
    # None: bound to something else too
    calls: dict[str, list[tuple[cst.Call, int | None]] | None] = {}

    def bind(
        target: cst.CSTNode,
        value: cst.BaseExpression | None = None,
        owned: bool = False,
        part: bool = False,
        unpacked: tuple[cst.Call, int] | None = None,
    ) -> None:
        kind = type(target)
        if kind is cst.Name:
            assert isinstance(target, cst.Name)
            names.add(target.value)
            counts[target.value] = counts.get(target.value, 0) + 1
            if value is not None and is_none(value):
                nones[target.value] = nones.get(target.value, 0) + 1
            if value is not None and not (is_none(value) and target.value in values):
                values[target.value] = value
                # `text = text.replace(a, b)`: a value made from itself stays what it was;
                # `kw = query`: a copy of a name holding data holds data
                owned = owned if part else (
                    _made_here(value) or _of_itself(target.value, value)
                    or (isinstance(value, cst.Name) and made.get(value.value, False))
                )
            made[target.value] = made.get(target.value, True) and owned
            called = calls.setdefault(target.value, [])
            if not owned and called is not None:
                call = _awaited(value) if value is not None and not part else None
                if isinstance(call, cst.Call):
                    called.append((call, None))
                elif unpacked is not None:
                    called.append(unpacked)
                else:
                    calls[target.value] = None
        elif (kind is cst.Tuple or kind is cst.List) and _pairs(target, value):
            # `seen, out = set(), []`: each name gets its own value
            assert isinstance(target, (cst.Tuple, cst.List))
            assert isinstance(value, (cst.Tuple, cst.List))
            for element, given in zip(target.elements, value.elements):
                bind(element.value, given.value, owned, part)
        elif kind is cst.Tuple or kind is cst.List:
            source = _awaited(value) if value is not None else None
            elements = target.elements  # type: ignore[attr-defined]
            for index, element in enumerate(elements):
                # `query, generic = rewrite(sql)`: the first value keeps the start of the
                # call's text (templates only: what the value is stays unknown).
                first = value if index == 0 and _is_call(value) else None
                plain = not any(isinstance(e, cst.StarredElement) for e in elements[:index])
                position = (
                    (source, index) if isinstance(source, cst.Call) and plain else None
                )
                bind(element.value, first, owned, part=True, unpacked=position)
        elif kind is cst.StarredElement:
            bind(target.value, None, owned)  # type: ignore[attr-defined]

    def parameters(node: cst.FunctionDef | cst.Lambda) -> None:
        given = node.params
        for param in (
            *given.posonly_params, *given.params, *given.kwonly_params,
            given.star_arg, given.star_kwarg,
        ):
            if not isinstance(param, cst.Param) or param.name.value in ("self", "cls"):
                continue
            names.add(param.name.value)
            made[param.name.value] = _data_annotation(param.annotation)
            if node is root:
                params.add(param.name.value)

    if isinstance(root, cst.FunctionDef):
        parameters(root)
    for node in nodes:
        kind = type(node)
        if kind is cst.Assign:
            assert isinstance(node, cst.Assign)
            for target in node.targets:
                bind(target.target, node.value)
        elif kind is cst.FunctionDef or kind is cst.Lambda:
            assert isinstance(node, (cst.FunctionDef, cst.Lambda))
            parameters(node)
            if isinstance(node, cst.FunctionDef):
                names.add(node.name.value)
        elif kind is cst.AugAssign:
            assert isinstance(node, cst.AugAssign)
            name = _root_name(node.target)
            start = values.get(name) if name is not None else None
            if (
                isinstance(node.target, cst.Name) and isinstance(node.operator, cst.AddAssign)
                and isinstance(start, cst.List) and isinstance(node.value, (cst.List, cst.Tuple))
                and counts.get(node.target.value) == 1
            ):  # fmt: skip
                # `cmd = ["svn", "diff", path]` then `cmd += ["-r", rev]`: the words it
                # starts with stand, followed by more the checker does not read
                values[node.target.value] = start.with_changes(
                    elements=[*start.elements, cst.StarredElement(cst.Name(_EXTENDED))]
                )
            elif name is not None:
                counts[name] = 2  # bound more than once: no single value
        elif kind is cst.AnnAssign:
            assert isinstance(node, cst.AnnAssign)
            if node.value is not None:
                bind(node.target, node.value)
        elif kind is cst.For or kind is cst.CompFor:
            bind(node.target, None, True)  # type: ignore[attr-defined]  # items of data
        elif kind is cst.WithItem:
            assert isinstance(node, cst.WithItem)
            if node.asname is not None:  # `with tempfile.TemporaryDirectory() as d`
                bind(node.asname.name, node.item)
        elif kind is cst.ExceptHandler:
            assert isinstance(node, cst.ExceptHandler)
            if node.name is not None:
                bind(node.name.name, None, True)
        elif kind is cst.NamedExpr:
            assert isinstance(node, cst.NamedExpr)
            bind(node.target, node.value)
        elif kind is cst.ImportAlias:
            assert isinstance(node, cst.ImportAlias)
            alias = node.evaluated_alias or dotted_name(node.name)
            if alias:
                names.add(alias.split(".")[0])
    # Bound once, or once besides None: `local_dir = None`, then `local_dir =
    # tempfile.mkdtemp()` in the `try` whose `finally` removes it
    once = {
        name: value for name, value in values.items()
        if counts.get(name) == 1 or counts.get(name, 0) - nones.get(name, 0) == 1
    }  # fmt: skip
    owned = frozenset(name for name, ok in made.items() if ok)
    made_by = {
        name: tuple(found) for name, found in calls.items()
        if found and name not in owned and name not in params
    }  # fmt: skip
    return frozenset(params), frozenset(names), once, owned, made_by


# The name standing for what `+=` added to a list (see _bindings): never bound.
_EXTENDED = "__extended__"

_MADE_HERE = (
    cst.List, cst.Dict, cst.Set, cst.Tuple, cst.ListComp, cst.DictComp, cst.SetComp,
    cst.GeneratorExp, cst.SimpleString, cst.ConcatenatedString, cst.FormattedString,
    cst.Integer, cst.Float, cst.BinaryOperation, cst.Subscript,
)


# Pending decisions written as the kind of their write: a POST whose address a caller
# gives is an HTTP request.
_KINDS = {"post": "network"}


def _query_url(parts: tuple[Part, ...]) -> bool:
    """An address whose path ends in a word for a query (`/query`, `/_search`, Solr's
    `/select?wt=json`) or a model's computation (`/chat/completions`)."""
    if not parts or not isinstance(parts[-1], str):
        return False  # `f"{BASE}/{path}"`: the endpoint is not a literal
    path = parts[-1].split("?", 1)[0].split("#", 1)[0].rstrip("/")
    if "/" not in path and len(parts) == 1:
        return False  # a bare word, not a URL
    segment = path.rsplit("/", 1)[-1].split(".", 1)[0].lstrip("_")
    resource, colon, method = segment.rpartition(":")
    if method.lower() in cat.QUERY_ENDPOINTS:  # `/query`, `models/m:generateContent`
        return True
    # A custom method (`records:queryRecord`, `documents:searchDocuments`): its verb.
    return bool(colon) and _CAMEL.split(method, maxsplit=1)[0].lower() in cat.QUERY_ENDPOINTS


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def _params_decide(kind: str, template: Template) -> bool:
    """Whether the parameters can decide what an undecided value does: not for SQL whose
    first keyword is literal (`f"GENERATE SQL FOR '{question}'"`: the caller's text is a
    value inside it, the statement is what the checker cannot read). `EXPLAIN {sql}`
    runs what follows it: there they do."""
    if kind != "sql":
        return True
    prefix = ""
    for part in template.parts:
        if not isinstance(part, str):
            break
        prefix += part
    words = _sql_words(prefix)
    return not words or words[0] == "EXPLAIN"  # what EXPLAIN runs comes after it


def _posts(template: Template) -> bool:
    """An HTTP method that is literally POST."""
    parts = template.parts
    return len(parts) == 1 and isinstance(parts[0], str) and parts[0].upper() == "POST"


def _pairs(target: cst.CSTNode, value: cst.BaseExpression | None) -> bool:
    """`a, b = x, y`: as many values as names, none of them starred."""
    if not isinstance(value, (cst.Tuple, cst.List)) or not isinstance(
        target, (cst.Tuple, cst.List)
    ):
        return False
    elements = (*target.elements, *value.elements)
    return len(target.elements) == len(value.elements) and not any(
        isinstance(e, cst.StarredElement) for e in elements
    )


def _is_call(value: cst.BaseExpression | None) -> bool:
    return isinstance(value.expression if isinstance(value, cst.Await) else value, cst.Call)


def _returns_made_here(node: cst.FunctionDef) -> bool:
    """A function whose every `return` gives a value it makes (`return nid.split("/")[0]`)."""
    returns = [n for n in _nodes(node) if isinstance(n, cst.Return)]
    return bool(returns) and all(r.value is not None and _made_here(r.value) for r in returns)


def _returns_made_at(node: cst.FunctionDef, position: int) -> bool:
    """A function whose every `return` gives a tuple whose value at `position` it makes
    (`return data, warnings` where `warnings = []` and only its own values fill it)."""
    returns = [n for n in _nodes(node) if isinstance(n, cst.Return)]
    if not returns:
        return False
    owned: frozenset[str] | None = None
    for ret in returns:
        value = ret.value
        if not isinstance(value, (cst.Tuple, cst.List)) or len(value.elements) <= position:
            return False
        if any(isinstance(e, cst.StarredElement) for e in value.elements[: position + 1]):
            return False
        element = value.elements[position].value
        if _made_here(element):
            continue
        if not isinstance(element, cst.Name):
            return False
        if owned is None:
            owned = _read(node).bindings[3]
        if element.value not in owned:
            return False
    return True


def _a_copy(value: cst.BaseExpression) -> bool:
    """A copy of a value (`board.copy()`, `copy.deepcopy(state)`), or, on either branch, a
    copy or a value built here (`[] if filters is None else deepcopy(filters)`)."""
    value = _awaited(value)
    if isinstance(value, cst.IfExp):
        return all(_a_copy(v) or _made_here(v) for v in (value.body, value.orelse))
    if not isinstance(value, cst.Call):
        return False
    if isinstance(value.func, cst.Attribute) and value.func.attr.value == "copy":
        return not value.args
    return dotted_name(value.func) in ("copy.copy", "copy.deepcopy", "deepcopy")


def _made_here(value: cst.BaseExpression) -> bool:
    """A value built by this code: a literal, a builtin's result, data read from JSON."""
    if isinstance(value, cst.Await):
        value = value.expression
    if isinstance(value, cst.BooleanOperation) and (
        isinstance(value.right, _MADE_HERE) or is_none(value.right)
    ):
        value = value.left  # `name.strip() or None`, `name or ""`
    if isinstance(value, cst.IfExp):  # `[] if filters is None else deepcopy(filters)`
        return _made_here(value.body) and _made_here(value.orelse)
    if isinstance(value, cst.Subscript) and isinstance(value.value, cst.Attribute):
        # `ctx.request_context.lifespan_context["iris"]`, `self._clients[name]`: what an
        # object keeps (a connection, a client), not data made here as `rows[0]` is
        return False
    if isinstance(value, _MADE_HERE):
        return True
    if isinstance(value, cst.Call):
        name = dotted_name(value.func) or ""
        last = last_name(value.func)
        if name in cat.PURE_CALLS or last in cat.DATA_METHODS or last in cat.READ_METHODS:
            return True
        return _text_replaced(value)
    return False


def _text_replaced(call: cst.Call) -> bool:
    """`fold(text).replace(",", ".")`: a text method given only string literals (and a
    count), a new string whatever it was called on."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value not in _TEXT_METHODS:
        return False
    if any(a.keyword is not None or a.star for a in call.args) or not call.args:
        return False
    texts = [a.value for a in call.args[:2]]
    return all(isinstance(t, (cst.SimpleString, cst.ConcatenatedString)) for t in texts)


def _names_a_file(value: cst.BaseExpression) -> bool:
    """`pdf_path`, `self.filename`, `str(doc_file)`: a value named as a file, not a mode."""
    if isinstance(value, cst.Call) and dotted_name(value.func) in ("str", "os.fspath"):
        value = argument_at(value, 0) or value
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Divide):
        return True  # `folder / name`
    if isinstance(value, cst.Call):
        # `Image.open(BytesIO(data))`, `fitz.open(Path(p))`, `tarfile.open(fileobj=...)`:
        # an object built by a class, or a file opened, is what is opened, not a mode
        built = last_name(value.func) or ""
        return bool(built) and (built[:1].isupper() or built in ("open", "urlopen"))
    named = last_name(value) if isinstance(value, (cst.Name, cst.Attribute)) else None
    return bool(named and _name_words(named) & cat.FILE_NAME_WORDS)


def _same_shape(target: cst.CSTNode, value: cst.BaseExpression | None) -> bool:
    """A tuple of names bound from a tuple of as many values, none starred."""
    return (
        isinstance(target, (cst.Tuple, cst.List))
        and isinstance(value, (cst.Tuple, cst.List))
        and len(target.elements) == len(value.elements)
        and not any(isinstance(e, cst.StarredElement) for e in target.elements)
        and not any(isinstance(e, cst.StarredElement) for e in value.elements)
    )


def _of_itself(name: str, value: cst.BaseExpression) -> bool:
    """`name.method(...)`: a value computed by a method of the name's earlier value."""
    value = _awaited(value)
    return (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and isinstance(value.func.value, cst.Name)
        and value.func.value.value == name
    )


def _data_return(annotation: cst.Annotation | None) -> bool:
    """A return annotation of plain data (`-> set[str]`, `-> dict[str, Any] | None`)."""
    if annotation is None:
        return False
    expr = annotation.annotation
    if isinstance(expr, cst.BinaryOperation):  # `list[str] | None`
        expr = expr.left
    optional = ("Optional", "typing.Optional")
    if isinstance(expr, cst.Subscript) and dotted_name(expr.value) in optional:
        inner = expr.slice[0].slice if expr.slice else None
        expr = inner.value if isinstance(inner, cst.Index) else expr
    if isinstance(expr, cst.Subscript):
        expr = expr.value
    name = (dotted_name(expr) or "").rsplit(".", 1)[-1]
    return name in cat.DATA_TYPES and name not in ("Any", "Optional")


def _data_annotation(annotation: cst.Annotation | None) -> bool:
    """A parameter of a JSON-like type (or none said): a value, not a client object."""
    if annotation is None:
        return True
    expr = annotation.annotation
    if isinstance(expr, cst.Subscript):
        first = expr.slice[0].slice if expr.slice else None
        if (dotted_name(expr.value) or "").endswith("Annotated") and isinstance(
            first, cst.Index
        ):
            return _data_annotation(cst.Annotation(first.value))  # `Annotated[str, Field()]`
        expr = expr.value
    if isinstance(expr, cst.BinaryOperation):  # `dict | None`
        expr = expr.left
    name = (dotted_name(expr) or "").rsplit(".", 1)[-1]
    return name in cat.DATA_TYPES


def _kind_of_type(qualified: str) -> str:
    """The receiver kind of an object built from (or annotated as) `qualified`."""
    if qualified in cat.TEXT_TYPES:
        return "text"
    if qualified in cat.OPENED_TYPES:
        return "opened"
    if qualified in cat.PATH_TYPES:
        return "path"
    if qualified in cat.QUEUE_TYPES:
        return "queue"
    return ""


def _keywords_only(call: cst.Call) -> bool:
    """`x.update(cycle_id=cid, data=data)`: every argument named, and some given."""
    return bool(call.args) and all(arg.keyword is not None for arg in call.args)


_CONTAINER_LITERALS = (cst.List, cst.Set, cst.Dict, cst.ListComp, cst.SetComp, cst.DictComp)


def _resource(receiver: cst.BaseExpression) -> bool:
    """`service.events()`, `api.users(id)`: what a method of an object returns (an API's
    resource), not a list or dict made by a builtin (`dict(x)`)."""
    return isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute)


def _awaited(value: cst.BaseExpression) -> cst.BaseExpression:
    return value.expression if isinstance(value, cst.Await) else value


def _root_name(expr: cst.BaseExpression) -> str | None:
    while isinstance(expr, (cst.Attribute, cst.Subscript, cst.Call)):
        expr = expr.func if isinstance(expr, cst.Call) else expr.value
    return expr.value if isinstance(expr, cst.Name) else None


def _words(name: str) -> set[str]:
    return {w for w in name.lower().replace("-", "_").split("_") if w}


# Writes that act on what the user owns whatever function makes them.
_NEVER_OWN = frozenset({"network", "process", "git", "desktop"})


def _literal_choices(expr: cst.BaseExpression) -> list[str]:
    """The strings an expression is, when it is a literal or a choice of literals
    (`"fdr_bh" if fdr else "bonferroni"`); empty when anything else may be given."""
    if isinstance(expr, cst.IfExp):
        body, orelse = _literal_choices(expr.body), _literal_choices(expr.orelse)
        return [*body, *orelse] if body and orelse else []
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        return [value] if isinstance(value, str) else []
    return []


def _requests_credentials(function: Function) -> bool:
    """Whether a request is made by a function named for obtaining the server's
    credentials (`request_tokens`, `_refresh_access_token`, `login`): a token the server
    keeps, not a change the tool makes."""
    return bool(_name_words(function.label.split(".")[-1]) & cat.CREDENTIAL_REQUEST_WORDS)


def _credential_words(words: set[str]) -> bool:
    return _named_any(words, cat.CREDENTIAL_FUNCTION_WORDS, cat.CREDENTIAL_FUNCTION_PAIRS)


def _named_any(
    words: set[str], single: frozenset[str], pairs: tuple[frozenset[str], ...]
) -> bool:
    return bool(words & single) or any(pair <= words for pair in pairs)


def _lock_function(function: Function) -> bool:
    """Whether a function (or its class) is named for a lock it takes or releases and for
    nothing it writes (`_acquire_lock_file`, `garden_authoring_lock`, `FileLock.release`,
    not `write_with_lock`): the files it writes, and those written by what it calls,
    coordinate the server's processes."""
    parts = function.label.split(".")[-2:]
    words = set().union(*(_name_words(part) for part in parts))
    return "lock" in words and not words & _WRITE_WORDS


_WRITE_WORDS = frozenset({"write", "save", "store", "put", "update", "create", "delete", "dump"})


def _name_words(name: str) -> set[str]:
    """`_cacheStore` -> {"cache", "store"}."""
    return _words(re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name))


def _first_word(name: str) -> str:
    stripped = name.lstrip("_")
    for index, char in enumerate(stripped):
        if char == "_" or (index and char.isupper()):
            return stripped[:index].lower()
    return stripped.lower()


def _snake(text: str) -> str:
    """`getTabs` and `get-tabs` as `get_tabs`, lower case."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", text).lower()
