import functools
import logging

log = logging.getLogger("ticket")


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        log.info("call %s", fn.__name__)
        return fn(*args, **kwargs)
    return wrapper


def errors_as_text(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001
            return f"error: {exc}"
    return wrapper
