"""Hypothesis strategies for a rule's input, read from its JSON schema: values the schema allows, and
values of the wrong shape (a fuzzer's inputs, for "a Verdict or a 422, never a crash")."""
from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

# Values of every JSON shape, for fields given something they do not expect.
ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


def from_schema(schema: dict[str, Any], root: dict[str, Any] | None = None, depth: int = 0) -> st.SearchStrategy:
    """Values of a (pydantic-generated) JSON schema: enums, bounds, arrays, objects, unions, $refs."""
    root = root or schema
    if depth > 6:
        return st.none()
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return from_schema(root.get("$defs", {})[name], root, depth + 1)
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return st.one_of([from_schema(s, root, depth + 1) for s in schema[key]])
    if "allOf" in schema and len(schema["allOf"]) == 1:
        return from_schema(schema["allOf"][0], root, depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([from_schema({**schema, "type": k}, root, depth + 1) for k in kind])
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "integer":
        low = schema.get("minimum", schema.get("exclusiveMinimum", -50) + ("exclusiveMinimum" in schema))
        high = schema.get("maximum", schema.get("exclusiveMaximum", 60) - ("exclusiveMaximum" in schema))
        return st.integers(int(low) - 2, int(high) + 2)  # a little outside the bounds too
    if kind == "number":
        return st.floats(-100, 100, allow_nan=False)
    if kind == "string":
        return st.text(min_size=schema.get("minLength", 0), max_size=min(schema.get("maxLength", 16), 16))
    if kind == "array":
        items = from_schema(schema.get("items", {}), root, depth + 1) if schema.get("items") else ANY_JSON
        low = schema.get("minItems", 0)
        return st.lists(items, min_size=max(0, low - 1), max_size=min(schema.get("maxItems", 8) + 1, 10))
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        required = set(schema.get("required", []))
        return st.fixed_dictionaries(
            {k: from_schema(v, root, depth + 1) for k, v in props.items() if k in required},
            optional={k: from_schema(v, root, depth + 1) for k, v in props.items() if k not in required})
    return ANY_JSON


def fuzz_input(schema: dict[str, Any]) -> st.SearchStrategy:
    """Mostly inputs of the schema's shape, sometimes one field of any shape at all."""
    shaped = from_schema(schema)
    props = list(schema.get("properties", {}))
    if not props:
        return shaped
    broken = st.tuples(shaped, st.sampled_from(props), ANY_JSON).map(lambda t: {**t[0], t[1]: t[2]})
    return st.one_of(shaped, shaped, shaped, broken)
