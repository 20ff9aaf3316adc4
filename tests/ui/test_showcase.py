"""`make screenshots` drives every game's scenes through the real windows. It is how we look at
what we build, so a scene broken by a change (a renamed widget, a session call that moved) fails
here rather than on the day someone needs the pictures."""

from __future__ import annotations

import re

from PySide6.QtGui import QImage

from middleground.engine import all_games
from middleground.ui import showcase

SIZES = {"720p": (1280, 720), "1080p": (1920, 1080), "4k": (3840, 2160)}


def _colours(image: QImage, step: int = 23) -> int:
    """Distinct colours on a grid of the picture's pixels: a blank grab has one or two."""
    return len(
        {
            image.pixel(x, y)
            for x in range(0, image.width(), step)
            for y in range(0, image.height(), step)
        }
    )


def test_every_game_shows_its_screens(qtbot, tmp_path):
    stage = showcase.run(tmp_path)

    by_game: dict[str, list[str]] = {}
    for name, game in stage.taken.items():
        by_game.setdefault(game, []).append(name)
    assert set(by_game) == {""} | {game.id for game in all_games()}
    assert {"home", "setup", "home-dark"} <= set(by_game[""])
    for game in all_games():
        shots = by_game[game.id]
        assert len(shots) >= 5, (game.id, shots)
        assert any("projector" in name for name in shots), (game.id, shots)

    for name in stage.taken:
        image = QImage(str(tmp_path / f"{name}.png"))
        assert not image.isNull(), name
        assert _colours(image) > 12, f"{name}.png looks blank"
        size = re.search(r"projector-(720p|1080p|4k)$", name)
        if size or "picture" not in name:  # a round picture has the board's own size
            expected = SIZES[size.group(1)] if size else SIZES["720p"]
            assert (image.width(), image.height()) == expected, name
    assert sorted(p.stem for p in tmp_path.glob("*.png")) == sorted(stage.taken)
