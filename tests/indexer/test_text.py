"""Folding, language detection, tokens and query cleaning."""
from __future__ import annotations

import pytest

from indexer.corpus import load_glossary
from indexer.retrieval import MAX_QUERY_CHARS, QueryError, clean_query
from indexer.text import cjk_bigrams, detect_lang, english_words, fold, to_script
from indexer.tokenize import Tokenizer


def test_fold_merges_scripts_width_and_case() -> None:
    assert fold("夢魘") == fold("梦魇")
    assert fold("ＡＢＣ１２３") == "abc123"
    assert fold("Nightmare") == "nightmare"


@pytest.mark.parametrize("text, lang", [
    ("夢魘可以破壞高塔列嗎？", "zh-TW"),
    ("梦魇可以破坏高塔列吗？", "zh-CN"),
    ("Can a Nightmare break my tower row?", "en"),
    ("警官被品茶師拿走", "zh-TW"),
    ("警官被品茶师拿走", "zh-CN"),
    ("someone dropped Thick Fog on my 鐵路工, how many points is it worth now?", "en"),
    ("我手上有 Paradoxical Prophecy 可以用嗎", "zh-TW"),
    ("Amy 3分、Ben 4分、Cathy 0分、Dan 5分，能出团吗", "zh-CN"),
])
def test_detect_lang(text: str, lang: str) -> None:
    assert detect_lang(text) == lang


def test_to_script_converts_only_for_simplified() -> None:
    assert to_script("隊長", "zh-CN") == "队长"
    assert to_script("隊長", "zh-TW") == "隊長"


def test_bigrams_and_english_words() -> None:
    assert cjk_bigrams("高塔列") == ["高塔", "塔列"]
    assert cjk_bigrams("塔") == ["塔"]
    assert english_words("what is the tower row") == ["tower", "row"]


def test_glossary_expansion_reaches_canonical_forms() -> None:
    tokenizer = Tokenizer(load_glossary())
    ids = {m.term.id for m in tokenizer.match_terms("噩夢會怎樣")}
    assert "nightmare" in ids
    tokens = tokenizer.query_tokens("噩夢會怎樣")
    assert "nightmare" in tokens, tokens
    assert "def:nightmare" in tokens


def _every_form_scan(tokenizer: Tokenizer, text: str) -> list[tuple[str, str, str]]:
    """Glossary terms in a text by trying every surface form in turn (what the indexed scan must equal)."""
    import re

    folded = fold(text)
    forms = sorted(((fold(f), t) for t in tokenizer.glossary.terms for f in t.surface_forms()),
                   key=lambda x: -len(x[0]) if any("\u4e00" <= c <= "\u9fff" for c in x[0]) else 0)
    found: dict[tuple[str, str], str] = {}
    words = set(tokenizer._jieba.lcut(folded, HMM=False))
    for cjk in (True, False):
        for form, term in forms:
            if any("\u4e00" <= c <= "\u9fff" for c in form) != cjk or (term.game, term.id) in found:
                continue
            if cjk and form in folded and (len(form) > 1 or form in words):
                found[(term.game, term.id)] = form
            elif not cjk and re.search(r"(?<![a-z0-9])" + re.escape(form) + r"(?![a-z0-9])", folded):
                found[(term.game, term.id)] = form
    return [(game, tid, form) for (game, tid), form in found.items()]


@pytest.mark.parametrize("text", [
    "噩夢會怎樣", "夢魘可以破壞高塔列嗎？", "Can a Nightmare break my tower row? the towers, a dark-omen",
    "警官被品茶師拿走，下家2的門呢", "what does the captain do with the door card in 迷霧山城",
])
def test_term_scan_finds_what_trying_every_form_finds(text: str) -> None:
    tokenizer = Tokenizer(load_glossary())
    assert [(m.term.game, m.term.id, m.form) for m in tokenizer.match_terms(text)] == \
        _every_form_scan(tokenizer, text)


def test_a_one_character_term_is_found_before_any_character_but_not_inside_a_word() -> None:
    tokenizer = Tokenizer(load_glossary())
    # jieba's guessing would join 塔 and 要 into one unknown word; the lone 塔 is the Tower all the same.
    assert {m.term.id for m in tokenizer.match_terms("惡夢來了 塔要丟嗎")} == {"nightmare", "tower"}
    assert "door" not in {m.term.id for m in tokenizer.match_terms("鑰匙開門")}


def test_a_name_met_only_inside_a_longer_name_of_another_game_is_that_name() -> None:
    tokenizer = Tokenizer(load_glossary())
    # "gold" of "gold alleys" is no Dungeon Lords gold; a word every game shares stands inside a game's name.
    assert {(m.term.game, m.term.id) for m in tokenizer.match_terms("only had 3 gold alleys")} == \
        {("mist-mountain", "gold-alley")}
    assert ("all", "expansion") in {(m.term.game, m.term.id) for m in tokenizer.match_terms("the Towers expansion")}
    assert ("dungeon-lords", "gold") in {(m.term.game, m.term.id) for m in tokenizer.match_terms("2 gold alleys and 3 gold")}


@pytest.mark.parametrize("bad, reason", [
    ("", "empty"), ("   \n\t ", "empty"), ("x" * (MAX_QUERY_CHARS + 1), "limit"),
    ("？！…🙂🙂", "no letters"), ("\x00\x01\x02", "empty"),
])
def test_clean_query_rejects_unusable_text(bad: str, reason: str) -> None:
    with pytest.raises(QueryError, match=reason):
        clean_query(bad)


def test_clean_query_strips_control_characters() -> None:
    assert clean_query("高塔\x00列\u200b嗎") == "高塔列嗎"


def test_a_search_within_a_game_drops_the_games_names() -> None:
    tok = Tokenizer(load_glossary())
    assert tok.without_game_names("迷雾山城开局每个人发几张手牌？") == "开局每个人发几张手牌？"
    assert tok.without_game_names("How long is a game of Hilltown in the Mist?") == "How long is a game of ?"
    assert tok.without_game_names("Onirim 的高塔怎麼放") == "的高塔怎麼放"
    # A question that is only a name keeps it: there is nothing else to search for.
    assert tok.without_game_names("地城領主") == "地城領主"
