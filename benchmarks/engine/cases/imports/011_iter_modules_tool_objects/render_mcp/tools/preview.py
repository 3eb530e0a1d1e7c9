ANNOTATIONS = {"readOnlyHint": True}


def run(scene: str, frame: int = 1) -> str:
    """Render one frame at low quality."""
    return f"{scene}:{frame}"
