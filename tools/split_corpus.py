"""Regenerate corpus/passages/<game>.yaml from tools/split_spec.py (verbatim line ranges)."""
from pathlib import Path

import yaml

from split_spec import GAMES

ROOT = Path(__file__).resolve().parent.parent


def _literal_multiline(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


yaml.SafeDumper.add_representer(str, _literal_multiline)


def main() -> None:
    for game, source, ranges, skipped in GAMES:
        lines = (ROOT / "corpus" / "sources" / source).read_text(encoding="utf-8").split("\n")
        passages = []
        for pid, section, first, last in ranges:
            text = "\n".join(lines[first - 1:last]).strip()
            passages.append({"id": pid, "section": section, "lines": [first, last], "text": text})
        doc = {"game": game, "source": source,
               "skipped_lines": [{"line": n, "reason": r} for n, r in skipped],
               "passages": passages}
        out = ROOT / "corpus" / "passages" / f"{game}.yaml"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=1000), encoding="utf-8")
        print(out, len(passages))


if __name__ == "__main__":
    main()
