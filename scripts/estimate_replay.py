#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""Replays the time estimate's rule on the per-ply CPU records of `scripts/review_timed.py`'s
log, to see where it goes low and what a change of rule would have said, without running a
review again (docs/REVIEW.md, "Session 26").

Each ply's cost is the CPU time the review used between two progress lines (first search,
verification and overhead together, so the rule is replayed in that one unit: `--prior` is a
position's whole cost, about `src/review/estimate.rs`'s prior per position times the overhead).
The rule: the mean so far with the prior weighing 6 positions, at least the mean of the last 8,
and the prior as a floor for `--floor-full` positions, fading out linearly by `--floor-gone`.
Per review, the worst ratio of the CPU time actually left to the replayed estimate, counting
the estimates that would have shown at least --min seconds at the review's CPU share by then.

    python3 scripts/estimate_replay.py sf_timed.jsonl --prior 0.3 --floor-full 40 --floor-gone 100
"""
import argparse
import json

PRIOR_WEIGHT = 6.0  # PRIOR_SEARCHES
RECENT = 8  # RECENT


def replay(row, prior, full, gone, min_s):
    pts = row["estimates"]
    total = pts[0]["total"] + 1
    end = row.get("first_pass_cpu") or pts[-1]["cpu"]
    costs, prev = [], 0.0
    for p in pts:
        costs.append(p["cpu"] - prev)
        prev = p["cpu"]
    worst, at = 0.0, None
    for k, p in enumerate(pts):
        seen = costs[: k + 1]
        n = len(seen)
        mean = (prior * PRIOR_WEIGHT + sum(seen)) / (PRIOR_WEIGHT + n)
        fade = 1.0 if n <= full else max(0.0, (gone - n) / (gone - full)) if gone > full else 0.0
        mean = max(mean, prior * fade)
        if n >= RECENT:
            mean = max(mean, sum(seen[-RECENT:]) / RECENT)
        estimate = mean * (total - n)
        share = p["cpu"] / p["t"] if p["t"] > 0 else 1.0
        if share <= 0 or estimate / share < min_s:
            continue
        ratio = (end - p["cpu"]) / estimate
        if ratio > worst:
            worst, at = ratio, p["done"]
    return worst, at


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("logs", nargs="+")
    ap.add_argument("--prior", type=float, default=0.3, help="a position's CPU seconds")
    ap.add_argument("--floor-full", type=int, default=40)
    ap.add_argument("--floor-gone", type=int, default=100)
    ap.add_argument("--min", type=float, default=10.0)
    a = ap.parse_args()
    rows = []
    for path in a.logs:
        with open(path) as f:
            rows += [json.loads(line) for line in f if line.strip()]
    over, worst_all = 0, 0.0
    for r in rows:
        if not r["estimates"] or any("cpu" not in p for p in r["estimates"]):
            continue
        worst, at = replay(r, a.prior, a.floor_full, a.floor_gone, a.min)
        game = f"{r['args'][1].rsplit('/', 1)[-1]}:{r['args'][3]}"
        print(f"{game}: worst CPU ratio {worst:.2f} (ply {at})")
        over += worst > 1.25
        worst_all = max(worst_all, worst)
    print(f"{over} reviews over 1.25; worst {worst_all:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
