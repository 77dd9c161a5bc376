#!/usr/bin/env python3
"""Model against board for the nine tuning steps of asc-devkit's
examples/01_simd_cpp_api/05_best_practices/01_matrix_compute/matmul_high_performance (an
8192 x 8192 x 8192 float16 Matmul; board numbers: the sample's README, Ascend910B1). Each step
runs unmodified with `akgen run SAMPLE -D SCENARIO_NUM=N -D NPU_ARCH=2201` (the defines its
CMakeLists sets), on inputs generated once by the sample's scripts/gen_data.py and checked by
its scripts/verify_result.py; the launch's line gives the simulated time and per-pipe busy times.
Prints the table of docs/cost-model.md ("Cube timing against a board") and whether every step is
within +-30 % of the board's Task Duration, the per-pipe times too, and the order is the board's.

Usage: bench/matmul_sample_board.py [--timing-only] AKGEN SAMPLE_DIR WORK_DIR [STEP...]
  (default: steps 0-8). --timing-only runs on zero inputs of the sizes gen_data.py writes and
  skips the check: the simulated times do not depend on the values, and gen_data.py's golden is
  an 8192^3 numpy matmul (tens of minutes with Debian's reference BLAS).
The sample is never committed: extract it from the asc-devkit mirror (docs/cost-model.md).
At this size a step simulates 5.5e11 multiply-adds: expect minutes of CPU per step.
"""
import os
import re
import shutil
import subprocess
import sys

# README "Atlas A2 training series chip performance data": Task Duration and the aic_* times, µs.
BOARD = {
    0: {"task": 759363.98, "M": 141699.459, "S": 508787.509, "MTE1": 162104.184, "MTE2": 582515.828, "FIX": 34303.063},
    1: {"task": 249467.08, "M": 81477.188, "S": 63608.818, "MTE1": 52003.703, "MTE2": 195613.432, "FIX": 11313.746},
    2: {"task": 12541.22, "M": 3462.802, "S": 2987.47, "MTE1": 2260.551, "MTE2": 10177.798, "FIX": 875.439},
    3: {"task": 12283.84, "M": 3394.884, "S": 2656.33, "MTE1": 2166.824, "MTE2": 8616.671, "FIX": 488.829},
    4: {"task": 5039.86, "M": 3116.472, "S": 2073.97, "MTE1": 2332.914, "MTE2": 4051.458, "FIX": 44.749},
    5: {"task": 4156.76, "M": 3352.087, "S": 1464.492, "MTE1": 2750.454, "MTE2": 3778.555, "FIX": 47.853},
    6: {"task": 4088.36, "M": 3254.31, "S": 1753.463, "MTE1": 2680.849, "MTE2": 3625.42, "FIX": 47.398},
    7: {"task": 4053.44, "M": 3163.682, "S": 968.616, "MTE1": 2609.617, "MTE2": 3513.806, "FIX": 45.76},
    # Step 8's FIX time includes the waiting of FIXPIPE under unitFlag (README): not a pipe time.
    8: {"task": 4012.44, "M": 3076.396, "S": 1026.069, "MTE1": 2533.512, "MTE2": 3435.584, "FIX": None},
}
PIPES = ["M", "S", "MTE1", "MTE2", "FIX"]
LAUNCH = re.compile(r"akgen: (\S+)<<<(\d+)>>> .*simulated ([0-9.]+) us; pipe busy us:(.*)")
PYTHON = "/usr/bin/python3"  # Debian's, with numpy (scripts/install-deps.sh)


