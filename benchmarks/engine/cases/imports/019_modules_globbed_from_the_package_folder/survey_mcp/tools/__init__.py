"""Every module in this folder registers its own tools."""
from importlib import import_module
from pathlib import Path


def register_all(mcp) -> None:
    for path in sorted(Path(__file__).parent.glob("*.py")):
        if path.stem.startswith("_"):
            continue
        import_module(f"{__name__}.{path.stem}").register(mcp)
