from books.app import create_server

mcp = create_server()


@mcp.tool
def find_book(isbn: str) -> dict:
    return {"isbn": isbn}
