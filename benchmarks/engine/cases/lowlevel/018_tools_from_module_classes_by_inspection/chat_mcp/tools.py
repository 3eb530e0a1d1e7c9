"""A tool is a ToolArgs subclass (its fields are the arguments) and a runner registered
for it with tool_runner.register."""

import typing as t
from functools import singledispatch

from mcp.types import TextContent, Tool
from pydantic import BaseModel


class ToolArgs(BaseModel):
    pass


@singledispatch
async def tool_runner(args) -> t.Sequence[TextContent]:
    raise NotImplementedError(f"Unsupported type: {type(args)}")


def tool_description(args: type[ToolArgs]) -> Tool:
    return Tool(name=args.__name__, description=args.__doc__, inputSchema=args.model_json_schema())


def tool_args(tool: Tool, **kwargs: t.Any) -> ToolArgs:
    return globals()[tool.name](**kwargs)


class ListChats(ToolArgs):
    """List the chats of the account."""

    unread: bool = False


@tool_runner.register
async def list_chats(args: ListChats) -> t.Sequence[TextContent]:
    return [TextContent(type="text", text=f"chats (unread={args.unread})")]


class SendMessage(ToolArgs):
    """Send a message to a chat."""

    chat_id: int
    text: str


@tool_runner.register
async def send_message(args: SendMessage) -> t.Sequence[TextContent]:
    return [TextContent(type="text", text=f"sent to {args.chat_id}")]
