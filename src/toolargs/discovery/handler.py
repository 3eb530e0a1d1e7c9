"""What a handler does with its arguments, in source order.

The scanner reads a handler's statements once and records `Event`s: helper calls, direct
reads of limit fields and aliases, hand-written rejections, and side effects. Rules judge
the order of these events; they never look at the code again.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.literals import (
    dotted_name,
    keyword,
    last_name,
    positional,
    snippet,
    string_value,
)
from toolargs.discovery.index import FunctionInfo
from toolargs.discovery.schema import Resolver
from toolargs.discovery.walk import children, push_children
from toolargs.model import Event, KnownArgs, Step

# Calls that neither write, open, spawn nor reach the network.
PURE_FUNCTIONS = frozenset(
    """abs all any bool bytes callable chr dict divmod enumerate filter float format
    frozenset getattr hasattr hash id int isinstance issubclass iter len list map max min
    next ord pow print range repr reversed round set slice sorted str sum tuple type vars zip
    cast Path PurePath PurePosixPath PureWindowsPath json.dumps json.loads re.compile
    re.match re.search re.fullmatch re.sub re.split re.findall re.escape textwrap.dedent
    dataclasses.asdict asdict TextContent types.TextContent ImageContent types.ImageContent
    CallToolResult types.CallToolResult""".split()
)
# Methods that only read.
READ_METHODS = frozenset(
    """get keys items values copy strip lstrip rstrip lower upper casefold title split
    rsplit splitlines join startswith endswith replace format encode decode count index find
    rfind isdigit isalnum isidentifier partition rpartition removeprefix removesuffix zfill
    ljust rjust center exists is_file is_dir is_absolute relative_to with_suffix with_name
    joinpath as_posix model_dump isoformat""".split()
)
# Methods that change their object: harmless on a value the handler itself created.
LOCAL_MUTATORS = frozenset(
    "append extend add update setdefault pop insert remove discard sort clear".split()
)
LOGGING_ROOTS = frozenset({"logger", "logging", "log", "LOGGER", "LOG", "_logger", "_log"})
ARGS_PARAMETER_NAMES = frozenset(
    {"arguments", "args", "params", "payload", "input", "tool_input", "kwargs", "arguments_"}
)
STRICT_VALIDATORS = frozenset({"model_validate", "parse_obj", "validate"})
# How deep the scanner follows the raw arguments into project functions that check them
# (`validate_tool_call(name, arguments)` -> `_validate(arguments, schema)`).
MAX_CALLEE_DEPTH = 3


class HandlerScanner:
    """Scans one handler body (or dispatcher branch) for the events rules judge."""

    def __init__(
        self,
        resolver: Resolver,
        config: Config,
        args_name: str,
        tool: str,
        parameters: Iterable[str] = (),
        also: Iterable[str] = (),
        function: FunctionInfo | None = None,
        depth: int = 0,
    ) -> None:
        self.resolver = resolver
        self.depth = depth  # project functions followed to get here
        self.function = function  # the handler's function: `self.KNOWN_ARGS` is its class's
        self.config = config
        self.tool = tool
        self.args_names = {args_name, *also}  # dotted names that hold the raw arguments
        self.locals: set[str] = set(parameters) | {args_name}
        self.events: list[Event] = []
        self.unknown_names: set[str] = set()  # bound to collect results or differences
        self.differences: dict[str, KnownArgs] = {}  # name = set(args) - KNOWN
        self.guards: list[set[str]] = []  # names tested by the enclosing `if`s
        self.helpers = (
            set(config.collect_helpers)
            | set(config.reject_helpers)
            | set(config.attach_helpers)
            | set(config.limit_helpers)
        )

    # --- statements ---

    def scan(self, statements: Sequence[cst.BaseStatement]) -> list[Event]:
        for statement in statements:
            self._statement(statement)
        return self.events

    def _block(self, block: cst.BaseSuite) -> None:
        if isinstance(block, cst.IndentedBlock):
            for statement in block.body:
                self._statement(statement)
        elif isinstance(block, cst.SimpleStatementSuite):
            for small in block.body:
                self._small(small)

    def _statement(self, statement: cst.CSTNode) -> None:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                self._small(small)
        elif isinstance(statement, cst.If):
            self._if(statement)
        elif isinstance(statement, (cst.For, cst.While)):
            if isinstance(statement, cst.For) and self._rejection_loop(statement):
                return
            self._expression(statement.iter if isinstance(statement, cst.For) else statement.test)
            if isinstance(statement, cst.For):
                self._bind(statement.target)
            self._block(statement.body)
            if statement.orelse is not None:
                self._block(statement.orelse.body)
        elif isinstance(statement, cst.With):
            for item in statement.items:
                self._expression(item.item)
                if item.asname is not None:
                    self._bind(item.asname.name)
            self._block(statement.body)
        elif isinstance(statement, cst.Try) or isinstance(statement, cst.TryStar):
            self._block(statement.body)
            for handler in statement.handlers:
                if handler.name is not None:
                    self._bind(handler.name.name)
                self._block(handler.body)
            if statement.orelse is not None:
                self._block(statement.orelse.body)
            if statement.finalbody is not None:
                self._block(statement.finalbody.body)
        elif isinstance(statement, cst.Match):
            self._expression(statement.subject)
            for case in statement.cases:
                self._block(case.body)
        # Nested functions and classes run later, if ever: not part of this call.

    def _small(self, small: cst.BaseSmallStatement) -> None:
        if isinstance(small, cst.Assign):
            self._assign([t.target for t in small.targets], small.value)
        elif isinstance(small, cst.AnnAssign):
            if small.value is not None:
                self._assign([small.target], small.value)
        elif isinstance(small, cst.AugAssign):
            self._expression(small.value)
            self._store(small.target, small.value)
        elif isinstance(small, (cst.Expr, cst.Return)):
            if small.value is not None:
                self._expression(small.value)
        elif isinstance(small, cst.Del):
            self._store(small.target, None)
        elif isinstance(small, cst.Raise):
            pass  # raising is not a side effect: nothing has happened yet

    def _assign(
        self, targets: list[cst.BaseAssignTargetExpression], value: cst.BaseExpression
    ) -> None:
        start = len(self.events)
        self._expression(value)
        for event in self.events[start:]:
            if event.step is Step.COLLECT and event.node is value:
                for target in targets:
                    if isinstance(target, cst.Name):
                        event.result = target.value
                        self.unknown_names.add(target.value)
        difference = self._difference(value)
        for target in targets:
            if isinstance(target, cst.Name):
                if self._is_args_copy(value):
                    self.args_names.add(target.value)
                if difference is not None:
                    self.differences[target.value] = difference
                    self.unknown_names.add(target.value)
            self._store(target, value)

    def _store(self, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._store(element.value, value)
            return
        if isinstance(target, cst.Name):
            self.locals.add(target.value)
            return
        if isinstance(target, cst.Subscript):
            key = _subscript_key(target)
            if key == "unknown_args":
                guarded = self._guarded(value)
                step = Step.ATTACH_GUARDED if guarded else Step.ATTACH_ALWAYS
                self.events.append(Event(step, target, key=snippet(value) if value else ""))
                return
        base = _base_name(target)
        if base is None or base not in self.locals or base == "self":
            self._effect(target, f"assignment to {snippet(target)}")

    def _bind(self, target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            self.locals.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._bind(element.value)

    def _if(self, statement: cst.If) -> None:
        self._expression(statement.test)
        tested = _names(statement.test)
        difference = next((self.differences[n] for n in tested if n in self.differences), None)
        raised = _first_raise(statement.body)
        if difference is None:
            known = self._any_unknown(statement.test)
            if known is not None:
                difference = self.resolver.known_args(known, self.tool, self.function)
        if difference is not None and raised is not None:
            self._rejection(raised, difference, "set difference")
        self.guards.append(tested)
        self._block(statement.body)
        self.guards.pop()
        if statement.orelse is not None:
            if isinstance(statement.orelse, cst.If):
                self._if(statement.orelse)
            else:
                self._block(statement.orelse.body)

    # --- hand-written strict forms ---

    def _rejection_loop(self, loop: cst.For) -> bool:
        """`for key in args: if key not in KNOWN: raise MissingParam(...)`."""
        if not self._iterates_args(loop.iter) or not isinstance(loop.target, cst.Name):
            return False
        key = loop.target.value
        for statement in _body(loop.body):
            if not isinstance(statement, cst.If):
                continue
            known = _not_in_test(statement.test, key)
            raised = _first_raise(statement.body)
            if known is not None and raised is not None:
                found = self.resolver.known_args(known, self.tool, self.function)
                self._rejection(raised, found, "loop")
                return True
        return False

    def _any_unknown(self, test: cst.BaseExpression) -> cst.BaseExpression | None:
        """KNOWN of `any(key not in KNOWN for key in args)` (also inside `... and ...`)."""
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
            return self._any_unknown(test.left) or self._any_unknown(test.right)
        if not (isinstance(test, cst.Call) and dotted_name(test.func) == "any"):
            return None
        generator = positional(test, 0)
        if not isinstance(generator, (cst.GeneratorExp, cst.ListComp)):
            return None
        loop = generator.for_in
        if loop.inner_for_in is not None or not isinstance(loop.target, cst.Name):
            return None
        if not self._iterates_args(loop.iter):
            return None
        known = _not_in_test(generator.elt, loop.target.value)
        if isinstance(known, cst.Name) and self.function is not None:
            # `properties = schema.get("properties", {})` first, in the same function
            return self.function.locals.get(known.value, known)
        return known

    def _rejection(self, raised: cst.Raise, known: KnownArgs, how: str) -> None:
        error_ok, got = self._error_ok(raised)
        self.events.append(
            Event(Step.REJECT, raised, known=known, how=how, error_ok=error_ok, error_text=got)
        )

    def _error_ok(self, raised: cst.Raise) -> tuple[bool, str]:
        exc = raised.exc
        if not isinstance(exc, cst.Call):
            return False, snippet(raised)
        if last_name(exc.func) not in self.config.error_types:
            return False, last_name(exc.func) or snippet(exc)
        text = positional(exc, 0)
        prefix = ""
        if isinstance(text, cst.FormattedString):
            first = text.parts[0] if text.parts else None
            prefix = first.value if isinstance(first, cst.FormattedStringText) else ""
        elif text is not None:
            prefix = string_value(text) or ""
            if isinstance(text, cst.BinaryOperation):  # "unknown arg: " + key
                prefix = string_value(text.left) or ""
        if not prefix.startswith("unknown arg"):
            return False, f"message {snippet(text) if text else '(none)'}"
        return True, ""

    def _difference(self, value: cst.BaseExpression) -> KnownArgs | None:
        """`set(args) - KNOWN`, `args.keys() - KNOWN`, `[k for k in args if k not in KNOWN]`."""
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Subtract):
            if self._iterates_args(value.left):
                return self.resolver.known_args(_unwrap_set(value.right), self.tool, self.function)
        if isinstance(value, cst.Call) and last_name(value.func) == "difference":
            if isinstance(value.func, cst.Attribute) and self._iterates_args(value.func.value):
                other = positional(value, 0)
                if other is not None:
                    return self.resolver.known_args(_unwrap_set(other), self.tool, self.function)
        if isinstance(value, (cst.ListComp, cst.SetComp)):
            comp = value.for_in
            if (
                self._iterates_args(comp.iter)
                and isinstance(comp.target, cst.Name)
                and len(comp.ifs) == 1
            ):
                known = _not_in_test(comp.ifs[0].test, comp.target.value)
                if known is not None:
                    return self.resolver.known_args(known, self.tool, self.function)
        if isinstance(value, cst.Call) and dotted_name(value.func) == "sorted":
            inner = positional(value, 0)
            if inner is not None:
                return self._difference(inner)
        return None

    def _iterates_args(self, expr: cst.BaseExpression) -> bool:
        if isinstance(expr, (cst.Name, cst.Attribute)):
            return dotted_name(expr) in self.args_names
        if isinstance(expr, cst.Call):
            name = dotted_name(expr.func)
            if name in ("set", "sorted", "list", "frozenset", "tuple"):
                inner = positional(expr, 0)
                return inner is not None and self._iterates_args(inner)
            if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "keys":
                return self._iterates_args(expr.func.value)
        return False

    def _is_args_copy(self, value: cst.BaseExpression) -> bool:
        if isinstance(value, (cst.Name, cst.Attribute)):
            return dotted_name(value) in self.args_names
        if isinstance(value, cst.BooleanOperation):  # arguments or {}
            return self._is_args_copy(value.left)
        if isinstance(value, cst.Call):
            if dotted_name(value.func) == "dict":
                inner = positional(value, 0)
                return inner is not None and self._is_args_copy(inner)
            if isinstance(value.func, cst.Attribute) and value.func.attr.value == "copy":
                return self._is_args_copy(value.func.value)
        return False

    # --- expressions ---

    def _expression(self, expr: cst.BaseExpression) -> None:
        guarded_ids: set[int] = set()
        stack: list[cst.CSTNode] = [expr]
        while stack:
            node = stack.pop()
            kind = type(node)  # exact type tests: isinstance on libcst's ABCs is slow
            if kind is cst.Lambda or kind is cst.FunctionDef:
                continue
            if kind is cst.Call:
                assert isinstance(node, cst.Call)
                self._call(node)
            elif kind is cst.Subscript:
                assert isinstance(node, cst.Subscript)
                self._read(node, _subscript_key(node), node.value)
            elif kind is cst.Await:
                assert isinstance(node, cst.Await)
                # `await f(**args)` refuses unknown keys before f's body runs.
                inner = node.expression
                if not (
                    isinstance(inner, cst.Call)
                    and (self._is_pure(inner) or self._strict_construction(inner) is not None)
                ):
                    self._effect(node, snippet(node))
            elif kind is cst.Dict:
                assert isinstance(node, cst.Dict)
                self._dict(node, id(node) in guarded_ids)
            elif kind is cst.IfExp:
                assert isinstance(node, cst.IfExp)
                if _names(node.test) & self.unknown_names:
                    guarded_ids.add(id(node.body))
            if guarded_ids and id(node) in guarded_ids:
                guarded_ids.update(id(child) for child in children(node))
            push_children(stack, node)

    def _dict(self, node: cst.Dict, guarded: bool) -> None:
        for element in node.elements:
            if isinstance(element, cst.DictElement) and string_value(element.key) == "unknown_args":
                guarded = guarded or self._guarded(element.value)
                step = Step.ATTACH_GUARDED if guarded else Step.ATTACH_ALWAYS
                self.events.append(Event(step, element, key=snippet(element.value)))

    def _guarded(self, value: cst.BaseExpression | None) -> bool:
        names = _names(value) if value is not None else set()
        return any(guard & (names | self.unknown_names) for guard in self.guards)

    def _read(self, node: cst.CSTNode, key: str | None, container: cst.BaseExpression) -> None:
        if key is None or not (dotted_name(container) in self.args_names):
            return
        if key in self.config.limit_fields:
            self.events.append(Event(Step.LIMIT_READ, node, key=key))
        elif key in self.config.aliases:
            self.events.append(Event(Step.ALIAS_READ, node, key=key))

    def _call(self, call: cst.Call) -> None:
        name = last_name(call.func)
        config = self.config
        if name in config.collect_helpers:
            known = positional(call, 1) or keyword(call, "known")
            self.events.append(Event(Step.COLLECT, call, known=self._known(known), how=name or ""))
            return
        if name in config.reject_helpers:
            known = positional(call, 1) or keyword(call, "known")
            self.events.append(Event(Step.REJECT, call, known=self._known(known), how="helper"))
            return
        if name in config.attach_helpers:
            unknown = positional(call, 1)
            self.events.append(
                Event(Step.ATTACH, call, key=snippet(unknown) if unknown is not None else "")
            )
            return
        if name in config.limit_helpers:
            canonical = string_value(positional(call, 1) or keyword(call, "canonical"))
            aliases_expr = positional(call, 2) or keyword(call, "aliases")
            self.events.append(
                Event(
                    Step.LIMIT_HELPER,
                    call,
                    key=canonical or "?",
                    aliases=self._aliases(aliases_expr),
                )
            )
            return
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "get":
            self._read(call, string_value(positional(call, 0)), call.func.value)
        strict = self._strict_construction(call)
        if strict is not None:
            self.events.append(Event(Step.REJECT, call, how=strict))
            return
        checked = self._checking_callee(call)
        if checked is not None:
            self.events.append(checked)
            return
        if not self._is_pure(call):
            self._effect(call, snippet(call))

    def _known(self, expr: cst.BaseExpression | None) -> KnownArgs:
        if expr is None:
            return KnownArgs("KNOWN_ARGS", None, "unresolved", None, "no key list passed")
        return self.resolver.known_args(expr, self.tool, self.function)

    def _aliases(self, expr: cst.BaseExpression | None) -> tuple[str, ...]:
        if expr is None:
            return tuple(self.config.aliases)  # the helper's own default
        if dotted_name(expr) in ("DEFAULT_ALIASES", "runtime.DEFAULT_ALIASES"):
            return tuple(self.config.aliases)
        known = self.resolver.known_args(expr)
        return known.keys if known.keys is not None else ("?",)

    def _strict_construction(self, call: cst.Call) -> str | None:
        """A typed object that refuses unknown keys, built from the raw arguments."""
        spread = any(
            arg.star == "**" and dotted_name(arg.value) in self.args_names for arg in call.args
        )
        func = call.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in STRICT_VALIDATORS
            and any(dotted_name(a.value) in self.args_names for a in call.args)
        ):
            found = self.resolver.find_class(func.value)
            if found is not None and self.resolver.forbids_extra(*found):
                return f"model {found[0].name} (extra='forbid')"
            return None
        if not spread:
            return None
        found = self.resolver.find_class(func)
        if found is not None:
            cls, where = found
            if self.resolver.forbids_extra(cls, where):
                return f"model {cls.name} (extra='forbid')"
            if "dataclass" in cls.decorators:
                return f"dataclass {cls.name}"
            return None
        name = dotted_name(func)
        function = self.resolver.index.function(name) if name else None
        if function is None and name and not name.startswith("self."):
            function = self.resolver.find_function(name)  # imported from the project
        node = function.node if function is not None else self._own_method(name)
        if node is not None and node.params.star_kwarg is None:
            # A fixed signature: an unknown key is a TypeError naming it, before the body.
            return f"call {name}(**{self._args_label()})"
        return None

    def _checking_callee(self, call: cst.Call) -> Event | None:
        """A project function handed the raw arguments that rejects their unknown keys
        before it does anything else: the call is the rejection (`validate(arguments)`,
        `Settings(**arguments)` in a helper), however the callee spells it."""
        if self.depth >= MAX_CALLEE_DEPTH:
            return None
        passed = [
            a for a in call.args
            if a.star == "" and dotted_name(a.value) in self.args_names
        ]  # fmt: skip
        if not passed:
            return None
        name = dotted_name(call.func)
        if name is None or name.startswith("self."):
            return None
        function = self.resolver.index.function(name) or self.resolver.find_function(name)
        if function is None or function.node.asynchronous is not None:
            return None
        parameter = parameter_for(function, call, passed[0])
        if parameter is None:
            return None
        index = function.index or self.resolver.index
        resolver = self.resolver if index is self.resolver.index else Resolver(index, self.config)
        scanner = HandlerScanner(
            resolver, self.config, parameter, self.tool, function.params, (),
            function, self.depth + 1,
        )  # fmt: skip
        body = function.node.body
        statements = body.body if isinstance(body, cst.IndentedBlock) else ()
        for event in scanner.scan(statements):
            if event.step is Step.SIDE_EFFECT:
                return None
            if event.step is Step.REJECT:
                how = f"{event.how} in {function.name}" if event.how else function.name
                return Event(
                    Step.REJECT, call, known=event.known, how=how,
                    error_ok=event.error_ok, error_text=event.error_text,
                )  # fmt: skip
        return None

    def _own_method(self, name: str | None) -> cst.FunctionDef | None:
        """`self._check_date` in a handler nested in a method of a class: that class's
        method (the handler's `self` is the instance it was defined for)."""
        if name is None or not name.startswith("self.") or name.count(".") != 1:
            return None
        function = self.function
        while function is not None and function.owner is None:
            function = function.enclosing
        if function is None or function.owner is None:
            return None
        return function.owner.methods.get(name.split(".", 1)[1])

    def _args_label(self) -> str:
        return sorted(self.args_names)[0]

    def _is_pure(self, call: cst.Call) -> bool:
        name = dotted_name(call.func)
        last = last_name(call.func) or ""
        if name is not None and (name in PURE_FUNCTIONS or name in self.config.pure_calls):
            return True
        if (
            last in self.helpers
            or last in self.config.pure_calls
            or last in self.config.error_types
        ):
            return True
        if last.endswith(("Error", "Exception")):
            return True
        if isinstance(call.func, cst.Attribute):
            root = _base_name(call.func)
            if root in LOGGING_ROOTS:
                return True
            imported = self.resolver.index.imports.get(root or "")
            if (
                imported is not None
                and not imported.name
                and isinstance(call.func.value, (cst.Name, cst.Attribute))
            ):
                return False  # `shutil.copy(...)`, `os.replace(...)`: module functions
            if last in READ_METHODS:
                return True
            if last in LOCAL_MUTATORS and root in self.locals and root != "self":
                return True
            if isinstance(call.func.value, (cst.SimpleString, cst.FormattedString)):
                return True  # "...".format(), ", ".join()
        found = self.resolver.find_class(call.func) if name else None
        if found is not None:
            cls, _ = found
            return "dataclass" in cls.decorators or self.resolver.forbids_extra(cls, found[1])
        return False

    def _effect(self, node: cst.CSTNode, text: str) -> None:
        self.events.append(Event(Step.SIDE_EFFECT, node, key=text))


def parameter_for(function: FunctionInfo, call: cst.Call, arg: cst.Arg) -> str | None:
    """The parameter of `function` that `arg` of `call` is bound to."""
    if arg.keyword is not None:
        return arg.keyword.value if arg.keyword.value in function.params else None
    params = [*function.node.params.posonly_params, *function.node.params.params]
    if function.owner is not None and params and params[0].name.value in ("self", "cls"):
        if isinstance(call.func, cst.Attribute):
            params = params[1:]
    position = [a for a in call.args if a.keyword is None and not a.star].index(arg)
    return params[position].name.value if position < len(params) else None


def _body(block: cst.BaseSuite) -> Sequence[cst.CSTNode]:
    return block.body if isinstance(block, cst.IndentedBlock) else ()


def _first_raise(block: cst.BaseSuite) -> cst.Raise | None:
    statements: Sequence[cst.CSTNode]
    if isinstance(block, cst.IndentedBlock):
        statements = block.body
    else:
        statements = [block]
    for statement in statements:
        smalls = (
            statement.body
            if isinstance(statement, (cst.SimpleStatementLine, cst.SimpleStatementSuite))
            else ()
        )
        for small in smalls:
            if isinstance(small, cst.Raise):
                return small
    return None


def _not_in_test(test: cst.BaseExpression, key: str) -> cst.BaseExpression | None:
    """The container of `key not in CONTAINER` (also inside `... and ...`)."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _not_in_test(test.left, key) or _not_in_test(test.right, key)
    if (
        isinstance(test, cst.Comparison)
        and isinstance(test.left, cst.Name)
        and test.left.value == key
        and len(test.comparisons) == 1
        and isinstance(test.comparisons[0].operator, cst.NotIn)
    ):
        return test.comparisons[0].comparator
    return None


def _unwrap_set(expr: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(expr, cst.Call) and dotted_name(expr.func) in ("set", "frozenset"):
        inner = positional(expr, 0)
        if inner is not None:
            return inner
    return expr


def _subscript_key(node: cst.Subscript) -> str | None:
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    return string_value(node.slice[0].slice.value)


def _base_name(expr: cst.BaseExpression) -> str | None:
    while isinstance(expr, (cst.Attribute, cst.Subscript, cst.Call)):
        expr = expr.func if isinstance(expr, cst.Call) else expr.value
    return expr.value if isinstance(expr, cst.Name) else None


def _names(expr: cst.CSTNode) -> set[str]:
    names: set[str] = set()
    stack: list[cst.CSTNode] = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            names.add(node.value)
        stack.extend(children(node))
    return names
