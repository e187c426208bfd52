//! The variant seam: the small position abstraction that the search, the game model and the
//! screens will speak to, so that chess and Pawn Battle share one machinery (STYLE.md rule 15).
//!
//! [`VariantPosition`] holds exactly what a game model and an alpha-beta search need from a
//! game's rules: legal moves, playing a move, a Zobrist key, the reversible-move counter, whether
//! a move is "noisy" (for quiescence), whether the side to move is in check, the end of the game
//! decided by the position alone, and text in and out (FEN, SAN/UCI). Chess implements it by
//! delegating to shakmaty and `game::{fen, notation}`; Pawn Battle by
//! [`pawn_battle::PawnBattle`]. Searches will be generic over it (monomorphised, so chess loses
//! nothing): see "Variant seam" in docs/ARCHITECTURE.md.
//!
//! [`Line`] is the history a game needs on top of a position: every position and key since the
//! start, so threefold repetition and the fifty-move rule can be judged.

use std::fmt;

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{
    Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, KnownOutcome, Move, MoveList,
    Position, Role, Setup, Square,
};

use crate::game::{EndReason, FenError, GameEnd, MoveError, fen, notation};

pub mod pawn_battle;

/// Which game is played (`--variant chess`, `--variant pawn-battle`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, clap::ValueEnum)]
pub enum Variant {
    /// Standard chess.
    #[default]
    Chess,
    /// Pawn Battle: pawns and rooks, first to the last rank (README "Pawn Battle").
    PawnBattle,
}

impl Variant {
    /// Every game, chess first (the order of menus and of the position database's codes).
    pub const ALL: [Variant; 2] = [Variant::Chess, Variant::PawnBattle];

    /// The game's fixed English name, as a PGN `Variant` tag or a game line writes it:
    /// `Chess`, `Pawn Battle`.
    #[must_use]
    pub fn english_name(self) -> &'static str {
        match self {
            Variant::Chess => "Chess",
            Variant::PawnBattle => "Pawn Battle",
        }
    }

    /// The game's name as `--variant` writes it: `chess`, `pawn-battle`.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::PawnBattle => "pawn-battle",
        }
    }

    /// The next game in [`Variant::ALL`], round (what "switch the game" keys choose).
    ///
    /// ```
    /// use kibitzer::variant::Variant;
    /// assert_eq!(Variant::Chess.next().next(), Variant::Chess);
    /// assert_ne!(Variant::Chess.next(), Variant::Chess);
    /// ```
    #[must_use]
    pub fn next(self) -> Variant {
        let at = Variant::ALL.iter().position(|&v| v == self).unwrap_or(0);
        Variant::ALL[(at + 1) % Variant::ALL.len()]
    }

    /// Whether the game has kings, so checks, checkmate and castling (chess); a game without
    /// them is won by a race (Pawn Battle), and a mate score there is a forced win.
    #[must_use]
    pub fn has_kings(self) -> bool {
        match self {
            Variant::Chess => true,
            Variant::PawnBattle => false,
        }
    }

    /// The game's name in the language spoken: `Chess`, `Pawn Battle`; `Xadrez`, `Batalha de
    /// Peões`.
    #[must_use]
    pub fn name(self) -> String {
        crate::i18n::t(match self {
            Variant::Chess => "game-chess",
            Variant::PawnBattle => "game-pawn-battle",
        })
    }
}

/// Runs `body` for the game a [`Variant`] names, with `$P` the type of that game's positions
/// (`shakmaty::Chess`, [`pawn_battle::PawnBattle`]): the one place a value names its game and
/// generic code takes over.
///
/// ```ignore
/// with_game!(variant, P => App::<P>::switched(config, seed, time, size))
/// ```
macro_rules! with_game {
    ($variant:expr, $P:ident => $body:expr) => {
        match $variant {
            $crate::variant::Variant::Chess => {
                type $P = ::shakmaty::Chess;
                $body
            }
            $crate::variant::Variant::PawnBattle => {
                type $P = $crate::variant::pawn_battle::PawnBattle;
                $body
            }
        }
    };
}
pub(crate) use with_game;

