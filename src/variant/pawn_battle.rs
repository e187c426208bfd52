//! Pawn Battle's rules: a position type with legal move generation, playing a move, the end of
//! the game, a Zobrist key and FEN in and out.
//!
//! The rules (issue 25, README "Pawn Battle"): each side has eight pawns and two rooks on their
//! usual squares; pawns and rooks move and capture as in chess, including the double step and
//! en passant; there are no kings, no check and no castling. A side wins by moving a pawn to the
//! last rank (the game ends on arrival: the pawn is not promoted, it stays a pawn on that square,
//! and the move is written `e8`, `e7e8`), or by capturing all the opponent's pawns. A side with
//! no legal move loses. Threefold repetition and fifty moves without a pawn move or capture are
//! draws (judged by `game::Game<PawnBattle>` and [`crate::variant::Line`], which have the
//! history).
//!
//! Squares, pieces, moves and attacks are shakmaty's (`Board`, `Square`, `Move`,
//! `attacks::rook_attacks`, `attacks::pawn_attacks`); the Zobrist key uses shakmaty's
//! `Zobrist64` values, so it is computed incrementally without a shakmaty `Position`.

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{
    Bitboard, Board, Color, KnownOutcome, Move, MoveList, Piece, Rank, Role, Setup, Square, attacks,
};

use super::{Variant, VariantPosition};
use crate::game::fen::{err, err_of, parse_syntax};
use crate::game::{FenError, MoveError};

pub mod arena;
pub mod eval;
pub mod explain;
pub mod notation;
mod search;
mod services;

#[cfg(test)]
mod engine_tests;
#[cfg(test)]
mod text_tests;

#[cfg(test)]
mod game_tests;
#[cfg(test)]
mod pgn_tests;

/// The start position's FEN.
pub const START_FEN: &str = "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w - - 0 1";

/// Why a Pawn Battle position ends the game (always a win for one side).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinReason {
    /// A pawn reached the last rank on this square.
    Promotion(Square),
    /// The loser has no pawns left.
    AllPawnsCaptured,
    /// The loser, to move, has no legal move.
    NoLegalMove,
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WinReason::Promotion(sq) => write!(f, "promotion on {sq}"),
            WinReason::AllPawnsCaptured => write!(f, "capturing all the opponent's pawns"),
            WinReason::NoLegalMove => write!(f, "leaving the opponent no legal move"),
        }
    }
}

/// Why a game of Pawn Battle ended: a win by the position, or one of the ends every game shares
/// with chess (repetition, fifty moves, resignation, time, agreement: chess's [`EndReason`]
/// values, worded the same) — what `Game<PawnBattle>::outcome` reports.
///
/// [`EndReason`]: crate::game::EndReason
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd {
    /// The position decided it.
    Win(WinReason),
    /// An end that does not depend on the game's rules (never a chess-only reason such as
    /// checkmate or stalemate).
    Shared(crate::game::EndReason),
}

impl From<WinReason> for GameEnd {
    fn from(reason: WinReason) -> Self {
        GameEnd::Win(reason)
    }
}

impl crate::game::GameEnd for GameEnd {
    const THREEFOLD_REPETITION: Self = GameEnd::Shared(crate::game::EndReason::ThreefoldRepetition);
    const FIFTY_MOVE_RULE: Self = GameEnd::Shared(crate::game::EndReason::FiftyMoveRule);
    const RESIGNATION: Self = GameEnd::Shared(crate::game::EndReason::Resignation);
    const TIMEOUT: Self = GameEnd::Shared(crate::game::EndReason::Timeout);
    const TIMEOUT_VS_INSUFFICIENT_MATERIAL: Self =
        GameEnd::Shared(crate::game::EndReason::TimeoutVsInsufficientMaterial);
    const AGREEMENT: Self = GameEnd::Shared(crate::game::EndReason::Agreement);
    fn shown_by_san(self) -> bool {
        false
    }
    fn said(self) -> String {
        match self {
            GameEnd::Win(WinReason::Promotion(sq)) => {
                crate::i18n::tr("end-promotion", &[("square", sq.to_string().into())])
            }
            GameEnd::Win(WinReason::AllPawnsCaptured) => crate::i18n::t("end-all-pawns-captured"),
            GameEnd::Win(WinReason::NoLegalMove) => crate::i18n::t("end-no-legal-move"),
            GameEnd::Shared(reason) => reason.said(),
        }
    }
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEnd::Win(reason) => reason.fmt(f),
            GameEnd::Shared(reason) => f.write_str(reason.describe()),
        }
    }
}

