"""The accessibility scan (:func:`tests.browser.axe.violations`) skips the axe-core rules that
cannot find a blocking violation: on a page with a fault of every kind it finds exactly the
blocking violations of axe-core's whole run."""
from __future__ import annotations

from .axe import BLOCKING, axe_script, violations

#: A page that breaks rules of every impact: contrast, names, alternative texts, ARIA, lists,
#: landmarks, headings, duplicate ids, an untitled frame.
FAULTY = """<html><body><h1>T</h1><h4>skipped levels</h4><p style="color:#bbb;background:#fff">faint</p>
<img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7">
<button></button><select><option>a</option></select><a href="#x"></a>
<div aria-hidden="true"><a href="#y">focusable</a></div><ul><div>not an item</div></ul>
<input type="text"><div role="button">no name</div><table><tr><th></th></tr></table>
<div role="checkbox">x</div><span aria-foo="1">bad aria</span><div id="d"></div><div id="d"></div>
<svg role="img"><circle r="3"/></svg><iframe src="about:blank"></iframe></body></html>"""

#: JavaScript: axe-core's whole run, as it runs without options.
WHOLE = """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
    .map(v => [v.id, v.impact, v.nodes.length])"""


def test_the_scan_finds_every_blocking_violation_of_axe_cores_whole_run(offline_page, axe):
    pg, _ = offline_page
    pg.set_content(FAULTY)
    pg.add_script_tag(path=str(axe_script()))
    whole = pg.evaluate(WHOLE)
    assert {impact for _, impact, _ in whole} == {"minor", "moderate", "serious", "critical"}
    found = [[v["id"], v["impact"], len(v["nodes"])] for v in violations(pg)]
    assert sorted(found) == sorted(v for v in whole if v[1] in BLOCKING)
