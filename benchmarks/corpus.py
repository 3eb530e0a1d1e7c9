"""Generate a dense corpus of MCP server modules, every handler shape, from a seed.

Each module is a plausible server: imports, a logger, a few helper functions, and five to
ten tools in one of the shapes discovery supports (FastMCP decorators with keyword or dict
handlers, low-level `call_tool` dispatchers with `if`/`match`/enum/registry branching,
registries, class-based tools on a base class, handler classes registered with
`add_tool_handler`, imperative `add_tool`). About a third of the handlers break the
policy in one of the ways the rules look for, so rules have work to do.

    python benchmarks/corpus.py OUT_DIR [--files 300] [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

READ_ONLY = (
    "search_files", "find_symbol", "list_dir", "read_file", "grep_text", "find_references",
    "get_symbols_overview", "search_issues", "list_commits", "query_logs", "lookup_user",
    "list_tables", "describe_table", "fetch_page", "summarize_diff", "get_weather",
)
MUTATIONS = (
    "rename_symbol", "replace_symbol_body", "delete_lines", "insert_at_line",
    "replace_lines", "replace_content", "move_symbol", "add_import", "refactor_extract",
)
PARAMS = (
    ("query", "string"), ("path", "string"), ("pattern", "string"), ("name_path", "string"),
    ("relative_path", "string"), ("include_body", "boolean"), ("depth", "integer"),
    ("case_sensitive", "boolean"), ("language", "string"), ("since", "string"),
)
SHAPES = (
    "fastmcp_keyword", "fastmcp_dict", "dispatcher_if", "dispatcher_match",
    "dispatcher_enum", "dispatcher_registry", "class_based", "handler_classes",
    "imperative",
)


@dataclass
class ToolSpec:
    name: str
    mutation: bool
    params: list[tuple[str, str]]
    limit: str | None  # "max_results" / "max_matches" for read-only tools with a limit
    flaw: str  # "" when the handler conforms

    @property
    def keys(self) -> list[str]:
        keys = [p for p, _ in self.params]
        if self.limit:
            keys += [self.limit, "limit", "top_k"]
        return keys

    @property
    def const(self) -> str:
        return f"{self.name.upper()}_KNOWN_ARGS"

    @property
    def camel(self) -> str:
        return "".join(part.title() for part in self.name.split("_"))


def _tools(rng: random.Random) -> list[ToolSpec]:
    names = rng.sample(READ_ONLY, rng.randint(3, 6)) + rng.sample(MUTATIONS, rng.randint(2, 4))
    rng.shuffle(names)
    specs = []
    for name in names:
        mutation = name in MUTATIONS
        params = rng.sample(PARAMS, rng.randint(1, 4))
        limit = None if mutation or rng.random() < 0.3 else rng.choice(
            ("max_results", "max_matches"))
        if mutation:
            flaw = rng.choice(("", "", "no-reject", "late-reject", "lenient"))
        else:
            flaw = rng.choice(("", "", "", "no-collect", "direct-limit", "always-attach",
                               "missing-key"))
        specs.append(ToolSpec(name, mutation, params, limit, flaw))
    return specs


def _schema(spec: ToolSpec) -> str:
    props = [f'"{p}": {{"type": "{t}"}}' for p, t in spec.params]
    if spec.limit:
        props.append(f'"{spec.limit}": {{"type": "integer", "minimum": 1}}')
    required = spec.params[0][0]
    return (
        '{"type": "object", "properties": {' + ", ".join(props) + "}, "
        f'"required": ["{required}"]}}'
    )


def _known_args(spec: ToolSpec) -> str:
    keys = spec.keys
    if spec.flaw == "missing-key" and len(keys) > 1:
        keys = keys[:-1]
    inner = "".join(f'    "{key}",\n' for key in keys)
    return f"{spec.const} = (\n{inner})\n"


def _body(spec: ToolSpec, args: str, indent: str) -> str:
    """The statements of a dict-style handler, flaws included."""
    first = spec.params[0][0]
    lines: list[str] = []
    if spec.mutation:
        if spec.flaw == "lenient":
            lines.append(f"unknown = collect_unknown_args({args}, {spec.const})")
        elif spec.flaw != "late-reject" and spec.flaw != "no-reject":
            lines.append(f"reject_unknown_args({args}, {spec.const})")
        lines.append(f'target = ROOT / str({args}.get("{first}", ""))')
        lines.append(f'logger.info("{spec.name} %s", target)')
        lines.append("backup = _snapshot(target)")
        if spec.flaw == "late-reject":
            lines.append(f"reject_unknown_args({args}, {spec.const})")
        lines.append(f"changed = _apply_edit(target, {args})")
        lines.append('return {"changed": changed, "backup": backup}')
    else:
        if spec.flaw != "no-collect":
            lines.append(f"unknown = collect_unknown_args({args}, {spec.const})")
        if spec.limit:
            if spec.flaw == "direct-limit":
                lines.append(f'limit = int({args}.get("{spec.limit}", 20))')
            else:
                lines.append(
                    f'limit = optional_usize_with_aliases({args}, "{spec.limit}", '
                    '("limit", "top_k"), 20)'
                )
        else:
            lines.append("limit = 50")
        lines.append(f'needle = str({args}.get("{first}", ""))')
        lines.append("items = [item for item in _index(ROOT) if needle in item][:limit]")
        lines.append('payload: dict[str, Any] = {"items": items, "count": len(items)}')
        if spec.flaw == "always-attach":
            lines.append('payload["unknown_args"] = unknown')
            lines.append("return payload")
        elif spec.flaw == "no-collect":
            lines.append("return payload")
        else:
            lines.append("return with_unknown_args(payload, unknown)")
    return "".join(f"{indent}{line}\n" for line in lines)


HEADER = '''\
"""{title} server: {what}.

