"""The Samurai engine as it was before its speed work, kept unchanged as the oracle of the
differential test (``tests/samurai/test_engine_differential.py``): the engine in use must give the
same legal actions, states, events and errors. Never edit these files to make a difference go away."""
