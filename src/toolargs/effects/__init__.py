"""Effects: what a tool handler writes, and the mode that follows from it.

`classify_tools` is the one step discovery calls once the tools of a module are known:
it computes each handler's effects (`toolargs.effects.analysis`, from the catalogue in
`toolargs.effects.catalogue`), marks as the server's own state the writes nearly every
tool of the module reaches alike and those that are its upkeep (set-up in a constructor, a
cache, counts or a log kept by a helper under a tool named as a read), and classifies the
tool again with them
(`toolargs.mode.classify`, which stays free of libcst). Writes that only keep the
server's own state are shown, not counted. See docs/effects.md.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from toolargs.config import Config
from toolargs.effects.catalogue import (
    AUDIT_HELPER_WORDS,
    CACHE_HELPER_WORDS,
    CLEANUP_HELPER_WORDS,
    CREDENTIAL_HELPER_WORDS,
    CREDENTIALS,
    DATABASE_SETUP,
    LOG,
    PACING,
    PACING_HELPER_WORDS,
    DELETION_CALLS,
    OBJECT_SETUP,
    SCRATCH_CLEANUP,
    SCRATCH_WORDS,
    OWN_STATE_TOOL_WORDS,
    READ_NAME_WORDS,
    UPKEEP_HELPER_WORDS,
)
from toolargs.mode import (
    Classification,
    Effects,
    classify,
    name_verb,
    name_words,
    reads_by_name,
)

if TYPE_CHECKING:  # discovery imports this package: its modules are imported when used
    from toolargs.discovery.index import ModuleIndex
    from toolargs.discovery.schema import Resolver
    from toolargs.effects.analysis import Function, Verdict, Write
    from toolargs.model import Tool

__all__ = ["classify_tools", "evidence"]


def classify_tools(
    tools: Sequence[Tool], index: ModuleIndex, resolver: Resolver, config: Config
) -> None:
    """Give each tool its effects and its mode by the full precedence."""
    from toolargs.effects.analysis import EffectAnalysis
    from toolargs.effects.catalogue import Catalogue
    from toolargs.effects.project import IndexProject

    project = IndexProject(index, resolver)
    analysis = EffectAnalysis(project, Catalogue.from_config(config))
    verdicts: dict[int, Verdict] = {}
    for tool in tools:
        if tool.handler is not None:  # every tool counts for what they all reach alike
            verdicts[id(tool)] = analysis.verdict(project.handler(tool.handler))
    verdicts = _ambient(tools, verdicts, config)
    verdicts = _upkeep(tools, verdicts, config)
    judged = [t for t in tools if id(t) in verdicts and not _decided_as_mutation(t, config)]
    # Lines cost code generation: only for the evidence shown (the first certain and the
    # first uncertain write of each tool, the first the tool's arguments decide, and the
    # first that only keeps the server's own state).
    shown = [
        w for t in judged for w in _first_of_each(verdicts[id(t)].writes, name_words(t.name))
    ]
    lines = project.lines(
        [(w.node, w.function) for w in shown] + [hop for w in shown for hop in w.calls]
    )
    for tool in judged:
        verdict = verdicts[id(tool)]
        words = name_words(tool.name)
        counted = [w for w in verdict.writes if not w.own_state]
        named = [w for w in verdict.writes if w.own_state and _named_for(w, words)]
        named.sort(key=lambda w: not w.certain)  # `entry.unlink()` before a `mkdir`
        tool.effects = Effects(
            tuple(evidence(w, lines) for w in counted if w.certain),
            verdict.resolved,
            tuple(evidence(w, lines) for w in counted if not w.certain)
            + tuple(evidence(w, lines, named=True) for w in named),
            tuple(evidence(w, lines) for w in counted if w.from_arguments),
            tuple(evidence(w, lines) for w in verdict.writes if _not_counted(w, words)),
        )
        _apply(tool, classify(tool.name, tool.annotations, tool.markers, config, tool.effects))


def _named_for(write: Write, words: set[str]) -> bool:
    """A tool named for the state a write keeps (`clear_cache`, `login`) is there to
    change it."""
    return bool(words & OWN_STATE_TOOL_WORDS.get(write.own, frozenset()))


def _not_counted(write: Write, words: set[str]) -> bool:
    """A write that only keeps the server's own state, for a tool not named for that
    state: `save_cookies` under `list_schools` does not count. Under `login` it counts as
    a write that may change something (a mode, not a TAV403: nothing of the user's)."""
    return write.own_state and not _named_for(write, words)


def _first_of_each(writes: Sequence[Write], words: set[str]) -> list[Write]:
    counted = [w for w in writes if not w.own_state]
    certain = next((w for w in counted if w.certain), None)
    uncertain = next((w for w in counted if not w.certain), None)
    named = sorted(
        (w for w in writes if w.own_state and _named_for(w, words)), key=lambda w: not w.certain
    )
    argued = next((w for w in counted if w.from_arguments), None)
    own = next((w for w in writes if _not_counted(w, words)), None)
    first_named = named[0] if named else None
    return [w for w in (certain, uncertain, argued, own, first_named) if w is not None]


# A write reached the same way by this share of a module's tools (and by at least this
# many), one of them named as a read, is the server's own machinery (docs/effects.md).
AMBIENT_SHARE = 0.75
AMBIENT_MIN = 3
# Kinds that act on what the user owns whichever tool reaches them: never ambient. An
# HTTP request is only when it carries nothing of the tool's arguments but credentials
# (signing in, metering).
_NOT_AMBIENT = frozenset({"process", "git", "desktop"})


def _ambient(
    tools: Sequence[Tool], verdicts: dict[int, Verdict], config: Config
) -> dict[int, Verdict]:
    """The writes nearly every tool of the module reaches through the same functions
    (logging in and saving its cookies, a log line, building a cache before the first
    query) are marked as the server's own state: they cannot tell one tool from another.

    A write counts by its call and the chain of functions leading to it: the longest tails
    of those chains that enough tools share are the way they all reach it. `list_schools
    -> _with_mfa_retry -> ... -> save_cookies` and `get_feeds -> _with_mfa_retry -> ... ->
    save_cookies` reach it alike; a tool calling `submit_mfa` itself does not, although
    `submit_mfa -> save_cookies` ends every chain. Only writes the tools' arguments do not
    decide, and no HTTP request, process or git command: those act on what the user owns."""
    from dataclasses import replace

    from toolargs.effects.analysis import Verdict

    # Tools count by name: a server registering each tool twice (a local and a proxied
    # variant under one name) has as many tools as names.
    names = {id(t): t.name for t in tools if id(t) in verdicts}
    context = {id(t): _context_params(t) for t in tools if id(t) in verdicts}
    total = len(set(names.values()))
    need = max(AMBIENT_MIN, math.ceil(AMBIENT_SHARE * total))
    if total < need:
        return verdicts
    reached: dict[int, list[tuple[int, tuple[str, ...]]]] = {}
    requests: set[int] = set()  # requests that carry the caller's credentials alone
    for key, verdict in verdicts.items():
        for write in verdict.writes:
            if _may_be_ambient(write, context[key]):
                reached.setdefault(id(write.node), []).append((key, write.chain[1:]))
                if write.kind == "network" and set(write.carries) - context[key]:
                    requests.add(id(write.node))
    shared: dict[int, list[tuple[tuple[str, ...], int]]] = {}  # node -> (tail, tools)
    for node, paths in reached.items():
        named = [(names[key], chain) for key, chain in paths]
        if len({name for name, _ in named}) < need:
            continue
        # One of them named as a read (a server whose every tool writes through one
        # helper has no such tool), unless it is a request that carries, of the tools'
        # arguments, the caller's credentials alone: signing in, or metering each call.
        tails = [
            (tail, len(reaching)) for tail, reaching in _shared_tails(named, need)
            if node in requests or any(reads_by_name(name, config) for name in reaching)
        ]
        if tails:
            shared[node] = tails
    if not shared:
        return verdicts
    marked: dict[int, Verdict] = {}
    for key, verdict in verdicts.items():
        writes = []
        for write in verdict.writes:
            for tail, count in shared.get(id(write.node), ()):
                if _may_be_ambient(write, context[key]) and _ends_with(write.chain[1:], tail):
                    why = f"reached the same way by {count} of {total} tools"
                    write = replace(write, own=why, carries=())  # credentials at most
                    break
            writes.append(write)
        marked[key] = Verdict(tuple(writes), verdict.resolved)
    return marked


def _may_be_ambient(write: Write, context: frozenset[str]) -> bool:
    return (
        len(write.chain) > 1  # not written by the handler itself
        and not write.own_state
        and not write.place
        and not write.from_arguments
        and write.kind not in _NOT_AMBIENT
        and (write.certain or write.kind != "sql")
        and (write.kind != "network" or _signing_in(write, context))
    )


def _signing_in(write: Write, context: frozenset[str]) -> bool:
    """A request that carries nothing of the tool's arguments but what the framework
    fills in and the caller's credentials (`check_access(api_key)` posting the key to the
    vendor's `/verify`): the server signing in or metering its use, not a change."""
    from toolargs.effects.space import own_name

    return all(p in context or own_name(p) == CREDENTIALS for p in write.carries)


def _upkeep(
    tools: Sequence[Tool], verdicts: dict[int, Verdict], config: Config
) -> dict[int, Verdict]:
    """Writes the server makes for itself on the way to what a tool does are marked as
    its own state:

    - a write reached through a constructor (`get_status -> Store.__init__ ->
      initialize_connection -> apply_migrations`) sets up an object the tool uses;
    - a write reached through a helper named for a cache (`today -> _refresh ->
      replace_tasklist_cache`) is the cache the server keeps, under any tool, and one
      reached through a helper named for logging in (`discover_projects ->
      _authenticate_locked -> TokenStore.save`) the credentials it keeps;
    - under a tool whose name says it reads (`search_docs`, `get_status`, `recall`), or
      annotated read-only, a write reached through a helper named for a cache, a log,
      counts or set-up
      (`ai_search -> _finish_search -> record_hit`, `get_summary -> _maybe_refresh_trends
      -> Store.write`) is upkeep of the server's own;
    - a file deleted through a helper named for cleaning up temporary files
      (`extract_text -> Processor.cleanup_files -> file_path.unlink`) is what the tool
      made on the way, under a tool whose name does not say it deletes;
    - what a helper named for the scratch space it makes writes (`preview_edits ->
      _scratch -> path.mkdir`) is that scratch space, not a write at all.

    Only writes the tool's arguments do not decide, that are not the handler's own, and
    no HTTP request, process or git command: those act on what the user owns."""
    from dataclasses import replace

    from toolargs.effects.analysis import Verdict

    marked = dict(verdicts)
    for tool in tools:
        verdict = verdicts.get(id(tool))
        if verdict is None:
            continue
        # Named as a read, or annotated read-only: its author says it reads, and what a
        # helper named for upkeep writes on the way is the server's own (set-up verbs
        # aside under an annotation alone: `init_user` may make what the user owns).
        reads: bool | None = True if _reads_by_name(tool.name, config) else None
        if reads is None and tool.read_only_hint is True:
            reads = False
        deletes = bool(
            name_words(tool.name) & (CLEANUP_HELPER_WORDS | DELETION_CALLS | {"delete", "purge"})
        )
        writes = []
        for write in verdict.writes:
            why = _upkeep_helper(write, reads) if _may_be_upkeep(write) else _browser_sign_in(write)
            if not why and _cached(write):
                # a cache keyed by what the tool was asked: the entry carries the
                # arguments, the cache is still the server's
                why, write = write.own or UPKEEP_HELPER_WORDS["cache"], replace(write, carries=())
            if not why and not deletes and (
                _scratch_helper(write) or _disposed_of(write) or _made_and_removed(write)
            ):
                continue  # scratch space, as a temporary file is: not a write
            if not why and not deletes and _may_be_upkeep(write):
                why = _cleanup_helper(write)
            writes.append(replace(write, own=why) if why else write)
        marked[id(tool)] = Verdict(tuple(writes), verdict.resolved)
    return marked


def _reads_by_name(name: str, config: Config) -> bool:
    if reads_by_name(name, config):
        return True
    words = name_words(name)
    return bool(words & READ_NAME_WORDS) and name_verb(name, config.mutation_verbs) is None


def _may_be_upkeep(write: Write) -> bool:
    return (
        len(write.chain) > 1
        and not write.own_state
        and not write.place
        and not write.from_arguments
        and not write.carries
        and write.kind not in _NOT_AMBIENT
        and write.kind != "network"
    )


def _browser_sign_in(write: Write) -> str:
    """A browser opened by a helper named for signing in (`get_accounts ->
    _get_client -> trigger_auth_flow -> webbrowser.open(url)`): the server logging itself
    in, as the credentials it then keeps are; under any tool not named for it."""
    if write.kind != "desktop" or write.from_arguments or write.carries:
        return ""
    helpers = (name_words(label.rsplit(".", 1)[-1]) for label in write.chain[1:])
    return CREDENTIALS if any(words & CREDENTIAL_HELPER_WORDS for words in helpers) else ""


def _upkeep_helper(write: Write, reads: bool | None) -> str:
    """What the first helper of the chain that keeps the server's own state keeps: the
    chain in the evidence names it. `reads`: the tool is named as a read (True), only
    annotated read-only (False: a helper named for set-up alone does not say it), or
    neither (None)."""
    for label in write.chain[1:]:
        name = label.rsplit(".", 1)[-1]
        if name == "__init__":
            return OBJECT_SETUP
        words = name_words(name)
        for named, what in _ANY_TOOL_HELPERS:  # `replace_tasklist_cache`, `check_circuit`
            if words & named:
                return what
        if reads is not None:
            for word in sorted(words):
                kept = UPKEEP_HELPER_WORDS.get(word)
                if kept is not None and (reads or kept != DATABASE_SETUP):
                    return kept
    return ""


# Helpers whose names say what of the server's own they keep, under any tool: its cache,
# its credentials, the pacing of its calls, the audit trail of its own work.
_ANY_TOOL_HELPERS = (
    (CACHE_HELPER_WORDS, UPKEEP_HELPER_WORDS["cache"]),
    (CREDENTIAL_HELPER_WORDS, CREDENTIALS),
    (PACING_HELPER_WORDS, PACING),
    (AUDIT_HELPER_WORDS, LOG),
)


def _cached(write: Write) -> bool:
    """A write made by a helper named for a cache, or by a method of a class named for
    one (`ResultCache.put`, `_cache_result`), that the tool's arguments do not place."""
    if write.from_arguments or write.place or write.kind in _NOT_AMBIENT:
        return False
    if write.kind == "network" or len(write.chain) < 2:
        return False
    for label in write.chain[1:]:
        owner, _, name = label.rpartition(".")
        if (name_words(name) | name_words(owner)) & CACHE_HELPER_WORDS:
            return True
    return False


# What a helper named for scratch space does to make it and take it away. Not a rename,
# a move or a copy: `write_via_tempfile(path)` replacing the file it is given writes it.
_SCRATCH_MAKING = frozenset({"mkdir", "makedirs", "rmtree", "rmdir", "unlink", "remove"})


def _scratch_helper(write: Write) -> bool:
    """A folder or file made or removed inside a helper named for the scratch space it
    makes (`with _scratch(session.root) as work:`, a folder it removes however the call
    ends), wherever the tool's arguments put that space: the tool's own scratch."""
    called = write.text.rstrip("()").rsplit(".", 1)[-1]
    if write.kind != "filesystem" or write.from_arguments or called not in _SCRATCH_MAKING:
        return False
    return any(
        name_words(label.rsplit(".", 1)[-1]) & SCRATCH_WORDS for label in write.chain[1:]
    )


# Modes of `open` that read only.
_READ_MODES = frozenset({"r", "rb", "rt", "br", "tr"})


def _disposed_of(write: Write) -> bool:
    """A file the writing function removes once it is done with it: in a `finally:`
    (`os.remove(audio_path)` after transcribing the audio it downloaded), after it read
    it back (`open(output_path)` then `os.remove(output_path)`, the report a command it
    ran wrote), or that it made itself (`probe.touch()` then `probe.unlink()`). What
    the function removes there is what it made or collected for the call: its own
    scratch, not what the user owns."""
    import libcst as cst

    from toolargs.discovery.walk import walk

    call, body = write.node, write.function.node
    target = _removed_path(call) if write.kind == "filesystem" else None
    if target is None:
        return False
    if isinstance(target, cst.Name) and target.value in _parameters(body):
        return False  # the path the caller gave: removing it is what the tool does
    code = _code(target)
    in_finally = False
    for node in walk(body, into_scopes=False):
        if isinstance(node, cst.Try) and node.finalbody is not None:
            in_finally = in_finally or any(n is call for n in walk(node.finalbody))
        elif isinstance(node, cst.Call) and node is not call and (
            _reads_file(node, code) or _makes_file(node, code)
        ):
            return True  # read back, or made here: `probe.touch()` then `probe.unlink()`
    return in_finally


_MAKING = frozenset({"touch", "write_text", "write_bytes"})


def _made_and_removed(write: Write) -> bool:
    """A file the writing function makes and removes again (`probe.touch()` then
    `probe.unlink()`, a test that a folder can be written): nothing is left behind."""
    import libcst as cst

    from toolargs.discovery.walk import walk

    call = write.node
    if write.kind != "filesystem" or not isinstance(call, cst.Call):
        return False
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value in _MAKING):
        return False
    code = _code(func.value)
    return any(
        node is not call and (target := _removed_path(node)) is not None
        and _code(target) == code
        for node in walk(write.function.node, into_scopes=False)
    )


