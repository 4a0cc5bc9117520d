"""A proposal from submission to ruling file: its checks, public status, accept (writing the file), undo, export."""
from __future__ import annotations

from pathlib import Path

import pytest

from indexer.rulings import load_ruling_file
from server.cli import main
from server.rulings_db import RulingsStore

from .conftest import admin

ROW_QUOTE = "高塔列包含了四張不同顏色的高塔卡"
GOOD = {"game": "onirim", "question": "高塔列可以放超過四張高塔嗎？",
        "answer": "不可以。高塔列包含四張不同顏色的高塔卡，第五張沒有位置。",
        "cites": [{"passage": "onirim/towers/row", "quote": ROW_QUOTE}], "author": "玩家甲",
        "reasoning": "本文寫「四張不同顏色」。\n第二行理由。", "source_kind": "community"}
LIMBO_Q = "抽到惡夢時被迫放棄的高塔卡要放到哪裡？棄牌堆還是Limbo？"


def _kinds(checks: list[dict]) -> dict[str, str]:
    return {c["kind"]: c["level"] for c in checks}


def test_a_sound_proposal_has_no_warnings(client):
    r = client.post("/api/rulings", json=GOOD)
    assert r.status_code == 201, r.text
    checks = r.json()["checks"]
    assert _kinds(checks)["cites"] == "ok"
    assert [c for c in checks if c["level"] == "warning"] == [], checks


@pytest.mark.parametrize("change, kind", [
    ({"cites": []}, "cites"),
    ({"answer": "是"}, "answer"),
    ({"question": LIMBO_Q}, "duplicate"),
])
def test_the_queue_warns_on_no_cites_a_one_letter_answer_or_a_copied_question(client, change, kind):
    r = client.post("/api/rulings", json={**GOOD, **change})
    assert r.status_code == 201, r.text  # warnings, not refusals
    warned = [c for c in r.json()["checks"] if c["level"] == "warning"]
    assert kind in {c["kind"] for c in warned}, warned
    queued = client.get("/api/rulings/queue", headers=admin()).json()["items"][0]
    assert queued["checks"] == r.json()["checks"]
    if kind == "duplicate":
        dup = next(c for c in warned if c["kind"] == "duplicate")
        assert dup["ruling"] == "/rulings/onirim/lost-tower-goes-to-limbo"


def test_a_second_proposal_with_the_same_question_is_flagged(client):
    first = client.post("/api/rulings", json=GOOD).json()
    second = client.post("/api/rulings", json=GOOD).json()
    dup = [c for c in second["checks"] if c["kind"] == "duplicate"]
    assert dup and dup[0]["proposal"] == f"/rulings/proposals/{first['id']}"


def test_disagreement_with_the_engine_is_a_warning_with_its_verdict(client):
    question = "高塔列有紅5、綠5、藍4時抽到夢魘，要失去一張高塔嗎？"
    r = client.post("/api/rulings", json={**GOOD, "question": question,
                                          "answer": "不用，三張高塔的時候可以忽略惡夢對高塔的影響。"})
    assert r.status_code == 201
    engine = [c for c in r.json()["checks"] if c["kind"] == "engine"]
    assert engine and engine[0]["level"] == "warning", r.json()["checks"]
    assert engine[0]["engine"]["rule"] == "onirim.nightmare_tower_penalty" and engine[0]["engine"]["value"] is True
    agreeing = client.post("/api/rulings", json={**GOOD, "question": question,
                                                 "answer": "要，必須選一張高塔放進Limbo牌堆。"}).json()
    assert [c["level"] for c in agreeing["checks"] if c["kind"] == "engine"] == ["ok"]


def test_public_status_has_no_personal_data(client):
    created = client.post("/api/rulings", json=GOOD, headers={"Idempotency-Key": "k-1"}).json()
    r = client.get(f"/api/rulings/proposals/{created['id']}")
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "proposed" and body["question"] == GOOD["question"] and body["checks"]
    assert "author" not in body and "idempotency_key" not in body and "玩家甲" not in r.text
    assert client.get("/api/rulings/proposals/999").status_code == 404
    assert client.get("/api/rulings/proposals/abc").json()["field"] == "path.proposal_id"


