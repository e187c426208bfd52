#!/usr/bin/env python3
"""Compare the network's scores with the classic evaluation's on the same positions (issue 37).

Usage: net_scale.py KIBITZER [NET ...] [--positions N] [--depth D]

Searches the first N (default 300) Lichess puzzle positions not in check
(../shared/data/puzzles/lichess_puzzles.csv) to depth D (default 1: the evaluation plus the
quiescence search) over UCI, once with `Evaluation classic` and once per network (`<empty>` =
the embedded one), and prints per network: mean |score| of both, their correlation, the slope
of the network's scores on the classic ones (1 = the same centipawns) and how often the signs
agree. Mates and |score| >= 1500 are left out.
"""
import argparse
import csv
import os
import statistics

import chess
import chess.engine

HERE = os.path.dirname(os.path.abspath(__file__))
PUZZLES = os.path.join(HERE, "..", "..", "shared", "data", "puzzles", "lichess_puzzles.csv")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("nets", nargs="*", default=["<empty>"])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--depth", type=int, default=1)
    ap.add_argument("--puzzles", default=PUZZLES)
    a = ap.parse_args()
    fens = []
    with open(a.puzzles) as f:
        for row in csv.DictReader(f):
            if not chess.Board(row["FEN"]).is_check():
                fens.append(row["FEN"])
            if len(fens) >= a.positions:
                break

    def scores(opts):
        e = chess.engine.SimpleEngine.popen_uci([a.binary, "--no-db", "uci"])
        try:
            e.configure(opts)
            out = []
            for fen in fens:
                s = e.analyse(chess.Board(fen), chess.engine.Limit(depth=a.depth))["score"].relative
                out.append(None if s.is_mate() else s.score())
            return out
        finally:
            e.quit()

    classic = scores({"Evaluation": "classic", "OwnBook": False})
    for net in a.nets:
        values = scores({"Evaluation": "network", "EvalFile": net, "OwnBook": False})
        pairs = [(c, n) for c, n in zip(classic, values)
                 if c is not None and n is not None and abs(c) < 1500 and abs(n) < 1500]
        cs, ns = [p[0] for p in pairs], [p[1] for p in pairs]
        print(f"{net}: {len(pairs)} positions; mean |classic| {statistics.mean(map(abs, cs)):.0f} cp, "
              f"mean |net| {statistics.mean(map(abs, ns)):.0f} cp, "
              f"correlation {statistics.correlation(cs, ns):.2f}, "
              f"slope net/classic {statistics.linear_regression(cs, ns).slope:.2f}, "
              f"same sign {sum((c > 0) == (n > 0) for c, n in pairs) / len(pairs):.2f}")


if __name__ == "__main__":
    main()
