#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""Play a match between two UCI engines and report the score and Elo difference.

Engines are given either as a command line (``--engine1 "target/release/kibitzer uci"``)
or as Stockfish with limited strength (``--engine2 sf:2200`` or the shorthand
``--stockfish-elo 2200`` for engine 2).  Games start from the positions in an EPD
file (default: ``scripts/openings.epd``); every opening is played twice with the
colours reversed.  Results are reported from engine 1's point of view.

Faults are counted and reported with game number, FEN and move:
  * illegal move  - the engine's bestmove is not legal in the position (or it
                    answers ``bestmove (none)`` while a legal move exists);
  * crash         - the engine process dies or breaks the protocol;
  * time loss     - the engine's clock runs out (real wall-clock time per side),
                    or it does not answer at all within the hang timeout.
The faulting engine loses the game.  Exit status is 1 if any illegal move or
crash happened, 3 if an engine cannot be started, 0 otherwise.

Example:
  python3 scripts/match.py --engine1 "target/release/kibitzer uci" \
      --engine1-option Level=10 --stockfish-elo 2200 --tc 10+0.1 --games 100 \
      --pgn /tmp/match.pgn
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import datetime
import math
import os
import random
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

import chess
import chess.engine
import chess.pgn

from uci_engines import (STOCKFISH_ELO_MAX, STOCKFISH_ELO_MIN, engine_command, parse_option,
                         typed_options)

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OPENINGS = os.path.join(SCRIPT_DIR, "openings.epd")


# ---------------------------------------------------------------------------
# Engine specifications


@dataclass
class EngineSpec:
    name: str
    command: List[str]
    options: Dict[str, str] = field(default_factory=dict)


def make_spec(value: str, options: List[Tuple[str, str]], name: Optional[str],
              stockfish: Optional[str]) -> EngineSpec:
    """Build an engine spec from a command line or an ``sf:ELO`` shorthand."""
    command, opts, default_name = engine_command(value, stockfish)
    for key, val in options:
        opts[key] = val
    if not name:
        extra = ",".join(f"{k}={v}" for k, v in options)
        name = default_name + (f"({extra})" if extra else "")
    return EngineSpec(name=name, command=command, options=opts)


class Player:
    """A running engine process built from a spec; restartable after a crash."""

    def __init__(self, spec: EngineSpec):
        self.spec = spec
        self.engine: Optional[chess.engine.SimpleEngine] = None

    def ensure_started(self) -> chess.engine.SimpleEngine:
        if self.engine is None:
            engine = chess.engine.SimpleEngine.popen_uci(self.spec.command, timeout=30)
            try:
                engine.configure(typed_options(engine, self.spec.options))
            except BaseException:
                engine.close()
                raise
            self.engine = engine
        return self.engine

    def kill(self) -> None:
        if self.engine is not None:
            try:
                self.engine.close()
            except Exception:
                pass
            self.engine = None

    def quit(self) -> None:
        if self.engine is not None:
            try:
                self.engine.quit()
            except Exception:
                self.kill()
            self.engine = None

    def play(self, board: chess.Board, limit: chess.engine.Limit, game_key: object,
             timeout: float) -> chess.engine.PlayResult:
        """Ask for a move; raise asyncio/concurrent TimeoutError after `timeout` s."""
        engine = self.ensure_started()
        coro = asyncio.wait_for(
            engine.protocol.play(board, limit, game=game_key,
                                 info=chess.engine.INFO_SCORE | chess.engine.INFO_BASIC),
            timeout)
        future = asyncio.run_coroutine_threadsafe(coro, engine.protocol.loop)
        return future.result()


# ---------------------------------------------------------------------------
# Statistics


