class NotesMixin:
    def notes_list(self) -> list[str]:
        return []

    def notes_get(self, name: str) -> str:
        return name
