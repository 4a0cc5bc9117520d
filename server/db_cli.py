"""`arbiter db upgrade|current`: migrate the rulings database (ARBITER_DATABASE_URL) and show its revision."""
from __future__ import annotations

import argparse
import sys
from typing import Any

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


def _guarded(func: Any) -> Any:
    """Report a database failure as one line (exit 2), not a traceback."""
    def run(args: argparse.Namespace) -> int:
        from alembic.util import CommandError
        from sqlalchemy.exc import SQLAlchemyError

        from .rulings_schema import SchemaError

        try:
            return func(args)
        except (SchemaError, CommandError, SQLAlchemyError, ValueError, OSError) as e:
            print(f"arbiter: {str(e).splitlines()[0] if str(e) else type(e).__name__}", file=sys.stderr)
            return EXIT_USAGE
    return run


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
