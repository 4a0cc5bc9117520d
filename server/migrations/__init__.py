"""Alembic migrations of the rulings database (run by `arbiter db upgrade`; see server/rulings_schema.py)."""
