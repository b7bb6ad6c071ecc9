"""Every Python process a test starts loads this (its folder is on PYTHONPATH during a test
run) and reports what a prose edit could change (prose_hook, beside it). A sitecustomize that
this one hides (later on sys.path) still runs."""

import importlib.machinery
import importlib.util
import os
import sys

if os.environ.get("PROSE_WATCH_LOG") and os.environ.get("PROSE_WATCH_ROOT"):
    import prose_hook

    prose_hook.install(os.environ["PROSE_WATCH_LOG"], os.environ["PROSE_WATCH_ROOT"])

_here = os.path.dirname(os.path.abspath(__file__))
_hidden = importlib.machinery.PathFinder.find_spec(
    "sitecustomize", [path for path in sys.path if os.path.abspath(path or ".") != _here])
if _hidden is not None and _hidden.loader is not None:
    _hidden.loader.exec_module(importlib.util.module_from_spec(_hidden))
