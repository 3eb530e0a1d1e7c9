"""One configuration model, two readers: `[tool.toolargs]` and flake8 options.

Each option is declared once in OPTIONS; `Config.from_mapping` validates a mapping of
kebab-case keys (from pyproject.toml, or from flake8 with its `toolargs-` prefix
stripped) and names the offending key on any error.
"""

from __future__ import annotations

import configparser
import dataclasses
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

# The run-time policy's mode tables: one definition for the checker and for enforcement.
from toolargs.runtime.policy import DEFAULT_MUTATION_TOOLS as DEFAULT_MUTATION_TOOLS
from toolargs.runtime.policy import DEFAULT_MUTATION_VERBS as DEFAULT_MUTATION_VERBS
from toolargs.runtime.policy import Mode as Mode

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

MODES: tuple[Mode, ...] = ("read-only", "mutation")
# Where the policy of a low-level server's tools is applied: one enforce_policy(server)
# line (TAV505 names the server once), or each handler's own code (TAV101/TAV201 per tool).
POLICY_PLACES = ("server", "handler")

# Verbs that make a tool name read-only when the only writes its handler may make are
# uncertain (an HTTP POST, SQL or a command the checker cannot read): a search form.
DEFAULT_READ_ONLY_VERBS = (
    "get",
    "list",
    "read",
    "search",
    "find",
    "fetch",
    "describe",
    "show",
    "count",
    "view",
    "lookup",
    "explain",
    "inspect",
    "preview",
    "summarize",
    "analyze",
    "analyse",
)


TOMLDecodeError = tomllib.TOMLDecodeError


def parse_toml(text: str) -> dict[str, Any]:
    """TOML from text (tomllib, or tomli on Python 3.10): the one TOML reader."""
    data: dict[str, Any] = tomllib.loads(text)
    return data


class ConfigError(ValueError):
    """A configuration value or file that cannot be used; the message names it."""


@dataclass(frozen=True)
class Config:
    # Classification.
    mutation_tools: tuple[str, ...] = DEFAULT_MUTATION_TOOLS
    read_only_tools: tuple[str, ...] = ()
    default_mode: Mode = "read-only"
    mutation_markers: tuple[str, ...] = ("CanEdit", "ToolMarkerCanEdit")
    read_only_markers: tuple[str, ...] = ()
    mutation_verbs: tuple[str, ...] = DEFAULT_MUTATION_VERBS
    read_only_verbs: tuple[str, ...] = DEFAULT_READ_ONLY_VERBS
    # Effects (toolargs.effects): calls added to, or taken out of, the write catalogue.
    write_calls: tuple[str, ...] = ()
    read_only_calls: tuple[str, ...] = ()
    # Policy.
    limit_fields: tuple[str, ...] = ("max_results", "max_matches")
    aliases: tuple[str, ...] = ("limit", "top_k")
    # Discovery.
    tool_decorators: tuple[str, ...] = ("tool",)
    dispatcher_decorators: tuple[str, ...] = ("call_tool",)
    registration_calls: tuple[str, ...] = ("add_tool", "add_tool_handler", "register_tool")
    tool_base_classes: tuple[str, ...] = ("Tool", "BaseTool", "ToolHandler")
    handler_methods: tuple[str, ...] = ("run_tool", "apply", "__call__", "handle", "execute")
    server_classes: tuple[str, ...] = ("FastMCP", "MCPServer", "ChukMCPServer")
    schema_files: tuple[str, ...] = ()
    # Helpers and enforcement.
    collect_helpers: tuple[str, ...] = ("collect_unknown_args",)
    reject_helpers: tuple[str, ...] = ("reject_unknown_args",)
    attach_helpers: tuple[str, ...] = ("with_unknown_args",)
    limit_helpers: tuple[str, ...] = ("optional_usize_with_aliases",)
    error_types: tuple[str, ...] = ("MissingParam",)
    enforcement_calls: tuple[str, ...] = ("enforce_policy",)
    policy_at: str = "server"
    central_policies: tuple[str, ...] = ("ToolPolicy",)
    pure_calls: tuple[str, ...] = ()
    # Where relative schema files are looked up.
    root: Path = field(default=Path("."), compare=False)

    @classmethod
    def from_mapping(
        cls, mapping: Mapping[str, Any], source: str, root: Path | None = None
    ) -> Config:
        """Build a Config from kebab-case keys; `source` names the origin in errors."""
        values: dict[str, Any] = {}
        for key, raw in mapping.items():
            spec = OPTIONS.get(key)
            if spec is None:
                known = ", ".join(sorted(OPTIONS))
                raise ConfigError(f"{source}: unknown key '{key}' (known keys: {known})")
            values[spec.attribute] = spec.convert(raw, f"{source}: '{key}'")
        if root is not None:
            values["root"] = root
        return dataclasses.replace(cls(), **values)


