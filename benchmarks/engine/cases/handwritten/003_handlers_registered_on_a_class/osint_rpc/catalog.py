"""Lookup tools as records: each one describes itself."""

from dataclasses import dataclass
from typing import Any, Callable


def whois(arguments: dict[str, Any]) -> str:
    return f"whois {arguments['domain']}"


def dns(arguments: dict[str, Any]) -> str:
    return f"dns {arguments['domain']}"


@dataclass(frozen=True)
class Lookup:
    name: str
    description: str
    run: Callable[[dict[str, Any]], str]

    def definition(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "inputSchema": {"type": "object", "properties": {"domain": {"type": "string"}}},
            "annotations": {"readOnlyHint": True},
        }


LOOKUPS = (
    Lookup(name="whois_lookup", description="Whois a domain.", run=whois),
    Lookup(name="dns_lookup", description="Resolve a domain.", run=dns),
)
BY_NAME = {lookup.name: lookup for lookup in LOOKUPS}
