#!/usr/bin/env python3
"""Independent checker for kibitzer explanation claims (python-chess, no kibitzer code).

Usage: check_claims.py FILE.json [--perturb] [--bare]

FILE holds a JSON list of explanations (each with a "claims" list) or of claims. Every claim
carries the FEN it is about; this script verifies each kind from its own definition and prints
"checked N claims, M failed". For explanations it also checks that each claim's FEN is the
position its "at" names (before, after, line:n), that every sentence's claim indices exist and
rest on claims of the move itself (only "Better was X, which ..." on the better move's), and
that no sentence is vacuous; it prints the share of sentences resting on at least one claim. With --perturb it also builds, for every claim, boards where the
claim must become false (target removed, line blocked, ...) and reports how many the checker
rejected. With --bare it counts the sentences resting on no claim by template. Exit status 1 if any claim fails or any perturbation is accepted.
"""
import csv
import io
import json
import sys
from pathlib import Path

import chess
import chess.pgn

OPENINGS = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "openings"
_BOOK = None


def book():
    """From the Lichess opening names (read here, not from kibitzer's asset): the set of
    (position EPD, move UCI) of every move of every named line, and the set of (eco, name)."""
    global _BOOK
    if _BOOK is None:
        moves, names = set(), set()
        for tsv in sorted(OPENINGS.glob("*.tsv")):
            with open(tsv, encoding="utf-8") as f:
                for row in csv.DictReader(f, delimiter="\t"):
                    names.add((row["eco"], row["name"]))
                    game = chess.pgn.read_game(io.StringIO(row["pgn"]))
                    board = chess.Board()
                    for m in game.mainline_moves():
                        moves.add((board.epd(), m.uci()))
                        board.push(m)
        _BOOK = (moves, names)
    return _BOOK

# Within how many plies of its line a move wins material (src/explain/sentence_check.rs).
GAIN_WITHIN_PLIES = 9
# How far a line whose every move of the mover checks or captures is read (FORCING_GAIN_PLIES).
FORCING_GAIN_PLIES = 15


def forcing(board, line):
    """Whether every move of the side to move in `line` (the even plies) checks or captures."""
    b = board.copy()
    for i, u in enumerate(line):
        m = legal(b, u)
        if m is None:
            return False
        if i % 2 == 0 and not b.is_capture(m) and not b.gives_check(m):
            return False
        b.push(m)
    return True

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 99}
ROLES = {"pawn": chess.PAWN, "knight": chess.KNIGHT, "bishop": chess.BISHOP, "rook": chess.ROOK,
         "queen": chess.QUEEN, "king": chess.KING}


def sq(name):
    return chess.parse_square(name)


def material(board, color):
    return sum(VALUES[p] * len(board.pieces(p, color)) for p in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN))


def legal(board, uci):
    try:
        m = chess.Move.from_uci(uci)
    except ValueError:
        return None
    return m if m in board.legal_moves else None


def play_line(board, line):
    b = board.copy()
    for u in line:
        m = legal(b, u)
        if m is None:
            return None
        b.push(m)
    return b


def defended(board, s):
    """Defended by an own piece, counting x-ray defenders behind enemy sliders."""
    p = board.piece_at(s)
    if board.attackers(p.color, s):
        return True
    for a in board.attackers(not p.color, s):
        if board.piece_type_at(a) in (chess.BISHOP, chess.ROOK, chess.QUEEN):
            b = board.copy()
            b.remove_piece_at(a)
            if b.attackers(p.color, s):
                return True
    return False


SEE_VALUES = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500, chess.QUEEN: 900, chess.KING: 20000}


def pass_turn(board):
    """The board with the other side to move (a null move); None when in check."""
    if board.is_check():
        return None
    b = board.copy()
    b.push(chess.Move.null())
    return b


def see(board, m):
    """Static exchange of the capture m: the swap list over the least valuable attackers,
    x-rays revealed by recomputing attackers on the emptied board, the men pinned to their
    king left out unless the square is on the pin's line (board::see_ge)."""
    return exchange(board, m)


def works(board, m, mate):
    """Whether the threat m (legal on board) mates, or captures with an exchange worth at least
    a pawn (a piece undefended, worth more than the capturer, or attacked more often than it is
    defended: 9.Bd2 against b4, Bxb4 Bxb4 Qxb4)."""
    if mate:
        b = board.copy()
        b.push(m)
        return b.is_checkmate()
    victim = board.piece_at(m.to_square)
    if victim is None or board.is_en_passant(m):
        return False
    return see(board, m) >= 100


def wc(score):
    """Lichess winning chances of a score {"cp": n} or {"mate": n}."""
    import math
    if "mate" in score:
        return 1.0 if score["mate"] > 0 else -1.0
    cp = max(-1000, min(1000, score["cp"]))
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def as_cp(score):
    if "mate" in score:
        n = score["mate"]
        return 100000 - n if n > 0 else -100000 - n
    return score["cp"]


def quality_holds(c):
    """The numbers of a quality claim agree with the winning-chances model."""
    drop = max(0.0, wc(c["best"]) - wc(c["played"]))
    if abs(drop - c["drop"]) > 1e-6:
        return False
    if c["quality"] == "book":
        # Theory is not judged against the best move (no only-move flag either); the book
        # claim beside it is checked.
        return not c["only_move"]
    if c["second"] is not None:
        # The alternatives change the result: the second best neither keeps the mover winning
        # (winning chances >= 0.5, about +3, or mating) nor does the best leave it lost.
        stays_won = wc(c["second"]) >= 0.5 or c["second"].get("mate", 0) > 0
        stays_lost = wc(c["best"]) <= -0.5 or c["best"].get("mate", 0) < 0
        only = wc(c["best"]) - wc(c["second"]) >= 0.2 and not stays_won and not stays_lost
        if only != c["only_move"]:
            return False
    elif c["only_move"]:
        return False
    q = c["quality"]
    mates = any("mate" in c[x] for x in ("best", "played"))
    if q == "best" or mates:
        return q in ("best", "excellent", "good", "inaccuracy", "mistake", "blunder")
    by_drop = ("blunder" if drop >= 0.3 else "mistake" if drop >= 0.2 else "inaccuracy" if drop >= 0.1
               else "excellent" if drop <= 0.02 else "good")
    return q == by_drop


def rel_rank(s, color):
    r = chess.square_rank(s)
    return r if color == chess.WHITE else 7 - r


def back_rank(color):
    return 0 if color == chess.WHITE else 7


def others(board):
    """Pieces other than kings and pawns."""
    return [s for s in chess.SQUARES if board.piece_at(s) and board.piece_type_at(s) not in (chess.KING, chess.PAWN)]


def front_of_king(k, color):
    """The (up to) three squares directly in front of a king of `color` on k."""
    r = chess.square_rank(k) + (1 if color == chess.WHITE else -1)
    if not 0 <= r < 8:
        return []
    f = chess.square_file(k)
    return [chess.square(x, r) for x in (f - 1, f, f + 1) if 0 <= x < 8]


def passed(board, s):
    p = board.piece_at(s)
    if p is None or p.piece_type != chess.PAWN:
        return False
    f, r = chess.square_file(s), chess.square_rank(s)
    for e in board.pieces(chess.PAWN, not p.color):
        ahead = chess.square_rank(e) > r if p.color == chess.WHITE else chess.square_rank(e) < r
        if abs(chess.square_file(e) - f) <= 1 and ahead:
            return False
    return True


def islands(board, color):
    files = sorted({chess.square_file(s) for s in board.pieces(chess.PAWN, color)})
    return sum(1 for i, f in enumerate(files) if i == 0 or files[i - 1] != f - 1)


def played(board, c):
    m = legal(board, c["uci"])
    if m is None:
        return None, None
    after = board.copy()
    after.push(m)
    return m, after


def t_shield_pawn(board, c):
    m, _ = played(board, c)
    k = sq(c["king"])
    us = board.turn
    if m is None or board.piece_type_at(m.from_square) != chess.PAWN or board.king(us) != k:
        return False
    return (chess.square_rank(k) == back_rank(us) and chess.square_file(k) not in (3, 4)
            and abs(chess.square_file(m.from_square) - chess.square_file(k)) <= 1
            and rel_rank(m.from_square, us) in (1, 2) and bool(board.pieces(chess.QUEEN, not us)))


def t_king_closer(board, c):
    m, _ = played(board, c)
    # Seven pieces or fewer besides kings and pawns with no queens, two or fewer with them; not
    # out of a check, not a capture.
    walk = len(others(board)) <= (7 if not board.queens else 2)
    if m is None or board.piece_type_at(m.from_square) != chess.KING or board.is_castling(m) or not walk \
            or board.is_check() or board.is_capture(m):
        return False
    t = sq(c["toward"])
    enemy_pawn = board.piece_at(t) == chess.Piece(chess.PAWN, not board.turn)
    if c["toward"] not in ("d4", "e4", "d5", "e5") and not passed(board, t) and not enemy_pawn:
        return False
    # Nearer: fewer king steps, or as many and fewer files and ranks together (Kg1-f1 to e4).
    far = lambda x: (chess.square_distance(x, t), chess.square_manhattan_distance(x, t))
    return far(m.to_square) < far(m.from_square)


def t_exposed_king(board, c):
    k = sq(c["king"])
    color = board.turn
    if board.king(color) != k or rel_rank(k, color) > 2 or board.has_castling_rights(color):
        return False
    # No pawn of its own on the squares in front of it, and not all of them held by its own
    # pieces (king_safety::has_cover).
    front = front_of_king(k, color)
    if any(board.piece_at(x) == chess.Piece(chess.PAWN, color) for x in front):
        return False
    if all(board.piece_at(x) is not None and board.piece_at(x).color == color for x in front):
        return False
    # A check by one of the attacker's next four moves (EXPOSED_KING_MOVES).
    b = board.copy()
    checked, theirs = False, 0
    for u in c["line"]:
        m = legal(b, u)
        if m is None:
            return False
        mover = b.turn
        b.push(m)
        if mover != color:
            theirs += 1
            checked = checked or (theirs <= 4 and b.is_check())
    return checked


def t_wing_attack(board, c):
    k, corner = sq(c["king"]), sq(c["corner"])
    them = not board.turn
    if board.king(them) != k or chess.square_rank(k) != back_rank(them) or chess.square_rank(corner) != back_rank(them):
        return False
    kf, cf = chess.square_file(k), chess.square_file(corner)
    if not (cf == 7 and kf >= 6 or cf == 0 and kf <= 2):
        return False
    b = board.copy()
    hits = 0
    # One of the hits must touch the king: a check, a pawn taken or a man taken next to the
    # king (trades of pieces on the wing are no attack on it).
    on_king = False
    for i, u in enumerate(c["line"]):
        m = legal(b, u)
        if m is None:
            return False
        king = b.king(them)
        capture = b.is_capture(m)
        taken_pawn = b.is_en_passant(m) or b.piece_type_at(m.to_square) == chess.PAWN
        next_to_king = king is not None and chess.square_distance(king, m.to_square) <= 1
        b.push(m)
        if i % 2 == 0 and (b.is_check() or capture) and chess.square_distance(m.to_square, corner) <= 3:
            hits += 1
            on_king = on_king or b.is_check() or (capture and (taken_pawn or next_to_king))
    if not on_king:
        hits = 0
    return hits == c["hits"] and hits >= 2


def t_open_line(board, c):
    s, k = sq(c["square"]), sq(c["king"])
    p, pk = board.piece_at(s), board.piece_at(k)
    if p is None or pk is None or pk.piece_type != chess.KING or p.color == pk.color:
        return False
    if p.piece_type not in (chess.ROOK, chess.QUEEN) or abs(chess.square_file(s) - chess.square_file(k)) > 1:
        return False
    if any(chess.square_file(x) == chess.square_file(s) for x in board.pieces(chess.PAWN, pk.color)):
        return False
    # No pawn between the piece and the king's rank on its file (its own pawn blocks the line).
    end = chess.square(chess.square_file(s), chess.square_rank(k))
    return not any(board.piece_type_at(x) == chess.PAWN for x in chess.SquareSet.between(s, end))


def t_luft(board, c):
    k, s = sq(c["king"]), sq(c["square"])
    pk = board.piece_at(k)
    if pk is None or pk.piece_type != chess.KING or chess.square_rank(k) != back_rank(pk.color):
        return False
    return (s in front_of_king(k, pk.color) and board.piece_at(s) is None
            and not board.attackers(not pk.color, s))


def t_gives_up_castling(board, c):
    m, after = played(board, c)
    if m is None or board.is_castling(m):
        return False
    rights = lambda b: sum(1 for x in chess.SquareSet(b.castling_rights) if chess.square_rank(x) == back_rank(board.turn))
    return rights(after) < rights(board)


def t_back_rank(board, c):
    k = sq(c["king"])
    pk = board.piece_at(k)
    if pk is None or pk.piece_type != chess.KING or chess.square_rank(k) != back_rank(pk.color):
        return False
    if any(board.piece_at(x) is None and not board.attackers(not pk.color, x) for x in front_of_king(k, pk.color)):
        return False
    rank = chess.SquareSet(chess.BB_RANKS[back_rank(pk.color)])
    heavy = [s for s in chess.SQUARES if board.piece_at(s) and board.piece_at(s).color != pk.color
             and board.piece_type_at(s) in (chess.ROOK, chess.QUEEN)]

    def stays(t):
        # no piece of ours but the king covers t, and the king cannot take there
        ours = board.attackers(pk.color, t)
        theirs = board.attackers(not pk.color, t)
        return not (ours - chess.SquareSet([k])) and (k not in ours or len(theirs) >= 2)

    return any(stays(t) for s in heavy for t in board.attacks(s) & rank)


def t_opposition(board, c):
    a, z = (sq(x) for x in c["kings"])
    if others(board) or board.piece_type_at(a) != chess.KING or board.piece_type_at(z) != chess.KING:
        return False
    if board.color_at(a) == board.color_at(z):
        return False
    if chess.square_file(a) == chess.square_file(z):
        gap = abs(chess.square_rank(a) - chess.square_rank(z))
    elif chess.square_rank(a) == chess.square_rank(z):
        gap = abs(chess.square_file(a) - chess.square_file(z))
    else:
        return False
    return gap >= 2 and gap % 2 == 0


def t_rook_behind(board, c):
    r, p = sq(c["rook"]), sq(c["pawn"])
    pr, pp = board.piece_at(r), board.piece_at(p)
    if pr is None or pr.piece_type != chess.ROOK or not passed(board, p):
        return False
    if chess.square_file(r) != chess.square_file(p) or rel_rank(r, pp.color) >= rel_rank(p, pp.color):
        return False
    return not any(board.piece_at(x) for x in chess.SquareSet.between(r, p))


def t_cuts_off(board, c):
    r, k, p = sq(c["rook"]), sq(c["king"]), sq(c["pawn"])
    pr, pk, pp = board.piece_at(r), board.piece_at(k), board.piece_at(p)
    if None in (pr, pk, pp) or pr.piece_type != chess.ROOK or pk.piece_type != chess.KING or pk.color == pr.color:
        return False
    if pp.color != pr.color or not passed(board, p):
        return False
    f, kf, pf = chess.square_file(r), chess.square_file(k), chess.square_file(p)
    return min(kf, pf) < f < max(kf, pf)


def t_outpost(board, c):
    s = sq(c["square"])
    p = board.piece_at(s)
    if p is None or p.piece_type not in (chess.KNIGHT, chess.BISHOP) or rel_rank(s, p.color) not in (3, 4, 5):
        return False
    if not any(board.piece_at(a) == chess.Piece(chess.PAWN, p.color) for a in board.attackers(p.color, s)):
        return False
    f, r = chess.square_file(s), chess.square_rank(s)
    for e in board.pieces(chess.PAWN, not p.color):
        ahead = chess.square_rank(e) > r if p.color == chess.WHITE else chess.square_rank(e) < r
        if abs(chess.square_file(e) - f) == 1 and ahead:
            return False
    return True


def t_long_diagonal(board, c):
    s = sq(c["square"])
    if board.piece_type_at(s) != chess.BISHOP:
        return False
    for a, z in ((chess.A1, chess.H8), (chess.H1, chess.A8)):
        diag = chess.SquareSet.ray(a, z)
        if s in diag and len(board.attacks(s) & diag) >= 4:
            return True
    return False


def t_bishop_pair(board, c):
    color = chess.WHITE if c["side"] == "white" else chess.BLACK
    pair = lambda col: ({chess.square_file(s) + chess.square_rank(s) & 1 for s in board.pieces(chess.BISHOP, col)} == {0, 1})
    return pair(color) and not pair(not color)


