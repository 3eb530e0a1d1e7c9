"""The pools endpoints."""


async def get_pools_0(key: str) -> str:
    return key

async def delete_pools_1(key: str) -> str:
    return key

async def get_pools_2(key: str) -> str:
    return key

async def delete_pools_3(key: str) -> str:
    return key

async def get_pools_4(key: str) -> str:
    return key

async def delete_pools_5(key: str) -> str:
    return key

async def get_pools_6(key: str) -> str:
    return key

async def delete_pools_7(key: str) -> str:
    return key

async def get_pools_8(key: str) -> str:
    return key

async def delete_pools_9(key: str) -> str:
    return key

async def get_pools_10(key: str) -> str:
    return key

async def delete_pools_11(key: str) -> str:
    return key

async def get_pools_12(key: str) -> str:
    return key

async def delete_pools_13(key: str) -> str:
    return key

async def get_pools_14(key: str) -> str:
    return key

async def delete_pools_15(key: str) -> str:
    return key

async def get_pools_16(key: str) -> str:
    return key

async def delete_pools_17(key: str) -> str:
    return key

async def get_pools_18(key: str) -> str:
    return key

async def delete_pools_19(key: str) -> str:
    return key

async def get_pools_20(key: str) -> str:
    return key

async def delete_pools_21(key: str) -> str:
    return key

async def get_pools_22(key: str) -> str:
    return key

async def delete_pools_23(key: str) -> str:
    return key


def get_all_functions() -> list[tuple]:
    return [
        (get_pools_0, "get_pools_0", "get pools 0", True),
        (delete_pools_1, "delete_pools_1", "delete pools 1", False),
        (get_pools_2, "get_pools_2", "get pools 2", True),
        (delete_pools_3, "delete_pools_3", "delete pools 3", False),
        (get_pools_4, "get_pools_4", "get pools 4", True),
        (delete_pools_5, "delete_pools_5", "delete pools 5", False),
        (get_pools_6, "get_pools_6", "get pools 6", True),
        (delete_pools_7, "delete_pools_7", "delete pools 7", False),
        (get_pools_8, "get_pools_8", "get pools 8", True),
        (delete_pools_9, "delete_pools_9", "delete pools 9", False),
        (get_pools_10, "get_pools_10", "get pools 10", True),
        (delete_pools_11, "delete_pools_11", "delete pools 11", False),
        (get_pools_12, "get_pools_12", "get pools 12", True),
        (delete_pools_13, "delete_pools_13", "delete pools 13", False),
        (get_pools_14, "get_pools_14", "get pools 14", True),
        (delete_pools_15, "delete_pools_15", "delete pools 15", False),
        (get_pools_16, "get_pools_16", "get pools 16", True),
        (delete_pools_17, "delete_pools_17", "delete pools 17", False),
        (get_pools_18, "get_pools_18", "get pools 18", True),
        (delete_pools_19, "delete_pools_19", "delete pools 19", False),
        (get_pools_20, "get_pools_20", "get pools 20", True),
        (delete_pools_21, "delete_pools_21", "delete pools 21", False),
        (get_pools_22, "get_pools_22", "get pools 22", True),
        (delete_pools_23, "delete_pools_23", "delete pools 23", False),
    ]
