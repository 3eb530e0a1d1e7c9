from copy import deepcopy
from typing import Any

WORKBOOK_TOOLS: list[dict[str, Any]] = [
    {
        "name": "read_cells",
        "description": "Read a range of cells.",
        "input_schema": {"type": "object", "properties": {"range": {"type": "string"}}},
    },
    {
        "name": "write_cells",
        "description": "Write values into a range of cells.",
        "input_schema": {"type": "object", "properties": {"range": {}, "values": {}}},
    },
]
_REGISTERED: list[dict[str, Any]] = []


def register_tools(*specs: dict[str, Any]) -> None:
    """Add tool specs before the server starts."""
    _REGISTERED.extend(specs)


def tool_specs() -> list[dict[str, Any]]:
    """Every spec, built-in and registered, copied so callers cannot change them."""
    specs = []
    for spec in WORKBOOK_TOOLS + _REGISTERED:
        copied = deepcopy(spec)
        copied["description"] = copied["description"].strip()
        specs.append(copied)
    return specs
