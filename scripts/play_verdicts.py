#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""How far can a player trust play mode's verdicts on their moves? Games of a weak level
against a stronger one, the weak side's moves judged as play mode judges a human's move, and
Stockfish as referee.

1. ``scripts/match.py`` plays ``--games`` (20) games of kibitzer over UCI at ``Level``
   ``--level`` (3, the "human") against ``--opponent-level`` (6), from the start position,
   colours alternated; each level's own depth and time cap its moves (``go depth 30`` is only
   the outer limit), so the games are those a player of that level would have. The games are
   kept in ``--pgn``; ``--reuse`` judges an existing file instead of playing.
2. Each move of the weak side is judged with ``kibitzer explain --fen FEN --move MOVE --json``:
   the same code path as play mode's background analysis of a human's move
   (``analysis::analyse``: a search with exact root scores, the book check, the verification
   search of a move that looks like an error, the search after the move), with ``--depth``
   (default 6, the depth of the review's load-independent figures in docs/BENCHMARKS.md)
   instead of play's ``[explain] analysis_ms`` (1000 ms, which reaches depth 9-11 in a
   middlegame on the loaded shared machine, more on a quiet one), so the figures do not depend
   on the machine's load (``--movetime`` gives play's time budget instead). Two
   differences from play: ``explain`` knows the position, not the game's earlier positions
   (repetitions are not seen), and every call starts with an empty transposition table, as
   each background analysis does. ``KIBITZER_DATA_DIR`` is a fresh directory (no stored
   searches) unless ``--data-dir`` is given.
3. Stockfish judges each of those plies as ``scripts/review_agreement.py`` does (its
   ``Referee`` and ``referee_verdict``: depth 14, one thread, hash cleared per game, Lichess
   winning-chances classes from the mover's side), and the same figures are printed: flagged
   precision, severe recall, better-move accuracy, book moves flagged, then each disagreement.

    cargo build --release
    python3 scripts/play_verdicts.py                              # 20 games, depth 6 judgement
    python3 scripts/play_verdicts.py --reuse --movetime 1000      # play's own budget, same games
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import List, Optional

import chess
import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from review_agreement import (  # noqa: E402
    FLAGGED,
    Referee,
    Tally,
    Verdict,
    print_report,
    ratio,
    referee_arguments,
    referee_verdict,
    start_referee,
)

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = Path(__file__).resolve().parent


def play_games(args: argparse.Namespace, pgn: Path, env: dict) -> None:
    """Plays the games with scripts/match.py into ``pgn``."""
    with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as f:
        f.write(chess.Board().epd(id="start position") + "\n")
        openings = f.name
    engine = f"{args.kibitzer} uci"
    cmd = [
        sys.executable, str(SCRIPTS / "match.py"),
        "--engine1", engine, "--name1", f"level{args.level}",
        "--engine1-option", f"Level={args.level}",
        "--engine2", engine, "--name2", f"level{args.opponent_level}",
        "--engine2-option", f"Level={args.opponent_level}",
        "--depth", "30", "--games", str(args.games), "--openings", openings,
        "--concurrency", "1", "--pgn", str(pgn), "--quiet",
    ]
    try:
        proc = subprocess.run(cmd, text=True, capture_output=True, env=env)
    finally:
        os.unlink(openings)
    if proc.returncode != 0:
        raise SystemExit(f"error: {' '.join(cmd)} exited {proc.returncode}:\n{proc.stderr[-2000:]}")
    print(proc.stdout.strip(), file=sys.stderr)


def explain(args: argparse.Namespace, board: chess.Board, move: chess.Move, env: dict) -> dict:
    """kibitzer's judgement of ``move`` in ``board`` (``kibitzer explain --json``)."""
    limit = ["--depth", str(args.depth)] if args.movetime is None else ["--movetime", str(args.movetime)]
    cmd = [args.kibitzer, "explain", "--fen", board.fen(), "--move", move.uci(), "--json", *limit]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[:500]}")
    return json.loads(proc.stdout)