def _makes_file(call: object, code: str) -> bool:
    import libcst as cst

    assert isinstance(call, cst.Call)
    func = call.func
    return (
        isinstance(func, cst.Attribute) and func.attr.value in _MAKING
        and _code(func.value) == code
    )


def _removed_path(node: object) -> object | None:
    """The path a removal is given, named or reached by attributes: `path.unlink()`,
    `os.remove(path)`, `os.unlink(self.tmp)`; None for any other node."""
    import libcst as cst

    if not isinstance(node, cst.Call):
        return None
    func = node.func
    name = func.attr.value if isinstance(func, cst.Attribute) else (
        func.value if isinstance(func, cst.Name) else ""
    )
    if name not in ("remove", "unlink"):
        return None
    if isinstance(func, cst.Attribute) and name == "unlink" and not node.args:
        target: cst.BaseExpression = func.value
    elif node.args:
        target = node.args[0].value
    else:
        return None
    return target if isinstance(target, (cst.Name, cst.Attribute)) else None


def _parameters(node: object) -> frozenset[str]:
    import libcst as cst

    if not isinstance(node, cst.FunctionDef):
        return frozenset()
    params = node.params
    return frozenset(
        p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)
    )


def _code(node: object) -> str:
    import libcst as cst

    assert isinstance(node, cst.CSTNode)
    return cst.Module(body=[]).code_for_node(node)


