def export_report(report_id: str, fmt: str = "pdf") -> str:
    return f"{report_id}.{fmt}"
