import json
from pathlib import Path


def inline(schema, defs):
    """Replace every $ref of a schema by the definition it names, at any depth."""
    if isinstance(schema, dict):
        if "$ref" in schema:
            return inline(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
        return {key: inline(value, defs) for key, value in schema.items()}
    if isinstance(schema, list):
        return [inline(item, defs) for item in schema]
    return schema


# A schema nested 70 levels deep, inlined at import: one activation of inline() per level.
DEEP = {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "string"}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}
INLINED = inline(DEEP, {})


class Catalog:
    def __init__(self, operations):
        self.operations = operations

    @classmethod
    def load(cls, path):
        spec = json.loads(Path(path).read_text())
        defs = spec.get("definitions", {})
        return cls({name: inline(body, defs) for name, body in spec["operations"].items()})
