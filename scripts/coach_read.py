#!/usr/bin/env python3
"""Print explanations of real master moves beside Stockfish's numbers, for a strict coach's read.

For every sampled move of a PGN (games `--first` .. `--first + --games`, plies `--plies`, one
move per game every `--step` plies) prints the FEN, the move, kibitzer's medium explanation
(`kibitzer explain --fen F --move M --level medium`) and Stockfish's best move, its score and
the played move's score (centipawns, White's view), so a reader can mark whether the move's main
idea is named. The reading itself is done by a person; the counts go to docs/EXPLANATIONS.md.

    python3 scripts/coach_read.py --pgn /work/shared/data/pgn/fischer.pgn --games 10 \
        --kibitzer target/release/kibitzer > /tmp/read.txt
"""
import argparse
import subprocess

import chess
import chess.engine
import chess.pgn


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pgn", required=True)
    ap.add_argument("--first", type=int, default=0, help="index of the first game")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--plies", default="20-50", help="ply range to sample from")
    ap.add_argument("--per-game", type=int, default=3)
    ap.add_argument("--kibitzer", default="target/release/kibitzer")
    ap.add_argument("--movetime", type=int, default=300)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--sf-depth", type=int, default=16)
    ap.add_argument("--review", action="store_true",
                    help="read the explanations of `kibitzer review --json` (the previous move known, "
                         "as a player sees them) instead of `kibitzer explain --fen`")
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.plies.split("-"))
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    n = 0
    with open(args.pgn, encoding="utf-8", errors="replace") as f:
        for gi in range(args.first + args.games):
            game = chess.pgn.read_game(f)
            if game is None:
                break
            if gi < args.first:
                continue
            moves = list(game.mainline_moves())
            if len(moves) <= lo:
                continue
            span = min(hi, len(moves) - 1) - lo
            picks = sorted({lo + (k * max(span, 1)) // args.per_game for k in range(args.per_game)})
            board = chess.Board()
            reviewed = {}
            if args.review:
                import json
                out = subprocess.run(
                    [args.kibitzer, "review", "--no-db", args.pgn, "--game", str(gi + 1), "--json",
                     "--level", "medium"], capture_output=True, text=True, timeout=1800)
                for p in json.loads(out.stdout or "{}").get("plies", []):
                    reviewed[p["ply"]] = p
            for ply, mv in enumerate(moves):
                if ply in picks:
                    fen = board.fen()
                    san = board.san(mv)
                    if args.review:
                        p = reviewed.get(ply, {})
                        e = p.get("explanation", "")
                        text = e if isinstance(e, str) else e.get("text", "")
                        out = argparse.Namespace(
                            stdout=f"{p.get('label', '?')}: {text}", stderr="")
                    else:
                        out = subprocess.run(
                            [args.kibitzer, "explain", "--no-db", "--fen", fen, "--move", san,
                             "--level", "medium", "--movetime", str(args.movetime)],
                            capture_output=True, text=True, timeout=60)
                    info = sf.analyse(board, chess.engine.Limit(depth=args.sf_depth), multipv=2)
                    best = info[0]
                    played = sf.analyse(board, chess.engine.Limit(depth=args.sf_depth), root_moves=[mv])
                    def cp(i):
                        return i["score"].white().score(mate_score=10000)
                    n += 1
                    print(f"## {n}. game {gi} ply {ply}: {game.headers.get('White')} - {game.headers.get('Black')}")
                    print(f"FEN {fen}")
                    print(f"played {san}  (SF {cp(played):+d})   SF best {board.san(best['pv'][0])} {cp(best):+d}"
                          f"   second {board.san(info[1]['pv'][0]) if len(info) > 1 else '-'} "
                          f"{cp(info[1]) if len(info) > 1 else 0:+d}   SF line {board.variation_san(best['pv'][:6])}")
                    print(out.stdout.strip() or out.stderr.strip())
                    print()
                board.push(mv)
    sf.quit()


if __name__ == "__main__":
    main()
