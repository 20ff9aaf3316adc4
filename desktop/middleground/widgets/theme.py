"""Colours and type for the light, dark and projection themes.

Colours start from the Okabe-Ito palette, which stays distinguishable for the common colour-vision
deficiencies; wherever a colour matters it is paired with a letter or a shape as well.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QGuiApplication, QPalette

OKABE_ITO = (
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#F0E442",  # yellow
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#000000",  # black
)

# The players' colours, on the boards and the results chart: one a seat for twelve players (as
# many as the chart draws in colour, one for each of its markers), then round again. Each is at
# least 3:1 on its themes' background and surface (WCAG's least for a shape one must see), and
# any two are at least 10 apart (CIEDE2000) to normal sight and to protanopia, deuteranopia and
# tritanopia as simulated (Machado, Oliveira and Fernandes, 2009). On the dark themes the first
# seven are Okabe-Ito's (its blue lifted from 2.9:1 on the dark surface); on the light theme its
# orange, sky blue and yellow read 2.2, 2.3 and 1.3:1 on white, so each seat takes a darker
# colour there, near its hue where the others left room.
SEATS_ON_DARK = (
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#F0E442",  # yellow
    "#4B87F0",  # blue
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#00F0FF",  # cyan
    "#6969A5",  # slate
    "#96C387",  # sage
    "#A55A4B",  # brick
    "#D2FFB4",  # pale lime
)
SEATS_ON_LIGHT = (
    "#A55A2D",  # burnt orange
    "#2D96D2",  # blue
    "#2D875A",  # green
    "#2D4B00",  # dark olive
    "#003C87",  # navy
    "#E16900",  # orange
    "#78004B",  # wine
    "#3C5AFF",  # bright blue
    "#875AA5",  # lavender
    "#1E00E1",  # ultramarine
    "#A5003C",  # crimson
    "#C36996",  # pink
)


@dataclass(frozen=True)
class Theme:
    name: str
    background: str
    surface: str
    text: str
    muted: str
    accent: str  # the one focal colour: the median, the scorer
    warning: str  # disqualified, out
    curtain: str
    curtain_text: str
    scale: float = 1.0  # type size factor (the projection theme is larger)
    edge: str = "#767676"  # a field's or a box's edge, at least 3:1 on the background as drawn
    # The warning in words (Start refused, a board's "out"), where the warning colour reads
    # below 4.5:1 on the background as text: see error_color.
    error: str = ""
    seats: tuple[str, ...] = SEATS_ON_DARK  # the players' colours, seat by seat

    def color(self, attribute: str) -> QColor:
        """One of the theme's colours by name; "error" is the warning as words read it
        (error_color)."""
        if attribute == "error":
            return QColor(self.error_color())
        return QColor(getattr(self, attribute))

    def seat_color(self, seat: int) -> QColor:
        return QColor(self.seats[seat % len(self.seats)])

    def error_color(self) -> str:
        """The colour of a warning in words: the warning colour, or the darker one a theme
        gives where the warning reads below 4.5:1 as text."""
        return self.error or self.warning


LIGHT = Theme(
    "light",
    "#F7F5F0",
    "#FFFFFF",
    "#1B1B1B",
    "#5F5F5F",
    "#0072B2",
    "#D55E00",
    "#23395B",
    "#FFFFFF",
    seats=SEATS_ON_LIGHT,
    error="#B04A00",  # the vermillion darkened: 5.0:1 on the background (the warning, 3.6:1)
)
DARK = Theme(
    "dark",
    "#17191C",
    "#23262B",
    "#F1F1F1",
    "#A8ADB4",
    "#56B4E9",
    "#E69F00",
    "#0E1A2B",
    "#FFFFFF",
    edge="#8A9099",
)
PROJECTION = Theme(
    "projection",
    "#000000",
    "#1E1E1E",  # a field or a tile stands out from the black around it
    "#FFFFFF",
    "#D0D0D0",
    "#F0E442",
    "#E69F00",
    "#000000",
    "#FFFFFF",
    1.25,
    edge="#A0A0A0",
)


# Whether the desktop runs dark: read once from the palette the platform gave the app, before
# the first of ours replaces it, then kept up to date by the style hints' change signal. (Asking
# the style hints' colorScheme() instead answers with an enum of the Qt namespace, and building
# that namespace for Python costs about 35 ms, a tenth of the start-up.)
_desktop_dark: bool | None = None


def system_is_dark() -> bool:
    global _desktop_dark
    if _desktop_dark is None:
        app = QGuiApplication.instance()
        if app is None:
            return False
        _desktop_dark = app.palette().color(QPalette.ColorRole.Window).lightness() < 128
    return _desktop_dark


def desktop_scheme_changed(scheme) -> None:
    """The desktop switched between light and dark (QStyleHints.colorSchemeChanged)."""
    from PySide6.QtCore import Qt

    global _desktop_dark
    _desktop_dark = scheme == Qt.ColorScheme.Dark


# Widgets whose edge Fusion draws in the window colour darkened by 140%: a field, a box to
# tick, a button. That is 1.7:1 on the light window and 1.2:1 on the dark ones, where an
# unticked box cannot be seen; WCAG asks 3:1 of a control's edge. One that cannot be used now
# keeps only a faint edge (below 2.5:1), with the background inside it (palette_for): no box to
# type in or button to press, in any theme.
EDGED = ("QLineEdit", "QAbstractSpinBox", "QComboBox", "QCheckBox", "QRadioButton", "QPushButton")


def set_app_palette(app, theme: Theme) -> None:
    """Colour the whole app (a QApplication) with `theme`, once the desktop's own scheme has
    been read."""
    system_is_dark()
    palette = palette_for(theme)
    app.setPalette(palette)
    # These widgets never paint their window colour, only Fusion's edge from it: hand them the
    # window colour whose darkening is the theme's edge.
    edged = palette_for(theme)  # (copying a palette, QPalette(p), builds the Qt namespace)
    edged.setColor(QPalette.ColorRole.Window, QColor(theme.edge).lighter(140))
    faint = _mix(theme.edge, theme.background, 0.6)
    edged.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Window, faint.lighter(140))
    for name in EDGED:
        app.setPalette(edged, name)


def theme_named(name: str) -> Theme:
    """The theme for a setting: system follows the desktop's light or dark scheme."""
    if name == "projection":
        return PROJECTION
    if name == "dark" or (name == "system" and system_is_dark()):
        return DARK
    return LIGHT


