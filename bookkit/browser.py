"""The headless Chromium that the PDF, the page-weight bench, the search bench and the browser
tests drive (through playwright, which downloads no browser of its own)."""

from __future__ import annotations

import shutil
from pathlib import Path

from bookkit.settings import environment

# Quiet and offline: nothing a browser fetches for itself may reach the network.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def find_chromium() -> str | None:
    """``BOOK_CHROMIUM``, else Chromium's headless shell, else a Chromium or Chrome on PATH,
    else Debian's /usr/bin/chromium.

    The headless shell (Debian's ``chromium-headless-shell``, the same Blink as Chromium without
    the browser's windowing) is preferred: every visit, axe pass and print of the tests costs it
    less CPU than the full browser run headless."""
    for candidate in (environment().get("BOOK_CHROMIUM"), shutil.which("chromium-headless-shell"),
                      shutil.which("chromium"), shutil.which("chromium-browser"),
                      shutil.which("google-chrome"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    return None
