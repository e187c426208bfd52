# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""How far can a player trust the review? kibitzer's verdicts judged by Stockfish as referee.

Reviews games with ``kibitzer review FILE --game N --json`` and judges every ply with Stockfish
(15.1, Debian's ``stockfish``) at a fixed depth (14 by default), one thread, the hash cleared at
the start of each game. Both sides use the Lichess winning-chances model from the mover's side,
``wc(cp) = 2 / (1 + exp(-0.00368208 * cp)) - 1`` (cp clamped to +-1000, a mate counts as +-1):
a drop of at least 0.1 is an inaccuracy, 0.2 a mistake, 0.3 a blunder.

The referee's drop of a ply is ``wc(best) - wc(played)`` where ``best`` is Stockfish's score of the
position before the move and ``played`` its score of the position after it, negated (the way
Lichess analyses a game: one search per position). When the played move *is* Stockfish's best
move the drop is 0 (two searches of neighbouring positions disagree by a few centipawns; a best
move is never an error).

Printed figures:

* flagged precision: of kibitzer's inaccuracies-or-worse, the share Stockfish marks inaccuracy or
  worse;
* severe recall: of Stockfish's mistakes and blunders, the share kibitzer marks inaccuracy or
  worse;
* better-move accuracy: of kibitzer's "better was X" (the best move it shows for an
  inaccuracy-or-worse, when X is not the move played), the share where Stockfish scores X no
  worse than the played move, with a 15 cp tolerance (X's score: Stockfish's search of the
  position after X, negated);
* book moves marked inaccuracy or worse (should be 0), when the review labels book moves;
* the same precision and recall with a tolerance for the referee's own noise at the thresholds
  (``tolerant``): a flag is a false alarm only when the referee's drop is under 0.05, and an error
  is missed only when the referee's drop is at least 0.25 (the strict figures: 0.1 and 0.2);

then every disagreement (game, move, both verdicts, both scores). ``--json-out`` writes every
judged ply; ``--merge A.json B.json …`` prints the figures of several such files (one game per
run, so a long measurement cut short keeps the games it finished).

