"""Collects tool functions; server.py registers them."""

TOOLS = []
LOCAL = set()  # tools that write the server's local watch file


def tool(title, *, local=False):
    def register(fn):
        TOOLS.append((fn, title))
        if local:
            LOCAL.add(fn)
        return fn

    return register
