"""Saves: atomic, resumable on the curtain, and bad files explained without harm."""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.damage import TRIES, damaged
from tests.random_play import play_on

from middleground.ai import make_bot
from middleground.engine import IllegalAction, SaveError, SetupError, all_games, get_game
from middleground.table import Seat, Session, saves
from middleground.table.seats import hash_pin
from middleground.table.session import PASS, PRIVATE, TableError
from middleground.table.settings import THEMES, Settings

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
    assert [s.label for s in loaded.seats] == ["Alice", "Bob (easy bot)", "Carol"]
    assert loaded.curtain.stage == PASS and loaded.curtain.reason == "resume"
    assert loaded.curtain.seat == 2  # Alice already chose; Carol is next


def ended():
    """A facilitator's game of three rounds of It's Good Enough, played to its end."""
    seats = [Seat("Alice"), Seat("Bob"), Seat("Carol")]
    session = Session.start(GAME, seats, {"rounds": 3}, seed=8, mode="facilitator")
    for _ in range(3):
        for seat, number in enumerate((42, 17, 60)):
            session.submit(seat, {"number": number})
    assert session.state.is_terminal()
    return session


def test_autosave_keeps_a_game_until_its_results_are_seen():
    session = started()
    assert saves.interrupted_game() is None
    saves.autosave(session)
    resumed = saves.interrupted_game()
    assert resumed is not None and resumed.state.history == session.state.history
    over = ended()
    saves.autosave(over)  # the app may end before anyone sees the results: they stay
    kept = saves.interrupted_game()
    assert kept.state.is_terminal() and kept.state.scores() == over.state.scores()
    saves.forget_autosave()  # the results were seen
    assert saves.interrupted_game() is None


def test_a_new_game_keeps_an_ended_game_whose_results_were_not_seen():
    saves.autosave(ended())
    kept = saves.keep_interrupted()
    assert kept.name.startswith("Finished game ") and kept.suffix == ".mgsave"
    assert saves.load_session(kept).state.is_terminal()
    assert saves.interrupted_game() is None
    saves.autosave(started())
    assert saves.keep_interrupted().name.startswith("Unfinished game ")


BAD_FILES = [
    (b"", "empty"),
    (b'{"format": "middleground-session", "version": 1, "seats": [', "damaged or cut short"),
    (b'{"hello": "world"}', "not a Middle Ground save"),
    (b"\xff\xfe\x00binary", "not text"),
    (b"[" * 100_000 + b"]" * 100_000, "damaged or cut short"),  # nested past what Python reads
    (json.dumps({"format": "middleground-session", "version": 9}).encode(), "newer"),
]


def _with_seed(seed: str) -> bytes:
    """A good save whose game's seed is `seed`, as JSON text."""
    return json.dumps(started().to_json()).replace('"seed": 8', f'"seed": {seed}').encode()


BAD_FILES += [
    (_with_seed("[" * 800 + "]" * 800), "damaged or cut short"),  # json reads it, then recursion
    (_with_seed("9" * 5000), "damaged or cut short"),  # past the digits Python turns into a number
]


@pytest.mark.parametrize(("content", "message"), BAD_FILES)
def test_bad_files_get_a_clear_message(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=message):
        saves.load_session(path)
    saves.autosave_path().parent.mkdir(parents=True, exist_ok=True)
    saves.autosave_path().write_bytes(content)
    with pytest.raises(SaveError, match=message):  # why it cannot be resumed, no traceback
        saves.interrupted_game()


BYTE_ORDER_MARK = "\ufeff".encode()  # what old Notepad and PowerShell 5 put before UTF-8


def test_a_save_an_editor_wrote_with_a_byte_order_mark_opens(tmp_path):
    """It was "damaged or cut short"."""
    path = tmp_path / "game.json"
    saves.save_session(started(), path)
    path.write_bytes(BYTE_ORDER_MARK + path.read_bytes())
    loaded = saves.load_session(path)
    assert loaded.state.seat_view(0).my_submission == {"number": 42}
    assert [s.label for s in loaded.seats] == ["Alice", "Bob (easy bot)", "Carol"]


def test_settings_an_editor_wrote_with_a_byte_order_mark_are_kept():
    """They were dropped for the defaults, and written over at the next change."""
    saves.config_dir().mkdir(parents=True, exist_ok=True)
    mine = json.dumps({"theme": "dark", "last_names": ["Zo\u00eb", "Ben"]}, ensure_ascii=False)
    (saves.config_dir() / "settings.json").write_bytes(BYTE_ORDER_MARK + mine.encode())
    settings = Settings.load()
    assert (settings.theme, settings.last_names) == ("dark", ["Zo\u00eb", "Ben"])


