#!/usr/bin/env python3
"""Independent checker for kibitzer explanation claims (python-chess, no kibitzer code).

Usage: check_claims.py FILE.json [--perturb]

FILE holds a JSON list of explanations (each with a "claims" list) or of claims. Every claim
carries the FEN it is about; this script verifies each kind from its own definition and prints
"checked N claims, M failed". With --perturb it also builds, for every claim, boards where the
claim must become false (target removed, line blocked, ...) and reports how many the checker
rejected. Exit status 1 if any claim fails or any perturbation is accepted.
"""
import json
import sys

import chess

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
        s = sq(c["square"])
        p = board.piece_at(s)
        return p is not None and bool(board.attackers(not p.color, s)) and not board.attackers(p.color, s)
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
    # A perturbation may produce an impossible position (e.g. a king removed): still a board.
    return [p for p in out if p is not None]


def load(path):
    data = json.load(open(path))
    claims = []
    for item in data:
        if "kind" in item:
            claims.append(item)
        else:
            claims.extend(item.get("claims", []))
    return claims


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    claims = load(sys.argv[1])
    failed = [c for c in claims if not check(c)]
    kinds = {}
    for c in claims:
        kinds[c["kind"]] = kinds.get(c["kind"], 0) + 1
    print("checked %d claims, %d failed" % (len(claims), len(failed)))
    print("kinds: " + ", ".join("%s=%d" % kv for kv in sorted(kinds.items())))
    for c in failed[:20]:
        print("FAILED", json.dumps(c))
    bad = bool(failed)
    if "--perturb" in sys.argv:
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
        bad = bad or rejected != total
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
