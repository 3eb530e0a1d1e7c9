"""The fixture corpus and its inline expectations (see docs/fixtures.md).

A fixture states what the checker must report on the line it concerns:

    def list_files(args: dict[str, Any]) -> dict[str, Any]:  # expect: TAV101

and, in the comment block at the top of the file, optional directives:

    # toolargs-select: TAV402               codes checked besides the default ones
    # tools: search=read-only, rename_symbol=mutation   tools the audit must list

Expectations describe what the analysis finds; a `# noqa` on the same line is a front-end
matter, so a front end that honours it (flake8) drops the expectations it covers.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from toolargs.codes import CODES
from toolargs.config import Config, find_pyproject, load_pyproject
from toolargs.model import Diagnostic, ToolReport

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
CLEAN = FIXTURES / "clean"

_CODE = r"[A-Z]{3}[0-9]{3}"
_CODES = rf"{_CODE}(?:\s*,\s*{_CODE})*"
# `expect:` then codes up to the end of the comment (or the next `#`).
EXPECT = re.compile(r"(?<![\w-])expect:(?P<codes>[^#]*)")
SELECT = re.compile(rf"#\s*toolargs-select:\s*(?P<codes>{_CODES})\s*$")
TOOLS = re.compile(r"#\s*tools:\s*(?P<entries>.*?)\s*$")
TOOL_ENTRY = re.compile(r"(?P<name>[\w.-]+)\s*=\s*(?P<mode>read-only|mutation)")
# Near misses of `expect:` that would otherwise silently expect nothing.
MALFORMED = re.compile(r"(?<![\w-])expect(?:ed|s)?\s*[:=]", re.IGNORECASE)
# flake8's own `# noqa` syntax (flake8/defaults.py), to know what it will suppress.
NOQA = re.compile(r"# noqa(?::[\s]?(?P<codes>([A-Z]+[0-9]+(?:[,\s]+)?)+))?", re.IGNORECASE)

DEFAULT_CODES = frozenset(code for code, spec in CODES.items() if spec.default_enabled)

Finding = tuple[int, str]  # (line, code)


class FixtureError(ValueError):
    """A malformed expectation or directive: a broken fixture, not a checker bug."""


@dataclass(frozen=True)
class Fixture:
    path: Path
    expected: Counter[Finding]
    selected: frozenset[str]  # the codes compared; others the checker reports are ignored
    tools: Counter[tuple[str, str]] | None  # (name, mode) from `# tools:`; None: not declared
    noqa: dict[int, frozenset[str] | None]  # line -> codes it silences (None: all of them)

    @property
    def name(self) -> str:
        return display(self.path)

    def suppressed(self, line: int, code: str) -> bool:
        """Whether flake8 drops `code` on `line` because of a `# noqa` comment there."""
        if line not in self.noqa:
            return False
        codes = self.noqa[line]
        return codes is None or any(code.startswith(prefix) for prefix in codes)

    def expected_after_noqa(self) -> Counter[Finding]:
        return Counter(
            {finding: n for finding, n in self.expected.items() if not self.suppressed(*finding)}
        )


def display(path: Path) -> str:
    """A fixture's path relative to fixtures/, for messages."""
    try:
        return path.resolve().relative_to(FIXTURES).as_posix()
    except ValueError:
        return str(path)


def fixture_files() -> list[Path]:
    return sorted(FIXTURES.rglob("*.py"))


def config_for(path: Path) -> Config:
    """The nearest pyproject.toml at or above the fixture (as the CLI run in its folder)."""
    pyproject = find_pyproject(path)
    return Config() if pyproject is None else load_pyproject(pyproject)


def has_local_config(path: Path) -> bool:
    """Whether a pyproject.toml inside fixtures/ configures this file (flake8 ignores it)."""
    pyproject = find_pyproject(path)
    return pyproject is not None and FIXTURES in pyproject.resolve().parents


def _parse_codes(text: str, where: str) -> list[str]:
    codes = [code.strip() for code in text.strip().split(",")]
    for code in codes:
        if not re.fullmatch(_CODE, code) or code not in CODES or code == "TAV999":
            raise FixtureError(f"{where}: '{code}' is not a code fixtures can expect")
    return codes


