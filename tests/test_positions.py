"""Positions: the statement-by-statement path must agree with generating the whole module,
and both with libcst's own (whitespace-inclusive) position provider; where the source
cannot place a statement, the whole module is generated instead."""

from __future__ import annotations

import textwrap
from pathlib import Path

import libcst as cst
import pytest
from fixture_expectations import fixture_files
from libcst.metadata import MetadataWrapper, WhitespaceInclusivePositionProvider

from toolargs.config import Config
from toolargs.discovery import build_model
from toolargs.discovery.walk import walk
from toolargs.positions import _by_statement, positions
from toolargs.source import parse_shared, read, source_of

FILES = [path for path in fixture_files() if "tav903" not in path.name]


def analysed(source: str) -> tuple[cst.Module, dict[int, int], list[cst.CSTNode]]:
    module = cst.parse_module(source)
    model = build_model(module, "server.py", Config())
    return module, model.statement_of, list(walk(module))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_statement_path_agrees_with_generating_the_module(path: Path) -> None:
    source = read(path)
    module, statement_of, nodes = analysed(source)
    nodes.remove(module)  # not inside any statement
    whole = positions(module, nodes)
    # Every node of a fixture: the statement path must place them all by itself.
    assert _by_statement(module, {id(node) for node in nodes}, source, statement_of) == whole
    # A few wanted nodes, as in a real report (placed either way).
    for some in (nodes[::7], nodes[-3:], nodes[len(nodes) // 2 : len(nodes) // 2 + 1]):
        located = positions(module, some, source, statement_of)
        assert located == {key: whole[key] for key in located}
        assert len(located) == len({id(node) for node in some})


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_every_node_is_where_libcst_says_its_code_starts(path: Path) -> None:
    source = read(path)
    module, statement_of, nodes = analysed(source)
    nodes.remove(module)
    located = positions(module, nodes, source, statement_of)
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    ranges = wrapper.resolve(WhitespaceInclusivePositionProvider)
    for node in nodes:
        start = ranges[node].start
        assert located[id(node)] == (start.line, start.column + 1), type(node).__name__


def test_a_statement_written_twice_is_placed_by_generating_the_module() -> None:
    # The second `reject(arguments)` cannot be told from the first by its text alone.
    source = textwrap.dedent("""\
        reject(arguments)
        '''
        reject(arguments)
        '''
        reject(arguments)
        """)
    module, statement_of, _ = analysed(source)
    last = module.body[-1]
    assert isinstance(last, cst.SimpleStatementLine)
    call = last.body[0]
    assert _by_statement(module, {id(call)}, source, statement_of) is None
    assert positions(module, [call], source, statement_of) == {id(call): (5, 1)}


def test_a_node_of_another_module_is_not_placed() -> None:
    source = "x = 1\n\n\ny = [2]\n"
    module, statement_of, nodes = analysed(source)
    other = cst.parse_module(source)
    elsewhere = other.body[1]
    assert isinstance(elsewhere, cst.SimpleStatementLine)
    here = nodes[-1]  # the `2`
    assert positions(module, [here, elsewhere.body[0]], source, statement_of) == {id(here): (4, 6)}
    assert positions(module, [elsewhere.body[0]], source, statement_of) == {}


def test_nested_nodes_are_placed_by_their_own_line_and_column() -> None:
    source = textwrap.dedent("""\
        import os


        class Tools:
            def delete(self, arguments):
                target = arguments["path"]
                os.remove(
                    target
                )
        """)
    module, statement_of, nodes = analysed(source)
    target = [n for n in nodes if isinstance(n, cst.Name) and n.value == "target"][-1]
    remove = next(n for n in nodes if isinstance(n, cst.Call))
    assert positions(module, [remove, target], source, statement_of) == {
        id(remove): (7, 9),
        id(target): (8, 13),
    }


@pytest.mark.parametrize("path", FILES[::5], ids=lambda p: str(p.relative_to(p.parents[1])))
def test_a_shared_tree_is_placed_from_its_source_without_a_map(path: Path) -> None:
    # A tree parse_shared made: its text is known, its statements are found by walking.
    source = read(path)
    shared = parse_shared(source, str(path))
    assert source_of(shared) == source
    fresh = cst.parse_module(source)  # placed by generating the module
    nodes, others = list(walk(shared))[1:], list(walk(fresh))[1:]
    located, whole = positions(shared, nodes), positions(fresh, others)
    assert [located[id(n)] for n in nodes] == [whole[id(n)] for n in others]
    some = nodes[::9]
    assert positions(shared, some) == {id(n): located[id(n)] for n in some}


def test_a_node_of_another_module_is_not_placed_without_a_map() -> None:
    source = "x = 1\n\n\ny = [2]\n"
    shared = parse_shared(source, "other_module_test.py")
    other = cst.parse_module(source).body[1]
    assert isinstance(other, cst.SimpleStatementLine)
    here = list(walk(shared))[-1]  # the `2`
    assert positions(shared, [here, other.body[0]]) == {id(here): (4, 6)}
