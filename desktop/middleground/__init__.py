"""Middle Ground: median party games for a shared table, a projector, or solo practice."""

__title__ = "Middle Ground"
__version__ = "0.1.0"

# Bots work on small arrays, one decision per worker thread: BLAS threads of their own would only
# fight the UI thread and each other for the cores. Set before numpy is first imported (lazily,
# by a game's bots); a player's own setting wins.
import os as _os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    _os.environ.setdefault(_name, "1")
