#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Tune the Pawn Battle `default` preset against `seed` by coordinate search.

Every candidate is a copy of a preset file (default: assets/pawn_battle/default.toml) with
some numbers changed; it is judged by `kibitzer match --variant pawn-battle default:D seed:D
--weights FILE` over several opening seeds (depth-limited games: the result does not depend
on the machine's load). A change is kept when it raises the mean score over the training seeds
by more than --margin points; the best preset is written to --out after every improvement and
finally checked on the --check seeds (never used to choose).

    python3 scripts/pb_tune.py --games 400 --seeds 11 12 --check 21 \\
        --param candidate:2-6:10 --param passed_protected::10 --out /tmp/pb-best.toml

A parameter is NAME:INDEX:STEP: INDEX is empty for a number, a table index (`passed:5:10`),
or a range of indices moved together by the same step (`advance:2-6:4`). `--eval` only
measures the preset (or --set overrides) without searching.
"""

import argparse
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path


def parse_param(text):
    """NAME:INDEX:STEP -> (name, [indices] or None, step)."""
    try:
        name, index, step = text.split(":")
        step = int(step)
    except ValueError:
        sys.exit(f"--param {text!r}: write NAME:INDEX:STEP (INDEX empty, 5 or 2-6)")
    if index == "":
        return name, None, step
    if "-" in index:
        lo, hi = index.split("-")
        return name, list(range(int(lo), int(hi) + 1)), step
    return name, [int(index)], step


def render(base_text, weights):
    """The preset file's text with every key's value replaced by `weights`' (comments kept)."""
    out = []
    for line in base_text.splitlines():
        m = re.match(r"^(\w+)\s*=", line)
        if m and m.group(1) in weights:
            value = weights[m.group(1)]
            if isinstance(value, list):
                value = "[" + ", ".join(str(v) for v in value) + "]"
            line = f"{m.group(1)} = {value}"
        out.append(line)
    return "\n".join(out) + "\n"


def moved(weights, param, sign):
    """A copy of `weights` with `param` moved by `sign` steps."""
    name, indices, step = param
    if name not in weights:
        sys.exit(f"--param {name}: no such key in the preset")
    new = {k: (list(v) if isinstance(v, list) else v) for k, v in weights.items()}
    if indices is None:
        new[name] += sign * step
    else:
        for i in indices:
            new[name][i] += sign * step
    return new


class Judge:
    """Runs matches for presets and remembers their results."""

    def __init__(self, args, base_text):
        self.args = args
        self.base_text = base_text
        self.cache = {}

    def score(self, weights, seed):
        key = (repr(sorted(weights.items())), seed)
        if key in self.cache:
            return self.cache[key]
        with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
            f.write(render(self.base_text, weights))
            path = f.name
        d = self.args.depth
        cmd = [self.args.kibitzer, "match", "--variant", "pawn-battle", f"default:{d}",
               f"seed:{d}", "--games", str(self.args.games), "--seed", str(seed),
               "--weights", path]
        run = subprocess.run(cmd, capture_output=True, text=True)
        Path(path).unlink()
        if run.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed:\n{run.stderr}")
        last = run.stdout.strip().splitlines()[-1]
        m = re.search(r"\(([\d.]+) %\)", last)
        if not m:
            sys.exit(f"unexpected match output: {last}")
        self.cache[key] = float(m.group(1))
        return self.cache[key]

    def mean(self, weights, seeds):
        scores = [self.score(weights, s) for s in seeds]
        return sum(scores) / len(scores), scores


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kibitzer", default="target/release/kibitzer")
    ap.add_argument("--base", default="assets/pawn_battle/default.toml")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--seeds", type=int, nargs="+", default=[11, 12])
    ap.add_argument("--check", type=int, nargs="*", default=[21])
    ap.add_argument("--param", action="append", default=[], type=parse_param)
    ap.add_argument("--set", action="append", default=[],
                    help="NAME=VALUE (TOML value) applied before anything else")
    ap.add_argument("--passes", type=int, default=1)
    ap.add_argument("--margin", type=float, default=0.5,
                    help="points of mean score a change must gain to be kept")
    ap.add_argument("--eval", action="store_true", help="only measure, do not search")
    ap.add_argument("--out", default="/tmp/pb-best.toml")
    args = ap.parse_args()

    base_text = Path(args.base).read_text()
    weights = tomllib.loads(base_text)
    for s in args.set:
        name, _, value = s.partition("=")
        if name not in weights:
            sys.exit(f"--set {name}: no such key in the preset")
        weights[name] = tomllib.loads(f"v = {value}")["v"]
    judge = Judge(args, base_text)
    best, scores = judge.mean(weights, args.seeds)
    print(f"start: {best:.2f} {scores}", flush=True)
    if not args.eval:
        for n in range(args.passes):
            improved = False
            for param in args.param:
                for sign in (1, -1):
                    cand = moved(weights, param, sign)
                    mean, scores = judge.mean(cand, args.seeds)
                    label = f"{param[0]}{param[1] or ''} {'+' if sign > 0 else '-'}{param[2]}"
                    print(f"pass {n + 1}: {label}: {mean:.2f} {scores}", flush=True)
                    if mean > best + args.margin:
                        best, weights, improved = mean, cand, True
                        Path(args.out).write_text(render(base_text, weights))
                        print(f"  kept: {best:.2f}", flush=True)
                        break
            if not improved:
                break
    Path(args.out).write_text(render(base_text, weights))
    for s in args.check:
        print(f"check seed {s}: {judge.score(weights, s):.1f}", flush=True)
    print(f"best {best:.2f} written to {args.out}")


if __name__ == "__main__":
    main()
