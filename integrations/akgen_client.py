"""A client of `akgen serve` (docs/serve.md) for trainer adapters: Python standard library only.

Requests spread over every server in AKGEN_SERVE_URLS (comma separated; default
http://127.0.0.1:8080): a request goes to the server its id hashes to and, when that one cannot
be reached, to the next. A 429 is retried after its Retry-After. Every request carries an id made
from its content, so a retry after a lost connection gets the server's stored answer instead of a
second evaluation.
"""

import hashlib
import http.client
import json
import os
import time
import urllib.error
import urllib.request


def server_urls(urls=None):
    if urls is None:
        urls = os.environ.get("AKGEN_SERVE_URLS", "http://127.0.0.1:8080")
    if isinstance(urls, str):
        urls = [u.strip() for u in urls.split(",") if u.strip()]
    return [u.rstrip("/") for u in urls]


def request_id(payload):
    """The same request always gets the same id (the server answers a known id from its store)."""
    key = {k: payload.get(k) for k in ("task", "mode", "split", "files", "answer", "rewards")}
    return "c-" + hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:40]


class ServeClient:
    def __init__(self, urls=None, token=None, timeout=900.0, max_wait=900.0):
        self.urls = server_urls(urls)
        if not self.urls:
            raise ValueError("no akgen serve URL (AKGEN_SERVE_URLS)")
        self.token = token if token is not None else os.environ.get("AKGEN_SERVE_TOKEN")
        self.timeout = timeout
        self.max_wait = max_wait

    def _post(self, url, body):
        data = json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        req = urllib.request.Request(url + "/v1/evaluate", data=data, headers=headers, method="POST")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read().decode())

    def evaluate(self, payload):
        """One evaluation: the server's response (docs/serve.md, "Response")."""
        payload = dict(payload)
        payload.setdefault("id", request_id(payload))
        start = int(hashlib.sha256(payload["id"].encode()).hexdigest(), 16) % len(self.urls)
        order = self.urls[start:] + self.urls[:start]
        deadline = time.monotonic() + self.max_wait
        last_error = None
        while time.monotonic() < deadline:
            for url in order:
                try:
                    return self._post(url, payload)
                except urllib.error.HTTPError as e:
                    if e.code == 429 or e.code == 503:
                        last_error = e
                        time.sleep(float(e.headers.get("Retry-After", "1")))
                        continue
                    body = e.read().decode(errors="replace")
                    raise RuntimeError("akgen serve %s: HTTP %d: %s" % (url, e.code, body)) from None
                except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as e:
                    last_error = e  # this server is down or died mid-answer: the next one, same id
            time.sleep(1.0)
        raise RuntimeError("no akgen serve answered: %s" % last_error)

    def evaluate_many(self, payloads, threads=None):
        """Evaluations in parallel (one thread per request, at most `threads`), in order."""
        from concurrent.futures import ThreadPoolExecutor

        threads = threads or max(1, min(len(payloads), 4 * len(self.urls)))
        with ThreadPoolExecutor(max_workers=threads) as pool:
            return list(pool.map(self.evaluate, payloads))


def reward_of(response, unavailable=0.0):
    """The reward the server computed; `unavailable` when it gave none (deadline, cancelled)."""
    reward = response.get("reward")
    return float(reward) if isinstance(reward, (int, float)) else float(unavailable)
