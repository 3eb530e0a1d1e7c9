HANDLERS: list = []


def handler(fn):
    HANDLERS.append(fn)
    return fn
