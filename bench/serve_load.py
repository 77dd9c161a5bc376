#!/usr/bin/env python3
"""Load test of `akgen serve` on loopback (docs/performance.md, "akgen serve under load").

    bench/serve_load.py --akgen build/bin/akgen --work /tmp/serve-load [--requests 500] [--clients 8]

Candidates are the hostile corpus (tests/harness/hostile: correct, compile-failing, wrong, hanging,
crashing, hostile) on SquaredDifference cut to the five public cases the hostile test uses. Before
the load, `akgen bench` evaluates each candidate once: the class every answer must carry. Then
CLIENTS threads send REQUESTS requests, a share of them new candidates (a corpus file with a
unique comment: new content, so a new build and evaluation) and the rest resubmissions. Each
request has an id; a client retries the same id on 429 (after Retry-After) and on a lost
connection. Midway the server is killed with SIGKILL and restarted on the same state directory.

Asserted: every request id gets exactly one answer, with the class bench gave its candidate; the
answer a client got equals the one stored under its id; the server is up at the end; its RSS grew
< 20 % from request 100 to the end; at least one 429 was answered and every request still went
through. Printed: latency p50/p90 of resubmitted candidates and of new correct candidates, new
candidates per minute, 429 count, RSS.
"""

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TASK_ID = "level1/Elementwise/SquaredDifference"
KERNEL = "op_kernel/squared_difference.cpp"
CORPUS = os.path.join(SOURCE, "tests", "harness", "hostile")
# name -> kind; the weights say how often each kind is drawn.
CANDIDATES = {
    "good_compact": "correct", "good_reference": "correct",
    "compile_syntax": "compile", "compile_api_signature": "compile",
    "tail_skipped": "wrong", "uninit_output": "wrong",
    "infinite_loop": "hanging",
    "host_segfault": "crashing", "stack_overflow": "crashing",
    "socket_in_kernel": "hostile", "fork_in_kernel": "hostile", "inline_asm": "hostile",
}
WEIGHTS = {"correct": 4, "compile": 2, "wrong": 2, "hanging": 0.3, "crashing": 1, "hostile": 1.5}
LIMITS = ["--timeout", "2", "--cpu-limit", "2"]


def fixture(work):
    task = os.path.join(work, "tasks", TASK_ID)
    if not os.path.isdir(task):
        shutil.copytree(os.path.join(SOURCE, "tasks", TASK_ID), task)
        os.remove(os.path.join(task, "validation", "hidden_cases.csv"))
        with open(os.path.join(task, "validation", "test_cases.csv"), "w") as f:
            f.write("case_id;shape;dtype\n0;[48, 128, 512];float16\n1;[1000003];float32\n2;[333, 1025];bfloat16\n"
                    "3;[7, 13];float32\n4;[2, 3, 257, 129];float16\n")
    return os.path.join(work, "tasks")


def source_of(name):
    # good_reference is the task's own answer, as in tests/harness/hostile_test.cpp.
    path = (os.path.join(SOURCE, "tasks", TASK_ID, "answer", "0", KERNEL) if name == "good_reference"
            else os.path.join(CORPUS, name, KERNEL))
    with open(path) as f:
        return f.read()


def bench_classes(akgen, work, tasks):
    """The class `akgen bench` gives each candidate: what the server must answer."""
    samples = os.path.join(work, "bench-samples")
    shutil.rmtree(samples, ignore_errors=True)
    names = sorted(CANDIDATES)
    for k, name in enumerate(names):
        d = os.path.join(samples, "lvl1", "Elementwise", "SquaredDifference", "sample%d" % k, "src", "op_kernel")
        os.makedirs(d)
        with open(os.path.join(d, os.path.basename(KERNEL)), "w") as f:
            f.write(source_of(name))
    run = os.path.join(work, "bench-run")
    subprocess.run([akgen, "bench", "--tasks", tasks, "--samples", samples, "--run", run, "--quiet", "-j", "2"] + LIMITS,
                   check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(run, "summary.json")) as f:
        summary = json.load(f)
    return {names[t["sample"]]: t["class"] for t in summary["tasks"]}


