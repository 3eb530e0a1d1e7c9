"""A hand-written server that keeps its request handlers in a table."""

from .tools import DEFINITIONS, HANDLERS


def handle_initialize(params):
    return {"serverInfo": {"name": "kits"}}


def handle_list_tools(params):
    return {"tools": DEFINITIONS}


def handle_call_tool(params):
    handler = HANDLERS[params["name"]]
    return {"content": [{"type": "text", "text": handler(params.get("arguments", {}))}]}


def process(request):
    handlers = {
        "initialize": handle_initialize,
        "tools/list": handle_list_tools,
        "tools/call": handle_call_tool,
        "ping": lambda params: {},
    }
    handler = handlers.get(request.get("method"))
    if handler is None:
        return {"jsonrpc": "2.0", "id": request.get("id"), "error": {"code": -32601}}
    return {"jsonrpc": "2.0", "id": request.get("id"), "result": handler(request.get("params", {}))}
