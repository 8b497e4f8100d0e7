"""Stopping a child process a test started."""
from __future__ import annotations

import subprocess


def stop(proc: subprocess.Popen, timeout: float = 30.0) -> None:
    """SIGTERM, then SIGKILL if it has not exited within ``timeout`` seconds; reaped.
    A process that already exited is left as it is."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
