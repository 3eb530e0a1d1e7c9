import httpx


def call(operation: str, ref: str) -> dict:
    return httpx.post(f"https://wh.example.com/rpc/{operation}", json={"ref": ref}).json()
