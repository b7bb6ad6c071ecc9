"""Every Python process a test starts loads this (its folder is on PYTHONPATH during a test
run) and reports what a prose edit could change (prose_hook, beside it)."""

import os

if os.environ.get("PROSE_WATCH_LOG") and os.environ.get("PROSE_WATCH_ROOT"):
    import prose_hook

    prose_hook.install(os.environ["PROSE_WATCH_LOG"], os.environ["PROSE_WATCH_ROOT"])
