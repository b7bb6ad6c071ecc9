"""The helper processes of one build, in one registry.

A feature plugin that starts a helper process registers it here: the KaTeX renderer's node
process (:class:`bookkit.mkdocs.math_render.Katex`) and Kiwi's analysis child
(:class:`bookkit.mkdocs.search.AnalysisHelper`). The execution plugin holds the registry
(:func:`bookkit.mkdocs.book.helpers_of`) and closes every helper when the build ends: after
the last ``on_post_build`` work, on ``on_build_error`` and on ``on_shutdown``, so a failed
build or an ended ``serve`` leaves none behind. A helper only has to have ``close()``; one
that is kept for the next build of a ``serve`` (the KaTeX renderer) starts its process again
when it is used again.

The execution workers' server (multiprocessing's forkserver, :func:`bookkit.exec.runner.
start_server`) is not one of them: it is started once per build process, ends with it
(``PR_SET_PDEATHSIG``), and Python has no public way to stop it earlier.
"""

from __future__ import annotations

from typing import Protocol


class Helper(Protocol):
    def close(self) -> None: ...


class Helpers:
    """The helpers started in this build, by name."""

    def __init__(self) -> None:
        self.open: dict[str, Helper] = {}

    def add(self, name: str, helper: Helper) -> Helper:
        """Register ``helper`` (a name registered again is closed first); returns it."""
        old = self.open.get(name)
        if old is not None and old is not helper:
            old.close()
        self.open[name] = helper
        return helper

    def close(self) -> None:
        """Close every registered helper, each even when another's close fails."""
        open_helpers, self.open = list(self.open.values()), {}
        errors = []
        for helper in open_helpers:
            try:
                helper.close()
            except Exception as error:  # the others are closed all the same
                errors.append(error)
        if errors:
            raise errors[0]
