"""`akgen serve` against a live server on loopback (docs/serve.md), and the trainer adapters of
integrations/ against it. Usage: serve_test.py AKGEN SOURCE_DIR WORK_DIR

The candidates are the hostile corpus (tests/harness/hostile) on a copy of SquaredDifference cut
to two small public cases and one hidden case, so that every evaluation takes seconds. Kept small
on purpose: the load test with 500 requests is bench/serve_load.py.
"""

import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import unittest
import urllib.error
import urllib.request

AKGEN, SOURCE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, os.path.join(SOURCE, "integrations"))
import akgen_client  # noqa: E402

TASK_ID = "level1/Elementwise/SquaredDifference"
CORPUS = os.path.join(SOURCE, "tests", "harness", "hostile")
KERNEL = "op_kernel/squared_difference.cpp"
DEFAULT_REWARDS = {"hostile": -1.0, "no_code": -0.5, "compile_failure": -0.5, "compiled": -0.2, "correct": 0.5}


def fixture_tasks(root):
    task = os.path.join(root, "tasks", TASK_ID)
    if not os.path.isdir(task):
        shutil.copytree(os.path.join(SOURCE, "tasks", TASK_ID), task)
        with open(os.path.join(task, "validation", "test_cases.csv"), "w") as f:
            f.write("case_id;shape;dtype\n0;[7, 13];float32\n1;[2, 3, 257];float16\n")
        with open(os.path.join(task, "validation", "hidden_cases.csv"), "w") as f:
            f.write("case_id;shape;dtype\nh0;[33, 65];float32\n")
    return os.path.join(root, "tasks")


def candidate(name):
    with open(os.path.join(CORPUS, name, KERNEL)) as f:
        return {KERNEL: f.read()}


class Server:
    def __init__(self, state, extra=(), env=None):
        self.state = state
        self.args = [AKGEN, "serve", "--tasks", fixture_tasks(WORK), "--port", "0", "--state", state,
                     "--timeout", "2", "--cpu-limit", "2"] + list(extra)
        self.env = dict(os.environ, **(env or {}))
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(self.args, stdout=subprocess.PIPE, stderr=sys.stderr, text=True, env=self.env)
        line = self.proc.stdout.readline()
        if "listening on" not in line:
            raise RuntimeError("akgen serve did not start: %r (exit %s)" % (line, self.proc.poll()))
        self.url = line.split("listening on ")[1].split()[0]
        return self

    def stop(self, sig=signal.SIGTERM, timeout=120):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=timeout)
        if self.proc:
            self.proc.stdout.close()
        return self.proc.returncode


def call(url, path, body=None, token=None, raw=None, timeout=300):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    req = urllib.request.Request(url + path, data=data, headers=headers, method="POST" if data is not None else "GET")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            text = r.read().decode()
            return r.status, (json.loads(text) if r.headers.get_content_type() == "application/json" else text), r.headers
    except urllib.error.HTTPError as e:
        text = e.read().decode()
        try:
            return e.code, json.loads(text), e.headers
        except ValueError:
            return e.code, text, e.headers


def wait_result(url, rid, timeout=300):
    end = time.time() + timeout
    while time.time() < end:
        status, body, _ = call(url, "/v1/results/" + rid)
        if status == 200 and body.get("status") not in ("queued", "running"):
            return body
        time.sleep(0.5)
    raise AssertionError("no result for " + rid)


class ServeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server(os.path.join(WORK, "state-main"), ["-j", "2", "--queue", "8"]).start()
        cls.url = cls.server.url

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def evaluate(self, files=None, **kw):
        body = dict(task=TASK_ID, **kw)
        if files is not None:
            body["files"] = files
        return call(self.url, "/v1/evaluate", body)

    def test_correct_candidate_then_cached(self):
        # Content no other test sends: the first request is evaluated, not found in the cache.
        files = {KERNEL: "// cached-test %f\n" % time.time() + candidate("good_compact")[KERNEL]}
        status, r, _ = self.evaluate(files, id="good-1")
        self.assertEqual(status, 200, r)
        self.assertEqual(r["class"], "pass")
        self.assertTrue(r["compiled"] and r["passed"])
        self.assertFalse(r["cached"])
        self.assertIn(r["reward_tier"], ("correct", "faster"))
        self.assertEqual(len(r["cases"]), 3)
        hidden = [c for c in r["cases"] if c.get("hidden")]
        self.assertEqual([c["case"] for c in hidden], ["h0"])
        self.assertEqual(set(hidden[0]), {"case", "passed", "class", "hidden"}, "hidden cases show no values")
        public = [c for c in r["cases"] if not c.get("hidden")]
        self.assertTrue(all("max_abs_error" in c and c["sim_time_us"] > 0 for c in public))
        self.assertGreater(r["sim_time_us"], 0)
        self.assertIsInstance(r["speedup"], float)
        # Resubmitted under another id: answered from the verdict cache, same verdict.
        start = time.time()
        status, again, _ = self.evaluate(files, id="good-2")
        self.assertLess(time.time() - start, 1.0)
        self.assertTrue(again["cached"])
        self.assertEqual((again["class"], again["reward"]), (r["class"], r["reward"]))
        # The same id again: the stored answer, not a second evaluation.
        status, same, _ = self.evaluate(files, id="good-1")
        self.assertEqual(same["wall_seconds"], r["wall_seconds"])
        status, got, _ = call(self.url, "/v1/results/good-1")
        self.assertEqual(got["reward"], r["reward"])

    def test_classes_and_rewards_of_broken_candidates(self):
        cases = [("compile_syntax", ("compile.syntax",), "compile_failure"),
                 ("tail_skipped", ("wrong_values",), "compiled"),
                 ("socket_in_kernel", ("anticheat.network", "sandbox_violation"), "hostile")]
        body = {"requests": [{"task": TASK_ID, "files": candidate(n), "id": "batch-" + n} for n, _, _ in cases]}
        status, r, _ = call(self.url, "/v1/evaluate", body)
        self.assertEqual(status, 200, r)
        for (name, classes, tier), res in zip(cases, r["results"]):
            self.assertIn(res["class"], classes, name)
            self.assertEqual(res["reward_tier"], tier, name)
            self.assertEqual(res["reward"], DEFAULT_REWARDS[tier], name)
        compile_diag = r["results"][0]["diagnostics"]
        self.assertTrue(compile_diag and compile_diag[0]["location"].startswith(KERNEL + ":"), compile_diag)

    def test_raw_answer_is_parsed_as_gen_parses(self):
        answer = "Here it is.\n<kernel_impl>\n```cpp\n" + candidate("good_compact")[KERNEL] + "```\n</kernel_impl>\n"
        status, r, _ = self.evaluate(answer=answer, split="public")
        self.assertEqual(status, 200, r)
        self.assertEqual((r["class"], r["parse"]["class"]), ("pass", "ok"))
        status, r, _ = self.evaluate(answer="I cannot write this kernel.")
        self.assertEqual((r["class"], r["reward"]), ("gen.no_code", DEFAULT_REWARDS["no_code"]))

    def test_host_and_kernel_mode(self):
        root = os.path.join(CORPUS, "host_tiling_fork")
        files = {}
        for sub in ("op_host", "op_kernel"):
            for name in os.listdir(os.path.join(root, sub)):
                with open(os.path.join(root, sub, name)) as f:
                    files[sub + "/" + name] = f.read()
        status, r, _ = self.evaluate(files, mode="host+kernel")
        self.assertEqual(status, 200, r)
        self.assertIn(r["class"], ("sandbox_violation", "anticheat.process"))  # as hostile_test.cpp expects
        self.assertEqual(r["reward_tier"], "hostile")

    def test_request_override_of_rewards(self):
        status, r, _ = self.evaluate(candidate("compile_syntax"), rewards={"compile_failure": -0.9})
        self.assertEqual(r["reward"], -0.9)
        status, r, _ = self.evaluate(candidate("compile_syntax"), rewards={"bogus": 1})
        self.assertEqual(status, 400)

    def test_refusals(self):
        for files, why in [({"../etc/passwd": "x"}, "dot-dot"), ({"/tmp/x.cpp": "x"}, "absolute"),
                           ({"op_kernel/../../x.cpp": "x"}, "escape"), ({"op_host/x.cpp": "x"}, "host in kernel mode")]:
            status, r, _ = self.evaluate(files)
            self.assertEqual(status, 400, why)
        status, r, _ = call(self.url, "/v1/evaluate", {"task": "level1/Math/Add", "files": candidate("good_compact")})
        self.assertEqual(status, 400)
        self.assertIn("not a task this server serves", r["error"])
        status, r, _ = call(self.url, "/v1/evaluate", raw=b"{not json")
        self.assertEqual(status, 400)
        status, r, _ = call(self.url, "/v1/evaluate", raw=b" " * (5 << 20))
        self.assertEqual(status, 413)
        status, r, _ = call(self.url, "/v1/results/never-sent")
        self.assertEqual(status, 404)

    def test_client_that_leaves_cancels_its_request(self):
        files = {KERNEL: "// cancel-test %f\n" % time.time() + candidate("infinite_loop")[KERNEL]}
        # The client sends the request, sees the answer start (headers, then a space a second
        # while it waits) and hangs up long before the cases time out.
        host, port = self.url.split("//")[1].split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        conn.request("POST", "/v1/evaluate", json.dumps({"task": TASK_ID, "id": "gone", "files": files}),
                     {"Content-Type": "application/json"})
        resp = conn.getresponse()
        self.assertEqual(resp.status, 200)
        resp.read(1)
        conn.close()
        end = time.time() + 20
        status = None
        while time.time() < end and status != "cancelled":
            time.sleep(0.5)
            status = call(self.url, "/v1/results/gone")[1].get("status")
        self.assertEqual(status, "cancelled")
        self.assertFalse(os.path.exists(os.path.join(self.server.state, "results", "gone.json")))

    def test_health_and_metrics(self):
        status, r, _ = call(self.url, "/healthz")
        self.assertEqual((status, r["status"], r["tasks"]), (200, "ok", 1))
        self.evaluate(candidate("good_compact"), id="metrics-probe")
        status, text, _ = call(self.url, "/metrics")
        for name in ("akgen_serve_queue_depth", "akgen_serve_in_flight", "akgen_serve_request_seconds_bucket",
                     'akgen_serve_results_total{class="pass"}'):
            self.assertIn(name, text)

    def test_adapters(self):
        os.environ["AKGEN_SERVE_URLS"] = "http://127.0.0.1:9,"+ self.url  # a dead server first: failover
        import verl_reward
        import trl_reward
        good = "<kernel_impl>\n" + candidate("good_compact")[KERNEL] + "</kernel_impl>"
        wrong = "<kernel_impl>\n" + candidate("tail_skipped")[KERNEL] + "</kernel_impl>"
        hostile = "<kernel_impl>\n" + candidate("socket_in_kernel")[KERNEL] + "</kernel_impl>"
        score = verl_reward.compute_score("akgen", good, TASK_ID, {})["score"]
        self.assertGreaterEqual(score, DEFAULT_REWARDS["correct"])
        self.assertEqual(verl_reward.compute_score("akgen", wrong, TASK_ID, {})["score"], DEFAULT_REWARDS["compiled"])
        self.assertEqual(verl_reward.compute_score("akgen", hostile, TASK_ID, {})["score"], DEFAULT_REWARDS["hostile"])
        rewards = trl_reward.kernel_reward(prompts=["p"] * 3, completions=[[{"role": "assistant", "content": good}],
                                                                           [{"role": "assistant", "content": wrong}],
                                                                           [{"role": "assistant", "content": hostile}]],
                                           task=[TASK_ID] * 3)
        self.assertEqual(rewards[1:], [DEFAULT_REWARDS["compiled"], DEFAULT_REWARDS["hostile"]])
        self.assertEqual(rewards[0], score)
        rm = subprocess.Popen([sys.executable, os.path.join(SOURCE, "integrations", "openrlhf_reward_server.py"),
                               "--port", "0", "--servers", self.url], stdout=subprocess.PIPE, text=True)
        try:
            rm_url = rm.stdout.readline().split(" on ")[1].strip().rsplit("/", 1)[0]
            status, r, _ = call(rm_url, "/get_reward", {"query": ["P:" + good, "P:" + wrong, "P:" + hostile],
                                                        "prompts": ["P:"] * 3, "labels": [TASK_ID] * 3})
            self.assertEqual(status, 200, r)
            self.assertEqual(r["rewards"], [score, DEFAULT_REWARDS["compiled"], DEFAULT_REWARDS["hostile"]])
        finally:
            rm.terminate()
            rm.wait()
            rm.stdout.close()


