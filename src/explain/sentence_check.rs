//! The sentence checks (issue #33, item 2): the meaning of a sentence kind, checked on the board
//! and the search's numbers before the sentence is printed. A claim says a fact is true; the
//! check says the sentence built on it is what it claims to be: a "sacrifice" gives material
//! for a result that justifies it, an "only move" is clearly better than the second best at the
//! same search, a warning survives the natural reply, a wing is where the squares are, an
//! endgame name fits the material, a sentence about "the line shown" has its line shown.
//!
//! Every condition lives here: [`Gate::of`] computes them once per explanation, and
//! [`crate::explain::templates::Templates::render`] (and the "Better was X, which …" reason)
//! asks [`Gate::allows`] before saying a template. `scripts/check_sentences.py` checks the
//! same conditions independently with python-chess and Stockfish.

use shakmaty::{Bitboard, Chess, Color, File, Move, Position, Role, Square};

use crate::config::ExplainLevel;
use crate::explain::board;
use crate::explain::claims::{Claim, Fact};
use crate::explain::metrics::SearchFacts;
use crate::explain::purpose;
use crate::explain::quality::Score;

/// How much (centipawns, mover's view) a sacrifice's line may end below equality and still be
/// called a sacrifice: below that the material was lost, not given.
pub const SACRIFICE_FLOOR_CP: i32 = 0;

/// Within how many of the mover's own moves (the move itself counted) a sacrifice gives its
/// material: a line that drops material twenty plies deep (19...Ke6, where the engine's line
/// loses a rook after a long queen chase) is a line that ends worse, not a sacrifice.
pub const SACRIFICE_WITHIN_MOVES: usize = 4;

/// Within how many plies of its line (the move itself counted: the mover's first five moves)
/// a move "wins material": a pawn that falls thirteen plies deep after a quiet plan (9.Nxc6
/// Qxc6 a4 b4 Nd5 ... Qxb3) is where the line goes, not what the move wins by force.
pub const GAIN_WITHIN_PLIES: usize = 9;

/// How far a forcing line is read for the material it wins: while every move of the mover
/// checks or captures, the line is one combination however long (31.Rxe6+ fxe6 Qxe6+ Kd8 Qf6+
/// Kc8 axb4 Qxb5 Bxb5 Bxb5 Qh8+ Kc7 Qxa8 wins the rook thirteen plies deep; the first nine
/// left it "takes the pawn" and "gives check", session 38).
pub const FORCING_GAIN_PLIES: usize = 15;

/// How many plies of `line` (the move first, from `before`) are read for the material it
/// wins: the first [`GAIN_WITHIN_PLIES`], or up to [`FORCING_GAIN_PLIES`] while every move of
/// the mover checks or captures.
#[must_use]
pub fn gain_window(before: &Chess, line: &[Move]) -> usize {
    let mut pos = before.clone();
    let mut forcing = 0;
    for (i, &m) in line.iter().take(FORCING_GAIN_PLIES).enumerate() {
        let Some(next) = board::play(&pos, m) else {
            break;
        };
        if i % 2 == 0 && !m.is_capture() && !next.is_check() {
            break;
        }
        pos = next;
        forcing = i + 1;
    }
    forcing.max(GAIN_WITHIN_PLIES).min(line.len())
}

/// The longest mate (the mated side's moves) said as "no move saves" it: a longer one is a
/// deep search's finding that a shallower check does not see (34...Ka7 at mate in 12 by the
/// judge, no mate for Stockfish at depth 10; session 38's referee).
pub const MATED_ANYWAY_MOVES: i32 = 5;

/// The least material (pawns) a combination gives before winning more back: a piece, not a
/// pawn taken back later (that is a trade of pawns).
pub const COMBINATION_GIVES: i32 = 2;

/// The margin (centipawns, clamped to ±1000) by which the best move must beat the second best
/// in the same search to be called the only move.
pub const ONLY_MOVE_MARGIN_CP: i32 = 200;

/// The least score (centipawns, mover's view) of an only move: a move that leaves the mover
/// lost does not "hold".
pub const ONLY_MOVE_FLOOR_CP: i32 = -100;

/// The share (percent) of a line's material gain the score after the move must show, over the
/// material balance before it, for "wins material" to be said: a pawn the line wins that the
/// score does not believe (13...Rd8 "wins material: +1 pawn" at 0.0) comes back, or is paid
/// for, beyond the line.
pub const GAIN_BELIEVED_PERCENT: i32 = 50;

/// The least score (centipawns, mover's view) after a trade into an ending the mover is
/// ahead in (`idea_trades_down`): half a pawn, so an extra pawn the score does not believe (a
/// drawn ending) is no ending to head for.
pub const TRADES_DOWN_FLOOR_CP: i32 = 50;

/// Which material an endgame template names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endgame {
    /// Kings and pawns only.
    Pawn,
    /// Rooks and pawns, a rook each side.
    Rook,
    /// Bishops and pawns, a bishop each side.
    Bishop,
    /// Knights and pawns, a knight each side.
    Knight,
    /// Queens and pawns, a queen each side.
    Queen,
    /// Queens and rooks (and pawns) only, both kinds on the board.
    QueenRook,
}

impl Endgame {
    /// The template that names this endgame.
    #[must_use]
    pub fn template(self) -> &'static str {
        match self {
            Endgame::Pawn => "pawn_endgame",
            Endgame::Rook => "rook_endgame",
            Endgame::Bishop => "bishop_endgame",
            Endgame::Knight => "knight_endgame",
            Endgame::Queen => "queen_endgame",
            Endgame::QueenRook => "queen_rook_endgame",
        }
    }

    /// The endgame the material of `pos` is, if any. Queens with four rooks is a middlegame of
    /// heavy pieces, no "queen-and-rook endgame" (20.e6 in Carlsen - Sulskis, session 40 read):
    /// at most [`QUEEN_ROOK_ENDGAME_ROOKS`] rooks in all.
    ///
    /// ```
    /// use kibitzer::explain::sentence_check::Endgame;
    /// use shakmaty::{CastlingMode, Chess, fen::Fen};
    /// let pos = |f: &str| f.parse::<Fen>().unwrap().into_position::<Chess>(CastlingMode::Standard).unwrap();
    /// assert_eq!(Endgame::of(&pos("8/5k2/8/8/8/8/8/R3K3 w - - 0 1")), None); // K+R vs K
    /// assert_eq!(Endgame::of(&pos("r7/5k2/5p2/8/8/8/5P2/R3K3 w - - 0 1")), Some(Endgame::Rook));
    /// ```
    #[must_use]
    pub fn of(pos: &Chess) -> Option<Endgame> {
        let b = pos.board();
        if b.pawns().is_empty() {
            return None; // "… and pawns": no pawn, no such endgame
        }
        let count = |r: Role| b.by_role(r).count();
        let each = |r: Role| {
            Color::ALL
                .iter()
                .all(|c| !(b.by_role(r) & b.by_color(*c)).is_empty())
        };
        let only = |roles: &[Role]| {
            [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
                .iter()
                .all(|r| roles.contains(r) || count(*r) == 0)
        };
        if only(&[]) {
            Some(Endgame::Pawn)
        } else if only(&[Role::Rook]) && each(Role::Rook) {
            Some(Endgame::Rook)
        } else if only(&[Role::Bishop]) && each(Role::Bishop) {
            Some(Endgame::Bishop)
        } else if only(&[Role::Knight]) && each(Role::Knight) {
            Some(Endgame::Knight)
        } else if only(&[Role::Queen]) && each(Role::Queen) {
            Some(Endgame::Queen)
        } else if only(&[Role::Queen, Role::Rook])
            && count(Role::Queen) > 0
            && count(Role::Rook) > 0
            && count(Role::Rook) <= QUEEN_ROOK_ENDGAME_ROOKS
        {
            Some(Endgame::QueenRook)
        } else {
            None
        }
    }
}

