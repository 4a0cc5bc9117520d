"""Terminal Onirim: `arbiter play onirim --towers --book --premonitions --seed N [--auto]`.

The screen shows the position, one line per thing that happened since the last move, and the legal
moves; long lists (a Happy Dream's card choice, a seven-card reveal) become short menus or a typed
answer, so the position stays on a 40-line screen.
"""
from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO, Union

from rules_engine.onirim import model
from rules_engine.onirim.cards import CARDS, PREMONITIONS, SPELLS

SPELL_NAMES = {k: str(v["name"]) for k, v in SPELLS.items()}
EFFECTS = {"key": "discard a Key", "door": "put a Door into Limbo", "reveal": "reveal the top 5",
           "hand": "discard your hand and draw 5 Locations"}
MENU_LIMIT = 15  # more legal moves than this are grouped into a menu of kinds first


def card_name(index: int | None) -> str:
    """A card as players call it: 'red Sun', 'blue Door', 'green Tower 4' (copies are alike, so no copy number)."""
    if index is None:
        return "-"
    c = CARDS[index]
    if c.kind == "location":
        return f"{c.colour} {str(c.symbol).capitalize()}"
    if c.kind == "tower":
        return f"{c.colour} Tower {c.number}"
    if c.kind in ("door", "goal"):
        return f"{c.colour} {c.kind.capitalize()}"
    if c.kind == "premonition":
        return f"Premonition {c.number}"
    return {"nightmare": "Nightmare", "happy_dream": "Happy Dream", "spells": "Spells card"}.get(c.kind, c.name)


def card_names(cards: tuple[int, ...] | list[int]) -> str:
    """Readable names of cards, comma-separated."""
    return ", ".join(card_name(c) for c in cards) or "(none)"


# Premonitions as the screen lists them: the condition, then what it does (the full text when one triggers).
PREMONITION_SHORT = {1: "2 red Doors → red Locations in the deck to the discard",
                     2: "2 green Doors → a discarded Nightmare to Limbo",
                     3: "2 blue Doors → 2 Keys from the deck to the discard",
                     4: "2 brown Doors → one of your Doors to Limbo",
                     5: "2 Doors of one colour → one of them to Limbo",
                     6: "5 Doors → reveal 2 more", 7: "a Door of each colour → Happy Dreams removed from the deck",
                     8: "3 Doors → discard your hand, reveal 1 more"}


def premonition_text(number: int) -> str:
    """A Premonition with what triggers it and what it does."""
    p = PREMONITIONS[number]
    return f"Premonition {number} (if {p['trigger']}: {p['penalty']})"


def describe(state: model.State, action: model.Action) -> str:
    """One line saying what an action does."""
    if isinstance(action, model.Play):
        if action.side and not state.towers:
            return f"start the Tower row with {card_name(action.card)}"
        return f"play {card_name(action.card)}" + (f" on the {action.side} of the Tower row" if action.side else "")
    if isinstance(action, model.Discard):
        return f"discard {card_name(action.card)}"
    if isinstance(action, model.Arrange):
        kept = f"put back top-first: {card_names(action.order)}"
        return (f"discard {card_names(action.discard)}; " if action.discard else "") + kept
    if isinstance(action, model.TakeDoor):
        return (f"discard {card_name(action.key)} to take the Door" if action.key is not None
                else "send the Door to Limbo")
    if isinstance(action, model.ResolveNightmare):
        text = EFFECTS[action.effect] + (f" ({card_name(action.target)})" if action.target is not None else "")
        if model.tower_penalty_applies(state):
            text += (f"; lose {card_name(action.lose_tower)}" if action.lose_tower is not None
                     else "; send the Nightmare to Limbo instead of losing a Tower")
        return text
    if isinstance(action, model.HappyDream):
        return {1: f"Happy Dream: remove {card_name(action.target)}",
                2: "Happy Dream: reveal the top 7, discard any, reorder the rest",
                3: f"Happy Dream: put a {card_name(action.target)} on top after shuffling"}[action.option]
    if isinstance(action, model.ResolvePremonition):
        return f"resolve Premonition {action.number}" + (f" ({card_names(action.targets)})" if action.targets else "")
    if isinstance(action, model.CastSpell):
        swap = f" swapping Goals {action.swap[0] + 1} and {action.swap[1] + 1}" if action.swap else ""
        return f"cast {SPELL_NAMES[action.spell]}{swap}, paying {len(action.pay)} discards"
    if isinstance(action, model.PickToTop):
        return f"move {card_name(action.card)} from the bottom to the top"
    return repr(action)


