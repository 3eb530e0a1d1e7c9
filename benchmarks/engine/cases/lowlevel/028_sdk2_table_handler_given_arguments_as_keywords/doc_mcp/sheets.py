from openpyxl import load_workbook


def sheet_names(path: str) -> list[str]:
    return load_workbook(path, read_only=True).sheetnames


def rename_sheet(path: str, old: str, new: str) -> str:
    book = load_workbook(path)
    book[old].title = new
    book.save(path)
    return new