/// Runs `body` on whichever game an "either game" enum holds (an enum with one `Chess(_)` and
/// one `PawnBattle(_)` case, such as `Saved` or `ReviewGame`), with `$P` the type of that
/// game's positions when named: one arm written once instead of one per game.
///
/// ```ignore
/// each_game!(self, Saved(s) => s.game.ply())
/// each_game!(self, Saved(s) as P => P::NAME)
/// ```
macro_rules! each_game {
    ($value:expr, $($enum:ident)::+ ($bind:pat) => $body:expr) => {
        match $value {
            $($enum)::+::Chess($bind) => $body,
            $($enum)::+::PawnBattle($bind) => $body,
        }
    };
    ($value:expr, $($enum:ident)::+ ($bind:pat) as $P:ident => $body:expr) => {
        match $value {
            $($enum)::+::Chess($bind) => {
                type $P = ::shakmaty::Chess;
                $body
            }
            $($enum)::+::PawnBattle($bind) => {
                type $P = $crate::variant::pawn_battle::PawnBattle;
                $body
            }
        }
    };
}
pub(crate) use each_game;

/// The [`Variant`] an "either game" enum holds (see [`each_game`]).
macro_rules! game_of {
    ($value:expr, $($enum:ident)::+) => {
        match $value {
            $($enum)::+::Chess(_) => $crate::variant::Variant::Chess,
            $($enum)::+::PawnBattle(_) => $crate::variant::Variant::PawnBattle,
        }
    };
}
pub(crate) use game_of;

/// A position of some game, as the search and the game model see it.
///
/// Every method is cheap and pure; `play_unchecked` is the only mutation. Implementations must
/// keep [`VariantPosition::key`] equal for equal positions (same pieces, side to move and
/// en-passant possibility), since repetitions are detected by key.
pub trait VariantPosition: Clone + fmt::Debug + Send + Sync + 'static {
    /// Why a position by itself ends the game (checkmate, a pawn on the last rank, …).
    type EndReason: Copy + fmt::Debug + fmt::Display + PartialEq + Eq;
    /// Why a game of this variant ended: [`VariantPosition::EndReason`] plus repetition, the
    /// fifty-move rule and resignation (what `Game::outcome` reports).
    type GameEnd: GameEnd + From<Self::EndReason>;

    /// Which game this is.
    const VARIANT: Variant;

    /// The piece kinds a position of the game may hold, in the board editor's palette order.
    const ROLES: &'static [Role];

    /// The start position of the game.
    fn start() -> Self;
    /// The position a set-up stands for, or every rule of the game it breaks (worded as a FEN
    /// of this game is refused): what the board editor checks.
    ///
    /// # Errors
    /// The reasons, one per broken rule.
    fn of_setup(setup: Setup) -> Result<Self, Vec<FenError>>;
    /// The position as a set-up (what the board editor edits).
    fn setup_of(&self) -> Setup;
    /// The en-passant square, when a capture there is legal.
    fn legal_ep_square(&self) -> Option<Square>;
    /// Parses a FEN of this game.
    ///
    /// # Errors
    /// A [`FenError`] naming the field and the reason.
    fn from_fen(text: &str) -> Result<Self, FenError>;
    /// The FEN (en-passant square only when a capture there is legal).
    fn fen(&self) -> String;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The pieces.
    fn board(&self) -> &Board;
    /// Plies since the last capture or pawn move.
    fn halfmoves(&self) -> u32;
    /// The move number (1 for the first move, incremented after Black's move).
    fn fullmoves(&self) -> u32;
    /// The Zobrist key of the position (pieces, side to move, en-passant possibility).
    fn key(&self) -> u64;
    /// Every legal move; empty when the game is over by [`VariantPosition::end`].
    fn legal_moves(&self) -> MoveList;
    /// Whether `mv` is legal here (validates moves from the transposition table or the user).
    fn is_legal(&self, mv: Move) -> bool;
    /// Plays a move known to be legal; anything else leaves an unspecified position.
    fn play_unchecked(&mut self, mv: Move);
    /// Plays a legal move and returns its SAN with the check or mate mark (none in a game
    /// without kings), as the game's move list keeps it.
    fn play_san(&mut self, mv: Move) -> SanPlus;
    /// Whether the side to move is in check (never, in a game without kings).
    fn is_check(&self) -> bool;
    /// Whether quiescence must look at the move: captures, and moves that change the material
    /// or end the game at once (chess promotions, Pawn Battle's arrival on the last rank).
    fn is_noisy(&self, mv: Move) -> bool;
    /// The end of the game decided by this position alone (not repetition or the fifty-move
    /// rule, which need the history: see [`Line`]), with the reason.
    fn end(&self) -> Option<(KnownOutcome, Self::EndReason)>;
    /// Whether `color` could still win if the game went on: when the other side's flag falls,
    /// a side that cannot win draws instead (chess: mating material).
    fn can_win(&self, color: Color) -> bool;
    /// Parses a move typed by a player (SAN, tolerant SAN or UCI).
    ///
    /// # Errors
    /// A [`MoveError`] saying what is wrong (malformed, illegal with the reason, ambiguous with
    /// the candidates).
    fn parse_move(&self, text: &str) -> Result<Move, MoveError>;
    /// The SAN of a legal move.
    fn san(&self, mv: Move) -> String;
    /// The UCI text of a move.
    fn uci(&self, mv: Move) -> UciMove {
        mv.to_uci(CastlingMode::Standard)
    }
    /// The legal move a UCI text names (as a GUI sends it), if any.
    fn move_of_uci(&self, uci: &UciMove) -> Option<Move> {
        self.legal_moves()
            .into_iter()
            .find(|m| self.uci(*m) == *uci)
    }
}

