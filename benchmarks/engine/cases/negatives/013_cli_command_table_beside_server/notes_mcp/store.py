class NoteStore:
    def __init__(self) -> None:
        self.notes: list[str] = []

    def add(self, text: str) -> int:
        self.notes.append(text)
        return len(self.notes)

    def search(self, query: str) -> list[str]:
        return [n for n in self.notes if query in n]
