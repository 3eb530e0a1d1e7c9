"""Formatters: findings and audits as text, JSON, SARIF, GitHub annotations, tables.

Each format lives in its own module and only turns already-decided results into text;
what to report (selection, `# noqa`, order) is settled before a formatter sees it.
"""