Each review runs on empty ``KIBITZER_CONFIG_DIR``/``KIBITZER_DATA_DIR`` directories unless they are
set (the user's position database would lend it earlier, deeper results). Stockfish's results are cached (``--cache``, default ``target/review_agreement_cache.json``) per
game, depth and Stockfish version, so a second run with other review settings costs only the
review itself.

Examples::

    cargo build --release
    # 3 games from each file under ../shared/data/pgn at the default review setting
    python3 scripts/review_agreement.py --games-per-file 3
    # the same games at 500 ms per position, two games at a time
    python3 scripts/review_agreement.py --games-per-file 3 --review-arg=--movetime --review-arg=500 --jobs 2
    # named games
    python3 scripts/review_agreement.py --game ../shared/data/pgn/Tal.pgn:3 --game ../shared/data/pgn/Morphy.pgn:10
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from uci_engines import find_stockfish  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PGN_DIR = ROOT.parent / "shared" / "data" / "pgn"
CLASS_ORDER = ["best", "book", "excellent", "good", "inaccuracy", "mistake", "blunder"]
FLAGGED = {"inaccuracy", "mistake", "blunder"}
SEVERE = {"mistake", "blunder"}
BETTER_TOLERANCE_CP = 15
# The tolerant figures (issue 36): the referee's own noise at the 0.1 threshold is a few hundredths
# of winning chances, so a flag is a false alarm only when the referee's drop is under
# TOLERANT_FALSE_ALARM, and an error counts as missed only from a drop of TOLERANT_MISSED.
TOLERANT_FALSE_ALARM = 0.05
TOLERANT_MISSED = 0.25
MATE_CP = 100_000


def winning_chances(cp: int) -> float:
    """Lichess winning chances of a centipawn score (mates are given as +-MATE_CP)."""
    if cp >= MATE_CP // 2:
        return 1.0
    if cp <= -MATE_CP // 2:
        return -1.0
    cp = max(-1000, min(1000, cp))
    return 2.0 / (1.0 + math.exp(-0.00368208 * cp)) - 1.0


def referee_class(drop: float) -> str:
    """The class of a drop in winning chances (Lichess thresholds)."""
    if drop >= 0.3:
        return "blunder"
    if drop >= 0.2:
        return "mistake"
    if drop >= 0.1:
        return "inaccuracy"
    return "good"


def score_cp(score: chess.engine.PovScore, pov: chess.Color) -> int:
    """A python-chess score as centipawns from ``pov``'s side, mates as +-(MATE_CP - distance)."""
    return score.pov(pov).score(mate_score=MATE_CP)


def review_score_cp(score: Optional[dict], mover_is_white: bool) -> Optional[int]:
    """A score of ``kibitzer review --json`` (White's view: ``{"cp": 35}`` or ``{"mate": -2}``)
    as centipawns from the mover's side, mates as +-(MATE_CP - distance); None when absent."""
    if not isinstance(score, dict):
        return None
    if "cp" in score:
        cp = int(score["cp"])
    elif "mate" in score:
        n = int(score["mate"])
        cp = MATE_CP - n if n > 0 else -MATE_CP - n
    else:
        return None
    return cp if mover_is_white else -cp


def cp_text(cp: int) -> str:
    if cp >= MATE_CP // 2:
        return f"#{MATE_CP - cp}"
    if cp <= -MATE_CP // 2:
        return f"#-{MATE_CP + cp}"
    return f"{cp / 100:+.2f}"


@dataclass
class Verdict:
    """One ply as both judges see it."""

    game: str
    ply: int
    label: str  # "12. Nf3" / "12... Nf6"
    uci: str
    kibitzer_class: str
    kibitzer_better: Optional[str]  # UCI of the best move kibitzer shows for an error
    kibitzer_better_san: Optional[str]
    kibitzer_drop: float
    sf_best: str
    sf_best_cp: int  # mover's view
    sf_played_cp: int  # mover's view
    sf_drop: float
    sf_class: str
    book: bool = False  # kibitzer says the move is a book move
    sf_better_cp: Optional[int] = None  # Stockfish's score of kibitzer's better move, mover's view
    kibitzer_best_cp: Optional[int] = None  # kibitzer's score of its best move, mover's view
    kibitzer_played_cp: Optional[int] = None  # kibitzer's score of the move played, mover's view
    kibitzer_depth: Optional[int] = None  # the depth of the search the verdict rests on

    def better_ok(self) -> Optional[bool]:
        if self.kibitzer_better is None or self.sf_better_cp is None:
            return None
        return self.sf_better_cp >= self.sf_played_cp - BETTER_TOLERANCE_CP


@dataclass
class Tally:
    flagged: int = 0
    flagged_confirmed: int = 0
    severe: int = 0
    severe_caught: int = 0
    better: int = 0
    better_ok: int = 0
    book_flagged: int = 0
    book_moves: int = 0
    plies: int = 0
    tolerant_confirmed: int = 0  # flags whose referee drop is at least TOLERANT_FALSE_ALARM
    tolerant_severe: int = 0  # plies whose referee drop is at least TOLERANT_MISSED
    tolerant_caught: int = 0  # of those, the ones kibitzer flags
    disagreements: List[str] = field(default_factory=list)

    def add(self, v: Verdict) -> None:
        self.plies += 1
        k_flag = v.kibitzer_class in FLAGGED
        if v.book:
            self.book_moves += 1
            if k_flag:
                self.book_flagged += 1
                self.disagreements.append(f"book flagged {describe(v)}")
        if k_flag and v.sf_drop >= TOLERANT_FALSE_ALARM:
            self.tolerant_confirmed += 1
        if v.sf_drop >= TOLERANT_MISSED:
            self.tolerant_severe += 1
            if k_flag:
                self.tolerant_caught += 1
        if k_flag:
            self.flagged += 1
            if v.sf_class in FLAGGED:
                self.flagged_confirmed += 1
            else:
                self.disagreements.append(f"false alarm  {describe(v)}")
        if v.sf_class in SEVERE:
            self.severe += 1
            if k_flag:
                self.severe_caught += 1
            else:
                self.disagreements.append(f"missed       {describe(v)}")
        ok = v.better_ok()
        if ok is not None:
            self.better += 1
            if ok:
                self.better_ok += 1
            else:
                self.disagreements.append(
                    f"worse better {describe(v)}; Stockfish scores {v.kibitzer_better_san} "
                    f"{cp_text(v.sf_better_cp)} vs the move played {cp_text(v.sf_played_cp)}"
                )


def describe(v: Verdict) -> str:
    better = f", better was {v.kibitzer_better_san}" if v.kibitzer_better_san else ""
    return (
        f"{v.game} {v.label}: kibitzer {v.kibitzer_class} (drop {v.kibitzer_drop:.3f}{better}); "
        f"Stockfish {v.sf_class} (drop {v.sf_drop:.3f}, best {v.sf_best} {cp_text(v.sf_best_cp)}, "
        f"played {cp_text(v.sf_played_cp)})"
    )


def ratio(a: int, b: int) -> str:
    return f"{a / b:.3f} ({a}/{b})" if b else "n/a (0/0)"


class Cache:
    """Stockfish results per game, depth and Stockfish version, kept in one JSON file."""

    def __init__(self, path: Optional[Path]):
        self.path = path
        self.lock = threading.Lock()
        self.data: Dict[str, Dict[str, List]] = {}
        if path and path.exists():
            try:
                self.data = json.loads(path.read_text())
            except (OSError, ValueError) as err:
                print(f"warning: ignoring unreadable cache {path}: {err}", file=sys.stderr)

    def get(self, key: str) -> Dict[str, List]:
        with self.lock:
            return dict(self.data.get(key, {}))

    def put(self, key: str, entries: Dict[str, List]) -> None:
        with self.lock:
            self.data.setdefault(key, {}).update(entries)
            if self.path:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                tmp = self.path.with_name(self.path.name + f".{os.getpid()}.tmp")
                tmp.write_text(json.dumps(self.data))
                os.replace(tmp, self.path)


def run_review(kibitzer: str, pgn: Path, number: int, review_args: List[str]) -> dict:
    cmd = [kibitzer, "review", str(pgn), "--game", str(number), "--json", *review_args]
    env = dict(os.environ)
    # Each review on its own empty config and data directories unless the caller set them: the
    # user's position database would hand the review deeper results of earlier runs, and the
    # user's config other settings, so the figures would depend on who ran the script before.
    with tempfile.TemporaryDirectory(prefix="review-agreement-") as scratch:
        env.setdefault("KIBITZER_CONFIG_DIR", str(Path(scratch) / "config"))
        env.setdefault("KIBITZER_DATA_DIR", str(Path(scratch) / "data"))
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[:500]}")
    return json.loads(proc.stdout)


