from mcp.server.fastmcp import FastMCP

from chat.app import app

app.server = FastMCP(app.name)


@app.server.tool()
def post(room: str, text: str) -> int:
    app.rooms.setdefault(room, []).append(text)
    return len(app.rooms[room])