def test_a_tampered_action_is_refused_not_half_loaded(tmp_path):
    data = started().to_json()
    data["game"]["actions"][0]["action"]["number"] = 1000
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="Action 1 of the record cannot be replayed") as refused:
        saves.load_session(path)
    assert "breaks the rules" in str(refused.value) and "1000" not in str(refused.value)


def test_a_save_refused_for_a_rule_does_not_tell_the_table_a_player_s_secret(tmp_path):
    """The rule's own words would ("Ann holds no two of clubs"); the file opens in public."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cy")]
    session = Session.start(get_game("median-card-game"), seats, {"dealer": "Ann"}, seed=2)
    data = session.to_json()
    leader = session.state.awaiting()[0]
    hand = session.state.hands[leader]
    missing = next(c for c in ("2C", "3D", "4H", "5S", "6C") if c not in hand)
    data["game"]["actions"] = [{"seat": leader, "action": {"card": missing}}]
    with pytest.raises(IllegalAction, match="holds no"):  # what the rule itself says
        session.state.clone().apply(leader, {"card": missing})
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as refused:
        saves.load_session(path)
    assert "holds no" not in str(refused.value) and seats[leader].name not in str(refused.value)


def test_leftovers_of_saves_killed_half_way_are_cleared_once_a_minute_old():
    folder = saves.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    old, fresh = folder / ".autosave.json.abcd1234", folder / ".autosave.json.efgh5678"
    for path in (old, fresh):
        path.write_text(json.dumps(started().to_json()))  # a whole game, secrets and all
    os.utime(old, (time.time() - 120, time.time() - 120))
    (folder / "autosave.json").write_text("{}")  # never a save itself
    assert saves.clear_leftovers() == 1
    assert not old.exists() and fresh.exists()  # another window may be writing that one
    assert (folder / "autosave.json").exists()


def test_a_slip_in_the_rules_while_replaying_a_save_is_still_a_damaged_save(tmp_path, monkeypatch):
    """Should a bad action ever get past the rules' checks (a "²" once did, in The Median),
    the save is refused with a message, never a traceback from whatever opened it."""
    data = started().to_json()
    path = tmp_path / "slip.json"
    path.write_text(json.dumps(data))
    state_class = type(started().state)

    def slip(self, seat, action):
        raise ValueError("invalid literal for int() with base 10: '²'")

    monkeypatch.setattr(state_class, "apply", slip)
    with pytest.raises(SaveError, match="damaged at action 1"):
        saves.load_session(path)


def test_a_save_whose_seats_or_table_are_broken_is_refused_by_name(tmp_path):
    good = started().to_json()
    path = tmp_path / "bad.json"
    cases = [
        ({"seats": [7, *good["seats"][1:]]}, "its seats cannot be read"),
        ({"mode": "party"}, "does not say how the table plays"),
        ({"curtain_enabled": "yes"}, "whether the curtain is used"),
        (
            {
                "seats": [
                    good["seats"][0],
                    {**good["seats"][1], "level": "godlike"},
                    good["seats"][2],
                ]
            },
            'Bob is a bot of an unknown level, "godlike"',
        ),
        ({"seats": [{**good["seats"][0], "pin_hash": "scrypt$1234"}]}, "seats cannot be read"),
        ({"game": {**good["game"], "options": [5]}}, "options must be given as option names"),
        (
            {"game": {**good["game"], "game": ["good-enough"]}},
            'a game this version of Middle Ground does not have (["good-enough"])',
        ),
    ]
    for change, message in cases:
        path.write_text(json.dumps(good | change))
        with pytest.raises(SaveError, match=re.escape(message)):
            saves.load_session(path)


@pytest.mark.parametrize(
    ("version", "shown"), [("1", '"1"'), ([1], "[1]"), (0, "0"), (-1, "-1"), (True, "true")]
)
@pytest.mark.parametrize("what", ["The save", "The game record"])
def test_a_version_that_is_not_a_number_from_one_up_is_damage(tmp_path, version, shown, what):
    data = started().to_json()
    (data["game"] if what == "The game record" else data)["version"] = version
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as refused:
        saves.load_session(path)
    assert str(refused.value) == (
        f"{what} is damaged: its format version should be a whole number from 1 up, not {shown}."
    )


def test_a_save_from_a_newer_middle_ground_says_so(tmp_path):
    data = started().to_json()
    data["game"]["version"] = 2
    path = tmp_path / "new.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as refused:
        saves.load_session(path)
    assert str(refused.value) == (
        "This game was saved by a newer Middle Ground (format 2); this version reads format 1."
    )


def _saved_part_way(game, seed: int) -> dict:
    """A save of `game` some way in: a PIN on the first seat, a bot on the last, a console
    (at the table instead where the players hold hands only their own screens show)."""
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"][: game.min_players]
    names = names if len(names) >= 3 or game.max_players < 3 else ["Ann", "Ben", "Cat"]
    seats = [Seat(n) for n in names[:-1]] + [Seat(names[-1], "bot", "easy")]
    seats[0] = seats[0].with_pin("2468")
    mode = "table" if game.secret_hands(game.setup(names, {})) else "facilitator"
    session = Session.start(game, seats, {}, seed=seed, mode=mode)
    play_on(session.state, random.Random(seed), steps=12)
    return session.to_json()


SAVED = {game.id: _saved_part_way(game, 5) for game in all_games()}


def _plays_on(session: Session) -> None:
    """What the app does with a save it has opened: the curtain, every view, the bots, the
    next choices, and saving it again."""
    state = session.state
    assert session.curtain.stage != PRIVATE  # a game reopens on no one's private screen
    state.public_view()
    for seat, who in enumerate(session.seats):
        state.seat_view(seat)
        if who.is_bot:
            make_bot(session.game, who.level)
    for seat in state.awaiting():
        assert state.legal_actions(seat)
    again = Session.from_json(json.loads(json.dumps(session.to_json())))
    assert again.state.history == state.history


@pytest.mark.parametrize("game_id", sorted(SAVED))
@TRIES
@given(data=st.data())
def test_a_damaged_save_opens_and_plays_on_or_is_refused_with_a_message(game_id, data, tmp_path):
    """Any one change to a save (a value replaced by any JSON, or a field removed) either
    still makes a game the app can play on, or is refused as a SaveError in plain words; the
    same file as the interrupted game resumes or is refused for the same reason, never a
    crash."""
    content, _ = data.draw(damaged(SAVED[game_id]), label="damage")
    path = tmp_path / "damaged.json"
    text = json.dumps(content)
    path.write_text(text)
    message = ""
    try:
        session = saves.load_session(path)
    except SaveError as error:
        message = str(error)
        assert message[:1].isupper() and message.endswith((".", ")")), message
        assert "FrozenDict" not in message and "Traceback" not in message, message
    else:
        _plays_on(session)
    assert path.read_text() == text  # opening a file never changes it
    saves.autosave_path().parent.mkdir(parents=True, exist_ok=True)
    saves.autosave_path().write_text(text)
    try:
        resumed = saves.interrupted_game()
    except SaveError as error:  # the reason resuming is refused, for the home screen to say
        assert str(error) == message
    else:
        _plays_on(resumed)


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_damaged_settings_fall_back_field_by_field(data):
    mine = {
        "theme": "dark",
        "idle_seconds": 0,
        "hold_to_lift": True,
        "reduced_motion": True,
        "last_names": ["Ann", "Ben"],
        "last_levels": ["", "hard"],
        "last_mode": "solo",
    }
    content, (key, *_) = data.draw(damaged(mine), label="damage")
    (saves.config_dir()).mkdir(parents=True, exist_ok=True)
    (saves.config_dir() / "settings.json").write_text(json.dumps(content))
    loaded = Settings.load()
    assert loaded.theme in THEMES
    assert type(loaded.idle_seconds) is int and 0 <= loaded.idle_seconds <= 24 * 3600
    assert type(loaded.hold_to_lift) is bool and type(loaded.reduced_motion) is bool
    assert all(isinstance(name, str) for name in loaded.last_names)
    for field, value in mine.items():  # the fields the damage missed are kept
        if field != key:
            assert getattr(loaded, field) == value


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
        "The last choice could not be saved: No space left on device. "
        "Play goes on, and every choice tries again."
    ]
    assert saves.autosave_path().read_text() == before
    assert [p.name for p in saves.autosave_path().parent.iterdir()] == ["autosave.json"]


def test_a_background_save_that_fails_in_any_way_is_reported_and_saving_goes_on(monkeypatch):
    real = saves.write_text_atomically

    def once_broken(path, text):
        monkeypatch.setattr(saves, "write_text_atomically", real)
        raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")

    monkeypatch.setattr(saves, "write_text_atomically", once_broken)
    heard = []
    saves.autosave(started(), heard.append)
    assert saves.flush_autosave(10)
    assert [str(e) for e in heard] == [
        "The last choice could not be saved: Middle Ground failed (UnicodeEncodeError). "
        "Play goes on, and every choice tries again."
    ]
    session = started()
    session.submit(2, {"number": 3})
    saves.autosave(session, heard.append)
    assert saves.flush_autosave(10)  # the saves thread lived on and wrote the next one
    assert saves.interrupted_game().state.history == session.state.history


def test_quitting_waits_for_a_stuck_disk_only_so_long():
    program = """
