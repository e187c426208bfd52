#!/usr/bin/env python3
"""Textbook purposes in real games: build the tuning and held-back sets, and measure them.

`mine` walks the games of the given PGN files (one game of each file in turn) and proposes
moves that a coach would explain by one of the textbook purposes of issue 33, each found by
its textbook definition written here independently of the Rust detectors (session 25: the
strict rules below; the looser rules of session 23 that built tests/data/purpose_{tune,heldout}.txt
are in git history, commit 8fac516), keeping only moves Stockfish finds at most 0.5 pawn worse
than its best (depth 12). Some rules ask Stockfish more (prophylaxis: the opponent's best
move after a pass is no longer good after the move; breakthrough, double attack, removing a
guard, trading into a won ending: what the line does next). Games with an even index (per
file, 0-based) go to the tuning set, odd ones to the held-back set; at most `--per-kind` moves
of each purpose per set, at most one per game and purpose. Never mined: the games of the coach
reads (`COACH_READ`) and the positions of the sets given with `--exclude`. Output lines have the
format of tests/data/purpose_moves.txt: id | FEN | SAN | words, where `words` are alternatives
separated by `/` (one of them must appear). `--print` shows each accepted move on its board, to
read a rule's labels before trusting them. Deterministic: the same files give the same sets.

`measure` runs `kibitzer explain --level medium` on every line of a set and reports the share
whose text names the purpose (contains one of the words), per purpose and in total. `check`
gives Stockfish's word on every line of a set (its best move, the move's score and loss, the
move's line), as written beside each position of the sets composed by hand
(tests/data/purpose_textbook{,_tune}.txt, session 27):

    python3 scripts/purpose_sets.py check tests/data/purpose_textbook.txt --depth 18

    python3 scripts/purpose_sets.py mine ../shared/data/pgn/{Morphy,Tal,fischer,Magnus-Carlsen}.pgn \\
        ../shared/data/pgn/dirty/Lasker.pgn --out tests/data/purpose_ --suffix 2 \\
        --exclude tests/data/purpose_tune.txt tests/data/purpose_heldout.txt
    python3 scripts/purpose_sets.py measure tests/data/purpose_heldout2.txt --kibitzer target/debug/kibitzer --depth 6

The third held-back set (session 26) leaves out, with `--fresh-games`, every game and puzzle
that a set given with `--exclude` drew a move from (a game passing through one of its
positions), and with `--heldout-only` puts every game in the held-back set:

    python3 scripts/purpose_sets.py mine ../shared/data/pgn/{Morphy,Tal,fischer,Magnus-Carlsen}.pgn \
        ../shared/data/pgn/dirty/Lasker.pgn --out tests/data/purpose_ --suffix 3 --heldout-only --fresh-games \
        --exclude tests/data/purpose_{tune,heldout,tune2,heldout2}.txt
    python3 scripts/purpose_sets.py mine --puzzles ../shared/data/puzzles/lichess_puzzles.csv --extend \
        --out tests/data/purpose_ --suffix 3 --heldout-only --fresh-games \
        --exclude tests/data/purpose_{tune,heldout,tune2,heldout2}.txt
"""
import argparse
import os
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
    "prophylaxis": "prophylaxis/stops/sting/rules out",
    "long_diagonal": "long diagonal",
    "trade_ending": "ending",
    "prophylaxis_square": "prophylaxis/stops/sting/rules out",
    "remove_guard": "defender/guard",
}

# The games read by hand in the coach reads (0-based indices per file, as `coach_read.py
# --first`), one game of margin each side: never mined, so that no set repeats a read.
COACH_READ = {
    "Morphy.pgn": [(59, 70), (99, 140), (149, 160), (169, 180)],
    "fischer.pgn": [(0, 69)],
    "Magnus-Carlsen.pgn": [(99, 110), (199, 240), (279, 290), (309, 320)],
    "Tal.pgn": [(9, 20)],
}

WORTH = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 99}
DEPTH = 12


def rel(s, color):
    return s if color == chess.WHITE else chess.square_mirror(s)


def rank_of(s, color):
    """The rank of `s` counted from `color`'s side, 0..7."""
    return chess.square_rank(rel(s, color))


def passed(board, s, color):
    f, r = chess.square_file(s), chess.square_rank(s)
    for e in board.pieces(chess.PAWN, not color):
        ahead = chess.square_rank(e) > r if color == chess.WHITE else chess.square_rank(e) < r
        if abs(chess.square_file(e) - f) <= 1 and ahead:
            return False
    return True