def _reads_file(call: object, code: str) -> bool:
    """`open(code)`, `open(code, "r")`, `code.read_text()` or `code.read_bytes()`."""
    import libcst as cst

    assert isinstance(call, cst.Call)
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value in ("read_text", "read_bytes"):
        return _code(func.value) == code
    if not (isinstance(func, cst.Name) and func.value == "open") or not call.args:
        return False
    if _code(call.args[0].value) != code:
        return False
    modes = [a.value for a in call.args[1:2] if a.keyword is None] + [
        a.value for a in call.args if a.keyword is not None and a.keyword.value == "mode"
    ]
    if not modes:
        return True
    mode = modes[0]
    return isinstance(mode, cst.SimpleString) and mode.evaluated_value in _READ_MODES


def _cleanup_helper(write: Write) -> str:
    """A deletion (`path.unlink()`, `shutil.rmtree(folder)`) reached through a helper
    named for cleaning up temporary files: the tool's own scratch."""
    called = write.text.rstrip("()").rsplit(".", 1)[-1]
    if write.kind != "filesystem" or called not in DELETION_CALLS:
        return ""
    for label in write.chain[1:]:
        if name_words(label.rsplit(".", 1)[-1]) & CLEANUP_HELPER_WORDS:
            return SCRATCH_CLEANUP
    return ""


