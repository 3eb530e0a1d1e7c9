from fastmcp import FastMCP
from fastmcp.tools import Tool

from ops.api.dags import get_all_functions as dag_functions
from ops.api.pools import get_all_functions as pool_functions
from ops.api.vars import get_all_functions as var_functions

APIS = {"pools": pool_functions, "dags": dag_functions, "vars": var_functions}
app = FastMCP("ops")


def only_read(functions: list[tuple]) -> list[tuple]:
    return [(fn, name, doc, ro) for fn, name, doc, ro in functions if ro]


def main(apis: list[str], read_only: bool) -> None:
    for api in apis:
        functions = APIS[api]()
        if read_only:
            functions = only_read(functions)
        for fn, name, doc, *_ in functions:
            app.add_tool(Tool.from_function(fn, name=name, description=doc))
    app.run()
