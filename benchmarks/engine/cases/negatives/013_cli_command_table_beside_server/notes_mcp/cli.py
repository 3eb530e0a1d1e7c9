"""`notes-mcp` starts the MCP server; `notes-mcp add TEXT` and `notes-mcp search Q` are
for a person at a terminal."""

import argparse

from notes_mcp.store import NoteStore


def handle_add(store: NoteStore, args: argparse.Namespace) -> int:
    print(store.add(args.text))
    return 0


def handle_search(store: NoteStore, args: argparse.Namespace) -> int:
    for note in store.search(args.query):
        print(note)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="notes-mcp")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("serve")
    sub.add_parser("add").add_argument("text")
    sub.add_parser("search").add_argument("query")
    args = parser.parse_args(argv)
    command = args.command or "serve"
    if command == "serve":
        from notes_mcp.app import mcp

        mcp.run()
        return 0
    handlers = {
        "add": handle_add,
        "search": handle_search,
    }
    return handlers[command](NoteStore(), args)
