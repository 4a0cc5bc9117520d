"""Every rule fuzzed from its input JSON schema: any input gives a Verdict or a validation error naming
what is wrong, never a crash; through the HTTP API, a 200 or a 422, never a 500. The inputs the audit
reported as crashing are held as regressions."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from pydantic import ValidationError

from rules_engine import Verdict, all_rules, get_rule
from server.app import create_app
from server.settings import Settings

from .schema_strategy import fuzz_input

RULES = all_rules()
# Per rule: inputs tried in process, and through the HTTP API (25 rules: 2,000 and 500 inputs).
IN_PROCESS, OVER_HTTP = 80, 20
# Seeded (derandomize) so that a run is repeatable; no example database is written into the work tree.
FUZZ = dict(deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_any_input_gives_a_verdict_or_names_what_is_wrong(rule):
    @settings(max_examples=IN_PROCESS, **FUZZ)
    @given(fuzz_input(rule.input_schema()))
    def run(data):
        try:
            verdict = rule.run(data)
        except ValidationError as err:
            assert err.errors() and all(e.get("msg") for e in err.errors())
            return
        assert isinstance(verdict, Verdict) and verdict.rule == rule.id

    run()


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    db = tmp_path_factory.mktemp("fuzz") / "rulings.db"
    app = create_app(Settings(rate_limit_per_minute=0, database_url=f"sqlite:///{db}"))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_the_rules_api_answers_200_or_422_never_500(client, rule):
    @settings(max_examples=OVER_HTTP, **FUZZ)
    @given(fuzz_input(rule.input_schema()))
    def run(data):
        r = client.post(f"/api/rules/{rule.id}", json=data)
        assert r.status_code in (200, 422), (data, r.status_code, r.text[:300])
        if r.status_code == 422:
            body = r.json()
            assert body["error"] and "field" in body

    run()


@pytest.mark.parametrize(("rule_id", "data", "names"), [
    # IndexError before: a Door returned from a Goal the row does not have.
    ("onirim.book_return_door", {"goals": ["red", "blue"], "returned": 3}, "returned"),
    ("onirim.book_return_door", {"goals": [], "returned": 1}, "returned"),
    # 500 before: the rulebook's 6-player walkthrough replayed at a 5- or 4-player table.
    ("mist-mountain.morning", {"players": 5, "path": "芒草小路"}, "actions"),
    ("mist-mountain.morning", {"players": 4, "path": "芒草小路"}, "actions"),
])
def test_inputs_that_crashed_are_refused_naming_the_field(client, rule_id, data, names):
    with pytest.raises(ValidationError) as err:
        get_rule(rule_id).run(data)
    assert names in str(err.value)
    r = client.post(f"/api/rules/{rule_id}", json=data)
    assert r.status_code == 422 and names in r.text


def test_six_players_departing_never_lets_the_captain_keep_the_card():
    """The audit: `next_captain {players: 6, departed: true}` listed "the captain keeps the card",
    which needs everyone else to depart — impossible at 6 players."""
    verdict = get_rule("mist-mountain.next_captain").run({"players": 6, "departed": True})
    assert verdict.value != "隊長續任" and not verdict.cases
    assert "隊長續任" not in verdict.explanation and "keeps the card" not in verdict.explanation_en
    # At 5 players it stays possible (the Officer lets a fourth player depart), so it is a case there.
    five = get_rule("mist-mountain.next_captain").run({"players": 5, "departed": True})
    assert "隊長續任" in {c.value for c in five.cases}


@pytest.mark.parametrize(("rule_id", "data", "names"), [
    # The audit: inputs the games cannot have were accepted.
    ("dungeon-lords.item_marked", {"item": "necklace", "hit_points": 3, "damage": [-2]}, "damage"),
    ("mist-mountain.escape", {"players": [{"memories": 40}, {}, {}, {}]}, "memories"),
])
def test_inputs_the_game_cannot_have_are_refused(rule_id, data, names):
    with pytest.raises(ValidationError) as err:
        get_rule(rule_id).run(data)
    assert names in str(err.value)


def test_a_tower_without_a_row_is_not_placed_on_an_empty_row():
    """The audit: `tower_placement {"tower": "blue-4"}` answered "yes, blue-4 starts the row". No row
    stated is not an empty row: the answer depends on the end it would touch."""
    verdict = get_rule("onirim.tower_placement").run({"tower": "blue-4"})
    assert verdict.value == "depends"
    assert {c.value for c in verdict.cases} == {True, False}
    assert any(c.condition == {"row": []} and c.value is True for c in verdict.cases)
    # Said outright, an empty row is one.
    assert get_rule("onirim.tower_placement").run({"tower": "blue-4", "row": []}).value is True


def test_a_tower_row_that_could_not_be_built_is_refused_naming_the_touching_edges():
    """The audit: the Nightmare penalty on an unbuildable row answered "true" with no Tower listed."""
    with pytest.raises(ValidationError) as err:
        get_rule("onirim.nightmare_tower_penalty").run({"row": ["red-4", "blue-4", "green-4", "brown-4"]})
    assert "row" in str(err.value) and "moon to moon" in str(err.value)
    # A buildable row still names the Towers that may be lost.
    verdict = get_rule("onirim.nightmare_tower_penalty").run({"row": ["red-4", "green-4"]})
    assert verdict.value is True and "紅4" in verdict.explanation and "綠4" in verdict.explanation


@pytest.mark.parametrize(("rule_id", "data"), [
    ("dungeon-lords.item_marked", {"item": "potion", "damage_to_heal": 2, "priest_hearts": 1, "potions": 1,
                                   "monster_attacked": False}),
])
def test_no_healing_without_a_monster_attack_is_an_assumption_not_a_citation(rule_id, data):
    """The audit: the variant text never says healing needs a monster attack."""
    verdict = get_rule(rule_id).run(data)
    step = next(s for s in verdict.trace if "沒有怪物攻擊" in s.step)
    assert step.cites == []
    assert any("基本遊戲" in a for a in verdict.assumptions)
    assert any("base game" in a for a in verdict.assumptions_en)