/// The conditions of one explanation's sentences, computed once from the position, the move,
/// its line and the search's numbers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Gate {
    /// The mover's material drops along the line (a plain trade or a won pawn is no
    /// sacrifice), the line's score justifies it (at least [`SACRIFICE_FLOOR_CP`] or a mate for
    /// the mover), and the move was not the only legal one.
    pub sacrifice: bool,
    /// Material given as [`Gate::sacrifice`] says, by a mover that was ahead and stays ahead at
    /// the end of the settled line, without a mate: part of its extra material given back
    /// (20.Nxa4 Rxc2 returns the exchange), not "material given up for the attack".
    pub gives_back: bool,
    /// The same, ending level: all of the extra material given back (9.Be2 Nxe4 Nxe4 Rxe4,
    /// a pawn up before; it was "gives back part of its extra material", session 31).
    pub gives_back_all: bool,
    /// A combination: the mover gives at least [`COMBINATION_GIVES`] pawns of material within
    /// its first [`SACRIFICE_WITHIN_MOVES`] moves and the settled line wins more back, believed
    /// by the score (19.exf6, leaving the queen on g7: after Rxg7 fxg7 the pawn wins it back
    /// with interest); the move was not the only legal one.
    pub combination: bool,
    /// The best move beats the second best by [`ONLY_MOVE_MARGIN_CP`] in one search's exact
    /// root scores, and is not lost (at least [`ONLY_MOVE_FLOOR_CP`]).
    pub only_move: bool,
    /// The threat the opponent's reply brings still works after the mover's next move in the
    /// line (the natural recapture or reply does not refute it).
    pub watch_survives: bool,
    /// The line is a forced mate for either side: no threat of material is worth saying.
    pub forced_mate: bool,
    /// The move goes to the kingside (files e–h) and the enemy king stands there (f–h); the
    /// mover is not a king.
    pub kingside: bool,
    /// The move goes to the queenside (files a–d) and the enemy king stands there (a–c).
    pub queenside: bool,
    /// The endgame the material after the move is.
    pub endgame: Option<Endgame>,
    /// The move's line is printed beside the sentences (the advanced level).
    pub line_shown: bool,
    /// The square of a capturer that took a piece worth at least as much: left undefended
    /// there it is a trade, not a hanging piece (23...Nxd4 before Bxd4), so no `hangs` claim
    /// about it is said ([`Gate::allows_claim`]).
    pub traded: Option<Square>,
    /// Where the opponent's reply in the line captures (`None` when it captures nothing or
    /// there is no line: see [`Gate::line_empty`]). A piece of the mover that
    /// hangs but that the reply leaves standing is no hanging piece worth a warning: taking it
    /// is not the opponent's best (20.Nxc6 with the queen on g4 attacked by f5: ...fxg4 Nxd8
    /// takes the queen back, so Rxc6 comes first).
    pub reply_takes: Option<Square>,
    /// The line's reply captures and the mover's next move in the line takes back something
    /// worth at least as much, or the settled line leaves the mover no worse off in material
    /// than before the move: the piece it took was not hanging but guarded by a tactic (Nxe5
    /// dxe5 Qxh5: the queen on d1, uncovered, takes the knight on h5).
    pub reply_answered: bool,
    /// The mover's answer in the line when the reply captures (UCI): a threat that answer
    /// carries out only takes back, and wins nothing (9.Qa4 "threatens Qxa5, winning the
    /// knight" where ...Kxf7 takes the bishop the queen no longer guards, then Qxa5; session
    /// 44 read).
    pub answer_after_capture: Option<String>,
    /// The move's line is empty (no reply known).
    pub line_empty: bool,
    /// What the move captures: a threat it makes against a piece worth no more is beside the
    /// point of taking (17.Bxc7 takes the queen; "threatens hxg3" is noise) and not said
    /// ([`Gate::allows_claim`]).
    pub captured: Option<Role>,
    /// The mover has a queen after the move: an enemy king without pawn cover is a target.
    /// Without one (an endgame) a bare king is normal, and "exploits it with checks" is beside
    /// the point.
    pub mover_has_queen: bool,
    /// The move captured and the opponent takes back on that square (the reply in the line,
    /// or with no line a recapture that does not lose material): a threat the capturer seems
    /// to make (19...fxe4 "threatens exf3" before dxe4) is no threat.
    pub taken_back: bool,
    /// The move takes a piece worth more than the capturer (a rook with a bishop): taken back,
    /// it still wins material.
    pub trades_up: bool,
    /// The move takes a piece worth less than the capturer (a bishop with the queen): when the
    /// capturer stood attacked, saving it is half the point.
    pub takes_less: bool,
    /// The move mates: "gives check" beside "is checkmate" says nothing.
    pub mates: bool,
    /// The mover gets mated by force after the move: no purpose (a king safety move, a plan)
    /// and no threat met is worth saying, only that the mate comes.
    pub mover_mated: bool,
    /// Mated by force, but not at once: "no move saves" the mover (the mate next move is
    /// `line_mated`'s).
    pub mated_later: bool,
    /// The move was the only legal one.
    pub only_legal: bool,
    /// The move captures.
    pub captures: bool,
    /// The king moves (castling too): it attacks no exposed king ("Kb1 attacks an exposed
    /// king" said the line's checks, not the move).
    pub king_moves: bool,
    /// The score after the move shows at least [`GAIN_BELIEVED_PERCENT`] of the material its
    /// line wins, over the balance before the move (or the mover mates); false when the line
    /// wins nothing.
    pub gain_believed: bool,
    /// After the move, the reply and the mover's next move in the line (and the opponent's
    /// recapture on that square, when the line takes back there), the mover's material is
    /// above its balance before the move (the score need not show it): a guard removed is
    /// said only when the piece it guarded is won ([`guard_won`]).
    pub line_gains: bool,
    /// The opponent's reply in the line captures the moved piece on its square (a trade, a
    /// piece given): what the piece would attack, pin or control from there is no point of
    /// the move (20.Bxg7 Kxg7 "pressure mounts on the kingside"; 18...Nxg4 Qxg4 "adds another
    /// attacker near the king"). See [`MOVED_PIECE_ACTIVITY`].
    pub moved_taken: bool,
    /// The moved piece (not the king) moves on within the mover's next [`BLOCKADE_STAYS_MOVES`]
    /// moves of the line: a blockade it "sets up" is no point of the move (20.Ng5 forking the queen and the
    /// rook, "a blockade" of the isolated g6 pawn, then Nxh3; session 38 read).
    pub moved_leaves: bool,
    /// The moved pawn captures with the mover's next move in the line: it leaves its file, so
    /// its push was no run of a passed pawn (17...d5 "pushes the passed pawn towards d1", then
    /// ...dxe4; session 48 read).
    pub pawn_takes_next: bool,
    /// The moved piece is taken by the opponent's second move in the line, having stayed
    /// where it landed: its tactics there ([`MOVED_PIECE_TACTICS`]) are no point (18.Qxd4 "a
    /// fork of the bishop and the knight", then ...Ne2+ and ...Nxd4; session 38 read).
    pub moved_taken_later: bool,
    /// The mover was behind in material before the move and the line's gain does not take it
    /// beyond level (10.Bxe6 winning two pawns back): "wins back", not "wins material".
    pub wins_back: bool,
    /// The move is the opponent's answer to an error, and its reason is why the error hurts:
    /// a capture that the line wins back is no such reason (14.Bxf5 "after Bxf5, Rxf5 takes
    /// the bishop", when Rxe7 and fxe5 win more back). Set by the caller.
    pub answer: bool,
    /// Squares the opponent takes on with one of its first [`DEFENCE_HOLDS_MOVES`] moves of
    /// the line, the mover not taking back there at once (the line going on): a threat met
    /// there is not met (20.Nxe6 "defends the pawn on g5 against Rxg5+": ...Bxe6 Rxe6 Rxg5+,
    /// session 31).
    pub taken_anyway: Bitboard,
    /// The opponent's first [`DEFENCE_HOLDS_MOVES`] moves of the line (UCI): a move "stopped"
    /// or "denied" that the line plays all the same is not stopped ("Better was Nd2, which
    /// stops Bb3" where Stockfish's line after Nd2 plays ...Bb3, session 36 read).
    pub their_early: Vec<String>,
    /// The opponent's pawns after the move, and those of them still in place after the line's
    /// first [`BREAK_TARGET_REPLIES`] replies: a break prepared against pawns the opponent
    /// takes away at once is none ("f3 prepares the pawn break g4" where ...fxe4 fxe4 leaves
    /// no pawn on f5, session 40 read).
    pub their_pawns: Bitboard,
    /// See [`Gate::their_pawns`].
    pub their_pawns_after_reply: Bitboard,
    /// The answer takes back on the square where the move explained captured (9.Bxc6+ bxc6):
    /// a trade, no reason why the move was an error. Set by the caller.
    pub answer_takes_back: bool,
    /// The score after the move is at least [`TRADES_DOWN_FLOOR_CP`] for the mover, or a
    /// mate for it: an ending the mover trades into is one the score believes.
    pub score_for_mover: bool,
    /// Both queens stood on the board before the move and are gone within the first
    /// [`QUEENS_OFF_PLIES`] plies of the line (the move counted): no attack on the king, no
    /// storm, no pressure near it (16...Ng3 cxd5 Nxe2+ was "pressure mounts on the kingside",
    /// session 39 read).
    pub queens_off: bool,
    /// The score after the move is [`MOVER_WORSE_CP`] or more against the mover (or a mate
    /// against it): a castling that must be made is no opposite-wing plan (17...O-O-O at
    /// −2.5, "a pawn storm against the king on g1 no longer bares Black's own", session 39
    /// read).
    pub mover_worse: bool,
    /// The material at the end of the settled line differs by [`LOPSIDED_PAWNS`] pawns or more:
    /// the bishop pair is beside the point (20.Bxe2 a queen down, "secures the bishop pair",
    /// session 39 read).
    pub lopsided: bool,
    /// When the move checks: the opponent's captures (UCI) that would win material by static
    /// exchange after the reply to the check, had the mover passed. A threat "answered with a
    /// check" that is still there once the king has stepped aside was only put off (9.Re1+
    /// against ...Nxh5: after ...Kf8 the knight still hits the queen; session 46 read).
    pub threats_after_check: Vec<String>,
}

/// What a capture must win by static exchange (centipawns) to count among
/// [`Gate::threats_after_check`]: a pawn, as a threat met must (`purpose::threat_met`).
const THREAT_MIN_GAIN_CP: i32 = 100;

/// See [`Gate::threats_after_check`]: empty unless the move checks and the line has a reply.
fn threats_after_check(after: &Chess, pv: &[Move]) -> Vec<String> {
    let Some(reply) = pv.first().filter(|_| after.is_check()) else {
        return Vec::new();
    };
    let Some(passed) = board::play(after, *reply).and_then(|p| crate::explain::purpose::pass(&p))
    else {
        return Vec::new();
    };
    passed
        .legal_moves()
        .iter()
        .filter(|m| {
            m.is_capture()
                && !matches!(m, Move::EnPassant { .. })
                && board::see_ge(&passed, **m, THREAT_MIN_GAIN_CP)
        })
        .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
        .collect()
}

/// See [`Gate::queens_off`].
pub const QUEENS_OFF_PLIES: usize = 4;
/// See [`Gate::mover_worse`].
pub const MOVER_WORSE_CP: i32 = 150;
/// See [`Gate::lopsided`].
pub const LOPSIDED_PAWNS: i32 = 3;

/// The sentences about what the moved piece does from its new square (pressure, activity;
/// its tactics are [`MOVED_PIECE_TACTICS`]): not said when the reply takes it there
/// ([`Gate::moved_taken`]).
pub const MOVED_PIECE_ACTIVITY: &[&str] = &[
    "controls_centre",
    "attacking_f2f7",
    "weak_point",
    "king_zone_pressure",
    "kingside_attack",
    "queenside_attack",
    "rook_activation",
    "rook_open_file",
    "rook_half_open_file",
    "rook_contests_file",
    "rook_seventh",
    "doubled_rooks",
    "knight_outpost",
    "knight_centralisation",
    "bishop_long_diagonal",
    "mobility_gain",
    "takes_outpost",
    "improves_piece",
    "idea_centralises",
    "idea_centralises_queen",
    "idea_off_rim",
    "idea_aims_f7",
    "idea_aims_king",
    "idea_fianchettoes",
    "idea_stops",
    "idea_stops_hit",
    "idea_shuts_discovery",
    "idea_refutes",
    // A piece that steps away and is taken at once escaped nothing (13...Nd5 "before Ne4 can
    // hit it", ...Nxd5; session 41 referee; the referee's list had it).
    "idea_sidesteps",
    "idea_stops_plan",
    "idea_stops_plan_answer",
    "idea_occupies",
    // A centre pawn taken at once is no centre (9.d4 cxd4, session 31).
    "pawn_centre",
    // Nor is a pawn taken at once "one step from promotion" (20.exf7+ Kxf7, session 46 read).
    "advanced_pawn",
    // Nor is a piece taken at once saved (20.Bxe7 "saves the attacked bishop with a threat"
    // where ...Nxe7 takes it: a trade, session 36 read).
    "threat_met_moves",
    "threat_met_moves_captures",
    "threat_met_with_threat",
    "idea_escapes_with_threat",
];

/// The moved piece's tactics (forks, pins, attacks): not said when the reply takes it there
/// ([`Gate::moved_taken`]), nor when the opponent's second move does ([`Gate::moved_taken_later`]).
pub const MOVED_PIECE_TACTICS: &[&str] = &[
    "fork",
    "king_fork",
    "pin_absolute",
    "pin_relative",
    "pin_created",
    "skewer",
    "attacks_piece",
    "attacks_defender",
];

/// What [`Gate::of`] reads.
#[derive(Debug, Clone, Copy)]
pub struct Subject<'a> {
    /// The position before the move.
    pub before: &'a Chess,
    /// The move.
    pub mv: Move,
    /// The line after the move (the opponent's reply first).
    pub pv: &'a [Move],
    /// The score after the move, mover's view.
    pub score_after: Option<Score>,
    /// The best move's and the second best's scores (mover's view), when there are no facts.
    pub best_score: Option<Score>,
    /// See `best_score`.
    pub second_score: Option<Score>,
    /// The search's root moves (exact scores), when known.
    pub facts: Option<&'a SearchFacts>,
    /// How much is said (the advanced level shows the line).
    pub level: ExplainLevel,
}

