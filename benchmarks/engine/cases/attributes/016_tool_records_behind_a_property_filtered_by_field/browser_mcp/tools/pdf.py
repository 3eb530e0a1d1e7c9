from ..tool import ToolSpec


async def _save_pdf(page, params):
    await page.pdf(path=params["path"])


pdf_tools = [
    ToolSpec(name="browser_pdf_save", capability="pdf", handler=_save_pdf, confirmable=True)
]
