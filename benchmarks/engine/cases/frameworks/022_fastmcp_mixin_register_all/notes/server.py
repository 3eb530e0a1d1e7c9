from fastmcp import FastMCP

from notes.store import Store
from notes.tools.extra import AllNoteTools

mcp = FastMCP("notes")
tools = AllNoteTools(Store())
tools.register_all(mcp)
AllNoteTools(Store()).register_tools(mcp, prefix="archive")