impl VariantPosition for Chess {
    type EndReason = EndReason;
    type GameEnd = EndReason;
    const VARIANT: Variant = Variant::Chess;
    const ROLES: &'static [Role] = &[
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];

    fn start() -> Self {
        Chess::default()
    }
    fn of_setup(setup: Setup) -> Result<Self, Vec<FenError>> {
        <Chess as FromSetup>::from_setup(setup, CastlingMode::Standard)
            .map_err(|e| fen::position_errors(e.kinds()))
    }
    fn setup_of(&self) -> Setup {
        Position::to_setup(self, EnPassantMode::Legal)
    }
    fn legal_ep_square(&self) -> Option<Square> {
        Position::ep_square(self, EnPassantMode::Legal)
    }
    fn from_fen(text: &str) -> Result<Self, FenError> {
        fen::parse(text)
    }
    fn fen(&self) -> String {
        shakmaty::fen::Fen::from_position(self, shakmaty::EnPassantMode::Legal).to_string()
    }
    fn turn(&self) -> Color {
        Position::turn(self)
    }
    fn board(&self) -> &Board {
        Position::board(self)
    }
    fn halfmoves(&self) -> u32 {
        Position::halfmoves(self)
    }
    fn fullmoves(&self) -> u32 {
        Position::fullmoves(self).get()
    }
    fn key(&self) -> u64 {
        crate::game::zobrist(self)
    }
    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }
    fn is_legal(&self, mv: Move) -> bool {
        Position::is_legal(self, mv)
    }
    fn play_unchecked(&mut self, mv: Move) {
        Position::play_unchecked(self, mv);
    }
    fn play_san(&mut self, mv: Move) -> SanPlus {
        SanPlus::from_move_and_play_unchecked(self, mv)
    }
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }
    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture() || mv.is_promotion()
    }
    fn can_win(&self, color: Color) -> bool {
        !self.has_insufficient_material(color)
    }
    fn end(&self) -> Option<(KnownOutcome, EndReason)> {
        if self.is_checkmate() {
            let winner = !Position::turn(self);
            return Some((KnownOutcome::Decisive { winner }, EndReason::Checkmate));
        }
        if self.is_stalemate() {
            return Some((KnownOutcome::Draw, EndReason::Stalemate));
        }
        if self.is_insufficient_material() {
            return Some((KnownOutcome::Draw, EndReason::InsufficientMaterial));
        }
        None
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }
    fn san(&self, mv: Move) -> String {
        notation::san_of(self, mv)
    }
    fn move_of_uci(&self, uci: &UciMove) -> Option<Move> {
        uci.to_move(self).ok()
    }
}

/// How a [`Line`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending<R> {
    /// The position itself decides ([`VariantPosition::end`]).
    Position {
        /// Who won, or a draw.
        outcome: KnownOutcome,
        /// Why.
        reason: R,
    },
    /// The same position occurred for the third time.
    Repetition,
    /// Fifty moves by each side without a capture or a pawn move.
    FiftyMoves,
}

impl<R> Ending<R> {
    /// Who won, or a draw.
    pub fn outcome(&self) -> KnownOutcome {
        match self {
            Ending::Position { outcome, .. } => *outcome,
            Ending::Repetition | Ending::FiftyMoves => KnownOutcome::Draw,
        }
    }
}