def test_reject_reason_is_public(client):
    created = client.post("/api/rulings", json=GOOD).json()
    client.post(f"/api/rulings/{created['id']}/reject", headers=admin(), json={"note": "已有同樣的裁定"})
    body = client.get(f"/api/rulings/proposals/{created['id']}").json()
    assert body["status"] == "rejected" and body["note"] == "已有同樣的裁定"


def test_accept_writes_the_ruling_file_and_undo_removes_it(backend_client, app_settings):
    client, corpus = backend_client, app_settings.corpus_dir
    created = client.post("/api/rulings", json=GOOD).json()
    r = client.post(f"/api/rulings/{created['id']}/accept", headers=admin())
    assert r.status_code == 200, r.text
    rel = f"rulings/onirim/community-{created['id']}.yaml"
    assert r.json()["ruling_path"] == rel and f"git add corpus/{rel}" in r.json()["next_steps"]
    assert "restart" in r.json()["next_steps"]  # the running server keeps its index: said so
    path = corpus / rel
    ruling = load_ruling_file(path, corpus)
    assert ruling.answer.zh_tw == GOOD["answer"] and ruling.provenance.author == "玩家甲"
    assert "# 第二行理由。" in path.read_text(encoding="utf-8")  # reasoning kept as a comment for the reviewer
    assert client.get(f"/api/rulings/proposals/{created['id']}").json()["ruling_path"] == rel

    # An accept can be undone: back in the queue, the file it wrote removed.
    r = client.post(f"/api/rulings/{created['id']}/undo", headers=admin())
    assert r.status_code == 200 and r.json()["status"] == "proposed" and not path.exists()
    assert client.post(f"/api/rulings/{created['id']}/undo", headers=admin()).status_code == 409
    # Then decided the other way.
    assert client.post(f"/api/rulings/{created['id']}/reject", headers=admin()).json()["status"] == "rejected"
    assert client.post(f"/api/rulings/{created['id']}/undo", headers=admin()).json()["status"] == "proposed"

    # A file edited since the accept is not deleted behind the editor's back.
    client.post(f"/api/rulings/{created['id']}/accept", headers=admin())
    path.write_text(path.read_text(encoding="utf-8") + "# reviewed\n", encoding="utf-8")
    r = client.post(f"/api/rulings/{created['id']}/undo", headers=admin())
    assert r.status_code == 409 and "edited" in r.json()["error"] and path.exists()
    assert client.post(f"/api/rulings/{created['id']}/undo").status_code == 401


def test_export_needs_the_database_variable(corpus_copy: Path, capsys, monkeypatch):
    monkeypatch.delenv("ARBITER_DATABASE_URL", raising=False)
    assert main(["rulings", "export", "--corpus-dir", str(corpus_copy)]) == 2
    assert "ARBITER_DATABASE_URL" in capsys.readouterr().err
    monkeypatch.setenv("ARBITER_DATABASE_URL", f"sqlite:///{corpus_copy.parent / 'nowhere.db'}")
    from server.settings import get_settings

    get_settings.cache_clear()
    try:
        assert main(["rulings", "export", "--corpus-dir", str(corpus_copy)]) == 2
        assert "no rulings database" in capsys.readouterr().err
        assert not (corpus_copy.parent / "nowhere.db").exists()  # not created empty
    finally:
        get_settings.cache_clear()


def test_export_records_what_it_wrote_and_never_rewrites_a_deleted_file(corpus_copy: Path, tmp_path: Path, capsys):
    url = f"sqlite:///{tmp_path / 'export.db'}"
    store = RulingsStore(url)
    try:
        row, _ = store.submit({k: v for k, v in GOOD.items()})
        store.decide(row["id"], "accepted")
    finally:
        store.close()
    args = ["rulings", "export", "--database-url", url, "--corpus-dir", str(corpus_copy)]
    assert main(args) == 0 and "exported 1 ruling(s)" in capsys.readouterr().out
    path = corpus_copy / f"rulings/onirim/community-{row['id']}.yaml"
    path.rename(path.with_name("tower-row-has-four.yaml"))  # the reviewer renamed it in git
    assert main(args) == 0
    captured = capsys.readouterr()
    assert "exported 0 ruling(s); 1 already present" in captured.out and "deleted or renamed" in captured.err
    assert not path.exists()
    store = RulingsStore(url)
    try:
        assert store.get(row["id"])["exported_path"] == f"rulings/onirim/community-{row['id']}.yaml"
    finally:
        store.close()