/// A Pawn Battle position: pieces, side to move, en-passant square, move counters and key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PawnBattle {
    board: Board,
    turn: Color,
    /// The square passed over by the last double step, only when a pawn can capture there.
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    key: u64,
}

impl Default for PawnBattle {
    fn default() -> Self {
        let mut board = Board::empty();
        for color in Color::ALL {
            let back = color.backrank();
            let pawn_rank = color.relative_rank(Rank::Second);
            for file in shakmaty::File::ALL {
                board.set_piece_at(Square::from_coords(file, pawn_rank), color.pawn());
            }
            for file in [shakmaty::File::A, shakmaty::File::H] {
                board.set_piece_at(Square::from_coords(file, back), color.rook());
            }
        }
        PawnBattle::new(board, Color::White, None, 0, 1)
    }
}

/// The key of a side to move and an en-passant square, with shakmaty's Zobrist values.
fn state_key(turn: Color, ep_square: Option<Square>) -> u64 {
    let mut key = Zobrist64::default();
    if turn == Color::White {
        key ^= Zobrist64::zobrist_for_white_turn();
    }
    if let Some(sq) = ep_square {
        key ^= Zobrist64::zobrist_for_en_passant_file(sq.file());
    }
    key.0
}

fn piece_key(sq: Square, piece: Piece) -> u64 {
    Zobrist64::zobrist_for_piece(sq, piece).0
}

impl PawnBattle {
    fn new(
        board: Board,
        turn: Color,
        ep_square: Option<Square>,
        halfmoves: u32,
        fullmoves: u32,
    ) -> PawnBattle {
        let mut pos = PawnBattle {
            board,
            turn,
            ep_square: None,
            halfmoves,
            fullmoves,
            key: 0,
        };
        pos.ep_square = ep_square.filter(|&sq| pos.can_capture_en_passant(sq));
        pos.key = pos.full_key();
        pos
    }

    /// The key computed from scratch (play keeps it incrementally; a test checks both agree).
    fn full_key(&self) -> u64 {
        let pieces = self
            .board
            .iter()
            .fold(0, |key, (sq, piece)| key ^ piece_key(sq, piece));
        pieces ^ state_key(self.turn, self.ep_square)
    }

    /// The en-passant square, when a pawn of the side to move can capture there.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Whether a pawn of the side to move attacks `ep`, the square an enemy pawn just passed.
    fn can_capture_en_passant(&self, ep: Square) -> bool {
        let ours = self.board.by_piece(self.turn.pawn());
        (attacks::pawn_attacks(!self.turn, ep) & ours).any()
    }

    /// Pawns of `color` standing on their last rank (at most one, right after it arrived).
    fn arrived(&self, color: Color) -> Bitboard {
        self.board.by_piece(color.pawn()) & Bitboard::from_rank((!color).backrank())
    }

    /// The win decided before looking at the moves: a pawn on the last rank, or a side without
    /// pawns.
    fn decided(&self) -> Option<(Color, WinReason)> {
        for color in [!self.turn, self.turn] {
            if let Some(sq) = self.arrived(color).first() {
                return Some((color, WinReason::Promotion(sq)));
            }
        }
        for color in [self.turn, !self.turn] {
            if self.board.by_piece(color.pawn()).is_empty() {
                return Some((!color, WinReason::AllPawnsCaptured));
            }
        }
        None
    }

