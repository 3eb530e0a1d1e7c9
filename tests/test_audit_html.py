"""`toolargs audit --format html`: one self-contained page for reviewers.

The page is checked twice: as text (nothing loaded from elsewhere, one row per tool, every
value escaped) and in a real headless Chromium driven over the DevTools protocol
(tests/chromium.py): it renders, has one row per tool, and clicking the filters and the
column headers changes what is shown. Without Chromium the browser tests are skipped,
except in CI, where .ci/run installs it and a missing browser fails them.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Iterator

import pytest

from chromium import Browser, executable
from toolargs.cli import main
from toolargs.model import Diagnostic, ToolReport
from toolargs.output.audit import Audit, AuditRow, audit_order
from toolargs.output.html import audit_html

EXAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "example_server"
EXAMPLE_TOOLS = {
    # name: (mode, conforms)
    "create_note": ("mutation", True),
    "append_to_note": ("mutation", True),
    "delete_note": ("mutation", False),
    "read_note": ("read-only", True),
    "search_notes": ("read-only", False),
    "list_tags": ("read-only", True),
}


def example_page() -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["audit", "--format", "html", str(EXAMPLE)])
    assert code == 1  # two tools do not conform, as for the table
    return out.getvalue()


class Rows(HTMLParser):
    """The tool rows' data attributes, and every tag that could load something."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[dict[str, str | None]] = []
        self.loading: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "tr" and found.get("class") == "tool":
            self.rows.append(found)
        if tag in ("link", "img", "iframe", "object", "embed", "source") or (
            tag == "script" and "src" in found
        ):
            self.loading.append((tag, attrs))


def parsed(page: str) -> Rows:
    rows = Rows()
    rows.feed(page)
    rows.close()
    return rows


def test_one_row_per_tool_with_its_mode_and_verdict() -> None:
    rows = parsed(example_page()).rows
    assert {row["data-name"]: (row["data-mode"], row["data-conforms"] == "true")
            for row in rows} == EXAMPLE_TOOLS
    # Mutations first, as in every audit.
    modes = [row["data-mode"] for row in rows]
    assert modes == sorted(modes, key=lambda mode: mode != "mutation")


def test_the_page_is_self_contained() -> None:
    page = example_page()
    assert parsed(page).loading == []
    assert "@import" not in page and "url(" not in page
    assert re.search(r"<style>.+</style>", page, re.S)
    assert re.search(r"<script>.+</script>", page, re.S)
    # Links to the rule pages are links, not resources.
    assert re.findall(r'(?:src|href)="([^"#]+)"', page) == [
        url for url in re.findall(r'href="([^"#]+)"', page) if "/docs/rules/TAV" in url
    ]


def test_servers_findings_and_behaviour_are_on_the_page() -> None:
    page = example_page()
    assert "server &#x27;server&#x27;" not in page  # the server's name stands alone
    assert '<td class="name">server</td>' in page
    assert "MCP SDK low-level Server, mcp 2.x, from pyproject.toml" in page
    assert "the handler reads the keys it knows and ignores the rest" in page
    assert "notes_server.py:179:18" in page and "TAV201.md" in page
    assert "6 tools: 3 read-only, 2 conform; 3 mutation, 2 strict; 2 do not conform" in page


def test_every_value_is_escaped() -> None:
    hostile = '<img src=x onerror="alert(1)">'
    tool = ToolReport(
        name=f"get_{hostile}", mode="read-only", mode_source="annotation readOnlyHint=True",
        shape="decorator", path="srv/<a>.py", line=3, col=1, handler=hostile,
        schema_source="signature", known_args="ok", strict=False, findings=("TAV101",),
        framework="fastmcp", framework_version="fastmcp 3.x", server=hostile,
        unknown_keys_why=hostile,
    )
    diagnostic = Diagnostic("srv/<a>.py", 3, 1, "TAV101", f"TAV101 {hostile} & more", tool.name)
    page = audit_html(Audit(rows=(AuditRow(tool, ("TAV101",)),), diagnostics=(diagnostic,)))
    assert hostile not in page and "<a>" not in page
    assert parsed(page).loading == []
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; more" in page


# -- in a real browser ----------------------------------------------------------------------

