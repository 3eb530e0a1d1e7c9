"""What the proxy is told: `[tool.toolargs.proxy]` (or `--config FILE`) and its options.

The table is separate from `[tool.toolargs]`: the checker's keys describe code it reads,
these describe a server the proxy runs as it is. Keys are kebab-case like the checker's,
and an unknown key or a bad value is an error naming it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from toolargs.config import MODES, ConfigError, Mode, TOMLDecodeError, parse_toml
from toolargs.runtime import DEFAULT_ALIASES, LIMIT_FIELDS

TABLE = "[tool.toolargs.proxy]"
DEFAULT_TIMEOUT = 60.0


@dataclass(frozen=True)
class ProxySettings:
    command: tuple[str, ...] = ()
    read_only_tools: tuple[str, ...] = ()  # name patterns (fnmatch), whatever a tool declares
    mutation_tools: tuple[str, ...] = ()
    tool_modes: Mapping[str, Mode] = field(default_factory=dict)  # exact names
    default_mode: Mode = "mutation"  # a tool nothing classifies is strict: the safe side
    limit_fields: tuple[str, ...] = LIMIT_FIELDS
    aliases: tuple[str, ...] = DEFAULT_ALIASES
    timeout: float = DEFAULT_TIMEOUT
    source: str = ""  # the configuration file read, for messages

    def configured_mode(self, name: str) -> Mode | None:
        """The mode configuration gives `name`, if any: a tool named in `tools` first,
        then mutation patterns, then read-only patterns (a name in both is a mutation)."""
        if name in self.tool_modes:
            return self.tool_modes[name]
        if any(fnmatchcase(name, pattern) for pattern in self.mutation_tools):
            return "mutation"
        if any(fnmatchcase(name, pattern) for pattern in self.read_only_tools):
            return "read-only"
        return None


def _strings(raw: Any, where: str) -> tuple[str, ...]:
    if isinstance(raw, str):
        raw = [raw]
    if isinstance(raw, list) and all(isinstance(item, str) for item in raw):
        return tuple(raw)
    raise ConfigError(f"{where} must be a list of strings, got {raw!r}")


def _mode(raw: Any, where: str) -> Mode:
    for mode in MODES:
        if raw == mode:
            return mode
    allowed = ", ".join(repr(m) for m in MODES)
    raise ConfigError(f"{where} must be one of {allowed}, got {raw!r}")


def _seconds(raw: Any, where: str) -> float:
    if isinstance(raw, (int, float)) and not isinstance(raw, bool) and raw > 0:
        return float(raw)
    raise ConfigError(f"{where} must be a positive number of seconds, got {raw!r}")


def _tool_modes(raw: Any, where: str) -> dict[str, Mode]:
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{where} must be a table of tool names and modes, got {raw!r}")
    return {str(name): _mode(mode, f"{where} '{name}'") for name, mode in raw.items()}


KEYS = {
    "read-only-tools": "tool name patterns (fnmatch) that are read-only, whatever they declare",
    "mutation-tools": "tool name patterns (fnmatch) that are mutations, whatever they declare",
    "tools": "a table of exact tool names and their modes",
    "default-mode": "mode of a tool nothing else classifies (default: mutation)",
    "limit-fields": "canonical limit fields, in order of preference",
    "aliases": "aliases accepted for a limit field, in order",
    "timeout": "seconds to wait for the upstream's answer to each request",
}


def settings_from_table(table: Mapping[str, Any], source: str) -> ProxySettings:
    values: dict[str, Any] = {"source": source}
    for key, raw in table.items():
        where = f"{source} {TABLE}: '{key}'"
        if key in ("read-only-tools", "mutation-tools", "limit-fields", "aliases"):
            values[key.replace("-", "_")] = _strings(raw, where)
        elif key == "tools":
            values["tool_modes"] = _tool_modes(raw, where)
        elif key == "default-mode":
            values["default_mode"] = _mode(raw, where)
        elif key == "timeout":
            values["timeout"] = _seconds(raw, where)
        else:
            known = ", ".join(sorted(KEYS))
            raise ConfigError(f"{source} {TABLE}: unknown key '{key}' (known keys: {known})")
    return replace(ProxySettings(), **values)


def read_config(path: Path, *, required: bool) -> ProxySettings | None:
    """`[tool.toolargs.proxy]` of a TOML file; None when it has none and none is required."""
    try:
        data = parse_toml(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from None
    except (TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    tool = data.get("tool")
    toolargs = tool.get("toolargs") if isinstance(tool, dict) else None
    table = toolargs.get("proxy") if isinstance(toolargs, dict) else None
    if table is None:
        if required:
            raise ConfigError(f"{path}: no {TABLE} table")
        return None
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: {TABLE} must be a table")
    return settings_from_table(table, str(path))


def find_config(start: Path) -> ProxySettings:
    """The nearest pyproject.toml at or above `start` with a `[tool.toolargs.proxy]`."""
    here = Path(os.path.abspath(start))
    for folder in (here, *here.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            found = read_config(candidate, required=False)
            if found is not None:
                return found
    return ProxySettings()


def with_options(
    settings: ProxySettings,
    command: Sequence[str],
    *,
    read_only: Sequence[str] = (),
    mutation: Sequence[str] = (),
    default_mode: Mode | None = None,
    timeout: float | None = None,
) -> ProxySettings:
    """The command line on top of the configuration: patterns add, values replace."""
    return replace(
        settings,
        command=tuple(command),
        read_only_tools=settings.read_only_tools + tuple(read_only),
        mutation_tools=settings.mutation_tools + tuple(mutation),
        default_mode=default_mode if default_mode is not None else settings.default_mode,
        timeout=timeout if timeout is not None else settings.timeout,
    )
