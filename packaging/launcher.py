"""The frozen app's entry point: the same `main` as the `middleground` command."""

import multiprocessing
import sys

from middleground.__main__ import main

if __name__ == "__main__":
    # Bots think in worker processes (table/thinking.py): a frozen worker starts here too and
    # must run its task instead of a second app.
    multiprocessing.freeze_support()
    sys.exit(main())