def t_pawn_islands(board, c):
    m, after = played(board, c)
    return (m is not None and islands(board, board.turn) == c["before"]
            and islands(after, board.turn) == c["after"] and c["after"] > c["before"])


def t_moves_again(board, c):
    m, after = played(board, c)
    us = board.turn
    if m is None or board.is_capture(m) or after.is_check():
        return False
    kind = board.piece_type_at(m.from_square)
    homes = {chess.KNIGHT: ("b", "g"), chess.BISHOP: ("c", "f"), chess.ROOK: ("a", "h"), chess.QUEEN: ("d",)}
    if kind not in homes:
        return False
    rank = "1" if us == chess.WHITE else "8"
    if chess.square_name(m.from_square) in [f + rank for f in homes[kind]]:
        return False
    waiting = [sq(x) for x in c["waiting"]]
    if not waiting:
        return False
    for w in waiting:
        t = board.piece_type_at(w)
        if board.color_at(w) != us or t not in (chess.KNIGHT, chess.BISHOP) or chess.square_name(w) not in [f + rank for f in homes[t]]:
            return False
    return True


def t_opens_file(board, c):
    m, after = played(board, c)
    us = board.turn
    r = sq(c["rook"])
    if m is None or board.piece_type_at(m.from_square) != chess.PAWN or m.from_square == r:
        return False
    if board.piece_at(r) != chess.Piece(chess.ROOK, us) or after.piece_at(r) != chess.Piece(chess.ROOK, us):
        return False
    on_file = lambda b: any(chess.square_file(x) == chess.square_file(r) for x in b.pieces(chess.PAWN, us))
    open_file = not any(chess.square_file(x) == chess.square_file(r) for x in after.pieces(chess.PAWN, not us))
    return on_file(board) and not on_file(after) and (open_file or rook_sees_file(after, r, us))


def rook_sees_file(board, rook, us):
    """Whether the rook of `us` on `rook` looks up its file: the first piece in front of it is
    not its own knight, bishop or king (a rook or queen in front doubles; twin of
    board::rook_sees_file)."""
    step = 8 if us == chess.WHITE else -8
    s = rook + step
    while 0 <= s < 64:
        p = board.piece_at(s)
        if p is not None:
            return p.color != us or p.piece_type in (chess.ROOK, chess.QUEEN, chess.PAWN)
        s += step
    return True


def lever_counts(board, push, us):
    """For the pawn push `push` (legal on board, us to move): whether it is a lever (no capture,
    its square attacks an enemy pawn) and the counts of our and enemy attackers of its square
    with the pawn lifted."""
    if board.piece_type_at(push.from_square) != chess.PAWN or board.is_capture(push) or push.promotion:
        return None
    b = board.copy()
    b.remove_piece_at(push.from_square)
    b.set_piece_at(push.to_square, chess.Piece(chess.PAWN, us))
    if not any(b.piece_at(x) == chess.Piece(chess.PAWN, not us) for x in b.attacks(push.to_square)):
        return None
    b.remove_piece_at(push.to_square)
    return len(b.attackers(us, push.to_square)), len(b.attackers(not us, push.to_square))


def t_prepares_break(board, c):
    m, after = played(board, c)
    us = board.turn
    if m is None or board.is_capture(m) or after.is_check():
        return False
    push = legal(board, c["push"])
    # A pawn move prepares another pawn's break, not its own.
    if push is None or push.from_square == m.to_square:
        return False
    was = lever_counts(board, push, us)
    if was is None or was[0] >= was[1]:
        return False
    passed = pass_turn(after)
    push = legal(passed, c["push"]) if passed is not None else None
    if push is None:
        return False
    now = lever_counts(passed, push, us)
    return now is not None and now[0] >= now[1]


def to_queen(s, color):
    r = rel_rank(s, color)
    return 5 if r == 1 else 7 - r


def free_passers(board, color):
    out = []
    for p in board.pieces(chess.PAWN, color):
        q = chess.square(chess.square_file(p), 7 if color == chess.WHITE else 0)
        path = list(chess.SquareSet.between(p, q)) + [q]
        if passed(board, p) and not any(board.piece_at(x) for x in path):
            out.append((p, to_queen(p, color)))
    return out


def t_race(board, c):
    if others(board):
        return False
    them, runner = board.turn, not board.turn
    p, q, k = sq(c["pawn"]), sq(c["queens_on"]), sq(c["king"])
    mine = dict(free_passers(board, runner))
    if board.piece_at(p) != chess.Piece(chess.PAWN, runner) or p not in mine or mine[p] != c["moves"]:
        return False
    if q != chess.square(chess.square_file(p), 7 if runner == chess.WHITE else 0):
        return False
    if board.king(them) != k or chess.square_distance(k, q) <= c["moves"]:
        return False
    theirs = [n for _, n in free_passers(board, them)]
    fastest = min(theirs) if theirs else None
    return fastest == c["their_moves"] and (fastest is None or fastest > c["moves"])


def safe_count(board, s):
    """plans::safe_squares: the squares the piece on s attacks that hold none of its side and
    where, standing there (whatever it took), it would not be in a bad spot (bad_spot: a cheaper
    enemy piece or pawn hits it, or it is hit and not defended, x-ray defenders behind enemy
    sliders counted)."""
    p = board.piece_at(s)
    gone = board.copy(stack=False)
    gone.remove_piece_at(s)
    n = 0
    for t in board.attacks(s):
        if board.color_at(t) == p.color:
            continue
        there = gone.copy(stack=False)
        there.set_piece_at(t, p)
        if not bad_spot(there, t):
            n += 1
    return n


def t_improves_piece(board, c):
    m, after = played(board, c)
    us = board.turn
    f = sq(c["from"])
    if m is None or m.from_square != f or board.is_capture(m) or after.is_check():
        return False
    if board.piece_type_at(f) not in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
        return False
    if chess.square_rank(f) == back_rank(us) and chess.square_file(f) in (1, 2, 5, 6):
        return False
    pieces = [s for s in chess.SQUARES if board.color_at(s) == us
              and board.piece_type_at(s) in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)]
    if safe_count(board, f) != c["before"] or any(safe_count(board, s) < c["before"] for s in pieces):
        return False
    return safe_count(after, m.to_square) == c["after"] and c["after"] >= c["before"] + 3


def exchange_gain(target, attackers, defenders):
    """board::exchange_gain: what the side taking first on a square wins (pawns, 0 when it had
    better not start), the men on it and taking in turn counted by their values, cheapest
    first."""
    attackers, defenders = sorted(attackers), sorted(defenders)
    if not attackers:
        return 0
    gains, on_square = [target], attackers[0]
    na, nd, depth = 1, 0, 1
    while True:
        if depth % 2 == 1:
            if nd >= len(defenders):
                break
            taker = defenders[nd]
            nd += 1
        else:
            if na >= len(attackers):
                break
            taker = attackers[na]
            na += 1
        gains.append(on_square - gains[depth - 1])
        on_square = taker
        depth += 1
    for d in range(len(gains) - 1, 0, -1):
        gains[d - 1] = -max(-gains[d - 1], gains[d])
    return max(gains[0], 0)


def exchange(board, m):
    """Static exchange of any move m (a quiet move risks its piece on the target square):
    the swap list as in see(), with nothing captured first for a quiet move."""
    if board.is_en_passant(m) or board.is_castling(m):
        return 0
    b = board.copy()
    target = m.to_square
    captured = b.piece_type_at(target)
    gains = [SEE_VALUES[captured] if captured else 0]
    piece = SEE_VALUES[b.piece_type_at(m.from_square)]
    if m.promotion:
        gains[0] += SEE_VALUES[m.promotion] - SEE_VALUES[chess.PAWN]
        piece = SEE_VALUES[m.promotion]
    # board::see_ge: a man pinned to its king takes no part unless the square is on the pin's
    # line (python-chess's pin mask is that whole line).
    barred = {x for x in chess.SquareSet(board.occupied)
              if board.piece_type_at(x) != chess.KING
              and board.is_pinned(board.color_at(x), x)
              and target not in board.pin(board.color_at(x), x)}
    b.remove_piece_at(m.from_square)
    side = not board.turn
    while True:
        attackers = [a for a in b.attackers(side, target) if a not in barred]
        if not attackers:
            break
        a = min(attackers, key=lambda x: SEE_VALUES[b.piece_type_at(x)])
        gains.append(piece - gains[-1])
        piece = SEE_VALUES[b.piece_type_at(a)]
        b.remove_piece_at(a)
        side = not side
    while len(gains) > 1:
        last = gains.pop()
        gains[-1] = -max(-gains[-1], last)
    return gains[0]


def bites(board, m):
    """The move m (uci) of the side to move: legal, not losing by exchange, and it captures,
    advances a passed pawn, or attacks an enemy piece (no pawn, no king) worth at least the
    moved piece or undefended (a queen meeting the queen is a trade offered, no bite). A bare
    check is not enough (session 29)."""
    mv = legal(board, m) if board is not None else None
    if mv is None or exchange(board, mv) < 0:
        return False
    after = board.copy()
    after.push(mv)
    if board.is_capture(mv):
        return True
    # A passed pawn that runs on safely.
    if board.piece_type_at(mv.from_square) == chess.PAWN and passed(board, mv.from_square):
        return True
    us = board.turn
    role = mv.promotion or board.piece_type_at(mv.from_square)
    for t in after.attacks(mv.to_square):
        p = after.piece_at(t)
        if p is None or p.color == us or p.piece_type in (chess.PAWN, chess.KING):
            continue
        # A queen meeting the enemy queen offers a trade: no bite (9.Bd3 "rules out Qg6").
        if p.piece_type == chess.QUEEN and role == chess.QUEEN:
            continue
        if VALUES[p.piece_type] >= VALUES[role] or not defended(after, t):
            return True
    return False


def rel_sq(name, color):
    s = sq(name)
    return s if color == chess.WHITE else chess.square_mirror(s)


def aimed(board, target, them):
    """An enemy slider on a line through target with at most one piece between; on a diagonal
    a pawn of target's side does not count (it steps off the line when it advances; twin of
    purpose::ideas::aimed_by)."""
    for s in chess.SQUARES:
        p = board.piece_at(s)
        if p is None or p.color != them or s == target:
            continue
        diag = p.piece_type in (chess.BISHOP, chess.QUEEN)
        straight = p.piece_type in (chess.ROOK, chess.QUEEN)
        df = chess.square_file(target) - chess.square_file(s)
        dr = chess.square_rank(target) - chess.square_rank(s)
        on = (diag and abs(df) == abs(dr) and df != 0) or (straight and (df == 0 or dr == 0))
        diagonal = abs(df) == abs(dr) and df != 0
        own_pawn = lambda x: diagonal and board.piece_at(x) == chess.Piece(chess.PAWN, not them)
        if on and sum(1 for x in chess.SquareSet.between(s, target) if board.piece_at(x) and not own_pawn(x)) <= 1:
            return True
    return False


def is_ending(board):
    pieces = lambda c: sum(1 for s in chess.SQUARES if board.color_at(s) == c
                           and board.piece_type_at(s) not in (chess.PAWN, chess.KING))
    return not board.pieces(chess.QUEEN, chess.WHITE) and not board.pieces(chess.QUEEN, chess.BLACK) \
        and pieces(chess.WHITE) <= 2 and pieces(chess.BLACK) <= 2


def wing_files(f):
    return (0, 1, 2) if f <= 2 else (5, 6, 7) if f >= 5 else None


def bad_spot(board, x):
    """The piece on x is attacked by a cheaper enemy piece, or attacked and undefended."""
    p = board.piece_at(x)
    hit = [VALUES[board.piece_type_at(a)] for a in board.attackers(not p.color, x)]
    return bool(hit) and (min(hit) < VALUES[p.piece_type] or not defended(board, x))


def quiet_safe_slider(board, m, after, role):
    """A queen, rook or bishop move, no capture and no check, to a square where no capture wins
    the piece by exchange (xray and battery)."""
    if role not in (chess.QUEEN, chess.ROOK, chess.BISHOP) or board.is_capture(m) or after.is_check():
        return False
    return not any(after.is_capture(r) and r.to_square == m.to_square and exchange(after, r) > 0
                   for r in after.legal_moves)


def developing(board, m):
    """Whether `m` develops: a knight, bishop or queen leaving its first square."""
    home = {chess.KNIGHT: (chess.B1, chess.G1), chess.BISHOP: (chess.C1, chess.F1), chess.QUEEN: (chess.D1,)}
    piece = board.piece_at(m.from_square)
    if piece is None or piece.piece_type not in home:
        return False
    squares = home[piece.piece_type]
    if piece.color == chess.BLACK:
        squares = tuple(chess.square_mirror(x) for x in squares)
    return m.from_square in squares


