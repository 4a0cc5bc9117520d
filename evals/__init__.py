"""Evaluation on the tune and check sets, and benchmarks (reads tests/data; nothing in production imports it)."""
