def list_domains(app_id: str) -> list[str]:
    return []


def add_domain(app_id: str, domain: str) -> str:
    return domain