class Server:
    def __init__(self, akgen, tasks, state, jobs, queue):
        self.args = [akgen, "serve", "--tasks", tasks, "--port", "0", "--state", state, "-j", str(jobs),
                     "--queue", str(queue)] + LIMITS
        self.url = None

    def start(self):
        self.proc = subprocess.Popen(self.args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        assert "listening on" in line, line
        self.url = line.split("listening on ")[1].split()[0]

    def rss_kib(self):
        with open("/proc/%d/status" % self.proc.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def post(url, body, timeout=900):
    req = urllib.request.Request(url + "/v1/evaluate", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read().decode())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--akgen", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--requests", type=int, default=500)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--new-fraction", type=float, default=0.15, help="share of requests that are new candidates")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--queue", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sequential", type=int, default=10,
                    help="then, one client alone: this many new correct candidates, each followed by its resubmission")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    tasks = fixture(a.work)
    t0 = time.time()
    expected = bench_classes(a.akgen, a.work, tasks)
    print("bench classes (%.0f s): %s" % (time.time() - t0, json.dumps(expected, sort_keys=True)), flush=True)

    rng = random.Random(a.seed)
    names = sorted(CANDIDATES)
    weights = [WEIGHTS[CANDIDATES[n]] for n in names]
    plan = []  # (id, candidate name, files, new?)
    for i in range(a.requests):
        name = rng.choices(names, weights)[0]
        new = rng.random() < a.new_fraction and CANDIDATES[name] != "hanging"
        text = source_of(name)
        if new:
            text = "// load-test variant %d\n" % i + text  # new content: a new build and evaluation
        plan.append(("load-%04d" % i, name, {KERNEL: text}, new))
    # Unsalted requests of a candidate: the first is evaluated, the others are resubmissions.
    state = os.path.join(a.work, "state")
    shutil.rmtree(state, ignore_errors=True)
    server = Server(a.akgen, tasks, state, a.jobs, a.queue)
    server.start()
    lock = threading.Lock()
    answers = {}      # id -> list of answers received (must be exactly one)
    latency = {}      # id -> seconds from first send to answer
    too_many = [0]
    lost_connections = [0]
    done = [0]
    rss = {}
    next_index = [0]
    after = [0]  # answers since the current server process started

    def client():
        while True:
            with lock:
                if next_index[0] >= len(plan):
                    return
                rid, name, files, new = plan[next_index[0]]
                next_index[0] += 1
            start = time.time()
            while True:
                url = server.url
                try:
                    r = post(url, {"task": TASK_ID, "id": rid, "files": files})
                    if r.get("status") == "shutdown":
                        raise ConnectionError("answered while the server was killed")
                    break
                except urllib.error.HTTPError as e:
                    if e.code == 429:
                        with lock:
                            too_many[0] += 1
                        time.sleep(float(e.headers.get("Retry-After", "1")))
                        continue
                    raise
                except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError):
                    with lock:
                        lost_connections[0] += 1
                    time.sleep(1.0)  # the server is being restarted: the same id again
            with lock:
                answers.setdefault(rid, []).append(r)
                latency[rid] = time.time() - start
                done[0] += 1
                after[0] += 1
                if after[0] == 100:  # the 100th answer of this server process
                    rss.setdefault("at_100", []).append(server.rss_kib())

    def killer():
        while done[0] < len(plan) // 2:
            time.sleep(0.2)
        with lock:
            rss["before_kill"] = server.rss_kib()
            server.proc.send_signal(signal.SIGKILL)
            server.proc.wait()
            rss["killed_at"] = done[0]
            after[0] = 0
        server.start()

    # Overload before the steady load: a burst of async new candidates beyond the queue.
    burst_refused = 0
    for k in range(a.queue + a.jobs + 3):
        try:
            post(server.url, {"task": TASK_ID, "id": "burst-%d" % k, "async": True,
                              "files": {KERNEL: "// burst %d\n" % k + source_of("compile_syntax")}})
        except urllib.error.HTTPError as e:
            burst_refused += e.code == 429
    start = time.time()
    threads = [threading.Thread(target=client) for _ in range(a.clients)]
    kill_thread = threading.Thread(target=killer)
    for t in threads + [kill_thread]:
        t.start()
    for t in threads:
        t.join()
    kill_thread.join()
    wall = time.time() - start
    rss["end"] = server.rss_kib()
    alive = server.proc.poll() is None

    failures = []
    for rid, name, files, new in plan:
        got = answers.get(rid, [])
        if len(got) != 1:
            failures.append("%s: %d answers" % (rid, len(got)))
            continue
        r = got[0]
        if r.get("class") != expected[name]:
            failures.append("%s (%s): class %s, bench %s" % (rid, name, r.get("class", r.get("status")), expected[name]))
        stored = json.load(open(os.path.join(state, "results", rid + ".json")))
        if stored != r:
            failures.append("%s: the stored answer differs from the one sent" % rid)
    results = set(os.listdir(os.path.join(state, "results")))
    burst_ids = {"burst-%d.json" % k for k in range(a.queue + a.jobs + 3)}
    extra = results - {rid + ".json" for rid, _, _, _ in plan} - burst_ids
    if extra:
        failures.append("results for ids never sent: %s" % sorted(extra)[:5])

    def pct(values, q):
        values = sorted(values)
        return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")

    resubmitted = [latency[rid] for rid, _, _, new in plan if not new and answers.get(rid, [{}])[0].get("cached")]
    new_correct = [latency[rid] for rid, name, _, new in plan
                   if new and CANDIDATES[name] == "correct" and not answers.get(rid, [{}])[0].get("cached")]
    evaluated = sum(1 for rid, _, _, _ in plan if answers.get(rid) and not answers[rid][0].get("cached"))
    # Each server process against its own 100th answer: before the kill, and the restarted one at the end.
    ends = [rss.get("before_kill"), rss["end"]]
    growths = [(e - b) / b for b, e in zip(rss.get("at_100", []), ends) if b and e]
    growth = max(growths) if growths else float("nan")
    report = {
        "requests": len(plan), "clients": a.clients, "jobs": a.jobs, "queue": a.queue, "wall_seconds": round(wall, 1),
        "answered_once": sum(1 for v in answers.values() if len(v) == 1),
        "evaluated_new": evaluated, "new_candidates_per_minute": round(evaluated * 60 / wall, 1),
        "resubmitted_p50_s": round(pct(resubmitted, 0.5), 4), "resubmitted_p90_s": round(pct(resubmitted, 0.9), 4),
        "resubmitted_n": len(resubmitted),
        "new_correct_p50_s": round(pct(new_correct, 0.5), 2), "new_correct_p90_s": round(pct(new_correct, 0.9), 2),
        "new_correct_n": len(new_correct),
        "http_429": too_many[0], "burst_429": burst_refused, "lost_connections": lost_connections[0],
        "killed_after_answers": rss.get("killed_at"), "rss_kib_at_100": rss.get("at_100"),
        "rss_kib_before_kill": rss.get("before_kill"), "rss_kib_end": rss["end"],
        "rss_growth": round(growth, 3), "server_alive": alive, "failures": failures[:20], "failure_count": len(failures),
    }
    # Latency without contention: one client, new correct candidates and their resubmissions.
    seq_new, seq_again = [], []
    for k in range(a.sequential):
        files = {KERNEL: "// sequential variant %d %f\n" % (k, time.time()) + source_of("good_compact")}
        for series, rid in ((seq_new, "seq-%d" % k), (seq_again, "seq-again-%d" % k)):
            t = time.time()
            r = post(server.url, {"task": TASK_ID, "id": rid, "files": files})
            series.append(time.time() - t)
            if r.get("class") != "pass":
                failures.append("%s: class %s" % (rid, r.get("class", r.get("status"))))
    report.update({"sequential_new_correct_p50_s": round(pct(seq_new, 0.5), 2),
                   "sequential_new_correct_max_s": round(max(seq_new), 2) if seq_new else None,
                   "sequential_resubmitted_p50_s": round(pct(seq_again, 0.5), 4),
                   "failure_count": len(failures), "failures": failures[:20]})
    print(json.dumps(report, indent=2))
    server.proc.send_signal(signal.SIGTERM)
    server.proc.wait(timeout=300)
    ok = not failures and alive and (too_many[0] + burst_refused) > 0 and not (growth >= 0.2)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
