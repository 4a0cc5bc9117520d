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


# ---------------------------------------------------------------- what a new player meets

def test_play_help_lists_each_games_options(capsys: pytest.CaptureFixture[str]) -> None:
    from server.cli import main as arbiter

    with pytest.raises(SystemExit) as done:
        arbiter(["play", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for option in ("--towers", "--book", "--premonitions", "--seed", "--auto"):
        assert option in out, option
    assert arbiter(["play", "onirim", "--help"]) == 0
    assert "--premonitions" in capsys.readouterr().out


def test_cards_read_as_players_name_them_without_copy_numbers() -> None:
    from rules_engine.onirim.cards import BY_NAME
    from server.play.onirim import card_name

    assert card_name(BY_NAME["green-moon-2"].index) == "green Moon"
    assert card_name(BY_NAME["red-4"].index) == "red Tower 4"
    assert card_name(BY_NAME["premonition-5"].index) == "Premonition 5"


def _book_state(seed: int):
    from dataclasses import replace

    from rules_engine.onirim import model

    return replace, model, model.new_game(model.Options(book=True, premonitions=True), seed)


def test_a_door_sent_to_limbo_out_of_goal_order_is_reported() -> None:
    from rules_engine.onirim.cards import BY_NAME, CARDS
    from server.play.onirim import _report

    replace, model, state = _book_state(1)
    first_goal = CARDS[state.goals[0]].colour
    colour = next(c for c in ("red", "blue", "green", "brown") if c != first_goal)
    run = [BY_NAME[f"{colour}-sun-1"].index, BY_NAME[f"{colour}-moon-1"].index, BY_NAME[f"{colour}-sun-2"].index]
    rest = model._without(state.deck + state.hand, *run)
    state = replace(state, deck=rest, hand=(run[2],), labyrinth=tuple(run[:2]))
    after = model.apply(state, model.Play(run[2]))
    out = io.StringIO()
    _report(state, after, out)
    assert f"the {colour} Door goes to Limbo: it is not the next Goal's colour ({first_goal})" in out.getvalue()


def test_a_happy_dream_fits_on_one_screen() -> None:
    from server.play.onirim import MENU_LIMIT, _entry_text, menu

    replace, model, state = _book_state(2)
    dream = next(c for c in state.deck if model.CARDS[c].kind == "happy_dream")
    state = replace(state, deck=model._without(state.deck, dream), drawn=dream,
                    pending=model.PendingHappyDream(dream), phase="draw")
    actions = model.legal_actions(state)
    assert len(actions) > 60  # one per deck card: the list a player used to scroll through
    entries = menu(state, actions)
    assert len(entries) <= MENU_LIMIT
    picks = [e for e in entries if isinstance(e, tuple) and "pick a card" in e[0]]
    assert picks and len(picks[0][1]) < 20, "alike copies are offered once"
    assert any("(" in _entry_text(state, e) for e in entries)


def test_a_look_at_the_deck_lets_the_player_discard_and_reorder() -> None:
    from server.play.onirim import _arrange

    replace, model, state = _book_state(3)
    state = replace(state, pending=model.PendingArrange(5, 1, "prophecy"), phase="draw")
    looked = state.deck[:5]
    out = io.StringIO()
    action = _arrange(state, io.StringIO("9\n2\n4 1\n"), out)
    rest = [c for c in looked if c != looked[1]]
    assert action == model.Arrange((looked[1],), (rest[3], rest[0], rest[1], rest[2]))
    assert "got '9'" in out.getvalue()
    after = model.apply(state, action)
    assert after.deck[:4] == action.order


def test_a_scripted_game_reports_what_happens(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    assert main(ALL + ["--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Game over:" in out
    assert "→ Limbo shuffled back into the deck" in out and "→ to the discard pile:" in out
    assert "Premonitions face up (if → then):" in out
    assert max(len(block.splitlines()) for block in out.split("\n\n")) <= 40, "a move fits on a 40-line screen"
