"""The compiled `__init__` of the dataclasses, kept between starts as Python keeps bytecode
(issue 31: start-up).

lean_dataclass.py compiles each class's `__init__` from text when the class is first made:
36 compiles, 6 ms of CPU, at every start of `sim` and `verify` before their first action.
The code objects are kept in `__pycache__/lean-inits.<interpreter>.marshal` beside this
module, in the interpreter's own bytecode format (marshal, which is how Python keeps a
module's compiled code beside it; nothing here is pickled), each under the digest of the
text it was compiled from. A code object is a function of its text, the interpreter and
the compile's flags alone: the file names the interpreter's bytecode version
(`importlib.util.MAGIC_NUMBER`) and the optimisation level, and is ignored for any other,
so a kept answer is never stale. A text not kept is compiled, and the file is written again,
whole, as the process ends (once, however many were new); nothing is written where this
user may not write. As the content's kept parse
(content/data_files.py), it is written under PYTHONDONTWRITEBYTECODE too: hosts,
containers and this project's own sessions set that variable, and these codes are made by
the game at run time, not by importing a module. Under ROGUELIKE_CHECK_KEPT=1 each kept
code is held to a fresh compile.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType

from roguelike.core.kept_file import write_kept

CHECK_ENV = "ROGUELIKE_CHECK_KEPT"
FOLDER = Path(__file__).resolve().parent / "__pycache__"


class StaleInit(AssertionError):
    """A kept `__init__` differs from a fresh compile (raised under ROGUELIKE_CHECK_KEPT)."""


class _Kept:
    """The kept codes of this process: read from the file when first asked."""

    def __init__(self) -> None:
        self.codes: dict[bytes, CodeType] | None = None
        self.read_count = 0  # how many the file held
        tag = sys.implementation.cache_tag or "python"
        self.file = FOLDER / f"lean-inits.{tag}.opt{sys.flags.optimize}.marshal"

    def path(self) -> Path:
        return self.file

    def header(self) -> bytes:
        return MAGIC_NUMBER + bytes([sys.flags.optimize])

    def read(self) -> dict[bytes, CodeType]:
        if self.codes is None:
            self.codes = {}
            with contextlib.suppress(OSError, ValueError, EOFError, TypeError):
                raw = self.path().read_bytes()
                head = self.header()
                if raw.startswith(head):
                    table = marshal.loads(raw[len(head):])
                    if isinstance(table, dict):
                        self.codes = {k: v for k, v in table.items()
                                      if isinstance(k, bytes) and isinstance(v, CodeType)}
            self.read_count = len(self.codes)
        return self.codes

    def write(self) -> None:
        if self.codes is not None and len(self.codes) > self.read_count:  # new ones
            write_kept(self.path(), self.header() + marshal.dumps(self.codes))


_KEPT = _Kept()


def _compile(text: str) -> CodeType:
    # compiled without any caller's `from __future__ import annotations`, as the standard
    # library's is: the parameters' annotations are the field types themselves
    return compile(text, "<string>", "exec", dont_inherit=True)


def code_for(text: str, keep: bool = True) -> CodeType:
    """The compiled `text` (a dataclass's `__init__` maker): kept, else compiled (and kept
    if `keep`: the game's own classes, not a test's)."""
    key = hashlib.blake2b(text.encode(), digest_size=16).digest()
    codes = _KEPT.read()
    code = codes.get(key)
    if code is None:
        code = _compile(text)
        if keep:
            if len(codes) == _KEPT.read_count:  # the first new one: written once, at exit
                atexit.register(_KEPT.write)
            codes[key] = code
    elif os.environ.get(CHECK_ENV, "") not in ("", "0") and code != _compile(text):
        raise StaleInit(f"the kept __init__ of {text.splitlines()[1].strip()} differs")
    return code
