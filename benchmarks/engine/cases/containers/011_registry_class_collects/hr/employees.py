from hr.registry import registry


@registry.tool
def find_employee(name: str) -> dict:
    return {"name": name}


@registry.tool
def update_salary(employee_id: int, amount: int) -> bool:
    return True
