#!/usr/bin/env python3
"""Independent checker for kibitzer's Pawn Battle explanation claims (plain Python, no kibitzer
code; the moves come from tests/py/pawn_battle_perft.py, written from the rules).

Usage: check_pb_claims.py FILE.json [--perturb]

FILE holds a JSON list of Pawn Battle explanations (each with a "claims" list). Every claim
carries the FEN it is about; this script verifies each pb_* kind (and the numbers of the
quality claim) from its own definition, checks that each claim of the move itself names the
position its "at" says (before or after the move), that every sentence's claim indices exist
and that only "Better was X, which ..." rests on claims of the better move, and prints
"checked N claims, M failed" and the share of sentences resting on a claim. With --perturb it
also builds, for every board claim, boards where the claim must become false (the pawn's path
blocked, the blocker removed, a pawn added, ...) and reports how many the checker rejected.
Exit status 1 if any claim fails, any link is wrong or any perturbation is accepted.
GPL-3.0-or-later, part of kibitzer.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "py"))
import pawn_battle_perft as rules  # noqa: E402

FILES = "abcdefgh"


def sq(name):
    """(row, col) of a square name, row 0 = rank 1."""
    return int(name[1]) - 1, FILES.index(name[0])


def name(rc):
    return f"{FILES[rc[1]]}{rc[0] + 1}"


def parse(fen):
    board, white, ep = rules.parse(fen)
    return board, white, ep


def fen_of(board, white, rest):
    rows = []
    for r in range(7, -1, -1):
        text, empty = "", 0
        for c in range(8):
            p = board[r][c]
            if p is None:
                empty += 1
            else:
                text += (str(empty) if empty else "") + p
                empty = 0
        rows.append(text + (str(empty) if empty else ""))
    return "/".join(rows) + " " + ("w" if white else "b") + " " + rest


def is_white(p):
    return p is not None and p.isupper()


def forward(white):
    return 1 if white else -1


def last_row(white):
    return 7 if white else 0


def pawn_of(white):
    return "P" if white else "p"


def rook_of(white):
    return "R" if white else "r"


def passed(board, r, c, white):
    """No enemy pawn ahead of (r, c) on its file or a neighbouring one."""
    enemy = pawn_of(not white)
    rows = range(r + 1, 8) if white else range(0, r)
    return not any(board[rr][cc] == enemy for rr in rows for cc in (c - 1, c, c + 1) if 0 <= cc < 8)


def path(r, c, white):
    """The squares ahead of (r, c) up to the last rank."""
    return [(rr, c) for rr in (range(r + 1, 8) if white else range(r - 1, -1, -1))]


def moves_needed(r, white):
    rel = r if white else 7 - r
    n = 7 - rel
    return n - 1 if rel == 1 else n


def rook_attacks(board, r, c):
    out = set()
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        while 0 <= rr < 8 and 0 <= cc < 8:
            out.add((rr, cc))
            if board[rr][cc] is not None:
                break
            rr, cc = rr + dr, cc + dc
    return out


def hits(board, r, c, tr, tc):
    """Whether the piece on (r, c) attacks (tr, tc): a pawn diagonally forward, a rook along
    its lines up to the first piece."""
    p = board[r][c]
    if p in ("P", "p"):
        return tr == r + forward(is_white(p)) and abs(tc - c) == 1
    if p in ("R", "r"):
        return (tr, tc) in rook_attacks(board, r, c)
    return False


def free_passers(board, white):
    """(square, moves) of every passed pawn of `white` whose path is empty."""
    out = []
    for r in range(8):
        for c in range(8):
            if board[r][c] == pawn_of(white) and passed(board, r, c, white):
                if all(board[x][y] is None for x, y in path(r, c, white)):
                    out.append(((r, c), moves_needed(r, white)))
    return out


def count(board, piece):
    return sum(row.count(piece) for row in board)


def quality_holds(c):
    """The numbers of a quality claim agree with the winning-chances model (the same rules as
    scripts/check_claims.py, which needs python-chess; imported only here)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from check_claims import quality_holds as chess_quality_holds
    return chess_quality_holds(c)


