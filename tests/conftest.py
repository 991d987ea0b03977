import pytest


def pytest_addoption(parser):
    parser.addoption("--soak", action="store", type=int, default=0, metavar="GAMES",
                     help="run the soak test over this many random games (e.g. 100000)")


@pytest.fixture
def soak_games(request) -> int:
    return request.config.getoption("--soak")


def pytest_collection_modifyitems(config, items):
    """Browser tests last: Playwright's sync API leaves its event loop registered as running in the
    main thread, and the widgets' code asks "is there a running loop (a kernel)?" to choose between
    working at once and working between the kernel's messages. Last, they also fail last: the quick
    tests report first."""
    items.sort(key=lambda item: item.get_closest_marker("e2e") is not None)
