"""Reading and writing ruling YAML files in a test's corpus copy."""
from __future__ import annotations

from pathlib import Path

import yaml


def load_yaml(corpus: Path, rel: str) -> dict:
    """The YAML file corpus/rel as data."""
    return yaml.safe_load((corpus / rel).read_text(encoding="utf-8"))


def dump_yaml(corpus: Path, rel: str, data: dict) -> Path:
    """Write data as corpus/rel (folders made); the path."""
    path = corpus / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path
