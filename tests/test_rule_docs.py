"""The README's rule docs against the checker: every example triggers its code, every fix does not.

Each rule section (`### TAV104: limit-read-without-aliases`) holds an **Example** and a
**Fix**, each a complete module. The example must produce exactly the section's code
(plus the codes declared under the heading as `<!-- also: TAV501 -->`), on the lines
marked `# TAV104`; every python block under **Fix** must produce no finding at all.
The catalog table, the links and the configuration keys are checked against the code.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from toolargs.analysis import analyze_source
from toolargs.codes import CODES
from toolargs.config import OPTIONS, Config
from toolargs.model import FileReport

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

README = Path(__file__).resolve().parent.parent / "README.md"

SECTION_HEADING = re.compile(r"^#### (?P<code>[A-Z]+\d+): (?P<name>\S+)$")
HEADING = re.compile(r"^(?P<level>#{1,6}) (?P<text>.+)$")
LABEL = re.compile(r"^\*\*(?P<label>[^*]+)\*\*$")
ALSO = re.compile(r"^<!-- also: (?P<codes>[A-Z0-9, ]+) -->$")
NO_EXAMPLE = re.compile(r"^<!-- no-example: (?P<why>.+) -->$")
FENCE = re.compile(r"^```(?P<lang>\w*)$")
MARKER = re.compile(r"#\s*(?P<code>TAV\d{3})\s*$")
CODE_MENTION = re.compile(r"\bTAV\d{3}\b")
FLAKE8_OPTION = re.compile(r"--toolargs-(?P<key>[a-z-]+)")
LINK = re.compile(r"\]\(#(?P<anchor>[^)]+)\)")
LABELS = ("What it does", "Why is this bad?", "Example", "Fix")

# Examples the checker is known to judge differently from the docs: (code, "example" or
# "fix") -> the reason, run as strict xfails so a fixed checker shows up as XPASS.
KNOWN_DISAGREEMENTS: dict[tuple[str, str], str] = {}


@dataclass
class Block:
    lang: str
    label: str  # the bold label the block sits under
    line: int  # 1-based line of the opening fence in README.md
    text: str


@dataclass
class Section:
    code: str
    name: str
    line: int
    also: tuple[str, ...] = ()
    no_example: str | None = None
    labels: list[str] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)

    def python(self, label: str) -> list[Block]:
        return [b for b in self.blocks if b.label == label and b.lang == "python"]


@dataclass
class Document:
    text: str
    headings: list[str]
    sections: list[Section]
    blocks: list[Block]


def parse(text: str) -> Document:
    """Headings, rule sections and fenced blocks, in document order."""
    headings: list[str] = []
    sections: list[Section] = []
    blocks: list[Block] = []
    current: Section | None = None
    label = ""
    fence: tuple[str, int, list[str]] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if fence is not None:
            if line == "```":
                block = Block(fence[0], label, fence[1], "\n".join(fence[2]) + "\n")
                blocks.append(block)
                if current is not None:
                    current.blocks.append(block)
                fence = None
            else:
                fence[2].append(line)
            continue
        opening = FENCE.match(line)
        if opening:
            fence = (opening["lang"], number, [])
            continue
        heading = HEADING.match(line)
        if heading:
            headings.append(heading["text"])
            label = ""
            rule = SECTION_HEADING.match(line)
            current = Section(rule["code"], rule["name"], number) if rule else None
            if current is not None:
                sections.append(current)
            continue
        if current is None:
            continue
        if (bold := LABEL.match(line)) is not None:
            label = bold["label"]
            current.labels.append(label)
        elif (also := ALSO.match(line)) is not None:
            current.also = tuple(c.strip() for c in also["codes"].split(",") if c.strip())
        elif (skip := NO_EXAMPLE.match(line)) is not None:
            current.no_example = skip["why"]
    assert fence is None, f"unclosed code block at README.md:{fence[1]}"
    return Document(text, headings, sections, blocks)


def rules_section(text: str) -> str:
    """The README's `## Rules` section, other lines blanked so line numbers stay true."""
    lines = text.splitlines()
    start = lines.index("## Rules")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return "\n".join(line if start <= i < end else "" for i, line in enumerate(lines))


DOC = parse(rules_section(README.read_text(encoding="utf-8")))
SECTIONS = {section.code: section for section in DOC.sections}


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to '-'."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return kept.replace(" ", "-")


def analyze(block: Block, tmp_path: Path) -> FileReport:
    """Run the checker on a block as the module `example.py`, with every code enabled.

    The module is written to its own folder so that its imports (`.registry`, `.index`)
    resolve to nothing, whatever the current directory holds.
    """
    path = tmp_path / "example.py"
    path.write_text(block.text, encoding="utf-8")
    report = analyze_source(block.text, str(path), Config(), enabled=lambda code: True)
    assert report.error is None, f"README.md:{block.line}: {report.error}"
    return report


