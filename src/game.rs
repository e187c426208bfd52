//! The game model: a start position, the moves played (with SAN), a cursor for undo/redo, and the
//! outcome. [`Game::play`] is the one function that applies a move; every caller (human, engine,
//! prompt, PGN import, redo) goes through it.
//!
//! `Game<P = Chess>` is generic over the variant ([`VariantPosition`]): the rules, keys, SAN and
//! the end of the game come from the position type, so chess and Pawn Battle share this model.

use std::fmt;

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, KnownOutcome, Move, Position};

use crate::variant::VariantPosition;

pub mod fen;
pub mod notation;

pub use fen::FenError;
pub use notation::MoveError;

/// A move as it was played, with its notation and annotations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move itself.
    pub mv: Move,
    /// Standard algebraic notation with check/mate suffix, in the position it was played from.
    pub san: SanPlus,
    /// A comment after the move (PGN `{…}`), if any.
    pub comment: Option<String>,
    /// Numeric annotation glyphs (PGN `$n`), e.g. 2 for `?`.
    pub nags: Vec<u8>,
}

impl PlayedMove {
    /// The move in UCI notation (`e2e4`, `e7e8q`, `e1g1`).
    pub fn uci(&self) -> UciMove {
        self.mv.to_uci(CastlingMode::Standard)
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can possibly mate.
    InsufficientMaterial,
    /// The same position occurred for the third time (ended automatically).
    ThreefoldRepetition,
    /// Fifty moves by each side without a capture or pawn move (ended automatically).
    FiftyMoveRule,
    /// A player resigned.
    Resignation,
    /// A player's time ran out (the other side could mate).
    Timeout,
    /// A player's time ran out, but the other side cannot possibly mate: a draw.
    TimeoutVsInsufficientMaterial,
    /// Both players agreed to a draw.
    Agreement,
}

impl EndReason {
    /// A short human-readable description ("checkmate", "threefold repetition").
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::ThreefoldRepetition => "threefold repetition",
            EndReason::FiftyMoveRule => "fifty-move rule",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "timeout",
            EndReason::TimeoutVsInsufficientMaterial => "timeout vs insufficient material",
            EndReason::Agreement => "agreement",
        }
    }
}

impl EndReason {
    /// [`EndReason::describe`] in the player's language (the screens; PGN keeps English).
    #[must_use]
    pub fn said(self) -> String {
        crate::i18n::t(match self {
            EndReason::Checkmate => "end-checkmate",
            EndReason::Stalemate => "end-stalemate",
            EndReason::InsufficientMaterial => "end-insufficient-material",
            EndReason::ThreefoldRepetition => "end-threefold-repetition",
            EndReason::FiftyMoveRule => "end-fifty-move-rule",
            EndReason::Resignation => "end-resignation",
            EndReason::Timeout => "end-timeout",
            EndReason::TimeoutVsInsufficientMaterial => "end-timeout-vs-insufficient-material",
            EndReason::Agreement => "end-agreement",
        })
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// Why a game of some variant ended: the variant's own reasons plus the three every game has.
/// [`EndReason`] is chess's; Pawn Battle's is `variant::pawn_battle::GameEnd`.
pub trait GameEnd:
    Copy + fmt::Debug + fmt::Display + PartialEq + Eq + Send + Sync + 'static
{
    /// The same position occurred for the third time.
    const THREEFOLD_REPETITION: Self;
    /// Fifty moves by each side without a capture or pawn move.
    const FIFTY_MOVE_RULE: Self;
    /// A player resigned.
    const RESIGNATION: Self;
    /// A player's flag fell.
    const TIMEOUT: Self;
    /// A player's flag fell and the other side could not win (a draw).
    const TIMEOUT_VS_INSUFFICIENT_MATERIAL: Self;
    /// The players agreed a draw.
    const AGREEMENT: Self;
    /// Whether the last move's SAN already shows the end (chess's `#`), so PGN export needs no
    /// closing comment saying why the game ended.
    fn shown_by_san(self) -> bool;
    /// The reason in the player's language (`Display` stays English: PGN comments).
    fn said(self) -> String;
}

impl GameEnd for EndReason {
    const THREEFOLD_REPETITION: Self = EndReason::ThreefoldRepetition;
    const FIFTY_MOVE_RULE: Self = EndReason::FiftyMoveRule;
    const RESIGNATION: Self = EndReason::Resignation;
    const TIMEOUT: Self = EndReason::Timeout;
    const TIMEOUT_VS_INSUFFICIENT_MATERIAL: Self = EndReason::TimeoutVsInsufficientMaterial;
    const AGREEMENT: Self = EndReason::Agreement;
    fn shown_by_san(self) -> bool {
        self == EndReason::Checkmate
    }
    fn said(self) -> String {
        EndReason::said(self)
    }
}

/// The result of a finished game and why it ended (`R`: the variant's [`GameEnd`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOutcome<R = EndReason> {
    /// Who won, or a draw.
    pub outcome: KnownOutcome,
    /// Why.
    pub reason: R,
}

impl<R> GameOutcome<R> {
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_token(&self) -> &'static str {
        match self.outcome {
            KnownOutcome::Decisive {
                winner: Color::White,
            } => "1-0",
            KnownOutcome::Decisive {
                winner: Color::Black,
            } => "0-1",
            KnownOutcome::Draw => "1/2-1/2",
        }
    }
}

