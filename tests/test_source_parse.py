"""The checker's parse: libcst's parser without re-validating its own nodes."""

from __future__ import annotations

import libcst as cst
import pytest

from toolargs.source import parse_module

SERVER = '''\
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("notes")


@mcp.tool()
def delete_note(note_id: str) -> str:
    return (note_id  ) + "deleted"
'''


def test_same_tree_and_same_code_as_libcst() -> None:
    ours = parse_module(SERVER)
    theirs = cst.parse_module(SERVER)
    assert ours.code == SERVER
    assert ours.deep_equals(theirs)


def test_nodes_built_after_a_parse_are_validated_again() -> None:
    parse_module(SERVER)
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not a name")


def test_validation_comes_back_when_the_parser_fails() -> None:
    with pytest.raises(cst.ParserSyntaxError):
        parse_module("def broken(:\n")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not a name")