def passers(board, color):
    return {s for s in board.pieces(chess.PAWN, color) if passed(board, s, color)}


def pieces(board, color):
    return [s for s in chess.SQUARES if board.color_at(s) == color
            and board.piece_type_at(s) not in (chess.PAWN, chess.KING)]


def material(board, color):
    return sum(WORTH[board.piece_type_at(s)] for s in chess.SQUARES
               if board.color_at(s) == color and board.piece_type_at(s) != chess.KING)


def threatens(board, m, after):
    """Whether m gives check, captures, or newly attacks an enemy piece (not a pawn) that is
    worth more than the mover or undefended: then that is the move's point, not a quiet idea."""
    if board.is_capture(m) or after.is_check():
        return True
    role = board.piece_type_at(m.from_square)
    for t in after.attacks(m.to_square):
        p = after.piece_at(t)
        if p and p.color != board.turn and p.piece_type not in (chess.PAWN, chess.KING) \
                and (WORTH[p.piece_type] > WORTH[role] or not after.attackers(p.color, t)):
            return True
    return False


class Judge:
    """Stockfish at a fixed depth, one answer per (position, move) asked, scores in centipawns
    for the side to move (mates as ±10000)."""

    def __init__(self, path):
        self.sf = chess.engine.SimpleEngine.popen_uci(path)
        self.sf.configure({"Threads": 1, "Hash": 64})
        self.cache = {}

    def analyse(self, board, move=None, depth=DEPTH):
        key = (board.fen(), move, depth)
        if key not in self.cache:
            kw = {"root_moves": [move]} if move else {}
            self.cache[key] = self.sf.analyse(board, chess.engine.Limit(depth=depth), **kw)
        return self.cache[key]

    def score(self, board, move=None):
        return self.analyse(board, move)["score"].relative.score(mate_score=10000)

    def pv(self, board, move):
        return self.analyse(board, move).get("pv", [move] if move else [])

    def quit(self):
        self.sf.quit()


# ---- the rules, one a purpose, from the textbook definitions ----------------------------

def king_safety(board, m, after, judge):
    """Kh1 / Kb1 / Ka1: a castled king (no castling rights), the enemy queen on, steps one
    square along its back rank into the corner, not out of check, onto an unattacked square."""
    us = board.turn
    if board.piece_type_at(m.from_square) != chess.KING or board.is_castling(m) or board.is_capture(m) \
            or board.has_castling_rights(us) or not board.pieces(chess.QUEEN, not us) or board.is_check():
        return False
    pairs = {(chess.G1, chess.H1), (chess.C1, chess.B1), (chess.B1, chess.A1)}
    return (rel(m.from_square, us), rel(m.to_square, us)) in pairs and not after.is_attacked_by(not us, m.to_square)


def luft(board, m, after, judge):
    """A pawn in front of the castled king (no castling rights, the king on its back rank on
    the a-, b-, c-, g- or h-file) steps one square, when the king had no flight square before
    and has one after, with an enemy rook or queen on the board: the back-rank mate is ruled out."""
    us = board.turn
    k = board.king(us)
    if board.piece_type_at(m.from_square) != chess.PAWN or board.is_capture(m) or k is None \
            or rank_of(k, us) != 0 or chess.square_file(k) in (3, 4, 5) or board.has_castling_rights(us) \
            or not (board.pieces(chess.ROOK, not us) | board.pieces(chess.QUEEN, not us)):
        return False
    if abs(chess.square_rank(m.to_square) - chess.square_rank(m.from_square)) != 1:
        return False

    def flights(b):
        return [s for s in chess.SquareSet(chess.BB_KING_ATTACKS[k])
                if b.color_at(s) != us and not b.is_attacked_by(not us, s)]
    front = [s for s in chess.SquareSet(chess.BB_KING_ATTACKS[k]) if rank_of(s, us) == 1]
    return m.from_square in front and not flights(board) and bool(flights(after))


