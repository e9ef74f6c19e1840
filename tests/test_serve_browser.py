"""``cardtable serve`` in a real headless browser (issue 16): the menu appears, a game is
started with key presses, and a screenshot is saved (README: screenshots/serve.png when
``CARDTABLE_SHOT_DIR`` names that folder, see tools/screenshots.py).

Needs Debian's ``chromium`` and ``chromedriver`` (``apt-get install -y chromium
chromium-driver``) and the ``web`` and ``test`` extras; skips with the reason otherwise.
Only localhost is used: the browser resolves no other host. Everything it starts is
stopped at the end, and a watchdog ends it all if the test overruns.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
LIMIT = 150  # seconds for the whole test, after which the watchdog stops everything

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="no headless browser: apt-get install -y chromium chromium-driver (.ci/run does)",
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# Bounds are generous: a loaded two-core machine (helpers plus the suite) once needed over 60 s
# for the browser to start a game; a quiet one takes a few seconds.
def wait_for(check, timeout: float, what: str):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.25)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


def stop_group(process: subprocess.Popen) -> None:
    """End ``process`` and everything it started (its own process group)."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=10)


def test_serve_plays_in_a_headless_browser(tmp_path):
    pytest.importorskip("textual_serve", reason="the web extra (textual-serve) is not installed")
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium (the test extra) is not installed")
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    home = tmp_path / "home"
    port = free_port()
    env = {**os.environ, "CARDTABLE_HOME": str(home), "CARDTABLE_INPUT_GRACE": "0"}
    server = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True,
    )
    driver = None
    watchdog = threading.Timer(LIMIT, lambda: stop_group(server))
    watchdog.start()
    try:
        first = server.stdout.readline()
        assert f"serving the table at http://localhost:{port}" in first and "only this computer" in first, first

        def listening():
            with socket.socket() as sock:
                return sock.connect_ex(("127.0.0.1", port)) == 0

        wait_for(listening, 60, "the server to listen")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in (
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
            f"--user-data-dir={tempfile.mkdtemp(prefix='cardtable-chromium-', dir=tmp_path)}",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
            "--window-size=1100,720",
        ):
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
        driver.set_page_load_timeout(30)
        driver.get(f"http://localhost:{port}/")
        # the page gets the class "-first-byte" once the app's first output arrives
        wait_for(lambda: "-first-byte" in (driver.find_element(By.TAG_NAME, "body").get_attribute("class") or ""), 90, "the app to draw in the browser")
        time.sleep(2)  # let the menu settle before typing
        shot_dir = Path(os.environ.get("CARDTABLE_SHOT_DIR") or tmp_path)
        menu_png = tmp_path / "menu.png"
        driver.save_screenshot(str(menu_png))
        assert menu_png.stat().st_size > 10_000, "the menu was drawn"
        assert not list((home / "saves").glob("*.jsonl")), "no game is saved before one is started"  # the folder itself is checked writable at start
        # Enter on the first game (Cold War), then Enter through the set-up fields to Start
        # keys go to the terminal's hidden input (xterm.js), which a click would focus
        driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
        keys = ActionChains(driver)
        for _ in range(4):
            keys.send_keys(Keys.ENTER).pause(0.6)
        keys.perform()
        saves = wait_for(lambda: list((home / "saves").glob("cold-war-*.jsonl")) if (home / "saves").is_dir() else [], 120, "a game to start")
        assert len(saves) == 1
        time.sleep(1.5)
        shot_dir.mkdir(parents=True, exist_ok=True)
        shot = shot_dir / "serve.png"
        driver.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000
    finally:
        watchdog.cancel()
        if driver is not None:
            driver.quit()
        stop_group(server)
    assert server.poll() is not None
