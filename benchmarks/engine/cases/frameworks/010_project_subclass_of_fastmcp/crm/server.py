from crm.base import LoggingFastMCP

crm = LoggingFastMCP("crm")


@crm.tool()
def find_contact(email: str) -> dict:
    return {"email": email}


@crm.tool()
def delete_contact(email: str) -> bool:
    return True
