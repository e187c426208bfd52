//! Every text the board editor shows (messages, labels, the help), in one place so a second
//! language is a change of this file only.

use shakmaty::{CastlingSide, Color, Piece, Role, Square};

use crate::app::color_name;
use crate::variant::Variant;

/// The panel's title.
pub const TITLE: &str = "Board editor";
/// After a FEN was set up.
pub const FEN_SET: &str = "FEN set up";
/// After a FEN describing an illegal position was set up.
pub const FEN_SET_ILLEGAL: &str = "FEN set up; the position is not legal yet (see the panel)";
/// Paste without a cut piece.
pub const NOTHING_TO_PASTE: &str = "nothing to paste: x cuts the piece under the cursor first";
/// Undo with nothing done.
pub const NOTHING_TO_UNDO: &str = "nothing to undo";
/// Redo with nothing undone.
pub const NOTHING_TO_REDO: &str = "nothing to redo";
/// No en-passant square is possible.
pub const NO_EN_PASSANT: &str = "no en-passant capture is possible here: it needs a pawn that \
                                 just made a double step beside a pawn of the side to move";
/// The panel's line when the set-up is legal.
pub const LEGAL: &str = "legal position: ⏎ play from here · a analyse";
/// The panel's line when a Pawn Battle set-up is legal.
pub const LEGAL_PAWN_BATTLE: &str = "legal position: ⏎ play from here · a analysis board";
/// Castling asked for in Pawn Battle.
pub const NO_CASTLING_PAWN_BATTLE: &str = "Pawn Battle has no castling (and no kings)";
/// The panel's castling line in Pawn Battle.
pub const CASTLING_PAWN_BATTLE: &str = "castling: none in Pawn Battle";
/// The panel's heading over the reasons of an illegal set-up.
pub const ILLEGAL: &str = "not a legal position (play refused until fixed):";
/// The analysis is running.
pub const ANALYSING: &str = "analysing…";
/// The key-hint line at the FEN prompt.
pub const KEYS_FEN: &str = "type or paste a FEN · ⏎ set up · esc cancel";
/// The key-hint line with the help open.
pub const KEYS_HELP: &str = "any key closes the help";
/// The title of "play from here".
pub const PLAY_TITLE: &str = "Play from here";
/// The title of the help overlay.
pub const HELP_TITLE: &str = "Board editor keys";

/// Names a piece kind.
#[must_use]
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

/// Names a piece ("White knight").
#[must_use]
pub fn piece_name(piece: Piece) -> String {
    format!("{} {}", color_name(piece.color), role_name(piece.role))
}

/// Names a castling side.
#[must_use]
pub fn castling_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "O-O",
        CastlingSide::QueenSide => "O-O-O",
    }
}

/// Delete or cut on an empty square.
#[must_use]
pub fn empty_square(sq: Square) -> String {
    format!("{sq} is empty")
}

/// After a cut.
#[must_use]
pub fn cut(piece: Piece, sq: Square) -> String {
    format!("cut the {} from {sq}: v pastes it", piece_name(piece))
}

/// A castling right that cannot be given.
#[must_use]
pub fn castling_impossible(color: Color, side: CastlingSide) -> String {
    let (king, rook) = match (color, side) {
        (Color::White, CastlingSide::KingSide) => ("e1", "h1"),
        (Color::White, CastlingSide::QueenSide) => ("e1", "a1"),
        (Color::Black, CastlingSide::KingSide) => ("e8", "h8"),
        (Color::Black, CastlingSide::QueenSide) => ("e8", "a8"),
    };
    format!(
        "{} cannot castle {}: it needs its king on {king} and its rook on {rook}",
        color_name(color),
        castling_name(side)
    )
}

/// A piece kind the editor does not offer (a variant's set-up).
#[must_use]
pub fn role_not_offered(role: Role) -> String {
    format!(
        "Pawn Battle has no {}s: only rooks (R r) and pawns (P p); g sets up chess",
        role_name(role)
    )
}

/// A game's name.
#[must_use]
pub fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "Chess",
        Variant::PawnBattle => "Pawn Battle",
    }
}

/// The panel's game line.
#[must_use]
pub fn variant_line(variant: Variant) -> String {
    format!("game: {} (g)", variant_name(variant))
}

/// After the game was switched.
#[must_use]
pub fn variant_set(variant: Variant) -> String {
    format!("{}: its start position (u undoes)", variant_name(variant))
}

/// After the FEN was copied.
#[must_use]
pub fn copied(fen: &str) -> String {
    format!("{fen} (copied)")
}

/// Play or analysis refused: the set-up is illegal (the reasons).
#[must_use]
pub fn illegal(reasons: &str) -> String {
    format!("not a legal position: {reasons}")
}

/// Play or analysis refused: the side to move has no move.
#[must_use]
pub fn no_move(turn: Color, check: bool) -> String {
    let what = if check { "checkmated" } else { "stalemated" };
    format!(
        "{} to move is {what}: there is nothing to play",
        color_name(turn)
    )
}

/// Play refused in Pawn Battle: the side to move has no move (and so has lost).
#[must_use]
pub fn no_move_pawn_battle(turn: Color) -> String {
    format!(
        "{} to move has no move and so has lost: there is nothing to play",
        color_name(turn)
    )
}

/// The panel's side-to-move line.
#[must_use]
pub fn side_to_move(turn: Color) -> String {
    format!("{} to move (t)", color_name(turn))
}

/// The panel's move-number line.
#[must_use]
pub fn move_numbers(fullmoves: u32, halfmoves: u32) -> String {
    format!("move {fullmoves} (+/-) · halfmove clock {halfmoves} ([/])")
}

/// The panel's en-passant line.
#[must_use]
pub fn en_passant(square: Option<Square>, choices: usize) -> String {
    match (square, choices) {
        (Some(sq), _) => format!("en passant {sq} (e)"),
        (None, 0) => "en passant: none possible".to_owned(),
        (None, n) => format!("en passant: none ({n} possible, e)"),
    }
}

/// The best move of the analysis.
#[must_use]
pub fn best_move(san: &str) -> String {
    format!("best: {san}")
}

/// The analysis failed.
#[must_use]
pub fn analysis_failed(why: &str) -> String {
    format!("the analysis failed: {why}")
}

/// The status line's state part.
#[must_use]
pub fn status(turn: Color, legal: bool) -> String {
    let state = if legal { "legal" } else { "not legal" };
    format!("{TITLE} · {} to move · {state}", color_name(turn))
}
