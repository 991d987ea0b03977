"""How ``make test`` hands the tests without a browser to its pytest-xdist workers (tests/conftest.py):
work done once per process stays on one worker, and every browser test is left to the serial part."""

from __future__ import annotations

import ast
import pathlib

from tests.conftest import NOTEBOOK_TESTS, _shares_module_work, pytest_collection_modifyitems, work_unit
from tests.notebooks import test_notebooks

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_every_test_reading_a_shipped_notebook_run_shares_the_worker_that_runs_it():
    assert set(NOTEBOOK_TESTS.values()) <= set(test_notebooks.ALL)
    module = ast.parse((ROOT / "tests/notebooks/test_notebooks.py").read_text(encoding="utf-8"))
    checked = 0
    for fn in module.body:
        if not (isinstance(fn, ast.FunctionDef) and fn.name.startswith("test_")):
            continue
        calls = [c for c in ast.walk(fn) if isinstance(c, ast.Call) and getattr(c.func, "id", "") == "shipped"]
        read = {getattr(test_notebooks, c.args[0].id) for c in calls
                if isinstance(c.args[0], ast.Name) and c.args[0].id.isupper()}     # LEARN, not a parameter
        for name in read:             # the notebook named in the test body: its run's group
            assert work_unit(f"tests/notebooks/test_notebooks.py::{fn.name}") == f"notebook {name}", fn.name
            checked += 1
    assert checked >= 10
    # a test parametrized by notebook goes with that notebook's run
    assert (work_unit("tests/notebooks/test_notebooks.py::test_notebook_runs_without_errors[03_conflict_lab.ipynb]")
            == "notebook 03_conflict_lab.ipynb")


def test_a_module_with_a_module_scoped_fixture_is_one_work_unit_and_an_autouse_one_is_not():
    assert _shares_module_work("tests/test_rules_package.py")           # the wheel, built once
    assert work_unit("tests/test_rules_package.py::test_every_rule_id_of_the_spec_has_its_text") == \
        "tests/test_rules_package.py"
    assert not _shares_module_work("tests/ai/test_openspiel.py")        # only an autouse registration
    one = "tests/ai/test_openspiel.py::test_players_and_flags_are_game_parameters"
    assert work_unit(one) == one
    doctest = "lotus_kit/core/files.py::lotus_kit.core.files"
    assert work_unit(doctest) == doctest


class _Item:
    def __init__(self, nodeid: str, *marks: str):
        self.nodeid, self.marks = nodeid, list(marks)

    def get_closest_marker(self, name: str):
        return name if name in self.marks else None

    def add_marker(self, mark) -> None:
        self.marks.append(getattr(mark, "name", mark))


def test_every_test_under_tests_e2e_is_a_browser_test_marked_or_not_and_runs_last():
    """``-m "not e2e"`` (the parallel part) must leave out a browser test whose module forgot its mark."""

    items = [_Item("tests/e2e/test_new_browser.py::test_page"), _Item("tests/ui/test_table.py::test_click"),
             _Item("tests/e2e/test_table_browser.py::test_lab", "e2e"), _Item("tests/test_binder.py::test_env", "slow")]
    pytest_collection_modifyitems(object(), items)                  # a serial run: no workerinput
    assert [i.nodeid.split("::")[0] for i in items] == ["tests/ui/test_table.py", "tests/test_binder.py",
                                                        "tests/e2e/test_new_browser.py",
                                                        "tests/e2e/test_table_browser.py"]
    assert [i.get_closest_marker("e2e") for i in items] == [None, None, "e2e", "e2e"]

    class Worker:
        workerinput = ()                                            # pytest-xdist sets it on a worker

    pytest_collection_modifyitems(Worker(), items)                  # a worker: the long tests first
    assert items[0].nodeid == "tests/test_binder.py::test_env"
