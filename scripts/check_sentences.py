#!/usr/bin/env python3
"""The sentence referee: checks kibitzer's SENTENCES (not their claims) independently, with
python-chess and, where a number decides, Stockfish. No kibitzer code.

Usage:
  check_sentences.py FILE.json... [--stockfish PATH] [--depth N] [--no-stockfish]

Each FILE holds explanations: a JSON list, or `kibitzer review --json` output (one object per
ply with an "explanation"), or one `kibitzer explain --json` object. For every sentence it finds
the sentence's kind (its template id) and checks that kind's condition from its own
definition (docs/EXPLANATIONS.md, "Sentence checks"):

  sacrifice, exchange_sacrifice  the mover's material (P1 N3 B3 R5 Q9) is lower at the end of
                                 the settled line (cut after its last quiet move) than before
                                 the move, or a mating line passes through such a position
                                 after an opponent's move; the drop shows after one of the
                                 mover's first four moves; the move was not the only legal
                                 move; Stockfish (depth N) gives the mover >= -200 cp or a mate;
                                 "sacrifice" also ends behind in material or mates, and
  gives_back                     the same drop, ending ahead without mate, and still ahead
                                 right after the give (part given back)
  gives_back_all                 the same drop, ending level without mate
  threat_met_*, defends_piece    the square of a capture threat met (not by moving away or a
                                 check) or of a piece defended is not taken by one of the
                                 opponent's first 3 moves of the line unless the mover takes
                                 back there at once
  idea_blockade(_isolated)       the blockading piece does not move on in the mover's next
                                 2 moves of the line (blockade_stays)
  only_legal                     the move was the only legal one
  mated_anyway                   Stockfish (depth N) scores the position before the move as
                                 mate against the mover (every move is mated)
  combination                    the mover's material falls at least 2 pawns below its start
                                 after one of its first four moves, or after one of the
                                 opponent's first four replies that captures and that the
                                 mover's next move does not take back on the same square; the
                                 move was not the only legal one, and the gain is believed
                                 (as wins_material) and more than wins back what the mover
                                 was behind (combination_back: the same, winning back no
                                 more than what the mover was behind)
  idea_trades_down,              Stockfish (depth N) gives the mover >= 25 cp after the move
  idea_removes_mate_guard
                                 (kibitzer's floor is 50 cp of its own score; without an
                                 engine the explanation's score must show 50)
  idea_removes_guard,            after the move, the reply and the mover's next move (a line
                                 cut short carried on by Stockfish's best moves) (and the
  idea_removes_defender
                                 opponent's recapture on that square, if the line's next move
                                 is one) the mover's material is above its start: the piece
                                 left without its guard is won
  q_only_move                    Stockfish MultiPV 2 (depth N): the best beats the second by
                                 >= 50 cp (clamped to +-1000; mates beyond) and is not lost
                                 (>= -200 cp)
  watch_mate, watch_wins         after the reply (pv[0]) the opponent's strongest threat after a
                                 pass (a mate in one, or a capture of a piece undefended or
                                 worth more than the capturer winning >= a pawn by SEE) still
                                 works after the mover's next move pv[1]; the score is no mate
  threat_wins                    the score after the move is no forced mate; a capture's
                                 threat is on a piece worth more than it takes; the
                                 threatened piece cannot take the attacker first without
                                 losing material (threat_taken_first)
  kingside_attack                the enemy king on files f-h and the move to files e-h; the
                                 moved piece itself (the move, or the same piece later in the
                                 line while it stands) checks or captures within 3 king steps
                                 of the corner h1/h8
  queenside_attack               the same on files a-c / a-d, corner a1/a8
  *_endgame                      the material after the move is that endgame (pawns present,
                                 the named piece on both sides, nothing else)
  bishop_pair                    only the mover has both bishops after the move and through
                                 the line's next 4 plies (a trade taken back at once, or a
                                 bishop lost in the line's first moves, secures no pair)
  material_gain, material_loss   the line is printed (level "advanced")
  controls_centre                the move takes no piece (a pawn or nothing)
  idea_gives_piece               "a sacrifice" only of a move judged book, best, excellent or
                                 good, whose line (9 plies, cut after the last quiet move)
                                 leaves the mover's material lower than before the move
  idea_lost_back                 the score is no forced mate, and the line's first 9 plies,
                                 cut after their last quiet move, leave the mover's material
                                 lower than before the move
  early_queen, same_piece_twice, a principle broken is said only of a move judged an error
  premature_attack, knight_on_rim, (inaccuracy, mistake or blunder); so are the mover's own
  king_shelter_weakened, bad_bishop, structural concessions
  doubled/isolated/backward_pawn_created, pawn_islands_increase
  wins_material, wins_back,      "wins back" exactly when the mover was behind before the move
  wins_back_later, captures_check, (wins_back for a capture, wins_back_later for a quiet move;
  captures_wins                  a capture said first is not taken back at once, unless it
                                 took a piece worth more than the capturer)
                                 and the gain takes it at most to level (won_back); and
                                 the settled line gains material (P1 N3 B3 R5 Q9) and Stockfish
                                 (depth N) believes a quarter of it: the mover's score after the
                                 move >= 100 x (balance before) + 25 x (gain), or a mate for the
                                 mover; already GAIN_WON_CP ahead, a score that stays that far
                                 ahead (Stockfish's scores of won endings sit below the
                                 material count: 84.Qh1 "+2 pawns" with a queen against two
                                 pawns, +5.68)
  exposed_king                   the mover has a queen after the move (without one, a king
                                 without pawn cover is an endgame's normal state), and the
                                 move is not a king move
  moved piece's activity         (fork, pins, attacks, pressure, outposts, activity: the
  (MOVED_PIECE_ACTIVITY)         list below) not said when the reply in the line captures the
                                 moved piece on its square (a trade: its activity there is no
                                 point), nor for its tactics (MOVED_PIECE_TACTICS) the
                                 opponent's second move, the piece having stayed
  passed_taken                   a passed pawn said to be created or pushed is not taken by the
                                 line's reply
  hangs                          the hanging piece is not the capturer of a piece worth at
                                 least as much (a trade), the line's reply (when there
                                 is one) takes it, the mover's next move does not take
                                 back as much at once, and the line (9 plies, cut after its
                                 last quiet move) leaves the mover's material lower
  pawn_offer                     the reply takes the moved pawn, the mover's next move does
                                 not take back there, nor could it without losing material
                                 by exchange (SEE), the mover is at most a pawn down after
                                 the reply and after each of its next moves (8 plies), and the
                                 line (8 plies, settled) ends exactly one pawn down
  threat_wins (threat_taken_offer) the reply does not take the piece that makes the threat
  threat_wins, threat_met_with_threat (threat_traded)
                                 the reply takes nothing of the mover's, or the mover's next
                                 move in the line is not the threat (then only a trade)
  decided (q_good, q_excellent,  a move judged good or excellent (no mate) that scores 200 cp
  q_decided_lost, q_decided_won) or more below the best (the quality claim) in a decided game
                                 (the best move's winning chances <= -0.5: "lost"; the
                                 played move's >= 0.5: "won") is said as q_decided_*, never
                                 "good" or "excellent"; q_decided_* only then
  idea_refutes                   Stockfish (depth N): the opponent's move after a pass is within
                                 100 cp of their best, and after the move 50 cp or more below
                                 their best reply
  idea_stops_plan(_answer)       Stockfish (depth N): the opponent's move after a pass is within
                                 50 cp of their best, after the move 50 cp or more below their
                                 best reply, and the answer said within 50 cp of the best
  idea_sidesteps                 Stockfish (depth N): the move the piece steps away from, played
                                 after a pass, is within 100 cp of the opponent's best
  idea_readies, idea_readies_hit Stockfish (depth N): the move readied is, after the move and a
                                 pass, within 100 cp of the mover's best, and the two together
                                 gain at least 15 cp more than each alone (the readied move
                                 instead of the move; the move against passing)
  idea_stops_mate                Stockfish (depth N): the opponent mates by force after a pass
                                 and not after the move
  idea_stops                     Stockfish (depth N): after a pass the move stopped is within
                                 100 cp of the opponent's best
  idea_stops_line,               Stockfish (depth N): after a pass the tactic's first move is
  idea_removes_line
                                 within 100 cp of the opponent's best, and after the move the
                                 opponent stands at least 50 cp worse than with it
  verdict (every q_* word)       the word agrees with the explanation's own judgement: good,
                                 excellent or best never beside a mate the move allows; the
                                 word's class is the quality field's
  reason                         a verdict never stands alone: at least one sentence that is
                                 not a verdict (category move_quality), or a verdict naming
                                 the mate the move allows or misses (q_allowed_mate,
                                 q_missed_mate: "allows a forced mate, starting with Qh7+")
  score text                     the text writes the score from White's side with its sign
                                 and plain words: no "for you", "for White", "for Black",
                                 "#-", "winning chances"; the sign in [...] is White's

Prints a table of sentences checked and violations per kind, and every violation; exit status
1 if any. Also counts, as a figure and not a violation, the explanations of moves judged good
or better whose only words beside the verdict are the line's plan, the opening's name or the
line itself (issue 33's "no reason"); PLAN_ONLY_LIST=1 lists them.
"""
import json
import os
import re
import shutil
import sys
from collections import Counter

