"""Export the app icon from its SVG source: PNGs 16-512, a Windows .ico and a macOS .icns.

    .venv/bin/python packaging/export_icons.py      (needs the `dist` extra for Pillow)

The outputs are committed beside the source in assets/icons/, so a build never needs this
script; run it again after changing middleground.svg. Qt renders the SVG (the app already
depends on it); Pillow packs the sizes into .ico and .icns, which it writes on any OS.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parents[1] / "assets" / "icons"
SOURCE = ICONS / "middleground.svg"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # what Windows asks of an .ico
ICNS_SIZES = (16, 32, 64, 128, 256, 512)  # Pillow derives the @2x entries from these


def render(size: int) -> bytes:
    """The SVG drawn at `size` pixels square, as PNG bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        raise SystemExit(f"{SOURCE} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PIL import Image
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841
    images = {}
    for size in PNG_SIZES:
        data = render(size)
        (ICONS / f"middleground-{size}.png").write_bytes(data)
        images[size] = Image.open(io.BytesIO(data)).convert("RGBA")
    largest = images[max(images)]
    largest.save(
        ICONS / "middleground.ico",
        sizes=[(s, s) for s in ICO_SIZES],
        append_images=[images[s] for s in ICO_SIZES],
    )
    largest.save(ICONS / "middleground.icns", append_images=[images[s] for s in ICNS_SIZES])
    for path in sorted(ICONS.iterdir()):
        print(f"{path.relative_to(ICONS.parent.parent)}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
