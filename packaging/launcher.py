"""The frozen app's entry point: the same `main` as the `middleground` command.

Bots think in worker processes that multiprocessing starts by running this executable again,
with arguments that say what to do instead of opening a window: `--multiprocessing-fork ...`
for a worker, and `-c "from multiprocessing... import main; ..."` for its helpers (the resource
tracker, a fork server). Such a process does its job and exits. Any other start goes on to the
app without importing multiprocessing: about 50 ms, a sixth of a start, that a table without
bots never needs. (This is why the spec leaves out PyInstaller's own runtime hook, which
imports it at every start; the job has to be done here, in the main script, for the worker to
recognise it as its `__main__`.)
"""

import sys

from middleground.__main__ import main


def run_multiprocessing_child(argv: list[str]) -> bool:
    """Do the job of a process multiprocessing started, if this is one."""
    if argv[1:2] == ["--multiprocessing-fork"]:
        import multiprocessing.spawn

        # The parent passes its pipe and tracker as name=value pairs (None or a number).
        options = dict(argument.split("=", 1) for argument in argv[2:])
        values = {name: None if value == "None" else int(value) for name, value in options.items()}
        multiprocessing.spawn.spawn_main(**values)
        return True
    command = argv[argv.index("-c") + 1 :][:1] if "-c" in argv[1:] else []
    if command and command[0].startswith(("from multiprocessing.", "import sys; from multip")):
        exec(command[0])  # the helper's own entry point, as multiprocessing wrote it
        return True
    return False


if __name__ == "__main__":
    if run_multiprocessing_child(sys.argv):
        sys.exit()
    sys.exit(main())