def markers(block: Block) -> Counter[tuple[int, str]]:
    """(line, code) of every `# TAVnnn` comment ending a line of the block."""
    found: Counter[tuple[int, str]] = Counter()
    for number, line in enumerate(block.text.splitlines(), start=1):
        match = MARKER.search(line)
        if match:
            found[(number, match["code"])] += 1
    return found


def _cases(kind: str) -> list[object]:
    cases: list[object] = []
    for section in DOC.sections:
        if section.no_example is not None:
            continue
        reason = KNOWN_DISAGREEMENTS.get((section.code, kind))
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        cases.append(pytest.param(section, id=section.code, marks=marks))
    return cases


# --- The catalog: every code documented, every section a code. ---


def test_every_code_has_a_section() -> None:
    assert [s.code for s in DOC.sections] == list(CODES)


@pytest.mark.parametrize("section", DOC.sections, ids=lambda s: s.code)
def test_section_heading_matches_the_catalog(section: Section) -> None:
    assert section.code in CODES, f"README.md:{section.line}: {section.code} is not a code"
    assert section.name == CODES[section.code].name
    for code in section.also:
        assert code in CODES and code != section.code


@pytest.mark.parametrize("section", DOC.sections, ids=lambda s: s.code)
def test_section_has_the_four_parts(section: Section) -> None:
    expected: tuple[str, ...] = LABELS
    if section.no_example is not None:
        expected = tuple(label for label in LABELS if label != "Example")
    assert [label for label in section.labels if label in LABELS] == list(expected)
    if section.no_example is None:
        assert len(section.python("Example")) == 1, "one python block under **Example**"
        assert section.python("Fix"), "at least one python block under **Fix**"


def test_table_lists_every_code_as_the_catalog_says() -> None:
    row = re.compile(
        r"^\| \[(?P<code>TAV\d{3})\]\(#(?P<anchor>[^)]+)\) \| (?P<name>[^|]+) \| "
        r"(?P<title>[^|]+) \| (?P<fixable>yes|no) \| (?P<default>yes|no) \|$",
        re.MULTILINE,
    )
    rows = [m.groupdict() for m in row.finditer(DOC.text)]
    expected = [
        {
            "code": c.code,
            "anchor": github_anchor(f"{c.code}: {c.name}"),
            "name": c.name,
            "title": c.title,
            "fixable": "yes" if c.fixable else "no",
            "default": "yes" if c.default_enabled else "no",
        }
        for c in CODES.values()
    ]
    assert rows == expected


def test_links_point_at_headings() -> None:
    anchors = {github_anchor(heading) for heading in DOC.headings}
    broken = sorted({m["anchor"] for m in LINK.finditer(DOC.text)} - anchors)
    assert not broken


def test_every_code_mentioned_exists() -> None:
    assert sorted(set(CODE_MENTION.findall(DOC.text)) - set(CODES)) == []


# --- Configuration shown in the docs is configuration the code accepts. ---


def test_flake8_options_exist() -> None:
    keys = {m["key"] for m in FLAKE8_OPTION.finditer(DOC.text)}
    assert keys, "the docs name flake8 options"
    assert sorted(keys - set(OPTIONS)) == []


@pytest.mark.parametrize(
    "block", [b for b in DOC.blocks if b.lang == "toml"], ids=lambda b: f"line{b.line}"
)
def test_toml_blocks_are_valid_configuration(block: Block) -> None:
    table = tomllib.loads(block.text)["tool"]["toolargs"]
    Config.from_mapping(table, f"README.md:{block.line}")


@pytest.mark.parametrize(
    "block", [b for b in DOC.blocks if b.lang == "ini"], ids=lambda b: f"line{b.line}"
)
def test_ini_blocks_are_valid_configuration(block: Block) -> None:
    values = {}
    for line in block.text.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            assert key.strip().startswith("toolargs-"), line
            values[key.strip().removeprefix("toolargs-")] = value.strip()
    assert values
    Config.from_mapping(values, f"README.md:{block.line}")


# --- The examples against the checker. ---


@pytest.mark.parametrize("section", _cases("example"))
def test_example_triggers_its_code(section: Section, tmp_path: Path) -> None:
    (block,) = section.python("Example")
    report = analyze(block, tmp_path)
    got = {d.code for d in report.diagnostics}
    assert got == {section.code, *section.also}, "\n".join(
        f"README.md:{block.line} example line {d.line}: {d.message}" for d in report.diagnostics
    )
    marked = markers(block)
    checked = {section.code} | {code for _, code in marked}
    lines = Counter((d.line, d.code) for d in report.diagnostics if d.code in checked)
    assert lines == marked, "each finding is reported on a line marked `# <code>`"


@pytest.mark.parametrize("section", _cases("fix"))
def test_fix_is_clean(section: Section, tmp_path: Path) -> None:
    for block in section.python("Fix"):
        report = analyze(block, tmp_path)
        assert not report.diagnostics, "\n".join(
            f"README.md:{block.line} fix line {d.line}: {d.message}" for d in report.diagnostics
        )
        assert not markers(block), "a fix carries no `# TAVnnn` markers"
        assert report.tools, f"README.md:{block.line}: the fix defines no tool the checker sees"
