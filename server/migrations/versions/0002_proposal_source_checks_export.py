"""What the browser's proposal form and moderation page need: reasoning, source, checks, and what was exported.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

# Every column is nullable: proposals stored before this revision simply have none of them.
COLUMNS = (
    ("reasoning", sa.Text()),
    ("source_kind", sa.String(20)),
    ("source_link", sa.String(500)),
    ("checks", sa.JSON()),
    ("exported_path", sa.String(300)),
    ("exported_at", sa.DateTime(timezone=True)),
)


def upgrade() -> None:
    """Add the columns (ADD COLUMN on both backends; nothing is rebuilt)."""
    for name, kind in COLUMNS:
        op.add_column("ruling_proposals", sa.Column(name, kind, nullable=True))


def downgrade() -> None:
    """Drop them again (SQLite rebuilds the table in batch mode)."""
    with op.batch_alter_table("ruling_proposals") as batch:
        for name, _ in reversed(COLUMNS):
            batch.drop_column(name)