    fn push_pawn_moves(&self, moves: &mut MoveList) {
        let us = self.turn;
        let occupied = self.board.occupied();
        let theirs = self.board.by_color(!us);
        let forward: i32 = us.fold_wb(8, -8);
        let second = us.relative_rank(Rank::Second);
        for from in self.board.by_piece(us.pawn()) {
            if let Some(one) = from.offset(forward)
                && !occupied.contains(one)
            {
                moves.push(normal(Role::Pawn, from, None, one));
                if from.rank() == second
                    && let Some(two) = one.offset(forward)
                    && !occupied.contains(two)
                {
                    moves.push(normal(Role::Pawn, from, None, two));
                }
            }
            for to in attacks::pawn_attacks(us, from) & theirs {
                moves.push(normal(Role::Pawn, from, self.board.role_at(to), to));
            }
            if let Some(ep) = self.ep_square
                && attacks::pawn_attacks(us, from).contains(ep)
            {
                moves.push(Move::EnPassant { from, to: ep });
            }
        }
    }

    fn push_rook_moves(&self, moves: &mut MoveList) {
        let us = self.turn;
        let occupied = self.board.occupied();
        let ours = self.board.by_color(us);
        for from in self.board.by_piece(us.rook()) {
            for to in attacks::rook_attacks(from, occupied) & !ours {
                moves.push(normal(Role::Rook, from, self.board.role_at(to), to));
            }
        }
    }

    /// The set-up (pieces, side to move, en-passant square, move counters): what shakmaty's
    /// FEN writer and the board editor take.
    pub fn setup(&self) -> Setup {
        let mut setup = Setup::empty();
        setup.board = self.board.clone();
        setup.turn = self.turn;
        setup.ep_square = self.ep_square;
        setup.halfmoves = self.halfmoves;
        setup.fullmoves =
            std::num::NonZeroU32::new(self.fullmoves).unwrap_or(std::num::NonZeroU32::MIN);
        setup
    }
}

fn normal(role: Role, from: Square, capture: Option<Role>, to: Square) -> Move {
    Move::Normal {
        role,
        from,
        capture,
        to,
        promotion: None,
    }
}

/// Checks a parsed FEN against Pawn Battle's set-up rules and builds the position.
fn from_setup(setup: Setup) -> Result<PawnBattle, FenError> {
    position_from_setup(setup).map_err(|reasons| {
        reasons
            .into_iter()
            .next()
            .unwrap_or_else(|| err("position", crate::i18n::t("fen-not-legal")))
    })
}

/// Checks a set-up against Pawn Battle's rules (only pawns and rooks, no castling, no pawn on
/// the 1st or 8th rank, pawns for both sides, a possible en-passant square) and builds the
/// position. The board editor lists every reason; a FEN reports the first.
///
/// # Errors
/// Every rule the set-up breaks, one [`FenError`] per rule, in the order above (never empty).
pub fn position_from_setup(setup: Setup) -> Result<PawnBattle, Vec<FenError>> {
    let mut reasons = Vec::new();
    if let Some((sq, piece)) = setup
        .board
        .iter()
        .find(|(_, piece)| !matches!(piece.role, Role::Pawn | Role::Rook))
    {
        reasons.push(err_of(
            "piece placement",
            "fen-pb-pieces",
            &[
                (
                    "color",
                    crate::game::notation::color_name(piece.color).into(),
                ),
                ("role", crate::game::notation::role_name(piece.role).into()),
                ("square", sq.to_string().into()),
            ],
        ));
    }
    if setup.castling_rights.any() {
        reasons.push(err("castling", crate::i18n::t("fen-pb-castling")));
    }
    let back_ranks = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
    if let Some(sq) = (setup.board.pawns() & back_ranks).first() {
        reasons.push(err_of(
            "piece placement",
            "fen-pb-backrank",
            &[("square", sq.to_string().into())],
        ));
    }
    for color in Color::ALL {
        if setup.board.by_piece(color.pawn()).is_empty() {
            reasons.push(err_of(
                "piece placement",
                "fen-pb-no-pawns",
                &[("color", crate::game::notation::color_name(color).into())],
            ));
        }
    }
    if let Some(ep) = setup.ep_square {
        // White to move: Black's pawn went from the 7th rank over `ep` (6th) to the 5th.
        let mover = !setup.turn;
        let forward: i32 = mover.fold_wb(8, -8);
        let origin = ep.offset(-forward);
        let landed = ep.offset(forward);
        let possible = ep.rank() == mover.relative_rank(Rank::Third)
            && landed.is_some_and(|sq| setup.board.piece_at(sq) == Some(mover.pawn()))
            && !setup.board.occupied().contains(ep)
            && origin.is_some_and(|sq| !setup.board.occupied().contains(sq));
        if !possible {
            reasons.push(err("en passant", crate::i18n::t("fen-invalid-ep")));
        }
    }
    if !reasons.is_empty() {
        return Err(reasons);
    }
    Ok(PawnBattle::new(
        setup.board,
        setup.turn,
        setup.ep_square,
        setup.halfmoves,
        setup.fullmoves.get(),
    ))
}