impl<R: GameEnd> GameOutcome<R> {
    /// The outcome in the player's language, for the screens (`White wins by checkmate`,
    /// `Brancas vencem por xeque-mate`); `Display` stays English for PGN comments.
    #[must_use]
    pub fn said(&self) -> String {
        match self.outcome {
            KnownOutcome::Decisive { winner } => crate::i18n::tr(
                "outcome-wins",
                &[
                    ("winner", crate::app::color_name(winner).into()),
                    ("reason", self.reason.said().into()),
                ],
            ),
            KnownOutcome::Draw => {
                crate::i18n::tr("outcome-draw", &[("reason", self.reason.said().into())])
            }
        }
    }
}

impl<R: fmt::Display> fmt::Display for GameOutcome<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome {
            KnownOutcome::Decisive { winner } => {
                let name = crate::variant::capitalised(winner);
                write!(f, "{name} wins by {}", self.reason)
            }
            KnownOutcome::Draw => write!(f, "Draw by {}", self.reason),
        }
    }
}

/// Why [`Game::play`] refused a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError<R = EndReason> {
    /// The move is not legal in the current position.
    Illegal(Move),
    /// The game is already over.
    GameOver(GameOutcome<R>),
}

impl<R: fmt::Display> fmt::Display for PlayError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(m) => write!(f, "{m} is not legal here"),
            PlayError::GameOver(o) => write!(f, "the game is over ({o}); start a new game or undo"),
        }
    }
}

impl<R: fmt::Debug + fmt::Display> std::error::Error for PlayError<R> {}

/// A game of chess (or of another variant `P`) from a start position, with undo/redo.
#[derive(Debug, Clone)]
pub struct Game<P: VariantPosition = Chess> {
    /// Every position from the start: `positions[i]` is the position after `i` moves.
    /// Covers the redo tail too, so `positions.len() == moves.len() + 1`.
    positions: Vec<P>,
    /// Zobrist keys of `positions`, for repetition detection.
    keys: Vec<u64>,
    /// All moves, including the redo tail beyond the cursor.
    moves: Vec<PlayedMove>,
    /// How many moves are currently applied.
    cursor: usize,
    /// `Some` when the game did not start from the standard position.
    start_fen: Option<String>,
    /// A resignation, recorded at the cursor where it happened.
    resigned: Option<(usize, Color)>,
    /// The ply at which a player's time ran out, and who.
    flagged: Option<(usize, Color)>,
    /// The ply at which the players agreed to a draw.
    agreed: Option<usize>,
    /// Whether threefold repetition and the fifty-move rule end the game by themselves.
    automatic_draws: bool,
    /// A comment before the first move (PGN `{…}` ahead of the movetext), if any.
    start_comment: Option<String>,
}

impl<P: VariantPosition> Default for Game<P> {
    fn default() -> Self {
        Game::starting()
    }
}

impl Game {
    /// A new game of chess from the standard start position.
    pub fn new() -> Game {
        Game::starting()
    }

    /// A new game of chess from a FEN.
    ///
    /// # Errors
    /// A [`FenError`] naming the offending field and why.
    pub fn from_fen(text: &str) -> Result<Game, FenError> {
        Game::from_variant_fen(text)
    }
}

impl<P: VariantPosition> Game<P> {
    /// A new game of the variant `P` from its start position.
    pub fn starting() -> Game<P> {
        Game::from_position(P::start(), None)
    }

    /// A new game of the variant `P` from a FEN of that variant.
    ///
    /// # Errors
    /// A [`FenError`] naming the offending field and why.
    pub fn from_variant_fen(text: &str) -> Result<Game<P>, FenError> {
        let pos = P::from_fen(text)?;
        let normalized = pos.fen();
        let standard = P::start().fen();
        Ok(Game::from_position(
            pos,
            (normalized != standard).then_some(normalized),
        ))
    }