class Referee:
    """Stockfish's score (side to move's view) and best move of positions of one game: one
    thread, ``depth``, the hash cleared once per game (``key``), results cached per game."""

    def __init__(self, stockfish: str, depth: int, hash_mb: int, cache: Cache, key: str):
        self.stockfish = stockfish
        self.depth = depth
        self.hash_mb = hash_mb
        self.cache = cache
        self.key = key
        self.cached = cache.get(key)
        self.fresh: Dict[str, List] = {}
        self.engine: Optional[chess.engine.SimpleEngine] = None

    def evaluate(self, b: chess.Board) -> Tuple[int, str]:
        """Stockfish's score (side to move's view) and best move (UCI, "" when none)."""
        fen = b.fen()
        hit = self.cached.get(fen) or self.fresh.get(fen)
        if hit:
            return hit[0], hit[1]
        if b.is_game_over(claim_draw=False):
            result = (-MATE_CP, "") if b.is_checkmate() else (0, "")
        else:
            if self.engine is None:
                self.engine = chess.engine.SimpleEngine.popen_uci(self.stockfish)
                self.engine.configure({"Threads": 1, "Hash": self.hash_mb})
            info = self.engine.analyse(b, chess.engine.Limit(depth=self.depth), game=self.key)
            best = info.get("pv", [None])[0]
            result = (score_cp(info["score"], b.turn), best.uci() if best else "")
        self.fresh[fen] = list(result)
        return result

    def close(self) -> None:
        """Stops Stockfish and stores the new results in the cache."""
        if self.engine is not None:
            self.engine.quit()
            self.engine = None
        if self.fresh:
            self.cache.put(self.key, self.fresh)
            self.fresh = {}


