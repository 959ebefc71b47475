"""HAProxy in front of real hosts on loopback, with the README's own configuration (the
cluster test, tests/test_host_cluster.py, and the multi-host load run,
benchmarks/host_load.py --hosts 2)."""

from __future__ import annotations

import asyncio
import contextlib
import re
import shutil
import socket
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path

from benchmarks.real_host import ROOT, RealHost


def readme_config() -> str:
    text = (ROOT / "README.md").read_text()
    found = re.search(r"```haproxy\n(.*?)```", text, re.S)
    assert found, "the README ships no HAProxy configuration"
    return found.group(1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Running:
    """HAProxy started: its SSH and web ports, and its process (for its CPU)."""

    def __init__(self, ssh: int, web: int, pid: int) -> None:
        self.ssh, self.web, self.pid = ssh, web, pid


@contextlib.asynccontextmanager
async def haproxy(folder: Path, hosts: dict[str, RealHost]) -> AsyncIterator[Running]:
    """HAProxy with the README's configuration, its addresses put on loopback."""
    ssh, web = free_port(), free_port()
    config = readme_config().replace("bind :22", f"bind 127.0.0.1:{ssh}") \
        .replace("bind :80", f"bind 127.0.0.1:{web}")
    for n, (name, host) in enumerate(hosts.items()):
        address = f"10.0.0.{11 + n}"
        assert f"server {name} {address}:2222" in config
        config = config.replace(f"{address}:2222", f"127.0.0.1:{host.ssh_port}") \
            .replace(f"{address}:8080", f"127.0.0.1:{host.web_port}")
    path = folder / "haproxy.cfg"
    path.write_text(config)
    binary = shutil.which("haproxy") or "/usr/sbin/haproxy"
    checked = subprocess.run([binary, "-c", "-f", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    log = folder / "haproxy.log"
    with log.open("wb") as out:
        proc = await asyncio.create_subprocess_exec(binary, "-db", "-f", str(path),
                                                    stdout=out, stderr=out)
    try:
        for _ in range(100):  # listening
            assert proc.returncode is None, log.read_text()
            with contextlib.suppress(OSError):
                _, writer = await asyncio.open_connection("127.0.0.1", web)
                writer.close()
                break
            await asyncio.sleep(0.1)
        yield Running(ssh, web, proc.pid)
    finally:
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
        await proc.wait()
