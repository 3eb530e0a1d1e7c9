from typing import TypedDict

from fastmcp import FastMCP

from .fitting import fitting
from .optics import optics


class Area(TypedDict):
    name: str
    server: FastMCP


AREAS: list[Area] = [
    Area(name="Optics", server=optics),
    Area(name="Fitting", server=fitting),
]
