from typing import Any


def call_backend(method: str, path: str, values: dict[str, Any]) -> dict[str, Any]:
    return {"method": method, "path": path, "values": values}
