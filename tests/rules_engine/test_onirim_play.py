"""Terminal Onirim player: --auto plays to the end; interactive mode survives bad input and EOF."""
from __future__ import annotations

import io

import pytest

from server.play import play
from server.play.onirim import main

ALL = ["--towers", "--book", "--premonitions"]


def test_auto_plays_a_seeded_game_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert play("onirim", ALL + ["--seed", "3", "--auto"]) == 0
    first = capsys.readouterr().out
    assert "Game over:" in first and "   1. " in first
    assert main(ALL + ["--seed", "3", "--auto"]) == 0
    assert capsys.readouterr().out == first, "same seed, same game"


def test_interactive_reports_bad_input_and_eof(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nfoo\n999\n"))
    assert main(ALL + ["--seed", "1"]) == 1
    out = capsys.readouterr().out
    assert "got 'foo'" in out and "got '999'" in out
    assert "Input ended; game abandoned." in out
    assert "Traceback" not in out


def test_interactive_quit(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["--seed", "2"]) == 1
    assert "Game abandoned." in capsys.readouterr().out


def test_interactive_game_can_be_finished_by_always_choosing_the_first_move(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 2000))
    assert main(ALL + ["--seed", "4"]) == 0
    assert "Game over:" in capsys.readouterr().out


def test_bad_options_exit_2_without_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "x"]) == 2
    assert "invalid int value" in capsys.readouterr().err