impl Gate {
    /// The conditions for `s`; an illegal move allows nothing conditional.
    #[must_use]
    pub fn of(s: &Subject) -> Gate {
        let Some(after) = board::play(s.before, s.mv) else {
            return Gate::default();
        };
        let mover = s.before.turn();
        let mut line = vec![s.mv];
        line.extend_from_slice(s.pv);
        // The line cut after its last quiet move: what the material comes to.
        let settled = board::settled_positions(s.before, &line);
        // Every position of the line, once, for the conditions that look along it.
        let all = board::positions(s.before, &line);
        let (kingside, queenside) = wings(s.before, &line, &all, mover);
        let given = sacrifice(s, mover, &all, &settled);
        // The mover's material at the end of the settled line, read once.
        let end_balance = settled.last().map(|end| board::balance(end.board(), mover));
        let still_ahead =
            !all.last().is_some_and(Position::is_checkmate) && end_balance.is_some_and(|b| b >= 0);
        let ends_level = end_balance == Some(0);
        Gate {
            sacrifice: given && !still_ahead,
            // Part given back: still ahead right after the give, not only at the end of a line
            // that wins more later (20.Nxa4 Rxc2 leaves the material level, session 40 read).
            gives_back: given
                && still_ahead
                && !ends_level
                && board::balance(s.before.board(), mover) > early_drop(&all, mover),
            gives_back_all: given && still_ahead && ends_level,
            combination: combination(s, mover, &line, &all, &settled),
            only_move: only_move(s),
            watch_survives: watch_survives(&after, s.pv),
            forced_mate: matches!(s.score_after, Some(Score::Mate(_))),
            kingside,
            queenside,
            endgame: Endgame::of(&after),
            line_shown: s.level == ExplainLevel::Advanced,
            traded: traded(s.mv),
            reply_takes: s.pv.first().filter(|r| r.is_capture()).map(|r| r.to()),
            reply_answered: match (s.pv.first().and_then(|r| r.capture()), s.pv.get(1)) {
                (Some(lost), Some(back)) => back
                    .capture()
                    .is_some_and(|c| board::value(c) >= board::value(lost)),
                _ => false,
            } || settled_keeps(s),
            answer_after_capture: s
                .pv
                .first()
                .filter(|r| r.is_capture())
                .and(s.pv.get(1))
                .map(|a| a.to_uci(shakmaty::CastlingMode::Standard).to_string()),
            line_empty: s.pv.is_empty(),
            captured: s.mv.capture(),
            mover_has_queen: !(after.board().queens() & after.board().by_color(mover)).is_empty(),
            taken_back: taken_back(s.before.turn(), s.mv, &after, s.pv),
            trades_up: s
                .mv
                .capture()
                .is_some_and(|c| board::value(c) > board::value(s.mv.role())),
            takes_less: s
                .mv
                .capture()
                .is_some_and(|c| board::value(c) < board::value(s.mv.role())),
            mates: after.is_checkmate(),
            mover_mated: matches!(s.score_after, Some(Score::Mate(n)) if n < 0),
            mated_later: matches!(s.score_after, Some(Score::Mate(n)) if (-MATED_ANYWAY_MOVES..-1).contains(&n))
                && best_mated(s),
            only_legal: s.before.legal_moves().len() == 1,
            captures: s.mv.is_capture(),
            king_moves: s.mv.role() == Role::King,
            gain_believed: gain_believed(s, mover, &settled),
            // The line cut short by the search's table is carried on as the idea reads it.
            line_gains: guard_won(
                s.before,
                s.mv,
                &crate::explain::purpose::ideas::guard_pv(s.mv, &after, s.pv),
            ),
            moved_taken: moved_taken(s.mv, mover, s.pv),
            moved_leaves: moved_leaves(s.mv, mover, s.pv),
            pawn_takes_next: s.mv.role() == Role::Pawn
                && matches!(s.pv, [_, ours, ..] if ours.from() == Some(s.mv.to()) && ours.is_capture()),
            moved_taken_later: moved_taken_later(s.mv, mover, s.pv),
            // Judged on the whole settled line and on the window whose gain the sentence
            // says: "winning material: +6 pawns" was said of 20.Nxd8 eight pawns down, since
            // the line wins the trapped knight on a1 back only at its end (Tal.pgn game 2,
            // session 42 read).
            wins_back: wins_back(s.before, mover, &settled)
                || wins_back(
                    s.before,
                    mover,
                    &board::settled_positions(s.before, &line[..gain_window(s.before, &line)]),
                ),
            taken_anyway: taken_anyway(s.mv, mover, s.pv),
            their_early: s
                .pv
                .iter()
                .step_by(2)
                .take(DEFENCE_HOLDS_MOVES)
                .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
                .collect(),
            their_pawns: after.board().by_piece(Role::Pawn.of(!mover)),
            their_pawns_after_reply: all
                .iter()
                .skip(2)
                .step_by(2)
                .take(BREAK_TARGET_REPLIES)
                .fold(after.board().by_piece(Role::Pawn.of(!mover)), |kept, p| {
                    kept & p.board().by_piece(Role::Pawn.of(!mover))
                }),
            answer: false,
            answer_takes_back: false,
            score_for_mover: match s.score_after {
                Some(Score::Mate(n)) => n > 0,
                Some(Score::Cp(cp)) => cp >= TRADES_DOWN_FLOOR_CP,
                None => false,
            },
            queens_off: queens_off(s.before, &all),
            mover_worse: match s.score_after {
                Some(Score::Mate(n)) => n < 0,
                Some(Score::Cp(cp)) => cp <= -MOVER_WORSE_CP,
                None => false,
            },
            lopsided: end_balance.is_some_and(|b| b.abs() >= LOPSIDED_PAWNS),
            threats_after_check: threats_after_check(&after, s.pv),
        }
    }

    /// Whether the template `id` may be said. Templates without a condition here always may.
    #[must_use]
    pub fn allows(&self, id: &str) -> bool {
        // A tactic of a piece taken two plies later (a check first) is none too; a square it
        // takes up may still be the point (...Nd4 in the closed Sicilian, traded a move later).
        // Nor is a centre pawn taken two plies later a centre (22.d4 "a protected pawn stands
        // on d4", then ...Nd5 Rde1 exd4, session 49 read).
        let tactic = MOVED_PIECE_TACTICS.contains(&id);
        if (self.moved_taken && (tactic || MOVED_PIECE_ACTIVITY.contains(&id)))
            || (self.moved_taken_later && (tactic || id == "pawn_centre"))
        {
            return false;
        }
        // A defence is no reason why the move it answers was an error.
        if self.answer && id.starts_with("threat_met") {
            return false;
        }
        match id {
            // A piece that takes and is taken back at once was traded, not developed (11...Bxe6
            // Bxe6, "Bxe6 develops a piece", session 48 read).
            "development" => !(self.moved_taken && self.captures),
            "passed_pawn_advance" => !self.pawn_takes_next,
            "sacrifice" | "sacrifice_later" => self.sacrifice,
            "exchange_sacrifice" => self.sacrifice || self.gives_back || self.gives_back_all,
            "gives_back" => self.gives_back,
            "gives_back_all" => self.gives_back_all,
            // Won back to level at most is no interest (9.Qe2+ regaining a rook it was down).
            // As the reason an error hurts, what the answer wins is the point ("it allows cxd5,
            // which wins material"), not that it gives something first.
            "combination" => self.combination && !self.wins_back && !self.answer,
            // The same, by a mover that was behind: what comes back makes up for it (9.Nxf7
            // Kxf7 Qf3+ and Bxd5+ wins the knight back and the pawn the mover was down; it was
            // "Nxf7 captures a pawn", session 46 read).
            "combination_back" => self.combination && self.wins_back && !self.answer,
            // A piece given in a combination was not "lost anyway": the line wins it back
            // (9.Nxf7, the knight on g5 hit by the queen, session 46).
            "desperado" => !self.combination,
            "q_only_move" => self.only_move,
            "watch_mate" | "watch_wins" | "watch_wins_pawn" => {
                self.watch_survives && !self.forced_mate
            }
            // Nor when the reply takes the piece that makes it: the opponent answers the
            // threat by taking the offer (20.e5 "threatens exf6" when ...dxe5 takes the pawn,
            // session 33 read).
            "threat_wins" | "threat_wins_exchange" | "threat_wins_part" => {
                !self.forced_mate && !self.taken_back && !self.moved_taken
            }
            // No threat of a blow inside a forced mate (the mate is the point).
            "idea_threat_line" => !self.forced_mate && !self.mover_mated,
            // The capturer's threats vanish when it is taken back at once.
            "threat_mate" | "attacks_piece" | "attacks_defender" => !self.taken_back,
            // A pawn that captures and is taken back leaves no doubled pawn (8.exd5 Qxd5).
            "doubled_pawn_created" | "pawn_centre" => !self.taken_back,
            // A capture's point is what it takes, not that the capturer was attacked (8.exd5).
            "threat_met_moves" => !self.captures,
            // An attacked piece that saves itself by taking a cheaper one: both halves are
            // the point (9.Qxb4 with the queen hit by the pawn on c6, "captures a bishop" and
            // "secures the bishop pair", session 44 read).
            "threat_met_moves_captures" => self.takes_less,
            "kingside_attack" => self.kingside && !self.queens_off,
            "queenside_attack" => self.queenside && !self.queens_off,
            "king_zone_pressure" | "idea_storm" => !self.queens_off,
            "idea_castles_opposite" => !self.queens_off && !self.mover_worse,
            "bishop_pair" => !self.lopsided,
            "pawn_endgame" | "rook_endgame" | "bishop_endgame" | "knight_endgame"
            | "queen_endgame" | "queen_rook_endgame" => {
                self.endgame.is_some_and(|e| e.template() == id)
            }
            "material_gain" | "material_loss" => self.line_shown,
            "wins_material" => self.gain_believed && !self.wins_back && !self.mates,
            // The guard removed is the point only when the piece it guarded is won.
            "idea_removes_guard" | "idea_removes_defender" => self.line_gains,
            // The ending traded into is one the score believes the mover is better in.
            // So is the mate threat a guard removed opens (a guard taken for nothing, or a
            // threat the opponent meets at a price, is no point).
            "idea_trades_down" | "idea_removes_mate_guard" => {
                self.score_for_mover && !self.mover_mated
            }
            // A capture wins the material back itself; a quiet move's line does (the book's
            // 4.e3 before Bxc4 does not "win the material back" itself).
            "wins_back" => self.gain_believed && self.wins_back && self.captures,
            "wins_back_later" => self.gain_believed && self.wins_back && !self.captures,
            // A capture taken back at once in a line that wins: the line is the point, said by
            // `wins_material` or `wins_back`, not the piece taken (11...Bxe5 "captures a knight"
            // with dxe5 next, where ...Qxd1 Rxd1 Nxe4 wins the pawn back; session 46 read).
            "captures" if self.taken_back && self.gain_believed && !self.mates => false,
            // An answer's capture that only takes back (9.Bxc6+ bxc6) is no reason; nor one the
            // mover takes back at once (9.f4 "after f4, exf4 takes the pawn", gxf4; session 41
            // read).
            "captures" => {
                !self.answer
                    || (self.gain_believed
                        && !self.wins_back
                        && !self.answer_takes_back
                        && !self.taken_back)
            }
            "recapture" => !self.answer,
            // Nor is an even trade, however it is framed (18...dxc5 "allows Bxd4, which trades
            // off the knight on its outpost": cxd4 takes back), nor a defence: the answer that
            // takes back the capturer "removes the attacker" (20.Nxg6 hxg6, session 31; the
            // defences are refused before this match).
            // An even trade the line then wins material after is no even trade (20.Bxd4 cxd4
            // Rxd4+ "an even trade" beside "regains material: +1 pawn", session 39 read).
            "equal_trade" => !self.answer && !self.gain_believed,
            "idea_outpost_taken"
            | "idea_trades_attacked"
            | "idea_trades_hitter"
            | "idea_removes_line"
            | "idea_trade_tempo"
            | "idea_piece_for_pawns"
            | "idea_counters"
            | "idea_doubles_pawns" => !self.answer,
            // Said first only when the capture keeps what it takes; a capture that mates is
            // the mate, not material ("cxd8=Q# captures the queen with check, winning
            // material: +17 pawns").
            // Taken back, it still wins when it took more than it gives (16...Bxe1 Qxe1 wins
            // the exchange; it was "Bxe1 captures a rook", session 30).
            "captures_check" | "captures_wins" => {
                self.captures
                    && self.gain_believed
                    && (!self.taken_back || self.trades_up)
                    && !self.wins_back
                    && !self.mates
            }
            // A pawn that takes a piece is said as the piece taken, not as the central square
            // it then aims at (17...dxe5 taking a rook: "takes aim at d4", session 30).
            "controls_centre" => self.captured.is_none_or(|r| r == Role::Pawn),
            // Material won only for a moment is no point of a forced mate (either way).
            "idea_lost_back" => !self.forced_mate,
            "exposed_king" => self.mover_has_queen && !self.king_moves,
            "check" => !self.mates,
            "idea_blockade" | "idea_blockade_isolated" => !self.moved_leaves && !self.mover_mated,
            id if id.starts_with("idea_") || id.starts_with("threat_met") => !self.mover_mated,
            _ => true,
        }
    }

    /// Whether a sentence may rest on `claim`: not on a hanging piece that is the capturer of
    /// a trade, nor on one the line's reply leaves standing. The templates choose among the claims that pass.
    #[must_use]
    pub fn allows_claim(&self, claim: &Claim) -> bool {
        match claim.fact {
            Fact::Hangs { square } => {
                Some(square) != self.traded
                    && (self.line_empty
                        || (self.reply_takes == Some(square) && !self.reply_answered))
            }
            Fact::ThreatWins { role, ref uci, .. } => {
                self.captured
                    .is_none_or(|taken| board::value(role) > board::value(taken))
                    && self.answer_after_capture.as_ref() != Some(uci)
            }
            // A capture threat "met" that the line carries out all the same, unanswered.
            Fact::ThreatMet {
                mate: false,
                target,
                ref how,
                ref threat,
                ..
            } => {
                (how == "moves" || how == "check" || !self.taken_anyway.contains(target))
                    && !(how == "check" && self.threats_after_check.contains(threat))
            }
            // Nor is a piece "safe again" that the line takes all the same.
            Fact::Defends { target, .. } => !self.taken_anyway.contains(target),
            // Nor a break whose target pawns the reply takes away.
            Fact::PreparesBreak { ref push, .. } => {
                let Ok(m) = push.parse::<shakmaty::uci::UciMove>() else {
                    return true;
                };
                let shakmaty::uci::UciMove::Normal { from, to, .. } = m else {
                    return true;
                };
                let color = Color::from_white(to.rank() > from.rank());
                let hit = shakmaty::attacks::pawn_attacks(color, to);
                !(hit & self.their_pawns).any() || (hit & self.their_pawns_after_reply).any()
            }
            // Nor is a move stopped that the line plays all the same.
            Fact::Idea {
                ref idea,
                ref moves,
                ..
            } if matches!(
                idea.as_str(),
                "stops"
                    | "stops_hit"
                    | "shuts_discovery"
                    | "denies"
                    | "denies_push"
                    | "refutes"
                    | "sidesteps"
                    | "stops_plan"
                    | "stops_plan_answer"
            ) =>
            {
                moves.first().is_none_or(|m| !self.their_early.contains(m))
            }
            _ => true,
        }
    }
}

