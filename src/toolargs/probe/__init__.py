"""`toolargs probe`: the policy proven on a running server, through the MCP SDK's client.

- `synthesis`: minimal valid arguments from a tool's listed input schema;
- `listing`: the listed tools and the mode each is probed in;
- `runner`: which calls to make for each tool (mutations only when allowed);
- `judging`: verdicts from the replies (reported / rejected / dropped, alias honoured);
- `client`: the only module that touches the SDK, imported when a probe runs;
- `crosscheck`: `--source`, the static audit set against the listed tools;
- `report`, `output`: summary, exit code, table / JSON / Markdown.
"""