def referee_verdict(
    before: chess.Board,
    before_eval: Tuple[int, str],
    after_eval: Tuple[int, str],
    name: str,
    ply: int,
    san: str,
    uci: str,
    kibitzer_class: str,
    kibitzer_drop: float,
    better_uci: Optional[str],
    better_san: Optional[str],
    book: bool,
    referee: Referee,
) -> Verdict:
    """The verdict of the move ``uci`` played in ``before``: kibitzer's (given) against the
    referee's, from Stockfish's evaluations of the positions before and after the move (the
    way Lichess analyses a game: one search per position; the best move played drops 0)."""
    mover = before.turn
    best_cp, best_uci = before_eval
    played_cp = best_cp if uci == best_uci else -after_eval[0]
    drop = max(0.0, winning_chances(best_cp) - winning_chances(played_cp))
    if better_uci == uci:
        better_uci = None
    move_no = before.fullmove_number
    label = f"{move_no}. {san}" if mover == chess.WHITE else f"{move_no}... {san}"
    v = Verdict(
        game=name,
        ply=ply,
        label=label,
        uci=uci,
        kibitzer_class=kibitzer_class,
        kibitzer_better=better_uci,
        kibitzer_better_san=better_san if better_uci else None,
        kibitzer_drop=kibitzer_drop,
        sf_best=before.san(chess.Move.from_uci(best_uci)) if best_uci else "-",
        sf_best_cp=best_cp,
        sf_played_cp=played_cp,
        sf_drop=drop,
        sf_class=referee_class(drop),
        book=book,
    )
    if better_uci:
        if better_uci == best_uci:
            v.sf_better_cp = best_cp
        else:
            child = before.copy()
            child.push(chess.Move.from_uci(better_uci))
            v.sf_better_cp = -referee.evaluate(child)[0]
    return v


def judge_game(
    args: argparse.Namespace, stockfish: str, sf_id: str, cache: Cache, pgn: Path, number: int
) -> Tuple[str, List[Verdict], float]:
    """The verdicts of game ``number`` of ``pgn`` and the review's wall time in seconds."""
    name = f"{pgn.name}:{number}"
    started = time.monotonic()
    review = run_review(args.kibitzer, pgn, number, args.review_arg)
    seconds = time.monotonic() - started
    plies = review["plies"]
    if not plies:
        return name, [], seconds
    board = start_board(review)
    key = f"{pgn.resolve()}:{number}:d{args.depth}:{sf_id}"
    referee = Referee(stockfish, args.depth, args.hash, cache, key)
    verdicts: List[Verdict] = []
    try:
        positions = [board.copy()]
        for p in plies:
            move = chess.Move.from_uci(p["uci"])
            if move not in board.legal_moves:
                raise RuntimeError(f"{name}: ply {p['ply']} {p['uci']} is illegal for python-chess")
            board.push(move)
            positions.append(board.copy())
        # One search per position, in game order, the hash cleared once per game (game=key).
        evals = [referee.evaluate(b) for b in positions]
        for i, p in enumerate(plies):
            classification = p.get("classification") or {}
            k_class = classification.get("quality", "good")
            white = positions[i].turn == chess.WHITE
            v = referee_verdict(
                positions[i],
                evals[i],
                evals[i + 1],
                name,
                p["ply"],
                p["san"],
                p["uci"],
                k_class,
                float(classification.get("drop") or 0.0),
                p.get("best_uci") if k_class in FLAGGED else None,
                p.get("best_move"),
                k_class == "book" or bool(p.get("book")) or bool(classification.get("book")),
                referee,
            )
            v.kibitzer_best_cp = review_score_cp(p.get("best_score"), white)
            v.kibitzer_played_cp = review_score_cp(p.get("score"), white)
            v.kibitzer_depth = p.get("depth")
            verdicts.append(v)
    finally:
        referee.close()
    return name, verdicts, seconds


