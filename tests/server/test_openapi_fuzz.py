"""schemathesis over the whole OpenAPI document (issue 15), in process against the ASGI app.

Every operation is exercised with data that fits its schema and data that does not; every response
must be no server error, a documented status, the documented content type and the documented body.
Moderation routes get the admin token (so their real work is fuzzed, not only the 401); the app's
rate limit is set far above what the run sends. About 40 s on 2 cores.
"""
from __future__ import annotations

import time

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (content_type_conformance, response_schema_conformance,
                                               status_code_conformance)

from .conftest import ADMIN

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
EXAMPLES = {GenerationMode.POSITIVE: 40, GenerationMode.NEGATIVE: 25}
FUZZ_SETTINGS = settings(deadline=None, database=None, derandomize=True, phases=[Phase.explicit, Phase.generate],
                         suppress_health_check=list(HealthCheck))


@pytest.mark.slow
def test_the_openapi_document_holds_for_fuzzed_requests(app, capsys):
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]
    failures: list[str] = []
    calls = 0
    started = time.monotonic()
    for operation in operations:
        headers = ADMIN if operation.path.startswith("/api/rulings/") else None
        for mode, examples in EXAMPLES.items():

            @settings(FUZZ_SETTINGS, max_examples=examples)
            @given(case=operation.as_strategy(generation_mode=mode))
            def fuzz(case) -> None:
                nonlocal calls
                calls += 1
                case.call_and_validate(headers=headers, checks=CHECKS)

            try:
                fuzz()
            except Unsatisfiable:
                assert mode is GenerationMode.NEGATIVE, f"{operation.method} {operation.path}: no valid request"
                # Nothing in the request can be invalid (no parameters, or a free-form string path).
            except Exception as e:  # noqa: BLE001 - every operation is fuzzed, then all failures reported
                failures.append(f"{operation.method.upper()} {operation.path} ({mode}): {e}")
    took = time.monotonic() - started
    with capsys.disabled():
        print(f"\nschemathesis: {len(operations)} operations, {calls} requests, {took:.1f} s")
    assert len(operations) >= 30, "every rule has its own documented operation"
    assert not failures, "\n\n".join(failures)