import threading
from middleground.engine import get_game
from middleground.table import Seat, Session, saves
saves.EXIT_WAIT = 0.5
saves.write_text_atomically = lambda path, text: threading.Event().wait()  # never done
seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
session = Session.start(get_game("good-enough"), seats, {}, seed=5, mode="facilitator")
session.submit(0, {"number": 42})
saves.autosave(session)
"""
    # Under the 10 seconds an app waits by default: only the half second set here ends it in
    # time, and a wait for ever would not end at all.
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, timeout=8)
    assert done.returncode == 0, done.stderr


def test_forgetting_the_autosave_is_not_undone_by_a_save_still_being_written(monkeypatch):
    disk = HeldDisk(monkeypatch)
    session = started()
    saves.autosave(session)
    assert disk.started.wait(10)
    saves.forget_autosave()  # removal asked for while the save is still being written
    disk.release.set()
    assert saves.flush_autosave(10)
    assert not saves.autosave_path().exists()


def test_a_game_saved_before_the_house_limits_still_opens(tmp_path):
    """A 40-letter name and a points total 100 rounds cannot reach are refused at a new table
    now, but a game saved before those limits opens, plays on and shows its score history."""
    long_name = "Bartholomew-Maximilian Featherstonehaugh"
    options = {"end": "points", "points_target": 150}
    with pytest.raises(SetupError):
        GAME.new_state([long_name, "Bob", "Carol"], options, 8)
    seats = [Seat(long_name), Seat("Bob"), Seat("Carol")]
    state = GAME.new_state([s.name for s in seats], options, 8, limits=False)
    old = Session(state, seats, "facilitator", True)
    old.submit(0, {"number": 42})
    path = tmp_path / "old.json"
    saves.save_session(old, path)
    loaded = saves.load_session(path)
    assert loaded.state.players[0] == long_name and loaded.state.options["points_target"] == 150
    loaded.submit(1, {"number": 7})
    loaded.submit(2, {"number": 90})
    assert loaded.score_history() == [(0, 0, 0), (1, 0, 0)]


def test_a_save_with_a_name_no_table_ever_allowed_is_refused_at_once(tmp_path):
    """One of 100,000 letters opened, and took seconds to lay out on every board it reached."""
    data = started().to_json()
    giant = "A" * 100_000
    data["seats"][0]["name"] = giant
    data["game"]["players"][0] = giant
    path = tmp_path / "giant.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA… is far too long to be"):
        saves.load_session(path)


def test_a_pin_is_kept_salted_and_slow_and_an_older_save_s_pin_still_works(tmp_path):
    """Two players with one PIN get different checks, neither holding the PIN; a save from
    before kept a plain SHA-256 of the name and the PIN, and its player still lifts with it."""
    ann, ben = Seat("Ann").with_pin("1379"), Seat("Ben").with_pin("1379")
    assert ann.pin_hash != ben.pin_hash  # salted: the same PIN, two different checks
    for check in (ann.pin_hash, ben.pin_hash):  # a cost, a salt and a digest: no PIN in it
        assert re.fullmatch(r"scrypt\$4\$[0-9a-f]{32}\$[0-9a-f]{64}", check)
    assert ann.pin_matches("1379") and not ann.pin_matches("1380")
    real = Seat("Ann", pin_hash=hash_pin("1379", cost=14))  # the app's cost, not the tests'
    assert real.pin_hash.startswith("scrypt$14$")
    assert Seat.from_json(real.to_json()).pin_matches("1379") and not real.pin_matches("1397")
    dearer = Seat("Ann", pin_hash=hash_pin("1379", cost=16))  # past OpenSSL's default memory
    assert Seat.from_json(dearer.to_json()).pin_matches("1379")
    with pytest.raises(ValueError, match="PIN check is damaged"):  # one it could not compute
        Seat.from_json({**dearer.to_json(), "pin_hash": dearer.pin_hash.replace("$16$", "$17$")})
    seats = [Seat("Alice").with_pin("0000"), Seat("Bob"), Seat("Carol")]
    data = Session.start(GAME, seats, {}, seed=8).to_json()
    older = hashlib.sha256(b"middleground:Alice:2468").hexdigest()
    data["seats"][0]["pin_hash"] = older
    path = tmp_path / "older.json"
    path.write_text(json.dumps(data))
    loaded = saves.load_session(path)
    with pytest.raises(TableError, match="not right"):
        loaded.lift(0, "2467")
    loaded.lift(0, "2468")
    assert loaded.curtain.stage == PRIVATE