def check(c):
    board, white, ep = parse(c["fen"])
    k = c["kind"]
    if k == "quality":
        return quality_holds(c)
    if k == "pb_material":
        return (count(board, "P"), count(board, "R"), count(board, "p"), count(board, "r")) == (
            c["white_pawns"], c["white_rooks"], c["black_pawns"], c["black_rooks"])
    if k == "pb_passed":
        r, col = sq(c["square"])
        p = board[r][col]
        if p not in ("P", "p"):
            return False
        w = is_white(p)
        return passed(board, r, col, w) and c["goal"] == name((last_row(w), col))
    if k == "pb_race":
        r, col = sq(c["pawn"])
        p = board[r][col]
        if p not in ("P", "p"):
            return False
        w = is_white(p)
        if white == w or c["goal"] != name((last_row(w), col)):
            return False
        mine = dict(free_passers(board, w))
        if mine.get((r, col)) != c["moves"]:
            return False
        covered = set()
        for rr in range(8):
            for cc in range(8):
                if board[rr][cc] == rook_of(not w):
                    covered |= rook_attacks(board, rr, cc)
        if covered & (set(path(r, col, w)) | {(r, col)}):
            return False
        theirs = [n for _, n in free_passers(board, not w)]
        fastest = min(theirs) if theirs else None
        return fastest == c["their_moves"] and (fastest is None or fastest > c["moves"])
    if k == "pb_blockade":
        r, col = sq(c["pawn"])
        p = board[r][col]
        if p not in ("P", "p"):
            return False
        w = is_white(p)
        br, bc = sq(c["blocker"])
        blocker = board[br][bc]
        return (passed(board, r, col, w) and (br, bc) == (r + forward(w), col)
                and blocker is not None and is_white(blocker) != w)
    if k == "pb_rook_file":
        r, col = sq(c["rook"])
        p = board[r][col]
        if p not in ("R", "r"):
            return False
        own = pawn_of(is_white(p))
        column = [board[x][col] for x in range(8)]
        if own in column:
            return False
        return c["open"] == (pawn_of(not is_white(p)) not in column)
    if k == "pb_rook_behind":
        w = rook_behind_pawn(board, c)
        return w is not None and passed(board, *sq(c["pawn"]), w)
    if k == "pb_rook_backs":
        # Behind a pawn of its own colour that is not passed.
        w = rook_behind_pawn(board, c)
        rr, rc = sq(c["rook"])
        return (w is not None and is_white(board[rr][rc]) == w
                and not passed(board, *sq(c["pawn"]), w))
    if k == "pb_threat":
        r, col = sq(c["pawn"])
        p = board[r][col]
        if p not in ("P", "p"):
            return False
        w = is_white(p)
        if white == w or r + forward(w) != last_row(w):
            return False
        gr, gc = sq(c["goal"])
        if gr != last_row(w):
            return False
        target = board[gr][gc]
        if gc == col:
            return target is None
        return abs(gc - col) == 1 and target is not None and is_white(target) != w
    if k == "pb_attack":
        ar, ac = sq(c["attacker"])
        tr, tc = sq(c["target"])
        attacker, target = board[ar][ac], board[tr][tc]
        if attacker is None or target is None or is_white(attacker) == is_white(target):
            return False
        w = is_white(attacker)
        if white == w:
            return False
        if not hits(board, ar, ac, tr, tc):
            return False
        if c["target_role"] == "rook":
            return target == rook_of(not w)
        if c["target_role"] != "pawn" or target != pawn_of(not w):
            return False
        # No pawn of the target's side defends it: none diagonally behind it.
        behind = tr - forward(not w)
        return not any(0 <= behind < 8 and 0 <= cc < 8 and board[behind][cc] == pawn_of(not w)
                       for cc in (tc - 1, tc + 1))
    if k == "pb_defend":
        dr, dc = sq(c["defender"])
        pr, pc = sq(c["pawn"])
        ar, ac = sq(c["attacker"])
        defender, pawn, attacker = board[dr][dc], board[pr][pc], board[ar][ac]
        if defender is None or attacker is None or pawn is None:
            return False
        w = is_white(defender)
        return (white != w and pawn == pawn_of(w) and is_white(attacker) != w
                and hits(board, dr, dc, pr, pc) and hits(board, ar, ac, pr, pc))
    if k == "pb_advance":
        r, col = sq(c["pawn"])
        p = board[r][col]
        if p not in ("P", "p"):
            return False
        w = is_white(p)
        return (white != w and c["goal"] == name((last_row(w), col))
                and c["moves"] == moves_needed(r, w))
    if k == "pb_wins":
        legal = {rules.uci(m): m for m in rules.moves(board, white, ep)}
        m = legal.get(c["uci"])
        if m is None:
            return False
        fr, fc, tr, tc, kind = m
        if c["how"] == "last_rank":
            return board[fr][fc] == pawn_of(white) and tr == last_row(white)
        if c["how"] == "last_pawn":
            taken = board[fr][tc] if kind == "ep" else board[tr][tc]
            return taken == pawn_of(not white) and count(board, pawn_of(not white)) == 1
        return False
    return False


