"""A rule's input fields as contributors read them: `arbiter rule ID --schema`, the rulings pages, worked checks."""
from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """The schema with a local $ref (and a one-branch anyOf/Optional) followed."""
    if "$ref" in schema:
        return _resolve(root["$defs"][schema["$ref"].rsplit("/", 1)[-1]], root)
    branches = [b for b in schema.get("anyOf", []) if b.get("type") != "null"]
    if len(branches) == 1:
        merged = {**schema, **_resolve(branches[0], root)}
        merged.pop("anyOf", None)
        return merged
    return schema


def _type_text(schema: dict[str, Any], root: dict[str, Any]) -> str:
    """A short type name: `one of red|green`, `list of (one of …)`, `integer 1-6`, `object {owner, item}`."""
    s = _resolve(schema, root)
    if "enum" in s:
        return "one of " + "|".join(json.dumps(v, ensure_ascii=False).strip('"') for v in s["enum"])
    kind = s.get("type", "any")
    if kind == "array":
        return f"list of ({_type_text(s.get('items', {}), root)})"
    if kind == "object" and "properties" in s:
        return "object {" + ", ".join(s["properties"]) + "}"
    if kind in ("integer", "number") and ("minimum" in s or "maximum" in s):
        return f"{kind} {s.get('minimum', '…')}-{s.get('maximum', '…')}"
    return str(kind)


def rule_fields(rule: Any) -> list[dict[str, Any]]:
    """One entry per input field: name, type, whether required, default, description."""
    root = rule.input_schema()
    required = set(root.get("required", []))
    out = []
    for name, prop in root.get("properties", {}).items():
        resolved = _resolve(prop, root)
        out.append({"name": name, "type": _type_text(prop, root), "required": name in required,
                    "default": prop.get("default"), "description": resolved.get("description") or
                    prop.get("description") or ""})
    return out


def fields_text(rule: Any) -> str:
    """The fields as lines for the terminal."""
    lines = [f"{rule.id}: {rule.titles.get('zh-TW', '')} / {rule.titles.get('en', '')}", "input fields:"]
    for f in rule_fields(rule):
        need = "required" if f["required"] else f"optional, default {json.dumps(f['default'], ensure_ascii=False)}"
        lines.append(f"  {f['name']}: {f['type']} ({need})" + (f" — {f['description']}" if f["description"] else ""))
    if len(lines) == 2:
        lines.append("  (none)")
    return "\n".join(lines)


def _sample(schema: dict[str, Any], root: dict[str, Any]) -> Any:
    """A plausible value for a field: its default, its first allowed value, or the smallest in range."""
    s = _resolve(schema, root)
    if s.get("default") is not None:
        return s["default"]
    if "enum" in s:
        return s["enum"][0]
    kind = s.get("type")
    if kind == "array":
        return [_sample(s.get("items", {}), root)] * max(1, int(s.get("minItems", 1)))
    if kind == "object":
        return {k: _sample(v, root) for k, v in s.get("properties", {}).items()}
    if kind in ("integer", "number"):
        return s.get("minimum", 1)
    if kind == "boolean":
        return True
    return None


def worked_check(rule: Any, rulings: list[Any] = ()) -> dict[str, Any]:
    """A `check:` block that the engine agrees with: an existing ruling's check on this rule, or a sample input."""
    for r in rulings:
        if r.check is not None and r.check.rule == rule.id:
            return {"rule": rule.id, "input": dict(r.check.input), "expect": r.check.expect}
    root = rule.input_schema()
    data = {name: value for name, prop in root.get("properties", {}).items()
            if (value := _sample(prop, root)) is not None}
    try:
        verdict = rule.run(data)
    except (ValidationError, ValueError):
        data, verdict = {}, rule.run({})
    return {"rule": rule.id, "input": data, "expect": verdict.value}


def unknown_field_hint(rule: Any, problems: list[dict[str, str]]) -> str:
    """' (fields: a, b, c)' when a problem is a field the rule does not have, so the message says what it does have."""
    if any("Extra inputs are not permitted" in p["problem"] for p in problems):
        return f" ({rule.id} takes only the fields {', '.join(rule.input_model.model_fields)}; " \
               f"`arbiter rule {rule.id} --schema` describes them)"
    return ""
