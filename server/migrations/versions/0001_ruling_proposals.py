"""The ruling-proposal table, exactly as rules-arbiter created it before migrations existed.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ruling_proposals and its two indexes."""
    op.create_table(
        "ruling_proposals",
        # BIGINT on PostgreSQL; on SQLite only `INTEGER PRIMARY KEY AUTOINCREMENT` is the rowid.
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("question", sa.Text(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("cites", sa.JSON(), nullable=False),
        sa.Column("author", sa.String(200), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("note", sa.Text(), nullable=True),
        sa.Column("idempotency_key", sa.String(200), nullable=True),
        sa.Column("request_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("idempotency_key"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_ruling_proposals_game", "ruling_proposals", ["game"])
    op.create_index("ix_ruling_proposals_status", "ruling_proposals", ["status"])


def downgrade() -> None:
    """Drop the table (and with it every proposal)."""
    op.drop_index("ix_ruling_proposals_status", table_name="ruling_proposals")
    op.drop_index("ix_ruling_proposals_game", table_name="ruling_proposals")
    op.drop_table("ruling_proposals")
