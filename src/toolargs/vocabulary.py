"""The words tool code is written with, shared by discovery and the textual prefilter.

Kept apart from discovery, which imports libcst, so that the prefilter can reject a file
without loading the parser.
"""

from __future__ import annotations

import re

# Names of low-level `call_tool(name, arguments)` dispatchers without a decorator.
DISPATCHER_NAMES = frozenset({"call_tool", "handle_call_tool"})
# Variable names under which a dict literal is taken for a tool registry.
REGISTRY_NAME = re.compile(r"handler|tool|registry|dispatch", re.IGNORECASE)
# Keys of a tool description that hold its input schema.
SCHEMA_KEYS = ("inputSchema", "input_schema")
# The JSON-RPC method a server written by hand answers tool calls under.
CALL_METHOD = "tools/call"
LIST_METHOD = "tools/list"  # and the one it lists them under