def describe_event(state: model.State, event: model.Event) -> str | None:
    """One line for something that happened, or None when the move's own line already says it."""
    K = model.EventKind
    cards = card_names(event.cards)
    if event.kind is K.DOOR_OBTAINED:
        return f"you get the {cards}"
    if event.kind is K.DOOR_OUT_OF_ORDER:
        goal = model.open_goal_colour(state)
        return f"the {cards} goes to Limbo: it is not the next Goal's colour" + (f" ({goal})" if goal else "")
    if event.kind is K.NO_DOOR_LEFT:
        return f"three {event.detail} cards in a row, but no {event.detail} Door is left in the deck"
    if event.kind is K.DRAWN_TO_LIMBO:
        return f"to Limbo: {cards}" if event.cards else None
    if event.kind is K.DOOR_LOST:
        return f"the {cards} goes back to Limbo"
    if event.kind is K.TOWER_LOST:
        return f"you lose the {cards} (to {event.detail})"
    if event.kind is K.NIGHTMARE_TO_LIMBO:
        return "the Nightmare goes to Limbo, so no Tower is lost"
    if event.kind is K.PREMONITIONS_TRIGGERED:
        numbers = [int(n) for n in str(event.detail).split(",")]
        return "triggered: " + "; ".join(premonition_text(n) for n in numbers)
    if event.kind is K.PREMONITION_SKIPPED:
        return f"Premonition {event.detail} skipped: its condition no longer holds"
    if event.kind is K.PREMONITIONS_REVEALED:
        return "revealed: " + "; ".join(premonition_text(CARDS[c].number or 0) for c in event.cards)
    if event.kind is K.CARDS_DISCARDED:
        return f"to the discard pile: {cards}" if event.cards else None
    if event.kind is K.LIMBO_SHUFFLED:
        return f"Limbo shuffled back into the deck ({len(event.cards)} card{'s' if len(event.cards) != 1 else ''})"
    if event.kind is K.GAME_OVER:
        return str(event.detail)
    return None  # played, discarded, a spell, a Nightmare, a Happy Dream: the move line said it


def render(state: model.State) -> str:
    """A few lines showing the position."""
    lines = [f"Deck {len(state.deck)} | Discard {len(state.discard)} | Limbo {len(state.limbo)} | "
             f"Doors {len(state.doors)}/8: {card_names(state.doors)}",
             f"Labyrinth (last 6): {card_names(state.labyrinth[-6:])}"]
    if state.options.towers:
        lines.append(f"Towers: {card_names(state.towers)}"
                     + ("  [Alignment complete]" if model.alignment_complete(state) else ""))
    if state.options.book:
        goals = [f"{CARDS[g].colour}{'*' if d is not None else ''}" for g, d in zip(state.goals, state.goal_doors)]
        lines.append(f"Goals (* reached): {' '.join(goals)}")
    if state.options.premonitions:
        up = [CARDS[c].number or 0 for c in state.premonitions_up]
        lines.append("Premonitions face up (if → then): " + ("(none)" if not up else ""))
        lines += [f"  {n}: {PREMONITION_SHORT[n]}" for n in up]
    lines.append(f"Hand: {card_names(state.hand)}")
    if state.drawn is not None:
        lines.append(f"Drawn: {card_name(state.drawn)}")
    if isinstance(state.pending, model.PendingArrange):
        lines.append(f"Looking at the top {state.pending.count}: {_numbered(state.deck[:state.pending.count])}")
    if isinstance(state.pending, model.PendingBottom):
        lines.append(f"Bottom {state.pending.count}: {card_names(state.deck[-state.pending.count:])}")
    return "\n".join(lines)


