"""Imported only by the execution forkserver (``runner.preload``): it dies with the build.

The server is multiprocessing's own process; preloading this module is the public way to run
code in it. Never import this module anywhere else: it would tie that process to its parent.
"""

from bookkit.exec.containment import die_with_parent

die_with_parent()
