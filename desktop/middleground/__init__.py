"""Middle Ground: five median party games for a shared table, a projector, or solo practice."""

__title__ = "Middle Ground"
__version__ = "0.1.0"
