"""One guard for the CLI's database and corpus commands: an expected failure is one line and exit 2."""
from __future__ import annotations

import argparse
import sys
from typing import Callable

EXIT_USAGE = 2


def guarded(func: Callable[[argparse.Namespace], int], errors: Callable[[], tuple[type[BaseException], ...]],
            *, first_line: bool = False) -> Callable[[argparse.Namespace], int]:
    """`func` with the failures `errors()` names reported as one line on stderr (exit 2), not a traceback.
    The error types are looked up when the command runs, so the CLI imports no database library to start."""
    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except errors() as e:
            text = str(e)
            print(f"arbiter: {(text.splitlines()[0] if text else type(e).__name__) if first_line else text}",
                  file=sys.stderr)
            return EXIT_USAGE
    return run


def database_errors() -> tuple[type[BaseException], ...]:
    """The failures of a command that opens the rulings database."""
    from sqlalchemy.exc import SQLAlchemyError

    from .rulings_schema import SchemaError

    return SchemaError, SQLAlchemyError, OSError


