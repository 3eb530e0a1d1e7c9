"""The rule catalog: every TAV code, declared once.

Rules say "code X at node Y with these values"; the message template, the title and
whether `toolargs fix` can repair it live here, so front ends (flake8, the CLI, SARIF)
never restate them. Codes are stable once released: retire a code, never reuse it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Code:
    code: str
    name: str
    title: str
    message: str
    fixable: bool = False
    default_enabled: bool = True
    security: bool = False  # a security problem: SARIF level error, `security` tag
    # The message when the finding is reported once for a server (its one remedy is at
    # the server): the same values plus `server`, `framework`, `count` and `names`.
    server_message: str = ""

    def format(self, **values: object) -> str:
        return f"{self.code} {self.message.format(**values)}"

    def format_server(self, **values: object) -> str:
        return f"{self.code} {(self.server_message or self.message).format(**values)}"


CODES: dict[str, Code] = {
    c.code: c
    for c in (
        # TAV1xx: read-only handlers (lenient and visible).
        Code(
            "TAV101",
            "unknown-args-ignored",
            "Read-only handler never collects unknown args",
            "read-only tool '{tool}' drops unknown keys without a word ({what}): call "
            "collect_unknown_args({args}, {known}) and pass the response through "
            "with_unknown_args(response, unknown)",
            fixable=True,
        ),
        Code(
            "TAV102",
            "unknown-args-not-returned",
            "Collected unknown args never reach the response",
            "read-only tool '{tool}' collects unknown args but never returns them: "
            "pass the response (a dict, content blocks, text or a result object) through "
            "with_unknown_args(response, unknown)",
        ),
        Code(
            "TAV103",
            "unknown-args-always-added",
            "unknown_args added even when empty",
            "read-only tool '{tool}' adds unknown_args even when it is empty: "
            "use with_unknown_args(payload, unknown) so clean calls have no such key",
            fixable=True,
        ),
        Code(
            "TAV104",
            "limit-read-without-aliases",
            "Limit field read without alias resolution",
            "read-only tool '{tool}' reads '{field}' directly, so aliases {aliases} are "
            "ignored: use optional_usize_with_aliases({args}, '{field}', {aliases}, default)",
            fixable=True,
        ),
        Code(
            "TAV105",
            "wrong-limit-aliases",
            "Wrong canonical field or alias list",
            "read-only tool '{tool}' resolves its limit as '{got}': expected "
            "canonical '{field}' with aliases {aliases}, in that order",
        ),
        Code(
            "TAV106",
            "alias-read-directly",
            "Alias read directly",
            "read-only tool '{tool}' reads alias '{alias}' directly, so it can win over "
            "'{field}': resolve it with optional_usize_with_aliases",
        ),
        # TAV2xx: mutation handlers (strict).
        Code(
            "TAV201",
            "unknown-args-not-rejected",
            "Mutation handler never rejects unknown args",
            "mutation tool '{tool}' runs with unknown keys ({what}): call "
            "reject_unknown_args({args}, {known}) before any side effect",
            fixable=True,
            server_message="{framework} server '{server}' runs its {count} mutation tool(s) "
            "({names}) with unknown keys ({what}): {remedy}",
        ),
        Code(
            "TAV202",
            "rejected-after-side-effect",
            "Unknown args rejected after a side effect",
            "mutation tool '{tool}' rejects unknown keys only after a side effect "
            "(`{effect}`): move the rejection before it",
        ),
        Code(
            "TAV203",
            "lenient-on-mutation",
            "Lenient pattern used on a mutation",
            "mutation tool '{tool}' reports unknown keys instead of rejecting them: "
            "replace {helper} with reject_unknown_args({args}, {known})",
            fixable=True,
        ),
        Code(
            "TAV204",
            "wrong-rejection-error",
            "Rejection raises the wrong error",
            "mutation tool '{tool}' rejects unknown keys with {got}: raise "
            'MissingParam("unknown arg: <key>") (or call reject_unknown_args)',
        ),
        # TAV3xx: KNOWN_ARGS against the schema.
        Code(
            "TAV301",
            "known-args-missing-property",
            "Schema property missing from KNOWN_ARGS",
            "{known} of tool '{tool}' lacks schema propert{ies} {keys}: "
            "valid keys would be reported as unknown",
            fixable=True,
        ),
        Code(
            "TAV302",
            "known-args-stray-key",
            "KNOWN_ARGS key not in the schema",
            "{known} of tool '{tool}' has {keys}, in neither the schema nor the aliases: "
            "remove {them} or add {them} to the schema",
            fixable=True,
        ),
        Code(
            "TAV303",
            "known-args-missing-alias",
            "Alias missing from KNOWN_ARGS",
            "{known} of tool '{tool}' lacks alias{es} {keys} of its limit field '{field}': "
            "add {them}",
            fixable=True,
        ),
        Code(
            "TAV304",
            "known-args-needless-alias",
            "Aliases on a tool without a limit field",
            "{known} of tool '{tool}' has alias{es} {keys} but the schema has no limit "
            "field: remove {them}",
            fixable=True,
        ),
        Code(
            "TAV305",
            "known-args-duplicate",
            "Duplicate keys in KNOWN_ARGS",
            "{known} of tool '{tool}' lists {keys} more than once: keep each key once",
            fixable=True,
        ),
        Code(
            "TAV306",
            "known-args-unverifiable",
            "KNOWN_ARGS cannot be verified",
            "{known} of tool '{tool}' is not a literal ({why}): write it as a tuple of "
            "strings or derive it from the schema",
        ),
        # TAV4xx: classification.
        Code(
            "TAV401",
            "read-only-hint-on-mutation",
            "Read-only annotation on a mutation-named tool",
            "tool '{tool}' is annotated read-only but its name matches mutation pattern "
            "'{pattern}': it is checked as a mutation; fix the annotation or the name",
        ),
        Code(
            "TAV402",
            "mode-by-default",
            "Tool classified by default only",
            "tool '{tool}' is checked as {mode} by default: no annotation, name pattern or "
            "effect of its handler decides it; add ToolAnnotations(readOnlyHint=...) or list "
            "it in the configuration",
            default_enabled=False,
        ),
        Code(
            "TAV403",
            "read-only-tool-writes",
            "Read-only tool with a write effect",
            "tool '{tool}' is {how} read-only but its handler writes: {evidence}; clients "
            "may run it without asking: annotate it readOnlyHint=False (or declare the call "
            "in read-only-calls if it does not write)",
            security=True,
        ),
        Code(
            "TAV404",
            "undeclared-mutation",
            "Unannotated tool that writes, named like one that reads",
            "tool '{tool}' carries no annotations and its name does not say it writes, but "
            "its handler does: {evidence}; enforce_policy takes it for read-only and lets "
            "its unknown keys through: annotate it readOnlyHint=False (or declare the call "
            "in read-only-calls if it does not write)",
            server_message="{count} tool(s) of {framework} server '{server}' ({names}) carry "
            "no annotations and their names do not say they write, but their handlers do "
            "({evidence}): enforce_policy takes them for read-only and lets their unknown "
            "keys through; annotate each readOnlyHint=False (or declare the call in "
            "read-only-calls where it does not write)",
        ),
        # TAV5xx: frameworks.
        Code(
            "TAV501",
            "framework-drops-unknown-args",
            "Server framework silently drops unknown args",
            "{framework} server '{server}' drops unknown keys before its {count} tool(s) "
            "({names}) run, without a word: apply toolargs.runtime.enforce_policy({server})",
            fixable=True,
        ),
        Code(
            "TAV502",
            "keyword-limit-without-aliases",
            "Keyword-style limit parameter without aliases",
            "read-only tool '{tool}' takes '{field}' as a parameter but nothing maps "
            "{aliases} to it ({what}): {remedy}",
        ),
        Code(
            "TAV503",
            "read-only-tool-rejects-unknown-args",
            "Read-only tool whose unknown keys a schema or framework rejects",
            "read-only tool '{tool}' rejects unknown keys ({what}), but the policy wants "
            "them reported as unknown_args: {remedy}",
            fixable=True,
            server_message="{framework} server '{server}' rejects the unknown keys of its "
            "{count} read-only tool(s) ({names}; {what}), but the policy wants them reported "
            "as unknown_args: {remedy}",
        ),
        Code(
            "TAV504",
            "strict-input-validation-blocks-policy",
            "fastmcp strict_input_validation rejects before enforcement can run",
            "fastmcp 3.x server '{server}' has strict_input_validation=True: it rejects "
            "unknown keys against the closed input schema before any middleware runs, so "
            "its {count} read-only tool(s) ({names}) cannot report them: {remedy}",
        ),
        Code(
            "TAV505",
            "lowlevel-server-without-policy",
            "Low-level server's handlers apply no policy",
            "low-level server '{server}' applies no policy to the unknown keys of its "
            "{count} tool(s) ({names}), and none of their handlers does ({what}): apply "
            "toolargs.runtime.enforce_policy({server})",
            fixable=True,
        ),
        # TAV9xx: analysis limits.
        Code(
            "TAV901",
            "schema-unresolved",
            "Tool schema cannot be resolved",
            "schema of tool '{tool}' cannot be resolved statically ({why}): name a "
            "literal, a module constant or a schema file",
        ),
        Code(
            "TAV902",
            "handler-unresolved",
            "Tool handler cannot be resolved",
            "handler of tool '{tool}' cannot be resolved statically ({why})",
        ),
        Code(
            "TAV903",
            "file-not-analysed",
            "File too deeply nested to analyse",
            "this file is not checked: {why}; its tools, if any, go unjudged: flatten "
            "the expression or exclude the file",
        ),
        Code(
            "TAV904",
            "unknown-keys-undecided",
            "What happens to an unknown key cannot be decided",
            "what tool '{tool}' does with an unknown key cannot be decided ({what}), so "
            "it is not counted as conforming: {remedy}",
            server_message="what {count} tool(s) of this module ({names}) do with an unknown "
            "key cannot be decided ({what}), so they are not counted as conforming: {remedy}",
        ),
        Code(
            "TAV999",
            "internal-error",
            "Internal error",
            "toolargs could not analyse this file ({why}); please report it",
        ),
    )
}


def message(code: str, **values: object) -> str:
    """The full message for `code`, starting with the code itself."""
    return CODES[code].format(**values)


def server_message(code: str, **values: object) -> str:
    """The message of `code` reported once for a server."""
    return CODES[code].format_server(**values)


def tool_names(names: tuple[str, ...], shown: int = 3) -> str:
    """`'a', 'b', 'c' and 4 more`: which tools a server-level finding covers."""
    quoted = [f"'{name}'" for name in names[:shown]]
    rest = len(names) - len(quoted)
    if rest > 0:
        return ", ".join(quoted) + f" and {rest} more"
    if len(quoted) > 1:
        return ", ".join(quoted[:-1]) + " and " + quoted[-1]
    return "".join(quoted)


def default_disabled() -> tuple[str, ...]:
    return tuple(c.code for c in CODES.values() if not c.default_enabled)