import math
import chess
import chess.engine

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
SEE_VALUES = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500, chess.QUEEN: 900,
              chess.KING: 20000}
ENDGAMES = {
    "pawn_endgame": (),
    "rook_endgame": (chess.ROOK,),
    "bishop_endgame": (chess.BISHOP,),
    "knight_endgame": (chess.KNIGHT,),
    "queen_endgame": (chess.QUEEN,),
    "queen_rook_endgame": (chess.QUEEN, chess.ROOK),
}
VERDICTS = {"q_best": "best", "q_excellent": "excellent", "q_good": "good", "q_playable": "good",
            "q_inaccuracy": "inaccuracy",
            "q_mistake": "mistake", "q_blunder": "blunder", "q_book": "book",
            # A verdict with its reason (what the error allows).
            "q_inaccuracy_why": "inaccuracy", "q_mistake_why": "mistake", "q_blunder_why": "blunder",
            # ... or by the piece its line wins (`line_costs`).
            "q_inaccuracy_line_why": "inaccuracy", "q_mistake_line_why": "mistake",
            "q_blunder_line_why": "blunder"}
MOVED_PIECE_TACTICS = {"fork", "king_fork", "pin_absolute", "pin_relative", "pin_created", "skewer",
                       "attacks_piece", "attacks_defender"}
MOVED_PIECE_ACTIVITY = MOVED_PIECE_TACTICS | {
    "attacking_f2f7", "weak_point", "king_zone_pressure", "kingside_attack",
    "queenside_attack", "rook_activation", "rook_open_file", "rook_half_open_file", "rook_contests_file", "rook_seventh", "doubled_rooks", "knight_outpost",
    "knight_centralisation", "bishop_long_diagonal", "mobility_gain", "takes_outpost",
    "improves_piece", "idea_centralises", "idea_centralises_queen", "idea_off_rim", "idea_aims_f7", "idea_fianchettoes",
    "idea_stops", "idea_stops_hit", "idea_shuts_discovery", "idea_refutes", "idea_sidesteps", "idea_stops_plan", "idea_stops_plan_answer", "idea_occupies", "pawn_centre", "controls_centre", "threat_met_moves", "threat_met_moves_captures",
    "threat_met_with_threat", "idea_escapes_with_threat"}
# Sentences that only read out the line or the opening (`plan_only`, a figure).
LINE_ONLY = {"idea_plan", "idea_plan_break", "line_plan", "line_reply", "line_answer", "line_waits", "line_driven", "line_trade",
             "book"}
ERRORS = ("inaccuracy", "mistake", "blunder")
# Verdicts that name the concrete mate allowed or missed: a reason of their own.
MATE_VERDICTS = ("q_allowed_mate", "q_missed_mate")
# The drop in winning chances below which a good move is close to the best (quality::PRECISE_DROP).
PRECISE_DROP = 0.05
PRINCIPLES = ("early_queen", "same_piece_twice", "premature_attack", "knight_on_rim",
              "king_shelter_weakened", "bad_bishop", "doubled_pawn_created", "isolated_pawn_created",
              "backward_pawn_created", "pawn_islands_increase")
# A score followed by a side ("+0.85 for you", "-0.91 for Black"), a mate as "#-n", winning
# chances: the old conventions the text must not use.
BAD_SCORE = re.compile(r"([+-]?\d+\.\d\d|#-?\d+) for (you|White|Black)|#-\d|winning chances")


# The depth at which a forced mate against the mover is looked for again before
# `mated_anyway` fails (a mate in 5 can hide from depth 10).
MATE_CHECK_DEPTH = 20

# Within how many of the mover's own moves a sacrifice gives its material
# (SACRIFICE_WITHIN_MOVES in src/explain/sentence_check.rs).
SACRIFICE_WITHIN_MOVES = 4
# The least material (pawns) a combination gives (COMBINATION_GIVES).
COMBINATION_GIVES = 2
# A threatened blow (idea_threat_line) by Stockfish: at least this much more than the position
# as it stands, and the mover then at least this far ahead (centipawns).
THREAT_SEEN = 60
THREAT_STANDS = 100
# A retreat square made (idea_makes_room): the opponent's move after a pass is worth at least
# this much less to them after the move (kibitzer's own margin is 100 cp by its short search).
ROOM_SEEN = 60
# A move refuted (idea_refutes): after a pass it scores within REFUTE_WANTED of the opponent's
# best, and after the move at least REFUTE_SEEN below their best reply (centipawns, Stockfish;
# kibitzer's own margin is 75 cp by its short search).
REFUTE_WANTED = 100
REFUTE_SEEN = 50
# Positional prophylaxis (idea_stops_plan): the opponent's move after a pass within PLAN_WANTED
# of their best, and after the move at least PLAN_SEEN below their best reply (centipawns,
# Stockfish; kibitzer's own margins are 60 cp below, by its deeper search, where its wanted move
# is its best after a pass).
PLAN_WANTED = 50
PLAN_SEEN = 50
# A blow whose capturer the threatened man can take first without losing by exchange
# (idea_threat_line): taking first must leave the opponent at least TAKEN_FIRST_SEEN below their
# best move by Stockfish (kibitzer's own margin is 60 cp by its short search): 18...d6 threatens
# dxe5 and exd6 opens the d-file as well.
TAKEN_FIRST_SEEN = 15


def taken_first_defuses(side, after, blow, now, depth):
    """Whether the man `blow` would take can take its capturer first (no loss by exchange) and
    leave the mover, by Stockfish, less than TAKEN_FIRST_SEEN above `now` (the mover's score
    after the move, the opponent to move)."""
    if not pass_turn(after).is_capture(blow):
        return False
    first = chess.Move(blow.to_square, blow.from_square)
    if first not in after.legal_moves or see(after, first) < 0:
        return False
    taken = after.copy()
    taken.push(first)
    mover_then = clamped(sf_score(side, taken, depth)[0])
    return mover_then - now < TAKEN_FIRST_SEEN

# A tactic stopped (idea_stops_line): the line's first move within STOPS_LINE_WANTED of the
# opponent's best after a pass, and the move costs them at least STOPS_LINE_SEEN (kibitzer's own
# margin is 120 cp by its short search).
STOPS_LINE_WANTED = 100
# A move stopped (idea_stops): within STOPS_WANTED of the opponent's best after a pass.
STOPS_WANTED = 100
STOPS_LINE_SEEN = 50

# A move readied (idea_readies): after the move and a pass it is within READIES_WANTED of the
# mover's best, and the two moves together gain at least READIES_SEEN more than each alone
# (centipawns, Stockfish; kibitzer's own margin is 60 cp by its short search; the first as
# REFUTE_WANTED: Stockfish's single-line scores of quiet positions after a pass move by tens of
# centipawns from one query to the next).
READIES_WANTED = 100
READIES_SEEN = 15
# The same when the piece would only be traded off (idea_makes_room_trade; kibitzer's margin 30).
TRADE_ROOM_SEEN = 15


# The score (centipawns) that shows a won game to the gain_believed check: a mover already
# ahead by more needs only to stay at least this far ahead (or half its material lead).
GAIN_WON_CP = 400

# A move judged good or excellent two pawns or more below the best in a decided game
# (DECIDED_DROP_CP and DECIDED in src/explain/quality.rs).
DECIDED_DROP_CP = 200
DECIDED = 0.5


def wc(cp):
    cp = max(-1000, min(1000, cp))
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def decided_drop(e):
    """'lost' or 'won' when the explanation's judgement is good or excellent, without a mate, and
    the played move scores DECIDED_DROP_CP or more below the best in a decided game; else None."""
    q = next((c for c in e.get("claims", []) if c.get("kind") == "quality"), None)
    if not q or q.get("quality") not in ("good", "excellent"):
        return None
    best, played = q.get("best") or {}, q.get("played") or {}
    if "cp" not in best or "cp" not in played or (e.get("quality") or {}).get("mate"):
        return None
    if best["cp"] - played["cp"] < DECIDED_DROP_CP:
        return None
    if wc(best["cp"]) <= -DECIDED:
        return "lost"
    if wc(played["cp"]) >= DECIDED:
        return "won"
    return None


