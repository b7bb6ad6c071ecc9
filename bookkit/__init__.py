"""Shared code of the book: build hooks, fence parsing, snippet tests, checks and page helpers."""
