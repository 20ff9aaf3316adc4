"""Check the frozen Linux bundle and measure it against a hello-world PySide6-Essentials bundle.

    python packaging/dist_check.py --app dist/middleground --hello build/hello/dist/hello

Run by `make dist-check`. It runs `--self-test` in the frozen app, checks the bundle holds no
Qt Addons or QML libraries and that its desktop entry is complete and installs, then prints
both bundles' sizes (unpacked and as .tar.xz) and start-up times with the ratios. It fails on a
failed self-test, a forbidden library, a bad entry or an unpacked size over the budget.
Start-up over its budget is reported, not failed: timing on a shared CI machine is too noisy
to gate on.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE_BUDGET = 1.3  # unpacked size, times hello-world's
START_BUDGET = 1.5  # start-up time, times hello-world's
START_RUNS = 15  # timed starts of each bundle, after one untimed start to warm the file cache

# Qt libraries that must never ship: QML/Quick (we use widgets) and the PySide6-Addons modules.
FORBIDDEN_QT = re.compile(
    r"Qt6?(Qml|Quick|WebEngine|WebChannel|WebSockets|WebView|3D|Bluetooth|Charts|DataVis|"
    r"Graphs|HttpServer|Location|Multimedia|NetworkAuth|Nfc|Pdf|Positioning|RemoteObjects|"
    r"Scxml|Sensors|SerialBus|SerialPort|SpatialAudio|StateMachine|TextToSpeech|ShaderTools|"
    r"VirtualKeyboard|Lottie|Designer|UiTools|Help|Sql)"
)
QT_LIBRARY = re.compile(
    r"(?:libQt6|Qt6|Qt)([A-Za-z0-9]+?)(?:\.so|\.abi3|\.dll|\.framework|\.dylib)"
)
DESKTOP_KEYS = ("Type", "Name", "Exec", "Icon", "Categories")


def unpacked_size(folder: Path) -> int:
    """Bytes in every file under `folder` (symlinks counted once, as links)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() or p.is_symlink())


def archived_size(folder: Path, xz: str) -> int:
    """Bytes of `folder` as a .tar.xz made with the same command as the release archive."""
    with tempfile.TemporaryFile() as out:
        tar = subprocess.Popen(
            ["tar", "-C", str(folder.parent), "-cf", "-", folder.name], stdout=subprocess.PIPE
        )
        subprocess.run(shlex.split(xz), stdin=tar.stdout, stdout=out, check=True)
        tar.stdout.close()
        if tar.wait():
            raise SystemExit(f"dist-check: tar failed on {folder}")
        return out.tell()


def start_up(executables: list[Path], env: dict[str, str]) -> list[float]:
    """Median seconds from launch to a running event loop with the first window shown, for each
    executable. Their starts take turns, so that a busy spell on a shared machine slows them
    alike rather than one of them."""
    times: list[list[float]] = [[] for _ in executables]
    for run in range(START_RUNS + 1):
        for executable, measured in zip(executables, times, strict=True):
            started = time.perf_counter()
            done = subprocess.run(
                [str(executable), "--quit-after-start"],
                env=env,
                capture_output=True,
                text=True,
                check=False,
            )
            elapsed = time.perf_counter() - started
            if done.returncode:
                raise SystemExit(f"dist-check: {executable.name} failed to start:\n{done.stderr}")
            if run:
                measured.append(elapsed)
    return [statistics.median(measured) for measured in times]


def self_test(executable: Path, env: dict[str, str]) -> bool:
    done = subprocess.run(
        [str(executable), "--self-test"], env=env, capture_output=True, text=True, check=False
    )
    sys.stdout.write(done.stdout)
    if done.returncode or "self-test ok" not in done.stdout:
        sys.stdout.write(done.stderr)
        print(f"FAILED: the frozen self-test exited with {done.returncode}")
        return False
    return True


def qt_libraries(folder: Path) -> tuple[set[str], list[str]]:
    """The Qt modules whose libraries are in the bundle, and the forbidden files among them."""
    found, forbidden = set(), []
    for path in folder.rglob("*"):
        match = QT_LIBRARY.search(path.name)
        if match:
            found.add(match.group(1))
        if FORBIDDEN_QT.search(path.name):
            forbidden.append(str(path.relative_to(folder)))
    return found, sorted(forbidden)