/// The most rooks on the board (both sides) beside the queens for a queen-and-rook endgame.
pub const QUEEN_ROOK_ENDGAME_ROOKS: usize = 2;

/// How many of the opponent's first replies in the line may leave a prepared break's target
/// pawns in place ([`Gate::their_pawns`]).
pub const BREAK_TARGET_REPLIES: usize = 2;

/// How many of the opponent's first moves in the line [`Gate::taken_anyway`] looks at.
pub const DEFENCE_HOLDS_MOVES: usize = 3;

/// The [`Gate::taken_anyway`] squares of the line `pv` after `mv` (the opponent's reply
/// first). A capture after the mover has moved the moved piece on again (driven off, or
/// stepping away) does not count: the piece defended the square while it stood there (20.Bc3
/// guards d2 against ...Rxd2; ...b4 Bb2 Rxd2 takes it only once the bishop has gone back,
/// session 33 read).
fn taken_anyway(mv: Move, mover: Color, pv: &[Move]) -> Bitboard {
    let mut at = Some(crate::explain::themes::util::dest(mv, mover));
    let mut taken = Bitboard::EMPTY;
    for (i, m) in pv.iter().enumerate().take(2 * DEFENCE_HOLDS_MOVES) {
        if i % 2 == 1 {
            if at.is_some() && m.from() == at {
                break;
            }
            continue;
        }
        if at == Some(m.to()) {
            at = None; // taken: it no longer moves on
        }
        if m.is_capture()
            && pv
                .get(i + 1)
                .is_some_and(|back| !(back.is_capture() && back.to() == m.to()))
        {
            taken.add(m.to());
        }
    }
    taken
}

/// Whether the move's line (its first [`GAIN_WITHIN_PLIES`] plies, settled) leaves the mover
/// with at least its balance before the move: what the reply takes comes back (19.Nxe5 Rxe5
/// c4 bxc4 Bxe5 dxe5 Qxh5).
fn settled_keeps(s: &Subject) -> bool {
    let (_, settled) = board::settled_early(s.before, s.mv, s.pv, GAIN_WITHIN_PLIES);
    let us = s.before.turn();
    settled.len() > 2
        && settled.last().is_some_and(|end| {
            board::balance(end.board(), us) >= board::balance(s.before.board(), us)
        })
}

/// The sacrifice condition: material given (the settled line ends with the mover's balance
/// below its start, or a mating line passes through such a position), justified by the score,
/// with a choice.
fn sacrifice(s: &Subject, mover: Color, all: &[Chess], settled: &[Chess]) -> bool {
    if s.before.legal_moves().len() < 2 {
        return false; // the only legal reply (to a check) is no choice
    }
    let justified = match s.score_after {
        Some(Score::Mate(n)) => n > 0,
        Some(Score::Cp(cp)) => cp >= SACRIFICE_FLOOR_CP,
        None => false,
    };
    if !justified {
        return false;
    }
    let start = board::balance(s.before.board(), mover);
    let mates = all.last().is_some_and(Position::is_checkmate);
    if mates {
        // A mating attack: the mover's material dropped on the way (after the opponent's
        // replies, so that a capture taken back at once is no drop).
        return all
            .iter()
            .skip(2)
            .step_by(2)
            .any(|p| board::balance(p.board(), mover) < start);
    }
    early_drop(all, mover) > 0
        && settled
            .last()
            .is_some_and(|end| settled.len() > 1 && board::balance(end.board(), mover) < start)
}

/// How much (pawns) the mover's material is below its start at the lowest of the positions
/// after its first [`SACRIFICE_WITHIN_MOVES`] moves in `all` (the line's positions, the one
/// before the move first): material given at once, counted after the mover's own recapture. A
/// line shorter than that counts its last position. Zero when nothing is given.
fn early_drop(all: &[Chess], mover: Color) -> i32 {
    let Some(start) = all.first().map(|p| board::balance(p.board(), mover)) else {
        return 0;
    };
    all.iter()
        .skip(1)
        .step_by(2)
        .take(SACRIFICE_WITHIN_MOVES)
        .chain(all.get(2).filter(|_| all.len() == 3))
        .map(|p| start - board::balance(p.board(), mover))
        .max()
        .unwrap_or(0)
        .max(0)
}

/// How much (pawns) the mover's material is below its start after one of the opponent's
/// first [`SACRIFICE_WITHIN_MOVES`] replies in `all` (`line` the moves played) that the mover's
/// next move does not take back on the same square: material given for a moment, then won back
/// elsewhere at once (13.Rxd7 Nxd7 14.Bxe7 gives the exchange and takes the queen), where a
/// plain exchange sequence (Nxe5 Nxe5 Rxe5) gives nothing. Zero when nothing is given.
fn reply_drop(all: &[Chess], line: &[Move], mover: Color) -> i32 {
    let Some(start) = all.first().map(|p| board::balance(p.board(), mover)) else {
        return 0;
    };
    (1..line.len())
        .step_by(2)
        .take(SACRIFICE_WITHIN_MOVES)
        .filter(|&i| {
            let reply = line[i];
            reply.is_capture()
                && !line
                    .get(i + 1)
                    .is_some_and(|next| next.is_capture() && next.to() == reply.to())
        })
        .filter_map(|i| all.get(i + 1))
        .map(|p| start - board::balance(p.board(), mover))
        .max()
        .unwrap_or(0)
        .max(0)
}

/// The [`Gate::combination`] condition.
/// `line` is the move and its line, `all` the positions along it.
fn combination(s: &Subject, mover: Color, line: &[Move], all: &[Chess], settled: &[Chess]) -> bool {
    s.before.legal_moves().len() > 1
        && early_drop(all, mover).max(reply_drop(all, line, mover)) >= COMBINATION_GIVES
        && gain_believed(s, mover, settled)
}

/// The [`Gate::gain_believed`] condition.
fn gain_believed(s: &Subject, mover: Color, settled: &[Chess]) -> bool {
    let Some((start, gain)) = settled_gain(s.before, mover, settled) else {
        return false;
    };
    match s.score_after {
        Some(Score::Mate(n)) => n > 0,
        Some(Score::Cp(cp)) => {
            // A pawn is 100 centipawns, so `gain` pawns at `GAIN_BELIEVED_PERCENT` percent
            // are `gain * GAIN_BELIEVED_PERCENT` centipawns.
            gain > 0 && cp >= start * 100 + gain * GAIN_BELIEVED_PERCENT
        }
        None => gain > 0,
    }
}

/// The [`Gate::line_gains`] condition.
fn guard_won(before: &Chess, mv: Move, pv: &[Move]) -> bool {
    let mover = before.turn();
    let start = board::balance(before.board(), mover);
    let Some(mut pos) = board::play(before, mv) else {
        return false;
    };
    if pv.len() < 2 {
        return false;
    }
    for (i, m) in pv.iter().take(3).enumerate() {
        if i == 2 && !(m.is_capture() && m.to() == pv[1].to()) {
            break;
        }
        match board::play(&pos, *m) {
            Some(next) => pos = next,
            None => return false,
        }
    }
    board::balance(pos.board(), mover) > start
}

/// The [`Gate::wins_back`] condition.
fn wins_back(before: &Chess, mover: Color, settled: &[Chess]) -> bool {
    settled_gain(before, mover, settled)
        .is_some_and(|(start, gain)| start < 0 && gain > 0 && gain <= -start)
}

/// The mover's material balance before the move and what the settled line gains on it (pawns).
fn settled_gain(before: &Chess, mover: Color, settled: &[Chess]) -> Option<(i32, i32)> {
    let start = board::balance(before.board(), mover);
    let end = settled.last()?;
    Some((start, board::balance(end.board(), mover) - start))
}

/// Exact root scores clamped to ±1000 cp (mates beyond), best first.
fn exact_scores(facts: &SearchFacts) -> Vec<i32> {
    let mut v: Vec<i32> = facts
        .root_moves
        .iter()
        .filter_map(|r| r.exact)
        .map(clamped)
        .collect();
    v.sort_unstable_by(|a, b| b.cmp(a));
    v
}

fn clamped(s: Score) -> i32 {
    match s {
        Score::Cp(cp) => cp.clamp(-1000, 1000),
        Score::Mate(n) if n > 0 => 2000 - n,
        Score::Mate(n) => -2000 - n,
    }
}

/// The only-move condition: one search's exact root scores (else the given best and second
/// scores) put the best at least [`ONLY_MOVE_MARGIN_CP`] above the second best, and the best
/// is not lost.
fn only_move(s: &Subject) -> bool {
    if let Some(f) = s.facts {
        let v = exact_scores(f);
        if v.len() >= 2 {
            return v[0] >= ONLY_MOVE_FLOOR_CP && v[0] - v[1] >= ONLY_MOVE_MARGIN_CP;
        }
    }
    match (s.best_score, s.second_score) {
        (Some(b), Some(x)) => {
            clamped(b) >= ONLY_MOVE_FLOOR_CP && clamped(b) - clamped(x) >= ONLY_MOVE_MARGIN_CP
        }
        _ => false,
    }
}

/// Whether the best move too is mated by force: then no move saves the mover (23...Ka6 walked
/// into a mate in 3 where ...Ka5 was lost without one, and "no move saves Black" was false,
/// session 38's referee).
fn best_mated(s: &Subject) -> bool {
    if let Some(f) = s.facts {
        let v = exact_scores(f);
        if let Some(&best) = v.first() {
            return best < -1000;
        }
    }
    matches!(s.best_score, Some(Score::Mate(n)) if n < 0)
}

/// The warning condition: after the opponent's reply `pv[0]` the opponent's strongest threat
/// still works after the mover's next move `pv[1]`. No next move shown, no warning.
fn watch_survives(after: &Chess, pv: &[Move]) -> bool {
    let (Some(reply), Some(next)) = (pv.first(), pv.get(1)) else {
        return false;
    };
    let Some(replied) = board::play(after, *reply) else {
        return false;
    };
    let Some(threat) = purpose::pass(&replied).and_then(|p| purpose::strongest(&p)) else {
        return false;
    };
    board::play(&replied, *next).is_some_and(|p| purpose::works(&p, threat))
}

/// Whether the capture `mv` is taken back at once (see [`Gate::taken_back`]): the line's reply
/// takes the capturer ([`moved_taken`]), or without a line a recapture that loses nothing.
fn taken_back(mover: Color, mv: Move, after: &Chess, pv: &[Move]) -> bool {
    if !mv.is_capture() {
        return false;
    }
    if !pv.is_empty() {
        return moved_taken(mv, mover, pv);
    }
    let square = crate::explain::themes::util::dest(mv, mover);
    after
        .legal_moves()
        .iter()
        .any(|m| m.is_capture() && m.to() == square && crate::explain::board::see_ge(after, *m, 0))
}

/// The [`Gate::moved_taken`] condition (castling aside: two pieces move).
fn moved_taken(mv: Move, mover: Color, pv: &[Move]) -> bool {
    !mv.is_castle()
        && pv.first().is_some_and(|reply| {
            reply.is_capture() && reply.to() == crate::explain::themes::util::dest(mv, mover)
        })
}

/// Within how many of the mover's next moves in the line a blockading piece must not move on.
pub const BLOCKADE_STAYS_MOVES: usize = 2;

/// The [`Gate::moved_leaves`] condition.
fn moved_leaves(mv: Move, mover: Color, pv: &[Move]) -> bool {
    let landed = crate::explain::themes::util::dest(mv, mover);
    // A king blocks a passed pawn as it walks (Kd5 in front of d4, then on to the queenside).
    !mv.is_castle()
        && mv.role() != Role::King
        && board::mover_next(pv, BLOCKADE_STAYS_MOVES).any(|m| m.from() == Some(landed))
}

