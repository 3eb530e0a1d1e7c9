from wiki.registry import tool_def

PAGES = {"home": "# Home"}


@tool_def("wiki_get_page")
def get_page(title: str) -> str:
    return PAGES[title]


@tool_def("wiki_edit_page")
def edit_page(title: str, body: str) -> str:
    PAGES[title] = body
    return title
