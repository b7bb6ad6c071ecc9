# --8<-- [start:where]
from bookkit.recordings.render import show_recorded

show_recorded("snippets/first-steps/device_where.py")
# --8<-- [end:where]
# --8<-- [start:mixed]
from bookkit.recordings.render import show_recorded

show_recorded("snippets/first-steps/device_mixed.py")
# --8<-- [end:mixed]
# --8<-- [start:memory]
from bookkit.recordings.render import show_recorded

show_recorded("snippets/first-steps/device_memory.py")
# --8<-- [end:memory]
