"""Reading analysed files: bytes to text exactly as Python would decode them."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path


class SourceError(Exception):
    """A file that cannot be read or decoded; the message is one line for the user."""


def decode(data: bytes, path: str) -> str:
    """Decode like the interpreter: a BOM or a coding cookie, else UTF-8."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        raise SourceError(f"{path}: cannot decode: {exc.msg}") from None
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as exc:
        raise SourceError(f"{path}: cannot decode as {encoding}: {exc}") from None
    # The BOM is an encoding detail, not source text.
    return text[1:] if text.startswith("\ufeff") else text


def read(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return decode(data, str(path))
