#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""Run a UCI engine over test-position suites and count the solved positions.

Two input formats are understood:

* EPD files (``*.epd``) with the opcodes
    bm  best move(s) in SAN - solved if the engine plays one of them;
    am  avoid move(s) in SAN - solved if the engine plays none of them;
    dm  mate distance - solved if the engine reports ``mate k`` with 1 <= k <= dm.
  When a line has several of these, all must hold.
* Plain FEN files named ``mateN.fen`` (one FEN per line; the side to move mates
  in N).  Solved if the engine reports ``mate k`` with 1 <= k <= N and its move
  really leads to mate in at most N: this is checked with python-chess by an
  exhaustive mate search after the move (within a node budget; if the budget
  runs out, the engine's principal variation must end in checkmate within N
  moves instead, and the position is marked "pv-checked").  Use ``--mate N``
  for FEN files named otherwise.

Every position starts with ``ucinewgame``.  The engine is restarted if it
crashes; a crash, timeout or illegal move counts as unsolved and is reported.

Example:
  python3 scripts/epd.py --engine "target/release/kibitzer uci" --movetime 1000 \
      ../shared/data/tactics/bratko_kopec.epd ../shared/data/tactics/mate*.fen
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import os
import re
import sys
import time
from dataclasses import dataclass, field, asdict
from typing import Dict, List, Optional, Tuple

import chess
import chess.engine

from uci_engines import engine_command, parse_option, typed_options



# ---------------------------------------------------------------------------
# Positions


@dataclass
class Position:
    file: str
    line: int
    id: str
    fen: str
    bm: List[str] = field(default_factory=list)   # SAN
    am: List[str] = field(default_factory=list)   # SAN
    dm: Optional[int] = None                      # EPD mate distance
    mate: Optional[int] = None                    # mateN.fen: must mate in <= N (verified)


