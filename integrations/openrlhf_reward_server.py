"""OpenRLHF remote reward model in front of `akgen serve`.

    python3 integrations/openrlhf_reward_server.py --port 5000
    openrlhf.cli.train_ppo_ray ... --remote_rm_url http://127.0.0.1:5000/get_reward

OpenRLHF posts {"query": [prompt + response, ...], "prompts": [prompt, ...], "labels": [label, ...]}
and reads {"rewards": [...]}. The label is the task id (levelN/Category/Op), or a JSON object
{"task", "mode", "split"}; the response is the query with its prompt removed. Requests spread over
every server of AKGEN_SERVE_URLS. Standard library only.
"""

import argparse
import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from akgen_client import ServeClient, reward_of  # noqa: E402


def payloads_of(body):
    queries = body.get("query") or []
    prompts = body.get("prompts") or [""] * len(queries)
    labels = body.get("labels") or [None] * len(queries)
    out = []
    for query, prompt, label in zip(queries, prompts, labels):
        answer = query[len(prompt):] if prompt and query.startswith(prompt) else query
        spec = label
        if isinstance(label, str) and label.strip().startswith("{"):
            spec = json.loads(label)
        if isinstance(spec, dict):
            out.append({"task": spec.get("task"), "answer": answer, "mode": spec.get("mode", "kernel"),
                        "split": spec.get("split", "all")})
        else:
            out.append({"task": spec, "answer": answer, "mode": "kernel", "split": "all"})
    return out


def make_handler(client):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            if self.path != "/get_reward":
                self.send_error(404)
                return
            try:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
                results = client.evaluate_many(payloads_of(body))
                reply = {"rewards": [reward_of(r) for r in results],
                         "classes": [r.get("class", r.get("status", "")) for r in results]}
                status = 200
            except Exception as e:  # a bad batch is the caller's to fix: say why
                reply, status = {"error": str(e)}, 400
            data = json.dumps(reply).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, fmt, *args):
            pass

    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=5000)
    ap.add_argument("--servers", default=None, help="akgen serve URLs, comma separated (default $AKGEN_SERVE_URLS)")
    args = ap.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), make_handler(ServeClient(args.servers)))
    print("openrlhf reward server on http://%s:%d/get_reward" % server.server_address[:2], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
