"""TRL GRPO reward function for `akgen serve`.

    from trl import GRPOTrainer
    from integrations.trl_reward import kernel_reward
    GRPOTrainer(..., reward_funcs=[kernel_reward])

TRL calls it with the batch's prompts and completions and every other dataset column as a
keyword argument; the dataset needs a `task` column (levelN/Category/Op) and may have `mode`
and `split`. A completion is text, or (conversational datasets) a list of messages whose last
one is the assistant's. The batch is evaluated in parallel over every server of
AKGEN_SERVE_URLS. Standard library only.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from akgen_client import ServeClient, reward_of  # noqa: E402

_client = None


def _text(completion):
    if isinstance(completion, str):
        return completion
    if isinstance(completion, list) and completion:
        return completion[-1].get("content", "")
    return ""


def kernel_reward(prompts=None, completions=None, task=None, mode=None, split=None, **kwargs):
    global _client
    if _client is None:
        _client = ServeClient()
    completions = completions or []
    n = len(completions)

    def column(values, default):
        if values is None:
            return [default] * n
        return list(values) if isinstance(values, (list, tuple)) else [values] * n

    tasks, modes, splits = column(task, None), column(mode, "kernel"), column(split, "all")
    payloads = [{"task": tasks[i], "answer": _text(completions[i]), "mode": modes[i], "split": splits[i]}
                for i in range(n)]
    return [reward_of(r) for r in _client.evaluate_many(payloads)]