def _numbered(cards: tuple[int, ...]) -> str:
    """Cards with their positions, for typed answers: '1 red Sun, 2 blue Key'."""
    return ", ".join(f"{i} {card_name(c)}" for i, c in enumerate(cards, 1))


# ---------------------------------------------------------------- menus

Entry = Union[model.Action, tuple[str, list[model.Action]]]  # a move, or a labelled group of moves


def _kind(state: model.State, action: model.Action) -> str:
    """The group a move belongs to in a long list."""
    if isinstance(action, model.HappyDream):
        return {1: "Happy Dream: remove a face-up Premonition", 2: "Happy Dream: reveal the top 7",
                3: "Happy Dream: pick a card to put on top"}[action.option]
    if isinstance(action, model.CastSpell):
        return f"cast {SPELL_NAMES[action.spell]}"
    if isinstance(action, model.ResolveNightmare):
        return f"Nightmare: {EFFECTS[action.effect]}"
    if isinstance(action, (model.Play, model.Discard)):
        return type(action).__name__.lower()
    return describe(state, action)


def _alike(state: model.State, action: model.Action) -> str:
    """Moves that differ only by which copy of a card they name read the same; one of them is offered."""
    return describe(state, action)


def menu(state: model.State, actions: list[model.Action]) -> list[Entry]:
    """The entries to show: every distinct move when few; otherwise the largest kinds fold into one entry each."""
    seen: dict[str, model.Action] = {}
    for action in actions:
        seen.setdefault(_alike(state, action), action)
    groups: dict[str, list[model.Action]] = {}
    for action in seen.values():
        groups.setdefault(_kind(state, action), []).append(action)
    # Plays first, then discards, then the rest, each in the model's order.
    groups = dict(sorted(groups.items(), key=lambda kv: {"play": 0, "discard": 1}.get(kv[0], 2)))
    folded: set[str] = set()
    total = len(seen)
    for label in sorted(groups, key=lambda k: -len(groups[k])):
        if total <= MENU_LIMIT or len(groups[label]) < 2:
            break
        folded.add(label)
        total -= len(groups[label]) - 1
    entries: list[Entry] = []
    for label, acts in groups.items():
        entries += [(label, acts)] if label in folded else acts
    return entries


def _entry_text(state: model.State, entry: Entry) -> str:
    """How a menu entry reads."""
    if isinstance(entry, tuple):
        return f"{entry[0]} ... ({len(entry[1])} choices)"
    return describe(state, entry)


class Abandoned(Exception):
    """The player quit or the input ended."""


def _ask(prompt: str, inp: TextIO, out: TextIO) -> str:
    """One line of input; 'q' or the end of input abandons the game."""
    print(prompt, end="", file=out, flush=True)
    line = inp.readline()
    if not line:
        print("\nInput ended; game abandoned.", file=out)
        raise Abandoned
    text = line.strip()
    if not inp.isatty():
        print(text, file=out)  # a scripted game reads like a typed one
    if text.lower() in ("q", "quit", "exit"):
        print("Game abandoned.", file=out)
        raise Abandoned
    return text


def _choose(state: model.State, entries: list[Entry], inp: TextIO, out: TextIO) -> model.Action:
    """Show numbered entries and read a choice, opening groups until one move is chosen."""
    while True:
        for i, entry in enumerate(entries, 1):
            print(f"  {i:3d}. {_entry_text(state, entry)}", file=out)
        while True:
            text = _ask(f"Move (1-{len(entries)}, q): ", inp, out)
            if text.isdigit() and 1 <= int(text) <= len(entries):
                break
            print(f"Please enter a number from 1 to {len(entries)}, or q to quit (got {text!r}).", file=out)
        chosen = entries[int(text) - 1]
        if not isinstance(chosen, tuple):
            return chosen
        print(f"{chosen[0]}:", file=out)
        entries = list(chosen[1])


def _numbers(text: str, count: int) -> list[int] | None:
    """Distinct positions 1..count typed with spaces or commas, or None when the text is not that."""
    parts = text.replace(",", " ").split()
    if not all(p.isdigit() and 1 <= int(p) <= count for p in parts) or len(set(parts)) != len(parts):
        return None
    return [int(p) for p in parts]


