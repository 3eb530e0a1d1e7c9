import os
from collections.abc import Callable
from typing import Any

from fastmcp import FastMCP
from fastmcp.tools import Tool

from wh_mcp.client import call

mcp = FastMCP("warehouse")

TOOLSETS = frozenset({"core", "sales", "catalog", "logistics", "storage", "staff", "billing"})
_TOOL_REGISTRY: dict[str, tuple[Callable[..., Any], frozenset[str]]] = {}


def _mcp_tool(*toolsets: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    tags = frozenset(toolsets)
    unknown = tags - TOOLSETS
    if unknown:
        raise ValueError(f"unknown toolsets: {sorted(unknown)}")

    def decorator(fn: Callable[..., Any]) -> Callable[..., Any]:
        if fn.__name__ in _TOOL_REGISTRY:
            raise ValueError(f"duplicate tool: {fn.__name__}")
        _TOOL_REGISTRY[fn.__name__] = (fn, tags)
        return fn

    return decorator


@_mcp_tool("sales")
def list_orders(ref: str = "") -> dict:
    """List orders."""
    return call("list_orders", ref)


@_mcp_tool("sales")
def get_orders(ref: str = "") -> dict:
    """Get orders."""
    return call("get_orders", ref)


@_mcp_tool("sales")
def create_orders(ref: str = "") -> dict:
    """Create orders."""
    return call("create_orders", ref)


@_mcp_tool("sales")
def update_orders(ref: str = "") -> dict:
    """Update orders."""
    return call("update_orders", ref)


@_mcp_tool("sales")
def delete_orders(ref: str = "") -> dict:
    """Delete orders."""
    return call("delete_orders", ref)


@_mcp_tool("sales")
def archive_orders(ref: str = "") -> dict:
    """Archive orders."""
    return call("archive_orders", ref)


@_mcp_tool("sales")
def count_orders(ref: str = "") -> dict:
    """Count orders."""
    return call("count_orders", ref)


@_mcp_tool("catalog")
def list_items(ref: str = "") -> dict:
    """List items."""
    return call("list_items", ref)


@_mcp_tool("catalog")
def get_items(ref: str = "") -> dict:
    """Get items."""
    return call("get_items", ref)


@_mcp_tool("catalog")
def create_items(ref: str = "") -> dict:
    """Create items."""
    return call("create_items", ref)


@_mcp_tool("catalog")
def update_items(ref: str = "") -> dict:
    """Update items."""
    return call("update_items", ref)


@_mcp_tool("catalog")
def delete_items(ref: str = "") -> dict:
    """Delete items."""
    return call("delete_items", ref)


@_mcp_tool("catalog")
def archive_items(ref: str = "") -> dict:
    """Archive items."""
    return call("archive_items", ref)


@_mcp_tool("catalog")
def count_items(ref: str = "") -> dict:
    """Count items."""
    return call("count_items", ref)


@_mcp_tool("logistics")
def list_shipments(ref: str = "") -> dict:
    """List shipments."""
    return call("list_shipments", ref)


@_mcp_tool("logistics")
def get_shipments(ref: str = "") -> dict:
    """Get shipments."""
    return call("get_shipments", ref)


@_mcp_tool("logistics")
def create_shipments(ref: str = "") -> dict:
    """Create shipments."""
    return call("create_shipments", ref)


@_mcp_tool("logistics")
def update_shipments(ref: str = "") -> dict:
    """Update shipments."""
    return call("update_shipments", ref)


@_mcp_tool("logistics")
def delete_shipments(ref: str = "") -> dict:
    """Delete shipments."""
    return call("delete_shipments", ref)


@_mcp_tool("logistics")
def archive_shipments(ref: str = "") -> dict:
    """Archive shipments."""
    return call("archive_shipments", ref)


@_mcp_tool("logistics")
def count_shipments(ref: str = "") -> dict:
    """Count shipments."""
    return call("count_shipments", ref)


@_mcp_tool("catalog")
def list_suppliers(ref: str = "") -> dict:
    """List suppliers."""
    return call("list_suppliers", ref)


@_mcp_tool("catalog")
def get_suppliers(ref: str = "") -> dict:
    """Get suppliers."""
    return call("get_suppliers", ref)


@_mcp_tool("catalog")
def create_suppliers(ref: str = "") -> dict:
    """Create suppliers."""
    return call("create_suppliers", ref)


@_mcp_tool("catalog")
def update_suppliers(ref: str = "") -> dict:
    """Update suppliers."""
    return call("update_suppliers", ref)


@_mcp_tool("catalog")
def delete_suppliers(ref: str = "") -> dict:
    """Delete suppliers."""
    return call("delete_suppliers", ref)


@_mcp_tool("catalog")
def archive_suppliers(ref: str = "") -> dict:
    """Archive suppliers."""
    return call("archive_suppliers", ref)


@_mcp_tool("catalog")
def count_suppliers(ref: str = "") -> dict:
    """Count suppliers."""
    return call("count_suppliers", ref)


@_mcp_tool("storage")
def list_bins(ref: str = "") -> dict:
    """List bins."""
    return call("list_bins", ref)


@_mcp_tool("storage")
def get_bins(ref: str = "") -> dict:
    """Get bins."""
    return call("get_bins", ref)


@_mcp_tool("storage")
def create_bins(ref: str = "") -> dict:
    """Create bins."""
    return call("create_bins", ref)


@_mcp_tool("storage")
def update_bins(ref: str = "") -> dict:
    """Update bins."""
    return call("update_bins", ref)


@_mcp_tool("storage")
def delete_bins(ref: str = "") -> dict:
    """Delete bins."""
    return call("delete_bins", ref)


@_mcp_tool("storage")
def archive_bins(ref: str = "") -> dict:
    """Archive bins."""
    return call("archive_bins", ref)


@_mcp_tool("storage")
def count_bins(ref: str = "") -> dict:
    """Count bins."""
    return call("count_bins", ref)


@_mcp_tool("staff")
def list_pickers(ref: str = "") -> dict:
    """List pickers."""
    return call("list_pickers", ref)


@_mcp_tool("staff")
def get_pickers(ref: str = "") -> dict:
    """Get pickers."""
    return call("get_pickers", ref)


@_mcp_tool("staff")
def create_pickers(ref: str = "") -> dict:
    """Create pickers."""
    return call("create_pickers", ref)


@_mcp_tool("staff")
def update_pickers(ref: str = "") -> dict:
    """Update pickers."""
    return call("update_pickers", ref)


@_mcp_tool("staff")
def delete_pickers(ref: str = "") -> dict:
    """Delete pickers."""
    return call("delete_pickers", ref)


@_mcp_tool("staff")
def archive_pickers(ref: str = "") -> dict:
    """Archive pickers."""
    return call("archive_pickers", ref)


@_mcp_tool("staff")
def count_pickers(ref: str = "") -> dict:
    """Count pickers."""
    return call("count_pickers", ref)


@_mcp_tool("sales")
def list_returns(ref: str = "") -> dict:
    """List returns."""
    return call("list_returns", ref)


@_mcp_tool("sales")
def get_returns(ref: str = "") -> dict:
    """Get returns."""
    return call("get_returns", ref)


@_mcp_tool("sales")
def create_returns(ref: str = "") -> dict:
    """Create returns."""
    return call("create_returns", ref)


@_mcp_tool("sales")
def update_returns(ref: str = "") -> dict:
    """Update returns."""
    return call("update_returns", ref)


@_mcp_tool("sales")
def delete_returns(ref: str = "") -> dict:
    """Delete returns."""
    return call("delete_returns", ref)


@_mcp_tool("sales")
def archive_returns(ref: str = "") -> dict:
    """Archive returns."""
    return call("archive_returns", ref)


@_mcp_tool("sales")
def count_returns(ref: str = "") -> dict:
    """Count returns."""
    return call("count_returns", ref)


@_mcp_tool("billing")
def list_invoices(ref: str = "") -> dict:
    """List invoices."""
    return call("list_invoices", ref)


@_mcp_tool("billing")
def get_invoices(ref: str = "") -> dict:
    """Get invoices."""
    return call("get_invoices", ref)


@_mcp_tool("billing")
def create_invoices(ref: str = "") -> dict:
    """Create invoices."""
    return call("create_invoices", ref)


@_mcp_tool("billing")
def update_invoices(ref: str = "") -> dict:
    """Update invoices."""
    return call("update_invoices", ref)


@_mcp_tool("billing")
def delete_invoices(ref: str = "") -> dict:
    """Delete invoices."""
    return call("delete_invoices", ref)


@_mcp_tool("billing")
def archive_invoices(ref: str = "") -> dict:
    """Archive invoices."""
    return call("archive_invoices", ref)


@_mcp_tool("billing")
def count_invoices(ref: str = "") -> dict:
    """Count invoices."""
    return call("count_invoices", ref)


@_mcp_tool("storage")
def list_zones(ref: str = "") -> dict:
    """List zones."""
    return call("list_zones", ref)


@_mcp_tool("storage")
def get_zones(ref: str = "") -> dict:
    """Get zones."""
    return call("get_zones", ref)


@_mcp_tool("storage")
def create_zones(ref: str = "") -> dict:
    """Create zones."""
    return call("create_zones", ref)


@_mcp_tool("storage")
def update_zones(ref: str = "") -> dict:
    """Update zones."""
    return call("update_zones", ref)


@_mcp_tool("storage")
def delete_zones(ref: str = "") -> dict:
    """Delete zones."""
    return call("delete_zones", ref)


@_mcp_tool("storage")
def archive_zones(ref: str = "") -> dict:
    """Archive zones."""
    return call("archive_zones", ref)


@_mcp_tool("storage")
def count_zones(ref: str = "") -> dict:
    """Count zones."""
    return call("count_zones", ref)


@_mcp_tool("logistics")
def list_carriers(ref: str = "") -> dict:
    """List carriers."""
    return call("list_carriers", ref)


@_mcp_tool("logistics")
def get_carriers(ref: str = "") -> dict:
    """Get carriers."""
    return call("get_carriers", ref)


@_mcp_tool("logistics")
def create_carriers(ref: str = "") -> dict:
    """Create carriers."""
    return call("create_carriers", ref)


@_mcp_tool("logistics")
def update_carriers(ref: str = "") -> dict:
    """Update carriers."""
    return call("update_carriers", ref)


@_mcp_tool("logistics")
def delete_carriers(ref: str = "") -> dict:
    """Delete carriers."""
    return call("delete_carriers", ref)


@_mcp_tool("logistics")
def archive_carriers(ref: str = "") -> dict:
    """Archive carriers."""
    return call("archive_carriers", ref)


@_mcp_tool("logistics")
def count_carriers(ref: str = "") -> dict:
    """Count carriers."""
    return call("count_carriers", ref)


def configure_toolsets(value: str) -> FastMCP:
    selected = frozenset(part.strip() for part in value.split(",")) or TOOLSETS
    server = FastMCP("warehouse")
    for name, (fn, tags) in _TOOL_REGISTRY.items():
        if "core" in tags or tags & selected:
            server.add_tool(Tool.from_function(fn, tags=set(tags)))
    return server


def main() -> None:
    configure_toolsets(os.environ.get("WH_TOOLSETS", ",".join(sorted(TOOLSETS)))).run()