class SchedulingTest(unittest.TestCase):
    """One evaluator, a queue of one: 429, deadlines, kill -9 and restart, SIGTERM drain."""

    def test_overload_kill_restart_drain(self):
        state = os.path.join(WORK, "state-sched")
        shutil.rmtree(state, ignore_errors=True)
        server = Server(state, ["-j", "1", "--queue", "1"]).start()
        url = server.url
        # A hanging candidate takes the evaluator (each case runs into its 2 s limit).
        status, r, _ = call(url, "/v1/evaluate", {"task": TASK_ID, "files": candidate("infinite_loop"),
                                                   "id": "hang", "async": True})
        self.assertEqual(status, 202, r)
        # Once the evaluator has taken it the queue is empty again (a fixed sleep raced with a
        # loaded machine's slower start).
        end = time.time() + 120
        while call(url, "/v1/results/hang")[1].get("status") != "running" and time.time() < end:
            time.sleep(0.1)
        status, r, _ = call(url, "/v1/evaluate", {"task": TASK_ID, "files": candidate("uninit_output"),
                                                   "id": "queued", "async": True})
        self.assertEqual(status, 202, r)
        status, r, headers = call(url, "/v1/evaluate", {"task": TASK_ID, "files": candidate("compile_dtype_cast"),
                                                         "id": "refused", "async": True})
        self.assertEqual(status, 429, r)
        self.assertGreaterEqual(int(headers["Retry-After"]), 1)
        # kill -9 with both acknowledged and unanswered; the restart answers each exactly once.
        server.stop(signal.SIGKILL)
        server = Server(state, ["-j", "1", "--queue", "1"]).start()
        url = server.url
        hang, queued = wait_result(url, "hang"), wait_result(url, "queued")
        self.assertEqual((hang["class"], queued["class"]), ("timeout", "wrong_values"))
        self.assertEqual(sorted(os.listdir(os.path.join(state, "results"))), ["hang.json", "queued.json"])
        self.assertEqual(os.listdir(os.path.join(state, "pending")), [])
        self.assertEqual(call(url, "/v1/results/refused")[0], 404, "a refused request was never acknowledged")
        # Recovered: the refused request goes through now; a tiny deadline ends in deadline_exceeded.
        status, r, _ = call(url, "/v1/evaluate", {"task": TASK_ID, "files": candidate("compile_dtype_cast")})
        self.assertEqual((status, r["class"]), (200, "compile.dtype_cast"))
        # (A hanging candidate: its cases alone take 2 x 2 s, however warm the caches are.)
        status, r, _ = call(url, "/v1/evaluate", {"task": TASK_ID, "deadline_seconds": 1,
                                                   "files": {KERNEL: "// deadline\n" + candidate("infinite_loop")[KERNEL]}})
        self.assertEqual(r["status"], "deadline_exceeded")
        # SIGTERM: the queued request still finishes, new ones are refused, the exit is clean. The
        # drained request hangs (2 x 2 s of cases; its own text, so no stored verdict answers it), so
        # that the server is still draining when the new one arrives, however warm the caches are.
        status, r, _ = call(url, "/v1/evaluate", {"task": TASK_ID, "id": "drained", "async": True,
                                                   "files": {KERNEL: "// drained\n" + candidate("infinite_loop")[KERNEL]}})
        self.assertEqual(status, 202)
        end = time.time() + 120
        while call(url, "/v1/results/drained")[1].get("status") != "running" and time.time() < end:
            time.sleep(0.1)
        server.proc.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        self.assertEqual(call(url, "/v1/evaluate", {"task": TASK_ID, "files": candidate("good_compact")})[0], 503)
        self.assertEqual(server.proc.wait(timeout=120), 0)
        server.proc.stdout.close()
        with open(os.path.join(state, "results", "drained.json")) as f:
            self.assertEqual(json.load(f)["class"], "timeout")

    def test_security_of_the_bind(self):
        r = subprocess.run([AKGEN, "serve", "--tasks", fixture_tasks(WORK), "--host", "0.0.0.0", "--port", "0",
                            "--state", os.path.join(WORK, "state-bind")], capture_output=True, text=True,
                           env={k: v for k, v in os.environ.items() if k != "AKGEN_SERVE_TOKEN"}, timeout=60)
        self.assertEqual(r.returncode, 2)
        self.assertIn("needs a bearer token", r.stderr)
        rewards = os.path.join(WORK, "rewards.json")  # --rewards FILE changes the default
        with open(rewards, "w") as f:
            json.dump({"no_code": -0.7}, f)
        server = Server(os.path.join(WORK, "state-token"), ["--rewards", rewards],
                        env={"AKGEN_SERVE_TOKEN": "s3cret"}).start()
        try:
            body = {"task": TASK_ID, "answer": "no code"}
            self.assertEqual(call(server.url, "/v1/evaluate", body)[0], 401)
            self.assertEqual(call(server.url, "/v1/evaluate", body, token="wrong")[0], 401)
            status, r, _ = call(server.url, "/v1/evaluate", body, token="s3cret")
            self.assertEqual((status, r["class"], r["reward"]), (200, "gen.no_code", -0.7))
            self.assertEqual(call(server.url, "/healthz")[0], 200)
        finally:
            server.stop()


if __name__ == "__main__":
    os.makedirs(WORK, exist_ok=True)
    for d in os.listdir(WORK):  # servers' state of an earlier run: every request starts unknown
        if d.startswith("state-"):
            shutil.rmtree(os.path.join(WORK, d))
    unittest.main(argv=[sys.argv[0], "-v"])