def desktop_entry_problems(folder: Path) -> list[str]:
    entries = list(folder.glob("*.desktop"))
    if not entries:
        return ["no .desktop entry in the bundle"]
    text = entries[0].read_text(encoding="utf-8")
    values = dict(re.findall(r"^(\w+)=(.*)$", text, flags=re.MULTILINE))
    problems = [f"{entries[0].name} has no {key}=" for key in DESKTOP_KEYS if key not in values]
    if not text.startswith("[Desktop Entry]"):
        problems.append(f"{entries[0].name} does not start with [Desktop Entry]")
    icon = values.get("Icon", "")
    if icon and not (folder / "icons" / f"{icon}.svg").is_file():
        problems.append(f"the icon {icon} is not in the bundle's icons/")
    return problems + installer_problems(folder, entries[0].name, icon)


def installer_problems(folder: Path, entry: str, icon: str) -> list[str]:
    """Run install-desktop-entry.sh into a scratch data folder and check what it installed."""
    with tempfile.TemporaryDirectory(prefix="middleground-xdg-") as data:
        done = subprocess.run(
            [str(folder / "install-desktop-entry.sh")],
            env=dict(os.environ, XDG_DATA_HOME=data),
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            return [f"install-desktop-entry.sh failed: {done.stderr.strip()}"]
        installed = Path(data) / "applications" / entry
        text = installed.read_text(encoding="utf-8") if installed.is_file() else ""
        problems = []
        if f'Exec="{folder.resolve() / folder.name}"' not in text:
            problems.append("the installed entry does not run this bundle")
        if not (Path(data) / "icons/hicolor/256x256/apps" / f"{icon}.png").is_file():
            problems.append("the installer put no 256x256 icon in the hicolor theme")
        return problems


def mb(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", type=Path, default=ROOT / "dist" / "middleground")
    parser.add_argument("--hello", type=Path, default=ROOT / "build" / "hello" / "dist" / "hello")
    parser.add_argument(
        "--archive", type=Path, help="the release .tar.xz (its size is the app's archived size)"
    )
    parser.add_argument("--xz", default="xz -T0 -6", help="the compressor, as for the release")
    args = parser.parse_args(argv)
    app_exe, hello_exe = args.app / args.app.name, args.hello / args.hello.name
    for executable in (app_exe, hello_exe):
        if not executable.is_file():
            print(f"dist-check: {executable} is missing; run make dist first", file=sys.stderr)
            return 2

    with tempfile.TemporaryDirectory(prefix="middleground-dist-check-") as home:
        # Offscreen, and never the user's own settings or saves.
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MIDDLEGROUND_HOME=home)
        env.pop("MIDDLEGROUND_ASSETS", None)  # the frozen app must find its own assets
        ok = self_test(app_exe, env)
        found, forbidden = qt_libraries(args.app)
        print(f"Qt modules in the bundle: {', '.join(sorted(found))}")
        if forbidden:
            ok = False
            print("FAILED: QML or Addons libraries in the bundle:\n  " + "\n  ".join(forbidden))
        for problem in desktop_entry_problems(args.app):
            ok = False
            print(f"FAILED: {problem}")
        app_start, hello_start = start_up([app_exe, hello_exe], env)

    app_size, hello_size = unpacked_size(args.app), unpacked_size(args.hello)
    if args.archive is not None and args.archive.is_file():
        app_xz = args.archive.stat().st_size  # made by `make dist` with the same compressor
    else:
        app_xz = archived_size(args.app, args.xz)
    hello_xz = archived_size(args.hello, args.xz)
    size_ratio, xz_ratio = app_size / hello_size, app_xz / hello_xz
    start_ratio = app_start / hello_start
    verdict = {True: "within target", False: "TARGET MISSED"}
    print()
    print(f"{'':<22}{'Middle Ground':>15}{'hello-world':>15}{'ratio':>9}  target")
    print(
        f"{'unpacked size':<22}{mb(app_size):>15}{mb(hello_size):>15}{size_ratio:>8.2f}x"
        f"  <= {SIZE_BUDGET}x, {verdict[size_ratio <= SIZE_BUDGET]}"
    )
    print(f"{'archived (.tar.xz)':<22}{mb(app_xz):>15}{mb(hello_xz):>15}{xz_ratio:>8.2f}x")
    print(
        f"{'start-up (median)':<22}{app_start:>13.3f} s{hello_start:>13.3f} s{start_ratio:>8.2f}x"
        f"  <= {START_BUDGET}x, {verdict[start_ratio <= START_BUDGET]}"
        + ("" if start_ratio <= START_BUDGET else " (reported, not failed: timing is noisy)")
    )
    print(
        f"(start-up: launch to first event loop, median of {START_RUNS} warm starts each, "
        "taking turns, offscreen)"
    )
    if size_ratio > SIZE_BUDGET:
        ok = False
        print(f"FAILED: the bundle is {size_ratio:.2f}x hello-world's size, over {SIZE_BUDGET}x")
    print("dist-check ok" if ok else "dist-check FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
