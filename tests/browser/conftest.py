"""Fixtures for the real-browser tests: JupyterLab / Voila on loopback, Debian's Chromium.

The browser is Debian's ``chromium`` driven by Playwright (never a downloaded browser build).
Without Chromium the tests are skipped, except when ``TTR_REQUIRE_BROWSER=1`` (as in CI),
where they fail. On failure a screenshot is kept in ``tests/artifacts/``.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
BIN = Path(sys.executable).parent


def _require_browser():
    if not Path(CHROMIUM).exists():
        message = "Debian's chromium is not installed (apt-get install chromium)"
        if os.environ.get("TTR_REQUIRE_BROWSER") == "1":
            pytest.fail(message + " and TTR_REQUIRE_BROWSER=1")
        pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_http(url: str, proc: subprocess.Popen, log: Path, timeout: float = 120) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.status < 500:
                    return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"server did not answer {url} in {timeout} s:\n{log.read_text()[-3000:]}")


class Server:
    """A running Jupyter server on loopback."""

    def __init__(self, args: list, url_check: str, tmp: Path, name: str):
        self.port = _free_port()
        self.token = uuid.uuid4().hex
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = tmp / f"{name}.log"
        env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp / "config"), JUPYTER_DATA_DIR=str(tmp / "data"),
                   JUPYTER_RUNTIME_DIR=str(tmp / "runtime"), IPYTHONDIR=str(tmp / "ipython"))
        # Keep Jupyter's own kernel spec discovery inside the venv.
        env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")
        cmd = [str(a).format(port=self.port, token=self.token) for a in args]
        with open(self.log, "w") as log:
            self.proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)
        _wait_http(self.base + url_check.format(token=self.token), self.proc, self.log)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def _root_flag():
    return ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


@pytest.fixture(scope="session")
def jupyter_lab(tmp_path_factory):
    _require_browser()
    tmp = tmp_path_factory.mktemp("jupyter")
    server = Server([BIN / "jupyter-lab", "--no-browser", "--ip=127.0.0.1", "--port={port}",
                     "--ServerApp.token={token}", "--ServerApp.password=",
                     "--LabApp.expose_app_in_browser=True", "--ServerApp.disable_check_xsrf=True",
                     f"--ServerApp.root_dir={REPO}", *_root_flag()],
                    "/api/status?token={token}", tmp, "jupyterlab")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    _require_browser()
    tmp = tmp_path_factory.mktemp("voila")
    server = Server([BIN / "voila", "--no-browser", "--Voila.ip=127.0.0.1", "--port={port}",
                     "--Voila.root_dir=" + str(REPO / "notebooks"), "--token={token}",
                     "--VoilaConfiguration.file_allowlist=['.*']"],
                    "/?token={token}", tmp, "voila")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    _require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    yield pg
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)