def load_file(path: str, mate_override: Optional[int]) -> List[Position]:
    name = os.path.basename(path)
    fen_mate = mate_override
    if fen_mate is None:
        match = re.fullmatch(r"mate(\d+)\.fen", name)
        if match:
            fen_mate = int(match.group(1))
    positions: List[Position] = []
    with open(path, encoding="utf-8") as handle:
        for lineno, raw in enumerate(handle, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if name.endswith(".fen") or fen_mate is not None and not name.endswith(".epd"):
                board = chess.Board(line)
                if fen_mate is None:
                    raise SystemExit(f"error: {path}: plain FEN file needs --mate N "
                                     "(or a name like mate2.fen)")
                positions.append(Position(name, lineno, f"{name}:{lineno}", board.fen(),
                                          mate=fen_mate))
                continue
            try:
                board, ops = chess.Board.from_epd(line)
            except ValueError as err:
                raise SystemExit(f"error: {path}:{lineno}: {err}")
            pos = Position(name, lineno, str(ops.get("id", f"{name}:{lineno}")), board.fen())
            for key in ("bm", "am"):
                if key in ops:
                    moves = ops[key]
                    getattr(pos, key).extend(board.san(m) for m in moves)
            if "dm" in ops:
                pos.dm = int(ops["dm"])
            if not (pos.bm or pos.am or pos.dm):
                raise SystemExit(f"error: {path}:{lineno}: no bm, am or dm opcode")
            positions.append(pos)
    return positions


# ---------------------------------------------------------------------------
# Mate verification (python-chess, independent of the engine under test)


class BudgetExceeded(Exception):
    pass


class MateProver:
    """Exhaustive check that the side to move can force mate within n moves."""

    def __init__(self, budget: int):
        self.budget = budget
        self.nodes = 0

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded()

    def attacker_mates(self, board: chess.Board, n: int) -> bool:
        """Side to move mates in <= n (n >= 1)."""
        self._tick()
        moves = list(board.legal_moves)
        checks = [m for m in moves if board.gives_check(m)]
        candidates = checks if n == 1 else checks + [m for m in moves if m not in checks]
        for move in candidates:
            board.push(move)
            try:
                if board.is_checkmate():
                    return True
                if n > 1 and self.defender_lost(board, n - 1):
                    return True
            finally:
                board.pop()
        return False

    def defender_lost(self, board: chess.Board, n: int) -> bool:
        """Side to move (the defender) is mated in <= n whatever it plays."""
        self._tick()
        if board.is_checkmate():
            return True
        if board.is_stalemate() or board.is_insufficient_material():
            return False
        replies = list(board.legal_moves)
        for reply in replies:
            board.push(reply)
            try:
                if not self.attacker_mates(board, n):
                    return False
            finally:
                board.pop()
        return True


def pv_mates(board: chess.Board, pv: List[chess.Move], n: int) -> bool:
    """The PV is legal and ends in checkmate within n moves of the side to move."""
    board = board.copy()
    for ply, move in enumerate(pv[: 2 * n - 1]):
        if move not in board.legal_moves:
            return False
        board.push(move)
        if board.is_checkmate():
            return ply % 2 == 0
    return False


def verify_mate(board: chess.Board, move: chess.Move, n: int, pv: List[chess.Move],
                budget: int) -> Tuple[bool, str]:
    """Does `move` lead to mate in <= n?  Returns (ok, how)."""
    after = board.copy()
    after.push(move)
    if after.is_checkmate():
        return True, "proved"
    if n <= 1:
        return False, "proved"
    prover = MateProver(budget)
    try:
        return prover.defender_lost(after, n - 1), "proved"
    except BudgetExceeded:
        line = pv if pv and pv[0] == move else [move]
        return pv_mates(board, line, n), "pv-checked"


# ---------------------------------------------------------------------------
# Engine


class Runner:
    def __init__(self, command: List[str], options: Dict[str, str]):
        self.command = command
        self.options = options
        self.engine: Optional[chess.engine.SimpleEngine] = None

    def start(self) -> chess.engine.SimpleEngine:
        if self.engine is None:
            engine = chess.engine.SimpleEngine.popen_uci(self.command, timeout=30)
            try:
                typed = typed_options(engine, self.options)
                engine.configure(typed)
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

    def search(self, board: chess.Board, limit: chess.engine.Limit,
               timeout: float) -> chess.engine.PlayResult:
        engine = self.start()
        coro = asyncio.wait_for(
            engine.protocol.play(board, limit, game=object(), info=chess.engine.INFO_ALL),
            timeout)
        return asyncio.run_coroutine_threadsafe(coro, engine.protocol.loop).result()


# ---------------------------------------------------------------------------
# Scoring


@dataclass
class Outcome:
    file: str
    line: int
    id: str
    fen: str
    expected: Dict[str, object]
    move: Optional[str]          # SAN (or the raw text for an illegal move)
    score: Optional[str]         # e.g. "cp 35", "mate 3"
    depth: Optional[int]
    nodes: Optional[int]
    seconds: float
    solved: bool
    reason: str
    pv: List[str] = field(default_factory=list)
    fault: Optional[str] = None  # "crash", "timeout", "illegal move" or None


def describe_expected(pos: Position) -> Dict[str, object]:
    exp: Dict[str, object] = {}
    if pos.bm:
        exp["bm"] = pos.bm
    if pos.am:
        exp["am"] = pos.am
    if pos.dm is not None:
        exp["dm"] = pos.dm
    if pos.mate is not None:
        exp["mate"] = pos.mate
    return exp


def run_position(runner: Runner, pos: Position, limit: chess.engine.Limit, timeout: float,
                 budget: int) -> Outcome:
    board = chess.Board(pos.fen)
    expected = describe_expected(pos)
    started = time.monotonic()

    def fail(move: Optional[str], reason: str) -> Outcome:
        kind = reason.split(":")[0] if reason.startswith(("crash", "timeout")) else \
            ("illegal move" if reason.startswith(("illegal", "engine returned no move"))
             else "crash")
        return Outcome(pos.file, pos.line, pos.id, pos.fen, expected, move, None, None, None,
                       time.monotonic() - started, False, reason, fault=kind)

    try:
        result = runner.search(board, limit, timeout)
    except (asyncio.TimeoutError, concurrent.futures.TimeoutError):
        runner.kill()
        return fail(None, f"timeout: no bestmove within {timeout:.1f}s (engine restarted)")
    except chess.engine.EngineTerminatedError as err:
        runner.kill()
        return fail(None, f"crash: {err} (engine restarted)")
    except chess.engine.EngineError as err:
        runner.kill()
        bad = re.search(r"(?:illegal|invalid) uci: '([^']*)'", str(err))
        if bad:
            return fail(bad.group(1), f"illegal move {bad.group(1)}")
        return fail(None, f"crash: protocol error: {err} (engine restarted)")
    seconds = time.monotonic() - started
    if result.move is None:
        return fail("(none)", "engine returned no move")
    info = result.info
    move = result.move
    san = board.san(move)
    pv_moves = list(info.get("pv", []))
    pv_san: List[str] = []
    scratch = board.copy()
    for pv_move in pv_moves:
        if pv_move not in scratch.legal_moves:
            break
        pv_san.append(scratch.san(pv_move))
        scratch.push(pv_move)
    score = info.get("score")
    mate_k: Optional[int] = None
    score_text: Optional[str] = None
    if score is not None:
        rel = score.relative
        if rel.is_mate():
            mate_k = rel.mate()
            score_text = f"mate {mate_k}"
        else:
            score_text = f"cp {rel.score()}"

    checks: List[Tuple[bool, str]] = []
    if pos.bm:
        checks.append((san in pos.bm, f"bm {'/'.join(pos.bm)}"))
    if pos.am:
        checks.append((san not in pos.am, f"am {'/'.join(pos.am)}"))
    if pos.dm is not None:
        ok = mate_k is not None and 1 <= mate_k <= pos.dm
        checks.append((ok, f"dm {pos.dm} (reported {score_text})"))
    if pos.mate is not None:
        reported = mate_k is not None and 1 <= mate_k <= pos.mate
        if not reported:
            checks.append((False, f"mate in {pos.mate}: reported {score_text}"))
        else:
            ok, how = verify_mate(board, move, pos.mate, pv_moves, budget)
            checks.append((ok, f"mate in {pos.mate}: reported {score_text}, move {how} "
                               f"{'mating' if ok else 'NOT mating'}"))
    solved = all(ok for ok, _ in checks)
    reason = "; ".join(text for ok, text in checks if not ok) if not solved else \
        "; ".join(text for _, text in checks)
    return Outcome(pos.file, pos.line, pos.id, pos.fen, expected, san, score_text,
                   info.get("depth"), info.get("nodes"), seconds, solved, reason, pv_san)


# ---------------------------------------------------------------------------
# Driver


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        description="Run a UCI engine over EPD suites (bm/am/dm) and mateN.fen files.")
    parser.add_argument("files", nargs="+", help="EPD files and/or mateN.fen files")
    parser.add_argument("--engine", required=True,
                        help="engine command line, or 'sf' / 'sf:ELO' for Stockfish")
    parser.add_argument("--stockfish", metavar="PATH",
                        help="Stockfish binary (default: PATH, then /usr/games/stockfish)")
    parser.add_argument("--option", action="append", default=[], type=parse_option,
                        metavar="NAME=VALUE", help="UCI option (repeatable)")
    parser.add_argument("--movetime", type=int, default=1000, metavar="MS",
                        help="time per position in ms (default 1000)")
    parser.add_argument("--depth", type=int, help="fixed depth instead of --movetime")
    parser.add_argument("--nodes", type=int, help="fixed node count instead of --movetime")
    parser.add_argument("--mate", type=int, metavar="N",
                        help="treat plain FEN files as 'side to move mates in N'")
    parser.add_argument("--first", type=int, metavar="K",
                        help="only the first K positions of each file")
    parser.add_argument("--hang-timeout", type=float, default=10.0, metavar="SEC",
                        help="seconds beyond the limit before the engine counts as hung "
                             "(with --depth/--nodes: the whole wait; default 10)")
    parser.add_argument("--prove-budget", type=int, default=200000, metavar="NODES",
                        help="node budget of the python-chess mate proof (default 200000)")
    parser.add_argument("--json", metavar="OUT",
                        help="also write the results as JSON to OUT ('-' for stdout, which "
                             "then replaces the text report)")
    parser.add_argument("--require-all", action="store_true",
                        help="exit with status 1 unless every position is solved")
    parser.add_argument("--failures-only", action="store_true",
                        help="print only unsolved positions (plus the summary)")
    args = parser.parse_args(argv)

    command, options, _ = engine_command(args.engine, args.stockfish)
    options.update(dict(args.option))
    if args.depth is not None:
        limit = chess.engine.Limit(depth=args.depth)
        timeout = args.hang_timeout
        limit_text = f"depth {args.depth}"
    elif args.nodes is not None:
        limit = chess.engine.Limit(nodes=args.nodes)
        timeout = args.hang_timeout
        limit_text = f"{args.nodes} nodes"
    else:
        limit = chess.engine.Limit(time=args.movetime / 1000.0)
        timeout = args.movetime / 1000.0 + args.hang_timeout
        limit_text = f"movetime {args.movetime} ms"

    positions: List[Position] = []
    for path in args.files:
        loaded = load_file(path, args.mate)
        positions.extend(loaded[: args.first] if args.first else loaded)

    text_out = args.json != "-"
    out = sys.stdout
    if text_out:
        print(f"Engine: {' '.join(command)} {' '.join(f'{k}={v}' for k, v in options.items())}"
              f" | {limit_text} | {len(positions)} positions", flush=True)

    runner = Runner(command, options)
    try:
        runner.start()
    except (OSError, ValueError, chess.engine.EngineError,
            chess.engine.EngineTerminatedError, asyncio.TimeoutError,
            concurrent.futures.TimeoutError) as err:
        print(f"error: cannot start engine ({' '.join(command)}): {err}", file=sys.stderr)
        runner.kill()
        return 3
    outcomes: List[Outcome] = []
    aborted = False
    try:
        for pos in positions:
            outcome = run_position(runner, pos, limit, timeout, args.prove_budget)
            outcomes.append(outcome)
            if text_out and not (args.failures_only and outcome.solved):
                mark = "ok  " if outcome.solved else "FAIL"
                extra = f" d{outcome.depth}" if outcome.depth is not None else ""
                print(f"{mark} {outcome.id:<28} got {outcome.move or '-':<8} "
                      f"[{outcome.score or '-'}{extra}]  {outcome.reason}", file=out, flush=True)
    except KeyboardInterrupt:
        print("interrupted; summarising the positions run so far", file=sys.stderr)
    except (OSError, ValueError, chess.engine.EngineError,
            chess.engine.EngineTerminatedError) as err:
        print(f"error: engine could not be restarted: {err}", file=sys.stderr)
        aborted = True
    finally:
        runner.quit()

    per_file: Dict[str, List[int]] = {}
    for outcome in outcomes:
        entry = per_file.setdefault(outcome.file, [0, 0])
        entry[0] += int(outcome.solved)
        entry[1] += 1
    solved = sum(int(o.solved) for o in outcomes)
    if text_out:
        print()
        for name, (ok, total) in per_file.items():
            print(f"  {name:<28} solved {ok} / {total}")
        print(f"solved {solved} / {len(outcomes)}")
        faults = [o for o in outcomes if o.fault]
        if faults:
            print(f"engine faults: {len(faults)} (" + ", ".join(
                f"{o.id}: {o.fault}" for o in faults) + ")")
    if args.json:
        report = {
            "engine": command, "options": options, "limit": limit_text,
            "files": {name: {"solved": ok, "total": total} for name, (ok, total) in per_file.items()},
            "solved": solved, "total": len(outcomes),
            "faults": sum(1 for o in outcomes if o.fault),
            "positions": [asdict(o) for o in outcomes],
        }
        if args.json == "-":
            json.dump(report, sys.stdout, indent=2)
            print()
        else:
            with open(args.json, "w", encoding="utf-8") as handle:
                json.dump(report, handle, indent=2)
    if aborted:
        return 3
    if any(o.fault for o in outcomes):
        return 1
    if args.require_all and solved < len(outcomes):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
