#!/usr/bin/env python3
"""Textbook purposes in real games: build the tuning and held-back sets, and measure them.

`mine` walks the games of the given PGN files and proposes moves that a coach would explain by
one of the textbook purposes of issue 33, each found by its textbook description written here
independently of the Rust detectors (and looser than them), keeping only moves Stockfish does
not call a mistake (at most 0.5 pawn worse than its best, depth 12). Games with an even index go
to the tuning set, odd ones to the held-back set; at most `--per-kind` moves of each purpose per
set. Output lines have the format of tests/data/purpose_moves.txt: id | FEN | SAN | words,
where `words` are alternatives separated by `/` (one of them must appear).

`measure` runs `kibitzer explain --level medium` on every line of a set and reports the share
whose text names the purpose (contains one of the words), per purpose and in total.

    python3 scripts/purpose_sets.py mine /work/shared/data/pgn/*.pgn --out tests/data/purpose_
    python3 scripts/purpose_sets.py measure tests/data/purpose_heldout.txt --kibitzer target/release/kibitzer
"""
import argparse
import subprocess
import sys

import chess
import chess.engine
import chess.pgn

WORDS = {
    "king_safety": "corner/king off/line of the/king safety",
    "luft": "luft/back rank/back-rank/escape square",
    "king_activation": "king/towards/centralis",
    "opposition": "opposition/kings face each other",
    "blockade": "blockade",
    "minority": "minority",
    "fianchetto": "fianchetto",
    "centralisation": "centralis/centre",
    "f7": "f7/f2",
    "breakthrough": "breakthrough/breaks through/passed",
    "undermining": "undermin",
    "double_attack": "fork/double attack/attacks the",
    "prophylaxis": "prophylaxis/stops/sting",
    "long_diagonal": "long diagonal",
    "trade_ending": "ending",
    "prophylaxis_square": "prophylaxis/stops/sting/rules out",
}


def rel(s, color):
    return s if color == chess.WHITE else chess.square_mirror(s)


def passed(board, s, color):
    f, r = chess.square_file(s), chess.square_rank(s)
    for e in board.pieces(chess.PAWN, not color):
        ahead = chess.square_rank(e) > r if color == chess.WHITE else chess.square_rank(e) < r
        if abs(chess.square_file(e) - f) <= 1 and ahead:
            return False
    return True


def pieces(board, color):
    return [s for s in chess.SQUARES if board.color_at(s) == color
            and board.piece_type_at(s) not in (chess.PAWN, chess.KING)]


QUIET = {"king_safety", "luft", "king_activation", "opposition", "blockade", "minority", "fianchetto",
         "centralisation", "f7", "undermining", "long_diagonal", "prophylaxis_square"}


def threatens(board, m, after):
    """Whether m gives check, captures, or newly attacks an enemy piece (not a pawn) that is
    worth more than the mover or undefended: then that is the move's point, not a quiet idea."""
    if board.is_capture(m) or after.is_check():
        return True
    worth = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 99}
    role = board.piece_type_at(m.from_square)
    for t in after.attacks(m.to_square):
        p = after.piece_at(t)
        if p and p.color != board.turn and p.piece_type not in (chess.PAWN, chess.KING) \
                and (worth[p.piece_type] > worth[role] or not after.attackers(p.color, t)):
            return True
    return False


def kinds(board, m):
    """The textbook purposes the move m (legal on board) may serve, by their descriptions. The
    quiet ideas only for a move that does not check, capture or attack a piece (a coach names
    the tactic then)."""
    after = board.copy()
    after.push(m)
    quiet = not threatens(board, m, after)
    return [k for k in candidates(board, m, after) if quiet or k not in QUIET]


