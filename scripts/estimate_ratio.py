#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""How the reviews' "about N s left" held, from the log of `scripts/review_timed.py`: per review,
the worst ratio of the time actually left to the estimate (wall; above 1.25 misses the issue's
target "no review slower than its estimate by more than 25 %"), counting the estimates of at
least --min seconds, and the same in CPU time (the CPU time actually left over the work the
estimate implied: the estimate times the CPU share the review had over the WINDOW seconds before
it, as kibitzer measures it; a ratio near 1 says the work left was right whatever the load),
with the load average at the start and the end.

    python3 scripts/estimate_ratio.py sf_timed.jsonl [--min 10]
"""
import argparse
import json

WINDOW = 10.0  # src/review/estimate.rs, WINDOW


def game_of(args):
    for i, a in enumerate(args):
        if a == "--game" and i + 1 < len(args):
            return f"{args[1].rsplit('/', 1)[-1]}:{args[i + 1]}"
    return " ".join(args[:1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("logs", nargs="+")
    ap.add_argument("--min", type=float, default=10.0, help="estimates below this are not counted")
    a = ap.parse_args()
    rows = []
    for path in a.logs:
        with open(path) as f:
            rows += [json.loads(line) for line in f if line.strip()]
    print("| game | plies | wall s | CPU s (first pass) | load | estimates | worst wall ratio (at ply) | worst CPU ratio | over 1.25 (wall) |")
    print("|---|---|---|---|---|---|---|---|---|")
    worst_all, over_games = 0.0, 0
    for r in rows:
        pts = r["estimates"]
        if not pts:
            continue
        end_cpu = r.get("first_pass_cpu") or r["cpu"]
        worst, at, worst_cpu, n, over = 0.0, None, 0.0, 0, 0
        for k, p in enumerate(pts):
            if p["estimate"] < a.min:
                continue
            n += 1
            ratio = p["actual"] / p["estimate"]
            if ratio > worst:
                worst, at = ratio, p["done"]
            over += ratio > 1.25
            # The share over the WINDOW seconds before this estimate (from the script's own
            # readings of the process tree's CPU time).
            before = [q for q in pts[:k] if p["t"] - q["t"] <= WINDOW] or pts[max(0, k - 1):k]
            if before and p["t"] > before[0]["t"]:
                share = (p["cpu"] - before[0]["cpu"]) / (p["t"] - before[0]["t"])
                if share > 0:
                    worst_cpu = max(worst_cpu, (end_cpu - p["cpu"]) / (p["estimate"] * share))
        worst_all = max(worst_all, worst)
        over_games += over > 0
        total = pts[-1]["total"]
        print(f"| {game_of(r['args'])} | {total} | {r['first_pass']:.0f} | {end_cpu:.1f} | "
              f"{r['load'][0]:.1f}–{r['load'][1]:.1f} | {n} | {worst:.2f} ({at}) | {worst_cpu:.2f} | {over} |")
    print(f"\n{len(rows)} reviews; {over_games} with some estimate exceeded by more than 25 % "
          f"(wall); worst {worst_all:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
