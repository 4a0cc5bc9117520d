"""The pages answer HEAD like GET, without a body (issue 15)."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("path, kind", [("/", "text/html"), ("/embed", "text/html"), ("/widget.js", "text/javascript")])
def test_head_of_a_page_is_200_without_body(app_client, path, kind):
    get = app_client.get(path)
    head = app_client.head(path)
    assert head.status_code == 200, head.text
    assert head.content == b""
    assert head.headers["content-type"].startswith(kind)
    assert head.headers["content-length"] == get.headers["content-length"] == str(len(get.content))
    assert head.headers["x-content-type-options"] == "nosniff"