/// The [`Gate::moved_taken_later`] condition.
fn moved_taken_later(mv: Move, mover: Color, pv: &[Move]) -> bool {
    let landed = crate::explain::themes::util::dest(mv, mover);
    !mv.is_castle()
        && matches!(pv, [_, ours, theirs, ..]
            if ours.from() != Some(landed) && theirs.is_capture() && theirs.to() == landed)
}

/// The square of `mv`'s capturer when it took a piece worth at least its own value.
fn traded(mv: Move) -> Option<Square> {
    mv.capture()
        .filter(|c| board::value(*c) >= board::value(mv.role()))
        .map(|_| mv.to())
}

/// See [`Gate::queens_off`]: `all` are the positions along the line from `before` on.
fn queens_off(before: &Chess, all: &[Chess]) -> bool {
    let both = |p: &Chess| {
        let b = p.board();
        let q = b.queens();
        (q & b.white()).any() && (q & b.black()).any()
    };
    let none = |p: &Chess| p.board().queens().is_empty();
    both(before) && all.iter().take(QUEENS_OFF_PLIES + 1).any(none)
}

/// The wings the move's attack may be named after: (kingside, queenside). The move takes
/// part in the attack ([`takes_part`]): "the attack is aimed at the enemy king" is no point of
/// a quiet developing move whose line checks later with other pieces (20.Be2 in a Dragon).
fn wings(before: &Chess, line: &[Move], positions: &[Chess], mover: Color) -> (bool, bool) {
    // A king move (19...Kh8 to the corner) is no attack on the enemy king.
    // Nor is taking a piece without check, whose point is the piece (31...Bxf1 taking a rook
    // next to the king, 33...Rxg5 a bishop: "pressure mounts on the kingside", session 49).
    let takes_piece_quietly = |mv: &Move| {
        mv.capture().is_some_and(|r| r != shakmaty::Role::Pawn)
            && !positions.get(1).is_some_and(Chess::is_check)
    };
    let Some((mv, king)) = line.first().and_then(|mv| {
        before
            .board()
            .king_of(!mover)
            .filter(|_| mv.role() != shakmaty::Role::King && !takes_piece_quietly(mv))
            .map(|k| (*mv, k))
    }) else {
        return (false, false);
    };
    let to = mv.to().file();
    let corner = |file: File| Square::from_coords(file, (!mover).backrank());
    let king_side =
        king.file() >= File::F && to >= File::E && takes_part(line, positions, corner(File::H));
    let queen_side =
        king.file() <= File::C && to <= File::D && takes_part(line, positions, corner(File::A));
    (king_side, queen_side)
}

/// How near the corner a wing attack's check or capture lands (king steps), as the theme
/// counts them (`themes::king_safety::wing_hits`).
const WING_HIT_STEPS: u32 = 3;

/// Within how many of the mover's own moves (the move counted) the moved piece's check or
/// capture near the king must come: a knight that recaptures on f4 and checks on f6 fourteen
/// plies later (20.Nxf4 ... Nxf6+) took no part in an attack when it moved.
const WING_HIT_WITHIN_MOVES: usize = 4;

