"""A verification worker: a process beside the host that takes jobs from the queue in the
database and runs them (verify_job.py), never in the host's event loop.

    python -m roguelike.challenges.worker --data DIR --name NAME [--idle S] [limits]

It runs at a lower priority than the host and its games (nice 10), so that re-simulating
replays takes only the processor time players leave; its memory is capped; it ends with
its host (the kernel's parent-death signal, and a check of its parent between jobs) and
after `--idle` seconds without a job (the host starts workers again when jobs come).
A job it holds when it dies is taken again: by the next host at its start, or by any
worker once the job's lease runs out.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import logging
import os
import resource
import signal
import sys
import time
from pathlib import Path

from roguelike.challenges.limits import Limits
from roguelike.challenges.model import iso, this_engine, utc_now
from roguelike.challenges.store import Job, Store
from roguelike.challenges.verify_job import run_job

LEASE = 60  # seconds a job is held without a word from its worker
POLL = 0.25  # seconds between looks at an empty queue
NICE = 10
MEMORY = 1024 * 1024 * 1024
_PR_SET_PDEATHSIG = 1

log = logging.getLogger("roguelike.worker")


def die_with_parent() -> None:
    """Ask the kernel for SIGTERM when the host dies (Linux; elsewhere the parent check
    between jobs does it, later)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)


def settle_in() -> None:
    with contextlib.suppress(OSError):
        os.nice(NICE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    os.umask(0o077)


def work_one(store: Store, data: Path, name: str, engine: str, limits: Limits
             ) -> tuple[Job, str] | None:
    """Take one job and run it to its outcome; None when the queue has none for us."""
    job = store.claim(name, [engine], int(time.time()), LEASE, iso(utc_now()))
    if job is None:
        return None

    def renew() -> None:
        store.renew(job.id, int(time.time()) + LEASE)

    started = time.monotonic()
    outcome = run_job(store, data, job, limits, renew)
    if outcome != "waiting":  # (a waiting job is back in the queue for another host)
        store.job_done(job.id, iso(utc_now()))
    log.info("job %d (game %d): %s in %.1f s", job.id, job.game, outcome,
             time.monotonic() - started)
    return job, outcome


def serve(data: Path, name: str, limits: Limits, idle: float, parent: int) -> int:
    store = Store.in_folder(data, migrate=False)
    engine = this_engine()
    last_work = time.monotonic()
    while os.getppid() == parent:  # (else the host is gone)
        if work_one(store, data, name, engine, limits) is not None:
            last_work = time.monotonic()
        elif time.monotonic() - last_work > idle:
            return 0
        else:
            time.sleep(POLL)
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="roguelike-worker")
    p.add_argument("--data", required=True)
    p.add_argument("--name", required=True)
    p.add_argument("--parent", type=int, default=os.getppid())
    p.add_argument("--idle", type=float, default=60.0)
    p.add_argument("--max-bytes", type=int, default=Limits.max_bytes)
    p.add_argument("--max-actions", type=int, default=Limits.max_actions)
    p.add_argument("--cpu-seconds", type=float, default=Limits.cpu_seconds)
    args = p.parse_args(argv)
    die_with_parent()
    settle_in()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s worker %(message)s",
                        stream=sys.stderr)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    limits = Limits(args.max_bytes, args.max_actions, args.cpu_seconds)
    return serve(Path(args.data), args.name, limits, args.idle, args.parent)


if __name__ == "__main__":
    raise SystemExit(main())
