import ast
import functools
import pathlib
import re

import pytest

E2E = "e2e"
ROOT = pathlib.Path(__file__).resolve().parents[1]


def pytest_addoption(parser):
    parser.addoption("--soak", action="store", type=int, default=0, metavar="GAMES",
                     help="run the soak test over this many random games (e.g. 100000)")


@pytest.fixture
def soak_games(request) -> int:
    return request.config.getoption("--soak")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Browser tests last: Playwright's sync API leaves its event loop registered as running in the
    main thread, and the widgets' code asks "is there a running loop (a kernel)?" to choose between
    working at once and working between the kernel's messages. Last, they also fail last: the quick
    tests report first.

    Runs before ``-m`` selects: every test under tests/e2e is a browser test, marked or not, so
    ``make test`` runs it alone after the parallel part, never beside it. In a parallel run the long
    tests (slow, notebook runs) are handed out first, so that no worker is left with one at the end."""
    for item in items:
        if "tests/e2e/" in item.nodeid and item.get_closest_marker(E2E) is None:
            item.add_marker(E2E)
    parallel = hasattr(config, "workerinput")
    items.sort(key=lambda item: (item.get_closest_marker(E2E) is not None, parallel and not _long(item)))


def _long(item: pytest.Item) -> bool:
    return item.get_closest_marker("slow") is not None or "tests/notebooks/" in item.nodeid


def pytest_xdist_make_scheduler(config, log):
    """``pytest -n N`` (make test): tests are handed out one by one, except those that share work done
    once per process, which go to one worker together so that the work is done once."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False      # hand units out in collection order: the long tests first

    class SharedWorkScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return SharedWorkScheduling(config, log)


# test_notebooks.py runs each notebook once per process (``shipped``); its tests name the notebook they read
NOTEBOOK_TESTS = {"learn": "01_learn_the_rules.ipynb", "conflict_lab": "03_conflict_lab.ipynb",
                  "rebellion_lab": "04_rebellion_lab.ipynb", "variants": "06_rule_variants.ipynb"}


def work_unit(nodeid: str) -> str:
    """What must run on one worker with this test: a notebook's run, a module with a module-scoped
    fixture (a bot game, a built wheel, a kaleido browser), or else the test alone."""
    path, _, name = nodeid.partition("::")
    if path == "tests/notebooks/test_notebooks.py":
        if param := re.search(r"\[(.+\.ipynb)\]$", name):
            return f"notebook {param.group(1)}"
        for key, notebook in NOTEBOOK_TESTS.items():
            if name.startswith(f"test_{key}_"):
                return f"notebook {notebook}"
        return nodeid
    return path if _shares_module_work(path) else nodeid


@functools.cache
def _shares_module_work(path: str) -> bool:
    """The module defines a module- or package-scoped fixture that is not autouse (an autouse one
    only sets something up, as cheaply on either worker)."""
    file = ROOT / path
    if file.suffix != ".py" or not file.is_file():
        return False
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        for deco in getattr(node, "decorator_list", ()):
            if isinstance(deco, ast.Call) and "fixture" in ast.unparse(deco.func):
                kw = {k.arg: ast.unparse(k.value) for k in deco.keywords}
                if kw.get("scope", "").strip("'\"") in ("module", "package") and kw.get("autouse") != "True":
                    return True
    return False
