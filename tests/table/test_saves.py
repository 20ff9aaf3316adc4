"""Saves: atomic, resumable on the curtain, and bad files explained without harm."""

from __future__ import annotations

import json

import pytest

from middleground.engine import SaveError, get_game
from middleground.table import Seat, Session, saves
from middleground.table.session import PASS
from middleground.table.settings import Settings

GAME = get_game("good-enough")


def started():
    seats = [Seat("Alice"), Seat("Bob", "bot", "easy"), Seat("Carol")]
    session = Session.start(GAME, seats, {"rounds": 4}, seed=8, mode="facilitator")
    session.submit(0, {"number": 42})
    return session


def test_a_saved_game_reloads_exactly_and_opens_on_the_curtain(tmp_path):
    session = started()
    path = tmp_path / "game.json"
    saves.save_session(session, path)
    session.mode = "table"
    saves.save_session(session, path)
    loaded = saves.load_session(path)
    assert loaded.state.seat_view(0).my_submission == {"number": 42}
    assert [s.label for s in loaded.seats] == ["Alice", "Bob (bot, easy)", "Carol"]
    assert loaded.curtain.stage == PASS and loaded.curtain.reason == "resume"
    assert loaded.curtain.seat == 2  # Alice already chose; Carol is next


def test_autosave_offers_the_interrupted_game_and_clears_when_it_ends():
    session = started()
    assert saves.interrupted_game() is None
    saves.autosave(session)
    resumed = saves.interrupted_game()
    assert resumed is not None and resumed.state.history == session.state.history
    session.state.over = True
    saves.autosave(session)
    assert saves.interrupted_game() is None


BAD_FILES = [
    (b"", "empty"),
    (b'{"format": "middleground-session", "version": 1, "seats": [', "damaged or cut short"),
    (b'{"hello": "world"}', "not a Middle Ground save"),
    (b"\xff\xfe\x00binary", "not text"),
    (json.dumps({"format": "middleground-session", "version": 9}).encode(), "newer"),
]


@pytest.mark.parametrize(("content", "message"), BAD_FILES)
def test_bad_files_get_a_clear_message(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=message):
        saves.load_session(path)


def test_a_tampered_action_is_refused_not_half_loaded(tmp_path):
    data = started().to_json()
    data["game"]["actions"][0]["action"]["number"] = 1000
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="Action 1 of the record cannot be replayed"):
        saves.load_session(path)


def test_a_failed_save_leaves_the_existing_file_untouched(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    path.write_text("previous contents")

    def exploding_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "fsync", exploding_fsync)
    with pytest.raises(SaveError, match="could not be saved"):
        saves.save_session(started(), path)
    assert path.read_text() == "previous contents"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left behind


def test_settings_round_trip_and_ignore_junk(tmp_path):
    settings = Settings.load()
    settings.last_names = ["Ann", "Ben"]
    settings.theme = "dark"
    settings.save()
    assert Settings.load().last_names == ["Ann", "Ben"]
    (saves.config_dir() / "settings.json").write_text('{"theme": 7, "idle_seconds": "x"}')
    assert Settings.load() == Settings()


def test_tests_never_touch_the_real_folders(tmp_path):
    assert str(saves.data_dir()).startswith(str(tmp_path))
    assert str(saves.config_dir()).startswith(str(tmp_path))


class HeldDisk:
    """A disk whose writes wait until released, recording the order they land in."""

    def __init__(self, monkeypatch):
        import threading

        self.landed: list[str] = []
        self.started = threading.Event()
        self.release = threading.Event()
        real = saves.write_text_atomically

        def held(path, text):
            self.started.set()
            assert self.release.wait(10), "the test never released the disk"
            real(path, text)
            self.landed.append(json.loads(text)["game"]["actions"][-1]["action"]["number"])

        monkeypatch.setattr(saves, "write_text_atomically", held)


def test_autosaves_are_written_off_the_callers_thread_and_the_latest_wins(monkeypatch):
    disk = HeldDisk(monkeypatch)
    session = started()  # Alice chose 42
    saves.autosave(session)  # the thread takes it and waits on the disk
    assert disk.started.wait(10)
    # Two more saves while the disk is busy: Carol's 7, taken back and entered as 9.
    session.submit(2, {"number": 7})
    saves.autosave(session)  # returns at once
    session.undo()
    session.submit(2, {"number": 9})
    saves.autosave(session)
    assert not saves.autosave_path().exists()  # nothing written yet: the disk is held
    disk.release.set()
    assert saves.flush_autosave(10)
    # The first save, then only the newest: the one asked for between them never lands
    # after it (it is dropped, not written late).
    assert disk.landed == [42, 9]
    resumed = saves.interrupted_game()
    assert resumed.state.history == session.state.history
    assert resumed.state.seat_view(2).my_submission == {"number": 9}


def test_a_background_save_that_fails_is_reported_and_leaves_the_file(tmp_path, monkeypatch):
    saves.autosave(started())
    assert saves.flush_autosave(10)
    before = saves.autosave_path().read_text()

    def exploding_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "fsync", exploding_fsync)
    heard = []
    session = started()
    session.submit(2, {"number": 3})
    saves.autosave(session, heard.append)
    assert saves.flush_autosave(10)
    assert [str(e) for e in heard] == [
        "The game could not be saved there: No space left on device."
    ]
    assert saves.autosave_path().read_text() == before
    assert [p.name for p in saves.autosave_path().parent.iterdir()] == ["autosave.json"]


def test_the_end_of_the_game_removes_the_autosave_even_behind_a_pending_save(monkeypatch):
    disk = HeldDisk(monkeypatch)
    session = started()
    saves.autosave(session)
    assert disk.started.wait(10)
    session.state.over = True
    saves.autosave(session)  # removal asked for while the save is still being written
    disk.release.set()
    assert saves.flush_autosave(10)
    assert not saves.autosave_path().exists()
