from fastmcp import FastMCP

from mixmcp.tools import NotesMixin


class NotesServer(FastMCP[None], NotesMixin):
    def __init__(self) -> None:
        super().__init__("notes")
        for fn in (self.notes_list, self.notes_get, self.notes_count):
            self.tool(fn)

    def notes_count(self) -> int:
        return 0


def main() -> None:
    NotesServer().run()