def rook_behind_pawn(board, c):
    """The colour of the claim's pawn (True = White) when the claim's rook stands behind it on
    its file with nothing between them, else None."""
    rr, rc = sq(c["rook"])
    pr, pc = sq(c["pawn"])
    rook, pawn = board[rr][rc], board[pr][pc]
    if rook not in ("R", "r") or pawn not in ("P", "p") or rc != pc:
        return None
    w = is_white(pawn)
    behind = rr < pr if w else rr > pr
    between = range(min(rr, pr) + 1, max(rr, pr))
    return w if behind and all(board[x][pc] is None for x in between) else None


def edit(c, changes):
    """The claim on its board with `changes` ((row, col) -> piece or None) applied."""
    board, white, _ = parse(c["fen"])
    for (r, col), piece in changes.items():
        board[r][col] = piece
    d = dict(c)
    d["fen"] = fen_of(board, white, "- 0 1")
    return d


def perturbations(c):
    """Boards on which the claim must not hold."""
    k = c["kind"]
    board, white, _ = parse(c["fen"])
    out = []
    if k == "pb_material":
        for r in range(8):
            for col in range(8):
                if board[r][col] is not None:
                    out.append(edit(c, {(r, col): None}))
                    return out
    if k in ("pb_passed", "pb_race"):
        r, col = sq(c["square"] if k == "pb_passed" else c["pawn"])
        w = is_white(board[r][col])
        ahead = r + forward(w)
        if 0 < ahead < 7:
            # An enemy pawn right in front: no longer passed, its path no longer empty.
            out.append(edit(c, {(ahead, col): pawn_of(not w)}))
    if k == "pb_race":
        r, col = sq(c["pawn"])
        w = is_white(board[r][col])
        # An enemy rook on the pawn's file behind it covers its square.
        for rr in (range(r - 1, -1, -1) if w else range(r + 1, 8)):
            if board[rr][col] is None:
                out.append(edit(c, {(rr, col): rook_of(not w)}))
                break
    if k == "pb_blockade":
        out.append(edit(c, {sq(c["blocker"]): None}))
    if k == "pb_rook_file":
        r, col = sq(c["rook"])
        own = pawn_of(is_white(board[r][col]))
        for rr in range(1, 7):
            if board[rr][col] is None:
                out.append(edit(c, {(rr, col): own}))
                break
    if k in ("pb_rook_behind", "pb_rook_backs"):
        # A piece between the rook and the pawn, or the pawn gone.
        rr, rc = sq(c["rook"])
        pr, _ = sq(c["pawn"])
        between = [x for x in range(min(rr, pr) + 1, max(rr, pr)) if board[x][rc] is None]
        if between:
            out.append(edit(c, {(between[0], rc): "R"}))
        out.append(edit(c, {(pr, rc): None}))
    if k == "pb_rook_backs":
        # The pawn the other side's: a rook does not back an enemy pawn.
        pr, pc = sq(c["pawn"])
        out.append(edit(c, {(pr, pc): pawn_of(not is_white(board[pr][pc]))}))
    if k == "pb_threat":
        gr, gc = sq(c["goal"])
        r, col = sq(c["pawn"])
        w = is_white(board[r][col])
        out.append(edit(c, {(gr, gc): rook_of(w) if gc == col else None}))
    if k == "pb_attack":
        # The target gone, or (a pawn) defended by a pawn of its own side.
        tr, tc = sq(c["target"])
        out.append(edit(c, {(tr, tc): None}))
        if c["target_role"] == "pawn":
            w_target = is_white(board[tr][tc])
            behind = tr - forward(w_target)
            for cc in (tc - 1, tc + 1):
                if 0 <= behind < 8 and 0 <= cc < 8 and board[behind][cc] is None:
                    out.append(edit(c, {(behind, cc): pawn_of(w_target)}))
                    break
    if k == "pb_defend":
        # The defender gone, or the attacker gone.
        out.append(edit(c, {sq(c["defender"]): None}))
        out.append(edit(c, {sq(c["attacker"]): None}))
    if k == "pb_advance":
        # The pawn one rank further back needs one more move (unless that is its start rank).
        r, col = sq(c["pawn"])
        w = is_white(board[r][col])
        back = r - forward(w)
        if back not in (0, 7) and board[back][col] is None and back != (1 if w else 6):
            out.append(edit(c, {(r, col): None, (back, col): pawn_of(w)}))
    if k == "pb_wins":
        fr, fc = sq(c["uci"][:2])
        out.append(edit(c, {(fr, fc): None}))
        if c["how"] == "last_pawn":
            enemy = pawn_of(not white)
            for r in range(1, 7):
                spot = next((col for col in range(8) if board[r][col] is None), None)
                if spot is not None:
                    out.append(edit(c, {(r, spot): enemy}))
                    break
    return out


