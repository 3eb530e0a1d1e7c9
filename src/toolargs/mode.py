"""Classifying a tool as read-only or mutation, with the reason.

One precedence for the checker and for run-time enforcement (`toolargs.runtime.policy`,
which holds the name matching both use), so this module imports nothing but the
configuration and the runtime: no libcst. What a handler does is computed by
`toolargs.effects` and passed in as an `Effects` verdict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from toolargs.config import Config, Mode
from toolargs.runtime.policy import matching_pattern as matching_pattern
from toolargs.runtime.policy import QUANTIFIERS as QUANTIFIERS  # noqa: F401
from toolargs.runtime.policy import STATE_VERBS as STATE_VERBS
from toolargs.runtime.policy import mutation_verb as mutation_verb  # noqa: F401
from toolargs.runtime.policy import name_verb as name_verb  # noqa: F401


@dataclass(frozen=True)
class Annotations:
    """A tool's `readOnlyHint` and `destructiveHint`, as far as they can be read."""

    read_only: bool | None
    destructive: bool | None
    text: str  # as written, for messages
    resolved: bool = True  # False: an expression the checker cannot read
    # readOnlyHint given as a run-time value (a parameter, a flag): its source text
    read_only_expr: str = ""


@dataclass(frozen=True)
class Effects:
    """What a handler's call tree does, as far as the checker can see.

    `writes` holds the evidence of each write effect, first found first, e.g.
    `api.delete_file() (tools.py:352) via delete_note`; `uncertain` the calls that may
    write (SQL or a command line the checker cannot read). `resolved` is true when every
    call in the tree was followed or is known not to write, so no write means read-only.
    """

    writes: tuple[str, ...] = ()
    resolved: bool = False
    uncertain: tuple[str, ...] = ()
    # Uncertain writes decided by the tool's own arguments (the SQL, command, file mode or
    # HTTP method the caller sends): the tool's name cannot vouch for those.
    from_arguments: tuple[str, ...] = ()
    # Writes that only keep the server's own state (its credentials, its log, a folder or
    # a database it sets up, its cache, what nearly every tool reaches alike): shown, not
    # counted as writes; like state kept in memory, they leave the tree unresolved.
    own: tuple[str, ...] = ()

    @property
    def evidence(self) -> tuple[str, ...]:
        """Every write, certain ones first."""
        return self.writes + self.uncertain


@dataclass(frozen=True)
class Classification:
    mode: Mode
    source: str  # why: "annotation readOnlyHint=True", "name pattern 'refactor_*'", ...
    conflict_pattern: str = ""  # a mutation pattern contradicting a read-only annotation
    read_only_hint: bool | None = None


_WORDS = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")

# Verbs that say a tool acts, read by the checker beside the policy's own (mutation-verbs
# and STATE_VERBS, which enforce_policy reads at run time): `destroy_sandbox`,
# `baremetal_reboot_server`. A tool named so with no other evidence is a
# mutation here; where enforce_policy would read it otherwise, the remedy asks for its
# annotation.
# Only verbs that are rarely nouns: `perform_ocr`, `capture_screenshot`, `close_price`,
# `book_info`, `tag_info` read.
ACTION_VERBS = frozenset(
    """destroy exec reboot shutdown attach detach confirm snooze mute unmute ban unban
    invalidate wipe erase""".split()
)


# Verbs that neither read nor write by themselves, whose object is what follows them: in
# `generate_active_pause_drafts`, `calculate_order_refund` or `validate_edit` the later
# word is a noun, not a second verb. A name starting with one says nothing of its mode.
NEUTRAL_VERBS = frozenset(
    """generate calculate compute predict identify validate check estimate simulate compare
    convert format render suggest recommend evaluate test verify plan prepare browse
    preflight parse extract detect diagnose classify translate transcribe""".split()
)


def name_words(name: str) -> set[str]:
    """`obsidian_getFile` -> {"obsidian", "get", "file"}."""
    return {word.lower() for word in _WORDS.findall(name)}


