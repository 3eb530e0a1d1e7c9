def scale_deployment(name: str, replicas: int) -> int:
    return replicas


EXTRA = (scale_deployment,)
