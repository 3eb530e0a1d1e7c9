"""The audit as one self-contained HTML page, for reviewers (`--format html`).

One file with its style and script inline and nothing loaded from anywhere: it reads the
same offline, attached to a CI run or opened from a mail. A summary per server (framework
and version, what it does with an unknown key, the remedy), then every tool with its
mode and why, handler, schema, KNOWN_ARGS, unknown-key behaviour, verdict and findings
at their locations. Mutation tools come first; the columns sort on a click, and the
filters (mutations only, failing only, a text search) also read and write the address's
`#mutations,failing` so that a link keeps them.
"""

from __future__ import annotations

from html import escape

from toolargs import __version__
from toolargs.output.audit import Audit, AuditRow, ServerGroup, framework_text, server_groups
from toolargs.output.rule_docs import full_message, help_uri
from toolargs.output.table import handler_cell, verdict

STYLE = """
:root { color-scheme: light dark; --line: #8884; --fail: #c62828; --ok: #2e7d32;
  --mut: #6a1b9a; --muted: #777; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5rem; }
h1 { font-size: 1.4rem; margin: 0 0 .3rem; }
h2 { font-size: 1.1rem; margin: 1.6rem 0 .5rem; }
.summary { font-weight: 600; }
.muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid var(--line); padding: .3rem .5rem; text-align: left;
  vertical-align: top; }
th { position: sticky; top: 0; background: Canvas; }
#tools th { cursor: pointer; user-select: none; white-space: nowrap; }
#tools th[aria-sort=ascending]::after { content: " \\25B2"; }
#tools th[aria-sort=descending]::after { content: " \\25BC"; }
code, .mono { font-family: ui-monospace, monospace; font-size: 12.5px; }
td.name { font-family: ui-monospace, monospace; font-weight: 600; white-space: nowrap; }
.mode-mutation { color: var(--mut); font-weight: 600; }
.fails { color: var(--fail); font-weight: 600; }
.conforms { color: var(--ok); }
.filters { display: flex; gap: 1.2rem; align-items: center; margin: 1rem 0; flex-wrap: wrap;
  position: sticky; top: 0; background: Canvas; padding: .4rem 0; z-index: 1; }
.filters label { cursor: pointer; }
details summary { cursor: pointer; }
td.verdict { min-width: 16rem; }
details ul { margin: .3rem 0 0; padding-left: 1.1rem; }
.errors { color: var(--fail); }
"""