/// Whether the moved piece itself (the move, or the same piece later in `line`, while it
/// stands) gives check or captures within [`WING_HIT_STEPS`] of `corner`, within the mover's
/// first [`WING_HIT_WITHIN_MOVES`] moves. `positions` are those along `line` from the position
/// before it.
fn takes_part(line: &[Move], positions: &[Chess], corner: Square) -> bool {
    let Some(first) = line.first() else {
        return false;
    };
    let mut at = first.to();
    for (i, m) in line.iter().enumerate().take(2 * WING_HIT_WITHIN_MOVES - 1) {
        let Some(next) = positions.get(i + 1) else {
            break;
        };
        if i % 2 == 1 {
            // The opponent takes the piece: it attacks no more.
            if m.to() == at {
                return false;
            }
            continue;
        }
        if i > 0 && m.from() != Some(at) {
            continue;
        }
        if (next.is_check() || m.is_capture()) && m.to().distance(corner) <= WING_HIT_STEPS {
            return true;
        }
        at = m.to();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn line(p: &Chess, ucis: &[&str]) -> Vec<Move> {
        let mut cur = p.clone();
        ucis.iter()
            .map(|u| {
                let m = u.parse::<UciMove>().unwrap().to_move(&cur).unwrap();
                cur.play_unchecked(m);
                m
            })
            .collect()
    }

    #[test]
    fn a_blockade_is_said_only_of_a_piece_that_stays() {
        // Morphy (game 194), 20.Ng5 forks the queen and the rook, then takes on h3: no
        // blockade of the isolated g6 pawn (session 38 read).
        let fen = "r2nk3/1pp3B1/1b1pqnp1/p3p3/P2PP1P1/2P2N1r/1P3P2/R2QR1K1 w q - 0 20";
        let g = gate(
            fen,
            &["f3g5", "e6g4", "d1g4", "f6g4", "g5h3"],
            Score::Cp(100),
        );
        assert!(g.moved_leaves && !g.allows("idea_blockade_isolated"));
        // Staying on g5 in the line, it may be said.
        let g = gate(fen, &["f3g5", "e6d7", "d1f3"], Score::Cp(100));
        assert!(!g.moved_leaves && g.allows("idea_blockade_isolated"));
    }

    #[test]
    fn a_fork_whose_piece_is_taken_next_is_none() {
        // Carlsen (game 151), 18.Qxd4 "a fork of the bishop and the knight": ...Ne2+ Kh1
        // Nxd4 takes the queen back (session 38 read).
        let fen = "r3r1k1/pp3pp1/2p1bn1p/4N3/Nb1q1n1B/PB5P/1P3PP1/R2Q1RK1 w - - 0 18";
        let g = gate(fen, &["d1d4", "f4e2", "g1h1", "e2d4"], Score::Cp(0));
        assert!(g.moved_taken_later && !g.allows("fork"));
    }

    /// A claim about the position after the played move (`fen`, the opponent to move).
    fn after_claim(fen: &str, fact: Fact) -> Claim {
        Claim {
            fen: fen.to_owned(),
            at: crate::explain::claims::At::After,
            supports: crate::explain::claims::Supports::Played,
            fact,
        }
    }

    fn gate(fen: &str, ucis: &[&str], score: Score) -> Gate {
        let p = pos(fen);
        let l = line(&p, ucis);
        Gate::of(&Subject {
            before: &p,
            mv: l[0],
            pv: &l[1..],
            score_after: Some(score),
            best_score: None,
            second_score: None,
            facts: None,
            level: ExplainLevel::Medium,
        })
    }

    #[test]
    fn an_answer_taken_back_at_once_is_no_reason() {
        // Fischer, 9.f4 (an inaccuracy): "after f4, exf4 takes the pawn", where gxf4 takes
        // back at once (session 41 read); the answer's capture is no reason then.
        let after = "r1bq1rk1/ppp2pbp/3p1np1/2n1p3/4PP2/3P2P1/PPPN2BP/R1BQNRK1 b - - 0 9";
        // The review's line, which wins material later (...Bxf5 Rxf5 gxf5).
        let line = [
            "e5f4", "g3f4", "f6h5", "f4f5", "d6d5", "g2f3", "d5e4", "f3h5", "c8f5", "f1f5", "g6f5",
        ];
        let mut g = gate(after, &line, Score::Cp(84));
        assert!(g.taken_back);
        // As in the review, where the line's material made the gain believed.
        g.answer = true;
        g.gain_believed = true;
        assert!(!g.wins_back && !g.answer_takes_back);
        assert!(!g.allows("captures"));
        // Not taken back, the same capture is the answer's reason.
        g.taken_back = false;
        assert!(g.allows("captures"));
    }

    #[test]
    fn a_square_taken_once_its_defender_was_driven_off_was_defended() {
        // 20.Bc3 guards d2 against ...Rxd2 (Carlsen, session 33 read); Stockfish's line ...b4
        // Bb2 Rxd2 takes the pawn only after the bishop went back: "Bc3 defends the pawn on
        // d2" is true, where nothing at all was said.
        let p =
            board::from_fen("3r2k1/p3bppp/Prp1p1n1/1pp1P3/4B3/1P4P1/1BPP1PP1/R3R1K1 w - - 2 20");
        let line = board::line_from(&p, &["Bc3", "b4", "Bb2", "Rxd2", "Bc1", "Rd8"]);
        assert_eq!(
            taken_anyway(line[0], Color::White, &line[1..]),
            Bitboard::EMPTY
        );
        // Taken while the bishop still stands on c3, it counts (the line as if ...Rxd2 came
        // first and White went on elsewhere).
        let line = board::line_from(&p, &["Bc3", "h6", "Kh2", "h5", "Kg1", "Rxd2", "Kh2"]);
        assert_eq!(
            taken_anyway(line[0], Color::White, &line[1..]),
            Bitboard::from(Square::D2)
        );
    }

    #[test]
    fn a_pawn_that_takes_a_piece_aims_at_no_centre_and_a_mate_is_no_moment() {
        // 17...dxe5 takes a rook: the rook is the point, not d4 (a coach's read, session 30).
        let fen = "r1bq1r2/ppp1npk1/1b1p1N1p/3PR2Q/2B5/8/P4PPP/RN4K1 b - - 0 17";
        assert!(!gate(fen, &["d6e5", "b1d2"], Score::Cp(415)).allows("controls_centre"));
        // A pawn that takes a pawn may still fight for the centre, unless it is taken at once.
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert!(gate(fen, &["e4d5", "g8f6"], Score::Cp(0)).allows("controls_centre"));
        assert!(!gate(fen, &["e4d5", "d8d5"], Score::Cp(0)).allows("controls_centre"));
        // Material won only for a moment is not said of a forced mate.
        assert!(!gate(fen, &["e4d5", "d8d5"], Score::Mate(3)).allows("idea_lost_back"));
    }

    #[test]
    fn a_capture_taken_back_that_took_more_still_wins() {
        // 16...Bxe1 Qxe1: the bishop takes a rook and is taken back, the exchange won (was
        // "Bxe1 captures a rook").
        let fen = "r4k1r/pppb1ppp/5q2/3p4/3P4/3B2bP/PPPQ2P1/RNB1R1K1 b - - 4 16";
        let g = gate(fen, &["g3e1", "d2e1", "f6d4", "e1e3"], Score::Cp(300));
        assert!(g.allows("captures_wins"));
        // A bishop for a bishop taken back wins nothing said first.
        let traded = "4k3/3b4/8/1B6/8/8/8/4K3 w - - 0 1";
        assert!(!gate(traded, &["b5d7", "e8d7"], Score::Cp(0)).allows("captures_wins"));
    }

    #[test]
    fn a_plain_rook_trade_is_no_sacrifice() {
        let g = gate(
            "3rk3/8/8/8/8/8/8/3RK3 w - - 0 1",
            &["d1d8", "e8d8", "e1e2"],
            Score::Cp(0),
        );
        assert!(!g.sacrifice);
    }

    #[test]
    fn a_pawn_push_that_wins_a_pawn_is_no_sacrifice() {
        // exd5 wins the pawn; the line ends a pawn up.
        let g = gate(
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
            &["e4d5", "e8d7"],
            Score::Cp(100),
        );
        assert!(!g.sacrifice);
    }

    #[test]
    fn the_guard_removed_is_read_on_a_line_cut_short() {
        // purpose_textbook_tune: Bxc6 takes the only guard of the bishop on e5; the engine's
        // line stops after the move, and the short search carries it on (...f6 Rxe5 or
        // ...Bxb2 Bxb7): the guard removed wins material.
        let fen = "6k1/pp3ppp/2n5/1B2b3/8/7P/PP3PP1/4R1K1 w - - 0 1";
        let g = gate(fen, &["b5c6"], Score::Cp(600));
        assert!(g.allows("idea_removes_guard"));
    }

    #[test]
    fn a_capture_with_check_is_the_point_only_when_it_keeps_what_it_takes() {
        // Morphy, game 120: 9.Bxd5+ takes the knight with check (a knight down before, the
        // line ends a pawn up): said first, before it also defends the queen on f3.
        let fried = "r1bq1b1r/ppp3pp/4k3/3np3/2Bn4/2N2Q2/PPPP1PPP/R1B1K2R w KQ - 4 9";
        let g = gate(fried, &["c4d5", "e6d6", "f3d1"], Score::Cp(180));
        assert!(g.allows("captures_check"));
        // Taken back at once it is a trade with check, not the point.
        let traded = "4k3/3r4/8/1B6/8/8/8/4K3 w - - 0 1";
        let g = gate(traded, &["b5d7", "e8d7"], Score::Cp(0));
        assert!(!g.allows("captures_check"));
        // A gain the score does not believe is not the point.
        let g = gate(fried, &["c4d5", "e6d6", "f3d1"], Score::Cp(-300));
        assert!(
            !g.allows("captures_check"),
            "the score does not believe the gain"
        );
        // Morphy, game 34: 33.cxd8=Q# takes the queen and mates: the mate is the point.
        let mate = "3q3k/2P3pp/p7/1p2pp2/8/7P/P4PP1/6K1 w - - 0 33";
        let g = gate(mate, &["c7d8q"], Score::Mate(1));
        assert!(g.mates);
        assert!(!g.allows("captures_check") && !g.allows("wins_material"));
    }

    #[test]
    fn a_guard_removed_is_said_only_when_the_line_wins_what_it_guarded() {
        // Morphy (purpose_tune2): 16.Bxe7 Qxe7 17.Bxf5 wins the bishop the knight guarded; the
        // score (+0.95) does not show the whole piece, and need not for this sentence.
        let fen = "r2q1rk1/pp2np1p/1b3p2/n2p1b2/3P4/B2B1N2/P4PPP/R2Q1RK1 w - - 0 16";
        let won = gate(fen, &["a3e7", "d8e7", "d3f5", "a5c4"], Score::Cp(95));
        assert!(won.allows("idea_removes_guard"));
        assert!(!won.allows("wins_material"));
        // A line that leaves the bishop on f5: a trade, nothing won, no guard removed said.
        let back = gate(fen, &["a3e7", "d8e7", "d1e2", "f8e8"], Score::Cp(0));
        assert!(!back.allows("idea_removes_guard"));
        // One of two defenders of d5 taken (purpose_textbook_tune): said when Nxd5 wins the
        // pawn, not when the line takes nothing.
        let fen = "r2q1rk1/pp2bppp/5n2/3p2B1/8/1QN5/PP3PPP/R4RK1 w - - 0 1";
        let won = gate(fen, &["g5f6", "e7f6", "c3d5", "f6b2"], Score::Cp(50));
        assert!(won.allows("idea_removes_defender"));
        let even = gate(fen, &["g5f6", "e7f6", "a1d1", "f8e8"], Score::Cp(0));
        assert!(!even.allows("idea_removes_defender"));
    }

    #[test]
    fn a_trade_into_an_ending_is_said_only_when_the_score_is_for_the_mover() {
        // ...Rxc1 Kxc1: a pawn ending with the outside passed b-pawn (purpose_textbook_tune).
        let fen = "2r3k1/5ppp/8/1p6/8/8/3K1PPP/2R5 b - - 0 1";
        assert!(gate(fen, &["c8c1", "d2c1"], Score::Cp(290)).allows("idea_trades_down"));
        // An extra pawn the score does not believe (a drawn ending) is no ending to head for.
        assert!(!gate(fen, &["c8c1", "d2c1"], Score::Cp(10)).allows("idea_trades_down"));
        // The guard of e8 taken: the mate threat is the point when the score is for the mover.
        let fen = "6k1/1rn2ppp/8/8/8/6B1/5PPP/4R1K1 w - - 0 1";
        assert!(gate(fen, &["g3c7", "b7c7"], Score::Cp(390)).allows("idea_removes_mate_guard"));
        assert!(!gate(fen, &["g3c7", "b7c7"], Score::Cp(0)).allows("idea_removes_mate_guard"));
    }

    #[test]
    fn material_won_is_said_only_when_the_score_believes_it() {
        // exd5 wins a pawn: at +1.0 it is won, at 0.0 it comes back (or is paid for) later.
        let won = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
        assert!(gate(won, &["e4d5", "e8d7"], Score::Cp(100)).allows("wins_material"));
        assert!(!gate(won, &["e4d5", "e8d7"], Score::Cp(0)).allows("wins_material"));
        assert!(gate(won, &["e4d5", "e8d7"], Score::Mate(3)).allows("wins_material"));
        // A pawn down before, a pawn won back: level material at 0.0 is believed, and said as
        // won back.
        let down = "4k3/7p/8/3p4/4P3/8/8/4K3 w - - 0 1";
        let g = gate(down, &["e4d5", "e8d7"], Score::Cp(0));
        assert!(g.allows("wins_back") && !g.allows("wins_material"));
        // A line that wins nothing wins no material.
        assert!(!gate(won, &["e1e2", "e8d7"], Score::Cp(300)).allows("wins_material"));
    }

    #[test]
    fn a_gambit_is_a_sacrifice_unless_the_position_is_lost() {
        // 2.f4 exf4 3.Nf3: a pawn given for the initiative.
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        let sound = gate(fen, &["f2f4", "e5f4", "g1f3"], Score::Cp(10));
        assert!(sound.sacrifice);
        let lost = gate(fen, &["f2f4", "e5f4", "g1f3"], Score::Cp(-800));
        assert!(!lost.sacrifice, "a position lost by eight pawns");
    }

    #[test]
    fn material_lost_deep_in_the_line_is_no_sacrifice() {
        // The rook is given on the mover's fifth move: the line ends worse, nothing was given
        // for the attack (Tal - Velimirovic, 19...Ke6: a rook lost twenty plies deep).
        let fen = "4k2r/8/8/8/8/8/8/4K1R1 w - - 0 1";
        let walk = [
            "e1d1", "e8d8", "d1c1", "d8c8", "c1b1", "c8b8", "b1a1", "b8a8", "g1h1", "h8h1", "a1b2",
            "a8b7",
        ];
        assert!(!gate(fen, &walk, Score::Cp(0)).sacrifice);
        // The same rook given on the first move is one.
        assert!(gate(fen, &["g1h1", "h8h1", "e1d2", "e8d7"], Score::Cp(0)).sacrifice);
    }

    #[test]
    fn a_king_move_attacks_no_exposed_king_and_material_won_back_is_no_interest() {
        // Morphy, game 132: "Kb1 was stronger: it attacks an exposed king" said the line's
        // checks, not the king's move.
        let fen = "4k3/8/8/8/8/8/8/1Q2K3 w - - 0 1";
        assert!(!gate(fen, &["e1d2", "e8d8"], Score::Cp(900)).allows("exposed_king"));
        assert!(gate(fen, &["b1b8", "e8e7"], Score::Cp(900)).allows("exposed_king"));
        // Morphy, game 132: 9.Qe2+ gives material for a moment and regains no more than it
        // was behind: the combination's "with interest" is not said.
        let g = Gate {
            combination: true,
            wins_back: true,
            ..Gate::default()
        };
        assert!(!g.allows("combination"));
        assert!(
            Gate {
                wins_back: false,
                ..g.clone()
            }
            .allows("combination")
        );
        // Fischer, game 2: 20.Be3 "allows cxd5, which gives up material to win more": as
        // the reason an error hurts, the answer's gain is the point, not a combination.
        assert!(
            !Gate {
                wins_back: false,
                answer: true,
                ..g
            }
            .allows("combination")
        );
    }

    #[test]
    fn an_answer_that_only_takes_back_is_no_reason_for_a_verdict() {
        // Morphy, game 130: "A slight inaccuracy: after Bxc6+, bxc6 takes back the bishop"
        // names a trade, not why 9.Bxc6+ lost a pawn's worth.
        let fen = "r2qkb1r/ppp2p1p/2B5/3pP1p1/4npb1/5N2/PPPP2PP/RNBQ1RK1 b kq - 0 9";
        let answer = Gate {
            answer: true,
            answer_takes_back: true,
            ..gate(fen, &["b7c6", "d2d3"], Score::Cp(200))
        };
        assert!(
            !answer.allows("recapture") && !answer.allows("captures"),
            "{answer:?}"
        );
        assert!(gate(fen, &["b7c6", "d2d3"], Score::Cp(200)).allows("recapture"));
        // Session 31: "after Nxg6, hxg6 removes the attacker" (a defence) and "after dxc5,
        // Bxd4 trades off the knight on its outpost" (an even trade) are no reasons either.
        for id in [
            "threat_met_captures",
            "threat_met_moves",
            "equal_trade",
            "idea_outpost_taken",
            "idea_trades_attacked",
            "idea_trades_hitter",
        ] {
            assert!(!answer.allows(id), "{id}");
        }
    }

    #[test]
    fn extra_material_given_back_is_no_sacrifice_for_the_attack() {
        // Gelfand - Carlsen, 20.Nxa4 Rxc2: the side a rook up gives one back and ends level:
        // "gives material back", not "material is given up for the attack"; all of it, not
        // "part of its extra material" (9.Be2, session 31).
        let fen = "4k2r/8/8/8/8/8/8/R3K1R1 w - - 0 1";
        let g = gate(fen, &["g1h1", "h8h1", "e1d2", "e8d7"], Score::Cp(0));
        assert!(g.gives_back_all && !g.gives_back && !g.sacrifice);
        assert!(g.allows("gives_back_all") && !g.allows("gives_back") && !g.allows("sacrifice"));
        // Two rooks up, one given: part of it.
        let fen = "4k2r/8/8/8/8/8/8/RR2K1R1 w - - 0 1";
        let g = gate(fen, &["g1h1", "h8h1", "e1d2", "e8d7"], Score::Cp(500));
        assert!(g.gives_back && !g.gives_back_all && !g.sacrifice);
        // Given from level material it is a sacrifice.
        let fen = "4k2r/8/8/8/8/8/8/4K1R1 w - - 0 1";
        let g = gate(fen, &["g1h1", "h8h1", "e1d2", "e8d7"], Score::Cp(0));
        assert!(g.sacrifice && !g.gives_back);
    }

    #[test]
    fn a_combination_that_wins_back_what_was_missing_is_said_so() {
        // Morphy (game 108), 9.Nxf7 a pawn down: ...Kxf7 Qf3+ and Bxd5+ win the knight back
        // with the pawn that was missing. Not "with interest", not a desperado (the knight on
        // g5 was hit by the queen, yet the line wins it back).
        let fen = "r1bqk2r/ppp2ppp/2n5/b2np1N1/2B5/2P5/P2P1PPP/RNBQ1RK1 w kq - 0 9";
        let line = [
            "g5f7", "e8f7", "d1f3", "d8f6", "c4d5", "c8e6", "d5e6", "f7e6", "f3g4", "e6f7",
        ];
        let g = gate(fen, &line, Score::Cp(55));
        assert!(g.combination && g.wins_back);
        assert!(g.allows("combination_back"));
        assert!(!g.allows("combination"));
        assert!(!g.allows("desperado"));
    }

    #[test]
    fn a_threat_that_outlasts_the_check_is_not_answered_by_it() {
        // Carlsen-Wang Yue, 9.Re1+ Kf8: the knight on f6 still takes the queen on h5.
        let fen = "r2qk2r/pppb1ppp/3b1n2/3p3Q/3P4/3B4/PPP2PPP/RNB2RK1 w kq - 4 9";
        assert!(
            gate(fen, &["f1e1", "e8f8"], Score::Cp(20))
                .threats_after_check
                .contains(&"f6h5".to_owned())
        );
        // Blocked by the knight on e4, the queen is no longer attacked.
        assert!(
            !gate(fen, &["f1e1", "f6e4"], Score::Cp(20))
                .threats_after_check
                .contains(&"f6h5".to_owned())
        );
    }

    #[test]
    fn material_given_at_once_and_won_back_with_interest_is_a_combination() {
        // Tal - Vooremaa, 19.exf6: the queen on g7 is left; after Rxg7 fxg7 the line wins
        // more than it back. No "sacrifice" (it ends ahead), a combination.
        let fen = "r1b1k3/1p1pbrQ1/pqn2p2/4PP1p/3p1N2/3B4/PPP3PP/R4R1K w q - 2 19";
        let line = [
            "e5f6", "f7g7", "f6g7", "e8f7", "f5f6", "e7f6", "f4h5", "c6e7", "a1e1", "e7g8", "d3h7",
            "g8h6", "f1f6", "b6f6", "g7g8b", "h6g8", "h7g8", "f7g8", "h5f6", "g8f7", "f6e8",
        ];
        let g = gate(fen, &line, Score::Cp(279));
        assert!(g.combination && !g.sacrifice);
        // A pawn won at once is no combination: nothing was given.
        let pawn = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
        assert!(!gate(pawn, &["e4d5", "e8d7"], Score::Cp(100)).combination);
        // A rook given for nothing back is none either.
        let rook = "4k2r/8/8/8/8/8/8/4K1R1 w - - 0 1";
        assert!(!gate(rook, &["g1h1", "h8h1", "e1d2", "e8d7"], Score::Cp(0)).combination);
        // Morphy, game 124: 13.Rxd7 Nxd7 14.Bxe7 gives the exchange on the recapture and
        // takes the queen at once elsewhere: a combination.
        let exchange = "3rkb1r/p2nqppp/5n2/1B2p1B1/4P3/1Q6/PPP2PPP/2KR3R w k - 3 13";
        let line = [
            "d1d7", "f6d7", "g5e7", "f8e7", "b5d7", "d8d7", "b3b8", "d7d8", "b8b5",
        ];
        assert!(gate(exchange, &line, Score::Cp(480)).combination);
        // An exchange sequence taken back on its square gives nothing: Nxe5 Nxe5 Rxe5.
        let sequence = "4k3/8/2n5/4p3/8/5N2/8/4RK2 w - - 0 1";
        let line = ["f3e5", "c6e5", "e1e5", "e8d7"];
        assert!(!gate(sequence, &line, Score::Cp(100)).combination);
    }

    #[test]
    fn the_only_legal_reply_is_no_sacrifice() {
        // Black in check with one legal move.
        let g = gate("k7/8/2K5/8/8/8/8/R7 b - - 0 1", &["a8b8"], Score::Cp(0));
        assert!(!g.sacrifice);
    }

    #[test]
    fn only_move_needs_a_margin_over_the_second_best() {
        let p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let l = line(&p, &["e1f1"]);
        let subject = |best, second| Subject {
            before: &p,
            mv: l[0],
            pv: &[],
            score_after: Some(best),
            best_score: Some(best),
            second_score: Some(second),
            facts: None,
            level: ExplainLevel::Medium,
        };
        assert!(!Gate::of(&subject(Score::Cp(50), Score::Cp(45))).only_move);
        assert!(Gate::of(&subject(Score::Cp(50), Score::Cp(-200))).only_move);
    }

    #[test]
    fn a_threat_the_recapture_refutes_is_no_warning() {
        // ...a6 Nxc6 would threaten Nxd8, but bxc6 simply recaptures.
        let fen = "3qk3/ppp4p/2n5/8/3N4/8/PPP5/4K3 b - - 0 1";
        let g = gate(fen, &["a7a6", "d4c6", "b7c6"], Score::Cp(0));
        assert!(!g.watch_survives);
        // After ...h6 instead, Nxd8 still wins the queen.
        let g = gate(fen, &["a7a6", "d4c6", "h7h6"], Score::Cp(0));
        assert!(g.watch_survives);
        // In a forced mate no warning is said.
        let g = gate(fen, &["a7a6", "d4c6", "h7h6"], Score::Mate(-3));
        assert!(!g.allows("watch_wins"));
    }

    #[test]
    fn what_a_piece_taken_at_once_would_do_is_no_point() {
        // Leko-Carlsen: 20.Bxg7 Kxg7 is a trade, not "pressure on the kingside".
        let fen = "r4rk1/1p2p1b1/p3p2p/3nB1p1/8/2N2P1P/PPP2P2/2KR3R w - - 1 20";
        let g = gate(fen, &["e5g7", "g8g7", "c3d5"], Score::Cp(0));
        assert!(g.moved_taken);
        for id in [
            "kingside_attack",
            "king_zone_pressure",
            "pin_created",
            "fork",
        ] {
            assert!(!g.allows(id), "{id}");
        }
        assert!(g.allows("captures") && g.allows("recapture"));
        // Taken elsewhere (the reply captures another piece): the bishop's activity stands.
        let g = gate(fen, &["e5g7", "d5c3", "g7h6"], Score::Cp(0));
        assert!(!g.moved_taken);
    }

    #[test]
    fn no_attack_when_queens_come_off_nor_a_storm_when_worse() {
        // 16...Ng3 cxd5 Nxe2+ (Morphy 204): the queens are off by the third ply.
        let fen = "r4rk1/1pp2pp1/pbn4p/3q4/PPP1n3/5N1P/2N1QPP1/R1B2RK1 b - - 0 16";
        let g = gate(fen, &["e4g3", "c4d5", "g3e2", "g1h2"], Score::Cp(0));
        assert!(g.queens_off);
        for id in [
            "kingside_attack",
            "king_zone_pressure",
            "idea_storm",
            "idea_castles_opposite",
        ] {
            assert!(!g.allows(id), "{id}");
        }
        // 17...O-O-O at -2.5 for Black: castling that must be made is no storm plan.
        let fen = "r3kb1r/p3n1pp/1ppq4/3p4/8/1Q2BB2/PP3PPP/2R1R1K1 b kq - 0 17";
        let g = gate(fen, &["e8c8", "a2a4"], Score::Cp(-250));
        assert!(g.mover_worse && !g.allows("idea_castles_opposite"));
        let g = gate(fen, &["e8c8", "a2a4"], Score::Cp(0));
        assert!(!g.queens_off && g.allows("idea_castles_opposite"));
    }

    #[test]
    fn a_move_taken_at_once_stops_nothing() {
        // 1.Rh2 Rxh2: the rook that would cover h5 is gone; "Rh2 stops ...h5" is no point.
        let fen = "8/7p/8/4k3/8/3K4/5R2/6r1 w - - 0 1";
        let g = gate(fen, &["f2h2", "g1h1"], Score::Cp(0));
        assert!(!g.moved_taken && g.allows("idea_stops"));
        let fen = "8/7p/8/4k3/8/3K4/5R2/7r w - - 0 1";
        let g = gate(fen, &["f2h2", "h1h2"], Score::Cp(0));
        assert!(g.moved_taken);
        assert!(!g.allows("idea_stops") && !g.allows("idea_occupies"));
    }

    #[test]
    fn material_won_back_is_not_material_won() {
        // White is a knight down and takes a pawn back: "wins back", not "wins material".
        let down = "4k3/8/8/3p4/4P3/8/8/1n2K3 w - - 0 1";
        let g = gate(down, &["e4d5", "e8d7"], Score::Cp(0));
        assert!(g.wins_back && g.allows("wins_back") && !g.allows("wins_back_later"));
        // A quiet move whose line takes it back: the line wins it back, not the move.
        let g = gate(down, &["e1e2", "e8e7", "e4d5", "e7d6"], Score::Cp(0));
        assert!(g.allows("wins_back_later") && !g.allows("wins_back"));
        // Level material, the same capture wins.
        let level = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
        let g = gate(level, &["e4d5", "e8d7"], Score::Cp(100));
        assert!(!g.wins_back && g.allows("wins_material") && !g.allows("wins_back"));
        // 11...Bxe5 in Fischer's game, a pawn down: dxe5 takes back, ...Qxd1 Rxd1 Nxe4 wins the
        // pawn back. The line is the point, not "captures a knight".
        let gambit = "r1bqr1k1/1pp2ppp/p1pb1n2/4N1B1/3PP3/2P5/PP3PPP/RN1QR1K1 b - - 2 11";
        let line = [
            "d6e5", "d4e5", "d8d1", "e1d1", "f6e4", "g5e3", "c8f5", "b1d2",
        ];
        let g = gate(gambit, &line, Score::Cp(38));
        assert!(g.taken_back && g.wins_back && g.allows("wins_back") && !g.allows("captures"));
        // A capture not taken back still says what it takes.
        let g = gate(level, &["e4d5", "e8d7"], Score::Cp(100));
        assert!(g.allows("captures"));
        // 20.Nxd8 eight pawns down (Tal.pgn game 2): the first plies win back six, and only
        // the end of the line wins the trapped knight on a1: "wins back", not "+6 pawns won".
        let tal = "r1bq1rk1/4b1pp/p1N5/1pp5/2nP1p2/3Q3P/PP1B1PP1/nN2R1K1 w - - 0 20";
        let line = [
            "c6d8", "c8f5", "d3f3", "a8d8", "e1e7", "f5b1", "d2f4", "d8d4", "g2g3", "c4d6", "f3g4",
            "d6f5", "e7e1", "b1d3", "e1a1", "d4e4", "f2f3",
        ];
        let g = gate(tal, &line, Score::Cp(60));
        assert!(g.wins_back && !g.allows("captures_wins") && !g.allows("wins_material"));
    }

    #[test]
    fn a_centre_pawn_taken_two_plies_later_is_no_centre() {
        // Morphy, game 191: 22.d4 Nd5 23.Rde1 exd4 (session 49 read: "a protected pawn stands
        // on d4").
        let g = gate(
            "3r1rk1/2p1n3/p3b2p/1p2ppq1/6p1/1PPPP3/P2Q1NPP/3R1RNK w - - 6 22",
            &["d3d4", "e7d5", "d1e1", "e5d4"],
            Score::Cp(0),
        );
        assert!(g.moved_taken_later && !g.allows("pawn_centre"));
    }

    #[test]
    fn wings_are_checked_against_the_squares() {
        // Black king on g8; a queenside pawn capture is no kingside attack.
        let g = gate(
            "6k1/pp3ppp/8/8/8/8/PP3PPP/6K1 w - - 0 1",
            &["b2b4"],
            Score::Cp(0),
        );
        assert!(!g.kingside && !g.queenside);
        // Black king on b8; Nh5 is no queenside attack.
        let g = gate(
            "1k6/ppp5/8/8/8/6N1/5PPP/6K1 w - - 0 1",
            &["g3h5"],
            Score::Cp(0),
        );
        assert!(!g.queenside && !g.kingside);
        // Svidler-Carlsen: 20.Nxf4 takes back on f4; the knight checks on f6 only fourteen
        // plies later (Nd5 ... Nxf6+): no attack on the king when it moved.
        let g = gate(
            "2r2rk1/1bq1bp1p/pp1p2p1/2n3P1/2P1Pn2/2N5/PP2N1BP/2RQR1K1 w - - 0 20",
            &[
                "e2f4", "e7g5", "f4d5", "c7d8", "c1c2", "c5e6", "b2b3", "e6f4", "e4e5", "f4g2",
                "c2g2", "d6e5", "e1e5", "g5f6", "d5f6", "d8f6",
            ],
            Score::Cp(-240),
        );
        assert!(!g.kingside);
        // Fischer-Tal: 16...Bxf1 takes the rook next to the king; its point is the rook, not
        // an attack (session 49).
        let g = gate(
            "2kr2r1/ppq1nN1Q/4p3/Pb1p2B1/8/P1p5/2P2PPP/R4RK1 b - - 0 16",
            &["b5f1", "f7d8", "g8g5"],
            Score::Cp(0),
        );
        assert!(!g.kingside);
        // The knight heads for the king and takes on g7 near the corner: it takes part.
        let g = gate(
            "6k1/5ppp/8/8/8/6N1/5PPP/6K1 w - - 0 1",
            &["g3h5", "g8f8", "h5g7"],
            Score::Cp(0),
        );
        assert!(g.kingside);
        // A quiet bishop move whose line takes near the king with another piece (20.Be2 in
        // a Dragon) is no attack on the king; nor is a knight taken on its way.
        let g = gate(
            "6k1/p4ppp/8/8/8/6N1/5PPP/5BK1 w - - 0 1",
            &["f1e2", "a7a6", "g3h5", "a6a5", "h5g7"],
            Score::Cp(0),
        );
        assert!(!g.kingside);
        let g = gate(
            "6k1/5pp1/6q1/8/8/6NR/5PPP/6K1 w - - 0 1",
            &["g3h5", "g6h5", "h3h5", "g8f8", "h5h7"],
            Score::Cp(-600),
        );
        assert!(
            !g.kingside,
            "the knight is taken on h5: the rook's capture is not its"
        );
        // A king stepping into the corner attacks nothing (19...Kh8 with White's king on g1).
        let g = gate(
            "r5k1/pppqb2p/2bp1pr1/4nN2/4PR2/2N3BP/PPP1Q1P1/3R2K1 b - - 0 19",
            &["g8h8"],
            Score::Cp(-150),
        );
        assert!(!g.kingside && !g.queenside);
    }

    #[test]
    fn a_capturer_taken_back_threatens_nothing_and_leaves_no_doubled_pawn() {
        // 19...fxe4 20.dxe4: the pawn on e4 "attacking f3" is gone at once.
        let g = gate(
            "r3r2k/1pqnn1bp/2ppb1p1/4pp2/1PP1PP2/3P1NP1/1BQ1N1BP/4RR1K b - - 0 20",
            &["f5e4", "d3e4"],
            Score::Cp(-60),
        );
        assert!(g.taken_back);
        for id in ["threat_wins", "attacks_piece", "doubled_pawn_created"] {
            assert!(!g.allows(id), "{id}");
        }
        // A quiet move is never "taken back".
        let g = gate(
            "r3r2k/1pqnn1bp/2ppb1p1/4pp2/1PP1PP2/3P1NP1/1BQ1N1BP/4RR1K b - - 0 20",
            &["h8g8", "d3d4"],
            Score::Cp(-60),
        );
        assert!(!g.taken_back && g.allows("threat_wins"));
    }

    #[test]
    fn endgame_names_fit_the_material() {
        assert_eq!(Endgame::of(&pos("8/5k2/8/8/8/8/8/R3K3 w - - 0 1")), None);
        assert_eq!(
            Endgame::of(&pos("8/5k2/5p2/8/8/8/5P2/4K3 w - - 0 1")),
            Some(Endgame::Pawn)
        );
        assert_eq!(
            Endgame::of(&pos("r7/5k2/5p2/8/8/8/5P2/4K3 w - - 0 1")),
            None,
            "a rook against none is no rook endgame"
        );
        let g = gate("8/5k2/8/8/8/8/8/R3K3 w - - 0 1", &["a1a7"], Score::Cp(900));
        assert!(!g.allows("rook_endgame"));
    }

    #[test]
    fn a_capturer_taken_back_in_a_trade_is_no_hanging_piece() {
        // ...Nxd4: the knight took a knight and stands undefended; Bxd4 is a trade.
        let hangs = |fen: &str| after_claim(fen, Fact::Hangs { square: Square::D4 });
        let fen = "4k3/8/2n5/8/3N4/4B3/8/4K3 b - - 0 1";
        assert!(!gate(fen, &["c6d4"], Score::Cp(0)).allows_claim(&hangs(fen)));
        // A knight that takes a pawn and hangs does hang.
        let fen = "4k3/8/2n5/8/3P4/4B3/8/4K3 b - - 0 1";
        assert!(gate(fen, &["c6d4"], Score::Cp(-200)).allows_claim(&hangs(fen)));
    }

    #[test]
    fn a_threat_the_line_carries_out_only_to_take_back_wins_nothing() {
        // Tal - Russell, 9.Qa4: the queen leaves b3 with the knight on a5 attacked, and the
        // bishop on f7 it guarded; ...Kxf7 Qxa5 is a trade ("threatens Qxa5, winning the
        // knight" was misleading, session 44 read).
        let fen = "r1bq1knr/ppp1bBpp/3p4/n7/4P3/1QN2N2/PP3PPP/R1B1K2R w KQ - 1 9";
        let threat = after_claim(
            "r1bq1knr/ppp1bBpp/3p4/n7/Q3P3/2N2N2/PP3PPP/R1B1K2R b KQ - 2 9",
            Fact::ThreatWins {
                uci: "a4a5".to_owned(),
                san: "Qxa5".to_owned(),
                target: Square::A5,
                role: Role::Knight,
                gain: 3,
            },
        );
        let traded = gate(fen, &["b3a4", "f8f7", "a4a5"], Score::Cp(100));
        assert!(!traded.allows_claim(&threat));
        // A reply that takes nothing leaves the threat standing.
        let kept = gate(fen, &["b3a4", "c7c6", "f7b3"], Score::Cp(100));
        assert!(kept.allows_claim(&threat));
    }

    #[test]
    fn a_piece_guarded_by_a_tactic_is_no_hanging_piece() {
        // A coach's read (Carlsen, game 253): 19.Nxe5 "hangs" the knight, but ...dxe5 uncovers
        // nothing for Black and everything for White: Qxh5 takes the knight on h5 back.
        let fen = "2rqrbk1/1b4pp/pn1p4/1p1Ppp1n/1P2P3/2P2N1P/1B1N1PP1/R2QRBK1 w - - 0 19";
        let knight = after_claim(
            "2rqrbk1/1b4pp/pn1p4/1p1PNp1n/1P2P3/2P4P/1B1N1PP1/R2QRBK1 b - - 0 19",
            Fact::Hangs { square: Square::E5 },
        );
        assert!(!gate(fen, &["f3e5", "d6e5", "d1h5"], Score::Cp(30)).allows_claim(&knight));
        // Taken and not won back at once, it hung.
        assert!(gate(fen, &["f3e5", "d6e5", "a1a2"], Score::Cp(-200)).allows_claim(&knight));
    }

    #[test]
    fn a_centre_pawn_taken_at_once_is_no_centre() {
        // The second strict read of session 31: 9.d4 "A protected pawn stands on d4 in the
        // centre", and ...cxd4 takes it at once.
        let fen = "rn1qk2r/1b2bppp/pp1ppn2/2p5/2P1P3/2N2NP1/PP1P1PBP/R1BQR1K1 w kq - 1 9";
        assert!(!gate(fen, &["d2d4", "c5d4", "f3d4"], Score::Cp(20)).allows("pawn_centre"));
        assert!(gate(fen, &["d2d4", "e8g8"], Score::Cp(20)).allows("pawn_centre"));
    }

    #[test]
    fn a_defence_the_line_breaks_is_no_defence() {
        // The second strict read of session 31: 20.Nxe6 "defends the pawn on g5 against
        // Rxg5+", but ...Bxe6 Rxe6 Rxg5+ takes it all the same.
        let fen = "r1k2b2/2pbn1p1/1pp1p3/p5Pr/3N4/2N5/PPP2P1B/3RR1K1 w - - 1 20";
        let after = "r1k2b2/2pbn1p1/1pp1N3/p5Pr/8/2N5/PPP2P1B/3RR1K1 b - - 0 20";
        let claim = |fact: Fact| after_claim(after, fact);
        let defends = claim(Fact::Defends {
            from: Square::E6,
            target: Square::G5,
        });
        let met = claim(Fact::ThreatMet {
            uci: "d4e6".to_owned(),
            threat: "h5g5".to_owned(),
            threat_san: "Rxg5+".to_owned(),
            mate: false,
            target: Square::G5,
            how: "defends".to_owned(),
        });
        let broken = gate(
            fen,
            &["d4e6", "d7e6", "e1e6", "h5g5", "g1h1"],
            Score::Cp(-40),
        );
        assert!(!broken.allows_claim(&defends) && !broken.allows_claim(&met));
        // Taken back at once (...Bxe6 Rxe6) or never taken, the defence holds.
        let holds = gate(
            fen,
            &["d4e6", "d7e6", "e1e6", "c8b7", "e6e7"],
            Score::Cp(-40),
        );
        assert!(holds.allows_claim(&defends) && holds.allows_claim(&met));
    }

    #[test]
    fn a_move_the_line_plays_all_the_same_is_not_stopped() {
        // Carlsen, 20.b5 (Nd2 was better): "Nd2 stops Bb3" while the line after Nd2 plays
        // ...Bb3 on the opponent's third move (session 36 read).
        let fen = "1n1r1rk1/1pp2qpp/p2nbp2/2Q1p3/PP2P3/2P2N1P/2B2PP1/R1B1R1K1 w - - 3 20";
        let stops = Claim {
            fen: fen.to_owned(),
            at: crate::explain::claims::At::Before,
            supports: crate::explain::claims::Supports::Better,
            fact: Fact::Idea {
                uci: "f3d2".to_owned(),
                idea: "stops".to_owned(),
                square: Square::B3,
                other: None,
                moves: vec!["e6b3".to_owned()],
                san: vec!["Bb3".to_owned()],
                n: 0,
            },
        };
        let line = ["f3d2", "d8c8", "f2f3", "f8d8", "d2f1", "e6b3"];
        assert!(!gate(fen, &line, Score::Cp(7)).allows_claim(&stops));
        // A line that does not play it leaves it said.
        assert!(gate(fen, &line[..5], Score::Cp(7)).allows_claim(&stops));
    }

    #[test]
    fn a_piece_the_reply_leaves_standing_is_no_hanging_piece() {
        // Grischuk-Carlsen: 20.Nxc6 with the queen on g4 attacked by ...f5; ...fxg4 Nxd8 takes
        // the queen back, so the line's reply is Rxc6 and "the queen hangs" misleads.
        let fen = "2rq1rk1/pp3pbp/2b3p1/4Np2/3P2Q1/2P5/P2B1PPP/3RR1K1 w - - 0 20";
        let queen = after_claim(
            "2rq1rk1/pp3pbp/2N3p1/5p2/3P2Q1/2P5/P2B1PPP/3RR1K1 b - - 0 20",
            Fact::Hangs { square: Square::G4 },
        );
        assert!(!gate(fen, &["e5c6", "c8c6"], Score::Cp(30)).allows_claim(&queen));
        // The reply that takes it, or no line at all, lets it be said.
        assert!(gate(fen, &["e5c6", "f5g4"], Score::Cp(-600)).allows_claim(&queen));
        assert!(gate(fen, &["e5c6"], Score::Cp(30)).allows_claim(&queen));
    }

    #[test]
    fn a_capture_threatens_nothing_worth_less_than_it_takes() {
        // Morphy, 17.Bxc7 takes the queen: "threatens to win the pawn on g3 with hxg3" is
        // beside the point; a threat on something worth more than the capture is not.
        let threat = |fen: &str, role: Role| {
            after_claim(
                fen,
                Fact::ThreatWins {
                    uci: "h2g3".to_owned(),
                    san: "hxg3".to_owned(),
                    target: Square::G3,
                    role,
                    gain: 1,
                },
            )
        };
        let fen = "r1b3kr/ppq2pp1/1npB1nN1/3p1P2/3P4/1BN3p1/PPP3PP/4RRK1 w - - 0 17";
        let g = gate(fen, &["d6c7"], Score::Cp(130));
        assert!(!g.allows_claim(&threat(fen, Role::Pawn)));
        let fen = "4k3/8/8/8/8/8/p7/R3K3 w - - 0 1";
        let g = gate(fen, &["a1a2"], Score::Cp(0));
        assert!(!g.allows_claim(&threat(fen, Role::Pawn)));
        assert!(g.allows_claim(&threat(fen, Role::Rook)));
        // A quiet move's threats stand.
        let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        assert!(gate(fen, &["a1b1"], Score::Cp(0)).allows_claim(&threat(fen, Role::Pawn)));
    }

    #[test]
    fn a_passed_pawn_that_takes_next_does_not_run() {
        // Carlsen, game 153: 17...d5 hits the knight on e4 and takes it next (dxe4); "pushes
        // the passed pawn towards d1" was padding (session 48 read).
        let fen = "r1b2rk1/pp3p1p/3p2p1/8/2nbN3/1P4PP/P4PB1/1RB2RK1 b - - 1 17";
        assert!(
            !gate(fen, &["d6d5", "f1d1", "d5e4"], Score::Cp(-20)).allows("passed_pawn_advance")
        );
        assert!(gate(fen, &["d6d5", "f1d1", "c4e5"], Score::Cp(-20)).allows("passed_pawn_advance"));
    }

    #[test]
    fn a_piece_traded_at_once_was_not_developed() {
        // Morphy, game 189: 11...Bxe6 12.Bxe6 ("Bxe6 develops a piece", session 48 read).
        let fen = "r1b1kb1r/ppp3qp/2npNp1n/8/2BPPBpP/2N5/PPP3P1/R2Q1RK1 b kq - 6 11";
        assert!(!gate(fen, &["c8e6", "c4e6"], Score::Cp(-400)).allows("development"));
        // A quiet developing move taken at once still develops (the trade was offered).
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        assert!(gate(fen, &["f1b5", "a7a6"], Score::Cp(30)).allows("development"));
    }

    #[test]
    fn an_exposed_king_is_news_only_against_a_queen() {
        // A rook endgame: Rb8+ against a king without pawns is no attack on an exposed king.
        let g = gate("k7/8/1K6/8/8/8/8/7R w - - 0 1", &["h1h8"], Score::Mate(1));
        assert!(!g.allows("exposed_king"));
        let g = gate("k7/8/1K6/8/8/8/8/6Q1 w - - 0 1", &["g1g8"], Score::Mate(1));
        assert!(g.allows("exposed_king"));
    }

    #[test]
    fn the_line_shown_only_at_the_advanced_level() {
        let g = gate("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &["e1f1"], Score::Cp(0));
        assert!(!g.allows("material_gain") && g.allows("fork"));
    }
}
