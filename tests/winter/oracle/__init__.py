"""The Winter engine as it stood before its thaw geometry was rewritten for speed, frozen as the
oracle of the differential test (tests/winter/test_differential.py): the same legal sets, states,
events and errors at every step. Never edited except to keep it importing."""
