"""The frozen app's entry point: the same `main` as the `middleground` command."""

import sys

from middleground.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
