from fastmcp import FastMCP

from store.orders import OrderTools

mcp = FastMCP("store")
OrderTools().register(mcp)