def reply_takes_moved(board, boards, moves, mv):
    """Whether the line's reply (moves[1]) captures the piece the move explained (`mv`, not a
    castling; moves[0] in the line) moved, on its square (boards[i]: the position before
    moves[i])."""
    return (len(moves) >= 2 and not board.is_castling(mv) and boards[1].is_capture(moves[1])
            and moves[1].to_square == mv.to_square)


def idea_claim(e, s, ideas):
    """The first claim under sentence `s` of explanation `e` whose idea is one of `ideas`."""
    return next((e["claims"][i] for i in s.get("claims", []) if i < len(e["claims"])
                 and e["claims"][i].get("idea") in ideas), None)


def early_drop(boards, mover):
    """How far (pawns) the mover's material falls below its start after one of its first
    SACRIFICE_WITHIN_MOVES moves (boards[0] is the position before the move; a line of one
    reply counts its last position); 0 when nothing is given."""
    start = balance(boards[0], mover)
    early = boards[1::2][:SACRIFICE_WITHIN_MOVES]
    if len(boards) == 3:
        early = early + [boards[2]]
    return max([0] + [start - balance(b, mover) for b in early])

def reply_drop(boards, moves, mover):
    """How far (pawns) the mover's material falls below its start after one of the opponent's
    first SACRIFICE_WITHIN_MOVES replies that captures and that the mover's next move does not
    take back on the same square (moves[0] is the move; boards[i + 1] follows moves[i])."""
    start = balance(boards[0], mover)
    drops = [0]
    for i in list(range(1, len(moves), 2))[:SACRIFICE_WITHIN_MOVES]:
        r = moves[i]
        if not boards[i].is_capture(r):
            continue
        nxt = moves[i + 1] if i + 1 < len(moves) else None
        if nxt is not None and boards[i + 1].is_capture(nxt) and nxt.to_square == r.to_square:
            continue
        drops.append(start - balance(boards[i + 1], mover))
    return max(drops)


def balance(board, color):
    def mat(c):
        return sum(VALUES[p] * len(board.pieces(p, c)) for p in VALUES)
    return mat(color) - mat(not color)


def takes_part(boards, moves, corner):
    """Whether the moved piece (moves[0], then the same piece while it stands) checks or
    captures within 3 king steps of corner along the line (boards[0] before moves[0]), within
    the mover's first 4 moves."""
    if not moves:
        return False
    at = moves[0].to_square
    for i, m in enumerate(moves[:7]):
        if i % 2 == 1:
            if m.to_square == at:
                return False
            continue
        if i > 0 and m.from_square != at:
            continue
        if (boards[i + 1].is_check() or boards[i].is_capture(m)) and chess.square_distance(m.to_square, corner) <= 3:
            return True
        at = m.to_square
    return False


def line_boards(fen, sans):
    """Boards along the SAN line (the first entry: the FEN itself) and the moves played."""
    b = chess.Board(fen)
    boards, moves = [b.copy()], []
    for s in sans:
        try:
            m = b.parse_san(s)
        except ValueError:
            break
        b.push(m)
        boards.append(b.copy())
        moves.append(m)
    return boards, moves


def see(board, m):
    """Static exchange gain (centipawns) of capture m for the side to move."""
    target = m.to_square
    captured = board.piece_at(target)
    if captured is None:
        return 0
    b = board.copy()
    gain = [SEE_VALUES[captured.piece_type]]
    last = SEE_VALUES[b.piece_at(m.from_square).piece_type]
    b.push(m)
    while True:
        attackers = [a for a in b.attackers(b.turn, target)
                     if b.is_legal(chess.Move(a, target)) or b.is_legal(chess.Move(a, target, chess.QUEEN))]
        if not attackers:
            break
        a = min(attackers, key=lambda s: SEE_VALUES[b.piece_at(s).piece_type])
        gain.append(last - gain[-1])
        last = SEE_VALUES[b.piece_at(a).piece_type]
        promo = chess.QUEEN if b.piece_at(a).piece_type == chess.PAWN and chess.square_rank(target) in (0, 7) else None
        b.push(chess.Move(a, target, promo))
    while len(gain) > 1:
        v = gain.pop()
        gain[-1] = min(gain[-1], -v)
    return gain[0]


def wins_piece(board, m):
    """A capture whose exchange wins at least a pawn (purpose::wins_piece)."""
    if not board.is_capture(m) or board.is_en_passant(m):
        return False
    return see(board, m) >= 100


def mates(board, m):
    b = board.copy()
    b.push(m)
    return b.is_checkmate()


def strongest_threat(board):
    """The side to move's mate in one, else a winning capture (any one works for survival)."""
    moves = list(board.legal_moves)
    for m in moves:
        if mates(board, m):
            return m, True
    wins = [m for m in moves if wins_piece(board, m)]
    if wins:
        best = max(wins, key=lambda m: VALUES[board.piece_at(m.to_square).piece_type])
        return best, False
    return None


def works(board, threat):
    m, mate = threat
    if m not in board.legal_moves:
        return False
    return mates(board, m) if mate else wins_piece(board, m)


def sf_score(engine, board, depth, multipv=1, fresh=False):
    """Stockfish's scores of `board` for the side to move; `fresh`: on an emptied hash (a new
    game), so that the score does not depend on the positions searched before."""
    info = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=multipv,
                          game=object() if fresh else None)
    if isinstance(info, dict):
        info = [info]
    return [i["score"].pov(board.turn) for i in info]


def clamped(score):
    if score.is_mate():
        m = score.mate()
        return 2000 - m if m > 0 else -2000 - m
    return max(-1000, min(1000, score.score()))


