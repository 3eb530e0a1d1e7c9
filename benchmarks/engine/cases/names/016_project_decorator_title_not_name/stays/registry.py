"""Tool functions are collected here with a display title; server.py registers them."""

TOOLS = []


def tool(title):
    def register(fn):
        TOOLS.append((fn, title))
        return fn

    return register
