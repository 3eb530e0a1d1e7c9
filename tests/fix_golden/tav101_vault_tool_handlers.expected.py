"""Vault server: one ToolHandler class per tool, each answering with content blocks."""

import json
import os
from collections.abc import Sequence

from mcp.types import (
    CallToolResult,
    EmbeddedResource,
    ImageContent,
    TextContent,
    Tool,
    ToolAnnotations,
)
from toolargs.runtime import collect_unknown_args, with_unknown_args

from . import vault

api_key = os.getenv("VAULT_API_KEY", "")
READ_ONLY = ToolAnnotations(readOnlyHint=True)


class ToolHandler:
    def __init__(self, tool_name: str):
        self.name = tool_name

    def get_tool_description(self) -> Tool:
        raise NotImplementedError()

    def run_tool(self, args: dict) -> Sequence[TextContent | ImageContent | EmbeddedResource]:
        raise NotImplementedError()


VAULT_LIST_FILES_IN_DIR_KNOWN_ARGS = ("dirpath",)


class ListFilesInDirToolHandler(ToolHandler):
    def __init__(self):
        super().__init__("vault_list_files_in_dir")

    def get_tool_description(self) -> Tool:
        return Tool(
            name=self.name,
            description="Lists all files and directories in a directory of the vault.",
            inputSchema={
                "type": "object",
                "properties": {"dirpath": {"type": "string"}},
                "required": ["dirpath"],
            },
            annotations=READ_ONLY,
        )

    def run_tool(self, args: dict) -> Sequence[TextContent | ImageContent | EmbeddedResource]:
        if "dirpath" not in args:
            raise RuntimeError("dirpath argument missing in arguments")

        files = vault.Vault(api_key=api_key).list_files_in_dir(args["dirpath"])
        unknown = collect_unknown_args(args, VAULT_LIST_FILES_IN_DIR_KNOWN_ARGS)

        return with_unknown_args(
            [TextContent(type="text", text=json.dumps(files, indent=2))], unknown
        )


VAULT_GET_FILE_CONTENTS_KNOWN_ARGS = ("filepath", "with_frontmatter")


class GetFileContentsToolHandler(ToolHandler):
    def __init__(self):
        super().__init__("vault_get_file_contents")

    def get_tool_description(self) -> Tool:
        return Tool(
            name=self.name,
            description="Return the content of a single file in the vault.",
            inputSchema={
                "type": "object",
                "properties": {
                    "filepath": {"type": "string"},
                    "with_frontmatter": {"type": "boolean", "default": False},
                },
                "required": ["filepath"],
            },
            annotations=READ_ONLY,
        )

    def run_tool(self, args: dict) -> CallToolResult:
        note = vault.Vault(api_key=api_key).get_file(args["filepath"])
        unknown = collect_unknown_args(args, VAULT_GET_FILE_CONTENTS_KNOWN_ARGS)
        if note is None:
            return with_unknown_args(
                CallToolResult(
                    content=[TextContent(type="text", text=f"No such file: {args['filepath']}")],
                    isError=True,
                ),
                unknown,
            )
        text = note.text if args.get("with_frontmatter") else note.body
        return with_unknown_args(
            CallToolResult(
                content=[TextContent(type="text", text=text)],
                structuredContent={"path": note.path, "text": text},
            ),
            unknown,
        )
