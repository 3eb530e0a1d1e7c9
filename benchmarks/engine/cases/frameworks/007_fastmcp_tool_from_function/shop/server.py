from fastmcp import FastMCP
from fastmcp.tools import Tool

from shop.catalog import get_product, list_products

mcp = FastMCP("shop")
mcp.add_tool(Tool.from_function(get_product, name="product_get"))
mcp.add_tool(Tool.from_function(list_products))