def _context_params(tool: Tool) -> frozenset[str]:
    """The handler's parameters the framework fills in (`ctx: Context`): not arguments."""
    import libcst as cst

    from toolargs.discovery.literals import dotted_name

    node = tool.handler.node if tool.handler is not None else None
    if not isinstance(node, cst.FunctionDef):
        return frozenset()
    found = set()
    for param in (*node.params.params, *node.params.kwonly_params):
        annotation = param.annotation.annotation if param.annotation else None
        if isinstance(annotation, cst.Subscript):
            annotation = annotation.value
        named = dotted_name(annotation) if annotation is not None else None
        if param.name.value in ("ctx", "context") or (named or "").endswith("Context"):
            found.add(param.name.value)
    return frozenset(found)


def _shared_tails(
    paths: Sequence[tuple[str, tuple[str, ...]]], need: int
) -> list[tuple[tuple[str, ...], set[str]]]:
    """The tails of the call chains at least `need` tools share and that no longer tail
    they share extends, with the names of those tools."""
    tools_by_tail: dict[tuple[str, ...], set[str]] = {}
    for name, chain in paths:
        for size in range(1, len(chain) + 1):
            tools_by_tail.setdefault(chain[-size:], set()).add(name)
    shared = {tail: keys for tail, keys in tools_by_tail.items() if len(keys) >= need}
    extended = {tail[1:] for tail in shared}
    return [(tail, keys) for tail, keys in shared.items() if tail not in extended]


