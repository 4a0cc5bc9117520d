"""`arbiter db upgrade|current`: migrate the rulings database (ARBITER_DATABASE_URL) and show its revision."""
from __future__ import annotations

import argparse
from typing import Any

from .cli_errors import database_errors, guarded

EXIT_OK, EXIT_BEHIND, EXIT_USAGE = 0, 1, 2


def _url(args: argparse.Namespace) -> str:
    from .settings import get_settings

    return args.database_url or get_settings().database_url


def cmd_upgrade(args: argparse.Namespace) -> int:
    """Migrate the database to the newest revision (stamping one made before migrations existed)."""
    from .rulings_db import safe_url
    from .rulings_schema import upgrade

    url = _url(args)
    before, after = upgrade(url, args.revision)
    where = safe_url(url)
    if before == after:
        print(f"{where}: already at revision {after}")
    else:
        print(f"{where}: upgraded from {before or 'an empty database'} to revision {after}")
    return EXIT_OK


def cmd_current(args: argparse.Namespace) -> int:
    """Print the database's revision and the code's; exit 1 when the database is behind."""
    from .rulings_db import make_engine, safe_url
    from .rulings_schema import describe, head_revision

    url = _url(args)
    engine = make_engine(url)
    try:
        current, legacy = describe(engine)
    finally:
        engine.dispose()
    head = head_revision()
    state = ("made before migrations (run `arbiter db upgrade` to stamp it)" if legacy else
             "up to date" if current == head else "behind: run `arbiter db upgrade`")
    print(f"{safe_url(url)}: revision {current or 'none'}, code {head}: {state}")
    return EXIT_OK if current == head and not legacy else EXIT_BEHIND


def _migration_errors() -> tuple[type[BaseException], ...]:
    from alembic.util import CommandError

    return (*database_errors(), CommandError, ValueError)


def _guarded(func: Any) -> Any:
    """Report a database failure as its first line (exit 2), not a traceback."""
    return guarded(func, _migration_errors, first_line=True)


def register(sub: Any) -> None:
    """Add `arbiter db …` to the CLI's subparsers."""
    p = sub.add_parser("db", help="migrate the rulings database (ARBITER_DATABASE_URL) or show its schema revision")
    dsub = p.add_subparsers(dest="db_command", required=True)
    u = dsub.add_parser("upgrade", help="apply the schema migrations (run before serving a PostgreSQL database)")
    u.add_argument("revision", nargs="?", default="head", help="target revision (default: head)")
    u.add_argument("--database-url", help="default: settings.database_url (ARBITER_DATABASE_URL)")
    u.set_defaults(func=_guarded(cmd_upgrade))
    c = dsub.add_parser("current", help="show the database's schema revision (exit 1 when behind)")
    c.add_argument("--database-url", help="default: settings.database_url (ARBITER_DATABASE_URL)")
    c.set_defaults(func=_guarded(cmd_current))