def t_idea(board, c):
    """Each idea of src/explain/purpose/ideas.rs and point.rs, from its chess definition."""
    m, after = played(board, c)
    if m is None:
        return False
    us, them = board.turn, not board.turn
    idea, s = c["idea"], sq(c["square"])
    other = sq(c["other"]) if c.get("other") else None
    role = board.piece_type_at(m.from_square)
    if idea == "line_costs":
        # An error's line (the move first, at most 12 plies) up to the opponent's capture on s
        # of our piece that stood there before the move; our balance there is n pawns (n >= 2)
        # below our balance after the move, within a pawn of that piece's value; no checkmate.
        line = c["moves"]
        if line[0] != c["uci"] or len(line) > 12 or len(line) % 2 != 0:
            return False
        b, taken, moved = board.copy(), None, None
        for u in line:
            mm = chess.Move.from_uci(u)
            if mm not in b.legal_moves:
                return False
            taken = b.piece_at(mm.to_square) if b.is_capture(mm) else None
            b.push(mm)
            moved = moved or b.copy()
        last = chess.Move.from_uci(line[-1])
        was = board.piece_at(s)
        if (taken is None or last.to_square != s or was is None or was.color != us
                or taken != was or b.is_checkmate() or abs(c["n"] - VALUES[was.piece_type]) > 1):
            return False
        bal = lambda x: material(x, us) - material(x, them)
        return bal(moved) - bal(b) == c["n"] and c["n"] >= 2
    if idea in ("takes_first", "takes_first_hit"):
        # A pawn takes the enemy pawn that attacked it (point::takes_first): after a pass that
        # pawn's capture r (moves[0]) of ours on s, the square the move left, is legal and loses
        # nothing by exchange; it wins material by exchange (takes_first) or lands attacking our
        # piece on `other` (no pawn, no king), which it did not attack before (takes_first_hit).
        p = pass_turn(board)
        rm = legal(p, c["moves"][0]) if p is not None else None
        if (rm is None or role != chess.PAWN or board.piece_type_at(m.to_square) != chess.PAWN
                or board.is_en_passant(m) or after.is_check() or m.from_square != s
                or rm.to_square != s or rm.from_square != m.to_square
                or p.piece_type_at(rm.from_square) != chess.PAWN or exchange(p, rm) < 0):
            return False
        if idea == "takes_first":
            return other is None and exchange(p, rm) >= 1
        nxt = p.copy()
        nxt.push(rm)
        q = nxt.piece_at(other) if other is not None else None
        return (q is not None and q.color == us and q.piece_type not in (chess.PAWN, chess.KING)
                and other in nxt.attacks(rm.to_square) and other not in p.attacks(rm.from_square))
    if idea == "sidesteps":
        # The opponent's move r (moves[0]) after a pass is quiet, not a pawn's, and bites; after it,
        # its piece attacks ours on s (the moved man's square, not a pawn or king), worth more
        # than the attacker or undefended (a trade offered is no hit); the move is quiet, no check; after it r bites no
        # more (or is illegal).
        r = c["moves"][0]
        before_p = pass_turn(board)
        rm = legal(before_p, r) if before_p is not None else None
        if (rm is None or before_p.is_capture(rm) or not bites(before_p, r) or m.from_square != s
                or before_p.piece_type_at(rm.from_square) == chess.PAWN
                or role in (chess.PAWN, chess.KING) or board.is_capture(m) or after.is_check()
                or other != rm.from_square):
            return False
        nxt = before_p.copy()
        nxt.push(rm)
        attacker = nxt.piece_type_at(rm.to_square)
        if s not in nxt.attacks(rm.to_square) or not (
                VALUES[role] > VALUES[attacker] or not nxt.attackers(us, s)):
            return False
        # Nor can the man on s take the attacker first without loss by exchange.
        if any(t.from_square == s and t.to_square == rm.to_square and nxt.is_capture(t)
               and see(nxt, t) >= 0 for t in nxt.legal_moves):
            return False
        return legal(after, r) is None or not bites(after, r)
    if idea == "refutes":
        # Prophylaxis by a tactic (point::refutes): the opponent's move r (moves[0]) bites after
        # a pass; after the move the moved man newly covers s (r's square) and, in the line
        # (legal after the move, at most 8 plies), takes there at once; the line ends after a
        # quiet move (or in mate) with our material n >= 1 pawns above our balance after the
        # move. Whether the opponent wanted r, and that it now loses, is the search's (the
        # sentence referee checks it with Stockfish).
        line = c["moves"]
        before_p = pass_turn(board)
        if (board.is_capture(m) or after.is_check() or len(line) < 3 or len(line) > 8
                or before_p is None or not bites(before_p, line[0])):
            return False
        rm = chess.Move.from_uci(line[0])
        answer = chess.Move.from_uci(line[1])
        if (rm.to_square != s or other != rm.from_square or s not in after.attacks(m.to_square)
                or s in board.attacks(m.from_square) or answer.from_square != m.to_square
                or answer.to_square != s):
            return False
        end = play_line(after, line)
        if end is None:
            return False
        if not end.is_checkmate() and play_line(after, line[:-1]).is_capture(chess.Move.from_uci(line[-1])):
            return False
        bal = lambda x: material(x, us) - material(x, them)
        return c["n"] >= 1 and bal(end) - bal(after) == c["n"]
    if idea == "escapes":
        # The opponent's best move after a pass captures the moved piece (and bites); after
        # the move that capture is gone: the piece stepped away from it.
        r = c["moves"][0]
        before_p, after_p = pass_turn(board), after
        rm = legal(before_p, r) if before_p is not None else None
        if (board.is_capture(m) or after.is_check() or rm is None or not before_p.is_capture(rm)
                or rm.to_square != s or m.from_square != s or not bites(before_p, r)):
            return False
        # The capture wins material by static exchange (an even trade saves no piece).
        if exchange(before_p, rm) <= 0:
            return False
        again = legal(after_p, r)
        return again is None or not after_p.is_capture(again)
    if idea in ("makes_room", "makes_room_trade"):
        # The opponent's quiet move r after a pass attacks our piece on `other` (no pawn, no
        # king), which then has no safe move; the move leaves s, and after it and r the piece
        # can go to s safely. `makes_room_trade`: r's piece taking ours is an even trade by
        # exchange (it would be traded off, not lost).
        r = c["moves"][0]
        before_p = pass_turn(board)
        rm = legal(before_p, r) if before_p is not None else None
        if (board.is_capture(m) or after.is_check() or rm is None or before_p.is_capture(rm)
                or m.from_square != s or other is None or role == chess.KING or board.is_castling(m)):
            return False
        hit = before_p.copy()
        hit.push(rm)
        p = hit.piece_at(other)
        if (p is None or p.color != us or p.piece_type in (chess.PAWN, chess.KING)
                or other not in hit.attacks(rm.to_square)):
            return False
        trade = idea == "makes_room_trade"

        def contested(b, x):
            # x lands where an enemy man worth no more than the piece attacks it.
            worth = VALUES[b.piece_type_at(x.from_square)]
            lifted = b.copy(stack=False)
            lifted.remove_piece_at(x.from_square)
            return any(VALUES[lifted.piece_type_at(a)] <= worth
                       for a in lifted.attackers(not us, x.to_square))
        # Trapped: every move loses the piece by exchange; for a trade, every move that does
        # not lands where it would be traded.
        if any(exchange(hit, x) >= 0 and not (trade and contested(hit, x))
               for x in hit.legal_moves if x.from_square == other):
            return False
        if trade:
            traded = pass_turn(hit)
            take = chess.Move(rm.to_square, other)
            if traded is None or take not in traded.legal_moves or exchange(traded, take) != 0:
                return False
        again = legal(after, r)
        if again is None:
            return False
        now = after.copy()
        now.push(again)
        out_ = chess.Move(other, s)
        return (out_ in now.legal_moves and exchange(now, out_) >= 0
                and not (trade and contested(now, out_)))
    if idea == "stops_attack":
        # After a pass the opponent's move r takes the moved man on s with check, on a square
        # beside our king; after the move it takes nothing there.
        r = c["moves"][0]
        before_p = pass_turn(board)
        rm = legal(before_p, r) if before_p is not None else None
        king = board.king(us)
        if (board.is_capture(m) or after.is_check() or rm is None or not before_p.is_capture(rm)
                or rm.to_square != s or m.from_square != s or not before_p.gives_check(rm)
                or king is None or chess.square_distance(king, s) != 1):
            return False
        again = legal(after, r)
        return again is None or not after.is_capture(again)
    if idea in ("stops_plan", "stops_plan_answer"):
        # Positional prophylaxis (point::stops_plan): a quiet move; the opponent's move r
        # (moves[0]) is legal and quiet after a pass instead, from `other` to `s`, and legal after
        # the move; stops_plan_answer adds the mover's answer to r there, a capture or a check.
        # That the opponent wanted r and that it is no longer good is the sentence referee's
        # Stockfish check.
        line = c.get("moves") or []
        p = pass_turn(board)
        if (board.is_capture(m) or after.is_check() or p is None
                or len(line) != (2 if idea == "stops_plan_answer" else 1)):
            return False
        first = legal(p, line[0])
        again = legal(after, line[0])
        if (first is None or again is None or p.is_capture(first) or first.from_square != other
                or first.to_square != s):
            return False
        if idea == "stops_plan":
            return True
        hit = after.copy()
        hit.push(again)
        answer = legal(hit, line[1])
        return answer is not None and (hit.is_capture(answer) or hit.gives_check(answer))
    if idea in ("stops_line", "removes_line"):
        # stops_line: a quiet move; removes_line: a capture of the man on `other`, winning less
        # than a pawn by exchange. After a pass instead the claimed line is legal from the
        # position before the move, starts from `other` to `s`, ends on a quiet move (or mates),
        # and wins the opponent `n` >= 1 pawns of material. That the short search wants it, and
        # that after the move the opponent's best line wins nothing, is the sentence referee's
        # Stockfish check.
        line = c.get("moves") or []
        p = pass_turn(board)
        if p is None or len(line) < 2:
            return False
        if idea == "stops_line" and (board.is_capture(m) or after.is_check()):
            return False
        if idea == "removes_line" and (not board.is_capture(m) or board.is_en_passant(m)
                                       or board.piece_type_at(m.to_square) == chess.PAWN
                                       or m.to_square != other or see(board, m) >= 100):
            return False
        first = legal(p, line[0])
        end = play_line(p, line)
        if first is None or end is None or first.from_square != other or first.to_square != s:
            return False
        last = play_line(p, line[:-1])
        if not end.is_checkmate() and last.is_capture(chess.Move.from_uci(line[-1])):
            return False
        them = p.turn
        gain = ((material(end, them) - material(end, not them))
                - (material(p, them) - material(p, not them)))
        return gain >= 1 and gain == c.get("n")
    if idea == "stops_mate":
        # A quiet move; after a pass instead the claimed line (three plies or more) is legal
        # from the position before the move, starts from `other` and mates on `s`. That it is
        # forced, and gone after the move (the defender may now answer otherwise, so the same
        # moves may still be legal), is the sentence referee's Stockfish check.
        line = c.get("moves") or []
        p = pass_turn(board)
        if board.is_capture(m) or after.is_check() or p is None or len(line) < 3:
            return False
        end = play_line(p, line)
        first = chess.Move.from_uci(line[0])
        return (end is not None and end.is_checkmate() and first.from_square == other
                and chess.Move.from_uci(line[-1]).to_square == s)
    if idea in ("threat_line", "threat_mating"):
        # A quiet move; after it and a pass the claimed line is legal, its first move (to s,
        # from other) a capture or a check; the moved man makes it, makes the line's next
        # blow, or the blow goes through the square it left. (That the blow is worth it is the
        # sentence referee's Stockfish check.)
        p = pass_turn(after) if not after.is_check() else None
        line = c.get("moves") or []
        if board.is_capture(m) or after.is_check() or p is None or not line:
            return False
        b = p.copy()
        played_line = []
        for u in line:
            x = legal(b, u)
            if x is None:
                return False
            played_line.append((b.copy(), x))
            b.push(x)
        b0, blow = played_line[0]
        if blow.to_square != s or blow.from_square != other:
            return False
        if not b0.is_capture(blow) and not b0.gives_check(blow):
            return False
        # (A capture of a man that can take the capturer first without losing by exchange is
        # said only when taking first is clearly worse for the opponent than their best move:
        # a search's word, which the sentence referee checks with Stockfish.)
        landed = m.to_square
        if board.is_castling(m):
            landed = after.king(us)
        through = m.from_square in chess.SquareSet(chess.between(blow.from_square, blow.to_square))
        later = len(played_line) > 2 and played_line[2][1].from_square == landed
        takes_part = blow.from_square == landed or through or later
        # n = 1: the blow the moved man takes no part in, which the move made work (the
        # sentence referee checks that with Stockfish); n = 0: the moved man takes part.
        return c["n"] == (0 if takes_part else 1)
    if idea == "avoids_trade":
        # After a pass the opponent takes the moved piece with one of its kind (a minor piece
        # for a minor piece, a rook for a rook, the queen for the queen) in an even trade (the
        # piece defended, nothing more to win); after the move that capture is gone.
        r = c["moves"][0]
        before_p = pass_turn(board)
        rm = legal(before_p, r) if before_p is not None else None
        kind = {chess.BISHOP: chess.KNIGHT, chess.KNIGHT: chess.KNIGHT, chess.ROOK: chess.ROOK,
                chess.QUEEN: chess.QUEEN}
        if (rm is None or board.is_capture(m) or after.is_check() or not before_p.is_capture(rm)
                or rm.to_square != s or m.from_square != s or role not in kind
                or kind.get(before_p.piece_type_at(rm.from_square)) != kind[role]
                or not before_p.attackers(board.turn, s) or see(before_p, rm) != 0):
            return False
        again = chess.Move(rm.from_square, m.to_square)
        return not (again in after.legal_moves and after.is_capture(again))
    if idea in ("stops", "occupies", "stops_hit"):
        r = c["moves"][0]
        # `occupies`: the move stands on the very square the opponent's move went to.
        if (idea == "occupies") != (s == m.to_square):
            return False
        # `stops_hit`: `other` our piece (no pawn, no king, not the moved one) that r, quiet
        # and no check, would hit where it lands and did not from where it stood: worth at
        # least r's piece or undefended then, no queen against queen.
        if idea == "stops_hit":
            passed_b = pass_turn(board)
            rm0 = legal(passed_b, r) if passed_b is not None else None
            if rm0 is None or other is None or passed_b.is_capture(rm0) or other == m.from_square:
                return False
            hit = passed_b.copy()
            hit.push(rm0)
            p = hit.piece_at(other)
            rrole = rm0.promotion or passed_b.piece_type_at(rm0.from_square)
            if (hit.is_check() or p is None or p.color != us or p.piece_type in (chess.PAWN, chess.KING)
                    or other not in hit.attacks(rm0.to_square) or other in passed_b.attacks(rm0.from_square)
                    or (p.piece_type == chess.QUEEN and rrole == chess.QUEEN)
                    or not (VALUES[p.piece_type] >= VALUES[rrole] or not defended(hit, other))):
                return False
        # After the move the opponent is to move: r is tested there, as after a pass before.
        before_p, after_p = pass_turn(board), after
        if (board.is_capture(m) or after.is_check() or chess.Move.from_uci(r).to_square != s
                or not bites(before_p, r) or bites(after_p, r)):
            return False
        # The move itself takes r away: illegal now, its square covered by the moved piece
        # (not before), or no longer a check.
        rm = legal(after_p, r)
        if rm is None:
            return True
        # Or the moved man stepped off s, where r took it (an attack stopped, such as a pawn
        # stepping away from a capture with check beside its king).
        if m.from_square == s and before_p.is_capture(legal(before_p, r)) and not after_p.is_capture(rm):
            return True
        covers = s in after.attacks(m.to_square) and s not in board.attacks(m.from_square)
        gives_check = lambda b: (lambda x: x is not None and b.gives_check(x))(legal(b, r))
        return covers or (gives_check(before_p) and not gives_check(after_p))
    if idea == "keeps":
        # A quiet move guards s, where the opponent's capture r after a pass won material by
        # exchange (at least a pawn) and no longer does.
        r = c["moves"][0]
        before_p = pass_turn(board)
        rm = legal(before_p, r) if before_p is not None else None
        if (board.is_capture(m) or after.is_check() or rm is None or not before_p.is_capture(rm)
                or rm.to_square != s or other != rm.from_square or m.from_square == s
                or exchange(before_p, rm) < 100 or s not in after.attacks(m.to_square)):
            return False
        again = legal(after, r)
        return again is None or exchange(after, again) < 100
    if idea in ("denies", "denies_push"):
        # A quiet pawn move newly covers s, where an enemy man could go safely (by exchange,
        # without taking) after a pass, and no longer can: the move is gone or would lose it.
        # `denies`: a piece (no pawn, no king); `denies_push`: a pawn's push (no promotion).
        # Whether the opponent wanted it is the search's choice.
        r = c["moves"][0]
        before_p = pass_turn(board)
        rm = legal(before_p, r) if before_p is not None else None
        if (role != chess.PAWN or board.is_capture(m) or m.promotion or after.is_check() or rm is None
                or rm.to_square != s or before_p.is_capture(rm) or rm.promotion or other != rm.from_square
                or exchange(before_p, rm) < 0):
            return False
        mover = before_p.piece_type_at(rm.from_square)
        if (mover == chess.PAWN) != (idea == "denies_push") or mover == chess.KING:
            return False
        if s not in after.attacks(m.to_square) or s in board.attacks(m.from_square) \
                or rm.from_square in after.attacks(m.to_square):
            return False
        again = legal(after, r)
        return again is None or exchange(after, again) < 0
    if idea == "shuts_discovery":
        # Not a king's move nor castling. With the mover passing, the line's move (from
        # `other`) is legal and gives check from the line piece on `square` (not from where it
        # lands) to our king; before the move only `other` stood between them, and the moved
        # man lands between them; after the move the same move, if legal, no longer checks
        # from `square`.
        line = c["moves"]
        passed_d = pass_turn(board)
        if role == chess.KING or board.is_castling(m) or passed_d is None or len(line) != 1 or other is None:
            return False
        r = chess.Move.from_uci(line[0])
        king = board.king(us)
        if r not in passed_d.legal_moves or r.from_square != other or king is None:
            return False
        checked = passed_d.copy()
        checked.push(r)
        between = chess.SquareSet.between(s, king)
        if (s not in checked.checkers() or s == r.to_square or m.to_square not in between
                or other not in between or set(between & board.occupied) != {other}):
            return False
        if r in after.legal_moves:
            again = after.copy()
            again.push(r)
            return s not in again.checkers()
        return True
    if idea == "frees_guard":
        # A quiet move (not the king's, not castling, no check); the mover's next move in the line (after
        # the reply, no check) is by the piece on `other` (not a pawn or the king), not castling.
        # Our man on `square` (not the king, not the moved one) was attacked by the opponent
        # with the piece on `other` its only guard; after the reply it is still there, attacked,
        # guarded by that piece and by the moved man from where it landed; after the next move
        # still attacked, guarded by the moved man and not by the piece that went on.
        line = c["moves"]
        if (role == chess.KING or board.is_castling(m) or len(line) != 3 or line[0] != c["uci"]
                or play_line(board, line) is None or other is None or after.is_check()):
            return False
        mid = play_line(board, line[:2])
        ours = chess.Move.from_uci(line[2])
        nxt = play_line(board, line)
        if (mid.is_check() or ours.from_square != other or mid.is_castling(ours)
                or mid.piece_type_at(other) in (chess.PAWN, chess.KING, None)):
            return False
        man = board.piece_at(s)
        if (man is None or man.color != us or man.piece_type == chess.KING or s in (m.from_square, other)
                or mid.piece_at(s) != man or nxt.piece_at(s) != man):
            return False
        landed = m.to_square
        return (bool(board.attackers(them, s)) and set(board.attackers(us, s)) == {other}
                and bool(mid.attackers(them, s)) and landed in mid.attackers(us, s)
                and other in mid.attackers(us, s) and bool(nxt.attackers(them, s))
                and landed in nxt.attackers(us, s) and ours.to_square not in nxt.attackers(us, s))
    if idea == "supports":
        # A pawn move; the mover's next move in the line (after the reply, no check) is a pawn
        # push, not a capture, by another pawn, to s, which the moved pawn (on `other`) now
        # guards and which no pawn of ours guarded before the move.
        line = c["moves"]
        if (role != chess.PAWN or board.is_capture(m) or len(line) != 3 or line[0] != c["uci"]
                or play_line(board, line) is None or other != m.to_square):
            return False
        mid = play_line(board, line[:2])
        ours = chess.Move.from_uci(line[2])
        if (mid.is_check() or mid.piece_type_at(ours.from_square) != chess.PAWN or mid.is_capture(ours)
                or ours.from_square == m.to_square or ours.to_square != s):
            return False
        pawn_guarded = any(board.piece_type_at(q) == chess.PAWN for q in board.attackers(us, s))
        return s in after.attacks(m.to_square) and not pawn_guarded
    if idea in ("uncovers", "uncovers_take"):
        # `uncovers`: the move checks with the moved piece alone; `uncovers_take`: it captures
        # without check. Our queen, rook or bishop on `other`, with the square the move left
        # between it and s, now attacks the enemy man on s (no king), which it did not attack
        # before, worth more than it or undefended; after every legal answer to the check that
        # does not lose material by exchange (for a capture: every recapture on its square,
        # and there is one) it still does.
        take = idea == "uncovers_take"
        gives = after.checkers() == chess.SquareSet([m.to_square]) if not take else \
            (not after.checkers() and board.is_capture(m))
        if (other is None or board.is_castling(m) or not gives
                or m.from_square not in chess.SquareSet.between(other, s) or s in board.attacks(other)):
            return False

        def hangs(b):
            slider, target = b.piece_at(other), b.piece_at(s)
            if (slider is None or slider.color != us or slider.piece_type not in (chess.BISHOP, chess.ROOK, chess.QUEEN)
                    or target is None or target.color == us or target.piece_type == chess.KING
                    or s not in b.attacks(other)):
                return False
            return VALUES[target.piece_type] > VALUES[slider.piece_type] or not b.attackers(not us, s)
        if not hangs(after):
            return False
        answers = [r for r in after.legal_moves
                   if not take or (after.is_capture(r) and r.to_square == m.to_square)]
        if take and not answers:
            return False
        for r in answers:
            if exchange(after, r) < 0:
                continue
            nxt = after.copy(stack=False)
            nxt.push(r)
            if not hangs(nxt):
                return False
        return True
    if idea in ("readies", "readies_hit"):
        # point::readies: a quiet move, no check; `moves` is the move and, after a pass, the
        # mover's next move: a quiet move (no capture, castling, promotion or check) of another
        # piece than the moved one, landing on `square`, losing nothing by exchange there, and
        # illegal or losing material by exchange before the move.
        # (That it is the best move there, and was no better than passing before the move, is
        # a search's word: the sentence referee checks it with Stockfish.) readies_hit: from
        # `square` it attacks the enemy piece on `other` (no king or pawn), there since before
        # the move, worth more than the readied piece or undefended, not attacked by it before.
        line = c["moves"]
        if board.is_capture(m) or board.is_castling(m) or after.is_check() or len(line) != 2 \
                or line[0] != c["uci"]:
            return False
        # A middlegame: each side keeps two pieces or more besides the king and pawns.
        if any(chess.popcount(after.occupied_co[col] & ~after.pawns & ~after.kings) < 3 for col in chess.COLORS):
            return False
        again = pass_turn(after)
        ready = chess.Move.from_uci(line[1])
        landed = m.to_square
        if again is None or ready not in again.legal_moves or again.is_capture(ready) \
                or again.is_castling(ready) or ready.promotion or ready.from_square == landed \
                or ready.to_square != s or exchange(again, ready) < 0 or again.gives_check(ready) \
                or again.piece_type_at(ready.from_square) == chess.KING:
            return False
        # The readied move was illegal before the move, or lost material by exchange there.
        if ready in board.legal_moves and exchange(board, ready) >= 0:
            return False
        if idea == "readies":
            return other is None
        nxt = again.copy()
        nxt.push(ready)
        target = nxt.piece_at(other) if other is not None else None
        mover = again.piece_type_at(ready.from_square)
        return (target is not None and target.color != us and target.piece_type not in (chess.KING, chess.PAWN)
                and board.piece_at(other) == target and other in nxt.attacks(ready.to_square)
                and other not in board.attacks(ready.from_square)
                and (VALUES[target.piece_type] > VALUES[mover] or not nxt.attackers(not us, other)))
    if idea == "prepares_hit":
        # "prepares" (below), and the prepared move, where it lands, attacks the enemy piece
        # (no king, no pawn) on `other`, there since before the move, worth more than the piece
        # that moves or undefended, and not attacked by it from where it stood.
        line = c["moves"]
        if other is None or len(line) != 3 or play_line(board, line) is None:
            return False
        ours = chess.Move.from_uci(line[2])
        mid = play_line(board, line[:2])
        nxt = play_line(board, line)
        target = nxt.piece_at(other)
        mover = mid.piece_type_at(ours.from_square)
        to = ours.to_square if not mid.is_castling(ours) else None
        if (to is None or target is None or target.color == us or target.piece_type in (chess.KING, chess.PAWN)
                or board.piece_at(other) != target or other not in nxt.attacks(to)
                or other in board.attacks(ours.from_square)):
            return False
        if not (VALUES[target.piece_type] > VALUES[mover] or not nxt.attackers(not us, other)):
            return False
        return t_idea(board, dict(c, idea="prepares", hits=True))
    if idea == "push_hits":
        # A quiet pawn move; the mover's next move in the line (the third) pushes the same pawn
        # one square on, to `square`, without taking, and from there the pawn attacks the enemy
        # piece (no king, no pawn) on `other`, there since before the move.
        line = c["moves"]
        if role != chess.PAWN or board.is_capture(m) or other is None or len(line) != 3 \
                or line[0] != c["uci"] or play_line(board, line) is None:
            return False
        mid = play_line(board, line[:2])
        ours = chess.Move.from_uci(line[2])
        nxt = play_line(board, line)
        target = nxt.piece_at(other)
        return (ours.from_square == m.to_square and ours.to_square == s and ours.promotion is None
                and mid.piece_type_at(ours.from_square) == chess.PAWN and not mid.is_capture(ours)
                and chess.square_distance(ours.from_square, ours.to_square) == 1
                and target is not None and target.color == them
                and target.piece_type not in (chess.KING, chess.PAWN)
                and board.piece_at(other) == target and other in nxt.attacks(s))
    if idea == "check_first":
        # An in-between check (session 49): the quiet move checks; `moves` = the move, the
        # reply (not taking the checker), our piece on `square` stepping away (no capture; safely by
        # exchange) to `other`, and the threat: after a pass before the move, a capture of that
        # piece (not a pawn) winning at least a pawn by exchange, which still does after the
        # reply had the mover passed.
        line = c["moves"]
        if len(line) != 4 or line[0] != c["uci"] or board.is_capture(m) or not after.is_check():
            return False
        reply, ours, threat = (chess.Move.from_uci(u) for u in line[1:])
        if reply not in after.legal_moves or reply.to_square == m.to_square:
            return False
        mid = after.copy()
        mid.push(reply)
        if ours not in mid.legal_moves or ours.from_square != s or ours.to_square != other \
                or mid.is_capture(ours) or exchange(mid, ours) < 0:
            return False

        def wins(p):
            return (p is not None and threat in p.legal_moves and threat.to_square == s
                    and p.is_capture(threat) and exchange(p, threat) >= 100)
        return (board.color_at(s) == us and board.piece_type_at(s) not in (chess.PAWN, chess.KING)
                and wins(pass_turn(board)) and wins(pass_turn(mid)))
    if idea == "plan_break":
        # A plan (below) whose next move, a quiet pawn push, strikes at the enemy pawn on
        # `other` from where it lands (session 49).
        line = c["moves"]
        if len(line) != 3 or other is None or play_line(board, line) is None:
            return False
        nxt = play_line(board, line)
        ours = chess.Move.from_uci(line[2])
        mid = play_line(board, line[:2])
        if mid.piece_type_at(ours.from_square) != chess.PAWN or mid.is_capture(ours) or ours.promotion:
            return False
        if nxt.piece_at(other) != chess.Piece(chess.PAWN, them) or other not in nxt.attacks(ours.to_square):
            return False
        return t_idea(board, dict(c, idea="plan", other=None))
    if idea in ("prepares", "plan", "clears", "makes_way"):
        line = c["moves"]
        if board.is_capture(m):
            return False
        if line[0] != c["uci"] or len(line) not in (3, 5) or play_line(board, line) is None:
            return False
        mid = play_line(board, line[:2])
        ours = chess.Move.from_uci(line[2])
        if mid.is_check():
            return False
        reply = chess.Move.from_uci(line[1])
        if ours.to_square == reply.to_square:
            return False
        # The moved piece moving on is a plan, never "prepared" by its own move.
        # Not made possible either: a move losing by exchange where it is played, as before.
        # Nor one the reply made possible: it must be legal and not losing by exchange right
        # after the move, the opponent passing (20.Rfd1 d4 Qe4: the reply moved the d-pawn on).
        again = pass_turn(after) if not after.is_check() else None
        by_the_move = again is not None and ours in again.legal_moves and exchange(again, ours) >= 0
        possible = (ours in board.legal_moves and (exchange(board, ours) >= 0 or exchange(mid, ours) < 0)) \
            or ours.from_square == m.to_square or not by_the_move \
            or board.is_check()  # out of check, what the check made illegal was there before
        # A piece (not a pawn) that steps off the square the next move lands on made nothing
        # possible (17.Nc3 and Rfb1): a plan, unless the next move hits a piece from there
        # (prepares_hit: ...Nh7 and ...Bf6 against the bishop on h4).
        vacated = (role != chess.PAWN and ours.to_square == m.from_square
                   and not mid.is_castling(ours) and not c.get("hits"))
        # `makes_way`: such a step by a piece not developing (a knight, bishop or queen off the
        # square it started on) frees the square for the piece going there next (9...Re8, Nf8).
        if idea == "makes_way":
            # The queen off its first square for a rook is the rook's way, not development.
            queen_for_rook = role == chess.QUEEN and mid.piece_type_at(ours.from_square) == chess.ROOK
            return (not possible and vacated and (not developing(board, m) or queen_for_rook)
                    and mid.piece_type_at(ours.from_square) != chess.PAWN
                    and ours.to_square == s and other == ours.from_square and len(line) == 3)
        possible = possible or vacated
        # `clears`: made possible because the move left a square on the next move's path.
        cleared = m.from_square in chess.SquareSet.between(ours.from_square, ours.to_square) \
            and not mid.is_castling(ours)
        if idea == "clears":
            return ours.to_square == s and not possible and cleared and other == ours.from_square
        return ours.to_square == s and possible == (idea == "plan") and (possible or not cleared)
    if idea == "unblocks":
        # A quiet knight or bishop move, no check, from the square just in front of our pawn on
        # `other`, the piece not in a bad spot there (a piece that must move anyway); with us to move again (a null move), that pawn's push to `square` is legal and
        # no capture wins it by exchange.
        if role not in (chess.KNIGHT, chess.BISHOP) or board.is_capture(m) or after.is_check():
            return False
        step = 8 if us == chess.WHITE else -8
        if other is None or other + step != m.from_square or after.piece_at(other) != chess.Piece(chess.PAWN, us) \
                or chess.square_file(other) not in (2, 3, 4, 5) or bad_spot(board, m.from_square):
            return False
        again = after.copy()
        again.push(chess.Move.null())
        pushes = [p for p in again.legal_moves if p.from_square == other and not again.is_capture(p)
                  and p.promotion is None and exchange(again, p) >= 0]
        if not pushes:
            return False
        # The square is the line's push (the longest without a line): one of those pushes.
        return any(p.to_square == s for p in pushes)
    if idea == "xray":
        # A quiet queen, rook or bishop move, no check, to a square where no capture wins it by
        # exchange; `square` holds an enemy piece worth more than the moved piece (or the enemy
        # king, not for a queen), on a line the piece moves on, with exactly one piece between
        # them, on `other`, not a king; from its old square the piece did not stand so against
        # `square` (no line, or not exactly one piece between).
        if not quiet_safe_slider(board, m, after, role):
            return False
        worth = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
        target = after.piece_at(s)
        if target is None or target.color != them:
            return False
        if target.piece_type == chess.KING:
            if role == chess.QUEEN:
                return False
        elif worth[target.piece_type] <= worth[role]:
            return False

        def lined(b, a):
            df, dr = chess.square_file(s) - chess.square_file(a), chess.square_rank(s) - chess.square_rank(a)
            diag = abs(df) == abs(dr) and df != 0
            straight = (df == 0) != (dr == 0)
            if not ((role in (chess.BISHOP, chess.QUEEN) and diag) or (role in (chess.ROOK, chess.QUEEN) and straight)):
                return None
            mids = [x for x in chess.SquareSet.between(a, s) if b.piece_at(x)]
            return mids[0] if len(mids) == 1 else None

        mid = lined(after, m.to_square)
        if mid is None or mid != other or after.piece_type_at(mid) == chess.KING:
            return False
        if after.piece_type_at(mid) != chess.PAWN and after.color_at(mid) != us:
            return False
        return board.piece_at(s) != target or lined(board, m.from_square) is None \
            or board.piece_type_at(lined(board, m.from_square)) == chess.KING
    if idea == "battery":
        # A quiet queen, rook or bishop move, no check, to a square where no capture wins it
        # by exchange; the moved piece and our slider on `other` stand on one line, both move
        # along it, nothing between them; the front one attacks along that line, beyond
        # itself, `square`: next to the enemy king (not the king's own square), empty or an
        # enemy unit; the pair on `other` and the piece's old square did not aim at it so.
        if not quiet_safe_slider(board, m, after, role):
            return False

        def along(b, a, c):
            p = b.piece_at(a)
            if p is None:
                return False
            diag = chess.square_file(a) != chess.square_file(c) and \
                abs(chess.square_file(a) - chess.square_file(c)) == abs(chess.square_rank(a) - chess.square_rank(c))
            straight = chess.square_file(a) == chess.square_file(c) or chess.square_rank(a) == chess.square_rank(c)
            return (p.piece_type in (chess.BISHOP, chess.QUEEN) and diag) or \
                (p.piece_type in (chess.ROOK, chess.QUEEN) and straight)

        def aims(b, a, c, t):
            king = b.king(not us)
            if king is None or chess.square_distance(king, t) != 1 or b.color_at(t) == us:
                return False
            if b.color_at(a) != us or b.color_at(c) != us or not along(b, a, c) or not along(b, c, a):
                return False
            if any(b.piece_at(x) for x in chess.SquareSet.between(a, c)):
                return False
            for back, front in ((a, c), (c, a)):
                if front in chess.SquareSet.between(back, t) and t in b.attacks(front) \
                        and t in chess.SquareSet.ray(back, front):
                    return True
            return False
        # One of the two can go to s without losing material by exchange (the other behind).
        passed_a = pass_turn(after)
        enters = passed_a is not None and any(
            x.to_square == s and x.from_square in (m.to_square, other) and exchange(passed_a, x) >= 0
            for x in passed_a.legal_moves)
        return enters and aims(after, m.to_square, other, s) and not aims(board, m.from_square, other, s)
    if idea == "opens_diagonal":
        # A quiet one-square step of the d- or e-pawn from its home square, our bishop on its home square
        # behind it on a diagonal (d2 for c1, e2 for f1; d7, e7 for c8, f8): the bishop could go
        # nowhere that way before and now reaches at least two squares (empty, or the first
        # enemy piece).
        homes = {chess.D2: chess.C1, chess.E2: chess.F1} if us == chess.WHITE \
            else {chess.D7: chess.C8, chess.E7: chess.F8}
        # Or a quiet knight move off that square (9.Nf1 in the Ruy Lopez).
        one_step = abs(chess.square_rank(m.to_square) - chess.square_rank(m.from_square)) == 1
        if role not in (chess.PAWN, chess.KNIGHT) or (role == chess.PAWN and not one_step) \
                or board.is_capture(m) or m.promotion or after.is_check() \
                or homes.get(m.from_square) != s or after.piece_at(s) != chess.Piece(chess.BISHOP, us):
            return False

        def reach(b):
            n = 0
            df = 1 if chess.square_file(m.from_square) > chess.square_file(s) else -1
            dr = 1 if us == chess.WHITE else -1
            f, r = chess.square_file(s) + df, chess.square_rank(s) + dr
            while 0 <= f < 8 and 0 <= r < 8:
                p = b.piece_at(chess.square(f, r))
                if p is not None and p.color == us:
                    break
                n += 1
                if p is not None:
                    break
                f, r = f + df, r + dr
            return n
        return reach(board) == 0 and reach(after) >= 2
    if idea in ("route", "route_hits"):
        # The moved piece (not a pawn or the king) moves on from where it landed, without
        # taking, as the mover's next move in the line (a 3-ply claim) or as the one after it
        # (5 plies: the next is another piece's, a recapture too), not attacked on its square by
        # a reply first.
        # `route_hits`: from where it arrives (`san[0]`) it attacks the enemy piece or pawn on
        # `square`, not the king, which stood there before the move and still does, and which
        # it attacked neither before nor after the move.
        # A king only in an ending without queens.
        line = c["moves"]
        queens = board.pieces(chess.QUEEN, chess.WHITE) | board.pieces(chess.QUEEN, chess.BLACK)
        if board.is_capture(m) or board.is_castling(m) or role == chess.PAWN \
                or (role == chess.KING and queens):
            return False
        # A step that already attacks an enemy piece or pawn it did not attack before, worth
        # more than itself or undefended, is no mere step.
        if any(after.color_at(t) == (not us) and after.piece_type_at(t) != chess.KING
               and t not in board.attacks(m.from_square)
               and (VALUES[after.piece_type_at(t)] > VALUES[role] or not defended(after, t))
               for t in after.attacks(m.to_square)):
            return False
        if line[0] != c["uci"] or len(line) not in (3, 5) or play_line(board, line) is None:
            return False
        mid = play_line(board, line[:2])
        ours = chess.Move.from_uci(line[2])
        reply = chess.Move.from_uci(line[1])
        # A recapture as the mover's next move only before the piece's own step (5 plies).
        if mid.is_check() or (ours.to_square == reply.to_square and len(line) != 5):
            return False
        if m.to_square in mid.attacks(reply.to_square):
            return False  # a retreat from the reply's attack, not a route
        step = ours
        if ours.from_square != m.to_square:
            if len(line) != 5:
                return False
            late = play_line(board, line[:4])
            step = chess.Move.from_uci(line[4])
            r2 = chess.Move.from_uci(line[3])
            if late.is_check() or step.from_square != m.to_square or step.to_square == r2.to_square \
                    or m.to_square in late.attacks(r2.to_square):
                return False
            before_step = late
        else:
            before_step = mid
        if before_step.is_capture(step) or other != m.from_square:
            return False
        # Not a square the piece could have gone to at once without losing it by exchange.
        direct = [d for d in board.legal_moves if d.from_square == m.from_square and d.to_square == step.to_square
                  and not board.is_castling(d)]
        if any(exchange(board, d) >= 0 for d in direct):
            return False
        if idea == "route":
            return step.to_square == s
        arrived = play_line(board, line)
        if (c.get("san") or [None])[0] != chess.square_name(step.to_square):
            return False
        target = board.piece_at(s)
        return (target is not None and target.color != us and target.piece_type != chess.KING
                and arrived.piece_at(s) == target and s in arrived.attacks(step.to_square)
                and s not in board.attacks(m.from_square) and s not in after.attacks(m.to_square))
    if idea in ("rook_backs", "rook_opens"):
        # A rook comes to a new file; the first piece ahead of it on that file (past our own
        # queens and rooks) is our pawn on
        # `square`; the line's move (one of the mover's next three, the rook and the pawn
        # still in place before it) moves that pawn to `other`: a push backs it, a capture
        # opens the file for the rook.
        line = c["moves"]
        if role != chess.ROOK or board.is_castling(m) or board.is_capture(m):
            return False
        if chess.square_file(m.from_square) == chess.square_file(m.to_square):
            return False
        if line[0] != c["uci"] or len(line) not in (3, 5, 7) or play_line(board, line) is None:
            return False
        step = 8 if us == chess.WHITE else -8
        t = m.to_square + step
        heavy = (chess.Piece(chess.QUEEN, us), chess.Piece(chess.ROOK, us))
        while 0 <= t < 64 and (after.piece_at(t) is None or after.piece_at(t) in heavy):
            t += step
        if not (0 <= t < 64) or after.piece_at(t) != chess.Piece(chess.PAWN, us) or t != s:
            return False
        b = after.copy()
        for u in line[1:-1]:
            b.push(chess.Move.from_uci(u))
            if b.piece_at(s) != chess.Piece(chess.PAWN, us) or b.piece_at(m.to_square) != chess.Piece(chess.ROOK, us):
                return False
        last = chess.Move.from_uci(line[-1])
        if last.from_square != s or last.to_square != other or last.promotion:
            return False
        return b.is_capture(last) == (idea == "rook_opens")
    if idea == "prepares_fianchetto":
        if board.is_capture(m) or role == chess.BISHOP or other is None or len(c.get("moves", [])) != 1:
            return False
        go = chess.Move.from_uci(c["moves"][0])
        k = after.king(them)
        for b_name, p_name, t_name, files in (("g2", "g3", "h3", (4, 5, 6, 7)), ("b2", "b3", "a3", (0, 1, 2, 3))):
            bsq, psq, tsq = rel_sq(b_name, them), rel_sq(p_name, them), rel_sq(t_name, them)
            if s != bsq:
                continue
            if (after.piece_at(bsq) != chess.Piece(chess.BISHOP, them) or after.piece_at(psq) != chess.Piece(chess.PAWN, them)
                    or chess.square_file(k) not in files or other != tsq or go.to_square != tsq
                    or after.piece_at(go.from_square) != chess.Piece(chess.BISHOP, us)):
                return False
            passed_b = after.copy()
            passed_b.push(chess.Move.null())
            safe = lambda b: b.is_legal(go) and exchange(b, go) >= 0
            return safe(passed_b) and not safe(board)
        return False
    if idea == "takes_pinner":
        # The move captures the enemy bishop, rook or queen on its target square, which before
        # the move attacked our man on s (not a pawn or king) with our man on `other` right
        # behind it on the line (nothing between), `other` our king or worth more than the
        # pinner.
        x, y, z = board.piece_at(m.to_square), board.piece_at(s), board.piece_at(other) if other is not None else None
        if (not board.is_capture(m) or x is None or y is None or z is None or x.color != them
                or y.color != us or z.color != us
                or x.piece_type not in (chess.BISHOP, chess.ROOK, chess.QUEEN)
                or y.piece_type in (chess.PAWN, chess.KING) or s not in board.attacks(m.to_square)
                or s not in chess.SquareSet(chess.between(m.to_square, other))
                or chess.SquareSet(chess.between(s, other)) & board.occupied):
            return False
        # Two men of a kind that hold each other on the line (the capturer the pinned man): a
        # trade, no pin ended, unless the king stood behind.
        mutual = m.from_square == s and y.piece_type == x.piece_type
        return z.piece_type == chess.KING or (not mutual and VALUES[z.piece_type] > VALUES[x.piece_type])
    if idea == "costs_castling":
        # A quiet check; the line's reply (moves[0]) is a king move, not castling, from
        # `other` to s, by a side that could castle before it and cannot after it.
        if board.is_capture(m) or not after.is_check() or len(c.get("moves", [])) != 1:
            return False
        reply = chess.Move.from_uci(c["moves"][0])
        if reply not in after.legal_moves or after.is_castling(reply) or after.piece_type_at(reply.from_square) != chess.KING:
            return False
        if reply.from_square != other or reply.to_square != s or not after.has_castling_rights(them):
            return False
        nxt = after.copy()
        nxt.push(reply)
        return not nxt.has_castling_rights(them)
    if idea == "keeps_pin":
        # Our bishop, rook or queen, attacked on its square, moves quietly (no capture) to a
        # square from which it pins the same enemy man on s (not a pawn or king) to the same
        # man on `other` (their king, or worth more than the pinned one), as it did from where
        # it stood; a pin with force (below).
        def pins(b, slider, pinned, behind):
            x, y, z = b.piece_at(slider), b.piece_at(pinned), b.piece_at(behind)
            if (x is None or y is None or z is None or x.color != us or y.color != them or z.color != them
                    or x.piece_type not in (chess.BISHOP, chess.ROOK, chess.QUEEN)
                    or y.piece_type in (chess.PAWN, chess.KING) or pinned not in b.attacks(slider)
                    or pinned not in chess.SquareSet(chess.between(slider, behind))
                    or chess.SquareSet(chess.between(pinned, behind)) & b.occupied):
                return False
            return z.piece_type == chess.KING or VALUES[z.piece_type] > VALUES[y.piece_type]
        if other is None or board.is_capture(m) or board.is_castling(m) or not board.attackers(them, m.from_square):
            return False
        # With force after the move: the man behind is the king, worth more than the pinner, or
        # has no defender but the pinned man.
        z, x = after.piece_at(other), after.piece_at(m.to_square)
        cleared = after.copy()
        cleared.remove_piece_at(s)
        forceful = z is not None and x is not None and (
            z.piece_type == chess.KING or VALUES[z.piece_type] > VALUES[x.piece_type]
            or not cleared.attackers(them, other))
        return forceful and pins(board, m.from_square, s, other) and pins(after, m.to_square, s, other)
    if idea == "unpins":
        if board.is_capture(m) or board.is_castling(m) or m.from_square == s or other is None:
            return False
        def pinned_by(b, pinner, pinned):
            slider, piece = b.piece_at(pinner), b.piece_at(pinned)
            if slider is None or piece is None or slider.color != them or piece.color != us \
                    or slider.piece_type not in (chess.BISHOP, chess.ROOK, chess.QUEEN) \
                    or piece.piece_type in (chess.PAWN, chess.KING) or pinned not in b.attacks(pinner):
                return False
            beyond = [x for x in chess.SquareSet(chess.ray(pinner, pinned))
                      if x not in (pinner, pinned) and pinned in chess.SquareSet(chess.between(pinner, x))]
            beyond.sort(key=lambda x: chess.square_distance(pinned, x))
            for x in beyond:
                q = b.piece_at(x)
                if q is None:
                    continue
                return q.color == us and (q.piece_type == chess.KING
                                          or VALUES[q.piece_type] > VALUES[piece.piece_type])
            return False
        return (pinned_by(board, other, s) and not pinned_by(after, other, s)
                and after.piece_at(other) == board.piece_at(other) and after.piece_at(s) == board.piece_at(s))
    if idea == "reinforces":
        if role != chess.PAWN or board.is_capture(m) or m.promotion or other != m.from_square:
            return False
        guards = lambda b: len(b.attackers(us, s) & b.pieces(chess.PAWN, us))
        minor = after.piece_at(s)
        rel = chess.square_rank(s) if us == chess.WHITE else 7 - chess.square_rank(s)
        return (minor is not None and minor.color == us and minor.piece_type in (chess.KNIGHT, chess.BISHOP, chess.PAWN)
                and rel >= 4 and s in after.attacks(m.to_square)
                and bool(after.attackers(them, s) & ~after.pieces(chess.PAWN, them))
                and guards(board) <= 1 and guards(after) > guards(board)
                # Not a pawn an enemy pawn can take at once (20.c4 ...bxc4).
                and not (after.attackers(them, m.to_square) & after.pieces(chess.PAWN, them)))
    if idea == "steps_out_guards":
        # The king steps out of the single check from `other` (no capture, no castling); our
        # piece on `square` (no king, no pawn) is won by no capture after it (exchange under a
        # pawn), and after every other legal move it stays there and a capture wins it.
        if not board.is_check() or other is None or board.checkers() != chess.SquareSet([other]) \
                or board.is_capture(m) or board.is_castling(m) or role != chess.KING:
            return False
        piece = after.piece_at(s)
        if piece is None or piece.color != us or piece.piece_type in (chess.KING, chess.PAWN):
            return False

        def lost(b):
            return any(b.is_capture(x) and x.to_square == s and exchange(b, x) >= 100 for x in b.legal_moves)
        if lost(after):
            return False
        rest = [e for e in board.legal_moves if e != m]
        if not rest:
            return False
        for e in rest:
            b = board.copy(stack=False)
            b.push(e)
            if b.piece_at(s) != piece or not lost(b):
                return False
        return True
    if idea in ("steps_out", "blocks_check"):
        if not board.is_check() or board.checkers() != chess.SquareSet([s]) or board.is_capture(m) \
                or board.is_castling(m):
            return False
        if idea == "steps_out":
            return role == chess.KING and other == m.from_square
        king = board.king(us)
        return (role != chess.KING and other == m.to_square
                and m.to_square in chess.SquareSet(chess.between(s, king)))
    if idea == "rook_lift":
        # Our queen on the board; a rook up its own file, no capture, no check, from its first or second rank to its
        # third or fourth, not lost there by exchange; `square` the enemy king on a-c or f-h;
        # `other` an empty square on that rank, on the g- or h-file (a- or b-file), not the
        # rook's file, that the rook attacks and no enemy pawn guards.
        if role != chess.ROOK or board.is_capture(m) or after.is_check() \
                or chess.square_file(m.from_square) != chess.square_file(m.to_square):
            return False
        if rel_rank(m.from_square, us) > 1 or rel_rank(m.to_square, us) not in (2, 3):
            return False
        king = after.king(them)
        if king != s or other is None or exchange(board, m) < 0 or not after.pieces(chess.QUEEN, us):
            return False
        kf = chess.square_file(king)
        files = (6, 7) if kf >= 5 else ((0, 1) if kf <= 2 else ())
        return (chess.square_file(other) in files and chess.square_file(other) != chess.square_file(m.to_square)
                and chess.square_rank(other) == chess.square_rank(m.to_square)
                and after.piece_at(other) is None and other in after.attacks(m.to_square)
                and not any(after.piece_at(p) == chess.Piece(chess.PAWN, them)
                            for p in after.attackers(them, other)))
    if idea == "castles_opposite":
        # Castling; after it our king (on `other`) and the enemy king (on `square`) stand on
        # opposite wings: files a-c against f-h.
        if not board.is_castling(m):
            return False
        wing = lambda k: 0 if chess.square_file(k) <= 2 else (1 if chess.square_file(k) >= 5 else None)
        ours, theirs = after.king(us), after.king(them)
        return (ours == other and theirs == s and wing(ours) is not None and wing(theirs) is not None
                and wing(ours) != wing(theirs))
    if idea in ("king_off_line", "king_corner"):
        if role != chess.KING or board.is_castling(m) or board.is_capture(m) or after.is_check() \
                or board.is_check():
            return False
        if board.has_castling_rights(us) or not board.pieces(chess.QUEEN, them):
            return False
        off = aimed(board, m.from_square, them) and not aimed(after, m.to_square, them)
        if idea == "king_off_line":
            p = board.piece_at(s)
            return off and p is not None and p.color == them and other == m.from_square
        home = back_rank(us)
        cd = lambda f: abs(2 * f - 7)
        ff, tf = chess.square_file(m.from_square), chess.square_file(m.to_square)
        return (not off and chess.square_rank(m.from_square) == home and chess.square_rank(m.to_square) == home
                and tf in (0, 1, 6, 7) and cd(tf) > cd(ff) and not after.is_attacked_by(them, m.to_square)
                and s == m.to_square)
    if idea == "blockade_isolated":
        # A quiet knight or bishop move, no check, to the square in front of the enemy pawn on
        # `square` (`other`), a pawn with no pawn of its own on a neighbouring file.
        stop = s + (-8 if us == chess.WHITE else 8)
        f = chess.square_file(s)
        isolated = not any(after.piece_at(x) == chess.Piece(chess.PAWN, them) for x in chess.SQUARES
                           if abs(chess.square_file(x) - f) == 1)
        return (role in (chess.KNIGHT, chess.BISHOP) and not board.is_capture(m) and not after.is_check()
                and after.piece_at(s) == chess.Piece(chess.PAWN, them)
                and isolated and m.to_square == stop and other == stop)
    if idea == "blockade":
        stop = s + (-8 if us == chess.WHITE else 8)
        return (role != chess.PAWN and after.piece_at(s) == chess.Piece(chess.PAWN, them) and passed(after, s)
                and m.to_square == stop)
    if idea in ("undermines", "minority"):
        if role != chess.PAWN or board.is_capture(m) or m.promotion:
            return False
        hits = [t for t in after.attacks(m.to_square) if after.piece_at(t) == chess.Piece(chess.PAWN, them)]
        if idea == "undermines":
            old = set(board.attacks(m.from_square))
            if s not in hits or s in old or other is None:
                return False
            q = after.piece_at(other)
            # A piece or pawn we attack, or a pawn (the base of a chain).
            return (q is not None and q.color == them and q.piece_type != chess.KING
                    and other in after.attacks(s)
                    and (bool(after.attackers(us, other)) or q.piece_type == chess.PAWN))
        files = wing_files(chess.square_file(m.to_square))
        if files is None:
            return False
        # Our king on the other wing; the enemy king not on this one (that is a storm).
        ours_k, theirs_k = after.king(us), after.king(them)
        if wing_files(chess.square_file(ours_k)) in (None, files) or wing_files(chess.square_file(theirs_k)) == files:
            return False
        count = lambda c: sum(1 for p in after.pieces(chess.PAWN, c) if chess.square_file(p) in files)
        # Two pawns at least against more (MINORITY_LEAST_PAWNS).
        if not (1 < count(us) < count(them)) or not [x for x in others(after) if after.color_at(x) == us]:
            return False
        if c["n"] != count(us):
            return False
        if s in hits:
            return True
        nxt = m.to_square + (8 if us == chess.WHITE else -8)
        if hits or after.piece_at(nxt) is not None:
            return False
        b = after.copy()
        b.remove_piece_at(m.to_square)
        b.set_piece_at(nxt, chess.Piece(chess.PAWN, us))
        return b.piece_at(s) == chess.Piece(chess.PAWN, them) and s in b.attacks(nxt)
    if idea == "fianchetto":
        if role != chess.BISHOP:
            return False
        k = board.king(them)
        for b_name, p_name, files in (("g2", "g3", (5, 6, 7)), ("b2", "b3", (0, 1, 2))):
            bsq, psq = rel_sq(b_name, them), rel_sq(p_name, them)
            if s != bsq or board.piece_at(bsq) != chess.Piece(chess.BISHOP, them):
                continue
            # The king on that wing, or still free to castle there.
            castles = board.has_kingside_castling_rights(them) if b_name == "g2" else \
                board.has_queenside_castling_rights(them)
            if board.piece_at(psq) != chess.Piece(chess.PAWN, them) or (chess.square_file(k) not in files
                                                                          and not castles):
                return False
            if m.to_square == bsq:
                return True
            wins = any(x.to_square == m.to_square and exchange(after, x) > 0
                       for x in after.legal_moves if after.is_capture(x))
            return bsq in after.attacks(m.to_square) and bsq not in board.attacks(m.from_square) and not wins
        return False
    if idea == "storm":
        if role != chess.PAWN or board.is_capture(m) or m.promotion:
            return False
        files = wing_files(chess.square_file(m.to_square))
        k, ours_k = after.king(them), after.king(us)
        if files is None or s != k or wing_files(chess.square_file(k)) != files:
            return False
        if wing_files(chess.square_file(ours_k)) == files:
            return False
        rank = chess.square_rank(m.to_square)
        relative = rank if us == chess.WHITE else 7 - rank
        heavy = after.pieces(chess.QUEEN, us) | after.pieces(chess.ROOK, us)
        # A pawn of ours on a file beside it to storm with.
        f = chess.square_file(m.to_square)
        beside = any(abs(chess.square_file(p) - f) == 1 for p in after.pieces(chess.PAWN, us))
        return relative >= 3 and abs(rank - chess.square_rank(k)) <= 4 and bool(heavy) and beside
    if idea == "centralises":
        centre = (chess.D4, chess.E4, chess.D5, chess.E5)
        return (role == chess.KNIGHT and not board.is_capture(m) and m.from_square not in centre
                and m.to_square in (chess.D4, chess.E4, chess.D5, chess.E5) and s == m.to_square
                and not after.attackers(them, s) & after.pieces(chess.PAWN, them))
    if idea == "centralises_queen":
        # A queen ending (kings, queens and pawns only): the queen from outside the centre to
        # d4/e4/d5/e5, not taking, where no enemy man attacks it.
        centre = (chess.D4, chess.E4, chess.D5, chess.E5)
        pieces = any(after.pieces(r, c) for r in (chess.ROOK, chess.BISHOP, chess.KNIGHT)
                     for c in (chess.WHITE, chess.BLACK))
        return (role == chess.QUEEN and not board.is_capture(m) and not pieces
                and m.from_square not in centre and m.to_square in centre and s == m.to_square
                and not after.attackers(them, s))
    if idea == "off_rim":
        f, r = chess.square_file(m.to_square), chess.square_rank(m.to_square)
        return (role == chess.KNIGHT and not board.is_capture(m) and s == m.to_square
                and other == m.from_square and chess.square_file(m.from_square) in (0, 7)
                and 2 <= f <= 5 and 2 <= r <= 5 and m.to_square not in (chess.D4, chess.E4, chess.D5, chess.E5)
                and not after.attackers(them, s) & after.pieces(chess.PAWN, them))
    if idea == "aims_king":
        # A quiet bishop or queen move, no check, onto a diagonal to the enemy king (on its first
        # two ranks) that it was not on, the only man between them an enemy pawn (s) beside the
        # king (other); no capture of the piece wins by exchange.
        king = after.king(them)
        if (role not in (chess.BISHOP, chess.QUEEN) or board.is_capture(m) or after.is_check()
                or king is None or other != king or rel_rank(king, them) > 1):
            return False
        line = chess.SquareSet.ray(king, m.to_square)
        between = chess.SquareSet.between(m.to_square, king) & after.occupied
        diagonal = chess.square_file(king) != chess.square_file(m.to_square) and chess.square_rank(king) != chess.square_rank(m.to_square)
        return (diagonal and m.to_square in line and m.from_square not in line and list(between) == [s]
                and after.piece_at(s) == chess.Piece(chess.PAWN, them)
                and chess.square_distance(s, king) == 1
                and not any(after.is_capture(c) and c.to_square == m.to_square and see(after, c) > 0
                            for c in after.legal_moves))
    if idea == "aims_f7":
        f7 = rel_sq("f7", us)
        return (role in (chess.BISHOP, chess.QUEEN) and not board.is_capture(m) and s == f7
                and after.piece_at(f7) == chess.Piece(chess.PAWN, them)
                and f7 in after.attacks(m.to_square) and f7 not in board.attacks(m.from_square)
                and set(after.attackers(them, f7)) == {after.king(them)}
                and set(after.attackers(us, f7)) == {m.to_square})
    if idea == "breakthrough":
        line = c["moves"]
        # The move and at most six plies after it (BREAK_PLIES).
        if role != chess.PAWN or board.is_capture(m) or line[0] != c["uci"] or not 2 <= len(line) <= 7:
            return False
        if not [t for t in after.attacks(m.to_square) if after.piece_at(t) == chess.Piece(chess.PAWN, them)]:
            return False
        # An ending: no queens, at most three pieces a side (BREAK_MOST_PIECES).
        if board.pieces(chess.QUEEN, chess.WHITE) or board.pieces(chess.QUEEN, chess.BLACK):
            return False
        if max(sum(1 for p in board.piece_map().values() if p.color == c
                   and p.piece_type not in (chess.PAWN, chess.KING)) for c in chess.COLORS) > 3:
            return False
        end = play_line(board, line)
        if end is None:
            return False
        had = {chess.square_file(p) for p in board.pieces(chess.PAWN, us) if passed(board, p)}
        return (end.piece_at(s) == chess.Piece(chess.PAWN, us) and passed(end, s)
                and chess.square_file(s) not in had)
    if idea in ("offers_trade", "offers_trade_attacker"):
        # A quiet knight/bishop/rook/queen move: it and the enemy piece of its kind on s attack
        # each other, both defended; one takes the other within the line's next two plies.
        # offers_trade: `other` where the move went; offers_trade_attacker: `other` a square
        # beside our king that the enemy piece attacked before the move.
        line, to = c["moves"], m.to_square
        king = board.king(us)
        if idea == "offers_trade":
            where = other == to
        else:
            where = (other is not None and king is not None and other in board.attacks(king)
                     and other in board.attacks(s))
        # The enemy piece undefended: it must trade or go, whatever the line (22.Qe3 against
        # the queen on c5); `moves` is the move alone, `other` where it went.
        guarded = defended(after, s)
        if (board.is_capture(m) or after.is_check() or role in (chess.PAWN, chess.KING) or not where
                or line[0] != c["uci"] or play_line(board, line) is None
                or not (2 <= len(line) <= 3 if guarded else (len(line) == 1 and idea == "offers_trade"))):
            return False
        p = after.piece_at(s)
        if p is None or p.color != them or p.piece_type != role or s not in after.attacks(to) \
                or to not in after.attacks(s) or not defended(after, to):
            return False
        if not guarded:
            return True
        last = chess.Move.from_uci(line[-1])
        pre = play_line(board, line[:-1])
        return pre.is_capture(last) and {last.from_square, last.to_square} == {s, to} \
            and all(not (chess.Move.from_uci(x).from_square in (s, to)) for x in line[1:-1])
    if idea == "fianchettoes":
        # A quiet bishop move from off the long diagonals to b2/g2/b7/g7; `other` the far
        # corner of its diagonal; no pawn of ours on the diagonal ahead of it.
        corners = {chess.B2: chess.H8, chess.G2: chess.A8, chess.B7: chess.H1, chess.G7: chess.A1}
        long = chess.SquareSet.ray(chess.A1, chess.H8) | chess.SquareSet.ray(chess.H1, chess.A8)
        if (role != chess.BISHOP or board.is_capture(m) or after.is_check() or s != m.to_square
                or corners.get(s) != other or m.from_square in long):
            return False
        ahead = chess.SquareSet.between(s, other) | chess.SquareSet([other])
        return not (ahead & after.pieces(chess.PAWN, us))
    if idea == "fianchetto_pawn":
        # The b- or g-pawn one step from its home square (s, the fianchetto square it leaves),
        # our bishop on its home square (other: c1/f1), no pawn of ours on the long diagonal
        # ahead of s.
        homes = {rel_sq("g2", us): (rel_sq("f1", us), rel_sq("a8", us)),
                 rel_sq("b2", us): (rel_sq("c1", us), rel_sq("h8", us))}
        if (role != chess.PAWN or board.is_capture(m) or m.promotion or m.from_square != s
                or s not in homes or homes[s][0] != other):
            return False
        step = s + (8 if us == chess.WHITE else -8)
        ahead = chess.SquareSet.between(s, homes[s][1]) | chess.SquareSet([homes[s][1]])
        return (m.to_square == step and after.piece_at(other) == chess.Piece(chess.BISHOP, us)
                and not (ahead & after.pieces(chess.PAWN, us)))
    if idea == "removes_guard":
        # A capture of an enemy piece (not a pawn) that alone defended the enemy piece (not a
        # pawn or king) on s, which we attacked; the line's reply leaves it there and our next
        # move takes it.
        # Or (two moves): after the capture s stands attacked by us and undefended, the
        # capturer could be taken back, and the reply does not take it back.
        line = c["moves"]
        if (not board.is_capture(m) or board.is_en_passant(m) or board.piece_type_at(m.to_square) == chess.PAWN
                or other != m.to_square or line[0] != c["uci"] or len(line) not in (2, 3)):
            return False
        if (board.color_at(s) != them or board.piece_type_at(s) in (None, chess.PAWN, chess.KING)
                or set(board.attackers(them, s)) != {m.to_square} or not board.attackers(us, s)):
            return False
        if len(line) == 2:
            reply = chess.Move.from_uci(line[1])
            return (not after.is_check() and after.is_legal(reply) and reply.to_square != m.to_square
                    and bool(after.attackers(them, m.to_square)) and bool(after.attackers(us, s))
                    and not after.attackers(them, s))
        reply, ours = chess.Move.from_uci(line[1]), chess.Move.from_uci(line[2])
        if s in (reply.from_square, reply.to_square) or ours.to_square != s:
            return False
        pre = play_line(board, line[:2])
        return pre is not None and play_line(board, line) is not None and pre.is_capture(ours)
    if idea == "removes_defender":
        # A capture of an enemy piece (not a pawn) that was one of two or more defenders of the
        # enemy piece or pawn (not the king) on s, which we attacked; after the reply we attack
        # s more often than it is defended, and our next move takes it.
        line = c["moves"]
        if (not board.is_capture(m) or board.is_en_passant(m) or board.piece_type_at(m.to_square) == chess.PAWN
                or other != m.to_square or line[0] != c["uci"] or len(line) != 3):
            return False
        defenders = set(board.attackers(them, s))
        if (board.color_at(s) != them or board.piece_type_at(s) in (None, chess.KING)
                or m.to_square not in defenders or len(defenders) < 2 or not board.attackers(us, s)):
            return False
        reply, ours = chess.Move.from_uci(line[1]), chess.Move.from_uci(line[2])
        if s in (reply.from_square, reply.to_square) or ours.to_square != s:
            return False
        pre = play_line(board, line[:2])
        if pre is None or len(pre.attackers(us, s)) <= len(pre.attackers(them, s)):
            return False
        return play_line(board, line) is not None and pre.is_capture(ours)
    if idea == "removes_mate_guard":
        # A capture of a piece (not a pawn) that covered s; with the enemy passing, another
        # piece of ours mates on s (moves[1]), which the same move did not before.
        line = c.get("moves", [])
        if (not board.is_capture(m) or board.is_en_passant(m) or board.piece_type_at(m.to_square) in (None, chess.PAWN)
                or other != m.to_square or len(line) != 2 or line[0] != c["uci"]):
            return False
        if s not in board.attacks(m.to_square):
            return False
        passed_b = pass_turn(after)
        mate = chess.Move.from_uci(line[1])
        if passed_b is None or mate.to_square != s or mate.from_square == m.to_square:
            return False
        def mates(b, mm):
            if not b.is_legal(mm):
                return False
            b2 = b.copy()
            b2.push(mm)
            return b2.is_checkmate()
        same = [x for x in board.legal_moves if x.from_square == mate.from_square and x.to_square == s]
        return mates(passed_b, mate) and not any(mates(board, x) for x in same)
    if idea == "trade_tempo":
        # An even capture on s (by static exchange neither a pawn won nor anything lost, no en
        # passant, no promotion); moves = [the capture, the reply, ours]: the reply takes back
        # on s with a knight, bishop, rook or queen from `other`, no check; ours is quiet, not
        # the king's, no castling, safe by static exchange, by a piece worth no more than the
        # one on s, and attacks s where it did not from where it stood.
        line = c.get("moves") or []
        if (len(line) != 3 or line[0] != c["uci"] or not board.is_capture(m) or board.is_en_passant(m)
                or m.promotion or m.to_square != s or not 0 <= see(board, m) < 100):
            return False
        b = after.copy()
        reply = legal(b, line[1])
        if (reply is None or not b.is_capture(reply) or reply.to_square != s or reply.from_square != other
                or b.piece_type_at(other) in (chess.PAWN, chess.KING)):
            return False
        b.push(reply)
        ours = legal(b, line[2])
        if (ours is None or b.is_check() or b.is_capture(ours) or b.is_castling(ours)
                or b.piece_type_at(ours.from_square) == chess.KING or s in b.attacks(ours.from_square)
                or exchange(b, ours) < 0):
            return False
        # A hit, not a trade offered: a cheaper piece, a knight against a bishop (or the
        # reverse), or the piece that took back left undefended.
        hitter, taker = b.piece_type_at(ours.from_square), b.piece_type_at(s)
        b.push(ours)
        minor = (chess.KNIGHT, chess.BISHOP)
        hit = (VALUES[hitter] < VALUES[taker] or (hitter in minor and taker in minor and hitter != taker)
               or not b.attackers(them, s))
        return hit and s in b.attacks(ours.to_square)
    if idea in ("outpost_taken", "trades_attacked", "gives_piece", "lost_back", "doubles_pawns"):
        return t_capture_idea(board, c, m, idea, s, other)
    if idea == "guards":
        # A quiet move, no check given or answered, no castling; the moved man, where it lands, defends our man on
        # s (not the king, not the mover), which it did not defend from where it stood; s was
        # defended before, and the exchange there (enemy men after the move against ours) won
        # by the opponent against ours before the move and not against ours after it;
        # `other` one of its cheapest attackers; s the most valuable such man.
        if (board.is_capture(m) or after.is_check() or board.is_check() or board.is_castling(m)
                or other is None):
            return False

        def worth(b, men):
            return [99 if b.piece_type_at(y) == chess.KING else VALUES[b.piece_type_at(y)] for y in men]

        def candidates():
            # Defended before, the exchange on it won by the opponent before the move and not
            # after it (board::exchange_gain, counted by the men's values).
            out = []
            for x in after.attacks(m.to_square):
                p = board.piece_at(x)
                if (x == m.from_square or p is None or p.color != us or p.piece_type == chess.KING
                        or x in board.attacks(m.from_square)):
                    continue
                hits = worth(after, after.attackers(them, x))
                before_, after_ = worth(board, board.attackers(us, x)), worth(after, after.attackers(us, x))
                v = VALUES[p.piece_type]
                if before_ and exchange_gain(v, hits, before_) > 0 and exchange_gain(v, hits, after_) == 0:
                    out.append(x)
            return out
        cands = candidates()
        if s not in cands or VALUES[board.piece_type_at(s)] != max(VALUES[board.piece_type_at(x)] for x in cands):
            return False
        hits = after.attackers(them, s)
        return other in hits and VALUES[board.piece_type_at(other)] == min(VALUES[board.piece_type_at(x)] for x in hits)
    if idea == "counters":
        # The opponent's threat (moves[0], after a pass) wins our piece (not a pawn or king) on
        # s and still works after the move, which is quiet and no check and does not move that
        # piece; the moved piece now hits theirs on `other` (not the king), which it did not hit
        # from where it stood, worth at least as much as ours, and undefended or worth more
        # than the mover; the target cannot take the moved man without loss.
        passed_b = pass_turn(board)
        t = legal(passed_b, c["moves"][0]) if passed_b is not None and c.get("moves") else None
        mine = board.piece_at(s)
        if (t is None or t.to_square != s or mine is None or mine.color != us
                or mine.piece_type in (chess.PAWN, chess.KING) or not works(passed_b, t, False)
                or board.is_capture(m) or after.is_check() or m.from_square == s or other is None
                or [x.rstrip("+#") for x in c.get("san", [])] != [passed_b.san(t).rstrip("+#")]):
            return False
        if t not in after.legal_moves or not works(after, t, False):
            return False
        theirs = after.piece_at(other)
        mover = after.piece_at(m.to_square)
        if (theirs is None or theirs.color != them or theirs.piece_type == chess.KING or mover is None
                or other not in after.attacks(m.to_square) or other in board.attacks(m.from_square)):
            return False
        # Nor one the target takes without loss (9.f4 against the queen on g5: ...Qxf4).
        takes = chess.Move(other, m.to_square)
        if takes in after.legal_moves and exchange(after, takes) >= 0:
            return False
        return (VALUES[theirs.piece_type] >= VALUES[mine.piece_type]
                and (VALUES[theirs.piece_type] > VALUES[mover.piece_type]
                     or not after.attackers(them, other)))
    if idea == "piece_for_pawns":
        # A knight, bishop or rook takes a pawn; the reply takes it on s; then ours take pawns
        # (one to three), the opponent's moves between them quiet; the line ends with ours; the
        # pawns (n, two or more) within one of the piece's value.
        role = board.piece_type_at(m.from_square)
        line = c["moves"]
        if (role not in (chess.KNIGHT, chess.BISHOP, chess.ROOK) or m.promotion
                or board.piece_type_at(s) != chess.PAWN or board.is_en_passant(m)
                or s != m.to_square or other != m.from_square or not line or line[0] != c["uci"]
                or len(line) % 2 == 0 or len(line) < 3 or len(line) > 7):
            return False
        b = board.copy()
        pawns = 0
        for i, u in enumerate(line):
            mm = chess.Move.from_uci(u)
            if mm not in b.legal_moves:
                return False
            if i == 1:
                if not (b.is_capture(mm) and mm.to_square == s):
                    return False
            elif i % 2 == 0:
                if b.is_en_passant(mm) or b.piece_type_at(mm.to_square) != chess.PAWN or mm.promotion:
                    return False
                pawns += 1
            elif b.is_capture(mm):
                return False
            b.push(mm)
        return pawns == c["n"] and pawns >= 2 and abs(pawns - VALUES[role]) <= 1
    if idea == "trades_hitter":
        # A piece (not a pawn or king) takes an enemy piece of its value that attacked our
        # piece (not a pawn or king, not the capturer) on `other`, the most valuable such; the
        # opponent takes back on s within the first four replies (taken_back_on).
        role = board.piece_type_at(m.from_square)
        taken = board.piece_type_at(s)
        if (board.is_en_passant(m) or taken is None or role in (chess.PAWN, chess.KING)
                or m.promotion or VALUES[taken] != VALUES[role] or s != m.to_square or other is None):
            return False
        # A piece pinned to its king hits nothing it could take (20.Bxd4, the knight pinned).
        if board.is_pinned(them, s):
            return False
        rivals = [x for x in board.attacks(s) if board.color_at(x) == us and x != m.from_square
                  and board.piece_type_at(x) not in (chess.PAWN, chess.KING)]
        if not rivals or other not in rivals:
            return False
        if VALUES[board.piece_type_at(other)] != max(VALUES[board.piece_type_at(x)] for x in rivals):
            return False
        line = c["moves"]
        if not line or line[0] != c["uci"] or c["n"] != 0:
            return False
        return taken_back_on(board, line, s)
    if idea == "trades_down":
        # Into an ending from none, or into a pawn ending from pieces.
        line = c["moves"]
        pawns_only = lambda b: not (b.occupied & ~b.pawns & ~b.kings)
        if not board.is_capture(m) or pawns_only(board) or line[0] != c["uci"] or len(line) > 2:
            return False
        end = play_line(board, line)
        if end is None or end.is_check() or not (pawns_only(end) if is_ending(board) else is_ending(end)):
            return False
        if len(line) == 2 and not (play_line(board, line[:1]).is_capture(chess.Move.from_uci(line[1]))
                                   and chess.Move.from_uci(line[1]).to_square == m.to_square):
            return False
        up = material(end, us) - material(end, them)
        return up >= 1 and up == c["n"]
    return False