def king_activation(board, m, after, judge):
    """In an ending (no queens, at most one minor or rook a side besides pawns), the king
    walks towards the centre from its first two ranks or the rim, not out of check."""
    us = board.turn
    if board.piece_type_at(m.from_square) != chess.KING or board.is_capture(m) or board.is_check():
        return False
    if board.pieces(chess.QUEEN, chess.WHITE) or board.pieces(chess.QUEEN, chess.BLACK) \
            or len(pieces(board, us)) > 1 or len(pieces(board, not us)) > 1:
        return False
    centre = lambda s: max(abs(2 * chess.square_file(s) - 7), abs(2 * chess.square_rank(s) - 7))
    return centre(m.to_square) < centre(m.from_square) and centre(m.to_square) <= 3 \
        and (rank_of(m.from_square, us) <= 1 or centre(m.from_square) == 7)


def opposition(board, m, after, judge):
    """Kings and pawns only: the king steps to face the enemy king on a file or rank with one
    square between, the opponent to move."""
    us = board.turn
    if board.piece_type_at(m.from_square) != chess.KING or pieces(board, us) or pieces(board, not us):
        return False
    ok = board.king(not us)
    df = abs(chess.square_file(m.to_square) - chess.square_file(ok))
    dr = abs(chess.square_rank(m.to_square) - chess.square_rank(ok))
    return (df, dr) in ((0, 2), (2, 0))


def blockade(board, m, after, judge):
    """A piece (the king too) stops on the empty square in front of an enemy passed pawn that
    stands on its fourth rank or beyond."""
    us = board.turn
    role = board.piece_type_at(m.from_square)
    if role == chess.PAWN or board.is_capture(m):
        return False
    pawn = m.to_square + 8 if us == chess.WHITE else m.to_square - 8
    return 0 <= pawn < 64 and board.piece_at(pawn) == chess.Piece(chess.PAWN, not us) \
        and passed(board, pawn, not us) and rank_of(pawn, not us) >= 3


def minority(board, m, after, judge):
    """The minority attack: on the a–c files we have 2 pawns against 3, the b-pawn advances
    to face or strike an enemy b- or c-pawn, neither king on the queenside, pieces on, no check."""
    us = board.turn
    if board.piece_type_at(m.from_square) != chess.PAWN or board.is_capture(m) or after.is_check() \
            or chess.square_file(m.from_square) != 1:
        return False
    qs = lambda c: sum(1 for p in board.pieces(chess.PAWN, c) if chess.square_file(p) <= 2)
    if (qs(us), qs(not us)) != (2, 3) or len(pieces(board, us)) < 2:
        return False
    if any(chess.square_file(board.king(c)) <= 2 for c in (chess.WHITE, chess.BLACK)):
        return False
    step = 8 if us == chess.WHITE else -8
    ahead = m.to_square + step
    targets = [ahead] + [t for t in after.attacks(m.to_square)]
    return any(0 <= t < 64 and after.piece_at(t) == chess.Piece(chess.PAWN, not us)
               and chess.square_file(t) in (1, 2) for t in targets)


def fianchetto(board, m, after, judge):
    """Our bishop takes, or comes to face, the enemy's fianchettoed bishop (g7/b7 with the pawn
    on g6/b6), the enemy king on that wing."""
    us, them = board.turn, not board.turn
    if board.piece_type_at(m.from_square) != chess.BISHOP:
        return False
    for b, p, files in ((chess.G7, chess.G6, (5, 6, 7)), (chess.B7, chess.B6, (0, 1, 2))):
        bsq, psq = rel(b, us), rel(p, us)
        if board.piece_at(bsq) == chess.Piece(chess.BISHOP, them) and board.piece_at(psq) == chess.Piece(chess.PAWN, them) \
                and chess.square_file(board.king(them)) in files \
                and (m.to_square == bsq or bsq in after.attacks(m.to_square)):
            return True
    return False


def centralisation(board, m, after, judge):
    """A knight comes from outside the centre to d4, e4, d5 or e5, where no enemy pawn attacks it."""
    us = board.turn
    if board.piece_type_at(m.from_square) != chess.KNIGHT or board.is_capture(m):
        return False
    centre = (chess.D4, chess.E4, chess.D5, chess.E5)
    return m.to_square in centre and m.from_square not in centre \
        and not (after.attackers(not us, m.to_square) & after.pieces(chess.PAWN, not us))


