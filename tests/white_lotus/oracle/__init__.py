"""The White Lotus engine as it was before the fast core became the engine: a frozen copy of the phase
modules kept as the oracle of ``tests/white_lotus/test_fast_differential.py`` (the engine in use must
give the same legal actions, states, events and refusals). Never edit these files to make a difference
go away."""
