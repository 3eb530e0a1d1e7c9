from fastmcp import FastMCP

SECRETS: dict[str, str] = {}


def get_secret(key: str) -> str:
    return SECRETS[key]


def put_secret(key: str, value: str) -> None:
    SECRETS[key] = value


class VaultServer(FastMCP):
    def __init__(self) -> None:
        super().__init__("vault")
        self.add_tool(get_secret)
        self.add_tool(put_secret)


server = VaultServer()
