"""PURE: bounded readers of outside input (tests/test_pure_cores.py)."""