    fn from_position(pos: P, start_fen: Option<String>) -> Game<P> {
        let key = pos.key();
        Game {
            positions: vec![pos],
            keys: vec![key],
            moves: Vec::new(),
            cursor: 0,
            start_fen,
            resigned: None,
            flagged: None,
            agreed: None,
            automatic_draws: true,
            start_comment: None,
        }
    }

    /// The FEN of the start position when it is not the standard one.
    pub fn start_fen(&self) -> Option<&str> {
        self.start_fen.as_deref()
    }

    /// Whether threefold repetition and the fifty-move rule end the game automatically (the
    /// default, as online sites do against the computer).
    pub fn automatic_draws(&self) -> bool {
        self.automatic_draws
    }

    /// Turns the automatic threefold-repetition and fifty-move draws on or off. A game read
    /// from PGN has them off: over the board these draws must be claimed, and recorded games
    /// often go on after a repetition.
    pub fn set_automatic_draws(&mut self, on: bool) {
        self.automatic_draws = on;
    }

    /// The comment before the first move, if any.
    pub fn start_comment(&self) -> Option<&str> {
        self.start_comment.as_deref()
    }

    /// Sets or clears the comment before the first move.
    pub fn set_start_comment(&mut self, comment: Option<String>) {
        self.start_comment = comment;
    }

    /// The start position.
    pub fn start_position(&self) -> &P {
        &self.positions[0]
    }

    /// The current position (at the cursor).
    pub fn position(&self) -> &P {
        &self.positions[self.cursor]
    }

    /// The position after `ply` moves, for browsing (including the redo tail).
    pub fn position_at(&self, ply: usize) -> Option<&P> {
        self.positions.get(ply)
    }

