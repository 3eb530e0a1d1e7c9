import os

from geo.wrap import gis_tool


@gis_tool(title="Buffer", read_only=True)
def buffer_layer(layer: str, distance: float) -> str:
    """Buffer a layer."""
    return layer


@gis_tool(title="Delete", read_only=False)
def delete_layer(layer: str) -> str:
    """Delete a layer."""
    os.remove(layer)
    return layer
