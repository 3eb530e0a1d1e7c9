from ..core import *  # noqa: F403
from .registry import register


@register("capture_text")
@_timed("capture_text")  # noqa: F405
def capture_text(key: str, text: str) -> str:
    _BUFFERS.setdefault(key, []).append(text)  # noqa: F405
    return key


@register("read_capture")
@_timed("read_capture")  # noqa: F405
def read_capture(key: str) -> list[str]:
    return list(_BUFFERS.get(key, []))  # noqa: F405