def f7(board, m, after, judge):
    """In the opening (first 25 moves), a bishop or queen newly aims at f7 (f2), which only the
    king defends, the enemy king on e8 or g8."""
    us = board.turn
    f7sq = rel(chess.F7, us)
    if board.piece_type_at(m.from_square) not in (chess.BISHOP, chess.QUEEN) or board.is_capture(m) \
            or len(board.move_stack) >= 50 or board.piece_at(f7sq) != chess.Piece(chess.PAWN, not us):
        return False
    if rel(board.king(not us), us) not in (chess.E8, chess.G8):
        return False
    defenders = after.attackers(not us, f7sq)
    return f7sq in after.attacks(m.to_square) and f7sq not in board.attacks(m.from_square) \
        and defenders == chess.SquareSet([after.king(not us)])


def undermining(board, m, after, judge):
    """A pawn push attacks an enemy pawn that defends another enemy pawn or piece, which we
    attack: the support is undermined."""
    us = board.turn
    if board.piece_type_at(m.from_square) != chess.PAWN or board.is_capture(m):
        return False
    for t in after.attacks(m.to_square):
        if after.piece_at(t) != chess.Piece(chess.PAWN, not us):
            continue
        for q in after.attacks(t):
            if after.color_at(q) == (not us) and after.is_attacked_by(us, q):
                return True
    return False


def long_diagonal(board, m, after, judge):
    """A bishop comes from off the long diagonals onto its fianchetto square (b2, g2, b7, g7)."""
    if board.piece_type_at(m.from_square) != chess.BISHOP or board.is_capture(m):
        return False
    on_long = lambda s: chess.square_file(s) == chess.square_rank(s) or chess.square_file(s) + chess.square_rank(s) == 7
    return m.to_square in (chess.G2, chess.B2, chess.G7, chess.B7) and not on_long(m.from_square)


def double_attack(board, m, after, judge):
    """The moved piece attacks two enemy targets (the king by check, or pieces worth more than
    it or undefended), it cannot be taken, and the line takes one of them next move."""
    us = board.turn
    role = board.piece_type_at(m.from_square)
    if role == chess.KING:
        return False
    hit = [t for t in after.attacks(m.to_square) if after.color_at(t) == (not us)
           and after.piece_type_at(t) != chess.PAWN
           and (after.piece_type_at(t) == chess.KING or WORTH[after.piece_type_at(t)] > WORTH[role]
                or not after.attackers(not us, t))]
    if len(hit) < 2 or after.attackers(not us, m.to_square):
        return False
    pv = judge.pv(board, m)
    return len(pv) >= 3 and pv[2].from_square == m.to_square and pv[2].to_square in hit


def remove_guard(board, m, after, judge):
    """Removing the guard: a capture of a defended enemy piece (not a pawn) that was the only
    defender of another enemy piece (not a pawn) we attack; the line takes that piece at our
    next move, and after the opponent's answer to it we are two pawns or more up on the
    material before."""
    us, them = board.turn, not board.turn
    if not board.is_capture(m) or board.is_en_passant(m):
        return False
    x = m.to_square
    if board.piece_type_at(x) == chess.PAWN or not board.attackers(them, x):
        return False
    guarded = [y for y in board.attacks(x) if board.color_at(y) == them
               and board.piece_type_at(y) not in (chess.KING, chess.PAWN) and board.is_attacked_by(us, y)
               and board.attackers(them, y) == chess.SquareSet([x])]
    if not guarded:
        return False
    pv = judge.pv(board, m)
    if len(pv) < 3 or pv[2].to_square not in guarded or pv[1].to_square == pv[2].to_square:
        return False
    line = board.copy()
    for mv in pv[:4]:
        line.push(mv)
    gain = (material(line, us) - material(line, them)) - (material(board, us) - material(board, them))
    return gain >= 2


def breakthrough(board, m, after, judge):
    """Without queens, a pawn push that offers the pawn to an enemy pawn, made when we have no passed pawn,
    after which the line (six plies) gives us a passed pawn and Stockfish has us ahead by two
    pawns or more."""
    us = board.turn
    if board.piece_type_at(m.from_square) != chess.PAWN or passers(board, us) \
            or board.pieces(chess.QUEEN, chess.WHITE) or board.pieces(chess.QUEEN, chess.BLACK):
        return False
    if not (after.attackers(not us, m.to_square) & after.pieces(chess.PAWN, not us)):
        return False
    if judge.score(board, m) < 200:
        return False
    line = board.copy()
    for k, mv in enumerate(judge.pv(board, m)[:6]):
        line.push(mv)
        if passers(line, us):
            return True
    return False