def _ends_with(chain: tuple[str, ...], tail: tuple[str, ...]) -> bool:
    return len(chain) >= len(tail) and chain[len(chain) - len(tail):] == tail


def _decided_as_mutation(tool: Tool, config: Config) -> bool:
    """Annotations, markers or patterns already make it a mutation: effects change nothing."""
    found = classify(tool.name, tool.annotations, tool.markers, config)
    return found.mode == "mutation" and found.source != "default" and not (
        found.source.startswith("name verb")
    )


def _apply(tool: Tool, found: Classification) -> None:
    tool.mode = found.mode
    tool.mode_source = found.source
    tool.conflict_pattern = found.conflict_pattern
    tool.read_only_hint = found.read_only_hint


def evidence(write: Write, lines: dict[int, int], named: bool = False) -> str:
    """`api.delete_file() (tools.py:352) via delete_note (server.py:40) -> Api.delete_file`:
    the writing call, then the path to it from the handler, each function with where it
    calls the next (`line 40` in the writing call's file)."""
    text = f"{write.text} ({_at(write.node, write.function, lines)})"
    if write.why:
        text += f", {write.why}"
    if write.own_state:
        text += f", the server's own state ({write.own})"
        if named:
            text += ", which the tool is named for"
    if len(write.chain) > 1:
        hops = []
        for index, label in enumerate(write.chain):
            if index < len(write.calls):
                node, function = write.calls[index]
                same = function.path == write.function.path and id(node) in lines
                where = f"line {lines[id(node)]}" if same else _at(node, function, lines)
                label = f"{label} ({where})"
            hops.append(label)
        text += " via " + " -> ".join(hops)
    return text


def _at(node: object, function: Function, lines: dict[int, int]) -> str:
    where = Path(function.path).name if function.path else "?"
    line = lines.get(id(node))
    return f"{where}:{line}" if line else where
