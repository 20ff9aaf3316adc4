"""The Qt shell: screens, the curtain, the projector window. It never names a game."""

import sys

if sys.version_info < (3, 12):  # pragma: no cover - depends on the interpreter
    # PySide6 6.12's stable-ABI wheels hand back None from every void call (setPos, setText,
    # drawText...) and True from every signal's emit() without adding a reference: harmless
    # since Python 3.12, where these are immortal, but on 3.11 each call takes a reference
    # away, and a long session (or the interpreter's exit) ends in "Fatal Python error:
    # none_dealloc" or "bool_dealloc". Make them as good as immortal here too.
    import ctypes

    for _constant in (None, True, False):
        ctypes.c_ssize_t.from_address(id(_constant)).value += 1 << 40