impl VariantPosition for PawnBattle {
    type EndReason = WinReason;
    type GameEnd = GameEnd;
    const VARIANT: Variant = Variant::PawnBattle;

    const ROLES: &'static [Role] = &[Role::Rook, Role::Pawn];

    fn of_setup(setup: Setup) -> Result<Self, Vec<FenError>> {
        position_from_setup(setup)
    }
    fn setup_of(&self) -> Setup {
        self.setup()
    }
    fn legal_ep_square(&self) -> Option<Square> {
        self.ep_square()
    }
    fn start() -> Self {
        PawnBattle::default()
    }

    /// Parses a kingless FEN (`r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w - - 0 1`; the move counters
    /// may be left out).
    fn from_fen(text: &str) -> Result<Self, FenError> {
        from_setup(Setup::from(parse_syntax(text)?))
    }

    fn fen(&self) -> String {
        Fen::try_from_setup(self.setup())
            .unwrap_or_else(shakmaty::fen::LossyFenError::ignore)
            .to_string()
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn board(&self) -> &Board {
        &self.board
    }

    fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        if self.decided().is_none() {
            self.push_pawn_moves(&mut moves);
            self.push_rook_moves(&mut moves);
        }
        moves
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    fn play_unchecked(&mut self, mv: Move) {
        let us = self.turn;
        let mut key = self.key ^ state_key(us, self.ep_square);
        let (from, to, role) = match mv {
            Move::Normal { role, from, to, .. } => (from, to, role),
            Move::EnPassant { from, to } => {
                let victim = Square::from_coords(to.file(), from.rank());
                self.board.discard_piece_at(victim);
                key ^= piece_key(victim, (!us).pawn());
                (from, to, Role::Pawn)
            }
            // Castling and drops do not exist in Pawn Battle.
            Move::Castle { .. } | Move::Put { .. } => return,
        };
        let piece = Piece { color: us, role };
        if let Some(captured) = self.board.remove_piece_at(to) {
            key ^= piece_key(to, captured);
        }
        self.board.discard_piece_at(from);
        self.board.set_piece_at(to, piece);
        key ^= piece_key(from, piece) ^ piece_key(to, piece);
        self.halfmoves = if mv.is_zeroing() {
            0
        } else {
            self.halfmoves + 1
        };
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !us;
        self.ep_square = None;
        if role == Role::Pawn && from.distance(to) == 2 && from.file() == to.file() {
            let passed = Square::from_coords(to.file(), us.relative_rank(Rank::Third));
            if self.can_capture_en_passant(passed) {
                self.ep_square = Some(passed);
            }
        }
        self.key = key ^ state_key(self.turn, self.ep_square);
    }

    fn play_san(&mut self, mv: Move) -> shakmaty::san::SanPlus {
        let san = notation::san(self, mv);
        self.play_unchecked(mv);
        shakmaty::san::SanPlus { san, suffix: None }
    }

    fn is_check(&self) -> bool {
        false
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture() || (mv.role() == Role::Pawn && mv.to().rank() == (!self.turn).backrank())
    }

    /// Any man left can still win: a pawn by promoting, a rook by taking every enemy pawn.
    fn can_win(&self, color: Color) -> bool {
        self.board.by_color(color).any()
    }

    fn end(&self) -> Option<(KnownOutcome, WinReason)> {
        let (winner, reason) = self.decided().or_else(|| {
            self.legal_moves()
                .is_empty()
                .then_some((!self.turn, WinReason::NoLegalMove))
        })?;
        Some((KnownOutcome::Decisive { winner }, reason))
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn san(&self, mv: Move) -> String {
        notation::san(self, mv).to_string()
    }
}

#[cfg(test)]
mod tests;
