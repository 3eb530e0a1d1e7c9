from typing import Any

INVOICES: dict[str, dict] = {}


def get_invoice(arguments: dict[str, Any]) -> dict:
    return INVOICES[arguments["id"]]


def void_invoice(arguments: dict[str, Any]) -> dict:
    invoice = INVOICES.pop(arguments["id"])
    return {"voided": invoice["id"]}


def route(tool: str, arguments: dict[str, Any]) -> dict:
    if tool == "get_invoice":
        return get_invoice(arguments)
    if tool == "void_invoice":
        return void_invoice(arguments)
    raise ValueError(tool)
