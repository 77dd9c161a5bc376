#!/usr/bin/env python3
"""Compares two akgen bench run directories case by case: verdict, failure class, diagnostics
(code, location, core, count and message), simulated time and T_hw. Wall-clock fields are ignored. Used to show that a
refactor of the simulator changes no result (docs/architecture.md).

Usage: scripts/compare_runs.py RUN_A RUN_B [--rel-time 0]
Exit status 0 when the runs agree, 1 when they differ (each difference is printed).
"""
import argparse
import json
import sys
from pathlib import Path


def load(run: Path):
    cases, samples = {}, {}
    with open(run / "records" / "all.jsonl") as f:
        for line in f:
            r = json.loads(line)
            key = (r["task"], r.get("sample"), r.get("trial", 0))
            if r.get("kind") == "case":
                cases[key + (r["case"],)] = {
                    "class": r.get("class"),
                    "passed": r.get("passed"),
                    "stage": r.get("stage"),
                    "diagnostics": sorted(
                        (d.get("code"), d.get("location"), d.get("core"), d.get("count"), d.get("message")) for d in r.get("diagnostics", [])),
                    "sim_time_us": r.get("sim_time_us"),
                    "hw_bound_us": r.get("hw_bound_us"),
                    "mismatches": [o.get("mismatches") for o in r.get("outputs", [])],
                }
            elif r.get("kind") == "sample":
                samples[key] = {"class": r.get("class"), "compiled": r.get("compiled"),
                                "case_count": r.get("case_count")}
    return cases, samples


def close(a, b, rel):
    if a is None or b is None or rel == 0:
        return a == b
    return abs(a - b) <= rel * max(abs(a), abs(b))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    ap.add_argument("--rel-time", type=float, default=0.0,
                    help="relative tolerance for simulated times (default 0: identical)")
    args = ap.parse_args()
    ca, sa = load(args.a)
    cb, sb = load(args.b)
    diffs = []
    for key in sorted(set(sa) | set(sb), key=str):
        if sa.get(key) != sb.get(key):
            diffs.append(f"sample {key}: {sa.get(key)} != {sb.get(key)}")
    for key in sorted(set(ca) | set(cb), key=str):
        x, y = ca.get(key), cb.get(key)
        if x is None or y is None:
            diffs.append(f"case {key}: only in {'b' if x is None else 'a'}")
            continue
        for field in x:
            same = close(x[field], y[field], args.rel_time) if field.endswith("_us") else x[field] == y[field]
            if not same:
                diffs.append(f"case {key}: {field}: {x[field]} != {y[field]}")
    for d in diffs:
        print(d)
    print(f"{len(sa)} samples, {len(ca)} cases in {args.a}; {len(sb)} samples, {len(cb)} cases in {args.b}; "
          f"{len(diffs)} differences")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
