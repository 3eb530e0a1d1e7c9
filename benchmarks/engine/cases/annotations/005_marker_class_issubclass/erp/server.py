from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

from erp.base import ReadTool
from erp.tools import TOOL_CLASSES

mcp = FastMCP("erp")
for cls in TOOL_CLASSES:
    tool = cls()
    mcp.add_tool(
        tool.run,
        name=cls.name,
        annotations=ToolAnnotations(readOnlyHint=issubclass(cls, ReadTool)),
    )
