"""The dags endpoints."""


async def get_dags_0(key: str) -> str:
    return key

async def delete_dags_1(key: str) -> str:
    return key

async def get_dags_2(key: str) -> str:
    return key

async def delete_dags_3(key: str) -> str:
    return key

async def get_dags_4(key: str) -> str:
    return key

async def delete_dags_5(key: str) -> str:
    return key

async def get_dags_6(key: str) -> str:
    return key

async def delete_dags_7(key: str) -> str:
    return key

async def get_dags_8(key: str) -> str:
    return key

async def delete_dags_9(key: str) -> str:
    return key

async def get_dags_10(key: str) -> str:
    return key

async def delete_dags_11(key: str) -> str:
    return key

async def get_dags_12(key: str) -> str:
    return key

async def delete_dags_13(key: str) -> str:
    return key

async def get_dags_14(key: str) -> str:
    return key

async def delete_dags_15(key: str) -> str:
    return key

async def get_dags_16(key: str) -> str:
    return key

async def delete_dags_17(key: str) -> str:
    return key

async def get_dags_18(key: str) -> str:
    return key

async def delete_dags_19(key: str) -> str:
    return key

async def get_dags_20(key: str) -> str:
    return key

async def delete_dags_21(key: str) -> str:
    return key

async def get_dags_22(key: str) -> str:
    return key

async def delete_dags_23(key: str) -> str:
    return key


def get_all_functions() -> list[tuple]:
    return [
        (get_dags_0, "get_dags_0", "get dags 0", True),
        (delete_dags_1, "delete_dags_1", "delete dags 1", False),
        (get_dags_2, "get_dags_2", "get dags 2", True),
        (delete_dags_3, "delete_dags_3", "delete dags 3", False),
        (get_dags_4, "get_dags_4", "get dags 4", True),
        (delete_dags_5, "delete_dags_5", "delete dags 5", False),
        (get_dags_6, "get_dags_6", "get dags 6", True),
        (delete_dags_7, "delete_dags_7", "delete dags 7", False),
        (get_dags_8, "get_dags_8", "get dags 8", True),
        (delete_dags_9, "delete_dags_9", "delete dags 9", False),
        (get_dags_10, "get_dags_10", "get dags 10", True),
        (delete_dags_11, "delete_dags_11", "delete dags 11", False),
        (get_dags_12, "get_dags_12", "get dags 12", True),
        (delete_dags_13, "delete_dags_13", "delete dags 13", False),
        (get_dags_14, "get_dags_14", "get dags 14", True),
        (delete_dags_15, "delete_dags_15", "delete dags 15", False),
        (get_dags_16, "get_dags_16", "get dags 16", True),
        (delete_dags_17, "delete_dags_17", "delete dags 17", False),
        (get_dags_18, "get_dags_18", "get dags 18", True),
        (delete_dags_19, "delete_dags_19", "delete dags 19", False),
        (get_dags_20, "get_dags_20", "get dags 20", True),
        (delete_dags_21, "delete_dags_21", "delete dags 21", False),
        (get_dags_22, "get_dags_22", "get dags 22", True),
        (delete_dags_23, "delete_dags_23", "delete dags 23", False),
    ]
