"""Terminal Onirim: `arbiter play onirim --towers --book --premonitions --seed N [--auto]`."""
from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from rules_engine.onirim import model
from rules_engine.onirim.cards import CARDS, SPELLS

SPELL_NAMES = {k: str(v["name"]) for k, v in SPELLS.items()}
EFFECTS = {"key": "discard Key", "door": "put Door into Limbo", "reveal": "reveal top 5",
           "hand": "discard hand and draw 5 Locations"}


def _name(index: int | None) -> str:
    """A card's readable name."""
    return "-" if index is None else CARDS[index].name


def _names(cards: tuple[int, ...] | list[int]) -> str:
    """Readable names of cards, comma-separated."""
    return ", ".join(_name(c) for c in cards) or "(none)"


def describe(state: model.State, action: model.Action) -> str:
    """One line saying what an action does."""
    if isinstance(action, model.Play):
        return f"play {_name(action.card)}" + (f" on the {action.side} of the Tower row" if action.side else "")
    if isinstance(action, model.Discard):
        return f"discard {_name(action.card)}"
    if isinstance(action, model.Arrange):
        kept = f"put back top-first: {_names(action.order)}"
        return (f"discard {_names(action.discard)}; " if action.discard else "") + kept
    if isinstance(action, model.TakeDoor):
        return f"discard {_name(action.key)} to take the Door" if action.key is not None else "send the Door to Limbo"
    if isinstance(action, model.ResolveNightmare):
        text = EFFECTS[action.effect] + (f" ({_name(action.target)})" if action.target is not None else "")
        if model.tower_penalty_applies(state):
            text += f"; lose Tower {_name(action.lose_tower)}" if action.lose_tower is not None else "; Nightmare to Limbo"
        return text
    if isinstance(action, model.HappyDream):
        return {1: f"Happy Dream: remove Premonition {CARDS[action.target].number if action.target is not None else '?'}",
                2: "Happy Dream: reveal the top 7, discard any, reorder the rest",
                3: f"Happy Dream: put {_name(action.target)} on top after shuffling"}[action.option]
    if isinstance(action, model.ResolvePremonition):
        return f"resolve Premonition {action.number}" + (f" ({_names(action.targets)})" if action.targets else "")
    if isinstance(action, model.CastSpell):
        swap = f" swapping Goals {action.swap[0] + 1} and {action.swap[1] + 1}" if action.swap else ""
        return f"cast {SPELL_NAMES[action.spell]}{swap}, paying {len(action.pay)} discards"
    if isinstance(action, model.PickToTop):
        return f"move {_name(action.card)} from the bottom to the top"
    return repr(action)


def render(state: model.State) -> str:
    """A few lines showing the position."""
    lines = [f"Deck {len(state.deck)} | Discard {len(state.discard)} | Limbo {len(state.limbo)} | "
             f"Doors {len(state.doors)}/8: {_names(state.doors)}",
             f"Labyrinth (last 6): {_names(state.labyrinth[-6:])}"]
    if state.options.towers:
        lines.append(f"Towers: {_names(state.towers)}" + ("  [Alignment complete]" if model.alignment_complete(state) else ""))
    if state.options.book:
        goals = [f"{CARDS[g].colour}{'*' if d is not None else ''}" for g, d in zip(state.goals, state.goal_doors)]
        lines.append(f"Goals (* reached): {' '.join(goals)}")
    if state.options.premonitions:
        lines.append(f"Premonitions face up: {', '.join(str(CARDS[c].number) for c in state.premonitions_up) or '(none)'}")
    lines.append(f"Hand: {_names(state.hand)}")
    if state.drawn is not None:
        lines.append(f"Drawn: {_name(state.drawn)}")
    if isinstance(state.pending, (model.PendingArrange,)):
        lines.append(f"Looking at the top {state.pending.count}: {_names(state.deck[:state.pending.count])}")
    if isinstance(state.pending, model.PendingBottom):
        lines.append(f"Bottom {state.pending.count}: {_names(state.deck[-state.pending.count:])}")
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    """Command-line options."""
    p = argparse.ArgumentParser(prog="arbiter play onirim", description="Play solo Onirim in the terminal.")
    p.add_argument("--towers", action="store_true", help="add The Towers")
    p.add_argument("--book", action="store_true", help="add The Book of Steps Lost and Found")
    p.add_argument("--premonitions", action="store_true", help="add Dark Premonitions and Happy Dreams")
    p.add_argument("--seed", type=int, default=0, help="shuffle seed (default 0)")
    p.add_argument("--spells", choices=["none", "cheap", "expensive"], default="cheap", help="Spells card side")
    p.add_argument("--no-alignment-power", action="store_true", help="a complete Alignment does not protect the row")
    p.add_argument("--lost-tower-to", choices=["limbo", "discard"], default="limbo",
                   help="where a Tower lost to a Nightmare goes (the seed: limbo)")
    p.add_argument("--auto", action="store_true", help="play seeded random legal moves to the end and print them")
    return p


