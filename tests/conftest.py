import pytest


def pytest_addoption(parser):
    parser.addoption("--soak", action="store", type=int, default=0, metavar="GAMES",
                     help="run the soak test over this many random games (e.g. 100000)")


@pytest.fixture
def soak_games(request) -> int:
    return request.config.getoption("--soak")