@dataclass(frozen=True)
class Option:
    key: str
    help: str
    choices: tuple[str, ...] = ()

    @property
    def attribute(self) -> str:
        return self.key.replace("-", "_")

    @property
    def is_list(self) -> bool:
        return not self.choices

    def convert(self, raw: Any, where: str) -> Any:
        if self.choices:
            if not isinstance(raw, str) or raw not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise ConfigError(f"{where} must be one of {allowed}, got {raw!r}")
            return raw
        if isinstance(raw, str):
            items = [part.strip() for part in raw.replace("\n", ",").split(",")]
            return tuple(item for item in items if item)
        if isinstance(raw, (list, tuple)) and all(isinstance(item, str) for item in raw):
            return tuple(raw)
        raise ConfigError(f"{where} must be a list of strings, got {raw!r}")


OPTIONS: dict[str, Option] = {
    o.key: o
    for o in (
        Option("mutation-tools", "tool name patterns (fnmatch) that are mutations"),
        Option("read-only-tools", "tool name patterns (fnmatch) that are read-only"),
        Option("default-mode", "mode of a tool nothing else classifies", MODES),
        Option("mutation-markers", "base classes or tags that mark a mutation tool"),
        Option("read-only-markers", "base classes or tags that mark a read-only tool"),
        Option("mutation-verbs", "verbs that make a tool name or a called name a mutation"),
        Option("read-only-verbs", "verbs of tool names that uncertain effects do not override"),
        Option("write-calls", "calls (fnmatch on the qualified name) that write"),
        Option("read-only-calls", "calls (fnmatch on the qualified name) that never write"),
        Option("limit-fields", "canonical limit fields, in order of preference"),
        Option("aliases", "aliases accepted for a limit field, in order"),
        Option("tool-decorators", "decorator names that register a tool"),
        Option("dispatcher-decorators", "decorator names of call_tool dispatchers"),
        Option("registration-calls", "method names that register a tool or handler"),
        Option("tool-base-classes", "base classes of class-based tools"),
        Option("handler-methods", "method names of class-based tool handlers"),
        Option("server-classes", "server classes whose frameworks drop unknown keys"),
        Option("schema-files", "JSON or TOML files holding tool schemas"),
        Option("collect-helpers", "functions that collect unknown args"),
        Option("reject-helpers", "functions that reject unknown args"),
        Option("attach-helpers", "functions that add unknown_args to a payload"),
        Option("limit-helpers", "functions that resolve a limit field with aliases"),
        Option("error-types", "exception types that reject a parameter"),
        Option("enforcement-calls", "functions that enforce the policy on a server"),
        Option(
            "policy-at",
            "where a low-level server's policy goes: the server (one enforce_policy) or "
            "each handler",
            POLICY_PLACES,
        ),
        Option("central-policies", "classes that enforce the policy at a dispatcher"),
        Option("pure-calls", "extra calls known to have no side effect"),
    )
}


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above `start`."""
    here = start.resolve()
    if here.is_file():
        here = here.parent
    for folder in (here, *here.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def load_pyproject(path: Path) -> Config:
    """Read `[tool.toolargs]` of a pyproject.toml; a missing table gives the defaults."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    table = data.get("tool", {}).get("toolargs", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.toolargs] must be a table")
    # [tool.toolargs.proxy] configures `toolargs proxy` (toolargs.proxy.settings).
    table = {key: value for key, value in table.items() if key != "proxy"}
    return Config.from_mapping(table, f"{path} [tool.toolargs]", root=path.parent)


# --- Finding the configuration from the checked paths, as ruff and black do. ---