    /// The side to move in the current position.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.position().fen()
    }

    /// How many moves are applied (the cursor).
    pub fn ply(&self) -> usize {
        self.cursor
    }

    /// The moves applied so far (up to the cursor).
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves[..self.cursor]
    }

    /// Every move including the redo tail.
    pub fn all_moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// Mutable access to an applied move's annotations (comment, NAGs).
    pub fn move_mut(&mut self, ply_index: usize) -> Option<&mut PlayedMove> {
        self.moves[..self.cursor].get_mut(ply_index)
    }

    /// Zobrist keys of every position from the start up to and including the current one, for
    /// the engine's repetition detection.
    pub fn history_keys(&self) -> &[u64] {
        &self.keys[..=self.cursor]
    }

    /// The full-move number of the first move (from the start position).
    pub fn first_move_number(&self) -> u32 {
        self.positions[0].fullmoves()
    }

    /// Applies a legal move at the cursor. This is the one path by which a move enters the
    /// game. Playing the same move as the next one in the redo tail keeps the tail (that is
    /// what redo does); any other move discards it.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] when the game has ended, [`PlayError::Illegal`] for an illegal move.
    pub fn play(&mut self, mv: Move) -> Result<&PlayedMove, PlayError<P::GameEnd>> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        let pos = self.position();
        if !pos.is_legal(mv) {
            return Err(PlayError::Illegal(mv));
        }
        if self
            .moves
            .get(self.cursor)
            .is_some_and(|next| next.mv == mv)
        {
            self.cursor += 1;
            return Ok(&self.moves[self.cursor - 1]);
        }
        let mut after = pos.clone();
        let san = after.play_san(mv);
        self.moves.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.keys.truncate(self.cursor + 1);
        self.keys.push(after.key());
        self.positions.push(after);
        self.moves.push(PlayedMove {
            mv,
            san,
            comment: None,
            nags: Vec::new(),
        });
        self.cursor += 1;
        Ok(&self.moves[self.cursor - 1])
    }

    /// Parses `text` (SAN, tolerant SAN or UCI) and plays it.
    ///
    /// # Errors
    /// A [`MoveError`] saying exactly what is wrong (see [`Game::parse_move`]), or
    /// [`MoveError::GameOver`].
    pub fn play_text(&mut self, text: &str) -> Result<&PlayedMove, MoveError> {
        if let Some(outcome) = self.outcome() {
            return Err(MoveError::GameOver(outcome.to_string()));
        }
        let mv = self.parse_move(text)?;
        self.play(mv).map_err(|e| match e {
            PlayError::GameOver(o) => MoveError::GameOver(o.to_string()),
            PlayError::Illegal(_) => MoveError::Malformed {
                input: text.to_owned(),
                reason: "the move is not legal".to_owned(),
            },
        })
    }

    /// Parses a move in the current position.
    ///
    /// # Errors
    /// See [`VariantPosition::parse_move`] (for chess, [`notation::parse_move`]).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.position().parse_move(text)
    }

    /// Takes back one move. Returns false at the start of the game.
    pub fn undo(&mut self) -> bool {
        if self.resigned.is_some_and(|(at, _)| at == self.cursor) {
            self.resigned = None;
            return true;
        }
        if self.flagged.is_some_and(|(at, _)| at == self.cursor) {
            self.flagged = None;
        }
        if self.agreed == Some(self.cursor) {
            self.agreed = None;
            return true;
        }
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        true
    }

    /// Replays the next move of the redo tail through [`Game::play`]. Returns false when there
    /// is nothing to redo.
    pub fn redo(&mut self) -> bool {
        match self.moves.get(self.cursor) {
            Some(next) => {
                let mv = next.mv;
                self.play(mv).is_ok()
            }
            None => false,
        }
    }

    /// Keeps only the first `ply` moves (dropping any redo tail and a later resignation): a game
    /// read up to a damaged move.
    pub fn truncate(&mut self, ply: usize) {
        let ply = ply.min(self.moves.len());
        self.moves.truncate(ply);
        self.positions.truncate(ply + 1);
        self.keys.truncate(ply + 1);
        self.cursor = self.cursor.min(ply);
        if self.resigned.is_some_and(|(at, _)| at > ply) {
            self.resigned = None;
        }
        if self.flagged.is_some_and(|(at, _)| at > ply) {
            self.flagged = None;
        }
        if self.agreed.is_some_and(|at| at > ply) {
            self.agreed = None;
        }
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }

    /// Records that `color` resigns at the current position.
    pub fn resign(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.resigned = Some((self.cursor, color));
        }
    }

    /// Records that `color`'s time ran out at the current position: the other side wins, or
    /// it is a draw when the other side has no mating material (FIDE Laws 6.9).
    pub fn flag(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.flagged = Some((self.cursor, color));
        }
    }

    /// Records a draw agreed at the current position.
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.agreed = Some(self.cursor);
        }
    }

    /// How many times the current position has occurred (same Zobrist key, same side to move,
    /// castling and en-passant rights), counting the current one.
    pub fn repetitions(&self) -> usize {
        let current = self.keys[self.cursor];
        self.keys[..=self.cursor]
            .iter()
            .filter(|&&k| k == current)
            .count()
    }

    /// The outcome, if the game is over at the cursor. Threefold repetition and the fifty-move
    /// rule end the game automatically, as online sites do against the computer, unless
    /// [`Game::set_automatic_draws`] turned that off.
    pub fn outcome(&self) -> Option<GameOutcome<P::GameEnd>> {
        if let Some((at, color)) = self.resigned
            && at == self.cursor
        {
            return Some(GameOutcome {
                outcome: KnownOutcome::Decisive { winner: !color },
                reason: P::GameEnd::RESIGNATION,
            });
        }
        if let Some((at, color)) = self.flagged
            && at == self.cursor
        {
            let (outcome, reason) = if self.position().can_win(!color) {
                (
                    KnownOutcome::Decisive { winner: !color },
                    P::GameEnd::TIMEOUT,
                )
            } else {
                (
                    KnownOutcome::Draw,
                    P::GameEnd::TIMEOUT_VS_INSUFFICIENT_MATERIAL,
                )
            };
            return Some(GameOutcome { outcome, reason });
        }
        if self.agreed == Some(self.cursor) {
            return Some(GameOutcome {
                outcome: KnownOutcome::Draw,
                reason: P::GameEnd::AGREEMENT,
            });
        }
        let pos = self.position();
        if let Some((outcome, reason)) = pos.end() {
            return Some(GameOutcome {
                outcome,
                reason: reason.into(),
            });
        }
        let draw = |reason| {
            Some(GameOutcome {
                outcome: KnownOutcome::Draw,
                reason,
            })
        };
        if self.automatic_draws && self.repetitions() >= 3 {
            return draw(P::GameEnd::THREEFOLD_REPETITION);
        }
        if self.automatic_draws && pos.halfmoves() >= 100 {
            return draw(P::GameEnd::FIFTY_MOVE_RULE);
        }
        None
    }
}

