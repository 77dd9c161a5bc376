"""verl custom reward: `compute_score(data_source, solution_str, ground_truth, extra_info)`.

Point verl at it with
    custom_reward_function.path=integrations/verl_reward.py custom_reward_function.name=compute_score
`ground_truth` is the task id (levelN/Category/Op) of the served tree, `solution_str` the
model's raw answer (parsed by the server as `akgen gen` parses answers). `extra_info` may set
"mode" (kernel | host+kernel), "split" (all | public | hidden) and "rewards" (overrides).
Servers: AKGEN_SERVE_URLS (comma separated), token: AKGEN_SERVE_TOKEN. Standard library only.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from akgen_client import ServeClient, reward_of  # noqa: E402

_client = None


def _get_client():
    global _client
    if _client is None:
        _client = ServeClient()
    return _client


def payload_of(solution_str, ground_truth, extra_info=None):
    extra_info = extra_info or {}
    task = ground_truth.get("task") if isinstance(ground_truth, dict) else ground_truth
    payload = {"task": task, "answer": solution_str, "mode": extra_info.get("mode", "kernel"),
               "split": extra_info.get("split", "all")}
    if "rewards" in extra_info:
        payload["rewards"] = extra_info["rewards"]
    return payload


def compute_score(data_source, solution_str, ground_truth, extra_info=None):
    response = _get_client().evaluate(payload_of(solution_str, ground_truth, extra_info))
    return {"score": reward_of(response), "class": response.get("class", response.get("status", "")),
            "compiled": bool(response.get("compiled", False)), "passed": bool(response.get("passed", False))}
