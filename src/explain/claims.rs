//! Claims: typed board facts behind the sentences, each checkable from a FEN alone by an
//! independent program (`scripts/check_claims.py` does so with python-chess).
//!
//! Every claim carries the FEN it is about. Squares are algebraic (`"e4"`), moves UCI.
//!
//! Why one file of about 1,280 lines: it is one type, [`Fact`], whose ~650-line enum is the
//! documented schema that `scripts/check_claims.py` checks field by field; each case's
//! `///` says what the checker verifies. Splitting the enum is not possible, and its
//! methods (the JSON shape, the perturbations) follow its cases one to one.

use serde::{Serialize, Serializer};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position, Role, Square};

use crate::explain::board::{self, value};
use crate::explain::quality::Score;
use crate::explain::sentence_check::gain_window;
use crate::explain::themes::Theme;

mod themed;

fn ser_sq<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(sq)
}

fn ser_sqs<S: Serializer>(sqs: &[Square], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(sqs.iter().map(|q| q.to_string()))
}

fn ser_opt_sq<S: Serializer>(sq: &Option<Square>, s: S) -> Result<S::Ok, S::Error> {
    match sq {
        Some(q) => s.collect_str(q),
        None => s.serialize_none(),
    }
}

fn ser_role<S: Serializer>(r: &Role, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(crate::game::notation::role_name(*r))
}

