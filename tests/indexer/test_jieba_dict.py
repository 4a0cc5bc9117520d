"""jieba's dictionary read one first character at a time cuts exactly as jieba does."""
from __future__ import annotations

import random
import threading

import jieba

from indexer.corpus import load_passages
from indexer.jieba_dict import LazyFreq, dictionary_shards, lazy_tokenizer
from indexer.text import fold


def test_lazy_dictionary_cuts_as_jieba_does() -> None:
    plain, lazy = jieba.Tokenizer(), lazy_tokenizer()
    for tokenizer in (plain, lazy):
        tokenizer.add_word("高塔列", freq=50_000)
    rnd = random.Random(16)
    texts = [fold(p.text) for p in load_passages()][:60]
    # Characters the corpus never uses, around its words: the dictionary's other entries matter too.
    texts += ["".join(chr(rnd.randint(0x4E00, 0x9FA5)) if rnd.random() < 0.7 else rnd.choice("高塔列夢魘的門")
                      for _ in range(rnd.randint(1, 40))) for _ in range(500)]
    for text in texts:
        assert lazy.lcut(text) == plain.lcut(text)
        assert list(lazy.cut_for_search(text)) == list(plain.cut_for_search(text))
    assert lazy.total == plain.total


def test_a_word_added_before_its_shard_is_read_keeps_its_frequency() -> None:
    total, shards = dictionary_shards()
    freq = LazyFreq(shards, threading.RLock())
    freq["高塔"] = 50_000
    assert freq["高塔"] == 50_000 and "高" in freq and freq.get("高塔列") is None


def test_threads_reading_one_shard_see_every_entry() -> None:
    total, shards = dictionary_shards()
    freq = LazyFreq(shards, threading.RLock())
    expected = jieba.Tokenizer.gen_pfdict(jieba.Tokenizer().get_dict_file())[0]
    words = [w for w in expected if w.startswith("不")][:2000]
    misses: list[str] = []

    def look() -> None:
        misses.extend(w for w in words if freq.get(w) != expected[w])

    threads = [threading.Thread(target=look) for _ in range(8)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert misses == []
