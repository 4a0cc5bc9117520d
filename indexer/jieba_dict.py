"""jieba's default dictionary, read one first character at a time.

jieba loads its whole prefix dictionary (about 580,000 entries) before cutting the first word, a third
of a second at every start of `arbiter ask`. Segmenting a text only ever looks up fragments of that
text, so the dictionary is kept split by first character (built once from jieba's own dictionary file
under var/cache/jieba) and a character's entries are read the first time a fragment starting with it is
looked up: the words found, and so the tokens, are exactly jieba's.
"""
from __future__ import annotations

import marshal
import os
import tempfile
import threading
from functools import lru_cache
from pathlib import Path

import jieba

CACHE_DIR = Path(__file__).resolve().parent.parent / "var" / "cache" / "jieba"


class LazyFreq(dict):
    """jieba's FREQ mapping (word or word prefix → frequency) that reads a first character's entries from
    their shard on the first lookup of a key starting with it. Every method jieba uses is covered."""

    def __init__(self, shards: dict[str, bytes], lock: threading.RLock) -> None:
        super().__init__()
        self._pending = dict(shards)
        self._lock = lock

    def _load(self, key: str) -> None:
        if key and key[0] in self._pending:
            with self._lock:
                blob = self._pending.get(key[0])
                if blob is not None:
                    for word, freq in marshal.loads(blob).items():
                        # A word added before its shard was read (add_word) keeps its own frequency.
                        self.setdefault(word, freq)
                    # Dropped only once read whole: another thread seeing it gone finds every entry.
                    del self._pending[key[0]]

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self._load(key)
        return dict.__contains__(self, key)

    def __getitem__(self, key: str) -> int:
        self._load(key)
        return dict.__getitem__(self, key)

    def get(self, key: str, default: int | None = None) -> int | None:  # type: ignore[override]
        self._load(key)
        return dict.get(self, key, default)

    def __setitem__(self, key: str, value: int) -> None:
        self._load(key)
        dict.__setitem__(self, key, value)


def _dictionary_file() -> Path:
    return Path(jieba.__file__).resolve().parent / "dict.txt"


@lru_cache(maxsize=1)
def dictionary_shards() -> tuple[int, dict[str, bytes]] | None:
    """jieba's default prefix dictionary as (total frequency, entries by first character, marshalled);
    read from var/cache/jieba, built there from jieba's dictionary file when missing. None when the
    dictionary file is not where jieba keeps it."""
    source = _dictionary_file()
    try:
        stat = source.stat()
    except OSError:
        return None
    path = CACHE_DIR / f"dict-{jieba.__version__}-{stat.st_size}-{stat.st_mtime_ns}.marshal"
    try:
        with path.open("rb") as f:
            total, shards = marshal.load(f)
        if isinstance(total, int) and isinstance(shards, dict):
            return total, shards
    except (OSError, ValueError, EOFError, TypeError):
        pass  # missing or damaged: built again below
    with source.open("rb") as f:
        freq, total = jieba.Tokenizer.gen_pfdict(f)
    grouped: dict[str, dict[str, int]] = {}
    for word, count in freq.items():
        grouped.setdefault(word[0], {})[word] = count
    shards = {ch: marshal.dumps(words) for ch, words in grouped.items()}
    try:
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".dict.", dir=CACHE_DIR)
        with os.fdopen(fd, "wb") as f:
            marshal.dump((total, shards), f)
        os.replace(tmp, path)
    except OSError:
        pass  # unwritable: the next start builds it again
    return total, shards


def lazy_tokenizer() -> jieba.Tokenizer:
    """A jieba tokenizer over the default dictionary that reads it one first character at a time (a
    plain one, loading it whole, when the dictionary cannot be split)."""
    tokenizer = jieba.Tokenizer()
    shards = dictionary_shards()
    if shards is not None:
        tokenizer.FREQ = LazyFreq(shards[1], tokenizer.lock)
        tokenizer.total = shards[0]
        tokenizer.initialized = True
    return tokenizer
