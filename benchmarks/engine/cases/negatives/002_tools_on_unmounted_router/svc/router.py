class Router:
    def __init__(self) -> None:
        self.routes = []

    def tool(self):
        def add(fn):
            self.routes.append(fn)
            return fn
        return add


router = Router()


@router.tool()
def drop_table(table: str) -> str:
    return table