# Files that can configure toolargs, in the order they are tried within one folder:
# `[tool.toolargs]` in pyproject.toml, or `toolargs-*` keys of a `[flake8]` section.
CONFIG_FILES = ("pyproject.toml", "setup.cfg", "tox.ini", ".flake8")
# What marks the root of a project when no configuration file names toolargs.
PROJECT_MARKERS = ("pyproject.toml", "setup.cfg", "setup.py", "tox.ini", ".git", ".hg")
FLAKE8_PREFIX = "toolargs-"


def common_folder(paths: Sequence[str | Path]) -> Path:
    """The deepest folder holding every path (a file counts as its folder)."""
    folders = []
    for raw in paths or ["."]:
        path = Path(os.path.abspath(raw))
        folders.append(path if path.is_dir() else path.parent)
    return Path(os.path.commonpath([str(folder) for folder in folders]))


def find_config_file(start: Path) -> Path | None:
    """The nearest file at or above `start` that configures toolargs.

    A pyproject.toml without `[tool.toolargs]` (or a setup.cfg without `toolargs-` keys)
    is passed over, as ruff passes over one without `[tool.ruff]`.
    """
    here = Path(os.path.abspath(start))
    for folder in (here, *here.parents):
        for name in CONFIG_FILES:
            candidate = folder / name
            if candidate.is_file() and _configures_toolargs(candidate):
                return candidate
    return None


def find_project_root(start: Path) -> Path:
    """The nearest folder at or above `start` holding a project marker, else `start`.

    Other readers of the project (its line length, its framework pins) start here, so
    that they see the same project whatever the current folder is.
    """
    here = Path(os.path.abspath(start))
    for folder in (here, *here.parents):
        if any((folder / marker).exists() for marker in PROJECT_MARKERS):
            return folder
    return here


@dataclass(frozen=True)
class FoundConfig:
    """The configuration of a run and where it came from."""

    config: Config
    path: Path | None  # the file read; None when no file configures toolargs
    project_root: Path


def config_for_paths(paths: Sequence[str | Path], named: Path | None = None) -> FoundConfig:
    """The configuration that applies to `paths`, independent of the current folder.

    `named` is a file given with `--config`; otherwise the nearest configuration file
    above the paths' common folder is read.
    """
    start = common_folder(paths)
    path = named if named is not None else find_config_file(start)
    if path is None:
        root = find_project_root(start)
        return FoundConfig(dataclasses.replace(Config(), root=root), None, root)
    config = load_config_file(path)
    root = find_project_root(path.resolve().parent)
    return FoundConfig(config, path, root)


def load_config_file(path: Path) -> Config:
    """Read a pyproject.toml (by its suffix) or an INI file's `[flake8]` section."""
    if path.suffix == ".toml":
        return load_pyproject(path)
    return load_flake8_section(path)


def load_flake8_section(path: Path) -> Config:
    """The `toolargs-*` keys of `[flake8]` in setup.cfg, tox.ini or .flake8."""
    values = {}
    for key, value in _flake8_section(path).items():
        key = key.replace("_", "-")
        if not key.startswith(FLAKE8_PREFIX):
            continue
        name = key[len(FLAKE8_PREFIX):]
        if name not in OPTIONS:
            known = ", ".join(FLAKE8_PREFIX + k for k in sorted(OPTIONS))
            raise ConfigError(f"{path} [flake8]: unknown key '{key}' (known keys: {known})")
        values[name] = value
    return Config.from_mapping(values, f"{path} [flake8]", root=path.resolve().parent)


def _flake8_section(path: Path) -> dict[str, str]:
    parser = configparser.RawConfigParser()
    try:
        with open(path, encoding="utf-8") as stream:
            parser.read_file(stream)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from None
    except (configparser.Error, UnicodeDecodeError) as exc:
        text = str(exc).replace("\n", " ")
        raise ConfigError(f"{path}: not a valid INI file ({text})") from None
    return dict(parser["flake8"]) if parser.has_section("flake8") else {}


def _configures_toolargs(path: Path) -> bool:
    if path.suffix == ".toml":
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except OSError:
            return False
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: not valid TOML ({exc})") from None
        tool = data.get("tool", {})
        return isinstance(tool, dict) and "toolargs" in tool
    return any(
        key.replace("_", "-").startswith(FLAKE8_PREFIX) for key in _flake8_section(path)
    )
