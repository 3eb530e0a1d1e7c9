ENTRIES: dict[str, str] = {}


def search(query: str) -> list[str]:
    return [key for key in ENTRIES if query.lower() in key.lower()]


def bibtex() -> str:
    return "\n\n".join(ENTRIES.values())
