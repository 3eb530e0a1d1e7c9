ANNOTATIONS = {"readOnlyHint": False}


def run(scene: str, frames: str) -> str:
    """Queue a full render on the farm."""
    return f"queued {scene} {frames}"