def check_links(explanations):
    """Claim positions and sentence-to-claim links. Returns (problems, sentences, resting)."""
    problems = []
    sentences = resting = 0
    for e in explanations:
        claims = e.get("claims", [])
        for c in claims:
            if c.get("supports") != "played":
                continue
            want = e["fen_before"] if c["at"] == "before" else e["fen_after"]
            if c["fen"].split(" ")[:4] != want.split(" ")[:4]:
                problems.append("claim %s: fen is not the %s position" % (c["kind"], c["at"]))
        for s in e.get("sentences", []):
            sentences += 1
            idx = s.get("claims", [])
            if idx:
                resting += 1
            for i in idx:
                if not 0 <= i < len(claims):
                    problems.append("sentence %r: claim index %d out of range" % (s["text"], i))
                elif claims[i]["supports"] == "better" and s["template"] != "q_better_was":
                    problems.append("sentence %r rests on a claim of the better move" % s["text"])
    return problems, sentences, resting


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    explanations = json.load(open(sys.argv[1]))
    claims = [c for e in explanations for c in e.get("claims", [])]
    failed = [c for c in claims if not check(c)]
    kinds = {}
    for c in claims:
        kinds[c["kind"]] = kinds.get(c["kind"], 0) + 1
    print("checked %d claims, %d failed" % (len(claims), len(failed)))
    print("kinds: " + ", ".join("%s=%d" % kv for kv in sorted(kinds.items())))
    for c in failed[:20]:
        print("FAILED", json.dumps(c))
    problems, sentences, resting = check_links(explanations)
    print("sentences %d, resting on a claim %d (%.1f %%), link problems %d"
          % (sentences, resting, 100.0 * resting / max(1, sentences), len(problems)))
    for p in problems[:20]:
        print("LINK", p)
    bad = bool(failed) or bool(problems)
    if "--perturb" in sys.argv:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from check_claims import all_rejected
        bad = not all_rejected(claims, perturbations, check) or bad
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
