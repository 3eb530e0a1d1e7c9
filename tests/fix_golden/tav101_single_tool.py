"""A one-tool server: look up a word in the team glossary."""

import json

from glossary import Glossary
from toolserver import ToolServer

server = ToolServer("glossary")
glossary = Glossary.load("glossary.json")


@server.tool(
    "define",
    input_schema={
        "type": "object",
        "properties": {"term": {"type": "string"}, "language": {"type": "string"}},
        "required": ["term"],
    },
    annotations={"readOnlyHint": True},
)
def define(args):
    entry = glossary.lookup(args["term"], language=args.get("language", "en"))
    if entry is None:
        return {"term": args["term"], "found": False}
    links = json.dumps(entry.links)
    return {"term": entry.term, "found": True, "definition": entry.text, "see": links}
