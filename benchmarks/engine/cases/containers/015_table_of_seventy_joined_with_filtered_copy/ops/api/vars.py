"""The vars endpoints."""


async def get_vars_0(key: str) -> str:
    return key

async def delete_vars_1(key: str) -> str:
    return key

async def get_vars_2(key: str) -> str:
    return key

async def delete_vars_3(key: str) -> str:
    return key

async def get_vars_4(key: str) -> str:
    return key

async def delete_vars_5(key: str) -> str:
    return key

async def get_vars_6(key: str) -> str:
    return key

async def delete_vars_7(key: str) -> str:
    return key

async def get_vars_8(key: str) -> str:
    return key

async def delete_vars_9(key: str) -> str:
    return key

async def get_vars_10(key: str) -> str:
    return key

async def delete_vars_11(key: str) -> str:
    return key

async def get_vars_12(key: str) -> str:
    return key

async def delete_vars_13(key: str) -> str:
    return key

async def get_vars_14(key: str) -> str:
    return key

async def delete_vars_15(key: str) -> str:
    return key

async def get_vars_16(key: str) -> str:
    return key

async def delete_vars_17(key: str) -> str:
    return key

async def get_vars_18(key: str) -> str:
    return key

async def delete_vars_19(key: str) -> str:
    return key

async def get_vars_20(key: str) -> str:
    return key

async def delete_vars_21(key: str) -> str:
    return key


def get_all_functions() -> list[tuple]:
    return [
        (get_vars_0, "get_vars_0", "get vars 0", True),
        (delete_vars_1, "delete_vars_1", "delete vars 1", False),
        (get_vars_2, "get_vars_2", "get vars 2", True),
        (delete_vars_3, "delete_vars_3", "delete vars 3", False),
        (get_vars_4, "get_vars_4", "get vars 4", True),
        (delete_vars_5, "delete_vars_5", "delete vars 5", False),
        (get_vars_6, "get_vars_6", "get vars 6", True),
        (delete_vars_7, "delete_vars_7", "delete vars 7", False),
        (get_vars_8, "get_vars_8", "get vars 8", True),
        (delete_vars_9, "delete_vars_9", "delete vars 9", False),
        (get_vars_10, "get_vars_10", "get vars 10", True),
        (delete_vars_11, "delete_vars_11", "delete vars 11", False),
        (get_vars_12, "get_vars_12", "get vars 12", True),
        (delete_vars_13, "delete_vars_13", "delete vars 13", False),
        (get_vars_14, "get_vars_14", "get vars 14", True),
        (delete_vars_15, "delete_vars_15", "delete vars 15", False),
        (get_vars_16, "get_vars_16", "get vars 16", True),
        (delete_vars_17, "delete_vars_17", "delete vars 17", False),
        (get_vars_18, "get_vars_18", "get vars 18", True),
        (delete_vars_19, "delete_vars_19", "delete vars 19", False),
        (get_vars_20, "get_vars_20", "get vars 20", True),
        (delete_vars_21, "delete_vars_21", "delete vars 21", False),
    ]
