"""The rule pages against the checker: every example triggers its code, every fix does not.

Each code of `toolargs.codes` has a page `docs/rules/TAVnnn.md` with a header that
restates the catalog (title, family, on by default, fixable, message) and the sections
What it does, Why is this bad?, Example, Fix, Options and How `fix` handles it. The
example must produce exactly the page's code (plus the codes declared as
`<!-- also: TAV501 -->`), on the lines marked `# TAV104`; every python block under Fix
must produce no finding at all. A page whose rule depends on a framework version says
`<!-- pins: fastmcp>=3,<4 -->`, and its blocks are judged beside a pyproject.toml that
pins it. The index, the links and the configuration shown in the
docs are checked against the code.
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
from toolargs.output.rule_docs import generic_message

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
INDEX = RULES / "index.md"

TITLE = re.compile(r"^# (?P<code>[A-Z]+\d+): (?P<name>\S+)$")
HEADING = re.compile(r"^(?P<level>#{1,6}) (?P<text>.+)$")
ALSO = re.compile(r"^<!-- also: (?P<codes>[A-Z0-9, ]+) -->$")
NO_EXAMPLE = re.compile(r"^<!-- no-example: (?P<why>.+) -->$")
PINS = re.compile(r"^<!-- pins: (?P<pins>.+) -->$")
FENCE = re.compile(r"^```(?P<lang>\w*)$")
MARKER = re.compile(r"#\s*(?P<code>TAV\d{3})\s*$")
CODE_MENTION = re.compile(r"\bTAV\d{3}\b")
FLAKE8_OPTION = re.compile(r"--toolargs-(?P<key>[a-z-]+)")
LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")
SECTIONS = (
    "What it does",
    "Why is this bad?",
    "Example",
    "Fix",
    "Options",
    "How `fix` handles it",
)
OPTIONAL_SECTIONS = ("Suppression",)

# Examples the checker is known to judge differently from the docs: (code, "example" or
# "fix") -> the reason, run as strict xfails so a fixed checker shows up as XPASS.
KNOWN_DISAGREEMENTS: dict[tuple[str, str], str] = {}


@dataclass
class Block:
    lang: str
    section: str  # the `##` section the block sits in
    where: str  # file:line of the opening fence
    text: str


@dataclass
class Page:
    path: Path
    code: str = ""
    name: str = ""
    also: tuple[str, ...] = ()
    no_example: str | None = None
    pins: tuple[str, ...] = ()
    sections: list[str] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    text: str = ""

    def python(self, section: str) -> list[Block]:
        return [b for b in self.blocks if b.section == section and b.lang == "python"]


def parse(path: Path) -> Page:
    """Title, `##` sections, markers and fenced blocks of one Markdown file, in order."""
    text = path.read_text(encoding="utf-8")
    page = Page(path, text=text)
    section = ""
    fence: tuple[str, int, list[str]] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if fence is not None:
            if line == "```":
                where = f"{path.relative_to(ROOT)}:{fence[1]}"
                page.blocks.append(Block(fence[0], section, where, "\n".join(fence[2]) + "\n"))
                fence = None
            else:
                fence[2].append(line)
            continue
        if (opening := FENCE.match(line)) is not None:
            fence = (opening["lang"], number, [])
        elif (title := TITLE.match(line)) is not None and number == 1:
            page.code, page.name = title["code"], title["name"]
        elif line.startswith("## "):
            section = line[3:].strip()
            page.sections.append(section)
        elif (also := ALSO.match(line)) is not None:
            page.also = tuple(c.strip() for c in also["codes"].split(",") if c.strip())
        elif (skip := NO_EXAMPLE.match(line)) is not None:
            page.no_example = skip["why"]
        elif (pins := PINS.match(line)) is not None:
            page.pins = tuple(p.strip() for p in pins["pins"].split(";"))
    assert fence is None, f"unclosed code block at {path}:{fence[1]}"
    return page


PAGES = [parse(path) for path in sorted(RULES.glob("TAV*.md"))]
BY_CODE = {page.code: page for page in PAGES}
# Every Markdown file a user reads: the README, the docs and the rule pages.
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to '-'."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return kept.replace(" ", "-")


def prose(path: Path) -> str:
    """The text of a Markdown file with its fenced blocks left out."""
    kept = []
    in_fence = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        elif not in_fence:
            kept.append(line)
    return "\n".join(kept)


def anchors_of(path: Path) -> set[str]:
    headings = [m["text"] for m in map(HEADING.match, prose(path).splitlines()) if m]
    return {github_anchor(h) for h in headings}


def analyze(block: Block, tmp_path: Path, pins: tuple[str, ...] = ()) -> FileReport:
    """Run the checker on a block as the module `example.py`, with every code enabled.

    The module is written to its own folder so that its imports (`.registry`, `.index`)
    resolve to nothing, whatever the current directory holds; `pins` become the
    dependencies of a pyproject.toml beside it.
    """
    if pins:
        listed = ", ".join(f'"{pin}"' for pin in pins)
        (tmp_path / "pyproject.toml").write_text(
            f'[project]\nname = "example"\nversion = "0"\ndependencies = [{listed}]\n',
            encoding="utf-8",
        )
    path = tmp_path / "example.py"
    path.write_text(block.text, encoding="utf-8")
    report = analyze_source(block.text, str(path), Config(), enabled=lambda code: True)
    assert report.error is None, f"{block.where}: {report.error}"
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
    for page in PAGES:
        if page.no_example is not None:
            continue
        reason = KNOWN_DISAGREEMENTS.get((page.code, kind))
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        cases.append(pytest.param(page, id=page.code, marks=marks))
    return cases


# --- The catalog: every code has a page, every page a code. ---


def test_every_code_has_a_page() -> None:
    assert sorted(BY_CODE) == sorted(CODES)
    assert all(page.path.name == f"{page.code}.md" for page in PAGES)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.path.stem)
def test_page_header_restates_the_catalog(page: Page) -> None:
    assert page.code in CODES, f"{page.path}: no title `# TAVnnn: name` naming a code"
    code = CODES[page.code]
    assert page.name == code.name
    yes_no = {True: "yes", False: "no"}
    lines = page.text.splitlines()
    assert lines[2] == f"**{code.title}.**"
    assert f"- On by default: {yes_no[code.default_enabled]}" in lines
    assert f"- Fixed by `toolargs fix`: {yes_no[code.fixable]}" in lines
    assert f"- Message: `{code.code} {generic_message(code.code)}`" in lines
    family = next(line for line in lines if line.startswith("- Family: "))
    assert family.startswith(f"- Family: [{code.code[:4]}: ")
    for other in page.also:
        assert other in CODES and other != page.code


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.path.stem)
def test_page_has_every_section(page: Page) -> None:
    expected = [s for s in SECTIONS if not (s == "Example" and page.no_example)]
    assert [s for s in page.sections if s not in OPTIONAL_SECTIONS] == expected
    if page.no_example is None:
        assert len(page.python("Example")) == 1, "one python block under ## Example"
        assert page.python("Fix"), "at least one python block under ## Fix"


def test_index_lists_every_code_as_the_catalog_says() -> None:
    row = re.compile(
        r"^\| \[(?P<code>TAV\d{3})\]\((?P<link>[^)]+)\) \| (?P<name>[^|]+) \| "
        r"(?P<title>[^|]+) \| (?P<fixable>yes|no) \| (?P<default>yes|no) \|$",
        re.MULTILINE,
    )
    rows = [m.groupdict() for m in row.finditer(INDEX.read_text(encoding="utf-8"))]
    expected = [
        {
            "code": c.code,
            "link": f"{c.code}.md",
            "name": c.name,
            "title": c.title,
            "fixable": "yes" if c.fixable else "no",
            "default": "yes" if c.default_enabled else "no",
        }
        for c in sorted(CODES.values(), key=lambda c: c.code)
    ]
    assert rows == expected


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_point_at_files_and_headings(document: Path) -> None:
    broken = []
    for match in LINK.finditer(prose(document)):
        target = match["target"]
        if "://" in target or target.startswith("mailto:"):
            continue
        file_part, _, anchor = target.partition("#")
        linked = (document.parent / file_part).resolve() if file_part else document
        if not linked.exists():
            broken.append(target)
        elif anchor and linked.suffix == ".md" and anchor not in anchors_of(linked):
            broken.append(target)
    assert not broken


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_code_mentioned_exists(document: Path) -> None:
    mentioned = set(CODE_MENTION.findall(document.read_text(encoding="utf-8")))
    assert sorted(mentioned - set(CODES)) == []


# --- Configuration shown in the docs is configuration the code accepts. ---

BLOCKS = [b for document in DOCUMENTS for b in parse(document).blocks]


def test_flake8_options_exist() -> None:
    text = "".join(document.read_text(encoding="utf-8") for document in DOCUMENTS)
    keys = {m["key"] for m in FLAKE8_OPTION.finditer(text)}
    assert keys, "the docs name flake8 options"
    assert sorted(keys - set(OPTIONS)) == []


@pytest.mark.parametrize(
    "block",
    [b for b in BLOCKS if b.lang == "toml" and "[tool.toolargs]" in b.text],
    ids=lambda b: b.where,
)
def test_toml_blocks_are_valid_configuration(block: Block) -> None:
    table = tomllib.loads(block.text)["tool"]["toolargs"]
    Config.from_mapping(table, block.where)


@pytest.mark.parametrize(
    "block",
    [b for b in BLOCKS if b.lang == "ini" and "toolargs-" in b.text],
    ids=lambda b: b.where,
)
def test_ini_blocks_are_valid_configuration(block: Block) -> None:
    values = {}
    for line in block.text.splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip().startswith("toolargs-"):
            values[key.strip().removeprefix("toolargs-")] = value.strip()
    assert values
    Config.from_mapping(values, block.where)


# --- The examples against the checker. ---


@pytest.mark.parametrize("page", _cases("example"))
def test_example_triggers_its_code(page: Page, tmp_path: Path) -> None:
    (block,) = page.python("Example")
    report = analyze(block, tmp_path, page.pins)
    got = {d.code for d in report.diagnostics}
    assert got == {page.code, *page.also}, "\n".join(
        f"{block.where} example line {d.line}: {d.message}" for d in report.diagnostics
    )
    marked = markers(block)
    checked = {page.code} | {code for _, code in marked}
    lines = Counter((d.line, d.code) for d in report.diagnostics if d.code in checked)
    assert lines == marked, "each finding is reported on a line marked `# <code>`"


@pytest.mark.parametrize("page", _cases("fix"))
def test_fix_is_clean(page: Page, tmp_path: Path) -> None:
    for block in page.python("Fix"):
        report = analyze(block, tmp_path, page.pins)
        assert not report.diagnostics, "\n".join(
            f"{block.where} fix line {d.line}: {d.message}" for d in report.diagnostics
        )
        assert not markers(block), "a fix carries no `# TAVnnn` markers"
        assert report.tools, f"{block.where}: the fix defines no tool the checker sees"