def taken_back_on(board, line, s):
    """Whether `line` (our capture on s first, legal on `board`, at most eight plies) ends with
    the opponent's capture on s, its first there, our capturer not moving on from s before it
    (trades_attacked, trades_hitter; TAKEN_BACK_WITHIN_PLIES in src/explain/purpose/captures.rs)."""
    if len(line) % 2 != 0 or len(line) > 8 or play_line(board, line) is None:
        return False
    b = board.copy()
    for i, u in enumerate(line):
        mm = chess.Move.from_uci(u)
        if i % 2 == 1:
            if (b.is_capture(mm) and mm.to_square == s) != (i == len(line) - 1):
                return False
        elif i > 0 and mm.from_square == s:
            return False
        b.push(mm)
    return True

def t_capture_idea(board, c, m, idea, s, other):
    """The capture ideas of src/explain/purpose/captures.rs, each from its chess definition.
    `moves` starts with the capture; `san` names the rest of it; `s` is where the capture
    lands and `other` where the capturer came from."""
    us, them = board.turn, not board.turn
    line = c["moves"]
    if (not board.is_capture(m) or s != m.to_square or other != m.from_square or not line
            or line[0] != c["uci"] or play_line(board, line) is None):
        return False
    sans, b = [], board.copy()
    for u in line:
        mm = chess.Move.from_uci(u)
        sans.append(b.san(mm).rstrip("+#"))
        b.push(mm)
    if [x.rstrip("+#") for x in c.get("san", [])] != sans[1:]:
        return False
    taken = board.piece_type_at(s) if not board.is_en_passant(m) else chess.PAWN
    role = board.piece_type_at(m.from_square)
    piece = role not in (chess.PAWN, chess.KING) and m.promotion is None
    if idea == "outpost_taken":
        # An enemy knight or bishop on an outpost: its 4th-6th rank, defended by its pawn, no
        # pawn of ours on an adjacent file ahead of it.
        return (len(line) == 1 and c["n"] == 0 and not board.is_en_passant(m)
                and taken in (chess.KNIGHT, chess.BISHOP) and t_outpost(board, {"square": c["square"]}))
    if idea == "doubles_pawns":
        # The reply takes back on s with a pawn, after which the opponent has two pawns or more
        # on s's file, where it had one at most before the move.
        if len(line) != 2 or c["n"] != 0:
            return False
        b = board.copy()
        b.push(m)
        r = chess.Move.from_uci(line[1])
        if not b.is_capture(r) or r.to_square != s or b.piece_type_at(r.from_square) != chess.PAWN:
            return False
        b.push(r)
        on_file = lambda bb: sum(1 for x in bb.pieces(chess.PAWN, them) if chess.square_file(x) == chess.square_file(s))
        return on_file(board) < 2 and on_file(b) >= 2
    if idea == "trades_attacked":
        # Our piece, attacked by more enemy pieces (other than the one it takes) than defend it,
        # or attacked (by any) and undefended, takes a piece of its value;
        # the opponent takes it on s within the first four replies, the piece not moving on.
        hitters = [x for x in board.attackers(them, m.from_square) if x != s]
        defenders = len(board.attackers(us, m.from_square))
        undefended_hit = defenders == 0 and bool(board.attackers(them, m.from_square))
        if (not piece or VALUES[taken] != VALUES[role] or c["n"] != 0
                or (len(hitters) <= defenders and not undefended_hit)):
            return False
        return taken_back_on(board, line, s)
    if idea == "gives_piece":
        # A piece takes a pawn; the reply takes it on s; our next move takes a pawn or is left
        # out; the pawns taken are worth less than the piece.
        if not piece or taken != chess.PAWN or len(line) not in (2, 3):
            return False
        b = board.copy()
        b.push(m)
        reply = chess.Move.from_uci(line[1])
        if not (b.is_capture(reply) and reply.to_square == s):
            return False
        b.push(reply)
        pawns = 1
        if len(line) == 3:
            nxt = chess.Move.from_uci(line[2])
            if not b.is_capture(nxt) or b.piece_type_at(nxt.to_square) != chess.PAWN or b.is_en_passant(nxt):
                return False
            pawns = 2
        return pawns == c["n"] and pawns < VALUES[role]
    if idea == "lost_back":
        # The reply does not take the capturer; the line (at most 9 plies) is cut after its
        # last quiet move and goes past the reply; there the mover's balance is n pawns below
        # (n >= 1) its balance before the move; no checkmate there. No piece of ours (not a
        # pawn or the king) stood in a bad spot before the move: attacked by a cheaper piece,
        # or attacked and undefended.
        if any(bad_spot(board, x) for x in chess.SQUARES if board.color_at(x) == us
               and board.piece_type_at(x) not in (chess.PAWN, chess.KING)):
            return False
        # Nor does the mover give material later of its own accord: a capture losing by
        # exchange by a piece not already on a bad spot.
        b, last_capture = board.copy(), True
        for i, u in enumerate(line):
            mm = chess.Move.from_uci(u)
            if i == 1 and b.is_capture(mm) and mm.to_square == s:
                return False
            last_capture = b.is_capture(mm)
            if (i >= 2 and i % 2 == 0 and last_capture and not bad_spot(b, mm.from_square)
                    and see(b, mm) < 0):
                return False
            b.push(mm)
        if len(line) < 2 or len(line) > 9 or last_capture or b.is_checkmate():
            return False
        bal = lambda x: material(x, us) - material(x, them)
        return bal(board) - bal(b) == c["n"] and c["n"] >= 1
    return False


