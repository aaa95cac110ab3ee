"""Helpers shared by the test suite (on sys.path via pytest\x27s pythonpath)."""
