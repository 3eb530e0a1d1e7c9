"""The kit catalogue's tools: their definitions, built by a helper, and handlers."""


def _tool(name, description, properties):
    return {
        "name": name,
        "description": description,
        "inputSchema": {"type": "object", "properties": properties},
    }


DEFINITIONS = [
    _tool("kit_search", "Search kits.", {"query": {"type": "string"}}),
    _tool("kit_install", "Install a kit.", {"kit": {"type": "string"}}),
]


def kit_search(arguments):
    return f"searching {arguments.get('query')}"


def kit_install(arguments):
    with open("installed.txt", "a") as installed:
        installed.write(arguments["kit"])
    return "installed"


HANDLERS = {"kit_search": kit_search, "kit_install": kit_install}