def load(path: Path) -> Fixture:
    source = path.read_text(encoding="utf-8")
    expected: Counter[Finding] = Counter()
    selected = set(DEFAULT_CODES)
    tools: Counter[tuple[str, str]] | None = None
    noqa: dict[int, frozenset[str] | None] = {}
    in_header = True
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (tokenize.COMMENT, tokenize.NL):
            in_header = False
        if token.type != tokenize.COMMENT:
            continue
        line, text = token.start[0], token.string
        where = f"{display(path)}:{line}"
        if in_header and (match := SELECT.match(text)):
            selected.update(_parse_codes(match.group("codes"), where))
            continue
        if in_header and (match := TOOLS.match(text)):
            tools = tools if tools is not None else Counter()
            for entry in filter(None, (part.strip() for part in match["entries"].split(","))):
                parsed = TOOL_ENTRY.fullmatch(entry)
                if parsed is None:
                    raise FixtureError(f"{where}: bad tool entry '{entry}' (want name=mode)")
                tools[(parsed["name"], parsed["mode"])] += 1
            continue
        if (match := NOQA.search(text)) is not None:
            codes = match.group("codes")
            noqa[line] = (
                None if codes is None else frozenset(re.split(r"[,\s]+", codes.strip()))
            )
        found = EXPECT.findall(text)
        if MALFORMED.search(text) and not found:
            raise FixtureError(f"{where}: malformed expectation {text!r}")
        for codes in found:
            for code in _parse_codes(codes, where):
                expected[(line, code)] += 1
    for (line, code) in expected:
        if code not in selected:
            raise FixtureError(
                f"{display(path)}:{line}: {code} is expected but not selected; "
                f"add '# toolargs-select: {code}' to the top of the file"
            )
    return Fixture(path, expected, frozenset(selected), tools, noqa)


def compare(
    fixture: Fixture, diagnostics: list[Diagnostic], expected: Counter[Finding]
) -> str | None:
    """A readable diff of expected against reported (line, code) pairs; None when equal."""
    # Expectations sit where flake8 reports: a finding whose evidence is in another
    # module at its tool (`at_tool`).
    got: Counter[Finding] = Counter(
        (d.at_tool[1] if d.at_tool else d.line, d.code)
        for d in diagnostics
        if d.code in fixture.selected
    )
    missing = expected - got
    unexpected = got - expected
    if not missing and not unexpected:
        return None
    messages: dict[Finding, list[str]] = {}
    for d in diagnostics:
        messages.setdefault((d.at_tool[1] if d.at_tool else d.line, d.code), []).append(d.message)
    lines = fixture.path.read_text(encoding="utf-8").splitlines()

    def show(finding: Finding, n: int, sign: str) -> list[str]:
        line, code = finding
        text = lines[line - 1].strip() if 0 < line <= len(lines) else "<no such line>"
        out = [f"  {sign} {fixture.name}:{line}: {code} (x{n})    | {text}"]
        out += [f"        {message}" for message in dict.fromkeys(messages.get(finding, []))]
        return out

    report = [f"{fixture.name}: findings differ from the inline expectations"]
    if missing:
        report.append(" missing (expected, not reported):")
        for finding, n in sorted(missing.items()):
            report += show(finding, n, "-")
    if unexpected:
        report.append(" unexpected (reported, not expected):")
        for finding, n in sorted(unexpected.items()):
            report += show(finding, n, "+")
    return "\n".join(report)


def compare_tools(fixture: Fixture, tools: tuple[ToolReport, ...]) -> str | None:
    """A readable diff of the `# tools:` declaration against the audit's tools."""
    assert fixture.tools is not None
    got: Counter[tuple[str, str]] = Counter((t.name, t.mode) for t in tools)
    missing = fixture.tools - got
    unexpected = got - fixture.tools
    if not missing and not unexpected:
        return None
    report = [f"{fixture.name}: discovered tools differ from the '# tools:' declaration"]
    report += [f"  - {name}={mode} (declared, not discovered)" for name, mode in sorted(missing)]
    where: dict[tuple[str, str], str] = {
        (t.name, t.mode): f"line {t.line}, mode from {t.mode_source}" for t in tools
    }
    report += [
        f"  + {name}={mode} (discovered at {where[(name, mode)]}, not declared)"
        for name, mode in sorted(unexpected)
    ]
    return "\n".join(report)