/// The Zobrist key used for repetition detection everywhere (game and engine).
pub fn zobrist(pos: &Chess) -> u64 {
    let key: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    key.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_with(moves: &str) -> Game {
        let mut g = Game::new();
        for m in moves.split_whitespace() {
            g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        g
    }

    #[test]
    fn undo_redo_and_redo_tail() {
        let mut g = game_with("e4 e5 Nf3");
        assert_eq!(g.ply(), 3);
        assert!(g.undo());
        assert!(g.undo());
        assert_eq!(g.ply(), 1);
        assert!(g.can_redo());
        assert!(g.redo());
        assert_eq!(g.moves()[1].san.to_string(), "e5");
        assert!(g.can_redo(), "redo keeps the rest of the tail");
        // A different move discards the tail.
        g.undo();
        g.play_text("c5").unwrap();
        assert!(!g.can_redo());
        assert_eq!(g.all_moves().len(), 2);
        assert_eq!(g.history_keys().len(), 3);
        while g.undo() {}
        assert_eq!(g.ply(), 0);
        assert!(!g.undo());
    }

    #[test]
    fn checkmate() {
        let g = game_with("f3 e5 g4 Qh4#");
        let o = g.outcome().unwrap();
        assert_eq!(o.reason, EndReason::Checkmate);
        assert_eq!(o.result_token(), "0-1");
        assert_eq!(o.to_string(), "Black wins by checkmate");
        assert_eq!(g.moves()[3].san.to_string(), "Qh4#");
    }

    #[test]
    fn stalemate() {
        let mut g = Game::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1").unwrap();
        assert_eq!(g.outcome(), None);
        g.play_text("Qf7").unwrap();
        let o = g.outcome().unwrap();
        assert_eq!(o.reason, EndReason::Stalemate);
        assert_eq!(o.result_token(), "1/2-1/2");
    }

    #[test]
    fn insufficient_material() {
        let mut g = Game::from_fen("8/8/8/4k3/8/8/3pK3/8 w - - 0 1").unwrap();
        assert_eq!(g.outcome(), None);
        g.play_text("Kxd2").unwrap();
        let o = g.outcome().unwrap();
        assert_eq!(o.reason, EndReason::InsufficientMaterial);
        assert_eq!(o.result_token(), "1/2-1/2");
    }

    #[test]
    fn threefold_repetition_ends_the_game() {
        let mut g = game_with("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        assert_eq!(g.outcome(), None);
        g.play_text("Ng8").unwrap();
        assert_eq!(g.outcome().unwrap().reason, EndReason::ThreefoldRepetition);
        assert!(matches!(g.play_text("e4"), Err(MoveError::GameOver(_))));
        g.undo();
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn automatic_draws_can_be_turned_off() {
        let mut g = game_with("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        g.set_automatic_draws(false);
        g.play_text("Ng8").unwrap();
        assert_eq!(g.outcome(), None, "a repetition is only a claim");
        g.play_text("e4").unwrap();
        let mut g = Game::from_fen("8/8/8/4k3/8/8/3RK3/8 w - - 99 80").unwrap();
        g.set_automatic_draws(false);
        g.play_text("Rd1").unwrap();
        assert_eq!(g.outcome(), None);
        g.set_automatic_draws(true);
        assert_eq!(g.outcome().unwrap().reason, EndReason::FiftyMoveRule);
    }

    #[test]
    fn start_comment() {
        let mut g = Game::new();
        assert_eq!(g.start_comment(), None);
        g.set_start_comment(Some("Notes by Tal".to_owned()));
        assert_eq!(g.start_comment(), Some("Notes by Tal"));
    }

    #[test]
    fn fifty_move_rule() {
        let mut g = Game::from_fen("8/8/8/4k3/8/8/3RK3/8 w - - 99 80").unwrap();
        assert_eq!(g.outcome(), None);
        g.play_text("Rd1").unwrap();
        assert_eq!(g.outcome().unwrap().reason, EndReason::FiftyMoveRule);
    }

    #[test]
    fn resignation_and_undo() {
        let mut g = game_with("e4");
        g.resign(Color::Black);
        let o = g.outcome().unwrap();
        assert_eq!(o.reason, EndReason::Resignation);
        assert_eq!(o.result_token(), "1-0");
        assert!(g.undo());
        assert_eq!(g.outcome(), None);
        assert_eq!(g.ply(), 1);
    }

    #[test]
    fn start_fen_is_kept_only_when_non_standard() {
        let g = Game::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(g.start_fen(), None);
        let g = Game::from_fen("8/8/8/4k3/8/8/3RK3/8 w - - 0 1").unwrap();
        assert_eq!(g.start_fen(), Some("8/8/8/4k3/8/8/3RK3/8 w - - 0 1"));
    }
}
