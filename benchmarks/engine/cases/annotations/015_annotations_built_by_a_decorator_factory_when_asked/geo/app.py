from fastmcp import FastMCP

geo = FastMCP("geo")
