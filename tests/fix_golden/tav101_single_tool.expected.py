"""A one-tool server: look up a word in the team glossary."""

import json

from glossary import Glossary
from toolargs.runtime import collect_unknown_args, with_unknown_args
from toolserver import ToolServer

server = ToolServer("glossary")
glossary = Glossary.load("glossary.json")


KNOWN_ARGS = ("term", "language")


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
    unknown = collect_unknown_args(args, KNOWN_ARGS)
    if entry is None:
        return with_unknown_args({"term": args["term"], "found": False}, unknown)
    links = json.dumps(entry.links)
    return with_unknown_args(
        {"term": entry.term, "found": True, "definition": entry.text, "see": links}, unknown
    )