def _outcome(state: model.State) -> str:
    """The closing line of a finished game."""
    verdict = "WON" if state.outcome is not None and state.outcome.won else "LOST"
    return f"Game over: {verdict} with {len(state.doors)} Door(s)" + (
        f" and {len(state.towers)} Tower(s)" if state.options.towers else "") + "."


def _auto(state: model.State, seed: int, out: TextIO) -> int:
    """Play random legal moves to the end, printing each."""
    rng = random.Random(seed)
    move = 0
    while state.phase != "over":
        action = model.random_legal_action(state, rng)
        move += 1
        print(f"{move:4d}. {describe(state, action)}", file=out)
        state = model.apply(state, action)
    print(render(state), file=out)
    print(_outcome(state), file=out)
    return 0


def _interactive(state: model.State, inp: TextIO, out: TextIO) -> int:
    """Ask for moves by number until the game ends, the player quits or input ends."""
    print("Enter the number of a move, 'q' to quit.", file=out)
    while state.phase != "over":
        actions = model.legal_actions(state)
        print("\n" + render(state), file=out)
        for i, action in enumerate(actions, 1):
            print(f"  {i:3d}. {describe(state, action)}", file=out)
        while True:
            print(f"Move (1-{len(actions)}, q): ", end="", file=out, flush=True)
            line = inp.readline()
            if not line:
                print("\nInput ended; game abandoned.", file=out)
                return 1
            text = line.strip().lower()
            if text in ("q", "quit", "exit"):
                print("Game abandoned.", file=out)
                return 1
            if text.isdigit() and 1 <= int(text) <= len(actions):
                break
            print(f"Please enter a number from 1 to {len(actions)}, or q to quit (got {line.strip()!r}).", file=out)
        state = model.apply(state, actions[int(text) - 1])
    print(render(state), file=out)
    print(_outcome(state), file=out)
    return 0


def main(argv: list[str]) -> int:
    """Parse options, deal a seeded game and play it (exit code 0 finished, 1 abandoned, 2 bad options)."""
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # argparse has already printed the usage and the problem
        return int(exc.code or 0)
    options = model.Options(towers=args.towers, book=args.book, premonitions=args.premonitions,
                            alignment_power=not args.no_alignment_power, spells=args.spells,
                            lost_tower_to=args.lost_tower_to)
    state = model.new_game(options, args.seed)
    expansions = [n for n, on in (("Towers", args.towers), ("Book", args.book), ("Premonitions", args.premonitions)) if on]
    print(f"Onirim, seed {args.seed}, expansions: {', '.join(expansions) or 'none'}", file=sys.stdout)
    try:
        if args.auto:
            return _auto(state, args.seed, sys.stdout)
        return _interactive(state, sys.stdin, sys.stdout)
    except KeyboardInterrupt:
        print("\nInterrupted; game abandoned.", file=sys.stdout)
        return 1
