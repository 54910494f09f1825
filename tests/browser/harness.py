"""The browser harness without pytest: Jupyter servers on loopback and Debian's Chromium.

Shared by the pytest fixtures (``conftest.py``) and the benchmark scripts in ``bench/``
(which put ``tests/`` on ``sys.path`` and ``import browser.harness``).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
BIN = Path(sys.executable).parent


def chromium_available() -> bool:
    return Path(CHROMIUM).exists()


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
        # Keep Jupyter's own kernel spec discovery inside the venv; the repository's share/jupyter
        # comes first (the course's Voila template).
        env["JUPYTER_PATH"] = os.pathsep.join([str(REPO / "share" / "jupyter"),
                                               str(Path(sys.prefix) / "share" / "jupyter")])
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


#: JupyterLab settings for the tests: every cell stays in the page (no windowed rendering, so
#: tests can find any cell's output), and no news pop-up covers the notebook.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False},
}


def start_jupyter_lab(tmp: Path) -> Server:
    """JupyterLab serving the repository, on loopback with a random token."""
    settings = tmp / "lab-settings"
    for name, values in LAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    return Server([BIN / "jupyter-lab", "--no-browser", "--ip=127.0.0.1", "--port={port}",
                   "--ServerApp.token={token}", "--ServerApp.password=",
                   "--LabApp.expose_app_in_browser=True", "--ServerApp.disable_check_xsrf=True",
                   f"--LabApp.user_settings_dir={settings}",
                   f"--ServerApp.root_dir={REPO}", *_root_flag()],
                  "/api/status?token={token}", tmp, "jupyterlab")


def start_voila(tmp: Path) -> Server:
    """Voila serving ``notebooks/`` with the course's offline template (share/jupyter/voila/
    templates/ttr), on loopback with a random token."""
    return Server([BIN / "voila", "--no-browser", "--Voila.ip=127.0.0.1", "--port={port}", "--template=ttr",
                   "--Voila.root_dir=" + str(REPO / "notebooks"), "--token={token}",
                   "--VoilaConfiguration.file_allowlist=['.*']"],
                  "/?token={token}", tmp, "voila")


#: Addresses a page may reach: the loopback range only (the machine itself).
LOOPBACK = re.compile(r"^(https?|wss?)://(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(:\d+)?(/|$)",
                      re.IGNORECASE)
#: Requests that need no network at all (inline data, blobs, the browser's own pages).
LOCAL_SCHEMES = ("data:", "blob:", "about:", "chrome:", "chrome-extension:", "devtools:")
#: The URLs that leave the machine: neither :data:`LOOPBACK` nor :data:`LOCAL_SCHEMES`. A
#: pattern, not a Python function, so that the browser's driver matches each request itself:
#: with a function every request (hundreds per JupyterLab page) waits on this process, and
#: stalls while a test sleeps between two looks at the page.
LEAVES = re.compile(r"^(?!" + LOOPBACK.pattern.removeprefix("^") + "|"
                    + "|".join(LOCAL_SCHEMES) + ")", re.IGNORECASE)


def leaves_the_machine(url: str) -> bool:
    """True if fetching ``url`` would leave the machine (anything but loopback and inline data).

    >>> leaves_the_machine("http://127.0.0.1:8888/lab"), leaves_the_machine("ws://localhost:1/api")
    (False, False)
    >>> leaves_the_machine("https://cdn.example.org/font.woff2"), leaves_the_machine("data:image/png;base64,")
    (True, False)
    """
    return LEAVES.match(url) is not None


class OfflineGuard:
    """Keeps a browser context on the machine: every request that would leave it is refused
    (aborted before it is sent) and recorded in ``outside`` (``"METHOD URL"``), web sockets
    included, so a test can fail on it. ``guard = OfflineGuard(context)`` before opening pages.
    """

    def __init__(self, context):
        self.outside: list = []
        context.route(LEAVES, self._refuse)
        context.on("request", lambda request: self._seen(request.method, request.url))
        context.on("page", self._watch_page)
        for page in context.pages:
            self._watch_page(page)

    def _watch_page(self, page):
        page.on("websocket", lambda ws: self._seen("WEBSOCKET", ws.url))

    def _seen(self, method: str, url: str):
        if leaves_the_machine(url):
            entry = f"{method} {url}"
            if entry not in self.outside:
                self.outside.append(entry)

    def _refuse(self, route):
        self._seen(route.request.method, route.request.url)
        route.abort("blockedbyclient")


def launch_chromium(playwright):
    """Debian's Chromium (never a downloaded build), headless, with the flags that work here."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
