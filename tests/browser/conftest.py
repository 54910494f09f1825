"""Fixtures for the real-browser tests: JupyterLab / Voila on loopback, Debian's Chromium.

The browser is Debian's ``chromium`` driven by Playwright (never a downloaded browser build).
Without Chromium the tests are skipped, except when ``TTR_REQUIRE_BROWSER=1`` (as in CI),
where they fail. On failure a screenshot is kept in ``tests/artifacts/``.
"""
from __future__ import annotations

import os

import pytest

from .harness import (  # noqa: F401
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_FLAGS,
    REPO,
    OfflineGuard,
    Server,
    chromium_available,
    launch_chromium,
    start_jupyter_lab,
    start_voila,
)
from .lab import close_everything, start_lab


def _require_browser():
    if not chromium_available():
        message = "Debian's chromium is not installed (apt-get install chromium)"
        if os.environ.get("TTR_REQUIRE_BROWSER") == "1":
            pytest.fail(message + " and TTR_REQUIRE_BROWSER=1")
        pytest.skip(message)


@pytest.fixture(scope="session")
def jupyter_lab(tmp_path_factory):
    _require_browser()
    server = start_jupyter_lab(tmp_path_factory.mktemp("jupyter"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    _require_browser()
    server = start_voila(tmp_path_factory.mktemp("voila"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    _require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch_chromium(p)
        yield b
        b.close()


VIEWPORT = {"width": 1500, "height": 1100}


def _new_page(browser):
    """``(context, guard, page)``: a fresh page whose requests may not leave the machine (see
    :class:`~tests.browser.harness.OfflineGuard`)."""
    context = browser.new_context(viewport=VIEWPORT)
    guard = OfflineGuard(context)
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    return context, guard, pg


def _shot_if_failed(request, pg) -> bool:
    """Keep a screenshot of ``pg`` if the test failed (or never reached its end); True then."""
    report = getattr(request.node, "rep_call", None)
    failed = report is None or report.failed
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    return failed


@pytest.fixture
def offline_page(browser, request):
    """``(page, guard)``: a fresh page whose requests may not leave the machine (see
    :class:`~tests.browser.harness.OfflineGuard`); a screenshot is kept if the test fails."""
    context, guard, pg = _new_page(browser)
    yield pg, guard
    _shot_if_failed(request, pg)
    context.close()


class LabTab:
    """One JupyterLab page per worker that the JupyterLab tests (the notebook walk among them)
    use in turn, so that each opens its notebook in a running JupyterLab instead of loading
    JupyterLab again (4-6 s a test; ``test_lab_smoke`` still loads it on a notebook's URL).

    The page and its :class:`OfflineGuard` are made on first use; each test then sees only its
    own requests in ``guard.outside`` (the first one also those of loading JupyterLab). After a
    failure the page is thrown away and the next test starts on a fresh one.
    """

    def __init__(self, browser, server):
        self.browser, self.server = browser, server
        self.context = self.page = self.guard = None

    def take(self):
        """``(page, guard)`` for the next test, with no notebook open."""
        if self.page is not None:
            try:
                self.page.set_viewport_size(VIEWPORT)
                self.guard.outside.clear()
                return self.page, self.guard
            except Exception:  # noqa: BLE001 - a page that went away: start a fresh one
                self.close()
        self.context, self.guard, self.page = _new_page(self.browser)
        start_lab(self.page, self.server)
        return self.page, self.guard

    def give_back(self, failed: bool):
        """After a test: close its notebooks, or after a failure drop the page."""
        if not failed:
            try:
                close_everything(self.page)
                return
            except Exception:  # noqa: BLE001 - a page that cannot be cleaned is dropped, as after a failure
                pass
        self.close()

    def close(self):
        context, self.context, self.page, self.guard = self.context, None, None, None
        if context is not None:
            try:
                context.close()
            except Exception:  # noqa: BLE001 - already gone with its browser
                pass


@pytest.fixture(scope="session")
def lab_tab(browser, jupyter_lab):
    tab = LabTab(browser, jupyter_lab)
    yield tab
    tab.close()


@pytest.fixture
def lab_offline_page(lab_tab, request):
    """``(page, guard)``: the shared JupyterLab page (:class:`LabTab`) with no notebook open;
    open one with :func:`~tests.browser.lab.open_in_lab`. A screenshot is kept on failure."""
    pg, guard = lab_tab.take()
    yield pg, guard
    lab_tab.give_back(failed=_shot_if_failed(request, pg))


@pytest.fixture
def lab_page(lab_offline_page):
    """The shared JupyterLab page with no notebook open (``page = open_in_lab(lab_page, path)``);
    the test fails if the page asked for anything outside the loopback."""
    pg, guard = lab_offline_page
    yield pg
    assert not guard.outside, f"requests that would leave the machine: {guard.outside}"


@pytest.fixture
def page(offline_page):
    """A fresh page for a test; the test fails if the page asked for anything outside the
    loopback (JupyterLab and Voila must work offline)."""
    pg, guard = offline_page
    yield pg
    assert not guard.outside, f"requests that would leave the machine: {guard.outside}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)


@pytest.fixture(scope="module")
def axe():
    """axe-core's script (installed from npm on first use); the test is skipped without npm,
    and fails instead where a browser is required (CI)."""
    from .axe import axe_script

    try:
        return axe_script()
    except RuntimeError as error:
        if os.environ.get("TTR_REQUIRE_BROWSER") == "1":
            pytest.fail(str(error))
        pytest.skip(str(error))
