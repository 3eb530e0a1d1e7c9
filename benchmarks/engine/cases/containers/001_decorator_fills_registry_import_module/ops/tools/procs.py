import os
import signal

from ops.registry import register


@register
def kill_process(pid: int) -> bool:
    os.kill(pid, signal.SIGTERM)
    return True
