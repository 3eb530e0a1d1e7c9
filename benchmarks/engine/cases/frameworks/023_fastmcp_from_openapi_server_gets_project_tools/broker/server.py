import json
from pathlib import Path

import httpx
from fastmcp import FastMCP

from broker.analytics import register_analytics

SPEC = Path(__file__).parent / "openapi.json"


def create_server() -> FastMCP:
    client = httpx.AsyncClient(base_url="https://api.example.com")
    mcp = FastMCP.from_openapi(openapi_spec=json.loads(SPEC.read_text()), client=client)
    register_analytics(mcp, client)
    return mcp
