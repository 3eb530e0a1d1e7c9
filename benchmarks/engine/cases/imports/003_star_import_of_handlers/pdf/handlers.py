__all__ = ["extract_text", "merge_pdfs"]


def extract_text(path: str) -> str:
    return ""


def merge_pdfs(paths: list[str], output: str) -> str:
    return output


def _internal() -> None:
    pass