def judge_game(
    args: argparse.Namespace,
    game: chess.pgn.Game,
    number: int,
    human: str,
    referee: Referee,
    env: dict,
) -> List[Verdict]:
    """The verdicts on the moves of the player named ``human`` in ``game``."""
    side = chess.WHITE if game.headers.get("White") == human else chess.BLACK
    board = game.board()
    name = f"game {number} ({human} as {'White' if side == chess.WHITE else 'Black'})"
    verdicts: List[Verdict] = []
    for ply, move in enumerate(game.mainline_moves()):
        if board.turn == side:
            before = board.copy()
            after = board.copy()
            after.push(move)
            doc = explain(args, before, move, env)
            quality = doc.get("quality") or {}
            k_class = quality.get("quality", "good")
            best = doc.get("best") or {}
            verdicts.append(
                referee_verdict(
                    before,
                    referee.evaluate(before),
                    referee.evaluate(after),
                    name,
                    ply,
                    before.san(move),
                    move.uci(),
                    k_class,
                    float(quality.get("drop") or 0.0),
                    best.get("uci") if k_class in FLAGGED else None,
                    best.get("san"),
                    k_class == "book",
                    referee,
                )
            )
        board.push(move)
    return verdicts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    referee_arguments(parser)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--level", type=int, default=3, help="the judged side's level (3)")
    parser.add_argument("--opponent-level", type=int, default=6, help="its opponent's level (6)")
    parser.add_argument("--pgn", default=str(ROOT / "target" / "play_verdicts.pgn"),
                        help="where the games are written (or read with --reuse)")
    parser.add_argument("--reuse", action="store_true", help="judge the games already in --pgn")
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--depth", type=int, default=6, help="kibitzer's judgement depth (6)")
    limit.add_argument("--movetime", type=int, help="kibitzer's judgement time in ms instead")
    parser.add_argument("--referee-depth", type=int, default=14, help="Stockfish's depth (14)")
    parser.add_argument("--data-dir", help="KIBITZER_DATA_DIR for explain (default: a fresh one)")
    args = parser.parse_args()

    stockfish, sf_id, cache = start_referee(args)
    pgn = Path(args.pgn)
    human = f"level{args.level}"
    scratch: Optional[tempfile.TemporaryDirectory] = None
    env = dict(os.environ)
    if args.data_dir:
        env["KIBITZER_DATA_DIR"] = args.data_dir
    else:
        scratch = tempfile.TemporaryDirectory(prefix="play-verdicts-")
        env["KIBITZER_DATA_DIR"] = scratch.name
        env.setdefault("KIBITZER_CONFIG_DIR", scratch.name)

    tally = Tally()
    judged: List[dict] = []
    games = 0
    try:
        if not args.reuse:
            pgn.parent.mkdir(parents=True, exist_ok=True)
            if pgn.exists():
                pgn.unlink()
            play_games(args, pgn, env)
        if not pgn.exists():
            raise SystemExit(f"error: {pgn} does not exist; run without --reuse to play the games")
        with open(pgn, encoding="utf-8") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                games += 1
                if human not in (game.headers.get("White"), game.headers.get("Black")):
                    raise SystemExit(f"error: {pgn} game {games}: no player named {human}")
                key = f"{pgn.resolve()}:{games}:{game.board().fen()}:{len(list(game.mainline_moves()))}"
                referee = Referee(stockfish, args.referee_depth, args.hash, cache, f"{key}:d{args.referee_depth}:{sf_id}")
                try:
                    verdicts = judge_game(args, game, games, human, referee, env)
                finally:
                    referee.close()
                for v in verdicts:
                    tally.add(v)
                    judged.append(v.__dict__ | {"better_ok": v.better_ok()})
                if args.json_out:
                    Path(args.json_out).write_text(json.dumps(judged, indent=1))
                print(
                    f"judged game {games}: {len(verdicts)} moves of {human}; so far precision "
                    f"{ratio(tally.flagged_confirmed, tally.flagged)}, recall "
                    f"{ratio(tally.severe_caught, tally.severe)}",
                    file=sys.stderr,
                )
    finally:
        if scratch is not None:
            scratch.cleanup()

    budget = f"depth {args.depth}" if args.movetime is None else f"movetime {args.movetime} ms"
    print_report(
        tally,
        args.quiet,
        [
            f"games {games}, level {args.level} vs level {args.opponent_level}, "
            f"{tally.plies} moves of level {args.level} judged",
            f"judgement: kibitzer explain --json, {budget}; referee {sf_id} depth {args.referee_depth}",
        ],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