def candidates(board, m, after):
    us, them = board.turn, not board.turn
    role = board.piece_type_at(m.from_square)
    out = []
    queens = bool(board.pieces(chess.QUEEN, them))
    castled = not board.has_castling_rights(us)
    # King safety after castling: Kh1 / Kb1 style, the king one step into the corner.
    if role == chess.KING and castled and queens and not board.is_castling(m) and not board.is_capture(m):
        names = {(chess.G1, chess.H1), (chess.C1, chess.B1), (chess.B1, chess.A1)}
        if (rel(m.from_square, us), rel(m.to_square, us)) in names:
            out.append("king_safety")
    # Luft: a pawn in front of the castled king moves one step while the back rank is shut and
    # an enemy rook or queen reaches that rank.
    k = board.king(us)
    if role == chess.PAWN and k is not None and chess.square_rank(rel(k, us)) == 0 and not board.is_capture(m):
        front = [s for s in chess.SquareSet(chess.BB_KING_ATTACKS[k]) if chess.square_rank(rel(s, us)) == 1]
        if m.from_square in front and all(board.piece_at(s) for s in front) \
                and any(chess.square_rank(rel(t, us)) == 0 for x in board.pieces(chess.ROOK, them) | board.pieces(chess.QUEEN, them)
                        for t in board.attacks(x)) \
                and abs(chess.square_rank(m.to_square) - chess.square_rank(m.from_square)) == 1:
            out.append("luft")
    endgame = not board.pieces(chess.QUEEN, chess.WHITE) and not board.pieces(chess.QUEEN, chess.BLACK) \
        and len(pieces(board, us)) <= 2 and len(pieces(board, them)) <= 2
    if role == chess.KING and endgame and not board.is_capture(m):
        centre = lambda s: max(abs(2 * chess.square_file(s) - 7), abs(2 * chess.square_rank(s) - 7))
        if centre(m.to_square) < centre(m.from_square):
            out.append("king_activation")
        ok = board.king(them)
        if not pieces(board, us) and not pieces(board, them):
            df = abs(chess.square_file(m.to_square) - chess.square_file(ok))
            dr = abs(chess.square_rank(m.to_square) - chess.square_rank(ok))
            if (df, dr) in ((0, 2), (2, 0)):
                out.append("opposition")
    if role != chess.PAWN:
        # The enemy pawn whose next square the piece takes: one rank beyond it, seen from us.
        pawn = m.to_square + 8 if us == chess.WHITE else m.to_square - 8
        if 0 <= pawn < 64 and board.piece_at(pawn) == chess.Piece(chess.PAWN, them) and passed(board, pawn, them):
            out.append("blockade")
    if role == chess.PAWN and not board.is_capture(m) and chess.square_file(m.to_square) <= 2 and pieces(board, us):
        qs = lambda c: sum(1 for p in board.pieces(chess.PAWN, c) if chess.square_file(p) <= 2)
        if 0 < qs(us) < qs(them) and chess.square_file(m.to_square) == 1:
            out.append("minority")
    if role == chess.BISHOP:
        for b, p in ((chess.G2, chess.G3), (chess.B2, chess.B3)):
            bsq, psq = rel(b, them), rel(p, them)
            if board.piece_at(bsq) == chess.Piece(chess.BISHOP, them) and board.piece_at(psq) == chess.Piece(chess.PAWN, them) \
                    and (m.to_square == bsq or bsq in after.attacks(m.to_square)):
                out.append("fianchetto")
    if role == chess.KNIGHT and m.to_square in (chess.D4, chess.E4, chess.D5, chess.E5) and not board.is_capture(m):
        out.append("centralisation")
    f7 = rel(chess.F7, us)
    if role in (chess.BISHOP, chess.QUEEN) and board.piece_at(f7) == chess.Piece(chess.PAWN, them) \
            and f7 in after.attacks(m.to_square) and f7 not in board.attacks(m.from_square) and len(board.move_stack) < 30 \
            and not board.is_capture(m):
        out.append("f7")
    if role == chess.PAWN and not board.is_capture(m):
        hits = [t for t in after.attacks(m.to_square) if after.piece_at(t) == chess.Piece(chess.PAWN, them)]
        if any(any(after.piece_at(q) and after.color_at(q) == them for q in after.attacks(t)) for t in hits):
            out.append("undermining")
    # Double attack: the moved piece attacks two enemy pieces worth more than a pawn, or a
    # piece and the king, each undefended or worth more than it.
    if role != chess.KING:
        worth = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 99}
        hit = [t for t in after.attacks(m.to_square) if after.color_at(t) == them
               and after.piece_type_at(t) != chess.PAWN
               and (worth[after.piece_type_at(t)] > worth[role] or not after.attackers(them, t))]
        if len(hit) >= 2 and not after.attackers(them, m.to_square):
            out.append("double_attack")
    # Prophylaxis by a pawn (a3, h3, ...a6, ...h6): the pawn now covers a square an enemy knight
    # or bishop could go to, safely, had we passed.
    if role == chess.PAWN and not board.is_capture(m) and not board.is_check():
        passed_board = board.copy()
        passed_board.push(chess.Move.null())
        old = set(board.attacks(m.from_square))
        for t in after.attacks(m.to_square):
            if t in old or board.attackers(us, t) & board.pieces(chess.PAWN, us):
                continue
            if any(x.to_square == t and passed_board.piece_type_at(x.from_square) in (chess.KNIGHT, chess.BISHOP)
                   and not passed_board.is_attacked_by(us, t) for x in passed_board.legal_moves):
                out.append("prophylaxis_square")
                break
    if role == chess.BISHOP and m.to_square in (chess.G2, chess.B2, chess.G7, chess.B7) \
            and chess.square_rank(m.from_square) != chess.square_rank(m.to_square):
        out.append("long_diagonal")
    return out