BINARY = executable()
needs_browser = pytest.mark.skipif(
    BINARY is None and not os.environ.get("CI"),
    reason="no chromium on this machine (apt-get install chromium; .ci/run installs it)",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if BINARY is None:
        pytest.fail("CI must run the browser tests: chromium is not installed")
    with Browser(BINARY) as opened:
        yield opened


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("html") / "audit.html"
    path.write_text(example_page(), encoding="utf-8")
    return path.as_uri()


VISIBLE = (
    "Array.prototype.filter.call(document.querySelectorAll('#tools tbody tr'),"
    " function (r) { return getComputedStyle(r).display !== 'none'; })"
    ".map(function (r) { return r.dataset.name; })"
)


def visible(browser: Browser) -> list[str]:
    names: list[str] = browser.evaluate(VISIBLE)
    return names


def checked(browser: Browser, id_: str) -> Any:
    return browser.evaluate(f"document.getElementById('{id_}').checked")


@needs_browser
def test_the_page_renders_one_row_per_tool_and_loads_nothing_else(
    browser: Browser, page_url: str
) -> None:
    browser.open(page_url)
    assert browser.evaluate("document.title").startswith("toolargs audit: 6 tools")
    assert browser.evaluate("document.querySelectorAll('#tools tbody tr').length") == 6
    assert sorted(visible(browser)) == sorted(EXAMPLE_TOOLS)
    assert browser.evaluate("document.getElementById('shown').textContent") == (
        "showing 6 of 6 tools"
    )
    # Laid out, not just parsed: the table has a size on the page.
    assert browser.evaluate("document.getElementById('tools').offsetHeight") > 0
    assert browser.evaluate("document.querySelectorAll('#servers tbody tr').length") == 1
    assert browser.requests() == [page_url]


@needs_browser
def test_clicking_the_filters_changes_what_is_shown(browser: Browser, page_url: str) -> None:
    browser.open(page_url)
    mutations = [n for n, (mode, _) in EXAMPLE_TOOLS.items() if mode == "mutation"]
    failing = [n for n, (_, ok) in EXAMPLE_TOOLS.items() if not ok]
    browser.click("#only-mutations")
    assert checked(browser, "only-mutations") is True
    assert visible(browser) == mutations
    browser.click("#only-failing")
    assert visible(browser) == ["delete_note"]
    assert browser.evaluate("location.hash") == "#mutations,failing"
    browser.click("#only-mutations")
    assert visible(browser) == failing
    assert browser.evaluate("document.getElementById('shown').textContent") == (
        "showing 2 of 6 tools"
    )
    browser.click("#only-failing")
    assert sorted(visible(browser)) == sorted(EXAMPLE_TOOLS)
    assert browser.evaluate("location.hash") == ""


@needs_browser
def test_the_address_keeps_the_filters(browser: Browser, page_url: str) -> None:
    browser.open(page_url + "#failing")
    assert checked(browser, "only-failing") is True and checked(browser, "only-mutations") is False
    assert visible(browser) == ["delete_note", "search_notes"]


@needs_browser
def test_clicking_a_header_sorts_by_that_column(browser: Browser, page_url: str) -> None:
    browser.open(page_url)
    browser.click("#tools thead th:nth-child(1)")
    assert visible(browser) == sorted(EXAMPLE_TOOLS)
    browser.click("#tools thead th:nth-child(1)")
    assert visible(browser) == sorted(EXAMPLE_TOOLS, reverse=True)
    browser.click("#tools thead th:nth-child(3)")  # mode: mutations first again
    modes = [EXAMPLE_TOOLS[name][0] for name in visible(browser)]
    assert modes == ["mutation"] * 3 + ["read-only"] * 3


@needs_browser
def test_a_server_of_many_tools(browser: Browser, tmp_path: Path) -> None:
    tools = [
        ToolReport(
            name=f"jira_get_issue_field_{n:03d}" if n % 3 else f"jira_update_issue_{n:03d}",
            mode="read-only" if n % 3 else "mutation",
            mode_source="annotation readOnlyHint=True" if n % 3 else "annotation "
            "destructiveHint=True",
            shape="decorator", path="src/mcp_atlassian/servers/jira.py", line=100 + n, col=11,
            handler=f"handler_{n}", schema_source="signature",
            known_args="n/a (framework decides)", strict=not n % 3,
            findings=("TAV503",) if n % 3 else (), unknown_keys="rejected",
            handled_by="framework", framework="fastmcp",
            framework_version="fastmcp 3.x, from pyproject.toml: fastmcp<4.0.0,>=3.2.4",
            server="jira_mcp" if n < 90 else "confluence_mcp",
        )
        for n in range(150)
    ]
    rows = sorted((AuditRow(t, t.findings) for t in tools), key=audit_order)
    path = tmp_path / "big.html"
    path.write_text(audit_html(Audit(rows=tuple(rows))), encoding="utf-8")
    browser.open(path.as_uri())
    assert browser.evaluate("document.querySelectorAll('#tools tbody tr').length") == 150
    assert browser.evaluate("document.querySelectorAll('#servers tbody tr').length") == 2
    browser.click("#only-mutations")
    assert len(visible(browser)) == 50
    browser.click("#only-failing")
    assert visible(browser) == []
