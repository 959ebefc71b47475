"""An asciicast v2 recording of a game, written by the host from the PTY stream."""

from __future__ import annotations

import codecs
import json
import os
import time
from pathlib import Path
from typing import IO

from roguelike.host.private import open_private


class CastWriter:
    def __init__(self, path: Path, cols: int, rows: int, term: str, title: str) -> None:
        self.path = Path(path)
        self.start = time.monotonic()
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        # 0600, and never through a link a game left in its folder (private.py)
        self._file: IO[str] | None = os.fdopen(open_private(self.path), "w", encoding="utf-8")
        header = {"version": 2, "width": cols, "height": rows, "timestamp": int(time.time()),
                  "env": {"TERM": term}, "title": title}
        self._write(json.dumps(header))

    def _write(self, line: str) -> None:
        if self._file is not None:
            self._file.write(line + "\n")

    def _event(self, kind: str, data: str) -> None:
        t = round(time.monotonic() - self.start, 6)
        self._write(json.dumps([t, kind, data], ensure_ascii=False))

    def output(self, data: bytes) -> None:
        text = self._decoder.decode(data)  # a character split across reads waits
        if text:
            self._event("o", text)

    def resize(self, cols: int, rows: int) -> None:
        self._event("r", f"{cols}x{rows}")

    def flush(self) -> None:
        if self._file is not None:
            self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def read_cast(path: Path) -> tuple[dict[str, object], list[list[object]]]:
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:] if line]