def palette_for(theme: Theme) -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: theme.background,
        QPalette.ColorRole.Base: theme.surface,
        QPalette.ColorRole.AlternateBase: theme.background,
        QPalette.ColorRole.Text: theme.text,
        QPalette.ColorRole.WindowText: theme.text,
        QPalette.ColorRole.Button: theme.surface,
        QPalette.ColorRole.ButtonText: theme.text,
        QPalette.ColorRole.Highlight: theme.accent,
        QPalette.ColorRole.HighlightedText: theme.background,
        QPalette.ColorRole.ToolTipBase: theme.surface,
        QPalette.ColorRole.ToolTipText: theme.text,
    }
    for role, colour in roles.items():
        palette.setColor(role, QColor(colour))
    palette.setColor(QPalette.ColorRole.PlaceholderText, hint_color(theme))
    # What cannot be used now (a greyed-out option, a menu entry that does not apply) must look
    # it: its text halfway to the background, in every theme.
    faded = _mix(theme.text, theme.background, 0.55)
    disabled = QPalette.ColorGroup.Disabled
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(disabled, role, faded)
    # A field or a button greyed out is filled with the background: nothing stands out there.
    palette.setColor(disabled, QPalette.ColorRole.Base, QColor(theme.background))
    palette.setColor(disabled, QPalette.ColorRole.Button, QColor(theme.background))
    # An empty field greyed out says why in words to read ("No PIN for a bot"): at 4.5:1 on
    # the background inside it, where its typed text, greyed out, is not meant to be read.
    palette.setColor(disabled, QPalette.ColorRole.PlaceholderText, QColor(theme.muted))
    return palette


def hint_color(theme: Theme) -> QColor:
    """The colour of a hint in an empty field ("random", "PIN (optional)"): as far from the
    text as it can be, so it never passes for typed text (even where the muted colour is nearly
    the text's, as in the projection theme), while it still reads at 4.5:1 on the field. Halfway
    from the text to the field read 3.3:1 in the light theme."""
    share, field = 0.5, QColor(theme.surface)
    while share > 0 and contrast(_mix(theme.text, theme.surface, share), field) < 4.5:
        share -= 0.01
    return _mix(theme.text, theme.surface, share)


def ink_on(colour: QColor) -> QColor:
    """Black or white, whichever reads better on `colour` (the higher contrast ratio: at
    least 4.5:1 on any colour)."""
    black, white = QColor("#000000"), QColor("#FFFFFF")
    return black if contrast(black, colour) >= contrast(white, colour) else white


def contrast(a: QColor, b: QColor) -> float:
    """WCAG 2's contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    lighter, darker = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _luminance(colour: QColor) -> float:
    """WCAG 2's relative luminance: how light `colour` looks, from 0 (black) to 1 (white)."""
    linear = [
        c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
        for c in (colour.redF(), colour.greenF(), colour.blueF())
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _mix(a: str, b: str, share_of_b: float) -> QColor:
    """The colour `share_of_b` of the way from `a` to `b`."""
    first, second = QColor(a), QColor(b)
    return QColor(
        *(
            round(x + (y - x) * share_of_b)
            for x, y in zip(first.getRgb()[:3], second.getRgb()[:3], strict=True)
        )
    )
