#!/usr/bin/env python3
"""Checks an `akgen data export --format all` directory the way its consumers read it, and the
training recipes that name it: dataset_info.json loads with json and names existing files whose
columns exist; pandas reads every JSONL file; every recipe parses (YAML with python3-yaml, Python
with compile(), nothing written) and every dataset name, file and key it references exists in the export.

usage: check_exports.py EXPORT_DIR RECIPES_DIR"""
import json
import os
import re
import sys

import pandas as pd
import yaml

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def read_jsonl(path):
    rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    if rows:
        frame = pd.read_json(path, lines=True)
        check(len(frame) == len(rows), f"{path}: pandas read {len(frame)} rows of {len(rows)}")
        return frame
    return pd.DataFrame()


export, recipes = sys.argv[1], sys.argv[2]
frames = {}
for dirpath, _, names in os.walk(export):
    for name in sorted(names):
        if name.endswith(".jsonl"):
            rel = os.path.relpath(os.path.join(dirpath, name), export)
            frames[rel] = read_jsonl(os.path.join(dirpath, name))

info = json.load(open(os.path.join(export, "llamafactory", "dataset_info.json"), encoding="utf-8"))
for name, entry in info.items():
    rel = os.path.join("llamafactory", entry["file_name"])
    check(rel in frames, f"dataset_info.json: {name} names {entry['file_name']}, which does not exist")
    frame = frames.get(rel, pd.DataFrame())
    for role, column in entry.get("columns", {}).items():
        check(frame.empty or column in frame.columns, f"{name}: column {column} ({role}) missing")
    if entry.get("ranking"):
        check(frame.empty or {"chosen", "rejected"} <= set(frame.columns), f"{name}: ranking without chosen/rejected")

for rel, frame in frames.items():
    if frame.empty:
        continue
    if rel.startswith("verl/"):
        check({"data_source", "prompt", "ability", "reward_model", "extra_info"} <= set(frame.columns), f"{rel}: verl fields")
        check(all("ground_truth" in r for r in frame["reward_model"]), f"{rel}: reward_model.ground_truth")
    if rel.startswith("trl/dpo") or rel.startswith("openrlhf/"):
        check({"chosen", "rejected"} <= set(frame.columns), f"{rel}: chosen/rejected")
    if rel.startswith("trl/sft"):
        check("messages" in frame.columns, f"{rel}: messages")

stems = {os.path.splitext(rel)[0] for rel in frames}
for dirpath, _, names in os.walk(recipes):
    for name in sorted(names):
        if not name.endswith((".yaml", ".yml", ".py", ".md")):
            continue
        path = os.path.join(dirpath, name)
        text = open(path, encoding="utf-8").read()
        if name.endswith((".yaml", ".yml")):
            doc = yaml.safe_load(text)
            check(isinstance(doc, dict), f"{path}: not a YAML mapping")
            for key in ("dataset", "eval_dataset"):
                for ds in str(doc.get(key, "") or "").split(","):
                    if ds.strip():
                        check(ds.strip() in info, f"{path}: dataset {ds.strip()} is not in dataset_info.json")
        elif name.endswith(".py"):
            compile(text, path, "exec")
        # Export files a recipe names (trl/sft_train.jsonl, verl/rl_train.parquet, ...).
        for ref in re.findall(r"\b((?:trl|openrlhf|verl|llamafactory)/[A-Za-z0-9_]+)\.(?:jsonl|parquet)", text):
            check(ref in stems, f"{path}: names {ref}, which the export does not have")
        # JSON keys a recipe reads from the exported rows.
        for key in re.findall(r"""(?:_key|_field)["']?\s*[:=]\s*["']?([A-Za-z_]+)""", text):
            check(any(key in f.columns for f in frames.values() if not f.empty), f"{path}: key {key} in no export")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"checked {len(frames)} export files, {len(info)} dataset_info entries and the recipes")
