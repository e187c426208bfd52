# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""Does the engine show lines a player would believe? Its principal variations from common openings,
each move judged by Stockfish.

1. The named opening positions (the Lichess opening names, ``../shared/data/openings/*.tsv``) are
   ranked by how many of the master games (``../shared/data/pgn/*.pgn``) reach them; the ``--top``
   (100) most common are kept.
2. From each, kibitzer over UCI searches ``--movetime`` ms (1000) and its last principal variation
   is taken, as the explanation panel would show it.
3. Every move of that line is scored by Stockfish at ``--depth`` (14) with a search restricted to
   that move, against Stockfish's best move at the same depth; a move that loses ``--threshold``
   (100) centipawns or more is counted and printed with its ply in the line.

The figures are the number of such moves (and of lines containing one), in the first
``--shown-plies`` (8) plies, which are what the program shows of a line (``SHOWN_LINE_PLIES`` in
``src/ui.rs``), and in the whole principal variation (whose tail comes from ever shallower
searches): the evaluation should not make its lines pass through moves no player would consider
(``3.Rg1`` after ``1.d4 Nf6 2.Nf3 d5``).

    cargo build --release
    python3 scripts/opening_lines.py                      # 100 openings, 1 s, depth 14
    python3 scripts/opening_lines.py --top 20 --movetime 300 --depth 10   # a quick look
    python3 scripts/opening_lines.py --kibitzer-depth 10 --option OwnBook=false  # load-independent
"""

from __future__ import annotations

import argparse
import collections
import csv
import io
import sys
from pathlib import Path
from typing import Dict, List, Tuple

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from uci_engines import find_stockfish  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
MATE_CP = 100_000


def epd_key(board: chess.Board) -> str:
    """Placement, side, castling and a legal en-passant square: how positions are matched."""
    return board.epd()


def named_positions() -> Dict[str, Tuple[str, str, str]]:
    """EPD of each named line's final position -> (eco, name, moves)."""
    named: Dict[str, Tuple[str, str, str]] = {}
    for tsv in sorted((DATA / "openings").glob("*.tsv")):
        with open(tsv, encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                board = chess.Board()
                game = chess.pgn.read_game(io.StringIO(row["pgn"]))
                if game is None:
                    continue
                for move in game.mainline_moves():
                    board.push(move)
                named.setdefault(epd_key(board), (row["eco"], row["name"], row["pgn"]))
    return named


def common_openings(named: Dict[str, Tuple[str, str, str]], top: int) -> List[Tuple[int, str]]:
    """The ``top`` named positions most often reached in the master games: (games, epd)."""
    counts: collections.Counter = collections.Counter()
    for pgn in sorted((DATA / "pgn").glob("*.pgn")):
        with open(pgn, encoding="utf-8", errors="replace") as f:
            while True:
                try:
                    game = chess.pgn.read_game(f)
                except (ValueError, UnicodeDecodeError):
                    continue
                if game is None:
                    break
                board = game.board()
                seen = set()
                for ply, move in enumerate(game.mainline_moves()):
                    if ply >= 40:
                        break
                    board.push(move)
                    key = epd_key(board)
                    if key in named and key not in seen:
                        seen.add(key)
                        counts[key] += 1
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], named[kv[0]][1]))
    return [(n, epd) for epd, n in ranked[:top]]


def cp_of(score: chess.engine.PovScore, pov: chess.Color) -> int:
    return score.pov(pov).score(mate_score=MATE_CP)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kibitzer", default=f"{ROOT / 'target' / 'release' / 'kibitzer'} uci")
    parser.add_argument("--stockfish")
    parser.add_argument("--top", type=int, default=100)
    parser.add_argument("--movetime", type=int, default=1000, help="kibitzer's ms per position")
    parser.add_argument(
        "--kibitzer-depth",
        type=int,
        help="search kibitzer to this depth instead of --movetime (figures independent of the load)",
    )
    parser.add_argument("--depth", type=int, default=14, help="Stockfish's depth per move")
    parser.add_argument("--threshold", type=int, default=100, help="a bad move loses this many cp")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE for kibitzer")
    parser.add_argument(
        "--shown-plies",
        type=int,
        default=8,
        help="plies of a line the program shows (SHOWN_LINE_PLIES in src/ui.rs)",
    )
    args = parser.parse_args()

    named = named_positions()
    openings = common_openings(named, args.top)
    kib = chess.engine.SimpleEngine.popen_uci(args.kibitzer.split())
    for opt in args.option:
        name, _, value = opt.partition("=")
        kib.configure({name: value})
    sf = chess.engine.SimpleEngine.popen_uci(find_stockfish(args.stockfish))
    sf.configure({"Threads": 1, "Hash": 64})

    bad_moves = 0
    bad_lines = 0
    shown_bad_moves = 0
    shown_bad_lines = 0
    judged = 0
    try:
        for games, epd in openings:
            eco, name, moves = named[epd]
            board = chess.Board()
            for move in chess.pgn.read_game(io.StringIO(moves)).mainline_moves():
                board.push(move)
            limit = (
                chess.engine.Limit(depth=args.kibitzer_depth)
                if args.kibitzer_depth
                else chess.engine.Limit(time=args.movetime / 1000)
            )
            info = kib.analyse(board, limit, game=object())
            pv = info.get("pv", [])
            line_board = board.copy()
            sans: List[str] = []
            flagged: List[str] = []
            shown_flagged = 0
            for ply, move in enumerate(pv):
                if move not in line_board.legal_moves:
                    break
                side = line_board.turn
                best = sf.analyse(line_board, chess.engine.Limit(depth=args.depth))
                played = sf.analyse(
                    line_board, chess.engine.Limit(depth=args.depth), root_moves=[move]
                )
                loss = cp_of(best["score"], side) - cp_of(played["score"], side)
                san = line_board.san(move)
                sans.append(san)
                judged += 1
                if loss >= args.threshold:
                    bad_moves += 1
                    best_san = line_board.san(best["pv"][0]) if best.get("pv") else "?"
                    shown = ply < args.shown_plies
                    shown_flagged += shown
                    where = "shown" if shown else "beyond the shown plies"
                    flagged.append(
                        f"{san} (ply {ply + 1}, {where}) loses {loss} cp (Stockfish: {best_san})"
                    )
                line_board.push(move)
            shown_bad_moves += shown_flagged
            shown_bad_lines += shown_flagged > 0
            if flagged:
                bad_lines += 1
                print(f"{eco} {name} ({games} games): {' '.join(sans)}")
                for f in flagged:
                    print(f"    {f}")
    finally:
        kib.quit()
        sf.quit()
    print(
        f"{len(openings)} openings, {judged} line moves judged at depth {args.depth}: "
        f"{bad_moves} moves lose >= {args.threshold} cp, in {bad_lines} lines"
    )
    print(
        f"in the first {args.shown_plies} plies of each line (what the program shows): "
        f"{shown_bad_moves} such moves, in {shown_bad_lines} lines"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