def start_board(review: dict) -> chess.Board:
    tags = review.get("tags") or {}
    fen = tags.get("FEN")
    return chess.Board(fen) if fen else chess.Board()


def count_games(pgn: Path) -> int:
    count = 0
    with open(pgn, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("[Event "):
                count += 1
    return count


def select_games(args: argparse.Namespace) -> List[Tuple[Path, int]]:
    chosen: List[Tuple[Path, int]] = []
    for spec in args.game:
        path, _, num = spec.rpartition(":")
        if not path or not num.isdigit():
            raise SystemExit(f"error: --game wants FILE:N, got {spec!r}")
        chosen.append((Path(path), int(num)))
    if chosen:
        return chosen
    files = [Path(p) for p in args.pgn] or sorted(DEFAULT_PGN_DIR.glob("*.pgn"))
    if not files:
        raise SystemExit(f"error: no PGN files (looked in {DEFAULT_PGN_DIR}); pass --pgn FILE")
    rng = random.Random(args.seed)
    for f in files:
        total = count_games(f)
        numbers = list(range(1, total + 1))
        if args.seed is not None:
            rng.shuffle(numbers)
        chosen.extend((f, n) for n in numbers[: args.games_per_file])
    return chosen


def stockfish_id(path: str) -> str:
    engine = chess.engine.SimpleEngine.popen_uci(path)
    try:
        return engine.id.get("name", "stockfish").replace(" ", "_")
    finally:
        engine.quit()


def referee_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every referee script shares: the binaries, the referee's hash and cache,
    where to write every judged ply, and whether to list the disagreements."""
    parser.add_argument("--kibitzer", default=str(ROOT / "target" / "release" / "kibitzer"))
    parser.add_argument("--stockfish", help="Stockfish binary (default: PATH, then /usr/games)")
    parser.add_argument("--hash", type=int, default=64, help="the referee's hash in MB")
    parser.add_argument("--cache", default=str(ROOT / "target" / "review_agreement_cache.json"))
    parser.add_argument("--json-out", help="write every judged ply here")
    parser.add_argument("--quiet", action="store_true", help="figures only, no disagreements")


def start_referee(args: argparse.Namespace, use_cache: bool = True) -> Tuple[str, str, Cache]:
    """Checks ``--kibitzer`` and finds Stockfish: (its path, its name, the cache)."""
    if not os.access(args.kibitzer, os.X_OK):
        raise SystemExit(f"error: {args.kibitzer} is not an executable; run cargo build --release")
    stockfish = find_stockfish(args.stockfish)
    return stockfish, stockfish_id(stockfish), Cache(Path(args.cache) if use_cache else None)


def print_report(tally: Tally, quiet: bool, header: List[str]) -> None:
    """The disagreements (unless ``quiet``), the ``header`` lines, then the four figures."""
    if not quiet:
        for line in tally.disagreements:
            print(line)
        print()
    for line in header:
        print(line)
    print(f"flagged precision:    {ratio(tally.flagged_confirmed, tally.flagged)}")
    print(f"severe recall:        {ratio(tally.severe_caught, tally.severe)}")
    print(f"better-move accuracy: {ratio(tally.better_ok, tally.better)}")
    print(f"book moves flagged:   {tally.book_flagged} of {tally.book_moves}")
    print(
        f"tolerant precision:   {ratio(tally.tolerant_confirmed, tally.flagged)}"
        f"  (a false alarm only below a referee drop of {TOLERANT_FALSE_ALARM})"
    )
    print(
        f"tolerant recall:      {ratio(tally.tolerant_caught, tally.tolerant_severe)}"
        f"  (missed only from a referee drop of {TOLERANT_MISSED})"
    )


def merge(paths: List[str], quiet: bool) -> int:
    """Prints the figures of the verdicts saved in ``paths`` (``--json-out`` files)."""
    tally = Tally()
    games = set()
    depths: List[int] = []
    names = {f.name for f in Verdict.__dataclass_fields__.values()}
    for path in paths:
        for row in json.loads(Path(path).read_text()):
            v = Verdict(**{k: row[k] for k in names if k in row})
            tally.add(v)
            games.add(v.game)
            if v.kibitzer_depth is not None:
                depths.append(v.kibitzer_depth)
    mean = sum(depths) / len(depths) if depths else 0.0
    print_report(
        tally,
        quiet,
        [
            f"games {len(games)}, plies {tally.plies} (merged from {len(paths)} files)",
            f"mean depth of the searches the verdicts rest on: {mean:.2f}",
        ],
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    referee_arguments(parser)
    parser.add_argument("--depth", type=int, default=14, help="the referee's depth (default 14)")
    parser.add_argument("--pgn", action="append", default=[], help="PGN file (repeatable)")
    parser.add_argument("--game", action="append", default=[], help="FILE:N, a game (repeatable)")
    parser.add_argument("--games-per-file", type=int, default=3)
    parser.add_argument("--seed", type=int, help="shuffle each file's games with this seed")
    parser.add_argument(
        "--review-arg", action="append", default=[], help="an argument for kibitzer review"
    )
    parser.add_argument("--jobs", type=int, default=1, help="games judged at once")
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument(
        "--merge",
        nargs="+",
        metavar="JSON",
        help="no review: the figures of the plies saved by earlier runs' --json-out files "
        "(games judged one run at a time, so a run cut short keeps the games it finished)",
    )
    args = parser.parse_args()
    if args.merge:
        return merge(args.merge, args.quiet)

    stockfish, sf_id, cache = start_referee(args, use_cache=not args.no_cache)
    games = select_games(args)

    tally = Tally()
    everything: List[dict] = []
    failures: List[str] = []
    slowest = (0.0, "", 0)  # review seconds per 100 plies, the game, its plies
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [
            pool.submit(judge_game, args, stockfish, sf_id, cache, pgn, n) for pgn, n in games
        ]
        for fut in futures:
            try:
                name, verdicts, seconds = fut.result()
            except (RuntimeError, ValueError, chess.engine.EngineError) as err:
                failures.append(str(err))
                print(f"error: {err}", file=sys.stderr)
                continue
            for v in verdicts:
                tally.add(v)
                everything.append(v.__dict__ | {"better_ok": v.better_ok()})
            print(f"judged {name}: {len(verdicts)} plies, reviewed in {seconds:.1f} s", file=sys.stderr)
            if verdicts and seconds * 100 / len(verdicts) > slowest[0]:
                slowest = (seconds * 100 / len(verdicts), name, len(verdicts))

    if args.json_out:
        Path(args.json_out).write_text(json.dumps(everything, indent=1))
    print_report(
        tally,
        args.quiet,
        [
            f"games {len(games) - len(failures)}, plies {tally.plies}, referee {sf_id} depth {args.depth}",
            f"review arguments: {' '.join(args.review_arg) or '(default)'}",
            f"slowest review: {slowest[1]} ({slowest[2]} plies), {slowest[0]:.1f} s per 100 plies "
            f"(wall time, {args.jobs} at once)",
        ],
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
