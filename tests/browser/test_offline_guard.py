"""The offline guard every browser test stands on: a request to another machine is refused
before it is sent and recorded; inline data goes through (loopback does in every other test)."""
from __future__ import annotations

PAGE = """<img id="far" src="https://example.invalid/board.png">
<img id="inline" src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7">"""


def test_a_request_leaving_the_machine_is_refused_and_recorded(offline_page):
    pg, guard = offline_page
    failed = []
    pg.on("requestfailed", lambda request: failed.append((request.url, request.failure)))
    pg.set_content(PAGE)
    pg.wait_for_function("() => document.getElementById('far').complete")
    assert guard.outside == ["GET https://example.invalid/board.png"]
    assert [url for url, _ in failed] == ["https://example.invalid/board.png"]
    assert "blocked" in failed[0][1].lower(), failed      # refused by the guard, not by DNS
    assert pg.evaluate("() => document.getElementById('inline').naturalWidth") == 1
