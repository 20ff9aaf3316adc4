#!/usr/bin/env bash
# Build "Middle Ground.app" and wrap it in a drag-to-Applications .dmg. Run on macOS from
# anywhere in the repo, after `make test` has set up .venv:
#
#   packaging/macos/make-dmg.sh            # build, self-test, dmg
#   SKIP_BUILD=1 packaging/macos/make-dmg.sh   # reuse dist/ from an earlier build
#
# Output: dist/middleground-VERSION-macos-ARCH.dmg (ARCH is the build machine's: arm64 or
# x86_64; build on each for both). The spec signs ad hoc, which runs on the machine that built
# it; for other Macs set SIGN_IDENTITY (a "Developer ID Application: ..." certificate) and
# NOTARY_PROFILE (a `xcrun notarytool store-credentials` profile) to sign and notarize.
# The .icns is committed in assets/icons/ (made by packaging/export_icons.py with Pillow).
set -euo pipefail
cd "$(dirname "$0")/../.."

[ "$(uname -s)" = Darwin ] || { echo "make-dmg.sh: needs macOS (hdiutil, codesign)" >&2; exit 2; }
PY=.venv/bin/python
package() { "$PY" -c "import sys; sys.path.insert(0, 'desktop'); import middleground; print($1)"; }
TITLE=$(package middleground.__title__)      # Middle Ground
VERSION=$(package middleground.__version__)
APP="dist/$TITLE.app"
DMG="dist/middleground-$VERSION-macos-$(uname -m).dmg"

if [ -z "${SKIP_BUILD:-}" ]; then
  "$PY" -m pip install --quiet -e '.[dist]'
  .venv/bin/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
    packaging/middleground.spec
fi
[ -d "$APP" ] || { echo "make-dmg.sh: $APP is missing" >&2; exit 1; }

# The console twin shares the bundle's code; the .app's own executable is tested too.
QT_QPA_PLATFORM=offscreen dist/middleground/middleground-console --self-test
QT_QPA_PLATFORM=offscreen "$APP/Contents/MacOS/middleground" --self-test > /dev/null

if [ -n "${SIGN_IDENTITY:-}" ]; then
  codesign --force --deep --options runtime --timestamp --sign "$SIGN_IDENTITY" "$APP"
fi

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
cp -R "$APP" "$staging/"
ln -s /Applications "$staging/Applications"
rm -f "$DMG"
hdiutil create -volname "$TITLE $VERSION" -srcfolder "$staging" -fs HFS+ -format UDZO \
  -imagekey zlib-level=9 -ov "$DMG"

if [ -n "${SIGN_IDENTITY:-}" ]; then
  codesign --force --sign "$SIGN_IDENTITY" "$DMG"
  if [ -n "${NOTARY_PROFILE:-}" ]; then
    xcrun notarytool submit "$DMG" --keychain-profile "$NOTARY_PROFILE" --wait
    xcrun stapler staple "$DMG"
  fi
fi
echo "made $DMG ($(du -h "$DMG" | cut -f1))"