def run_step(akgen, sample, work, data, step):
    d = os.path.join(work, f"step{step}")
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(sample, d, ignore=shutil.ignore_patterns("figures", "build", "input", "output"))
    os.makedirs(os.path.join(d, "output"))
    os.symlink(os.path.join(data, "input"), os.path.join(d, "input"))
    if os.path.exists(os.path.join(data, "output", "golden.bin")):
        os.symlink(os.path.join(data, "output", "golden.bin"), os.path.join(d, "output", "golden.bin"))
    r = subprocess.run([akgen, "run", d, "-D", f"SCENARIO_NUM={step}", "-D", "NPU_ARCH=2201"],
                       capture_output=True, text=True)
    log = r.stdout + r.stderr
    with open(os.path.join(work, f"step{step}.log"), "w") as f:
        f.write(log)
    launches = [m for m in (LAUNCH.search(line) for line in log.splitlines()) if m]
    if r.returncode != 0 or len(launches) != 1:
        return {"error": f"akgen run exit {r.returncode}, {len(launches)} launches (see step{step}.log)"}
    m = launches[0]
    busy = dict(zip(m.group(4).split()[::2], map(float, m.group(4).split()[1::2])))
    verified = None
    if os.path.exists(os.path.join(data, "output", "golden.bin")):
        v = subprocess.run([PYTHON, "scripts/verify_result.py", "output/output.bin", "output/golden.bin"], cwd=d,
                           capture_output=True, text=True)
        verified = v.returncode == 0
    return {"task": float(m.group(3)), "blockDim": int(m.group(2)), "verified": verified, **busy}


def err(model, board):
    return (model - board) / board


def main():
    args = sys.argv[1:]
    timing_only = "--timing-only" in args
    args = [a for a in args if a != "--timing-only"]
    if len(args) < 3:
        sys.exit(__doc__)
    akgen, sample, work = (os.path.abspath(a) for a in args[:3])
    steps = [int(s) for s in args[3:]] or list(range(9))
    data = os.path.join(work, "data")
    if timing_only:
        # A [M, K] and B transposed [N, K], float16 (gen_data.py's files), all zeros.
        os.makedirs(os.path.join(data, "input"), exist_ok=True)
        for name in ("x1_gm.bin", "x2_gm.bin"):
            with open(os.path.join(data, "input", name), "wb") as f:
                f.truncate(8192 * 8192 * 2)
    elif not os.path.exists(os.path.join(data, "output", "golden.bin")):
        shutil.rmtree(data, ignore_errors=True)
        shutil.copytree(os.path.join(sample, "scripts"), os.path.join(data, "scripts"))
        subprocess.run([PYTHON, "scripts/gen_data.py"], cwd=data, check=True)
    results = {s: run_step(akgen, sample, work, data, s) for s in steps}

    print("| step | board µs | model µs | error | " + " | ".join(f"{p} model / board" for p in PIPES) + " | verified |")
    print("| --- | --- | --- | --- | " + " | ".join("---" for _ in PIPES) + " | --- |")
    ok = True
    for s in steps:
        r, b = results[s], BOARD[s]
        if "error" in r:
            print(f"| {s} | {b['task']} | — | {r['error']} |" + " |" * len(PIPES) + " |")
            ok = False
            continue
        e = err(r["task"], b["task"])
        ok &= abs(e) <= 0.30 and r["verified"] is not False
        cells = []
        for p in PIPES:
            if b[p] is None:
                cells.append(f"{r.get(p, 0):.1f} / —")
                continue
            pe = err(r.get(p, 0), b[p])
            ok &= abs(pe) <= 0.30
            cells.append(f"{r.get(p, 0):.1f} / {b[p]:.1f} ({pe:+.0%})")
        print(f"| {s} | {b['task']:.2f} | {r['task']:.2f} | {e:+.1%} | " + " | ".join(cells) +
              f" | {'—' if r['verified'] is None else 'yes' if r['verified'] else 'NO'} |")
    timed = [s for s in steps if "error" not in results[s]]
    board_order = sorted(timed, key=lambda s: -BOARD[s]["task"])
    model_order = sorted(timed, key=lambda s: -results[s]["task"])
    print(f"\norder by time, board: {board_order}, model: {model_order}")
    ok &= board_order == model_order
    print("within +-30 % and in order" if ok else "NOT within +-30 % / in order")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
