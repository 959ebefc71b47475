"""A process's short name (ps, top, /proc/PID/comm), which says which hosted game or lobby
it is: a child forked from the host's zygote has the zygote's command line."""

from __future__ import annotations

import contextlib
import ctypes

PR_SET_NAME = 15


def name_process(name: str) -> None:
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_NAME, ctypes.c_char_p(name.encode()[:15]), 0, 0, 0)
