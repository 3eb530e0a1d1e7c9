"""Tools are declared where they are written and registered when the server is built."""

MCP_TOOLS: dict = {}


def register_as_tool(title=None, annotations=None):
    """Keep the method in MCP_TOOLS under its name; the server registers it later on
    the client object that has it."""

    def decorator(func):
        func_name = func.__name__
        func._mcp_title = title or func_name.replace("_", " ").title()
        func._mcp_annotations = annotations
        MCP_TOOLS[func_name] = func
        return func

    return decorator
