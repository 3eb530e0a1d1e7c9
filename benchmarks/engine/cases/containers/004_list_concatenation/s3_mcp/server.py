import boto3
from fastmcp import FastMCP

s3 = boto3.client("s3")


def list_buckets() -> list[str]:
    return [b["Name"] for b in s3.list_buckets()["Buckets"]]


def put_object(bucket: str, key: str, body: str) -> str:
    s3.put_object(Bucket=bucket, Key=key, Body=body.encode())
    return key


READ_TOOLS = [list_buckets]
WRITE_TOOLS = [put_object]
ALL_TOOLS = READ_TOOLS + WRITE_TOOLS

mcp = FastMCP("s3")
for fn in ALL_TOOLS:
    mcp.add_tool(fn)