def _arrange(state: model.State, inp: TextIO, out: TextIO) -> model.Action:
    """Ask which looked-at cards to discard and in which order the rest go back (the model takes any order)."""
    p = state.pending
    assert isinstance(p, model.PendingArrange)
    looked = state.deck[:p.count]
    exactly = None if p.discard_exactly is None else min(p.discard_exactly, len(looked))
    discard: list[int] = []
    if exactly != 0:
        how = "any number (Enter for none)" if exactly is None else f"exactly {exactly}"
        while True:
            text = _ask(f"Discard which? {how}, by position: ", inp, out)
            picked = _numbers(text, len(looked))
            if picked is not None and (exactly is None or len(picked) == exactly):
                discard = [looked[i - 1] for i in picked]
                break
            print(f"Please type {how.split(' (')[0]} position(s) from 1 to {len(looked)} (got {text!r}).", file=out)
    rest = [c for c in looked if c not in discard]
    if len(rest) > 1:
        print(f"Putting back: {_numbered(tuple(rest))}", file=out)
        while True:
            text = _ask("Order, top first (positions; unnamed cards follow as shown; Enter keeps this order): ",
                        inp, out)
            picked = _numbers(text, len(rest))
            if picked is not None:
                order = [rest[i - 1] for i in picked] + [c for i, c in enumerate(rest, 1) if i not in picked]
                break
            print(f"Please type positions from 1 to {len(rest)} (got {text!r}).", file=out)
    else:
        order = rest
    return model.Arrange(tuple(discard), tuple(order))


def _report(before: model.State, after: model.State, out: TextIO, indent: str = "      ") -> None:
    """Print one line per thing that happened in a move."""
    for event in after.events[len(before.events):]:
        line = describe_event(after, event)
        if line:
            print(f"{indent}→ {line}", file=out)


# ---------------------------------------------------------------- the game

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


def help_text() -> str:
    """The options of `arbiter play onirim`, for `arbiter play --help`."""
    return _parser().format_help()


def _outcome(state: model.State) -> str:
    """The closing line of a finished game."""
    verdict = "WON" if state.outcome is not None and state.outcome.won else "LOST"
    return f"Game over: {verdict} with {len(state.doors)} Door(s)" + (
        f" and {len(state.towers)} Tower(s)" if state.options.towers else "") + "."


def _auto(state: model.State, seed: int, out: TextIO) -> int:
    """Play random legal moves to the end, printing each and what it caused."""
    rng = random.Random(seed)
    move = 0
    while state.phase != "over":
        action = model.random_legal_action(state, rng)
        move += 1
        print(f"{move:4d}. {describe(state, action)}", file=out)
        after = model.apply(state, action)
        _report(state, after, out)
        state = after
    print(render(state), file=out)
    print(_outcome(state), file=out)
    return 0


def _interactive(state: model.State, inp: TextIO, out: TextIO) -> int:
    """Ask for moves until the game ends, the player quits or input ends."""
    print("Enter the number of a move, 'q' to quit.", file=out)
    try:
        while state.phase != "over":
            print("\n" + render(state), file=out)
            if isinstance(state.pending, model.PendingArrange):
                action = _arrange(state, inp, out)
            else:
                action = _choose(state, menu(state, model.legal_actions(state)), inp, out)
            after = model.apply(state, action)
            _report(state, after, out, indent="  ")
            state = after
    except Abandoned:
        return 1
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
    expansions = [n for n, on in (("Towers", args.towers), ("Book", args.book), ("Premonitions", args.premonitions))
                  if on]
    print(f"Onirim, seed {args.seed}, expansions: {', '.join(expansions) or 'none'}", file=sys.stdout)
    try:
        if args.auto:
            return _auto(state, args.seed, sys.stdout)
        return _interactive(state, sys.stdin, sys.stdout)
    except KeyboardInterrupt:
        print("\nInterrupted; game abandoned.", file=sys.stdout)
        return 1