class Referee:
    def __init__(self, engine, depth, spawn=None):
        self.engine = engine
        # A second Stockfish for checks added later (the threatened blow): the main engine's
        # hash, and so its scores at a fixed depth, depend on the positions it saw before, and
        # new queries on it would shift the older checks' borderline results.
        self.spawn = spawn
        self.side = None
        self.depth = depth
        self.checked = Counter()
        self.violations = Counter()
        self.problems = []
        self.explanations = 0
        self.plan_only = []

    def side_engine(self):
        if self.side is None and self.spawn is not None:
            self.side = self.spawn()
        return self.side or self.engine

    def close(self):
        if self.side is not None:
            self.side.quit()
            self.side = None

    def fail(self, kind, e, text, why):
        self.violations[kind] += 1
        self.problems.append("%s | %s %s | %r: %s" % (kind, e["fen_before"], e["uci"], text, why))

    def check(self, e):
        if not e.get("fen_before") or e.get("san") is None:
            return
        self.explanations += 1
        board = chess.Board(e["fen_before"])
        mover = board.turn
        after = board.copy()
        try:
            mv = chess.Move.from_uci(e["uci"])
            after.push(mv)
        except ValueError:
            return
        pv = e.get("pv_san", [])
        boards, moves = line_boards(e["fen_before"], pv)
        score = (e.get("score_after") or {}).get("mover")
        mate_line = isinstance(score, dict) and "mate" in score
        sentences = e.get("sentences", [])
        quality = (e.get("quality") or {}).get("quality")
        for s in sentences:
            t, text = s["template"], s["text"]
            if t in ("sacrifice", "sacrifice_later", "exchange_sacrifice", "gives_back", "gives_back_all"):
                kind = t if t in ("gives_back", "gives_back_all") else "sacrifice"
                self.checked[kind] += 1
                why = self.sacrifice(board, mover, boards, moves, after)
                if why is None and t != "exchange_sacrifice":
                    ahead = ends_ahead(mover, boards, moves)
                    if t in ("sacrifice", "sacrifice_later") and ahead:
                        why = "the mover ends level or ahead in material: material given back, not given up"
                    elif t in ("gives_back", "gives_back_all") and not ahead:
                        why = "the mover ends behind in material (or mates): a sacrifice, not material given back"
                    elif t == "gives_back" and ends_level(mover, boards, moves):
                        why = "the mover ends level: all of its extra material given back, not part"
                    elif t == "gives_back" and balance(boards[0], mover) <= early_drop(boards, mover):
                        why = "right after the give the mover is no longer ahead: all of it given back, not part"
                    elif t == "gives_back_all" and not ends_level(mover, boards, moves):
                        why = "the mover ends ahead: part of its extra material given back, not all"
                if why:
                    self.fail(kind, e, text, why)
            elif t in ("combination", "combination_back"):
                self.checked["combination"] += 1
                why = None
                if board.legal_moves.count() < 2:
                    why = "the only legal move"
                elif max(early_drop(boards, mover), reply_drop(boards, moves, mover)) < COMBINATION_GIVES:
                    why = "gives less than %d pawns within the mover's first %d moves" % (
                        COMBINATION_GIVES, SACRIFICE_WITHIN_MOVES)
                else:
                    why = self.gain_believed(board, mover, boards, moves, after)
                if why is None:
                    start = balance(board, mover)
                    gain = settled_gain(board, mover, boards, moves)
                    back = start < 0 and 0 < gain <= -start
                    if t == "combination" and back:
                        why = "balance %+d before, %+d won: won back, not with interest" % (start, gain)
                    elif t == "combination_back" and not back:
                        why = "balance %+d before, %+d won: not material that was missing won back" % (start, gain)
                if why:
                    self.fail("combination", e, text, why)
            elif t in ("idea_blockade", "idea_blockade_isolated"):
                # A blockade stays: the piece (not the king) does not move on in the mover's
                # next 2 moves.
                self.checked["blockade_stays"] += 1
                landed = mv.to_square if not board.is_castling(mv) \
                    and board.piece_type_at(mv.from_square) != chess.KING else None
                if landed is not None and any(x.from_square == landed for x in moves[2:5:2]):
                    self.fail("blockade_stays", e, text, "the piece moves on in the line")
            elif t == "only_legal":
                self.checked["only_legal"] += 1
                if board.legal_moves.count() != 1:
                    self.fail("only_legal", e, text, "%d legal moves" % board.legal_moves.count())
            elif t == "mated_anyway":
                # Every move is mated: the best move's score is a mate against the mover, and
                # not at once (that is line_mated's).
                self.checked["mated_anyway"] += 1
                if self.engine is not None:
                    best = sf_score(self.engine, board, self.depth)[0]
                    # A mate in 5 may need more than depth 10 to be seen (50...Qb7, session 38).
                    if not (best.is_mate() and best.mate() < 0):
                        best = sf_score(self.engine, board, max(self.depth, MATE_CHECK_DEPTH))[0]
                    if not (best.is_mate() and best.mate() < 0):
                        self.fail("mated_anyway", e, text, "Stockfish: best %s, no forced mate" % best)
            elif t == "q_only_move":
                self.checked["only_move"] += 1
                why = self.only_move(board)
                if why:
                    self.fail("only_move", e, text, why)
            elif t in ("watch_mate", "watch_wins", "watch_wins_pawn"):
                self.checked["warning"] += 1
                if mate_line:
                    self.fail("warning", e, text, "a warning inside a forced mate")
                elif len(boards) < 4:
                    self.fail("warning", e, text, "no next move in the line to survive")
                else:
                    threat = claimed_threat(e, s) or strongest_threat(pass_turn(boards[2]))
                    if threat is None or not works(boards[3], threat):
                        self.fail("warning", e, text, "the mover's next move %s answers it" % pv[2])
            elif t == "pawn_offer":
                # The reply takes the moved pawn, the mover does not take back there, and the
                # line (first 8 plies, settled) ends one pawn down, never more after the reply
                # or after the mover's next moves.
                self.checked["pawn_offer"] += 1
                root = balance(board, mover)
                cut = early_settled(boards[:9], moves[:8])
                if not (len(moves) >= 3 and reply_takes_moved(board, boards, moves, mv)
                        and not (boards[2].is_capture(moves[2]) and moves[2].to_square == mv.to_square)):
                    self.fail("pawn_offer", e, text, "the reply does not take the pawn for good")
                elif any(x.to_square == mv.to_square and see(boards[2], x) >= 0
                         for x in boards[2].legal_moves if boards[2].is_capture(x)):
                    self.fail("pawn_offer", e, text, "the mover could take back on the square")
                elif any(balance(b, mover) < root - 1 for b in boards[2:3] + boards[3:9:2]):
                    self.fail("pawn_offer", e, text, "more than a pawn given")
                elif not cut or cut < 3 or balance(boards[cut], mover) != root - 1:
                    self.fail("pawn_offer", e, text, "the settled line is not a pawn down")
            elif t in ("threat_wins", "threat_wins_exchange", "threat_wins_part"):
                self.checked["threat_in_mate"] += 1
                if mate_line:
                    self.fail("threat_in_mate", e, text, "a threat of material inside a forced mate")
                # The reply takes the piece that makes the threat: an offer taken, no threat.
                self.checked["threat_taken_offer"] += 1
                if reply_takes_moved(board, boards, moves, mv):
                    self.fail("threat_taken_offer", e, text, "the reply %s takes the piece that threatens" % pv[1])
                taken = board.piece_type_at(mv.to_square) if board.is_capture(mv) else None
                if board.is_en_passant(mv):
                    taken = chess.PAWN
                threat = claimed_threat(e, s)
                if threat and not threat[1]:
                    # The threatened piece cannot take the attacker first without losing
                    # material (a queen facing a queen is a trade, not a threat).
                    self.checked["threat_taken_first"] += 1
                    after = board.copy()
                    after.push(mv)
                    first = chess.Move(threat[0].to_square, threat[0].from_square)
                    if after.is_legal(first) and see(after, first) >= 0:
                        self.fail("threat_taken_first", e, text,
                                  "the threatened piece takes the attacker first: %s" % after.san(first))
                self.checked["threat_below_capture"] += 1
                if taken and threat:
                    after = board.copy()
                    after.push(mv)
                    target = pass_turn(after).piece_type_at(threat[0].to_square)
                    if target and VALUES[target] <= VALUES[taken]:
                        self.fail("threat_below_capture", e, text,
                                  "the move takes a %s; the threat is on a %s"
                                  % (chess.piece_name(taken), chess.piece_name(target)))
            elif t in ("kingside_attack", "queenside_attack"):
                self.checked["wing"] += 1
                k = board.king(not mover)
                kf, tf = chess.square_file(k), chess.square_file(mv.to_square)
                ok = (kf >= 5 and tf >= 4) if t == "kingside_attack" else (kf <= 2 and tf <= 3)
                corner = chess.square(7 if t == "kingside_attack" else 0, 7 if mover == chess.WHITE else 0)
                if not ok:
                    self.fail("wing", e, text, "king on %s, move to %s" % (chess.square_name(k), chess.square_name(mv.to_square)))
                elif not takes_part(boards, moves, corner):
                    self.fail("wing", e, text, "the moved piece takes no part in the attack along the line")
            elif t == "bishop_pair":
                self.checked["bishop_pair"] += 1
                pair = lambda b, c: len({chess.square_file(x) + chess.square_rank(x) & 1 for x in b.pieces(chess.BISHOP, c)}) == 2
                alone = lambda b: pair(b, mover) and not pair(b, not mover)
                # After the move and through the line's next 4 plies (PAIR_KEPT_PLIES).
                if not alone(after) or not all(alone(b) for b in boards[2:6]):
                    self.fail("bishop_pair", e, text, "the mover does not keep the pair alone through the line's first plies")
            elif t in ENDGAMES:
                self.checked["endgame"] += 1
                if not endgame_is(after, ENDGAMES[t]):
                    self.fail("endgame", e, text, "material after the move: %s" % after.board_fen())
            elif t.startswith("threat_met") or t == "defends_piece":
                # A capture threat met, or a piece defended, that the line takes all the same
                # within the opponent's first DEFENCE_HOLDS_MOVES moves, unanswered.
                self.checked["defence_holds"] += 1
                gone = taken_anyway(boards, moves)
                for i in s.get("claims", []):
                    c = e["claims"][i] if i < len(e["claims"]) else {}
                    if c.get("kind") == "threat_met" and (c.get("mate") or c.get("how") in ("moves", "check")):
                        continue
                    if c.get("kind") in ("threat_met", "defends") and c.get("target") in gone:
                        self.fail("defence_holds", e, text,
                                  "the line takes on %s all the same, unanswered" % c["target"])
                        break
            elif t == "hangs":
                self.checked["hangs"] += 1
                sq = next((e["claims"][i].get("square") for i in s.get("claims", [])
                           if i < len(e["claims"]) and e["claims"][i].get("kind") == "hangs"), None)
                cap = board.piece_at(mv.to_square)
                moved = board.piece_at(mv.from_square)
                if (sq == chess.square_name(mv.to_square) and cap is not None
                        and VALUES[cap.piece_type] >= VALUES[moved.piece_type]):
                    self.fail("hangs", e, text, "the capturer of a piece worth as much: a trade")
                elif sq is not None and len(moves) > 1 and not (
                        boards[1].is_capture(moves[1]) and chess.square_name(moves[1].to_square) == sq):
                    self.fail("hangs", e, text, "the line's reply leaves the piece standing: taking it is not best")
                elif sq is not None and len(moves) > 2 and boards[2].is_capture(moves[2]) and \
                        VALUES[boards[2].piece_type_at(moves[2].to_square) or chess.PAWN] >= \
                        VALUES[boards[1].piece_type_at(moves[1].to_square) or chess.PAWN]:
                    self.fail("hangs", e, text, "the line takes back as much at once: the piece was guarded by a tactic")
                elif sq is not None and len(moves) > 1:
                    cut = early_settled(boards, moves)
                    if cut and cut >= 2 and balance(boards[cut], mover) >= balance(board, mover):
                        self.fail("hangs", e, text, "the settled line wins the material back")
            elif t in ("passed_pawn_created", "passed_pawn_advance"):
                # A passed pawn the line's reply takes at once is none to speak of.
                self.checked["passed_taken"] += 1
                sq = next((e["claims"][i].get("square") for i in s.get("claims", [])
                           if i < len(e["claims"]) and e["claims"][i].get("kind") == "passed_pawn"), None)
                if sq is not None and len(moves) > 1 and boards[1].is_capture(moves[1]) \
                        and chess.square_name(moves[1].to_square) == sq:
                    self.fail("passed_taken", e, text, "the line's reply %s takes the pawn at once" % pv[1])
            elif t == "exposed_king":
                self.checked["exposed_king"] += 1
                if not after.pieces(chess.QUEEN, mover):
                    self.fail("exposed_king", e, text, "no queen to attack the bare king with")
                elif board.piece_type_at(moves[0].from_square) == chess.KING:
                    self.fail("exposed_king", e, text, "a king move attacks no king")
            elif t in PRINCIPLES:
                self.checked["principle"] += 1
                if quality not in ("inaccuracy", "mistake", "blunder"):
                    self.fail("principle", e, text, "a principle broken by a move judged %s" % quality)
            elif t in ("idea_trades_down", "idea_removes_mate_guard"):
                # The ending traded into, or the mate threat of a guard removed, is one the score
                # believes: Stockfish gives the mover at least a quarter of a pawn after the move
                # (kibitzer's own floor is half a pawn).
                self.checked[t[5:]] += 1
                why = None
                if after.is_checkmate():
                    pass
                elif self.engine is not None:
                    sc = sf_score(self.engine, after, self.depth)[0]
                    if sc.is_mate():
                        why = None if -sc.mate() > 0 else "the mover gets mated"
                    elif -clamped(sc) < 25:
                        why = "Stockfish gives the mover %d cp after the trade" % -clamped(sc)
                elif not (isinstance(score, dict) and score.get("mate", 0) > 0) and not (
                        isinstance(score, dict) and score.get("cp", -1000) >= 50):
                    why = "the score after the move (%r) is not for the mover" % score
                if why:
                    self.fail(t[5:], e, text, why)
            elif t in ("idea_threat_line", "idea_threat_mating"):
                # A threat beyond one capture (point::threat_line): after the move and a pass,
                # Stockfish finds the claimed blow worth at least THREAT_SEEN more than the
                # position as it stands, the mover then clearly better (THREAT_STANDS); a
                # mating one, a mate (kibitzer's own margin is 120 cp by its short search).
                self.checked["threat_line"] += 1
                c = idea_claim(e, s, ("threat_line", "threat_mating"))
                why = None
                if c is None or not c.get("moves"):
                    why = "no threat_line claim under the sentence"
                elif mate_line and t == "idea_threat_line":
                    why = "a threat inside a forced mate"
                elif self.engine is not None and not after.is_check():
                    passed = pass_turn(after)
                    blow = chess.Move.from_uci(c["moves"][0])
                    if blow not in passed.legal_moves:
                        why = "the blow %s is not legal after a pass" % c["moves"][0]
                    else:
                        side = self.side_engine()
                        now = -clamped(sf_score(side, after, self.depth)[0])
                        hit = passed.copy()
                        hit.push(blow)
                        sc = sf_score(side, hit, self.depth)[0]
                        then = -clamped(sc)
                        if t == "idea_threat_mating":
                            if not (sc.is_mate() and sc.mate() < 0) and not hit.is_checkmate():
                                why = "Stockfish sees no mate after %s (%+d cp)" % (passed.san(blow), then)
                        elif then - now < THREAT_SEEN:
                            why = "Stockfish: %s gains %d cp (%+d -> %+d)" % (passed.san(blow), then - now, now, then)
                        elif then < THREAT_STANDS:
                            why = "Stockfish: after %s the mover stands %+d cp, not clearly better" % (passed.san(blow), then)
                        elif taken_first_defuses(side, after, blow, now, self.depth):
                            why = "Stockfish: %s takes the capturer first, within %d cp of the opponent's best" % (
                                after.san(chess.Move(blow.to_square, blow.from_square)), TAKEN_FIRST_SEEN)
                        elif c.get("n") == 1 and blow in board.legal_moves:
                            # A blow the moved man takes no part in: the move made it work, so
                            # played instead of the move it was worth clearly less.
                            instead = board.copy()
                            instead.push(blow)
                            was = -clamped(sf_score(side, instead, self.depth)[0])
                            if then - was < THREAT_SEEN:
                                why = "Stockfish: %s instead of the move was worth %+d cp, after it %+d" % (
                                    board.san(blow), was, then)
                if why:
                    self.fail("threat_line", e, text, why)
            elif t in ("idea_makes_room", "idea_makes_room_trade"):
                # A retreat square made (point::makes_room): the opponent's move r, played after
                # a pass, is worth at least ROOM_SEEN (TRADE_ROOM_SEEN against a trade) less to
                # them after the move, by Stockfish.
                self.checked["makes_room"] += 1
                trade = t == "idea_makes_room_trade"
                c = idea_claim(e, s, ("makes_room_trade",) if trade else ("makes_room",))
                why = None
                if c is None or not c.get("moves"):
                    why = "no makes_room claim under the sentence"
                elif self.engine is not None:
                    r = chess.Move.from_uci(c["moves"][0])
                    passed = pass_turn(board)
                    if passed is None or r not in passed.legal_moves or r not in after.legal_moves:
                        why = "%s is not legal after a pass and after the move" % c["moves"][0]
                    else:
                        side = self.side_engine()
                        hit, now = passed.copy(), after.copy()
                        hit.push(r)
                        now.push(r)
                        was = clamped(sf_score(side, hit, self.depth)[0])
                        is_ = clamped(sf_score(side, now, self.depth)[0])
                        if is_ - was < (TRADE_ROOM_SEEN if trade else ROOM_SEEN):
                            why = "Stockfish: after the move %s costs the mover %+d -> %+d cp" % (
                                passed.san(r), was, is_)
                if why:
                    self.fail("makes_room", e, text, why)
            elif t in ("idea_stops_plan", "idea_stops_plan_answer"):
                # Positional prophylaxis (point::stops_plan): by Stockfish the opponent's move r
                # after a pass is within PLAN_WANTED of their best ("the move the opponent
                # wanted"), after the move PLAN_SEEN or more below their best reply ("no longer
                # good"), and the answer said, if any, within PLAN_WANTED of the mover's best
                # answer to r.
                kind = t[len("idea_"):]
                self.checked["stops_plan"] += 1
                c = idea_claim(e, s, ("stops_plan", "stops_plan_answer"))
                why = None
                said = (c or {}).get("moves") or []
                if not said or len(said) != (2 if kind == "stops_plan_answer" else 1):
                    why = "no %s claim under the sentence" % kind
                elif self.engine is not None:
                    why = self.stops_plan_why(board, after, [chess.Move.from_uci(m) for m in said])
                if why:
                    self.fail("stops_plan", e, text, why)
            elif t in ("idea_refutes", "idea_sidesteps"):
                # Prophylaxis by a tactic (point::refutes) or a piece stepping out of a move's
                # way (point::sidesteps): by Stockfish the opponent's move r, played after a
                # pass, is within REFUTE_WANTED of their best there (a move they want); a move
                # refuted costs them at least REFUTE_SEEN after the move against their best
                # reply.
                kind = t[len("idea_"):]
                self.checked[kind] += 1
                c = idea_claim(e, s, (kind,))
                why = None
                if c is None or not c.get("moves"):
                    why = "no %s claim under the sentence" % kind
                elif self.engine is not None:
                    r = chess.Move.from_uci(c["moves"][0])
                    why = self.wanted_after_pass(board, r)
                    if why is None and kind == "refutes":
                        if r not in after.legal_moves:
                            why = "%s is not legal after the move" % c["moves"][0]
                        else:
                            side = self.side_engine()
                            now = after.copy()
                            now.push(r)
                            # Scores for the opponent (to move after the move); their move's,
                            # seen from the position after it, negated.
                            best_now = clamped(sf_score(side, after, self.depth)[0])
                            r_now = -clamped(sf_score(side, now, self.depth)[0])
                            if best_now - r_now < REFUTE_SEEN:
                                why = "Stockfish: after the move %s is %+d cp, their best %+d" % (
                                    after.san(r), r_now, best_now)
                if why:
                    self.fail(kind, e, text, why)
            elif t in ("idea_readies", "idea_readies_hit"):
                # What the move gets ready (point::readies): by Stockfish the readied move r,
                # after the move and a pass, is within READIES_WANTED of the mover's best there,
                # and the two together gain at least READIES_SEEN more than each alone: r
                # played instead of the move, and the move against passing (or r was not
                # legal before).
                self.checked["readies"] += 1
                c = idea_claim(e, s, ("readies", "readies_hit"))
                why = None
                if c is None or len(c.get("moves") or []) != 2:
                    why = "no readies claim under the sentence"
                elif self.engine is not None:
                    r = chess.Move.from_uci(c["moves"][1])
                    again = pass_turn(after)
                    idle = pass_turn(board)
                    if again is None or r not in again.legal_moves:
                        why = "%s is not legal after the move and a pass" % c["moves"][1]
                    elif idle is None:
                        why = "the mover cannot pass before the move"
                    else:
                        side = self.side_engine()
                        readied = again.copy()
                        readied.push(r)
                        # Scores for the mover.
                        best_now = clamped(sf_score(side, again, self.depth, fresh=True)[0])
                        r_now = -clamped(sf_score(side, readied, self.depth, fresh=True)[0])
                        passing = -clamped(sf_score(side, idle, self.depth, fresh=True)[0])
                        if r not in board.legal_moves:
                            r_before = None
                        else:
                            early = board.copy()
                            early.push(r)
                            r_before = -clamped(sf_score(side, early, self.depth, fresh=True)[0])
                        if best_now - r_now > READIES_WANTED:
                            why = "Stockfish: after the move and a pass %s is %+d cp, the best %+d" % (
                                again.san(r), r_now, best_now)
                        elif r_before is not None:
                            made = -clamped(sf_score(side, after, self.depth, fresh=True)[0])
                            both = (r_now - r_before) - (made - passing)
                            if both < READIES_SEEN:
                                why = "Stockfish: together %+d cp beyond each alone (%s before %+d, after %+d; the move %+d, passing %+d)" % (
                                    both, board.san(r), r_before, r_now, made, passing)
                if why:
                    self.fail("readies", e, text, why)
            elif t in ("idea_stops_line", "idea_removes_line", "idea_stops", "idea_stops_hit",
                       "idea_shuts_discovery", "idea_takes_first", "idea_takes_first_hit"):
                # A move or a tactic stopped (point::stops, point::stops_line, removes_line): by
                # Stockfish, after a pass the move stopped (the line's first move) is within
                # STOPS_WANTED (STOPS_LINE_WANTED) of the opponent's best: a move they wanted,
                # not a try (16.Nf3 "stops Qh4" where Qh4 after a pass scores nothing, session
                # 45 read); for a tactic, after the move the opponent's best also scores at
                # least STOPS_LINE_SEEN less than with it after the pass (for them).
                kind = t[len("idea_"):]
                tactic = kind in ("stops_line", "removes_line")
                self.checked[kind] += 1
                c = idea_claim(e, s, (kind,))
                why = None
                if c is None or not c.get("moves"):
                    why = "no %s claim under the sentence" % kind
                elif self.engine is not None:
                    passed = pass_turn(board)
                    r = chess.Move.from_uci(c["moves"][0])
                    if passed is None or r not in passed.legal_moves:
                        why = "%s is not legal after a pass" % c["moves"][0]
                    else:
                        side = self.side_engine()
                        best_then = clamped(sf_score(side, passed, self.depth, fresh=True)[0])
                        hit = passed.copy()
                        hit.push(r)
                        r_then = -clamped(sf_score(side, hit, self.depth, fresh=True)[0])
                        if best_then - r_then > (STOPS_LINE_WANTED if tactic else STOPS_WANTED):
                            why = "Stockfish: after a pass %s is %+d cp for the opponent, their best %+d" % (
                                passed.san(r), r_then, best_then)
                        elif tactic:
                            now = clamped(sf_score(side, after, self.depth, fresh=True)[0])
                            if r_then - now < STOPS_LINE_SEEN:
                                why = "Stockfish: the opponent stands %+d cp after the move, %+d with %s after a pass" % (
                                    now, r_then, passed.san(r))
                if why:
                    self.fail(kind, e, text, why)
            elif t == "idea_stops_mate":
                # A mating attack stopped (point::stops_mate): by Stockfish the opponent mates
                # after a pass, and does not after the move.
                self.checked["stops_mate"] += 1
                passed = pass_turn(board)
                why = None
                if passed is None:
                    why = "the mover cannot pass"
                elif self.engine is not None:
                    side = self.side_engine()
                    threat = sf_score(side, passed, self.depth)[0]
                    now = sf_score(side, after, self.depth)[0]
                    if not (threat.is_mate() and threat.mate() > 0):
                        why = "Stockfish: no mate after a pass (%s)" % threat
                    elif now.is_mate() and now.mate() > 0:
                        why = "Stockfish: the opponent still mates after the move (%s)" % now
                if why:
                    self.fail("stops_mate", e, text, why)
            elif t in ("idea_removes_guard", "idea_removes_defender"):
                # The guard removed is the move's point only when the piece it guarded is won:
                # the settled line ends with the mover's material above its start.
                self.checked["line_gains"] += 1
                boards_g, moves_g = list(boards), list(moves)
                if len(moves_g) < 3 and self.engine is not None:
                    # A line cut short after the move: carried on by Stockfish's best moves (as
                    # kibitzer carries it by a short search of its own).
                    while len(moves_g) < 3 and not boards_g[-1].is_game_over():
                        best = self.engine.play(boards_g[-1], chess.engine.Limit(depth=self.depth)).move
                        moves_g.append(best)
                        nb = boards_g[-1].copy()
                        nb.push(best)
                        boards_g.append(nb)
                n = 3
                if len(moves_g) > 3 and boards_g[3].is_capture(moves_g[3]) \
                        and moves_g[3].to_square == moves_g[2].to_square:
                    n = 4
                if len(moves_g) < 3 or balance(boards_g[n], mover) <= balance(board, mover):
                    self.fail("line_gains", e, text, "the move, the reply, the capture (and its "
                              "recapture) win nothing")
            elif t in ("wins_material", "wins_back", "wins_back_later", "captures_check", "captures_wins"):
                # Taken back at once it is a trade, unless it took more than the capturer is worth
                # (a rook with a bishop: the exchange won).
                taken = board.piece_type_at(moves[0].to_square) if moves else None
                up = taken is not None and VALUES[taken] > VALUES[board.piece_type_at(moves[0].from_square)]
                if t.startswith("captures_") and len(moves) > 1 and boards[1].is_capture(moves[1]) \
                        and moves[1].to_square == moves[0].to_square and not up:
                    self.fail("gain_believed", e, text, "the capturer is taken back at once: a trade")
                self.checked["gain_believed"] += 1
                why = self.gain_believed(board, mover, boards, moves, after)
                if why:
                    self.fail("gain_believed", e, text, why)
                self.checked["won_back"] += 1
                start = balance(board, mover)
                gain = settled_gain(board, mover, boards, moves)
                # On the whole settled line, or on the window whose gain the sentence says (the
                # line's first plies, longer while the mover checks or captures).
                w = gain_window(boards, moves)
                early = balance(boards[last_quiet(boards[:w + 1], moves[:w])], mover) - start
                back = start < 0 and (0 < gain <= -start or 0 < early <= -start)
                if back != (t in ("wins_back", "wins_back_later")):
                    self.fail("won_back", e, text, "balance %+d before, %+d won: %s" % (
                        start, gain, "won back" if back else "not won back"))
                elif back and (t == "wins_back") != board.is_capture(moves[0]):
                    self.fail("won_back", e, text, "the move itself %s" % (
                        "captures" if board.is_capture(moves[0]) else "captures nothing"))
            elif t == "pawn_centre":
                # A pawn centre is not built by doubling the pawns on a central file.
                self.checked["centre_doubled"] += 1
                f = chess.square_file(mv.to_square)
                if sum(1 for x in after.pieces(chess.PAWN, mover) if chess.square_file(x) == f) > 1:
                    self.fail("centre_doubled", e, text, "the pawn is doubled on the %s-file" % chess.FILE_NAMES[f])
            elif t == "controls_centre":
                # A pawn that takes a piece (not a pawn) is said as the piece taken.
                self.checked["centre_capture"] += 1
                taken = board.piece_type_at(mv.to_square)
                if taken not in (None, chess.PAWN):
                    self.fail("centre_capture", e, text, "the move takes a %s" % chess.piece_name(taken))
            elif t == "idea_gives_piece":
                # "A sacrifice": said of a sound move only (book, best, excellent, good).
                self.checked["sacrifice_sound"] += 1
                if quality not in (None, "book", "best", "excellent", "good"):
                    self.fail("sacrifice_sound", e, text, "called a sacrifice but judged %s" % quality)
                # Given for good: the line's first 9 plies, cut after their last quiet move,
                # leave the mover's material lower than before the move.
                cut = early_settled(boards, moves)
                if cut and balance(boards[cut], mover) >= balance(board, mover):
                    self.fail("sacrifice_sound", e, text, "the settled line wins the material back")
            elif t == "idea_lost_back":
                # Material taken only for a moment: no forced mate in the score, and the line,
                # cut within its first 9 plies after its last quiet move, leaves the mover worse
                # off than before the move.
                self.checked["lost_back"] += 1
                cut = early_settled(boards, moves)
                if mate_line:
                    self.fail("lost_back", e, text, "the score is a forced mate")
                elif not cut or cut < 2 or balance(boards[cut], mover) >= balance(board, mover):
                    self.fail("lost_back", e, text, "the settled line keeps a gain")
            elif t in ("material_gain", "material_loss"):
                self.checked["line_shown"] += 1
                if e.get("level") != "advanced":
                    self.fail("line_shown", e, text, "the line is not shown at level %s" % e.get("level"))
            if t in ("threat_wins", "threat_wins_exchange", "threat_wins_part", "threat_met_with_threat",
                     "idea_escapes_with_threat"):
                # A threat to win material that the line carries out only after the reply has
                # taken one of the mover's men is a trade, not a win (9.Qa4 ...Kxf7 Qxa5).
                threat = claimed_threat(e, s)
                if threat and not threat[1]:
                    self.checked["threat_traded"] += 1
                    if (len(moves) >= 3 and boards[1].is_capture(moves[1])
                            and (moves[2].from_square, moves[2].to_square)
                            == (threat[0].from_square, threat[0].to_square)):
                        self.fail("threat_traded", e, text, "the reply %s takes first; %s only takes back"
                                  % (pv[1], pv[2]))
            if t in MOVED_PIECE_ACTIVITY:
                self.checked["moved_taken"] += 1
                if reply_takes_moved(board, boards, moves, mv):
                    self.fail("moved_taken", e, text, "the reply %s takes the moved piece" % pv[1])
                # Nor, for its tactics, the opponent's second move, the piece having stayed
                # (18.Qxd4 ...Ne2+ Kh1 ...Nxd4).
                elif t in MOVED_PIECE_TACTICS and not board.is_castling(mv) and len(moves) >= 4 \
                        and moves[2].from_square != mv.to_square \
                        and boards[3].is_capture(moves[3]) and moves[3].to_square == mv.to_square:
                    self.fail("moved_taken", e, text, "%s takes the moved piece" % pv[3])
            if t in ("q_good", "q_playable", "q_excellent") or t.startswith("q_decided_"):
                # Good or excellent on the winning-chance scale in a decided game, yet two pawns
                # or more below the best: the words say the cost (q_decided_*), never "good".
                self.checked["decided"] += 1
                side = decided_drop(e)
                if t.startswith("q_decided_") and side != t[len("q_decided_"):]:
                    self.fail("decided", e, text, "no decided drop (%s)" % side)
                elif not t.startswith("q_decided_") and side:
                    self.fail("decided", e, text, "a decided drop (%s) called %s" % (side, quality))
            if t in VERDICTS:
                self.checked["verdict"] += 1
                if VERDICTS[t] != quality:
                    self.fail("verdict", e, text, "the judgement is %s" % quality)
                elif quality in ("best", "excellent", "good") and (e.get("quality") or {}).get("mate") == "allowed_mate":
                    self.fail("verdict", e, text, "called %s but it allows a mate" % quality)
                elif t in ("q_good", "q_playable") and \
                        ((e.get("quality") or {}).get("drop", 0) < PRECISE_DROP) != (t == "q_good"):
                    # "Good" is close to the best (quality::PRECISE_DROP), "playable" is not.
                    self.fail("verdict", e, text, "a drop of %.3f called %s" % (e["quality"]["drop"], t))
        if sentences:
            self.checked["reason"] += 1
            # A verdict that names the mate it allows or misses ("h6 allows a forced mate,
            # starting with Qh7+") gives the error's reason, as q_*_why does, and so does the
            # better move said with its reason ("Better was g4, which storms the king on g8"):
            # the error's reply read out from the line after it added nothing (session 43).
            if all(s["category"] == "move_quality" and s["template"] not in MATE_VERDICTS
                   and s["template"] != "q_better_was" for s in sentences):
                self.fail("reason", e, " ".join(s["text"] for s in sentences), "a verdict without a reason")
            # A figure, not a violation: a quiet move whose only words beside the verdict are
            # the line's plan, the opening's name or the line itself (no reason of its own).
            own = [s for s in sentences if s["category"] != "move_quality"
                   and s["template"] not in LINE_ONLY]
            if not own and (e.get("quality") or {}).get("quality") not in ERRORS + ("book",):
                self.plan_only.append("%s %s: %s" % (e.get("ply", "?"), e.get("san", "?"),
                                                     " ".join(s["text"] for s in sentences)))
        self.checked["score_text"] += 1
        why = score_text_problem(e, mover)
        if why:
            self.fail("score_text", e, e.get("text", ""), why)

    def sacrifice(self, board, mover, boards, moves, after):
        if board.legal_moves.count() < 2:
            return "the only legal move"
        start = balance(board, mover)
        if boards[-1].is_checkmate():
            if not any(balance(b, mover) < start for b in boards[2::2]):
                return "no material given on the way to mate"
        else:
            keep = last_quiet(boards, moves)
            if keep == 0 or balance(boards[keep], mover) >= start:
                return "no material given along the line (a trade or a gain)"
            # Given at once: below the start after one of the mover's first four moves.
            if early_drop(boards, mover) <= 0:
                return "the material goes only deep in the line (lost, not given)"
        if self.engine is not None:
            sc = sf_score(self.engine, after, self.depth)[0]
            mine = -clamped(sc)
            if mine < -200:
                return "Stockfish gives the mover %d cp: material lost, not given" % mine
        return None

    def stops_plan_why(self, board, after, moves):
        """Why idea_stops_plan's sentence is false by Stockfish (see its check), or None."""
        r = moves[0]
        passed = pass_turn(board)
        if passed is None or r not in passed.legal_moves or r not in after.legal_moves:
            return "%s is not legal after a pass and after the move" % r.uci()
        side = self.side_engine()

        def after_move(pos, m):
            nxt = pos.copy()
            nxt.push(m)
            return -clamped(sf_score(side, nxt, self.depth)[0])
        best_passed = clamped(sf_score(side, passed, self.depth)[0])
        r_passed = after_move(passed, r)
        if best_passed - r_passed > PLAN_WANTED:
            return "Stockfish: after a pass %s is %+d cp, their best %+d" % (
                passed.san(r), r_passed, best_passed)
        best_now = clamped(sf_score(side, after, self.depth)[0])
        r_now = after_move(after, r)
        if best_now - r_now < PLAN_SEEN:
            return "Stockfish: after the move %s is %+d cp, their best %+d" % (
                after.san(r), r_now, best_now)
        if len(moves) > 1:
            hit = after.copy()
            hit.push(r)
            if moves[1] not in hit.legal_moves:
                return "the answer %s is not legal" % moves[1].uci()
            best_answer = clamped(sf_score(side, hit, self.depth)[0])
            answer = after_move(hit, moves[1])
            if best_answer - answer > PLAN_WANTED:
                return "Stockfish: the answer %s is %+d cp, the best %+d" % (
                    hit.san(moves[1]), answer, best_answer)
        return None

    def wanted_after_pass(self, board, r):
        """Why the opponent's move r after a pass (the mover passing in `board`) is not one they
        want: illegal there, or more than REFUTE_WANTED below their best by Stockfish; None
        when it is."""
        passed = pass_turn(board)
        if passed is None or r not in passed.legal_moves:
            return "%s is not legal after a pass" % r.uci()
        side = self.side_engine()
        hit = passed.copy()
        hit.push(r)
        # Scores for the opponent (to move after the pass); their move's, negated.
        best_passed = clamped(sf_score(side, passed, self.depth)[0])
        r_passed = -clamped(sf_score(side, hit, self.depth)[0])
        if best_passed - r_passed > REFUTE_WANTED:
            return "Stockfish: after a pass %s is %+d cp, their best %+d" % (
                passed.san(r), r_passed, best_passed)
        return None

    def gain_believed(self, board, mover, boards, moves, after):
        start = balance(board, mover)
        gain = settled_gain(board, mover, boards, moves)
        if gain <= 0 and not boards[-1].is_checkmate():
            return "the settled line gains nothing"
        if after.is_checkmate():
            return None
        if self.engine is not None:
            sc = sf_score(self.engine, after, self.depth)[0]
            if sc.is_mate():
                return None if -sc.mate() > 0 else "the mover gets mated"
            mine = -clamped(sc)
            if mine < min(100 * start + 25 * gain, max(GAIN_WON_CP, 100 * start // 2)):
                return "Stockfish gives the mover %d cp with %+d before: the gain of %d is not believed" % (mine, 100 * start, gain)
        return None

    def only_move(self, board):
        if self.engine is None or board.legal_moves.count() < 2:
            return None
        scores = [clamped(s) for s in sf_score(self.engine, board, self.depth, multipv=2)]
        if len(scores) >= 2 and scores[0] - scores[1] < 50:
            return "Stockfish: best %d, second %d" % (scores[0], scores[1])
        if scores[0] < -200:
            return "Stockfish: best %d, lost anyway: nothing holds" % scores[0]
        return None


def early_settled(boards, moves):
    """[last_quiet] of the line's first 9 plies (the move counted; GAIN_WITHIN_PLIES)."""
    early = moves[:9]
    return last_quiet(boards[:len(early) + 1], early)


def gain_window(boards, moves):
    """How many plies of the line (the move first) are read for the material it wins
    (gain_window): the first 9, or up to 15 while every move of the mover checks or captures."""
    forcing = 0
    for i, m in enumerate(moves[:15]):
        if i + 1 >= len(boards):
            break
        if i % 2 == 0 and not boards[i].is_capture(m) and not boards[i + 1].is_check():
            break
        forcing = i + 1
    return min(max(forcing, 9), len(moves))


def last_quiet(boards, moves):
    """The index in `boards` of the position after the line's last quiet move (0 when every
    move captures): where the settled line ends."""
    for i in range(len(moves), 0, -1):
        if not boards[i - 1].is_capture(moves[i - 1]):
            return i
    return 0


def ends_ahead(mover, boards, moves):
    """Whether the line ends without mate and the mover's material is level or ahead at the end
    of the settled line (cut after its last quiet move)."""
    return not boards[-1].is_checkmate() and balance(boards[last_quiet(boards, moves)], mover) >= 0


def ends_level(mover, boards, moves):
    """Whether the settled line (cut after its last quiet move) ends with material level."""
    return balance(boards[last_quiet(boards, moves)], mover) == 0


def settled_gain(board, mover, boards, moves):
    """The mover's material gain at the end of the settled line (cut after its last quiet
    move; a mating line whole)."""
    keep = len(boards) - 1 if boards[-1].is_checkmate() else last_quiet(boards, moves)
    return balance(boards[keep], mover) - balance(board, mover)


DEFENCE_HOLDS_MOVES = 3


def taken_anyway(boards, moves):
    """Squares (names) the opponent takes on with one of its first DEFENCE_HOLDS_MOVES moves of
    the line (moves[0] is the move explained), the mover not taking back there at once, the line
    going on; none after the mover moved the moved piece on again (it defended while it stood
    there: 20.Bc3 b4 Bb2 Rxd2)."""
    out = set()
    at = moves[0].to_square
    if boards[0].is_castling(moves[0]):
        at = chess.square(6 if boards[0].is_kingside_castling(moves[0]) else 2, chess.square_rank(moves[0].from_square))
    for i in range(1, min(len(moves), 2 * DEFENCE_HOLDS_MOVES + 1)):
        m = moves[i]
        if i % 2 == 0:
            if at is not None and m.from_square == at:
                break
            continue
        if at == m.to_square:
            at = None
        if not boards[i].is_capture(m) or i + 1 >= len(moves):
            continue
        back = moves[i + 1]
        if not (boards[i + 1].is_capture(back) and back.to_square == m.to_square):
            out.add(chess.square_name(m.to_square))
    return out


def claimed_threat(e, s):
    """The threat the sentence names: its threat_mate / threat_wins claim's move."""
    for i in s.get("claims", []):
        c = e["claims"][i] if i < len(e["claims"]) else {}
        if c.get("kind") in ("threat_mate", "threat_wins") and c.get("uci"):
            return chess.Move.from_uci(c["uci"]), c["kind"] == "threat_mate"
    return None


def pass_turn(board):
    b = board.copy()
    b.push(chess.Move.null())
    return b


def endgame_is(board, roles):
    if not board.pieces(chess.PAWN, chess.WHITE) and not board.pieces(chess.PAWN, chess.BLACK):
        return False
    for r in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
        n = len(board.pieces(r, chess.WHITE)) + len(board.pieces(r, chess.BLACK))
        if r not in roles and n:
            return False
    if len(roles) == 1:
        r = roles[0]
        return bool(board.pieces(r, chess.WHITE)) and bool(board.pieces(r, chess.BLACK))
    # Queens and rooks: at most two rooks in all (QUEEN_ROOK_ENDGAME_ROOKS); more is a middlegame.
    if chess.ROOK in roles and len(board.pieces(chess.ROOK, chess.WHITE)) + len(board.pieces(chess.ROOK, chess.BLACK)) > 2:
        return False
    return all(len(board.pieces(r, chess.WHITE)) + len(board.pieces(r, chess.BLACK)) > 0 for r in roles)


def score_text_problem(e, mover):
    text = e.get("text", "")
    bad = BAD_SCORE.search(text)
    if bad:
        return "the score text says %r" % bad.group(0)
    sa = e.get("score_after")
    m = re.search(r"\[([+-]?\d+\.\d\d)", text)
    if sa and m:
        cp = sa["mover"].get("cp")
        if cp is not None:
            white = cp if mover == chess.WHITE else -cp
            if abs(float(m.group(1)) * 100 - white) > 0.6:
                return "the printed %s is not White's %+d cp" % (m.group(1), white)
    return None


def load(path):
    with open(path, encoding="utf-8") as f:
        text = f.read().strip()
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        doc = [json.loads(l) for l in text.splitlines() if l.strip()]
    if isinstance(doc, dict):
        doc = doc.get("plies", [doc])
    out = []
    for x in doc:
        if isinstance(x, dict) and "explanation" in x:
            out.append(x["explanation"])
        elif isinstance(x, dict):
            out.append(x)
    return out


def main():
    args = sys.argv[1:]
    depth, sf_path, use_sf = 12, shutil.which("stockfish") or "/usr/games/stockfish", True
    files = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--depth":
            depth = int(args[i + 1]); i += 1
        elif a == "--stockfish":
            sf_path = args[i + 1]; i += 1
        elif a == "--no-stockfish":
            use_sf = False
        else:
            files.append(a)
        i += 1
    engine = None
    if use_sf and sf_path and (shutil.which(sf_path) or os.path.exists(sf_path)):
        engine = chess.engine.SimpleEngine.popen_uci(sf_path)
    spawn = (lambda: chess.engine.SimpleEngine.popen_uci(sf_path)) if engine is not None else None
    ref = Referee(engine, depth, spawn)
    try:
        for path in files:
            for e in load(path):
                ref.check(e)
    finally:
        ref.close()
        if engine is not None:
            engine.quit()
    print("explanations %d, stockfish %s" % (ref.explanations, "depth %d" % depth if engine else "not used"))
    print("%-16s %8s %10s" % ("kind", "checked", "violations"))
    for k in sorted(ref.checked):
        print("%-16s %8d %10d" % (k, ref.checked[k], ref.violations[k]))
    total = sum(ref.violations.values())
    print("sentences checked %d, %d violations" % (sum(ref.checked.values()), total))
    for p in ref.problems[:200]:
        print("  " + p)
    # Issue 33's "no reason" figure (not a violation): moves judged good or better whose words
    # are only the verdict, the opening's name and the line.
    print("plan only (no reason of its own, errors and book moves aside): %d of %d explanations"
          % (len(ref.plan_only), ref.explanations))
    if os.environ.get("PLAN_ONLY_LIST"):
        for p in ref.plan_only:
            print("  plan only: " + p)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
