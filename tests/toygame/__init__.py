"""A toy game registered by the tests only: it proves that the shared kit serves any game of the
protocol with no change to shared code (see ``game.py``)."""
