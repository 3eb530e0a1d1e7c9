"""Snippets: the short source text that messages quote."""

from __future__ import annotations

import libcst as cst

from toolargs.discovery.literals import snippet


def test_a_short_expression_is_quoted_whole_with_whitespace_collapsed() -> None:
    expr = cst.parse_expression("client.delete(\n    path,\n    force=True,\n)")
    assert snippet(expr) == "client.delete( path, force=True, )"


def test_a_long_expression_is_cut_at_the_limit() -> None:
    expr = cst.parse_expression(
        "store.put(" + ", ".join(f"key_{i}=value_{i}" for i in range(200)) + ")"
    )
    text = snippet(expr)
    assert len(text) == 60 and text.endswith("...")
    assert text.startswith("store.put(key_0=value_0, key_1=value_1")


def test_generation_cut_short_in_whitespace_still_says_it_is_cut() -> None:
    # Past the budget of generated characters, most of them indentation.
    lines = "".join(f"\n{' ' * 60}item_{i}," for i in range(20))
    expr = cst.parse_expression(f"batch.write([{lines}\n])")
    text = snippet(expr)
    assert text.endswith("...") and len(text) <= 60
    assert text.startswith("batch.write([ item_0, item_1,")