def trade_ending(board, m, after, judge):
    """A capture of a piece of equal value, taken back at once in the line, that leaves an
    ending (no queens, at most two rooks or minors a side) where there was none, with us a pawn
    or more ahead and Stockfish +2 or better for us."""
    us = board.turn
    if not board.is_capture(m) or board.is_en_passant(m):
        return False
    role, taken = board.piece_type_at(m.from_square), board.piece_type_at(m.to_square)
    if role in (chess.PAWN, chess.KING) or WORTH[role] != WORTH[taken]:
        return False

    def ending(b):
        return not b.pieces(chess.QUEEN, chess.WHITE) and not b.pieces(chess.QUEEN, chess.BLACK) \
            and len(pieces(b, us)) <= 2 and len(pieces(b, not us)) <= 2
    if ending(board):
        return False
    pv = judge.pv(board, m)
    if len(pv) < 2 or pv[1].to_square != m.to_square:
        return False
    line = board.copy()
    line.push(pv[0])
    line.push(pv[1])
    return ending(line) and material(line, us) - material(line, not us) >= 1 and judge.score(board, m) >= 200


def prophylaxis(board, m, after, judge):
    """Prophylaxis: the opponent's best move had we passed (Stockfish) is a quiet move (no
    capture, no check) that is a real threat (it gains a pawn or more on the position before
    our move, for them), and our move takes it away: it is illegal after our move, or its
    square is now covered by the moved man, or the moved man stands in its path; and it is at
    least a pawn worse for them than their best reply after our move. King moves are left to
    the king's own purposes (activation, opposition): shouldering the enemy king is technique."""
    if board.is_check() or board.is_capture(m) or board.piece_type_at(m.from_square) == chess.KING:
        return False
    passed_board = board.copy(stack=False)
    passed_board.push(chess.Move.null())
    passed_board = chess.Board(passed_board.fen())
    if not passed_board.is_valid() or passed_board.is_check():
        return False
    # A quick look first (depth 8): most moves take nothing the opponent wants away.
    if not takes_away(passed_board, after, m, judge.analyse(passed_board, depth=8).get("pv", [None])[0]):
        return False
    want = judge.analyse(passed_board).get("pv", [None])[0]
    if not takes_away(passed_board, after, m, want):
        return False
    # A threat against the man that moves is met by an escape, not by prophylaxis.
    threatened = passed_board.copy()
    threatened.push(want)
    if m.from_square in threatened.attacks(want.to_square) or threatened.is_check():
        return False
    # ... or a man of ours that the line after the pass wins (g3 trapping the bishop on h2).
    if any(x.to_square == m.from_square for x in judge.pv(passed_board, None)[1:4]):
        return False
    threat = judge.score(passed_board) + judge.score(board)
    if threat < 100:
        return False
    return want not in after.legal_moves or judge.score(after) - judge.score(after, want) >= 100


def takes_away(passed_board, after, m, want):
    """Whether `want` (the opponent's move after a pass) is a quiet move that the move `m`
    makes illegal, covers the square of (with the moved man) or blocks."""
    if want is None or passed_board.is_capture(want) or passed_board.gives_check(want):
        return False
    if want.from_square == m.to_square or want.to_square == m.to_square:
        return False
    if want not in after.legal_moves:
        return True
    covered = want.to_square in after.attacks(m.to_square)
    blocked = m.to_square in chess.SquareSet(chess.between(want.from_square, want.to_square))
    return covered or blocked


QUIET_RULES = [king_safety, luft, king_activation, opposition, blockade, minority, fianchetto, centralisation,
               f7, undermining, long_diagonal, breakthrough]
LOUD_RULES = [double_attack, remove_guard, trade_ending]


def kinds(board, m, judge, wanted):
    """The textbook purposes the move m (legal on board) serves, by the rules above. The quiet
    ideas only for a move that does not check, capture or attack a piece (a coach names the
    tactic then); the loud ones (a double attack, removing a guard, a trade into an ending)
    only for such moves. Only the purposes in `wanted` (the buckets not yet full) are tried."""
    after = board.copy()
    after.push(m)
    quiet = not threatens(board, m, after)
    out = []
    for rule in (QUIET_RULES if quiet else []) + LOUD_RULES:
        name = rule.__name__
        if name in wanted and rule(board, m, after, judge):
            out.append(name)
    if quiet and "prophylaxis" in wanted and not out and prophylaxis(board, m, after, judge):
        out.append("prophylaxis")
    return out


