import inspect

from fastmcp import FastMCP

from gallery import tools

app = FastMCP("gallery")

for name, member in inspect.getmembers(tools):
    if not (inspect.isfunction(member) and name.startswith("handle_")):
        continue
    app.tool(name=name.removeprefix("handle_"))(member)
