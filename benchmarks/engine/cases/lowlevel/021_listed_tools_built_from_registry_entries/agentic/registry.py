from typing import Any

_SESSION = {"session_id": {"type": "string"}}


def list_tools() -> list[dict[str, Any]]:
    return [
        {
            "name": "compare_runs",
            "input_schema": {
                "type": "object",
                "properties": {"baseline": {"type": "array"}, "candidate": {"type": "array"}, **_SESSION},
                "additionalProperties": False,
            },
        },
        {
            "name": "version",
            "input_schema": {"type": "object", "properties": {}, "additionalProperties": False},
        },
    ]
