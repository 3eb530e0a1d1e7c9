def get_pods(namespace: str = "default") -> list[str]:
    return []


CORE = (get_pods,)