impl<R: fmt::Display> fmt::Display for Ending<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Position {
                outcome: KnownOutcome::Decisive { winner },
                reason,
            } => write!(f, "{} wins by {reason}", capitalised(*winner)),
            Ending::Position {
                outcome: KnownOutcome::Draw,
                reason,
            } => write!(f, "Draw by {reason}"),
            Ending::Repetition => write!(f, "Draw by threefold repetition"),
            Ending::FiftyMoves => write!(f, "Draw by fifty-move rule"),
        }
    }
}

/// "White" or "Black".
pub(crate) fn capitalised(color: Color) -> &'static str {
    color.fold_wb("White", "Black")
}

/// Why [`Line::play`] refused a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError<R> {
    /// The move is not legal in the current position.
    Illegal(Move),
    /// The game is already over.
    GameOver(Ending<R>),
}

impl<R: fmt::Display> fmt::Display for LineError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Illegal(m) => write!(f, "{m} is not legal here"),
            LineError::GameOver(o) => write!(f, "the game is over ({o}); start a new game or undo"),
        }
    }
}

impl<R: fmt::Debug + fmt::Display> std::error::Error for LineError<R> {}

/// A game's history: every position and key from the start, so repetitions and the fifty-move
/// rule can be judged. `game::Game<P>` is the full game model (undo/redo, SAN, comments,
/// resignation); `Line` is the lean one the match arena plays thousands of games with (no SAN
/// per move).
#[derive(Debug, Clone)]
pub struct Line<P: VariantPosition> {
    positions: Vec<P>,
    keys: Vec<u64>,
    moves: Vec<Move>,
}

impl<P: VariantPosition> Line<P> {
    /// A line starting at `start`.
    pub fn new(start: P) -> Line<P> {
        let key = start.key();
        Line {
            positions: vec![start],
            keys: vec![key],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &P {
        // Invariant: `positions` is never empty (`new` pushes the start, nothing pops it).
        &self.positions[self.positions.len() - 1]
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The keys of every position from the start, the current one last (what the search takes
    /// for its repetition detection).
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// How many times the current position has occurred, counting the current one.
    pub fn repetitions(&self) -> usize {
        let current = self.keys[self.keys.len() - 1];
        self.keys.iter().filter(|&&k| k == current).count()
    }

    /// The ending, if the game is over: the position's own rule first, then threefold
    /// repetition, then fifty moves (100 plies) without a capture or pawn move.
    pub fn ending(&self) -> Option<Ending<P::EndReason>> {
        let pos = self.position();
        if let Some((outcome, reason)) = pos.end() {
            return Some(Ending::Position { outcome, reason });
        }
        if self.repetitions() >= 3 {
            return Some(Ending::Repetition);
        }
        if pos.halfmoves() >= 100 {
            return Some(Ending::FiftyMoves);
        }
        None
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`LineError::GameOver`] after the end, [`LineError::Illegal`] for an illegal move.
    pub fn play(&mut self, mv: Move) -> Result<(), LineError<P::EndReason>> {
        if let Some(ending) = self.ending() {
            return Err(LineError::GameOver(ending));
        }
        let pos = self.position();
        if !pos.is_legal(mv) {
            return Err(LineError::Illegal(mv));
        }
        let mut after = pos.clone();
        after.play_unchecked(mv);
        self.keys.push(after.key());
        self.positions.push(after);
        self.moves.push(mv);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_behind_the_seam() {
        let mate = <Chess as VariantPosition>::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(
            VariantPosition::end(&mate),
            Some((
                KnownOutcome::Decisive {
                    winner: Color::White
                },
                EndReason::Checkmate
            ))
        );
        let mut line = Line::new(mate);
        assert_eq!(
            line.ending().unwrap().to_string(),
            "White wins by checkmate"
        );
        let any = Move::Normal {
            role: shakmaty::Role::King,
            from: shakmaty::Square::H8,
            capture: None,
            to: shakmaty::Square::H7,
            promotion: None,
        };
        assert!(matches!(line.play(any), Err(LineError::GameOver(_))));
        let stalemate =
            <Chess as VariantPosition>::from_fen("7k/8/6QK/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(
            VariantPosition::end(&stalemate).map(|(_, r)| r),
            Some(EndReason::Stalemate)
        );
        // Knights out and back twice: the start position occurs for the third time.
        let mut line = Line::new(<Chess as VariantPosition>::start());
        for text in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
            let mv = line.position().parse_move(text).unwrap();
            line.play(mv).unwrap();
        }
        assert_eq!(line.ending(), Some(Ending::Repetition));
        assert_eq!(line.keys().len(), 9);
        assert_eq!(line.moves().len(), 8);
    }
}
