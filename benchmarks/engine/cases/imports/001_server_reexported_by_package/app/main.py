from app import mcp, tools  # noqa: F401

if __name__ == "__main__":
    mcp.run()
