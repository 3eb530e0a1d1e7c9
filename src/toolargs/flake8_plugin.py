"""The flake8 front end: entry point `TAV` in the `flake8.extension` group.

flake8 has already parsed the file with `ast` and insists on a `tree` parameter; the
checker needs libcst's concrete tree, so it parses `"".join(lines)` itself — but only
when the textual prefilter says the file can hold a tool at all.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Any, ClassVar, Iterator

from toolargs import __version__
from toolargs.codes import default_disabled, message
from toolargs.config import OPTIONS, Config, ConfigError
from toolargs.prefilter import may_define_tools

PREFIX = "toolargs-"
DISABLED = frozenset(default_disabled())


class ToolArgsChecker:
    name = "toolargs"
    version = __version__
    config: ClassVar[Config] = Config()
    opt_in: ClassVar[frozenset[str]] = frozenset()  # off-by-default codes named explicitly

    def __init__(self, tree: ast.AST, lines: list[str], filename: str) -> None:
        del tree  # required by flake8's plugin contract; libcst needs the source instead
        self.lines = lines
        self.filename = filename

    @classmethod
    def add_options(cls, manager: Any) -> None:
        for option in OPTIONS.values():
            manager.add_option(
                f"--{PREFIX}{option.key}",
                default=None,
                parse_from_config=True,
                comma_separated_list=option.is_list,
                choices=option.choices or None,
                help=f"toolargs: {option.help}",
            )
        manager.extend_default_ignore(list(default_disabled()))

    @classmethod
    def parse_options(cls, options: Any) -> None:
        values = {}
        for option in OPTIONS.values():
            value = getattr(options, f"{PREFIX}{option.key}".replace("-", "_"), None)
            if value is not None:
                values[option.key] = value
        try:
            cls.config = Config.from_mapping(values, "flake8 options", root=Path.cwd())
            if cls.config.schema_files:  # a bad schema file is one error, not one per file
                from toolargs.discovery.schema import load_schema_files

                load_schema_files(cls.config)
        except ConfigError as exc:
            print(f"flake8: {exc}", file=sys.stderr)  # like flake8's own option errors
            raise SystemExit(2) from None
        # flake8's `--select TAV` overrides the default ignore of TAV402; an off-by-default
        # code is reported only when a selection names it more precisely than `TAV`.
        selected = [
            str(code)
            for name in ("select", "extend_select")
            for code in (getattr(options, name, None) or ())
        ]
        cls.opt_in = frozenset(
            code
            for code in default_disabled()
            if any(len(entry) > 3 and code.startswith(entry) for entry in selected)
        )

    @classmethod
    def _enabled(cls, code: str) -> bool:
        """flake8 applies --select/--ignore itself; off-by-default codes need opting in."""
        return code not in DISABLED or code in cls.opt_in

    def run(self) -> Iterator[tuple[int, int, str, type[ToolArgsChecker]]]:
        source = "".join(self.lines)
        if not may_define_tools(source, self.config):
            return  # most files: no libcst, no parse
        # Imported here, not at the top: a run over tool-free code never loads libcst.
        from toolargs.analysis import analyze_source

        try:
            report = analyze_source(source, self.filename, self.config, enabled=self._enabled)
        except ConfigError as exc:  # a schema file named in the options is unusable
            yield 1, 0, message("TAV999", why=str(exc)), type(self)
            return
        # A file that does not parse is flake8's to report (E999): its report has no
        # findings. One refused by the input guard has its TAV903.
        for diagnostic in report.diagnostics:
            if diagnostic.at_tool is not None:  # evidence in another file: at the tool
                _, line, col, text = diagnostic.at_tool
                yield line, col - 1, text, type(self)
                continue
            yield diagnostic.line, diagnostic.col - 1, diagnostic.message, type(self)