def mine(args):
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sets = {"tune": {}, "heldout": {}}
    gi = 0
    for path in args.pgn:
        with open(path, encoding="utf-8", errors="replace") as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                gi += 1
                which = "tune" if gi % 2 == 0 else "heldout"
                board = game.board()
                for ply, m in enumerate(game.mainline_moves()):
                    if ply >= 8:
                        for kind in kinds(board, m):
                            bucket = sets[which].setdefault(kind, [])
                            if len(bucket) >= args.per_kind:
                                continue
                            best = sf.analyse(board, chess.engine.Limit(depth=12))
                            played = sf.analyse(board, chess.engine.Limit(depth=12), root_moves=[m])
                            b = best["score"].relative.score(mate_score=10000)
                            p = played["score"].relative.score(mate_score=10000)
                            if b - p <= 50:
                                name = f"{kind}_{gi}_{ply}"
                                bucket.append(f"{name} | {board.fen()} | {board.san(m)} | {WORDS[kind]}")
                    board.push(m)
    sf.quit()
    for which, kinds_ in sets.items():
        with open(f"{args.out}{which}.txt", "w") as out:
            out.write(f"# Textbook purposes in real games ({which} set), mined by scripts/purpose_sets.py from\n"
                      f"# {', '.join(p.split('/')[-1] for p in args.pgn)}: id | FEN | SAN | words (one of them, '/'-separated).\n")
            for kind in sorted(kinds_):
                for line in kinds_[kind]:
                    out.write(line + "\n")
        print(which, {k: len(v) for k, v in sorted(kinds_.items())}, file=sys.stderr)


def measure(args):
    total = named = 0
    per = {}
    for line in open(args.file, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        ident, fen, san, words = (c.strip() for c in line.split("|"))
        kind = ident.rsplit("_", 2)[0]
        out = subprocess.run([args.kibitzer, "explain", "--no-db", "--fen", fen, "--move", san, "--level", "medium",
                              "--depth", str(args.depth)], capture_output=True, text=True, timeout=120).stdout
        text = " ".join(out.splitlines()[1:]).lower()
        ok = any(w.lower() in text for w in words.split("/"))
        total += 1
        named += ok
        t, n = per.get(kind, (0, 0))
        per[kind] = (t + 1, n + ok)
        if args.verbose and not ok:
            print(f"MISS {ident} {san}: {text}")
    for kind, (t, n) in sorted(per.items()):
        print(f"{kind:16} {n}/{t}")
    print(f"named: {named}/{total} = {100.0 * named / max(total, 1):.1f} %")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("mine")
    m.add_argument("pgn", nargs="+")
    m.add_argument("--out", default="tests/data/purpose_")
    m.add_argument("--per-kind", type=int, default=5)
    m.add_argument("--stockfish", default="/usr/games/stockfish")
    r = sub.add_parser("measure")
    r.add_argument("file")
    r.add_argument("--kibitzer", default="target/release/kibitzer")
    r.add_argument("--depth", type=int, default=8)
    r.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    mine(args) if args.cmd == "mine" else measure(args)


if __name__ == "__main__":
    main()
