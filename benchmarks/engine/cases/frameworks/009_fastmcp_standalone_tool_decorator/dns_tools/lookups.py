import socket

from fastmcp.tools import tool


@tool
def resolve(host: str) -> list[str]:
    return sorted({info[4][0] for info in socket.getaddrinfo(host, None)})


@tool(name="reverse_lookup")
def reverse(address: str) -> str:
    return socket.gethostbyaddr(address)[0]