def reads_by_name(name: str, config: Config) -> bool:
    """A name that starts with a read verb (`get_post_details`: the post is what it gets),
    or has one among its words and no mutation verb (`obsidian_search`)."""
    first = _WORDS.findall(name.lstrip("_"))[:1]
    if first and first[0].lower() in config.read_only_verbs:
        return True
    words = name_words(name)
    if name_verb(name, ()) is not None:  # `cancel_search`: the first verb changes state
        return False
    return bool(words & set(config.read_only_verbs)) and not words & set(config.mutation_verbs)


def _verb_among_words(name: str, config: Config) -> str | None:
    """A mutation verb after a prefix or a resource (`wikijs_create_page`, `user_delete`,
    `batch_rename`), or a verb that says the tool acts (`destroy_sandbox`), in a name with
    no read verb (`get_post`, `list_updates`, `tag_list` read) that does not start with a
    neutral one (`generate_active_pause_drafts`)."""
    words = _WORDS.findall(name)
    lowered = [word.lower() for word in words]
    if set(lowered) & set(config.read_only_verbs) or lowered[:1] and lowered[0] in NEUTRAL_VERBS:
        return None
    verbs = set(config.mutation_verbs) | STATE_VERBS | ACTION_VERBS
    return next((word for word in lowered if word in verbs), None)


def classify(
    name: str,
    annotations: Annotations | None,
    markers: tuple[str, ...],
    config: Config,
    effects: Effects | None = None,
) -> Classification:
    """Annotations, then marker base classes, then configured name patterns, then the
    handler's effects, then the name's verb, then the default."""
    mutation_pattern = matching_pattern(name, config.mutation_tools)
    if annotations is not None and annotations.resolved:
        # The MCP default for a missing readOnlyHint is false: annotated means mutation
        # unless it says read-only (and destructiveHint=True always means mutation).
        if annotations.read_only and not annotations.destructive:
            if mutation_pattern is not None:
                return Classification(
                    "mutation",
                    f"name pattern '{mutation_pattern}' (annotated read-only)",
                    mutation_pattern,
                    True,
                )
            return Classification("read-only", "annotation readOnlyHint=True", "", True)
        if annotations.destructive:
            why = "destructiveHint=True"
        elif annotations.read_only is False:
            why = "readOnlyHint=False"
        elif annotations.read_only_expr:
            why = f"readOnlyHint={annotations.read_only_expr}, a run-time value"
        else:
            why = "without readOnlyHint"
        return Classification("mutation", f"annotation {why}", "", annotations.read_only)
    for marker in markers:
        if marker in config.mutation_markers:
            return Classification("mutation", f"marker {marker}")
        if marker in config.read_only_markers:
            return Classification("read-only", f"marker {marker}")
    if mutation_pattern is not None:
        return Classification("mutation", f"name pattern '{mutation_pattern}'")
    read_only_pattern = matching_pattern(name, config.read_only_tools)
    if read_only_pattern is not None:
        return Classification("read-only", f"name pattern '{read_only_pattern}'")
    if effects is not None and effects.writes:
        return Classification("mutation", f"effect: {effects.writes[0]}")
    if effects is not None and effects.uncertain:
        # A search form POSTs, a `read_query` runs SQL it checked: a name that says it
        # reads outweighs a write the checker cannot confirm.
        if not reads_by_name(name, config):
            return Classification("mutation", f"effect: {effects.uncertain[0]}")
        if effects.from_arguments:
            return Classification("mutation", f"effect: {effects.from_arguments[0]}")
    if effects is not None and effects.resolved:
        return Classification("read-only", "effects: none in the resolved call tree")
    verb = (
        name_verb(name, config.mutation_verbs)
        or mutation_verb(name, config.mutation_verbs)
        or _verb_among_words(name, config)
    )
    if verb is not None:
        return Classification("mutation", f"name verb '{verb}'")
    if effects is not None and effects.own:
        # What decided is that these writes were not counted: the audit says so.
        return Classification(
            config.default_mode, f"default; not counted: {effects.own[0]}"
        )
    return Classification(config.default_mode, "default")
