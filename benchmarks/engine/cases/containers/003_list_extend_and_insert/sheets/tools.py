def read_range(sheet: str, cells: str) -> list[list[str]]:
    return []


def write_range(sheet: str, cells: str, values: list[list[str]]) -> int:
    return len(values)


def list_sheets() -> list[str]:
    return []


TOOLS = [read_range]
TOOLS.extend([write_range])
TOOLS.insert(0, list_sheets)
