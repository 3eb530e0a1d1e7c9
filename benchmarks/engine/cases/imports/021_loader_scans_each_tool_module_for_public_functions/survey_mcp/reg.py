from copy import deepcopy
from typing import Any, Dict, List

A: List[Dict[str, Any]] = [{"name": "read_cells", "description": "r", "input_schema": {}}]
B: List[Dict[str, Any]] = [{"name": "list_sheets", "description": "l", "input_schema": {}}]
_EXTRA: List[Dict[str, Any]] = []


def get_tool_specs() -> List[Dict[str, Any]]:
    specs: List[Dict[str, Any]] = []
    for spec in A + B + _EXTRA:
        copied = deepcopy(spec)
        copied["description"] = "x"
        specs.append(copied)
    return specs
