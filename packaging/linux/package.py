"""Finish the Linux bundle: a freedesktop entry, its icons, an installer for them, a .tar.xz.

    python packaging/linux/package.py [--dist dist] [--xz "xz -T0 -6"]

Run by `make dist` after PyInstaller has built dist/middleground/. The archive unpacks to one
folder; `./middleground` runs in place, and `./install-desktop-entry.sh` adds the app to the
desktop's menu for this user (no root needed).
"""

from __future__ import annotations

import argparse
import platform
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "desktop"))
import middleground  # noqa: E402

NAME = middleground.__name__
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

DESKTOP_ENTRY = f"""[Desktop Entry]
Type=Application
Version=1.5
Name={middleground.__title__}
GenericName=Party games
Comment=Median party games for a shared table, a projector, or practice against bots
Exec={NAME}
TryExec={NAME}
Icon={NAME}
Terminal=false
Categories=Game;BoardGame;
Keywords=median;party;board game;card game;
StartupWMClass={NAME}
"""

# Installs the entry for this user: Exec points at this folder, icons go to the hicolor theme.
INSTALLER = f"""#!/bin/sh
# Add {middleground.__title__} to this user's application menu (run it again after moving the
# folder; delete the files it names to remove the entry).
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
data="${{XDG_DATA_HOME:-$HOME/.local/share}}"
for size in {" ".join(str(s) for s in ICON_SIZES)}; do
  mkdir -p "$data/icons/hicolor/${{size}}x${{size}}/apps"
  cp "$here/icons/{NAME}-$size.png" "$data/icons/hicolor/${{size}}x${{size}}/apps/{NAME}.png"
done
mkdir -p "$data/icons/hicolor/scalable/apps" "$data/applications"
cp "$here/icons/{NAME}.svg" "$data/icons/hicolor/scalable/apps/{NAME}.svg"
sed -e "s|^Exec=.*|Exec=\\"$here/{NAME}\\"|" -e "s|^TryExec=.*|TryExec=$here/{NAME}|" \\
  "$here/{NAME}.desktop" > "$data/applications/{NAME}.desktop"
if command -v update-desktop-database >/dev/null; then
  update-desktop-database "$data/applications" || true
fi
echo "Installed $data/applications/{NAME}.desktop and its icons."
"""


def archive_name() -> str:
    return f"{NAME}-{middleground.__version__}-linux-{platform.machine()}.tar.xz"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--xz", default="xz -T0 -6", help="the compressor command")
    args = parser.parse_args(argv)
    bundle = args.dist / NAME
    if not (bundle / NAME).is_file():
        print(f"package: no bundle at {bundle}; run PyInstaller first (make dist)", file=sys.stderr)
        return 2
    icons = bundle / "icons"
    icons.mkdir(exist_ok=True)
    source = ROOT / "assets" / "icons"
    for size in ICON_SIZES:
        shutil.copy2(source / f"{NAME}-{size}.png", icons / f"{NAME}-{size}.png")
    shutil.copy2(source / f"{NAME}.svg", icons / f"{NAME}.svg")
    (bundle / f"{NAME}.desktop").write_text(DESKTOP_ENTRY, encoding="utf-8")
    # Beside the archive too, for a distribution's packager or a quick look.
    (args.dist / f"{NAME}.desktop").write_text(DESKTOP_ENTRY, encoding="utf-8")
    installer = bundle / "install-desktop-entry.sh"
    installer.write_text(INSTALLER, encoding="utf-8")
    installer.chmod(0o755)

    archive = args.dist / archive_name()
    with archive.open("wb") as out:
        tar = subprocess.Popen(
            ["tar", "-C", str(args.dist), "-cf", "-", NAME], stdout=subprocess.PIPE
        )
        xz = subprocess.run(shlex.split(args.xz), stdin=tar.stdout, stdout=out, check=False)
        tar.stdout.close()
        if tar.wait() or xz.returncode:
            archive.unlink()
            print("package: making the archive failed", file=sys.stderr)
            return 1
    print(f"bundle   {bundle}")
    print(f"entry    {bundle / (NAME + '.desktop')}")
    print(f"archive  {archive} ({archive.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
