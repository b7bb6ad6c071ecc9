"""Helpers that executed blocks use to show things to the reader."""

from __future__ import annotations

import contextlib
import re


@contextlib.contextmanager
def expect_error(error_type: type[BaseException], match: str | None = None):
    """Run the body, which must raise ``error_type``; print the real message for the page.

    The book shows errors by catching them, never by letting a block fail. If the body raises
    nothing, or another type, or a message without ``match`` (a regular expression), this
    raises ``AssertionError`` and the build fails, so the page cannot show a stale error.
    """
    try:
        yield
    except error_type as error:
        message = str(error).strip()
        if match is not None and not re.search(match, message):
            raise AssertionError(
                f"expected {error_type.__name__} matching {match!r}, got: {message}"
            ) from error
        print(f"{type(error).__name__}: {message}")
    else:
        raise AssertionError(f"expected {error_type.__name__}, but nothing was raised")
