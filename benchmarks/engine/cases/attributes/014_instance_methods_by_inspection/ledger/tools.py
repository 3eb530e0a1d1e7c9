from typing import Any


class _Base:
    def __init__(self) -> None:
        self.base_url = "http://localhost:8000"

    async def _get(self, path: str) -> dict[str, Any]:
        return {"path": path}

    async def ping(self) -> str:
        return "pong"


class ReadTools(_Base):
    async def list_accounts(self, limit: int = 20) -> dict[str, Any]:
        return await self._get(f"/accounts?limit={limit}")

    async def get_account(self, account_id: str) -> dict[str, Any]:
        return await self._get(f"/accounts/{account_id}")

    def describe(self) -> str:
        return "read tools"


class WriteTools(_Base):
    async def close_account(self, account_id: str) -> dict[str, Any]:
        return await self._get(f"/accounts/{account_id}/close")
