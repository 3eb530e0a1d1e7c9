from collections.abc import Callable
from dataclasses import dataclass

from deploy.domains import add_domain, list_domains


@dataclass(frozen=True)
class Entry:
    name: str
    handler: Callable[..., object]


CATALOG = [Entry("domains_list", list_domains), Entry("domains_add", add_domain)]


def register_catalog(app) -> None:
    for entry in CATALOG:
        app.tool(name=entry.name)(entry.handler)
