//! Every text the board editor shows (messages, labels, the help), in one place: each is a
//! message of the catalogue (`assets/i18n/<lang>/editor.ftl`) in the language spoken.

use shakmaty::{CastlingSide, Color, Role, Square};

use crate::i18n::{FluentValue, t, tr};
use crate::variant::Variant;

/// The catalogue's name of a colour (`$color` of the editor's messages).
fn color_id(color: Color) -> FluentValue<'static> {
    match color {
        Color::White => "white".into(),
        Color::Black => "black".into(),
    }
}

/// A yes/no selector of the catalogue.
fn yes_no(yes: bool) -> FluentValue<'static> {
    if yes { "yes" } else { "no" }.into()
}

/// The panel's title.
#[must_use]
pub fn title() -> String {
    t("editor-title")
}
/// After a FEN was set up.
#[must_use]
pub fn fen_set() -> String {
    t("editor-fen-set")
}
/// After a FEN describing an illegal position was set up.
#[must_use]
pub fn fen_set_illegal() -> String {
    t("editor-fen-set-illegal")
}
/// Paste without a cut piece.
#[must_use]
pub fn nothing_to_paste() -> String {
    t("editor-nothing-to-paste")
}
/// Undo with nothing done.
#[must_use]
pub fn nothing_to_undo() -> String {
    t("editor-nothing-to-undo")
}
/// Redo with nothing undone.
#[must_use]
pub fn nothing_to_redo() -> String {
    t("editor-nothing-to-redo")
}
/// No en-passant square is possible.
#[must_use]
pub fn no_en_passant() -> String {
    t("editor-no-en-passant")
}
/// The panel's line when the set-up of `variant` is legal.
#[must_use]
pub fn legal(variant: Variant) -> String {
    t(match variant {
        Variant::Chess => "editor-legal",
        Variant::PawnBattle => "editor-legal-pawn-battle",
    })
}
/// Castling asked for in Pawn Battle.
#[must_use]
pub fn no_castling_pawn_battle() -> String {
    t("editor-no-castling-pawn-battle")
}
/// The panel's castling line in Pawn Battle.
#[must_use]
pub fn castling_pawn_battle() -> String {
    t("editor-castling-pawn-battle")
}
/// The panel's castling label, the word when no right can be given, and a side's letter.
#[must_use]
pub fn castling_label() -> String {
    t("editor-castling")
}
/// The panel's castling line when no right can be given.
#[must_use]
pub fn castling_none() -> String {
    t("editor-castling-none")
}
/// A side's letter on the castling line (W/B; B/P in Portuguese).
#[must_use]
pub fn castling_side_letter(color: Color) -> String {
    t(match color {
        Color::White => "editor-castling-white",
        Color::Black => "editor-castling-black",
    })
}
/// The palette's eraser and move tool.
#[must_use]
pub fn brush_erase() -> String {
    t("editor-brush-erase")
}
/// The palette's move tool.
#[must_use]
pub fn brush_move() -> String {
    t("editor-brush-move")
}
/// The panel's heading over the reasons of an illegal set-up.
#[must_use]
pub fn illegal_heading() -> String {
    t("editor-illegal-heading")
}
/// The analysis is running.
#[must_use]
pub fn analysing() -> String {
    t("editor-analysing")
}
/// The key-hint line at the FEN prompt.
#[must_use]
pub fn keys_fen() -> String {
    t("editor-keys-fen")
}
/// The key-hint line with the help open (every screen's).
#[must_use]
pub fn keys_help() -> String {
    t("help-any-key-closes")
}
/// The title of "play from here".
#[must_use]
pub fn play_title() -> String {
    t("editor-play-title")
}
/// The title of the help overlay.
#[must_use]
pub fn help_title() -> String {
    t("editor-help-title")
}
/// The key line of "play from here".
#[must_use]
pub fn play_keys(start: &str, cancel: &str) -> String {
    tr(
        "editor-play-keys",
        &[("start", start.into()), ("cancel", cancel.into())],
    )
}

/// The range of levels in "play from here".
#[must_use]
pub fn level_range(max: u8) -> String {
    tr("editor-level-range", &[("max", max.into())])
}