Generated for benchmarks; shaped like the servers the checker is written for.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

{imports}
from toolargs.runtime import (
    MissingParam,
    collect_unknown_args,
    optional_usize_with_aliases,
    reject_unknown_args,
    with_unknown_args,
)

logger = logging.getLogger(__name__)
ROOT = Path(os.environ.get("{env}_ROOT", "."))


def _index(root: Path) -> list[str]:
    """Every file under root, relative, sorted; cached by the caller."""
    found = []
    for folder, _dirs, files in os.walk(root):
        for name in files:
            found.append(os.path.relpath(os.path.join(folder, name), root))
    return sorted(found)


def _snapshot(target: Path) -> str:
    try:
        return target.read_text(encoding="utf-8")
    except OSError as exc:
        raise MissingParam(f"cannot read {{target}}: {{exc.strerror}}") from None


def _apply_edit(target: Path, arguments: dict[str, Any]) -> bool:
    text = _snapshot(target)
    updated = text.replace(str(arguments.get("old", "")), str(arguments.get("new", "")))
    if updated != text:
        target.write_text(updated, encoding="utf-8")
    return updated != text


def _format(result: Any) -> str:
    return json.dumps(result, indent=2, sort_keys=True, default=str)

'''


def _fastmcp_keyword(specs: list[ToolSpec], rng: random.Random) -> tuple[str, str]:
    enforce = rng.random() < 0.5
    imports = "from mcp.server.fastmcp import FastMCP\nfrom mcp.types import ToolAnnotations"
    if enforce:
        imports += "\nfrom toolargs.runtime import enforce_policy"
    out = ['mcp = FastMCP("bench")\n\n']
    for spec in specs:
        params = ", ".join(
            f"{p}: {'str' if t == 'string' else 'int' if t == 'integer' else 'bool'}"
            for p, t in spec.params
        )
        if spec.limit:
            params += f", {spec.limit}: int = 20"
        hint = "False" if spec.mutation else "True"
        out.append(
            f"@mcp.tool(annotations=ToolAnnotations(readOnlyHint={hint}))\n"
            f"def {spec.name}({params}) -> str:\n"
            f'    """{spec.name.replace("_", " ").capitalize()}."""\n'
            f"    logger.debug(\"{spec.name}\")\n"
            f"    return _format({{\"tool\": \"{spec.name}\", \"root\": str(ROOT)}})\n\n\n"
        )
    if enforce:
        out.append("enforce_policy(mcp)\n")
    return imports, "".join(out)


def _fastmcp_dict(specs: list[ToolSpec], rng: random.Random) -> tuple[str, str]:
    out = ['app = FastMCP("bench")\n\n']
    for spec in specs:
        out.append(_known_args(spec) + "\n\n")
        out.append(
            f'@app.tool(name="{spec.name}", input_schema={_schema(spec)})\n'
            f"def {spec.name}(arguments: dict[str, Any]) -> dict[str, Any]:\n"
            + _body(spec, "arguments", "    ") + "\n\n"
        )
    return "from fastmcp import FastMCP", "".join(out)


def _list_tools(specs: list[ToolSpec], server: str) -> str:
    entries = "".join(
        f'        types.Tool(\n            name="{s.name}",\n'
        f'            description="{s.name.replace("_", " ")}",\n'
        f"            inputSchema={_schema(s)},\n        ),\n"
        for s in specs
    )
    return (
        f"@{server}.list_tools()\nasync def list_tools() -> list[types.Tool]:\n"
        f"    return [\n{entries}    ]\n\n\n"
    )


def _handlers(specs: list[ToolSpec]) -> str:
    return "".join(
        _known_args(s) + "\n\n"
        + f"async def handle_{s.name}(arguments: dict[str, Any]) -> dict[str, Any]:\n"
        + _body(s, "arguments", "    ") + "\n\n"
        for s in specs
    )


LOWLEVEL_IMPORTS = "import mcp.types as types\nfrom mcp.server import Server"


def _dispatcher_if(specs: list[ToolSpec], rng: random.Random) -> tuple[str, str]:
    out = ['server = Server("bench")\n\n\n', _list_tools(specs, "server"), _handlers(specs)]
    out.append(
        "@server.call_tool()\n"
        "async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:\n"
    )
    for i, spec in enumerate(specs):
        kw = "if" if i == 0 else "elif"
        out.append(
            f'    {kw} name == "{spec.name}":\n'
            f"        result = await handle_{spec.name}(arguments)\n"
        )
    out.append('    else:\n        raise ValueError(f"unknown tool: {name}")\n')
    out.append('    return [types.TextContent(type="text", text=_format(result))]\n')
    return LOWLEVEL_IMPORTS, "".join(out)


def _dispatcher_match(specs: list[ToolSpec], rng: random.Random) -> tuple[str, str]:
    out = ['server = Server("bench")\n\n\n', _list_tools(specs, "server")]
    for spec in specs:
        out.append(_known_args(spec) + "\n\n")
    out.append(
        "@server.call_tool()\n"
        "async def handle_call_tool(name: str, arguments: dict[str, Any]) -> list[Any]:\n"
        "    match name:\n"
    )
    for spec in specs:
        out.append(f'        case "{spec.name}":\n' + _body(spec, "arguments", "            "))
    out.append('        case _:\n            raise ValueError(f"unknown tool: {name}")\n')
    return LOWLEVEL_IMPORTS, "".join(out)


def _dispatcher_enum(specs: list[ToolSpec], rng: random.Random) -> tuple[str, str]:
    members = "".join(f'    {s.name.upper()} = "{s.name}"\n' for s in specs)
    out = [
        'server = Server("bench")\n\n\n',
        f"class ToolName(str, Enum):\n{members}\n\n",
        _list_tools(specs, "server"),
        _handlers(specs),
        "@server.call_tool()\n"
        "async def call_tool(name: str, arguments: dict[str, Any]) -> list[Any]:\n"
        "    match name:\n",
    ]
    for spec in specs:
        out.append(
            f"        case ToolName.{spec.name.upper()}:\n"
            f"            result = await handle_{spec.name}(arguments)\n"
        )
    out.append('        case _:\n            raise ValueError(f"unknown tool: {name}")\n')
    out.append('    return [types.TextContent(type="text", text=_format(result))]\n')
    return LOWLEVEL_IMPORTS + "\nfrom enum import Enum", "".join(out)


def _dispatcher_registry(specs: list[ToolSpec], rng: random.Random) -> tuple[str, str]:
    entries = "".join(f'    "{s.name}": handle_{s.name},\n' for s in specs)
    out = [
        'server = Server("bench")\n\n\n',
        _list_tools(specs, "server"),
        _handlers(specs),
        f"TOOL_HANDLERS = {{\n{entries}}}\n\n\n",
        "@server.call_tool()\n"
        "async def call_tool(name: str, arguments: dict[str, Any]) -> list[Any]:\n"
        "    handler = TOOL_HANDLERS.get(name)\n"
        "    if handler is None:\n"
        '        raise ValueError(f"unknown tool: {name}")\n'
        "    result = await handler(arguments)\n"
        '    return [types.TextContent(type="text", text=_format(result))]\n',
    ]
    return LOWLEVEL_IMPORTS, "".join(out)


def _class_based(specs: list[ToolSpec], rng: random.Random) -> tuple[str, str]:
    out = [
        "class CanEdit:\n    \"\"\"Marks tools that change files.\"\"\"\n\n\n",
        "class Tool:\n"
        "    def __init__(self, agent: Any) -> None:\n        self.agent = agent\n\n"
        "    def apply(self, arguments: dict[str, Any]) -> dict[str, Any]:\n"
        "        raise NotImplementedError\n\n\n",
    ]
    for spec in specs:
        bases = "Tool, CanEdit" if spec.mutation else "Tool"
        out.append(_known_args(spec) + "\n\n")
        out.append(
            f"class {spec.camel}Tool({bases}):\n"
            f'    """{spec.name.replace("_", " ").capitalize()}."""\n\n'
            f'    name = "{spec.name}"\n'
            f"    input_schema = {_schema(spec)}\n\n"
            "    def apply(self, arguments: dict[str, Any]) -> dict[str, Any]:\n"
            + _body(spec, "arguments", "        ") + "\n\n"
        )
    return "", "".join(out)


def _handler_classes(specs: list[ToolSpec], rng: random.Random) -> tuple[str, str]:
    out = ['server = Server("bench")\n\n\n']
    for spec in specs:
        out.append(_known_args(spec) + "\n\n")
        out.append(
            f"class {spec.camel}Handler(ToolHandler):\n"
            f"    def __init__(self) -> None:\n"
            f'        super().__init__("{spec.name}")\n\n'
            "    def get_tool_description(self) -> types.Tool:\n"
            f'        return types.Tool(name="{spec.name}", description="",\n'
            f"                          inputSchema={_schema(spec)})\n\n"
            "    def run_tool(self, arguments: dict[str, Any]) -> dict[str, Any]:\n"
            + _body(spec, "arguments", "        ") + "\n\n"
        )
    for spec in specs:
        out.append(f"server.add_tool_handler({spec.camel}Handler())\n")
    imports = LOWLEVEL_IMPORTS + "\nfrom .handlers import ToolHandler"
    return imports, "".join(out)


def _imperative(specs: list[ToolSpec], rng: random.Random) -> tuple[str, str]:
    out = ['mcp = FastMCP("bench")\n\n\n']
    for spec in specs:
        params = ", ".join(f"{p}: str" for p, _ in spec.params)
        if spec.limit:
            params += f", {spec.limit}: int = 20"
        out.append(
            f"def {spec.name}({params}) -> str:\n"
            f"    return _format({{\"tool\": \"{spec.name}\"}})\n\n\n"
        )
    for spec in specs:
        out.append(f'mcp.add_tool({spec.name}, name="{spec.name}")\n')
    return "from mcp.server.fastmcp import FastMCP", "".join(out)


BUILDERS: dict[str, Callable[[list[ToolSpec], random.Random], tuple[str, str]]] = {
    "fastmcp_keyword": _fastmcp_keyword,
    "fastmcp_dict": _fastmcp_dict,
    "dispatcher_if": _dispatcher_if,
    "dispatcher_match": _dispatcher_match,
    "dispatcher_enum": _dispatcher_enum,
    "dispatcher_registry": _dispatcher_registry,
    "class_based": _class_based,
    "handler_classes": _handler_classes,
    "imperative": _imperative,
}


def server_module(index: int, rng: random.Random) -> str:
    """One server module; its shape cycles so every shape is equally represented."""
    shape = SHAPES[index % len(SHAPES)]
    specs = _tools(rng)
    imports, body = BUILDERS[shape](specs, rng)
    title = f"Bench {index:04d}"
    header = HEADER.format(
        title=title, what=shape.replace("_", " "), imports=imports, env=f"BENCH{index}"
    )
    return header + "\n" + textwrap.dedent(body)


def generate(out_dir: Path, files: int = 300, seed: int = 7) -> list[Path]:
    """Write `files` server modules under `out_dir` (a package per shape); same seed, same bytes."""
    rng = random.Random(seed)
    written = []
    for index in range(files):
        shape = SHAPES[index % len(SHAPES)]
        package = out_dir / "servers" / shape
        package.mkdir(parents=True, exist_ok=True)
        (package / "__init__.py").touch()
        path = package / f"server_{index:04d}.py"
        path.write_text(server_module(index, rng), encoding="utf-8")
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--files", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    paths = generate(args.out_dir, args.files, args.seed)
    print(f"{len(paths)} server modules under {args.out_dir}")


if __name__ == "__main__":
    main()