SCRIPT = """
(function () {
  var table = document.getElementById('tools');
  var body = table.tBodies[0];
  var mutations = document.getElementById('only-mutations');
  var failing = document.getElementById('only-failing');
  var search = document.getElementById('search');
  var shown = document.getElementById('shown');
  var total = body.rows.length;
  function apply() {
    var text = search.value.trim().toLowerCase();
    var n = 0;
    for (var i = 0; i < body.rows.length; i++) {
      var row = body.rows[i];
      var hide = (mutations.checked && row.dataset.mode !== 'mutation') ||
        (failing.checked && row.dataset.conforms === 'true') ||
        (text && row.textContent.toLowerCase().indexOf(text) < 0);
      row.hidden = hide;
      if (!hide) { n++; }
    }
    shown.textContent = 'showing ' + n + ' of ' + total + ' tools';
    var wanted = [];
    if (mutations.checked) { wanted.push('mutations'); }
    if (failing.checked) { wanted.push('failing'); }
    var hash = wanted.length ? '#' + wanted.join(',') : ' ';
    if (location.hash !== hash.trim()) {
      history.replaceState(null, '', hash === ' ' ? location.pathname + location.search : hash);
    }
  }
  function fromHash() {
    var wanted = location.hash.replace(/^#/, '').split(',');
    mutations.checked = wanted.indexOf('mutations') >= 0;
    failing.checked = wanted.indexOf('failing') >= 0;
    apply();
  }
  function sortBy(th) {
    var index = th.cellIndex;
    var ascending = th.getAttribute('aria-sort') !== 'ascending';
    var headers = table.tHead.rows[0].cells;
    for (var i = 0; i < headers.length; i++) { headers[i].removeAttribute('aria-sort'); }
    th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
    var rows = Array.prototype.slice.call(body.rows);
    function key(row) {
      var cell = row.cells[index];
      return cell.dataset.sort !== undefined ? cell.dataset.sort : cell.textContent.trim();
    }
    rows.sort(function (a, b) {
      var x = key(a), y = key(b);
      var order = x.localeCompare(y, undefined, {numeric: true});
      if (order === 0) { order = Number(a.dataset.order) - Number(b.dataset.order); }
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }
  table.tHead.addEventListener('click', function (event) {
    var th = event.target.closest('th');
    if (th) { sortBy(th); }
  });
  mutations.addEventListener('change', apply);
  failing.addEventListener('change', apply);
  search.addEventListener('input', apply);
  window.addEventListener('hashchange', fromHash);
  fromHash();
})();
"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _framework(group: ServerGroup) -> str:
    if not group.framework:
        return "none found (the handlers decide)"
    return framework_text(group.rows[0].tool)


def _labels(groups: list[ServerGroup]) -> dict[int, str]:
    """Each server's name, with its folder's last part when two servers share a name."""
    names = [
        (group.server or "(unnamed)") if group.framework else "(no server)" for group in groups
    ]
    labels = {}
    for group, name in zip(groups, names):
        if names.count(name) > 1 and group.folder:
            name += f" ({group.folder.rstrip('/').rsplit('/', 1)[-1]}/)"
        labels[id(group)] = name
    return labels


def _server_row(group: ServerGroup, audit: Audit, label: str) -> str:
    mutation = sum(row.tool.mode == "mutation" for row in group.rows)
    failing = sum(not row.conforms for row in group.rows)
    remedy = "".join(
        f"<div><code>{_e(r.code)}</code> ({r.tools} tool{'' if r.tools == 1 else 's'}): "
        f"{_e(r.text)}</div>"
        for r in group.remedies(audit)
    )
    if not remedy:
        remedy = '<span class="muted">%s</span>' % (
            "per tool: see its findings" if failing else "none needed"
        )
    who = f" (the {group.decided_by} decides)" if group.decided_by else ""
    return (
        f'<tr data-server="{_e(label)}">'
        f'<td class="name">{_e(label)}</td>'
        f"<td>{_e(_framework(group))}<div class=\"muted mono\">{_e(group.folder)}</div></td>"
        f"<td>{len(group.rows)}</td><td>{mutation}</td>"
        f'<td class="{"fails" if failing else "conforms"}">{failing}</td>'
        f"<td>{_e(group.unknown_keys() + who)}</td><td>{remedy}</td></tr>"
    )


def _findings(audit: Audit, row: AuditRow) -> str:
    if not row.findings:
        noqa = f" (noqa: {', '.join(row.suppressed)})" if row.suppressed else ""
        return f'<span class="conforms">conforms{_e(noqa)}</span>'
    items = []
    for code in row.findings:
        diagnostic = audit.diagnostic_for(row, code)
        link = f'<a href="{_e(help_uri(code))}">{_e(code)}</a>'
        if diagnostic is None:
            items.append(f"<li>{link}</li>")
            continue
        where = f"{diagnostic.path}:{diagnostic.line}:{diagnostic.col}"
        items.append(
            f'<li>{link} <span class="mono">{_e(where)}</span>: '
            f"{_e(full_message(diagnostic).removeprefix(code + ' '))}</li>"
        )
    return (
        f'<details><summary class="fails">{_e(verdict(row))}</summary>'
        f"<ul>{''.join(items)}</ul></details>"
    )


def _tool_row(audit: Audit, row: AuditRow, group: ServerGroup, label: str, order: int) -> str:
    tool = row.tool
    unknown = f"{tool.unknown_keys} ({tool.handled_by})"
    # What happens, in words, when the server's summary does not already say it.
    why = "" if group.unknown_keys() == tool.unknown_keys_why else tool.unknown_keys_why
    handler = handler_cell(row)
    shown = handler.removeprefix(group.folder) if group.folder else handler
    return (
        f'<tr class="tool" data-order="{order}" data-mode="{_e(tool.mode)}" '
        f'data-conforms="{"true" if row.conforms else "false"}" data-name="{_e(tool.name)}">'
        f'<td class="name">{_e(tool.name)}</td>'
        f'<td class="mono" title="{_e(_framework(group))}">{_e(label)}</td>'
        f'<td class="mode-{_e(tool.mode)}" data-sort="{0 if tool.mode == "mutation" else 1}">'
        f"{_e(tool.mode)}</td>"
        f'<td class="verdict" data-sort="{1 if row.conforms else 0}{_e(verdict(row))}">'
        f"{_findings(audit, row)}</td>"
        f"<td>{_e(tool.mode_source)}</td>"
        f'<td title="{_e(tool.unknown_keys_why)}">{_e(unknown)}'
        + (f'<div class="muted">{_e(why)}</div>' if why else "")
        + "</td>"
        f'<td class="mono" title="{_e(handler)}">{_e(shown)}</td>'
        f"<td>{_e(tool.schema_source)}</td>"
        f"<td>{_e(tool.known_args)}</td></tr>"
    )


HEADERS = (
    "Tool", "Server", "Mode", "Verdict", "Why (mode)", "Unknown keys", "Handler", "Schema",
    "KNOWN_ARGS",
)


def audit_html(audit: Audit) -> str:
    groups = server_groups(audit)
    summary = audit.summary
    labels = _labels(groups)
    servers = "".join(_server_row(group, audit, labels[id(group)]) for group in groups)
    rows: list[str] = []
    for group in groups:
        for row in group.rows:
            rows.append(_tool_row(audit, row, group, labels[id(group)], len(rows)))
    errors = ""
    if audit.errors:
        items = "".join(f"<li>{_e(error)}</li>" for error in audit.errors)
        errors = (
            f'<h2 class="errors">{len(audit.errors)} file(s) could not be analysed</h2>'
            f'<ul class="errors">{items}</ul>'
        )
    headers = "".join(f'<th scope="col">{_e(h)}</th>' for h in HEADERS)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="toolargs {_e(__version__)}">
<title>toolargs audit: {_e(summary.line())}</title>
<style>{STYLE}</style>
</head>
<body>
<h1>toolargs audit</h1>
<p class="summary" id="summary">{_e(summary.line())}</p>
<p class="muted">Read-only tools must report unknown keys in <code>unknown_args</code>;
mutation tools must reject them before any side effect. toolargs {_e(__version__)}.</p>
{errors}
<h2>Servers ({len(groups)})</h2>
<table id="servers">
<thead><tr><th>Server</th><th>Framework (version)</th><th>Tools</th><th>Mutations</th>
<th>Failing</th><th>Unknown keys</th><th>Remedy</th></tr></thead>
<tbody>{servers}</tbody>
</table>
<h2>Tools ({summary.tools})</h2>
<div class="filters">
<label><input type="checkbox" id="only-mutations"> mutations only</label>
<label><input type="checkbox" id="only-failing"> failing only</label>
<label>search <input type="search" id="search" placeholder="name, server, why..."></label>
<span id="shown" class="muted" aria-live="polite">{summary.tools} tools</span>
</div>
<table id="tools">
<thead><tr>{headers}</tr></thead>
<tbody>
{chr(10).join(rows)}
</tbody>
</table>
{'' if rows else '<p class="muted">No tools found.</p>'}
<script>{SCRIPT}</script>
</body>
</html>
"""