def elo_from_score(score: float) -> float:
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_estimate(wins: int, draws: int, losses: int) -> Tuple[float, float, float, float]:
    """Return (score, elo, elo_low, elo_high) with a 95% interval.

    The score's variance uses the trinomial model: each game is 1, 1/2 or 0
    with the observed frequencies; the interval for the mean score is mapped
    through the logistic curve, so it is asymmetric in Elo.
    """
    n = wins + draws + losses
    if n == 0:
        return 0.5, 0.0, -math.inf, math.inf
    score = (wins + 0.5 * draws) / n
    var = (wins * (1.0 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    stderr = math.sqrt(var / n)
    low = max(0.0, score - 1.959964 * stderr)
    high = min(1.0, score + 1.959964 * stderr)
    return score, elo_from_score(score), elo_from_score(low), elo_from_score(high)


def fmt_elo(value: float) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{value + 0.0:+.1f}"


# ---------------------------------------------------------------------------
# Games


@dataclass
class Fault:
    game: int
    engine: str
    kind: str          # "illegal move", "crash", "time loss"
    fen: str
    move: str
    detail: str

    def describe(self) -> str:
        return (f"game {self.game}: {self.kind} by {self.engine}: move {self.move} "
                f"in FEN {self.fen} ({self.detail})")


@dataclass
class GameResult:
    number: int
    result: str                      # "1-0", "0-1", "1/2-1/2"
    engine1_white: bool
    termination: str
    game: chess.pgn.Game
    faults: List[Fault]


@dataclass
class Settings:
    tc: Optional[Tuple[float, float]]
    movetime: Optional[int]
    depth: Optional[int]
    nodes: Optional[int]
    hang_timeout: float
    time_margin: float
    adjudicate: bool
    resign_cp: int
    resign_moves: int
    draw_cp: int
    draw_moves: int
    draw_start: int
    max_plies: int


def score_cp(info: dict, pov: chess.Color) -> Optional[int]:
    score = info.get("score")
    if score is None:
        return None
    return score.pov(pov).score(mate_score=100000)


def play_game(number: int, opening: Tuple[str, str], white: Player, black: Player,
              engine1_white: bool, settings: Settings, event: str) -> GameResult:
    fen, opening_name = opening
    board = chess.Board(fen)
    game = chess.pgn.Game()
    game.headers["Event"] = event
    game.headers["Site"] = "kibitzer scripts/match.py"
    game.headers["Date"] = datetime.date.today().strftime("%Y.%m.%d")
    game.headers["Round"] = str(number)
    game.headers["White"] = white.spec.name
    game.headers["Black"] = black.spec.name
    game.headers["Opening"] = opening_name
    game.setup(board)
    if settings.tc:
        game.headers["TimeControl"] = f"{settings.tc[0]:g}+{settings.tc[1]:g}"
    elif settings.movetime:
        game.headers["TimeControl"] = f"movetime {settings.movetime} ms"
    elif settings.nodes:
        game.headers["TimeControl"] = f"nodes {settings.nodes}"
    else:
        game.headers["TimeControl"] = f"depth {settings.depth}"
    node: chess.pgn.GameNode = game
    players = {chess.WHITE: white, chess.BLACK: black}
    clocks = {chess.WHITE: settings.tc[0], chess.BLACK: settings.tc[0]} if settings.tc else None
    game_key = object()  # a fresh key makes python-chess send ucinewgame
    faults: List[Fault] = []
    history: List[Tuple[chess.Color, Optional[int]]] = []  # (mover, own-POV centipawns)
    result: Optional[str] = None
    termination = ""

    def forfeit(side: chess.Color, kind: str, move: str, detail: str) -> None:
        nonlocal result, termination
        faults.append(Fault(number, players[side].spec.name, kind, board.fen(), move, detail))
        result = "0-1" if side == chess.WHITE else "1-0"
        termination = f"{kind} by {players[side].spec.name}"

    plies = 0
    while result is None:
        # Draws happen, as in cutechess, when the position has actually occurred three times or
        # fifty moves passed; python-chess's claim_draw=True would also end the game when the
        # side to move merely *could* repeat, even a winning side that never would.
        outcome = board.outcome(claim_draw=False)
        if outcome is not None:
            result = outcome.result()
            termination = outcome.termination.name.lower().replace("_", " ")
            break
        repeated = board.is_repetition(3)
        if repeated or board.halfmove_clock >= 100:
            result = "1/2-1/2"
            termination = "threefold repetition" if repeated else "fifty moves"
            break
        if plies >= settings.max_plies:
            result, termination = "1/2-1/2", f"adjudicated: {settings.max_plies} plies"
            break
        side = board.turn
        player = players[side]
        if clocks is not None:
            limit = chess.engine.Limit(white_clock=max(clocks[chess.WHITE], 0.001),
                                       black_clock=max(clocks[chess.BLACK], 0.001),
                                       white_inc=settings.tc[1], black_inc=settings.tc[1])
            timeout = clocks[side] + settings.time_margin + settings.hang_timeout
        elif settings.movetime:
            limit = chess.engine.Limit(time=settings.movetime / 1000.0)
            timeout = settings.movetime / 1000.0 + settings.hang_timeout
        elif settings.nodes:
            limit = chess.engine.Limit(nodes=settings.nodes)
            timeout = settings.hang_timeout
        else:
            limit = chess.engine.Limit(depth=settings.depth)
            timeout = settings.hang_timeout
        started = time.monotonic()
        try:
            played = player.play(board, limit, game_key, timeout)
        except (asyncio.TimeoutError, concurrent.futures.TimeoutError):
            forfeit(side, "time loss", "-", f"no bestmove within {timeout:.1f}s; engine killed")
            player.kill()
            break
        except chess.engine.EngineTerminatedError as err:
            forfeit(side, "crash", "-", f"engine process died: {err}")
            player.kill()
            break
        except chess.engine.EngineError as err:
            text = str(err)
            illegal = re.search(r"illegal uci: '([^']*)'", text) or re.search(
                r"invalid uci: '([^']*)'", text)
            if illegal:
                forfeit(side, "illegal move", illegal.group(1), text)
                # The engine may be confused about the position; start it afresh.
                player.kill()
            else:
                forfeit(side, "crash", "-", f"protocol error: {text}")
                player.kill()
            break
        elapsed = time.monotonic() - started
        if played.move is None:
            forfeit(side, "illegal move", "(none)", "bestmove (none) in a position with legal moves")
            break
        if played.move not in board.legal_moves:  # defensive; python-chess checks this too
            forfeit(side, "illegal move", played.move.uci(), "move is not legal")
            break
        if clocks is not None:
            clocks[side] -= elapsed
            if clocks[side] < -settings.time_margin:
                forfeit(side, "time loss", board.san(played.move),
                        f"used {elapsed:.3f}s, clock was {clocks[side] + elapsed:.3f}s")
                break
            clocks[side] += settings.tc[1]
        cp = score_cp(played.info, side)
        comment = []
        if cp is not None:
            score = played.info["score"].pov(chess.WHITE)
            comment.append(str(score))
        if "depth" in played.info:
            comment.append(f"d{played.info['depth']}")
        comment.append(f"{elapsed:.3f}s")
        board.push(played.move)
        node = node.add_variation(played.move, comment=" ".join(comment))
        plies += 1

        history.append((side, cp))
        if settings.adjudicate:
            verdict = adjudicate(history, board, settings)
            if verdict == "draw":
                result, termination = "1/2-1/2", "adjudicated: drawn by score"
            elif verdict is not None:
                loser = verdict
                result = "0-1" if loser == chess.WHITE else "1-0"
                termination = f"adjudicated: {players[loser].spec.name} lost by score"

    game.headers["Result"] = result
    game.headers["Termination"] = termination
    return GameResult(number, result, engine1_white, termination, game, faults)


def adjudicate(history: List[Tuple[chess.Color, Optional[int]]], board: chess.Board,
               settings: Settings):
    """Return a losing colour, "draw" or None.

    Loss: each side's last `resign_moves` scores (from its own point of view)
    agree, the loser at or below -resign_cp and the winner at or above it.
    Draw: from move `draw_start` on, the last 2*`draw_moves` scores are all
    within +/- draw_cp.
    """
    n = settings.resign_moves
    if len(history) >= 2 * n:
        recent = history[-2 * n:]
        for loser in (chess.WHITE, chess.BLACK):
            own = [cp for side, cp in recent if side == loser]
            other = [cp for side, cp in recent if side != loser]
            if (all(cp is not None and cp <= -settings.resign_cp for cp in own)
                    and all(cp is not None and cp >= settings.resign_cp for cp in other)):
                return loser
    m = 2 * settings.draw_moves
    if board.fullmove_number >= settings.draw_start and len(history) >= m:
        if all(cp is not None and abs(cp) <= settings.draw_cp for _, cp in history[-m:]):
            return "draw"
    return None


# ---------------------------------------------------------------------------
# Driver


def load_openings(path: str) -> List[Tuple[str, str]]:
    openings = []
    with open(path, encoding="utf-8") as handle:
        for lineno, line in enumerate(handle, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            board, ops = chess.Board.from_epd(line)
            if not board.is_valid():
                raise SystemExit(f"error: {path}:{lineno}: invalid position")
            openings.append((board.fen(), str(ops.get("id", f"{os.path.basename(path)}:{lineno}"))))
    if not openings:
        raise SystemExit(f"error: no positions in {path}")
    return openings


def parse_tc(text: str) -> Tuple[float, float]:
    match = re.fullmatch(r"\s*([0-9.]+)\s*(?:\+\s*([0-9.]+))?\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(f"time control must be BASE+INC in seconds, got {text!r}")
    return float(match.group(1)), float(match.group(2) or 0.0)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description="Play a UCI engine match and report W/D/L, score and Elo difference.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Engine values: a command line, 'sf:ELO' (Stockfish with UCI_LimitStrength, "
               f"ELO {STOCKFISH_ELO_MIN}-{STOCKFISH_ELO_MAX}) or 'sf' (full-strength Stockfish, "
               "1 thread). Results are from engine 1's point of view.")
    parser.add_argument("--engine1", required=True, help="engine 1 command or sf:ELO")
    parser.add_argument("--engine2", help="engine 2 command or sf:ELO")
    parser.add_argument("--stockfish-elo", type=int, metavar="ELO",
                        help="shorthand for --engine2 sf:ELO")
    parser.add_argument("--engine1-option", action="append", default=[], type=parse_option,
                        metavar="NAME=VALUE", help="UCI option for engine 1 (repeatable)")
    parser.add_argument("--engine2-option", action="append", default=[], type=parse_option,
                        metavar="NAME=VALUE", help="UCI option for engine 2 (repeatable)")
    parser.add_argument("--name1", help="display name of engine 1")
    parser.add_argument("--name2", help="display name of engine 2")
    parser.add_argument("--stockfish", metavar="PATH",
                        help="Stockfish binary (default: PATH, then /usr/games/stockfish)")
    limits = parser.add_mutually_exclusive_group()
    limits.add_argument("--tc", type=parse_tc, metavar="BASE+INC",
                        help="clock per side in seconds plus increment, e.g. 10+0.1 (default)")
    limits.add_argument("--movetime", type=int, metavar="MS", help="fixed time per move")
    limits.add_argument("--depth", type=int, metavar="N", help="fixed depth per move")
    limits.add_argument("--nodes", type=int, metavar="N",
                        help="fixed node count per move (load-independent A/B tests)")
    parser.add_argument("--games", type=int, help="number of games (default: 2 per opening)")
    parser.add_argument("--openings", default=DEFAULT_OPENINGS, metavar="EPD",
                        help="opening positions (default: scripts/openings.epd)")
    parser.add_argument("--seed", type=int,
                        help="shuffle the opening order with this seed (default: file order)")
    parser.add_argument("--concurrency", type=int, default=1, help="games in parallel (default 1)")
    parser.add_argument("--pgn", metavar="OUT", help="write all games to this PGN file")
    parser.add_argument("--time-margin", type=float, default=0.0, metavar="SEC",
                        help="overrun tolerated before a time loss is called (default 0)")
    parser.add_argument("--hang-timeout", type=float, default=10.0, metavar="SEC",
                        help="extra seconds to wait for a bestmove beyond the limit before the "
                             "engine is killed (default 10; with --depth it is the whole wait, "
                             "so raise it for deep searches)")
    parser.add_argument("--adjudicate", action="store_true",
                        help="end clearly decided games early (off by default)")
    parser.add_argument("--resign-cp", type=int, default=1000)
    parser.add_argument("--resign-moves", type=int, default=3)
    parser.add_argument("--draw-cp", type=int, default=10)
    parser.add_argument("--draw-moves", type=int, default=8)
    parser.add_argument("--draw-start", type=int, default=40, metavar="MOVE")
    parser.add_argument("--max-plies", type=int, default=600,
                        help="declare a draw after this many plies (default 600)")
    parser.add_argument("--quiet", action="store_true", help="no per-game lines")
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    if args.engine2 and args.stockfish_elo is not None:
        raise SystemExit("error: give either --engine2 or --stockfish-elo")
    engine2 = args.engine2 or (f"sf:{args.stockfish_elo}" if args.stockfish_elo is not None else None)
    if engine2 is None:
        raise SystemExit("error: need --engine2 or --stockfish-elo")
    spec1 = make_spec(args.engine1, args.engine1_option, args.name1, args.stockfish)
    spec2 = make_spec(engine2, args.engine2_option, args.name2, args.stockfish)
    if spec1.name == spec2.name:
        spec1.name += "#1"
        spec2.name += "#2"
    if args.concurrency < 1:
        raise SystemExit("error: --concurrency must be at least 1")
    tc = args.tc if (args.tc or args.movetime or args.depth or args.nodes) else (10.0, 0.1)
    settings = Settings(tc=tc, movetime=args.movetime, depth=args.depth, nodes=args.nodes,
                        hang_timeout=args.hang_timeout, time_margin=args.time_margin,
                        adjudicate=args.adjudicate, resign_cp=args.resign_cp,
                        resign_moves=args.resign_moves, draw_cp=args.draw_cp,
                        draw_moves=args.draw_moves, draw_start=args.draw_start,
                        max_plies=args.max_plies)
    openings = load_openings(args.openings)
    if args.seed is not None:
        random.Random(args.seed).shuffle(openings)
    games = args.games if args.games is not None else 2 * len(openings)
    if settings.tc:
        limit_text = f"tc {settings.tc[0]:g}+{settings.tc[1]:g}"
    elif settings.movetime:
        limit_text = f"movetime {settings.movetime} ms"
    elif settings.nodes:
        limit_text = f"nodes {settings.nodes}"
    else:
        limit_text = f"depth {settings.depth}"
    event = f"{spec1.name} vs {spec2.name}, {limit_text}"
    print(f"Match: {event}, {games} games, {len(openings)} openings, "
          f"concurrency {args.concurrency}", flush=True)

    # Pre-flight: both engines must start and accept their options.
    for spec in (spec1, spec2):
        probe = Player(spec)
        try:
            probe.ensure_started()
        except (OSError, ValueError, chess.engine.EngineError,
                chess.engine.EngineTerminatedError, asyncio.TimeoutError,
                concurrent.futures.TimeoutError) as err:
            print(f"error: cannot start {spec.name} ({' '.join(spec.command)}): {err}",
                  file=sys.stderr)
            probe.kill()
            return 3
        probe.quit()

    local = threading.local()
    all_players: List[Player] = []
    players_lock = threading.Lock()
    pgn_lock = threading.Lock()
    pgn_file = open(args.pgn, "w", encoding="utf-8") if args.pgn else None
    results: List[GameResult] = []
    counts = {"w": 0, "d": 0, "l": 0}
    print_lock = threading.Lock()

    def worker(index: int) -> GameResult:
        if not hasattr(local, "players"):
            local.players = (Player(spec1), Player(spec2))
            with players_lock:
                all_players.extend(local.players)
        p1, p2 = local.players
        opening = openings[(index // 2) % len(openings)]
        engine1_white = index % 2 == 0
        white, black = (p1, p2) if engine1_white else (p2, p1)
        return play_game(index + 1, opening, white, black, engine1_white, settings, event)

    exit_code = 0
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency) as pool:
            futures = [pool.submit(worker, i) for i in range(games)]
            for future in concurrent.futures.as_completed(futures):
                try:
                    res = future.result()
                except Exception as err:  # an engine failed to (re)start mid-match
                    for f in futures:
                        f.cancel()
                    print(f"error: a game was aborted, engine could not be (re)started: "
                          f"{type(err).__name__}: {err}", file=sys.stderr)
                    exit_code = 3
                    continue
                results.append(res)
                e1_points = {"1-0": 1.0, "0-1": 0.0}.get(res.result, 0.5)
                if not res.engine1_white:
                    e1_points = 1.0 - e1_points
                key = "w" if e1_points == 1.0 else ("l" if e1_points == 0.0 else "d")
                with print_lock:
                    counts[key] += 1
                    if not args.quiet:
                        white = res.game.headers["White"]
                        black = res.game.headers["Black"]
                        print(f"Game {res.number:>4}/{games}: {white} - {black} {res.result} "
                              f"({res.termination}); {spec1.name} +{counts['w']} "
                              f"={counts['d']} -{counts['l']}", flush=True)
                    for fault in res.faults:
                        print(f"  FAULT {fault.describe()}", flush=True)
                if pgn_file is not None:
                    with pgn_lock:
                        print(res.game, file=pgn_file, end="\n\n")
                        pgn_file.flush()
    except KeyboardInterrupt:
        print("interrupted; reporting the games finished so far", file=sys.stderr)
    finally:
        for player in all_players:
            player.quit()
        if pgn_file is not None:
            pgn_file.close()

    if exit_code == 3 and not results:
        return 3
    faults = [f for r in sorted(results, key=lambda r: r.number) for f in r.faults]
    wins, draws, losses = counts["w"], counts["d"], counts["l"]
    n = wins + draws + losses
    score, elo, low, high = elo_estimate(wins, draws, losses)
    print()
    print(f"Result of {spec1.name} vs {spec2.name} ({limit_text}), {n} games")
    print(f"  W/D/L: {wins}/{draws}/{losses}   score {100 * score:.1f}%")
    if n and (wins == n or losses == n):
        print(f"  Elo difference: {fmt_elo(elo)} (every game {'won' if wins == n else 'lost'}: "
              "no finite estimate or error bar; play more games or a closer opponent)")
    elif math.isinf(low) or math.isinf(high):
        print(f"  Elo difference: {fmt_elo(elo)}  95% interval [{fmt_elo(low)}, {fmt_elo(high)}]")
    else:
        print(f"  Elo difference: {fmt_elo(elo)} +/- {(high - low) / 2:.1f}  "
              f"95% interval [{fmt_elo(low)}, {fmt_elo(high)}]")
    kinds = ["illegal move", "crash", "time loss"]
    for kind in kinds:
        these = [f for f in faults if f.kind == kind]
        label = {"illegal move": "illegal moves", "crash": "crashes", "time loss": "time losses"}[kind]
        print(f"  {label}: {len(these)}")
        for fault in these:
            print(f"    {fault.describe()}")
    terminations: Dict[str, int] = {}
    for r in results:
        terminations[r.termination] = terminations.get(r.termination, 0) + 1
    print("  terminations: " + ", ".join(f"{k} {v}" for k, v in sorted(terminations.items())))
    if args.pgn:
        print(f"  games written to {args.pgn}")
    if any(f.kind in ("illegal move", "crash") for f in faults):
        return 1
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
