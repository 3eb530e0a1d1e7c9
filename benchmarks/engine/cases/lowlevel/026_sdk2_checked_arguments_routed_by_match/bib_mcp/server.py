import mcp.types as types
from mcp.server import Server

from bib_mcp import store

_TYPES = {"string": (str,), "integer": (int,), "boolean": (bool,)}


def _argument_error(schema: dict | None, arguments: dict) -> str | None:
    """The 2.x low-level Server only advertises the schema: check it here."""
    if not schema:
        return None
    for key in schema.get("required", []):
        if arguments.get(key) is None:
            return f"'{key}' is a required property"
    properties = schema.get("properties", {})
    for key, value in arguments.items():
        allowed = _TYPES.get(properties.get(key, {}).get("type"))
        if allowed is not None and not isinstance(value, allowed):
            return f"{value!r} is not valid for '{key}'"
    return None


def _error(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


def create_server() -> Server:
    tools = [
        types.Tool(
            name="search",
            input_schema={"type": "object", "properties": {"query": {"type": "string"}}},
        ),
        types.Tool(
            name="export_bibtex",
            input_schema={"type": "object", "properties": {"path": {"type": "string"}}},
        ),
    ]
    schemas = {tool.name: tool.input_schema for tool in tools}

    async def handle_list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def handle_call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        name = params.name
        arguments = {k: v for k, v in (params.arguments or {}).items() if v is not None}
        problem = _argument_error(schemas.get(name), arguments)
        if problem:
            return _error(problem)
        content = _dispatch_tool(name, arguments)
        return types.CallToolResult(content=content)

    def _dispatch_tool(name: str, arguments: dict) -> list[types.TextContent]:
        match name:
            case "search":
                found = store.search(arguments.get("query") or "")
                return [types.TextContent(type="text", text="\n".join(found))]
            case "export_bibtex":
                with open(arguments["path"], "w", encoding="utf-8") as out:
                    out.write(store.bibtex())
                return [types.TextContent(type="text", text="written")]
            case _:
                raise ValueError(f"Unknown tool: {name}")

    return Server(
        "bib",
        on_list_tools=handle_list_tools,
        on_call_tool=handle_call_tool,
    )


def main() -> None:
    import anyio

    anyio.run(create_server().run_stdio)
