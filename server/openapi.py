"""Helpers that put hand-written JSON schemas into the OpenAPI document."""
from __future__ import annotations

from typing import Any


def inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with its local $defs references inlined (a schema placed inside an OpenAPI operation
    cannot keep "#/$defs/..." references: they would point into the OpenAPI document's root)."""
    defs = schema.get("$defs", {})

    def resolve(node: Any, seen: tuple[str, ...]) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                name = ref.rsplit("/", 1)[-1]
                if name in seen:
                    raise ValueError(f"recursive schema {name!r} cannot be inlined")
                return resolve(defs[name], (*seen, name))
            return {k: resolve(v, seen) for k, v in node.items() if k != "$defs"}
        if isinstance(node, list):
            return [resolve(v, seen) for v in node]
        return node

    return resolve(schema, ())


def rule_input_schema(rule_id: str) -> dict[str, Any]:
    """The JSON schema of a rule's input, self-contained."""
    from rules_engine import get_rule

    return inline_refs(get_rule(rule_id).input_schema())


def install_openapi(app: Any) -> None:
    """Generate the document with the project's error body wherever FastAPI would put its own 422 shape,
    and each rule's input schema as the body of its operation (marked "x-rule": <rule id>)."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        doc = generate()
        from .errors import error_responses

        ours = {"$ref": "#/components/schemas/ErrorBody"}
        for ops in doc.get("paths", {}).values():
            for op in ops.values():
                invalid = op.get("responses", {}).get("422")
                if invalid and "HTTPValidationError" in str(invalid):
                    op["responses"]["422"] = {"description": error_responses(422)[422]["description"],
                                              "content": {"application/json": {"schema": ours}}}
        for ops in doc.get("paths", {}).values():
            for op in ops.values():
                if "x-rule" in op:
                    op["requestBody"]["content"]["application/json"]["schema"] = rule_input_schema(op["x-rule"])
        schemas = doc.get("components", {}).get("schemas", {})
        for name in ("HTTPValidationError", "ValidationError"):
            schemas.pop(name, None)
        app.openapi_schema = doc
        return doc

    app.openapi = openapi
