class Retitle:
    """A transform that puts the area's name in front of each tool's title."""

    def __init__(self, area: str) -> None:
        self.area = area