/// One fact. The meaning of each kind, as the checker verifies it on `fen`:
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Fact {
    /// The piece on `from` attacks the enemy piece on `target`.
    Attacks {
        /// Attacker.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// Attacked enemy piece.
        #[serde(serialize_with = "ser_sq")]
        target: Square,
    },
    /// The piece on `from` defends (attacks) the friendly piece on `target`.
    Defends {
        /// Defender.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// Defended piece.
        #[serde(serialize_with = "ser_sq")]
        target: Square,
    },
    /// `uci` is legal and captures an enemy `captured` (en passant included).
    Captures {
        /// The move.
        uci: String,
        /// Role of the captured piece.
        #[serde(serialize_with = "ser_role")]
        captured: Role,
    },
    /// `uci` is legal and gives check.
    Check {
        /// The move.
        uci: String,
    },
    /// The piece on `pinned` stands alone between the enemy slider on `pinner` and its own
    /// piece on `behind` (the king for an absolute pin), on one line the slider moves along.
    Pins {
        /// Pinning slider.
        #[serde(serialize_with = "ser_sq")]
        pinner: Square,
        /// Pinned piece.
        #[serde(serialize_with = "ser_sq")]
        pinned: Square,
        /// Piece behind it.
        #[serde(serialize_with = "ser_sq")]
        behind: Square,
    },
    /// The piece on `from` attacks every enemy piece on `targets` (two or more).
    Forks {
        /// Forking piece.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// Forked pieces.
        #[serde(serialize_with = "ser_sqs")]
        targets: Vec<Square>,
    },
    /// The piece on `square` is attacked by the enemy and defended by no friendly piece.
    Hangs {
        /// The hanging piece.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// The pawn on `square` has no enemy pawn ahead of it on its own or an adjacent file; it
    /// promotes on `queens_on`.
    PassedPawn {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
        /// Its promotion square.
        #[serde(serialize_with = "ser_sq")]
        queens_on: Square,
    },
    /// The pawn on `square` has no friendly pawn on an adjacent file.
    IsolatedPawn {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// The pawn on `square` shares its file with another friendly pawn.
    DoubledPawn {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// The pawn on `square` has friendly pawns on adjacent files, all of them further
    /// advanced; its stop square is attacked by an enemy pawn and by no friendly pawn.
    BackwardPawn {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// The rook on `square` stands on a file without pawns of its own colour; `open` says
    /// whether there are no pawns at all on it.
    OpenFile {
        /// The rook.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
        /// No pawns at all on the file.
        open: bool,
    },
    /// The rook or queen on `square` stands on its side's seventh rank.
    SeventhRank {
        /// The piece.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// `uci` is legal and is castling.
    Castles {
        /// The move.
        uci: String,
    },
    /// `uci` is legal and moves a knight or bishop off its initial square.
    Develops {
        /// The move.
        uci: String,
    },
    /// `uci` is legal and promotes to `role`.
    Promotes {
        /// The move.
        uci: String,
        /// New piece.
        #[serde(serialize_with = "ser_role")]
        role: Role,
    },
    /// Material on the board: P1 N3 B3 R5 Q9 per side.
    Material {
        /// White's material.
        white: i32,
        /// Black's material.
        black: i32,
    },
    /// Playing `line` (legal, side to move first) ends in checkmate of the opponent after `n`
    /// of the side to move's moves.
    MateIn {
        /// Number of the mating side's moves.
        n: usize,
        /// The line, UCI.
        line: Vec<String>,
    },
    /// Playing `line` changes the material balance by `gain` pawns for the side to move.
    WinsMaterial {
        /// The line, UCI.
        line: Vec<String>,
        /// Balance change in pawns.
        gain: i32,
    },
    /// The piece on `from` attacks the enemy piece on `target`, which is worth more than the
    /// attacker or is undefended, and the attacker is not pinned to its own king.
    Threatens {
        /// Attacker.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// Threatened piece.
        #[serde(serialize_with = "ser_sq")]
        target: Square,
    },
    /// If the side to move in the FEN passed, the other side's legal move `uci` (`san`) would
    /// give checkmate.
    ThreatMate {
        /// The threatened move.
        uci: String,
        /// Its SAN in the position after the pass.
        san: String,
    },
    /// If the side to move in the FEN passed, the other side's legal move `uci` (`san`) would
    /// capture the `role` on `target`, which is undefended or worth more than the capturer,
    /// and the exchange on `target` wins at least a pawn: `gain` pawns by static exchange
    /// (pins counted, [`crate::explain::board::see_gain`]). Said as winning the piece only
    /// when the exchange wins it ([`threat_gain_variant`]); a rook for a minor piece is the
    /// exchange, any other part said as material (20.Bf3 "threatens to win the rook on a8"
    /// with the rook on f8 guarding it; 9.Nxd4 "Bxc6+, winning the knight" where ...bxc6 takes
    /// back, session 41).
    ThreatWins {
        /// The threatened capture.
        uci: String,
        /// Its SAN in the position after the pass.
        san: String,
        /// The square of the threatened piece.
        #[serde(serialize_with = "ser_sq")]
        target: Square,
        /// The threatened piece.
        #[serde(serialize_with = "ser_role")]
        role: Role,
        /// What the exchange on `target` wins, pawns.
        gain: u32,
    },
    /// In the FEN (side to move = the mover) the opponent threatened `threat` (a mate when
    /// `mate`, else the capture of the piece on `target`, as in [`Fact::ThreatMate`] and
    /// [`Fact::ThreatWins`] after a pass); after the mover's `uci` that threat no longer
    /// works, and `how` says why: `moves` (the target leaves), `captures` (the threatening
    /// piece is taken), `blocks` (the move lands between), `defends` (the moved piece guards
    /// the target), `check` (the move gives check) or `stops` (anything else).
    ThreatMet {
        /// The mover's move.
        uci: String,
        /// The opponent's threatened move, UCI.
        threat: String,
        /// Its SAN in the position after a pass.
        threat_san: String,
        /// Whether the threat was a mate.
        mate: bool,
        /// The threatened square (the mated king's square for a mate threat).
        #[serde(serialize_with = "ser_sq")]
        target: Square,
        /// How the move meets it.
        how: String,
    },
    /// The piece on `from` attacks the enemy piece on `defender`, which defends its own piece
    /// on `target`, which another piece of `from`'s side attacks; `target` has no more
    /// defenders than attackers.
    AttacksDefender {
        /// Attacker.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// The attacked defender.
        #[serde(serialize_with = "ser_sq")]
        defender: Square,
        /// The piece it defends.
        #[serde(serialize_with = "ser_sq")]
        target: Square,
    },
    /// The piece on `from` attacks the enemy pawn on `target` (f7, f2, h7 or h2), which only
    /// its king defends and at least two pieces of `from`'s side attack.
    WeakPoint {
        /// Attacker.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// The weak pawn.
        #[serde(serialize_with = "ser_sq")]
        target: Square,
    },
    /// The pawn on `from` attacks the central square `square` (d4, e4, d5 or e5), empty or
    /// held by an enemy piece other than the king.
    Controls {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// The central square.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// The piece on `from` attacks `square`, which is the enemy king's square or next to it.
    KingZone {
        /// Attacker.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// The square in the king's zone.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// The pawn on `square` stands on its side's seventh rank, one step from promotion.
    AdvancedPawn {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// If the side to move in the FEN passed, the other side could castle with `uci`.
    CanCastle {
        /// The castling move (king to rook square, as shakmaty's UCI in standard mode).
        uci: String,
    },
    /// `uci` (legal, the side to move's pawn) leaves the shield of its king on `king`: the king
    /// stands on its back rank off the d and e files, the pawn starts on the king's file or
    /// next to it, on its second or third rank, and the enemy has a queen.
    ShieldPawn {
        /// The pawn move.
        uci: String,
        /// The king it shielded.
        #[serde(serialize_with = "ser_sq")]
        king: Square,
    },
    /// `uci` (legal, a king move that is not castling, six or fewer pieces other than kings
    /// and pawns on the board) brings the king nearer (king steps) to `toward`: a central
    /// square (d4, e4, d5, e5), a passed pawn (of either side) or an enemy pawn (the one its
    /// line takes).
    KingCloser {
        /// The king move.
        uci: String,
        /// The square it heads for.
        #[serde(serialize_with = "ser_sq")]
        toward: Square,
    },
    /// The king on `king` (the side to move's) stands on its own three home ranks with no own
    /// pawn on the three squares in front of it, and playing `line` (legal) the other side
    /// gives it check.
    ExposedKing {
        /// The exposed king.
        #[serde(serialize_with = "ser_sq")]
        king: Square,
        /// The line, UCI, side to move first.
        line: Vec<String>,
    },
    /// The enemy king on `king` stands on its back rank on the wing `corner` belongs to (a-c
    /// or g-h file), and playing `line` (legal, side to move first) `hits` (two or more) of
    /// the side to move's moves give check or capture within three king steps of `corner`.
    WingAttack {
        /// The enemy king.
        #[serde(serialize_with = "ser_sq")]
        king: Square,
        /// The corner of its wing.
        #[serde(serialize_with = "ser_sq")]
        corner: Square,
        /// The line, UCI.
        line: Vec<String>,
        /// Checks and captures near the corner.
        hits: usize,
    },
    /// The rook or queen on `square` stands on a file with no pawn of the enemy king's colour,
    /// on the king's (on `king`) file or next to it.
    OpenLine {
        /// The rook or queen.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
        /// The enemy king.
        #[serde(serialize_with = "ser_sq")]
        king: Square,
    },
    /// The king on `king` (on its back rank) has `square` in front of it (next to it, one rank
    /// up) empty and not attacked by the other side: a flight square.
    Luft {
        /// The king.
        #[serde(serialize_with = "ser_sq")]
        king: Square,
        /// The free square.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// `uci` (legal, not castling) leaves the side to move with fewer castling rights.
    GivesUpCastling {
        /// The move.
        uci: String,
    },
    /// The king on `king` stands on its back rank with no free square (empty, unattacked) on
    /// the rank in front of it, and an enemy rook or queen attacks a square of that back rank.
    BackRank {
        /// The king.
        #[serde(serialize_with = "ser_sq")]
        king: Square,
    },
    /// Only kings and pawns on the board; the kings on `kings` face each other on a file or
    /// rank with an odd number of squares between them, and the side to move must give way.
    Opposition {
        /// The two kings.
        #[serde(serialize_with = "ser_sqs")]
        kings: Vec<Square>,
    },
    /// The rook on `rook` stands on the file of the passed pawn on `pawn`, behind it (seen from
    /// the pawn's side), nothing between them.
    RookBehind {
        /// The rook.
        #[serde(serialize_with = "ser_sq")]
        rook: Square,
        /// The passed pawn.
        #[serde(serialize_with = "ser_sq")]
        pawn: Square,
    },
    /// The rook on `rook` stands on a file strictly between the enemy king on `king` and the
    /// rook side's passed pawn on `pawn`.
    CutsOff {
        /// The rook.
        #[serde(serialize_with = "ser_sq")]
        rook: Square,
        /// The enemy king.
        #[serde(serialize_with = "ser_sq")]
        king: Square,
        /// The passed pawn.
        #[serde(serialize_with = "ser_sq")]
        pawn: Square,
    },
    /// The knight or bishop on `square` stands on its side's fourth to sixth rank, defended by
    /// an own pawn, and no enemy pawn stands on an adjacent file ahead of it (none can ever
    /// attack it): an outpost.
    Outpost {
        /// The piece.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// The bishop on `square` stands on a long diagonal (a1-h8 or h1-a8) and attacks at least
    /// four squares of it.
    LongDiagonal {
        /// The bishop.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// `side` (white or black) has bishops on both square colours and the other side has not.
    BishopPair {
        /// The side with the pair.
        side: String,
    },
    /// After `uci` (legal) the side to move has `after` pawn islands, more than the `before` it
    /// has in the FEN.
    PawnIslands {
        /// The move.
        uci: String,
        /// Islands in the FEN.
        before: u32,
        /// Islands after the move.
        after: u32,
    },
    /// `uci` (legal, no capture, no check) moves a knight, bishop, rook or queen that is not on
    /// an initial square of its kind, while the side to move's knights or bishops on `waiting`
    /// (one or more) still stand on their initial squares.
    MovesAgain {
        /// The move.
        uci: String,
        /// Minor pieces still at home.
        #[serde(serialize_with = "ser_sqs")]
        waiting: Vec<Square>,
    },
    /// `uci` (legal, a pawn move) leaves the side to move's rook on `rook` (not moved) on a file
    /// that held a pawn of the side to move before the move and holds none after it.
    OpensFile {
        /// The pawn move.
        uci: String,
        /// The rook whose file opens.
        #[serde(serialize_with = "ser_sq")]
        rook: Square,
    },
    /// `uci` (legal, a piece move, no capture, no check) prepares the pawn lever `push`: in the
    /// FEN `push` is a legal pawn push (no capture) whose square attacks an enemy pawn, and that
    /// square (with the pushed pawn lifted) is attacked more often by the enemy than by the
    /// side to move; after `uci` and a pass, `push` is legal and the square is attacked at
    /// least as often by the side to move as by the enemy.
    PreparesBreak {
        /// The preparing move.
        uci: String,
        /// The pawn push it prepares.
        push: String,
    },
    /// Only kings and pawns on the board, the side to move's opponent has the passed pawn on
    /// `pawn` whose path to `queens_on` is empty and which needs `moves` moves (two squares
    /// from its second rank); the side to move's king on `king` is more than `moves` king
    /// steps from `queens_on` (outside the square); and the side to move's fastest passed pawn
    /// with an empty path needs `their_moves` (more than `moves`), or there is none.
    Race {
        /// The runner.
        #[serde(serialize_with = "ser_sq")]
        pawn: Square,
        /// Its promotion square.
        #[serde(serialize_with = "ser_sq")]
        queens_on: Square,
        /// Moves it needs.
        moves: u32,
        /// The king that cannot catch it.
        #[serde(serialize_with = "ser_sq")]
        king: Square,
        /// Moves the other side's fastest free passed pawn needs, if any.
        their_moves: Option<u32>,
    },
    /// `uci` (legal, no capture, no check) moves the side to move's knight, bishop, rook or
    /// queen from `from` (not a knight's or bishop's initial square), which has `before` safe
    /// squares (attacked by it, holding no own piece, attacked by no enemy pawn) and no other
    /// of those pieces of its side has fewer; after the move it has `after` (at least three
    /// more).
    ImprovesPiece {
        /// The move.
        uci: String,
        /// The piece's square before it.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// Safe squares before.
        before: u32,
        /// Safe squares after.
        after: u32,
    },
    /// A textbook idea of the move `uci` (legal in the FEN, the side to move's move), named by
    /// `idea` (its variant for templates); each idea's board condition is documented in
    /// [`crate::explain::purpose::ideas`] and [`crate::explain::purpose::point`] and checked
    /// independently by `scripts/check_claims.py`. `square` is the main square the idea is
    /// about, `other` a second one, `moves` the moves it rests on (UCI; for `stops` the
    /// opponent's move after a pass, for the line ideas the line from the FEN starting with
    /// `uci`), `san` the moves the sentence names, `n` a count (pawns up, pawns on a wing).
    Idea {
        /// The move.
        uci: String,
        /// Which idea: `stops`, `denies`, `prepares`, `plan`, `route`, `king_off_line`, `king_corner`, `blockade`,
        /// `undermines`, `minority`, `storm`, `fianchetto`, `centralises`, `aims_f7`, `aims_king`, `breakthrough`,
        /// `trades_down`.
        idea: String,
        /// The main square.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
        /// A second square, if the idea has one.
        #[serde(serialize_with = "ser_opt_sq")]
        other: Option<Square>,
        /// The moves the idea rests on, UCI.
        moves: Vec<String>,
        /// The moves the sentence names, SAN.
        san: Vec<String>,
        /// A count the sentence names (0 when none).
        n: u32,
    },
    /// Pawn Battle: White has `white_pawns` pawns and `white_rooks` rooks, Black `black_pawns`
    /// and `black_rooks` (the only pieces of the game).
    PbMaterial {
        /// White's pawns.
        white_pawns: u32,
        /// White's rooks.
        white_rooks: u32,
        /// Black's pawns.
        black_pawns: u32,
        /// Black's rooks.
        black_rooks: u32,
    },
    /// Pawn Battle: the pawn on `square` has no enemy pawn ahead of it on its own or an
    /// adjacent file; its last-rank square is `goal`.
    PbPassed {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
        /// The last-rank square of its file.
        #[serde(serialize_with = "ser_sq")]
        goal: Square,
    },
    /// Pawn Battle, in a position where the side to move is the runner's opponent: the
    /// runner's passed pawn on `pawn` has an empty path to `goal` that no enemy rook attacks
    /// (nor its own square), and needs `moves` moves (a double step counts once); the side to
    /// move's fastest passed pawn with an empty path needs `their_moves`, more than `moves`,
    /// or it has none.
    PbRace {
        /// The runner.
        #[serde(serialize_with = "ser_sq")]
        pawn: Square,
        /// Its last-rank square.
        #[serde(serialize_with = "ser_sq")]
        goal: Square,
        /// Moves it needs.
        moves: u32,
        /// Moves the other side's fastest free passed pawn needs, if it has one.
        their_moves: Option<u32>,
    },
    /// Pawn Battle: the piece on `blocker` stands on the square in front of the enemy passed
    /// pawn on `pawn` (the next square on its way), so the pawn cannot advance.
    PbBlockade {
        /// The blockaded passed pawn.
        #[serde(serialize_with = "ser_sq")]
        pawn: Square,
        /// The blocking piece.
        #[serde(serialize_with = "ser_sq")]
        blocker: Square,
    },
    /// Pawn Battle: the rook on `rook` stands on a file without pawns of its own colour;
    /// `open` says whether there are no pawns at all on it.
    PbRookFile {
        /// The rook.
        #[serde(serialize_with = "ser_sq")]
        rook: Square,
        /// No pawns at all on the file.
        open: bool,
    },
    /// Pawn Battle: the rook on `rook` stands on the file of the passed pawn on `pawn` (of
    /// either side), behind it as the pawn runs, with nothing between them.
    PbRookBehind {
        /// The rook.
        #[serde(serialize_with = "ser_sq")]
        rook: Square,
        /// The passed pawn.
        #[serde(serialize_with = "ser_sq")]
        pawn: Square,
    },
    /// Pawn Battle: the rook on `rook` stands on the file of its own pawn on `pawn`, which is
    /// not passed, behind it with nothing between them: it defends the pawn from behind as
    /// the pawn advances.
    PbRookBacks {
        /// The rook.
        #[serde(serialize_with = "ser_sq")]
        rook: Square,
        /// The pawn of its own it stands behind.
        #[serde(serialize_with = "ser_sq")]
        pawn: Square,
    },
    /// Pawn Battle, in a position where the side to move is the pawn's opponent: the pawn on
    /// `pawn` stands on its seventh rank and can reach the last-rank square `goal` with its
    /// next move (a step onto an empty square or a capture), so the side to move must stop it.
    PbThreat {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        pawn: Square,
        /// A last-rank square it can reach.
        #[serde(serialize_with = "ser_sq")]
        goal: Square,
    },
    /// Pawn Battle, in a position where the side to move is the attacker's opponent: the
    /// piece on `attacker` attacks the enemy piece on `target` (a pawn diagonally forward, a
    /// rook along its file or rank with nothing between), whose role is `target_role`
    /// (`rook`, or `pawn` when no pawn of its own side defends it): it can be taken next move
    /// and no pawn takes back.
    PbAttack {
        /// The attacking piece.
        #[serde(serialize_with = "ser_sq")]
        attacker: Square,
        /// The attacked piece.
        #[serde(serialize_with = "ser_sq")]
        target: Square,
        /// `rook` or `pawn`.
        target_role: String,
    },
    /// Pawn Battle, in a position where the side to move is the defender's opponent: the
    /// piece on `defender` defends its side's pawn on `pawn` (a pawn diagonally forward, a rook
    /// along its file or rank with nothing between), which the enemy piece on `attacker`
    /// attacks: if it is taken, it is taken back.
    PbDefend {
        /// The defending piece.
        #[serde(serialize_with = "ser_sq")]
        defender: Square,
        /// The defended pawn.
        #[serde(serialize_with = "ser_sq")]
        pawn: Square,
        /// An enemy piece attacking it.
        #[serde(serialize_with = "ser_sq")]
        attacker: Square,
    },
    /// Pawn Battle, in a position where the side to move is the pawn's opponent: the pawn on
    /// `pawn` needs `moves` moves to reach `goal`, the last-rank square of its file, if its
    /// path were free (a double step from its start counts once).
    PbAdvance {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        pawn: Square,
        /// The last-rank square of its file.
        #[serde(serialize_with = "ser_sq")]
        goal: Square,
        /// Moves it needs.
        moves: u32,
    },
    /// Pawn Battle: `uci` is legal and wins the game at once: `how` is `last_rank` (a pawn
    /// reaches the last rank) or `last_pawn` (it captures the opponent's last pawn).
    PbWins {
        /// The move.
        uci: String,
        /// How it wins.
        how: String,
    },
    /// The judgement of the move from the search's scores (mover's view): the numbers behind
    /// every quality, score and "better was" sentence.
    Quality {
        /// Quality class.
        quality: String,
        /// Score of the best move.
        best: Score,
        /// Score of the move.
        played: Score,
        /// Score of the second-best move, when known.
        second: Option<Score>,
        /// Winning-chance drop.
        drop: f64,
        /// The only-move flag.
        only_move: bool,
    },
    /// The move (`uci`, from the claim's position) is a move of a named opening line (the
    /// Lichess opening names shipped in `assets/openings/`): theory, named `eco` `name`.
    Book {
        /// The move in UCI.
        uci: String,
        /// ECO code of the line named.
        eco: String,
        /// Name of the line.
        name: String,
    },
}

/// The variant of a [`Fact::ThreatWins`] whose capture is `san`: `piece` when the exchange
/// wins all of the piece, or all of it but the capturer and at least two pawns (Nxe2 against a
/// queen the bishop takes back: "winning the queen"); `exchange` for a rook won for a minor
/// piece; else `part`.
#[must_use]
pub fn threat_gain_variant(role: Role, gain: u32, san: &str) -> &'static str {
    let worth = |r: Role| u32::try_from(board::value(r)).unwrap_or(0);
    let capturer = match san.chars().next() {
        Some('N') => Role::Knight,
        Some('B') => Role::Bishop,
        Some('R') => Role::Rook,
        Some('Q') => Role::Queen,
        Some('K') => Role::King,
        _ => Role::Pawn,
    };
    if role == Role::Rook && gain == 2 && matches!(capturer, Role::Knight | Role::Bishop) {
        "exchange"
    } else if gain >= worth(role)
        || (gain >= 2 && capturer != Role::King && gain + worth(capturer) >= worth(role))
    {
        "piece"
    } else {
        "part"
    }
}

/// Whether the idea `idea` only reads out the line's plan: `plan`, or `plan_break`, which
/// names the pawn the plan's break strikes at.
#[must_use]
pub fn is_plan_idea(idea: &str) -> bool {
    matches!(idea, "plan" | "plan_break")
}

impl Fact {
    /// Snake-case kind name.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Fact::Attacks { .. } => "attacks",
            Fact::Defends { .. } => "defends",
            Fact::Captures { .. } => "captures",
            Fact::Check { .. } => "check",
            Fact::Pins { .. } => "pins",
            Fact::Forks { .. } => "forks",
            Fact::Hangs { .. } => "hangs",
            Fact::PassedPawn { .. } => "passed_pawn",
            Fact::IsolatedPawn { .. } => "isolated_pawn",
            Fact::DoubledPawn { .. } => "doubled_pawn",
            Fact::BackwardPawn { .. } => "backward_pawn",
            Fact::OpenFile { .. } => "open_file",
            Fact::SeventhRank { .. } => "seventh_rank",
            Fact::Castles { .. } => "castles",
            Fact::Develops { .. } => "develops",
            Fact::Promotes { .. } => "promotes",
            Fact::Material { .. } => "material",
            Fact::MateIn { .. } => "mate_in",
            Fact::WinsMaterial { .. } => "wins_material",
            Fact::Threatens { .. } => "threatens",
            Fact::ThreatMate { .. } => "threat_mate",
            Fact::ThreatWins { .. } => "threat_wins",
            Fact::ThreatMet { .. } => "threat_met",
            Fact::AttacksDefender { .. } => "attacks_defender",
            Fact::WeakPoint { .. } => "weak_point",
            Fact::Controls { .. } => "controls",
            Fact::KingZone { .. } => "king_zone",
            Fact::AdvancedPawn { .. } => "advanced_pawn",
            Fact::CanCastle { .. } => "can_castle",
            Fact::ShieldPawn { .. } => "shield_pawn",
            Fact::KingCloser { .. } => "king_closer",
            Fact::ExposedKing { .. } => "exposed_king",
            Fact::WingAttack { .. } => "wing_attack",
            Fact::OpenLine { .. } => "open_line",
            Fact::Luft { .. } => "luft",
            Fact::GivesUpCastling { .. } => "gives_up_castling",
            Fact::BackRank { .. } => "back_rank",
            Fact::Opposition { .. } => "opposition",
            Fact::RookBehind { .. } => "rook_behind",
            Fact::CutsOff { .. } => "cuts_off",
            Fact::Outpost { .. } => "outpost",
            Fact::LongDiagonal { .. } => "long_diagonal",
            Fact::BishopPair { .. } => "bishop_pair",
            Fact::PawnIslands { .. } => "pawn_islands",
            Fact::MovesAgain { .. } => "moves_again",
            Fact::OpensFile { .. } => "opens_file",
            Fact::PreparesBreak { .. } => "prepares_break",
            Fact::Race { .. } => "race",
            Fact::ImprovesPiece { .. } => "improves_piece",
            Fact::Idea { .. } => "idea",
            Fact::PbMaterial { .. } => "pb_material",
            Fact::PbPassed { .. } => "pb_passed",
            Fact::PbRace { .. } => "pb_race",
            Fact::PbBlockade { .. } => "pb_blockade",
            Fact::PbRookFile { .. } => "pb_rook_file",
            Fact::PbRookBehind { .. } => "pb_rook_behind",
            Fact::PbRookBacks { .. } => "pb_rook_backs",
            Fact::PbThreat { .. } => "pb_threat",
            Fact::PbWins { .. } => "pb_wins",
            Fact::PbAttack { .. } => "pb_attack",
            Fact::PbAdvance { .. } => "pb_advance",
            Fact::PbDefend { .. } => "pb_defend",
            Fact::Quality { .. } => "quality",
            Fact::Book { .. } => "book",
        }
    }

    /// Every kind name, in declaration order (for the template coverage test).
    pub const KINDS: [&'static str; 64] = [
        "attacks",
        "defends",
        "captures",
        "check",
        "pins",
        "forks",
        "hangs",
        "passed_pawn",
        "isolated_pawn",
        "doubled_pawn",
        "backward_pawn",
        "open_file",
        "seventh_rank",
        "castles",
        "develops",
        "promotes",
        "material",
        "mate_in",
        "wins_material",
        "threatens",
        "threat_mate",
        "threat_wins",
        "threat_met",
        "attacks_defender",
        "weak_point",
        "controls",
        "king_zone",
        "advanced_pawn",
        "can_castle",
        "shield_pawn",
        "king_closer",
        "exposed_king",
        "wing_attack",
        "open_line",
        "luft",
        "gives_up_castling",
        "back_rank",
        "opposition",
        "rook_behind",
        "cuts_off",
        "outpost",
        "long_diagonal",
        "bishop_pair",
        "pawn_islands",
        "moves_again",
        "opens_file",
        "prepares_break",
        "race",
        "improves_piece",
        "pb_material",
        "pb_passed",
        "pb_race",
        "pb_blockade",
        "pb_rook_file",
        "pb_rook_behind",
        "pb_rook_backs",
        "pb_threat",
        "pb_wins",
        "pb_attack",
        "pb_defend",
        "pb_advance",
        "idea",
        "quality",
        "book",
    ];

    /// The ideas of [`Fact::Idea`] (its variants for templates: `claim:idea/stops`).
    pub const IDEAS: [&'static str; 89] = [
        "takes_first_hit",
        "takes_first",
        "stops_hit",
        "shuts_discovery",
        "frees_guard",
        "readies",
        "readies_hit",
        "sidesteps",
        "refutes",
        "line_costs",
        "makes_way",
        "outpost_taken",
        "blockade_isolated",
        "rook_lift",
        "castles_opposite",
        "push_hits",
        "guards",
        "counters",
        "piece_for_pawns",
        "trades_hitter",
        "uncovers_take",
        "uncovers",
        "prepares_hit",
        "supports",
        "makes_room_trade",
        "trades_attacked",
        "gives_piece",
        "lost_back",
        "stops",
        "denies",
        "denies_push",
        "escapes",
        "prepares",
        "plan",
        "plan_break",
        "check_first",
        "route",
        "route_hits",
        "king_off_line",
        "king_corner",
        "blockade",
        "undermines",
        "minority",
        "storm",
        "fianchetto",
        "centralises",
        "centralises_queen",
        "off_rim",
        "keeps",
        "aims_f7",
        "aims_king",
        "breakthrough",
        "trades_down",
        "rook_backs",
        "rook_opens",
        "clears",
        "occupies",
        "offers_trade",
        "offers_trade_attacker",
        "removes_guard",
        "removes_mate_guard",
        "removes_defender",
        "avoids_trade",
        "fianchettoes",
        "steps_out",
        "steps_out_guards",
        "blocks_check",
        "reinforces",
        "unpins",
        "prepares_fianchetto",
        "fianchetto_pawn",
        "opens_diagonal",
        "battery",
        "xray",
        "unblocks",
        "stops_attack",
        "threat_line",
        "threat_mating",
        "stops_mate",
        "stops_line",
        "removes_line",
        "keeps_pin",
        "costs_castling",
        "takes_pinner",
        "trade_tempo",
        "stops_plan",
        "stops_plan_answer",
        "doubles_pawns",
        "makes_room",
    ];

    /// The variant of a kind that a template may ask for (`claim:threat_met/defends`).
    #[must_use]
    pub fn sub(&self) -> Option<&str> {
        match self {
            Fact::ThreatMet { how, mate, .. } => Some(if *mate { "mate" } else { how.as_str() }),
            Fact::ThreatWins {
                role, gain, san, ..
            } => Some(threat_gain_variant(*role, *gain, san)),
            Fact::Idea { idea, .. } => Some(idea.as_str()),
            Fact::Race { their_moves, .. } | Fact::PbRace { their_moves, .. } => {
                Some(if their_moves.is_some() {
                    "first"
                } else {
                    "free"
                })
            }
            Fact::PbRookFile { open, .. } | Fact::OpenFile { open, .. } => {
                Some(if *open { "open" } else { "half_open" })
            }
            Fact::PbWins { how, .. } => Some(how.as_str()),
            Fact::PbAttack { target_role, .. } => Some(target_role.as_str()),
            _ => None,
        }
    }

    /// The main square the fact is about (for placeholders), if any.
    #[must_use]
    pub fn square(&self) -> Option<Square> {
        match self {
            Fact::Attacks { target, .. }
            | Fact::Defends { target, .. }
            | Fact::Threatens { target, .. }
            | Fact::ThreatMet { target, .. }
            | Fact::ThreatWins { target, .. }
            | Fact::WeakPoint { target, .. }
            | Fact::AttacksDefender { target, .. } => Some(*target),
            Fact::Controls { square, .. } | Fact::KingZone { square, .. } => Some(*square),
            Fact::AdvancedPawn { square } => Some(*square),
            Fact::ShieldPawn { king, .. }
            | Fact::ExposedKing { king, .. }
            | Fact::WingAttack { king, .. }
            | Fact::BackRank { king }
            | Fact::CutsOff { king, .. } => Some(*king),
            Fact::KingCloser { toward, .. } => Some(*toward),
            Fact::OpenLine { square, .. }
            | Fact::Luft { square, .. }
            | Fact::Outpost { square }
            | Fact::LongDiagonal { square } => Some(*square),
            Fact::RookBehind { pawn, .. } | Fact::Race { pawn, .. } => Some(*pawn),
            Fact::OpensFile { rook, .. } => Some(*rook),
            Fact::ImprovesPiece { from, .. } => Some(*from),
            Fact::Idea { square, .. } => Some(*square),
            Fact::PbPassed { square, .. } => Some(*square),
            Fact::PbRace { pawn, .. }
            | Fact::PbBlockade { pawn, .. }
            | Fact::PbThreat { pawn, .. } => Some(*pawn),
            Fact::PbRookFile { rook, .. }
            | Fact::PbRookBehind { rook, .. }
            | Fact::PbRookBacks { rook, .. } => Some(*rook),
            Fact::PbAttack { attacker, .. } => Some(*attacker),
            Fact::PbAdvance { pawn, .. } => Some(*pawn),
            Fact::PbDefend { defender, .. } => Some(*defender),
            Fact::Pins { pinned, .. } => Some(*pinned),
            Fact::Forks { from, .. } => Some(*from),
            Fact::Hangs { square }
            | Fact::PassedPawn { square, .. }
            | Fact::IsolatedPawn { square }
            | Fact::DoubledPawn { square }
            | Fact::BackwardPawn { square }
            | Fact::OpenFile { square, .. }
            | Fact::SeventhRank { square } => Some(*square),
            _ => None,
        }
    }
}

/// Which position of the explanation a claim speaks of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// The position before the move.
    Before,
    /// The position after the move.
    After,
    /// The position after the n-th move of the line (1 = after the move itself).
    Line(usize),
}

impl Serialize for At {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            At::Before => s.serialize_str("before"),
            At::After => s.serialize_str("after"),
            At::Line(n) => s.collect_str(&format_args!("line:{n}")),
        }
    }
}

/// Which move a claim supports: the move explained or the engine's better move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Supports {
    /// The move explained.
    Played,
    /// The engine's better move ("Better was X, which …").
    Better,
    /// The opponent's answer an error allows ("X allows Y, which …"): the claim's position is
    /// the one after the move (or later), its facts are about the answer.
    Reply,
}

/// A fact and the position (FEN) it holds in.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Claim {
    /// The position, as FEN.
    pub fen: String,
    /// Which position of the explanation `fen` is.
    pub at: At,
    /// The move the claim supports.
    pub supports: Supports,
    /// The fact.
    #[serde(flatten)]
    pub fact: Fact,
}

/// FEN of a position (legal en passant squares only).
#[must_use]
pub fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn uci(m: Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// Derives the claims for `mv` played in `before` (reaching `after`), its PV and the themes
/// found for it, then the move's purpose claims ([`crate::explain::purpose::derive`], with
/// `game` the game's moves after it when known), each once. Every claim is a fact on the
/// board, never an opinion.
#[must_use]
pub fn derive(
    before: &Chess,
    mv: Move,
    after: &Chess,
    pv: &[Move],
    themes: &[Theme],
    game: &[Move],
) -> Vec<Claim> {
    let fb = fen(before);
    let fa = fen(after);
    let us = before.turn();
    let b = after.board();
    let mut out = Vec::new();
    let mut push = |fen: &str, fact: Fact| {
        let c = Claim {
            fen: fen.to_owned(),
            at: if fen == fb { At::Before } else { At::After },
            supports: Supports::Played,
            fact,
        };
        if !out.contains(&c) {
            out.push(c);
        }
    };
    if let Some(captured) = mv.capture() {
        push(
            &fb,
            Fact::Captures {
                uci: uci(mv),
                captured,
            },
        );
    }
    if after.is_check() {
        push(&fb, Fact::Check { uci: uci(mv) });
    }
    if mv.is_castle() {
        push(&fb, Fact::Castles { uci: uci(mv) });
    }
    if let Some(role) = mv.promotion() {
        push(&fb, Fact::Promotes { uci: uci(mv), role });
    }
    let to = crate::explain::themes::util::dest(mv, us);
    // What the moved piece attacks and defends now.
    if b.color_at(to) == Some(us) {
        let role = b.role_at(to).unwrap_or(Role::Pawn);
        // Pawns count as targets of a pawn (a lever) only.
        let targets = if role == Role::Pawn {
            b.attacks_from(to) & b.by_color(!us)
        } else {
            b.attacks_from(to) & b.by_color(!us) & !b.pawns()
        };
        for t in targets {
            push(
                &fa,
                Fact::Attacks {
                    from: to,
                    target: t,
                },
            );
            let tr = b.role_at(t).unwrap_or(Role::Pawn);
            // A piece pinned to its own king threatens nothing off the pin line.
            let free = b
                .king_of(us)
                .filter(|k| b.attacks_to(*k, !us, b.occupied().without(to)).any())
                .is_none_or(|k| shakmaty::attacks::aligned(k, to, t));
            if tr != Role::King && free && (value(tr) > value(role) || !board::is_defended(b, t)) {
                push(
                    &fa,
                    Fact::Threatens {
                        from: to,
                        target: t,
                    },
                );
            }
        }
        // Pawns count as defended only while the enemy attacks them.
        let attacked_pawns = (b.pawns() & b.by_color(us))
            .into_iter()
            .filter(|p| board::is_attacked(b, *p, !us))
            .collect::<shakmaty::Bitboard>();
        for t in b.attacks_from(to) & b.by_color(us) & !b.kings() & (!b.pawns() | attacked_pawns) {
            push(
                &fa,
                Fact::Defends {
                    from: to,
                    target: t,
                },
            );
        }
    }
    // A piece hangs only when the side to move can legally take it now (a check to answer
    // or a pinned attacker leaves it standing).
    for s in (b.by_color(us) & !b.kings()).into_iter() {
        if hangs(after, s) && b.role_at(s) != Some(Role::Pawn) {
            push(&fa, Fact::Hangs { square: s });
        }
    }
    push(
        &fa,
        Fact::Material {
            white: board::material(b, shakmaty::Color::White),
            black: board::material(b, shakmaty::Color::Black),
        },
    );
    let mut line = vec![mv];
    line.extend_from_slice(pv);
    for t in themes.iter().filter(|t| {
        t.ply == 0
            || matches!(
                t.id,
                "mate" | "wins_material" | "material_gain" | "exposed_king"
            )
    }) {
        match t.id {
            "development" => push(&fb, Fact::Develops { uci: uci(mv) }),
            "advanced_pawn" => {
                for s in &t.squares {
                    if b.role_at(*s) == Some(Role::Pawn) && board::rel_rank(*s, us) == 6 {
                        push(&fa, Fact::AdvancedPawn { square: *s });
                    }
                }
            }
            "king_zone_pressure" => {
                let ring = board::king_ring(b, !us);
                if b.color_at(to) == Some(us)
                    && let Some(sq) = board::relative(b.attacks_from(to) & ring, us).first()
                {
                    push(
                        &fa,
                        Fact::KingZone {
                            from: to,
                            square: *sq,
                        },
                    );
                }
            }
            "pawn_centre" => {
                for s in &t.squares {
                    if let Some(d) = board::relative(board::attackers(b, *s, us), us).first() {
                        push(
                            &fa,
                            Fact::Defends {
                                from: *d,
                                target: *s,
                            },
                        );
                    }
                }
            }
            // A pin is the move's only when the move creates it.
            "pin_absolute" | "pin_relative"
                if t.squares.len() == 3
                    && !pin_held(before, &t.squares)
                    && !pawn_to_take(after, &t.squares) =>
            {
                push(
                    &fa,
                    Fact::Pins {
                        pinner: t.squares[0],
                        pinned: t.squares[1],
                        behind: t.squares[2],
                    },
                );
            }
            "fork" | "king_fork" if t.squares.len() >= 3 => {
                push(
                    &fa,
                    Fact::Forks {
                        from: t.squares[0],
                        targets: t.squares[1..].to_vec(),
                    },
                );
            }
            "passed_pawn_created" | "passed_pawn_advance" => {
                for s in &t.squares {
                    let pawn = b.piece_at(*s).filter(|p| p.role == Role::Pawn);
                    if pawn.is_some_and(|p| board::is_passed(b, *s, p.color)) {
                        push(
                            &fa,
                            Fact::PassedPawn {
                                square: *s,
                                queens_on: crate::explain::purpose::plans::queening_square(*s, us),
                            },
                        );
                    }
                }
            }
            "isolated_pawn_created" => {
                for s in &t.squares {
                    push(&fa, Fact::IsolatedPawn { square: *s });
                }
            }
            "doubled_pawn_created" => {
                for s in &t.squares {
                    push(&fa, Fact::DoubledPawn { square: *s });
                }
            }
            "backward_pawn_created" => {
                for s in &t.squares {
                    push(&fa, Fact::BackwardPawn { square: *s });
                }
            }
            // The rook's file: the theme's first square is the rook.
            "rook_open_file" | "rook_contests_file" => {
                if let Some(s) = t.squares.first() {
                    push(
                        &fa,
                        Fact::OpenFile {
                            square: *s,
                            open: board::is_open_file(b, s.file()),
                        },
                    );
                }
            }
            "rook_seventh" => {
                for s in &t.squares {
                    push(&fa, Fact::SeventhRank { square: *s });
                }
            }
            "mate" => {
                let n = line.len().div_ceil(2);
                push(
                    &fb,
                    Fact::MateIn {
                        n,
                        line: line.iter().map(|m| uci(*m)).collect(),
                    },
                );
            }
            "wins_material" | "material_gain" => {
                // What the line has won after its first plies, settled; the rest of the line
                // must not give it back.
                let early = &line[..gain_window(before, &line)];
                let positions = board::settled_positions(before, early);
                let start = board::balance(before.board(), us);
                let full_gain = board::settled_gain(before, &line);
                if let Some(last) = positions.last().filter(|_| positions.len() > 1) {
                    let gain = board::balance(last.board(), us) - start;
                    // Said only when a short search from the end of the line keeps it. A pawn
                    // taken back after a piece is won does not undo the win (the rook won by
                    // 31.Rxe6+ ... Qxa8, then ...axb4), but "the line shown ends" up by what
                    // it says exactly.
                    let kept = if t.id == "wins_material" && gain >= 3 {
                        gain - 1
                    } else {
                        gain
                    };
                    if gain < 1
                        || full_gain < kept
                        || !crate::explain::purpose::gain_holds(
                            last,
                            us,
                            board::balance(last.board(), us),
                        )
                    {
                        continue;
                    }
                    push(
                        &fb,
                        Fact::WinsMaterial {
                            line: line[..positions.len() - 1]
                                .iter()
                                .map(|m| uci(*m))
                                .collect(),
                            gain,
                        },
                    );
                }
            }
            _ => {
                for (at, fact) in themed::derive(before, mv, after, pv, t) {
                    push(if at == At::Before { &fb } else { &fa }, fact);
                }
            }
        }
    }
    for c in crate::explain::purpose::derive(before, mv, after, pv, game) {
        if !out.iter().any(|x| x.fen == c.fen && x.fact == c.fact) {
            out.push(c);
        }
    }
    out
}

/// Whether the piece on `sq` (of the side not to move) is attacked, undefended and can be taken
/// by a legal move of the side to move that does not uncover a more valuable piece of its own
/// (9.Bg5 pins the knight on f6 to the queen: ...Nxd5 Bxd8, so the bishop on d5 does not hang).
#[must_use]
pub fn hangs(pos: &Chess, sq: Square) -> bool {
    let b = pos.board();
    let Some(role) = b.role_at(sq) else {
        return false;
    };
    b.color_at(sq) == Some(!pos.turn())
        && board::is_hanging(b, sq)
        && pos
            .legal_moves()
            .iter()
            .any(|m| m.to() == sq && m.is_capture() && !uncovers_more(pos, m, role))
}

/// Whether the capture `m` moves a piece off a line on which an enemy slider then attacks a
/// piece of the capturer's side worth more than the `taken` piece (a relative pin).
fn uncovers_more(pos: &Chess, m: &Move, taken: Role) -> bool {
    let Some(from) = m.from() else {
        return false;
    };
    let b = pos.board();
    let us = pos.turn();
    let occupied = b.occupied().without(from).with(m.to());
    let ours = b.by_color(us).without(from) & !b.kings();
    (b.by_color(!us) & (b.bishops() | b.rooks() | b.queens()))
        .without(m.to())
        .into_iter()
        .any(|s| {
            b.piece_at(s).is_some_and(|slider| {
                (shakmaty::attacks::attacks(s, slider, occupied) & ours)
                    .into_iter()
                    .any(|x| {
                        shakmaty::attacks::between(s, x).contains(from)
                            && b.role_at(x)
                                .is_some_and(|r| board::value(r) > board::value(taken))
                    })
            })
        })
}

/// Whether the pinner, pinned piece and piece behind of `squares` already stood in line in
/// `before` with only the pinned piece between (the pin was there before the move).
/// Whether the pinned man (`squares`: pinner, pinned, behind; the opponent to move in `after`)
/// is a pawn its pinner simply takes, winning material by exchange: an attack on the pawn, no
/// pin (20...Nxd7 "pins the pawn on b2 to the rook" when Bxb2, hitting the rook, was the
/// threat, session 50 read).
fn pawn_to_take(after: &Chess, squares: &[Square]) -> bool {
    let [pinner, pinned] = [squares[0], squares[1]];
    after.board().role_at(pinned) == Some(Role::Pawn)
        && crate::explain::purpose::pass(after).is_some_and(|passed| {
            passed.legal_moves().into_iter().any(|m| {
                m.from() == Some(pinner) && m.to() == pinned && board::see_gain(&passed, m) > 0
            })
        })
}

fn pin_held(before: &Chess, squares: &[Square]) -> bool {
    let b = before.board();
    let [pinner, pinned, behind] = [squares[0], squares[1], squares[2]];
    let same = |s: Square, after_color| b.color_at(s) == Some(after_color);
    b.color_at(pinner) == Some(before.turn())
        && same(pinned, !before.turn())
        && same(behind, !before.turn())
        && (shakmaty::attacks::between(pinner, behind) & b.occupied()).single_square()
            == Some(pinned)
        && b.role_at(pinner).is_some_and(|r| {
            shakmaty::attacks::attacks(pinner, r.of(before.turn()), shakmaty::Bitboard::EMPTY)
                .contains(behind)
        })
}

#[cfg(test)]
mod tests {
    use shakmaty::Square;

    use super::{Fact, derive, hangs};
    use crate::explain::board::{self, from_fen as pos};
    use crate::explain::themes;

    /// The claims of the line's first move (`sans`, the move first) from `fen`, with the
    /// themes of the move itself.
    fn claims_of(fen: &str, sans: &[&str]) -> Vec<super::Claim> {
        let p = pos(fen);
        let line = board::line_from(&p, sans);
        let after = board::play(&p, line[0]).unwrap();
        let found = themes::detect_line_after(None, &p, &line);
        let root: Vec<_> = found.into_iter().filter(|t| t.ply == 0).collect();
        derive(&p, line[0], &after, &line[1..], &root, &[])
    }

    fn wins(fen: &str, sans: &[&str]) -> Option<i32> {
        claims_of(fen, sans).into_iter().find_map(|c| match c.fact {
            Fact::WinsMaterial { gain, .. } => Some(gain),
            _ => None,
        })
    }

    #[test]
    fn material_won_deep_in_a_quiet_line_is_not_won_by_the_move() {
        // Tal-Giplis, 9.Nxc6: the line wins the b-pawn thirteen plies deep (Nxc6 Qxc6 a4 b4
        // Nd5 Nf6 Nxf6+ gxf6 Bd2 h5 c3 b3 Qxb3): no "nets +1 pawn by force".
        let fen = "r3kbnr/1bqp1ppp/p1n1p3/1p6/3NP3/2NB4/PPP2PPP/R1BQR1K1 w kq - 6 9";
        let line = [
            "Nxc6", "Qxc6", "a4", "b4", "Nd5", "Nf6", "Nxf6+", "gxf6", "Bd2", "h5", "c3", "b3",
            "Qxb3", "Rg8", "f3",
        ];
        assert_eq!(wins(fen, &line), None);
        // A rook taken at once, the queen's checks answered and the queens traded: won by
        // the move within five plies (tests/data/theme_cases.txt).
        let rook = "r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2b1/PqP3PP/7K w - - 0 25";
        assert_eq!(
            wins(rook, &["Rxe7", "Qb1+", "Nc1", "Qxc1+", "Qxc1"]),
            Some(5)
        );
    }

    #[test]
    fn a_pawn_the_pinner_simply_takes_is_not_pinned() {
        let pins = |fen: &str, sans: &[&str]| {
            claims_of(fen, sans)
                .into_iter()
                .filter_map(|c| match c.fact {
                    Fact::Pins { pinned, .. } => Some(pinned),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        // Session 50 read (Carlsen, 20...Nxd7): the knight leaving e5 lets the bishop on g7
        // take the loose pawn on b2 and hit the rook on a1: a threat, no pin.
        let fen = "r5k1/p2N1pbp/2pr2p1/4n1B1/4P3/8/PP2N1PP/R4RK1 b - - 0 20";
        assert!(pins(fen, &["Nxd7", "Rab1"]).is_empty());
        // A piece pinned is pinned: 4.Bg5 against the knight on f6 and the queen.
        let fen = "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4";
        assert_eq!(pins(fen, &["Bg5", "Be7"]), vec![Square::F6]);
    }

    #[test]
    fn a_piece_only_a_pinned_attacker_can_take_does_not_hang() {
        // Morphy, game 208: before 9.Bg5 the knight on f6 takes the bishop on d5 for free;
        // after it, ...Nxd5 is answered by Bxd8.
        let before = pos("r1bqk2r/pppp2pp/2n2n2/2bB4/3p4/5N2/PPP2PPP/RNBQ1RK1 b kq - 0 9");
        assert!(hangs(&before, Square::D5));
        let after = pos("r1bqk2r/pppp2pp/2n2n2/2bB2B1/3p4/5N2/PPP2PPP/RN1Q1RK1 b kq - 1 9");
        assert!(!hangs(&after, Square::D5));
        // A pin to a piece worth no more than the one taken does not save it: a rook
        // behind the knight, a queen taken.
        let rook_behind = pos("k2r4/3p4/5n2/3Q4/7B/8/8/4K3 b - - 0 1");
        assert!(hangs(&rook_behind, Square::D5));
    }
}
