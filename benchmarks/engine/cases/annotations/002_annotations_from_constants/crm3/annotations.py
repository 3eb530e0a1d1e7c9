from mcp.types import ToolAnnotations

READ_ONLY = ToolAnnotations(readOnlyHint=True)
WRITES = ToolAnnotations(readOnlyHint=False, idempotentHint=True)