THEMED = {"opens_file": t_opens_file, "prepares_break": t_prepares_break, "race": t_race,
          "improves_piece": t_improves_piece,
          "shield_pawn": t_shield_pawn, "king_closer": t_king_closer, "exposed_king": t_exposed_king,
          "wing_attack": t_wing_attack, "open_line": t_open_line, "luft": t_luft,
          "gives_up_castling": t_gives_up_castling, "back_rank": t_back_rank, "opposition": t_opposition,
          "rook_behind": t_rook_behind, "cuts_off": t_cuts_off, "outpost": t_outpost,
          "long_diagonal": t_long_diagonal, "bishop_pair": t_bishop_pair, "pawn_islands": t_pawn_islands,
          "moves_again": t_moves_again, "idea": t_idea}


def check(c):
    board = chess.Board(c["fen"])
    k = c["kind"]
    if k in ("attacks", "defends", "threatens"):
        f, t = sq(c["from"]), sq(c["target"])
        pf, pt = board.piece_at(f), board.piece_at(t)
        if pf is None or pt is None or t not in board.attacks(f):
            return False
        if k == "defends":
            return pf.color == pt.color
        if pf.color == pt.color:
            return False
        if k == "threatens":
            # An attacker pinned to its own king threatens nothing off the pin line.
            if t not in board.pin(pf.color, f):
                return False
            return pt.piece_type != chess.KING and (VALUES[pt.piece_type] > VALUES[pf.piece_type] or not defended(board, t))
        return True
    if k == "captures":
        m = legal(board, c["uci"])
        if m is None:
            return False
        if board.is_en_passant(m):
            return c["captured"] == "pawn"
        p = board.piece_at(m.to_square)
        return p is not None and p.color != board.turn and p.piece_type == ROLES[c["captured"]]
    if k == "check":
        m = legal(board, c["uci"])
        return m is not None and board.gives_check(m)
    if k == "castles":
        m = legal(board, c["uci"])
        return m is not None and board.is_castling(m)
    if k == "develops":
        m = legal(board, c["uci"])
        if m is None:
            return False
        p = board.piece_at(m.from_square)
        homes = {chess.WHITE: {chess.KNIGHT: [chess.B1, chess.G1], chess.BISHOP: [chess.C1, chess.F1]},
                 chess.BLACK: {chess.KNIGHT: [chess.B8, chess.G8], chess.BISHOP: [chess.C8, chess.F8]}}
        return p is not None and p.piece_type in (chess.KNIGHT, chess.BISHOP) and m.from_square in homes[p.color][p.piece_type]
    if k == "promotes":
        m = legal(board, c["uci"])
        return m is not None and m.promotion == ROLES[c["role"]]
    if k == "pins":
        s, p, q = sq(c["pinner"]), sq(c["pinned"]), sq(c["behind"])
        ps, pp, pq = board.piece_at(s), board.piece_at(p), board.piece_at(q)
        if None in (ps, pp, pq) or ps.color == pp.color or pp.color != pq.color:
            return False
        if ps.piece_type not in (chess.BISHOP, chess.ROOK, chess.QUEEN):
            return False
        ray = chess.SquareSet.ray(s, q)
        if not ray or p not in ray:
            return False
        diagonal = chess.square_file(s) != chess.square_file(q) and chess.square_rank(s) != chess.square_rank(q)
        if diagonal and ps.piece_type == chess.ROOK or not diagonal and ps.piece_type == chess.BISHOP:
            return False
        between = chess.SquareSet.between(s, q)
        occupied = [x for x in between if board.piece_at(x) is not None]
        return occupied == [p]
    if k == "forks":
        f = sq(c["from"])
        pf = board.piece_at(f)
        ts = [sq(t) for t in c["targets"]]
        if pf is None or len(ts) < 2:
            return False
        for t in ts:
            pt = board.piece_at(t)
            if pt is None or pt.color == pf.color or t not in board.attacks(f):
                return False
        return True
    if k == "hangs":
        # The side to move can legally take it now, and nothing defends it; a capture that
        # uncovers a more valuable piece of the capturer's to an enemy slider (a relative pin)
        # does not count.
        s = sq(c["square"])
        p = board.piece_at(s)

        def uncovers_more(m):
            after = board.copy()
            after.push(m)
            for x in chess.SquareSet(after.occupied_co[board.turn]):
                q = after.piece_at(x)
                if q.piece_type == chess.KING or VALUES[q.piece_type] <= VALUES[p.piece_type]:
                    continue
                for a in after.attackers(not board.turn, x):
                    if after.piece_at(a).piece_type in (chess.BISHOP, chess.ROOK, chess.QUEEN) \
                            and m.from_square in chess.SquareSet(chess.between(a, x)):
                        return True
            return False

        return (p is not None and p.color != board.turn and bool(board.attackers(not p.color, s))
                and not board.attackers(p.color, s)
                and any(m.to_square == s and not uncovers_more(m) for m in board.legal_moves))
    if k in ("threat_mate", "threat_wins"):
        passed = pass_turn(board)
        if passed is None:
            return False
        m = legal(passed, c["uci"])
        if m is None or passed.san(m) != c["san"]:
            return False
        if k == "threat_mate":
            return works(passed, m, True)
        # gain: what the exchange wins, whole pawns (board::see_gain, at most a queen's worth).
        return (m.to_square == sq(c["target"]) and passed.piece_type_at(m.to_square) == ROLES[c["role"]]
                and works(passed, m, False)
                and c["gain"] == min(see(passed, m) // 100, VALUES[chess.QUEEN]))
    if k == "threat_met":
        passed = pass_turn(board)
        if passed is None:
            return False
        t = legal(passed, c["threat"])
        if t is None or passed.san(t) != c["threat_san"] or not works(passed, t, c["mate"]):
            return False
        target = sq(c["target"])
        if c["mate"] and board.king(board.turn) != target:
            return False
        if not c["mate"] and t.to_square != target:
            return False
        m = legal(board, c["uci"])
        if m is None:
            return False
        after = board.copy()
        after.push(m)
        if t in after.legal_moves and works(after, t, c["mate"]):
            return False
        # The piece still lost to another capture: the threat is not met.
        if not c["mate"] and any(x.to_square == target and works(after, x, False) for x in after.legal_moves):
            return False
        landed = m.to_square
        if board.is_castling(m):
            landed = chess.square(6 if board.is_kingside_castling(m) else 2, chess.square_rank(m.from_square))
        how = c["how"]
        if how == "moves":
            return m.from_square == target
        if how == "captures":
            return m.to_square == t.from_square and board.piece_at(m.to_square) is not None
        if how == "blocks":
            return landed in chess.SquareSet.between(t.from_square, t.to_square)
        if how == "defends":
            # A check answers first (twin of purpose::threat_met's order).
            return target in after.attacks(landed) and not after.is_check()
        if how == "check":
            return after.is_check()
        return how == "stops"
    if k == "attacks_defender":
        f, d, t = sq(c["from"]), sq(c["defender"]), sq(c["target"])
        pf, pd, pt = board.piece_at(f), board.piece_at(d), board.piece_at(t)
        if None in (pf, pd, pt) or pd.color == pf.color or pt.color != pd.color or pt.piece_type == chess.KING:
            return False
        if d not in board.attacks(f) or t not in board.attacks(d):
            return False
        ours = [a for a in board.attackers(pf.color, t) if a != f]
        return bool(ours) and len(board.attackers(pd.color, t)) <= len(ours)
    if k == "weak_point":
        f, t = sq(c["from"]), sq(c["target"])
        pf, pt = board.piece_at(f), board.piece_at(t)
        if pf is None or pt is None or pt.piece_type != chess.PAWN or pt.color == pf.color:
            return False
        weak = ("f7", "h7") if pt.color == chess.BLACK else ("f2", "h2")
        return (c["target"] in weak and t in board.attacks(f)
                and set(board.attackers(pt.color, t)) == {board.king(pt.color)}
                and len(board.attackers(pf.color, t)) >= 2)
    if k == "controls":
        f, t = sq(c["from"]), sq(c["square"])
        pf, pt = board.piece_at(f), board.piece_at(t)
        return (pf is not None and pf.piece_type == chess.PAWN and c["square"] in ("d4", "e4", "d5", "e5")
                and t in board.attacks(f) and (pt is None or (pt.color != pf.color and pt.piece_type != chess.KING)))
    if k == "king_zone":
        f, t = sq(c["from"]), sq(c["square"])
        pf = board.piece_at(f)
        if pf is None or t not in board.attacks(f):
            return False
        king = board.king(not pf.color)
        return king is not None and chess.square_distance(king, t) <= 1
    if k == "advanced_pawn":
        s = sq(c["square"])
        p = board.piece_at(s)
        return p is not None and p.piece_type == chess.PAWN and chess.square_rank(s) == (6 if p.color == chess.WHITE else 1)
    if k == "can_castle":
        passed = pass_turn(board)
        m = legal(passed, c["uci"]) if passed is not None else None
        return m is not None and passed.is_castling(m)
    if k in THEMED:
        return THEMED[k](board, c)
    if k == "quality":
        return quality_holds(c)
    if k == "book":
        moves, names = book()
        return legal(board, c["uci"]) is not None and (board.epd(), c["uci"]) in moves \
            and (c["eco"], c["name"]) in names
    if k in ("passed_pawn", "isolated_pawn", "doubled_pawn", "backward_pawn"):
        s = sq(c["square"])
        p = board.piece_at(s)
        if p is None or p.piece_type != chess.PAWN:
            return False
        f, r, col = chess.square_file(s), chess.square_rank(s), p.color
        own = board.pieces(chess.PAWN, col)
        enemy = board.pieces(chess.PAWN, not col)
        adj = [x for x in (f - 1, f + 1) if 0 <= x < 8]
        if k == "passed_pawn":
            ahead = lambda rr: rr > r if col == chess.WHITE else rr < r
            if sq(c["queens_on"]) != chess.square(f, 7 if col == chess.WHITE else 0):
                return False
            return not any(chess.square_file(e) in adj + [f] and ahead(chess.square_rank(e)) for e in enemy)
        if k == "isolated_pawn":
            return not any(chess.square_file(o) in adj for o in own)
        if k == "doubled_pawn":
            return sum(1 for o in own if chess.square_file(o) == f) >= 2
        # backward
        neighbours = [o for o in own if chess.square_file(o) in adj]
        rel = lambda rr: rr if col == chess.WHITE else 7 - rr
        if not neighbours or any(rel(chess.square_rank(o)) <= rel(r) for o in neighbours):
            return False
        stop = s + (8 if col == chess.WHITE else -8)
        if not 0 <= stop < 64:
            return False
        enemy_att = any(board.piece_at(a) == chess.Piece(chess.PAWN, not col) for a in board.attackers(not col, stop))
        own_att = any(board.piece_at(a) == chess.Piece(chess.PAWN, col) for a in board.attackers(col, stop))
        return enemy_att and not own_att
    if k == "open_file":
        s = sq(c["square"])
        p = board.piece_at(s)
        if p is None or p.piece_type != chess.ROOK:
            return False
        f = chess.square_file(s)
        pawns = [x for x in board.pieces(chess.PAWN, chess.WHITE) | board.pieces(chess.PAWN, chess.BLACK) if chess.square_file(x) == f]
        own = [x for x in pawns if board.piece_at(x).color == p.color]
        return not own and (not pawns) == c["open"]
    if k == "seventh_rank":
        s = sq(c["square"])
        p = board.piece_at(s)
        return p is not None and p.piece_type in (chess.ROOK, chess.QUEEN) and chess.square_rank(s) == (6 if p.color == chess.WHITE else 1)
    if k == "material":
        return material(board, chess.WHITE) == c["white"] and material(board, chess.BLACK) == c["black"]
    if k == "mate_in":
        end = play_line(board, c["line"])
        n_moves = (len(c["line"]) + 1) // 2
        return end is not None and end.is_checkmate() and end.turn != board.turn and n_moves == c["n"] and len(c["line"]) % 2 == 1
    if k == "wins_material":
        # Won within the line's first GAIN_WITHIN_PLIES plies (the move counted), not deep in it;
        # a forcing line (the mover checks or takes every move) up to FORCING_GAIN_PLIES.
        if len(c["line"]) > GAIN_WITHIN_PLIES and not (
                len(c["line"]) <= FORCING_GAIN_PLIES and forcing(board, c["line"])):
            return False
        end = play_line(board, c["line"])
        if end is None:
            return False
        us = board.turn
        gain = (material(end, us) - material(end, not us)) - (material(board, us) - material(board, not us))
        return gain == c["gain"]
    raise ValueError("unknown claim kind " + k)


def with_board(c, edit):
    b = chess.Board(c["fen"])
    edit(b)
    d = dict(c)
    d["fen"] = b.fen()
    return d


def remove(c, name):
    return with_board(c, lambda b: b.remove_piece_at(sq(name)))


def block(c, a, z):
    between = list(chess.SquareSet.between(sq(a), sq(z)))
    empty = [x for x in between if chess.Board(c["fen"]).piece_at(x) is None]
    if not empty:
        return None
    return with_board(c, lambda b: b.set_piece_at(empty[0], chess.Piece(chess.KNIGHT, chess.WHITE)))


def perturbations(c):
    """Boards on which the claim must not hold."""
    k = c["kind"]
    out = []
    if k in ("attacks", "defends", "threatens"):
        out.append(remove(c, c["target"]))
        out.append(remove(c, c["from"]))
        b = block(c, c["from"], c["target"])
        if b:
            out.append(b)
    elif k in ("captures", "check", "castles", "develops", "promotes"):
        out.append(remove(c, c["uci"][:2]))
    elif k == "pins":
        out.append(remove(c, c["pinner"]))
        out.append(remove(c, c["behind"]))
        b = block(c, c["pinner"], c["pinned"])
        if b:
            out.append(b)
    elif k == "forks":
        out.append(remove(c, c["targets"][0]))
    elif k in ("hangs", "passed_pawn", "isolated_pawn", "doubled_pawn", "backward_pawn", "open_file", "seventh_rank"):
        out.append(remove(c, c["square"]))
    elif k == "material":
        board = chess.Board(c["fen"])
        victim = next(s for s in chess.SQUARES if board.piece_at(s) and board.piece_at(s).piece_type != chess.KING)
        out.append(remove(c, chess.square_name(victim)))
    elif k in ("mate_in", "wins_material"):
        out.append(remove(c, c["line"][0][:2]))
    elif k in ("threat_mate", "can_castle"):
        out.append(remove(c, c["uci"][:2]))
    elif k == "threat_wins":
        out.append(remove(c, c["target"]))
    elif k == "threat_met":
        out.append(remove(c, c["threat"][:2]))
    elif k == "attacks_defender":
        out.append(remove(c, c["defender"]))
        out.append(remove(c, c["from"]))
    elif k == "weak_point":
        out.append(remove(c, c["target"]))
    elif k in ("king_zone", "advanced_pawn"):
        out.append(remove(c, c.get("from", c.get("square"))))
    elif k == "controls":
        out.append(remove(c, c["from"]))
    elif k == "opens_file":
        out.append(remove(c, c["rook"]))
    elif k == "race":
        out.append(remove(c, c["pawn"]))
    elif k in ("shield_pawn", "king_closer", "gives_up_castling", "pawn_islands", "moves_again",
               "prepares_break", "improves_piece"):
        out.append(remove(c, c["uci"][:2]))
    elif k == "idea":
        out.append(remove(c, c["uci"][:2]))
        if c["idea"] in ("blockade", "undermines", "minority", "fianchetto", "aims_f7", "aims_king", "king_off_line",
                         "escapes", "removes_guard", "removes_defender", "avoids_trade", "stops_attack",
                         "uncovers", "uncovers_take"):
            out.append(remove(c, c["square"]))
        if c["idea"] in ("makes_room", "makes_room_trade"):
            # Without the piece, no room is made for it.
            out.append(remove(c, c["other"]))
        if c["idea"] == "removes_mate_guard":
            # Without the piece that mates, nothing mates on the square.
            out.append(remove(c, c["moves"][1][:2]))
    elif k == "exposed_king":
        # A pawn in front of the king covers it.
        color = chess.Board(c["fen"]).turn
        front = [x for x in front_of_king(sq(c["king"]), color) if chess.Board(c["fen"]).piece_at(x) is None]
        if front:
            out.append(with_board(c, lambda b: b.set_piece_at(front[0], chess.Piece(chess.PAWN, color))))
    elif k == "wing_attack":
        out.append(remove(c, c["line"][0][:2]))
    elif k == "open_line":
        out.append(remove(c, c["square"]))
    elif k == "luft":
        out.append(with_board(c, lambda b: b.set_piece_at(sq(c["square"]), chess.Piece(chess.KNIGHT, chess.WHITE))))
    elif k == "back_rank":
        color = chess.Board(c["fen"]).color_at(sq(c["king"]))
        def strip(b):
            for s in list(b.pieces(chess.ROOK, not color)) + list(b.pieces(chess.QUEEN, not color)):
                b.remove_piece_at(s)
        out.append(with_board(c, strip))
    elif k == "opposition":
        out.append(remove(c, c["kings"][0]))
    elif k in ("rook_behind", "cuts_off"):
        out.append(remove(c, c["rook"]))
        out.append(remove(c, c["pawn"]))
    elif k in ("outpost", "long_diagonal"):
        out.append(remove(c, c["square"]))
    elif k == "bishop_pair":
        board = chess.Board(c["fen"])
        color = chess.WHITE if c["side"] == "white" else chess.BLACK
        out.append(remove(c, chess.square_name(next(iter(board.pieces(chess.BISHOP, color))))))
    elif k == "quality":
        d = dict(c)
        d["drop"] = c["drop"] + 0.5
        out.append(d)
    elif k == "book":
        # The same move from the position with the side to move passed is no book move.
        passed = pass_turn(chess.Board(c["fen"]))
        if passed is not None:
            d = dict(c)
            d["fen"] = passed.fen()
            out.append(d)
    # A perturbation may produce an impossible position (e.g. a king removed): still a board.
    return [p for p in out if p is not None]


def all_rejected(claims, perturbations, check):
    """Checks every perturbed board of every claim, prints how many were rejected and the first
    accepted ones; true when all were rejected (also used by check_pb_claims.py)."""
    total = rejected = 0
    accepted = []
    for c in claims:
        for p in perturbations(c):
            total += 1
            try:
                ok = check(p)
            except Exception:
                ok = False
            if ok:
                accepted.append(p)
            else:
                rejected += 1
    print("perturbed %d boards, %d rejected" % (total, rejected))
    for p in accepted[:20]:
        print("ACCEPTED", json.dumps(p))
    return rejected == total


VACUOUS = ("quiet move: no check", "quiet move; no check", "calm, quiet move", "engine's choice",
           "opening phase")


def position_of(e, at):
    """The FEN (first four fields) of the explanation's position named by a claim's `at`."""
    b = chess.Board(e["fen_before"])
    if at == "before":
        return b.fen().split(" ")[:4]
    n = 1 if at == "after" else int(at.split(":")[1])
    for san in e["pv_san"][:n]:
        b.push_san(san)
    return b.fen().split(" ")[:4]


def check_links(explanations):
    """Sentence-to-claim links and claim positions. Returns (problems, stats)."""
    problems = []
    sentences = resting = vacuous = 0
    for e in explanations:
        claims = e.get("claims", [])
        for c in claims:
            if c.get("supports") in ("played", "reply") and position_of(e, c["at"]) != c["fen"].split(" ")[:4]:
                problems.append("claim %s: fen is not the %s position" % (c["kind"], c["at"]))
            # A pin is credited to the move only when the move creates it.
            if c["kind"] == "pins" and c["at"] == "after" and c.get("supports") == "played":
                before = dict(c)
                before["fen"] = e["fen_before"]
                if check(before):
                    problems.append("pin %s-%s-%s stood before the move" % (c["pinner"], c["pinned"], c["behind"]))
        for s in e.get("sentences", []):
            sentences += 1
            idx = s.get("claims", [])
            if idx:
                resting += 1
            if any(v in s["text"].lower() for v in VACUOUS):
                vacuous += 1
            for i in idx:
                if not 0 <= i < len(claims):
                    problems.append("sentence %r: claim index %d out of range" % (s["text"], i))
                elif claims[i]["supports"] == "better" and s["template"] != "q_better_was":
                    problems.append("sentence %r rests on a claim of the better move" % s["text"])
                elif claims[i]["supports"] == "reply" and not (s["template"].startswith("q_") and s["template"].endswith("_why")):
                    problems.append("sentence %r rests on a claim of the answer the move allows" % s["text"])
    return problems, (sentences, resting, vacuous)


def load(path):
    data = json.load(open(path))
    claims = []
    explanations = []
    for item in data:
        if "kind" in item:
            claims.append(item)
        else:
            explanations.append(item)
            claims.extend(item.get("claims", []))
    return claims, explanations


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    claims, explanations = load(sys.argv[1])
    failed = [c for c in claims if not check(c)]
    kinds = {}
    for c in claims:
        kinds[c["kind"]] = kinds.get(c["kind"], 0) + 1
    print("checked %d claims, %d failed" % (len(claims), len(failed)))
    print("kinds: " + ", ".join("%s=%d" % kv for kv in sorted(kinds.items())))
    for c in failed[:20]:
        print("FAILED", json.dumps(c))
    bad = bool(failed)
    if explanations:
        problems, (sentences, resting, vacuous) = check_links(explanations)
        print("sentences %d, resting on a claim %d (%.1f %%), vacuous %d, link problems %d"
              % (sentences, resting, 100.0 * resting / max(1, sentences), vacuous, len(problems)))
        for p in problems[:20]:
            print("LINK", p)
        if "--bare" in sys.argv:
            bare = {}
            for e in explanations:
                for s in e.get("sentences", []):
                    if not s.get("claims"):
                        bare[s["template"]] = bare.get(s["template"], 0) + 1
            print("sentences on no claim, by template: " + ", ".join(
                "%s=%d" % kv for kv in sorted(bare.items(), key=lambda kv: -kv[1])))
        bad = bad or bool(problems) or vacuous > 0
    if "--perturb" in sys.argv:
        bad = not all_rejected(claims, perturbations, check) or bad
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
