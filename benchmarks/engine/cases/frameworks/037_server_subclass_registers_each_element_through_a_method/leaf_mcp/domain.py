from dataclasses import dataclass
from typing import Any, Callable


@dataclass
class DomainTool:
    name: str
    description: str
    impl: Callable[..., Any]


def _list_fields(backend: Any) -> list[str]:
    return backend.fields()


def _probe_path(backend: Any, path: str) -> Any:
    return backend.probe(path)


def get_domain_tools() -> list[DomainTool]:
    return [
        DomainTool("list_fields", "The fields.", _list_fields),
        DomainTool("probe_path", "Probe one path.", _probe_path),
    ]
