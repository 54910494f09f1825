"""axe-core, the accessibility engine browsers' own audits use, run in a Playwright page.

axe-core comes from npm (``npm install axe-core@AXE_VERSION``) into a cache folder outside the
repository (``~/.cache/ttr-teach/axe-core-<version>``, or ``$TTR_AXE_CACHE``), installed on first
use; :func:`axe_script` gives the path of its ``axe.min.js``, :func:`violations` injects it in a
page and lists what it finds at the impacts that block a reader (serious and critical).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

#: The axe-core release the tests use (pinned: a new release adds rules, and with them failures
#: that have nothing to do with a change being tested).
AXE_VERSION = "4.10.3"
#: The impacts a test fails on: a reader is blocked (critical) or seriously hindered (serious).
BLOCKING = ("serious", "critical")


def axe_cache() -> Path:
    base = os.environ.get("TTR_AXE_CACHE")
    root = Path(base) if base else Path.home() / ".cache" / "ttr-teach"
    return root / f"axe-core-{AXE_VERSION}"


def axe_script() -> Path:
    """The path of ``axe.min.js``, installing axe-core with npm into :func:`axe_cache` when it
    is not there yet. Raises ``RuntimeError`` (saying what to install) without npm."""
    folder = axe_cache()
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if script.exists():
        return script
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is not installed (apt-get install npm): the accessibility test needs "
                           f"axe-core {AXE_VERSION} from npm")
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([npm, "install", "--prefix", str(folder), "--no-save", "--no-audit", "--no-fund",
                           "--no-package-lock", f"axe-core@{AXE_VERSION}"],
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not script.exists():
        raise RuntimeError(f"npm could not install axe-core {AXE_VERSION}:\n{done.stderr[-2000:]}")
    return script


#: What the course puts on a JupyterLab page: rendered markdown and cell outputs (JupyterLab's
#: own frame, its menus, toolbars and the cells' prompts, is JupyterLab's to answer for).
COURSE_CONTENT = {"include": [[".jp-MarkdownOutput"], [".jp-OutputArea-output"]]}

#: JavaScript: run axe on the page (``context``: axe's context, the whole document when null)
#: without the rules that cannot find a violation at one of ``impacts`` (a violation's impact is
#: its rule's, or else the worst of its failing checks'; skipping those rules saves about a
#: third of a scan); every violation with its nodes, shortened.
RUN = """async ([context, impacts]) => {
    const rank = {minor: 1, moderate: 2, serious: 3, critical: 4};
    const least = Math.min(...impacts.map((impact) => rank[impact]));
    const checks = axe._audit.data.checks;
    const worst = (rule) => rule.impact ? rank[rule.impact] : Math.max(0, ...[...rule.any, ...rule.all, ...rule.none]
        .map((check) => rank[(checks[check.id || check] || {}).impact] || 0));
    const rules = Object.fromEntries(axe._audit.rules.filter((rule) => worst(rule) < least)
        .map((rule) => [rule.id, {enabled: false}]));
    const result = await axe.run(context || document, {resultTypes: ['violations'], rules});
    return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                                  why: (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 240)}))}));
}"""  # noqa: E501


def violations(page, impacts=BLOCKING, context: dict | None = None) -> list:
    """axe-core's violations in ``page`` at the given ``impacts``: ``{"id", "impact", "help",
    "nodes": [{"target", "html", "why"}]}`` each. ``context``: the part of the page to scan, as
    axe takes it (``{"include": [css, ...]}``); the whole page when None."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_script()))
    return [v for v in page.evaluate(RUN, [context, list(impacts)]) if v["impact"] in impacts]


def report(found: list) -> str:
    """The violations in lines a person can act on: the rule, then each element and why."""
    lines = []
    for v in found:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} element(s))")
        lines += [f"    {n['target']}: {n['html']}\n        {n['why']}" for n in v["nodes"][:6]]
    return "\n".join(lines)


#: JavaScript: the page's height and number of elements (they stop changing once it has drawn).
PAGE_SIZE = "() => [document.body.scrollHeight, document.querySelectorAll('*').length]"


def settle(page, seconds: float = 1.5, timeout: float = 120, measure: str = PAGE_SIZE) -> None:
    """Wait until the page stops changing (the widgets draw after the notebook has run): until
    ``measure`` (JavaScript) gives the same twice, ``seconds`` apart, or ``timeout`` passes."""
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        size = page.evaluate(measure)
        if size == last:
            return
        last = size
        time.sleep(seconds)


def inaccessible(page, notebook: str, artifacts: Path, context: dict | None = None) -> str:
    """:func:`report` of the blocking violations axe finds in ``page`` (``context``: the part
    scanned, see :func:`violations`), also written to ``artifacts``, one file per notebook;
    "" when there is none."""
    found = violations(page, context=context)
    if not found:
        return ""
    artifacts.mkdir(parents=True, exist_ok=True)
    (artifacts / (notebook.replace("/", "_").removesuffix(".ipynb") + ".txt")).write_text(
        report(found) + "\n", encoding="utf-8")
    return report(found)