def excluded_positions(paths):
    out = set()
    for p in paths or []:
        for line in open(p, encoding="utf-8"):
            if line.strip() and not line.startswith("#"):
                out.add(" ".join(line.split("|")[1].split()[:4]))
    return out


def games(paths, skip_games=frozenset()):
    """(file name, 0-based index, game) of every clean game, one game of each file in turn; a
    game passing through a position of `skip_games` (a game some set already drew from) is left out."""
    files = [(os.path.basename(p), open(p, encoding="utf-8", errors="replace")) for p in paths]
    index = {name: 0 for name, _ in files}
    live = list(files)
    while live:
        for item in list(live):
            name, f = item
            game = chess.pgn.read_game(f)
            if game is None:
                live.remove(item)
                continue
            gi = index[name]
            index[name] += 1
            if game.errors or any(lo <= gi <= hi for lo, hi in COACH_READ.get(name, [])):
                continue
            if game.headers.get("Variant", "Standard") != "Standard" or "FEN" in game.headers:
                continue
            if skip_games and touches(game.board(), game.mainline_moves(), skip_games):
                continue
            yield name, gi, game.board(), list(game.mainline_moves()), 8


def touches(board, moves, keys):
    """Whether the game from `board` through `moves` passes through a position of `keys`."""
    board = board.copy()
    for m in [None] + list(moves):
        if m is not None:
            board.push(m)
        if " ".join(board.fen().split()[:4]) in keys:
            return True
    return False


def puzzles(path, skip_games=frozenset()):
    """The Lichess puzzles of `path` (CSV) as one-move games: the position after the
    opponent's move (the puzzle's first), and the solver's first move; a puzzle whose
    position is in `skip_games` (one some set already drew from) is left out."""
    import csv
    with open(path, encoding="utf-8") as f:
        for gi, row in enumerate(csv.DictReader(f)):
            board = chess.Board(row["FEN"])
            moves = [chess.Move.from_uci(u) for u in row["Moves"].split()]
            board.push(moves[0])
            if " ".join(board.fen().split()[:4]) in skip_games:
                continue
            yield "lichess", gi, board, moves[1:2], 0