/// Names a piece kind in English: the selector of the catalogue's messages.
#[must_use]
pub fn role_name(role: Role) -> &'static str {
    crate::game::notation::role_name(role)
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
    tr("editor-empty-square", &[("square", sq.to_string().into())])
}

/// After a cut.
#[must_use]
pub fn cut(piece: shakmaty::Piece, sq: Square) -> String {
    tr(
        "editor-cut",
        &[
            ("color", color_id(piece.color)),
            ("role", role_name(piece.role).into()),
            ("square", sq.to_string().into()),
        ],
    )
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
    tr(
        "editor-castling-impossible",
        &[
            ("color", color_id(color)),
            ("side", castling_name(side).into()),
            ("king", king.into()),
            ("rook", rook.into()),
        ],
    )
}

/// A piece kind the editor does not offer (a variant's set-up).
#[must_use]
pub fn role_not_offered(role: Role) -> String {
    tr(
        "editor-role-not-offered",
        &[("role", role_name(role).into())],
    )
}

/// A game's name.
#[must_use]
pub fn variant_name(variant: Variant) -> String {
    variant.name()
}

/// The panel's game line.
#[must_use]
pub fn variant_line(variant: Variant) -> String {
    tr(
        "editor-variant-line",
        &[("game", variant_name(variant).into())],
    )
}

/// After the game was switched.
#[must_use]
pub fn variant_set(variant: Variant) -> String {
    tr(
        "editor-variant-set",
        &[("game", variant_name(variant).into())],
    )
}

/// After the FEN was copied.
#[must_use]
pub fn copied(fen: &str) -> String {
    tr("editor-copied", &[("fen", fen.into())])
}

/// Play or analysis refused: the set-up is illegal (the reasons).
#[must_use]
pub fn illegal(reasons: &str) -> String {
    tr("editor-illegal", &[("reasons", reasons.into())])
}

/// Play or analysis refused: the side to move has no move.
#[must_use]
pub fn no_move(turn: Color, check: bool) -> String {
    tr(
        "editor-no-move",
        &[("color", color_id(turn)), ("check", yes_no(check))],
    )
}

/// Play refused in Pawn Battle: the side to move has no move (and so has lost).
#[must_use]
pub fn no_move_pawn_battle(turn: Color) -> String {
    tr("editor-no-move-pawn-battle", &[("color", color_id(turn))])
}

/// Why no game can start: the side to move of a game of `variant` has no legal move (in check
/// or not, in a game with kings; a lost race otherwise).
#[must_use]
pub fn no_move_in(variant: Variant, turn: Color, check: bool) -> String {
    if variant.has_kings() {
        no_move(turn, check)
    } else {
        no_move_pawn_battle(turn)
    }
}

/// The panel's side-to-move line.
#[must_use]
pub fn side_to_move(turn: Color) -> String {
    tr("editor-side-to-move", &[("color", color_id(turn))])
}

/// The panel's move-number line.
#[must_use]
pub fn move_numbers(fullmoves: u32, halfmoves: u32) -> String {
    tr(
        "editor-move-numbers",
        &[
            ("fullmoves", fullmoves.into()),
            ("halfmoves", halfmoves.into()),
        ],
    )
}

/// The panel's en-passant line.
#[must_use]
pub fn en_passant(square: Option<Square>, choices: usize) -> String {
    match (square, choices) {
        (Some(sq), _) => tr("editor-en-passant", &[("square", sq.to_string().into())]),
        (None, 0) => t("editor-en-passant-none"),
        (None, n) => tr("editor-en-passant-choices", &[("choices", n.into())]),
    }
}

/// The best move of the analysis.
#[must_use]
pub fn best_move(san: &str) -> String {
    tr(
        "editor-best",
        &[("san", crate::i18n::san(san).into_owned().into())],
    )
}

/// The analysis failed.
#[must_use]
pub fn analysis_failed(why: &str) -> String {
    tr("editor-analysis-failed", &[("why", why.into())])
}

/// The status line's state part.
#[must_use]
pub fn status(turn: Color, legal: bool) -> String {
    tr(
        "editor-status",
        &[("color", color_id(turn)), ("legal", yes_no(legal))],
    )
}