def read_set(path):
    """The lines of a set file, by purpose (the header left out)."""
    out = {}
    for line in open(path, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            out.setdefault(line.split("|")[0].strip().rsplit("_", 2)[0], []).append(line.rstrip("\n"))
    return out


def mine(args):
    judge = Judge(args.stockfish)
    sets = {"heldout": {}} if args.heldout_only else {"tune": {}, "heldout": {}}
    skip = excluded_positions(args.exclude)
    # `--fresh-games`: no game or puzzle that any excluded set drew a move from is mined at all.
    skip_games = skip if args.fresh_games else frozenset()
    # A position once mined is never mined again (a game given twice, a repeated line).
    seen = set()
    if args.extend:
        # Start from the sets written by a run over the games: only their short purposes grow.
        for which in sets:
            sets[which] = read_set(f"{args.out}{which}{args.suffix}.txt")
            seen |= {" ".join(line.split("|")[1].split()[:4]) for v in sets[which].values() for line in v}
    all_kinds = list(WORDS)
    all_kinds.remove("prophylaxis_square")
    positions = puzzles(args.puzzles, skip_games) if args.puzzles else games(args.pgn, skip_games)
    for name, gi, start, moves, first in positions:
        which = "heldout" if args.heldout_only or gi % 2 == 1 else "tune"
        if all(len(sets[w].get(k, [])) >= args.per_kind for w in sets for k in all_kinds):
            break
        wanted = {k for k in all_kinds if len(sets[which].get(k, [])) < args.per_kind}
        if not wanted:
            continue
        board = start
        done = set()
        for ply, m in enumerate(moves):
            key = " ".join(board.fen().split()[:4])
            if ply >= first and key not in skip and key not in seen:
                for kind in kinds(board, m, judge, wanted - done):
                    b = judge.score(board)
                    p = judge.score(board, m)
                    if b - p <= 50:
                        stem = name.rsplit(".", 1)[0].replace("-", "").replace("_", "")
                        line = f"{kind}_{stem}{gi}_{ply} | {board.fen()} | {board.san(m)} | {WORDS[kind]}"
                        sets[which].setdefault(kind, []).append(line)
                        done.add(kind)
                        seen.add(key)
                        if args.print:
                            if kind == "prophylaxis":
                                pb = chess.Board(board.fen())
                                pb.push(chess.Move.null())
                                pb = chess.Board(pb.fen())
                                print(f"stops {pb.san(judge.pv(pb, None)[0])}", file=sys.stderr)
                            print(f"{which} {kind} {name} game {gi} ply {ply}: {board.san(m)} "
                                  f"(best {b}, played {p}) {' '.join(str(x) for x in judge.pv(board, m)[:6])}"
                                  f"\n{board}\n", file=sys.stderr)
                        if len(sets[which][kind]) >= args.per_kind:
                            wanted.discard(kind)
            board.push(m)
    judge.quit()
    for which, kinds_ in sets.items():
        path = f"{args.out}{which}{args.suffix}.txt"
        header = [line for line in open(path, encoding="utf-8") if line.startswith("#")] if args.extend else [
            f"# Textbook purposes in real games ({which} set), mined by scripts/purpose_sets.py (strict rules,\n",
            f"# session 25) from {', '.join(p.split('/')[-1] for p in args.pgn)}: id | FEN | SAN | words\n",
            "# (one of them, '/'-separated). Id: purpose_<file><game index>_<ply>.\n"]
        if args.puzzles:
            header.append(f"# Extended from {args.puzzles.split('/')[-1]} (the solver's first move of each puzzle, "
                          "`--puzzles --extend`): purpose_lichess<row>_0.\n")
        with open(path, "w") as out:
            out.writelines(header)
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
        print(f"{kind:18} {n}/{t}")
    print(f"named: {named}/{total} = {100.0 * named / max(total, 1):.1f} %")


def check(args):
    """Stockfish's word on every line of a set: its best move and score, the set's move's score
    and loss (both the mover's view, centipawns, `--depth`), and the move's line. A line is
    flagged `LOSS` when the move is more than `--margin` centipawns below the best."""
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    engine.configure({"Threads": 1, "Hash": 64})
    limit = chess.engine.Limit(depth=args.depth)
    for line in open(args.file, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        ident, fen, san, _words = (c.strip() for c in line.split("|"))
        board = chess.Board(fen)
        move = board.parse_san(san)
        best = engine.analyse(board, limit, multipv=2)
        mine = engine.analyse(board, limit, root_moves=[move])
        def cp(info):
            return info["score"].pov(board.turn).score(mate_score=100000)
        loss = cp(best[0]) - cp(mine)
        second = f", second {board.san(best[1]['pv'][0])} {cp(best[1])}" if len(best) > 1 else ""
        print(f"{'LOSS ' if loss > args.margin else ''}{ident} {san}: {cp(mine)} cp (best "
              f"{board.san(best[0]['pv'][0])} {cp(best[0])}{second}; loss {loss}), depth {args.depth}, line "
              f"{board.variation_san(mine['pv'][:8])}")
    engine.quit()


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("mine")
    m.add_argument("pgn", nargs="*")
    m.add_argument("--puzzles", help="a Lichess puzzle CSV to mine instead of PGN games")
    m.add_argument("--extend", action="store_true", help="add to the sets already written (their short purposes)")
    m.add_argument("--out", default="tests/data/purpose_")
    m.add_argument("--suffix", default="2", help="appended to tune/heldout in the file names")
    m.add_argument("--per-kind", type=int, default=6)
    m.add_argument("--exclude", nargs="*", help="sets whose positions are never mined again")
    m.add_argument("--fresh-games", action="store_true",
                   help="leave out every game and puzzle that an --exclude set drew a move from")
    m.add_argument("--heldout-only", action="store_true",
                   help="every game goes to the held-back set (no tuning set is written)")
    m.add_argument("--print", action="store_true", help="print each accepted move on its board")
    m.add_argument("--stockfish", default="/usr/games/stockfish")
    r = sub.add_parser("measure")
    r.add_argument("file")
    r.add_argument("--kibitzer", default="target/release/kibitzer")
    r.add_argument("--depth", type=int, default=8)
    r.add_argument("--verbose", action="store_true")
    c = sub.add_parser("check", help="Stockfish's best move, the set's move's score and loss, and its line")
    c.add_argument("file")
    c.add_argument("--depth", type=int, default=18)
    c.add_argument("--margin", type=int, default=30, help="centipawns below the best that still pass")
    c.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    {"mine": mine, "measure": measure, "check": check}[args.cmd](args)


if __name__ == "__main__":
    main()
