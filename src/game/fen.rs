//! FEN input with errors that name the offending field and say why.

use crate::echo::echo;
use crate::i18n::{FluentValue, t, tr};
use std::fmt;

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::{CastlingMode, Chess, PositionErrorKinds};

/// An invalid FEN: which field and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// The field: "piece placement", "side to move", "castling", "en passant", "halfmove clock",
    /// "fullmove number", or "position" for a well-formed FEN describing an impossible position.
    pub field: &'static str,
    /// What is wrong, with the offending text.
    pub reason: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let field = match self.field {
            "piece placement" => "placement",
            "side to move" => "turn",
            "castling" => "castling",
            "en passant" => "ep",
            "halfmove clock" => "halfmoves",
            "fullmove number" => "fullmoves",
            _ => "position",
        };
        f.write_str(&tr(
            "fen-invalid",
            &[
                ("field", field.into()),
                ("reason", self.reason.as_str().into()),
            ],
        ))
    }
}

impl std::error::Error for FenError {}

/// A FEN error of `field` (its English name, the [`FenError::field`]), the reason being the
/// catalogue's message `key` with its variables in the language spoken.
pub(crate) fn err_of(field: &'static str, key: &str, args: &[(&str, FluentValue<'_>)]) -> FenError {
    err(field, tr(key, args))
}

pub(crate) fn err(field: &'static str, reason: impl Into<String>) -> FenError {
    FenError {
        field,
        reason: reason.into(),
    }
}

/// Parses a FEN into a legal standard chess position. The halfmove clock and fullmove number
/// may be omitted (they default to 0 and 1).
///
/// # Errors
/// A [`FenError`] naming the field and the reason.
pub fn parse(text: &str) -> Result<Chess, FenError> {
    parse_with(text, false)
}

/// Like [`parse`], but accepts positions that cannot arise in a real game yet have well-defined
/// moves (too much material, impossible checks), as perft test suites use.
///
/// # Errors
/// A [`FenError`] naming the field and the reason.
pub fn parse_lenient(text: &str) -> Result<Chess, FenError> {
    parse_with(text, true)
}

fn parse_with(text: &str, lenient: bool) -> Result<Chess, FenError> {
    let fen = parse_syntax(text)?;
    let parsed = fen.into_position(CastlingMode::Standard);
    let parsed = match parsed {
        Err(e) if lenient => match e.ignore_too_much_material() {
            Ok(pos) => Ok(pos),
            Err(e) => e.ignore_impossible_check(),
        },
        other => other,
    };
    parsed.map_err(|e| position_error(e.kinds()))
}

/// Why shakmaty refuses a set-up, per [`PositionErrorKinds`] flag: (flag, field, the reason's
/// message), in the order they are reported.
const POSITION_REASONS: [(PositionErrorKinds, &str, &str); 9] = [
    (
        PositionErrorKinds::EMPTY_BOARD,
        "position",
        "fen-empty-board",
    ),
    (
        PositionErrorKinds::MISSING_KING,
        "piece placement",
        "fen-missing-king",
    ),
    (
        PositionErrorKinds::TOO_MANY_KINGS,
        "piece placement",
        "fen-too-many-kings",
    ),
    (
        PositionErrorKinds::PAWNS_ON_BACKRANK,
        "piece placement",
        "fen-pawns-on-backrank",
    ),
    (
        PositionErrorKinds::INVALID_CASTLING_RIGHTS,
        "castling",
        "fen-invalid-castling-rights",
    ),
    (
        PositionErrorKinds::INVALID_EP_SQUARE,
        "en passant",
        "fen-invalid-ep",
    ),
    (
        PositionErrorKinds::OPPOSITE_CHECK,
        "position",
        "fen-opposite-check",
    ),
    (
        PositionErrorKinds::IMPOSSIBLE_CHECK,
        "position",
        "fen-impossible-check",
    ),
    (
        PositionErrorKinds::TOO_MUCH_MATERIAL,
        "piece placement",
        "fen-too-much-material",
    ),
];

/// Every reason shakmaty gives for refusing a set-up (the board editor lists them all), each
/// naming its FEN field.
#[must_use]
pub fn position_errors(kinds: PositionErrorKinds) -> Vec<FenError> {
    let mut errors: Vec<FenError> = POSITION_REASONS
        .iter()
        .filter(|(k, _, _)| kinds.contains(*k))
        .map(|(_, field, key)| err(field, t(key)))
        .collect();
    if errors.is_empty() && !kinds.is_empty() {
        errors.push(err("position", t("fen-not-legal")));
    }
    errors
}

/// The first reason shakmaty gives for refusing a set-up, naming its FEN field.
fn position_error(kinds: PositionErrorKinds) -> FenError {
    position_errors(kinds)
        .into_iter()
        .next()
        .unwrap_or_else(|| err("position", t("fen-not-legal")))
}

/// Checks every field of a FEN's syntax (not the position it describes) and parses it. Shared
/// by chess and Pawn Battle (`variant::pawn_battle`), which then check the set-up each its way.
///
/// # Errors
/// A [`FenError`] naming the field and the reason.
pub(crate) fn parse_syntax(text: &str) -> Result<Fen, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(err("piece placement", t("fen-empty")));
    }
    // `rnbqkbnr/pppp ppp/…`: a space inside the placement, not extra fields at the end.
    let is_placement = |f: &str| f.chars().all(|c| "pnbrqkPNBRQK12345678/".contains(c));
    if fields[0].matches('/').count() < 7
        && fields
            .get(1)
            .is_some_and(|f| f.contains('/') || (is_placement(f) && !matches!(*f, "w" | "b")))
    {
        return Err(err_of(
            "piece placement",
            "fen-space",
            &[
                ("first", echo(fields[0]).into()),
                ("second", echo(fields[1]).into()),
            ],
        ));
    }
    // A broken placement is the first thing wrong, whatever follows it (`bad fen` is not a
    // FEN with a missing castling field).
    check_placement(fields[0])?;
    if fields.len() < 4 {
        let missing = ["side to move", "castling", "en passant"][fields.len() - 1];
        return Err(err_of(
            missing,
            "fen-too-few-fields",
            &[("count", fields.len().into())],
        ));
    }
    if fields.len() > 6 {
        return Err(err_of(
            "fullmove number",
            "fen-trailing",
            &[("text", echo(&fields[6..].join(" ")).into())],
        ));
    }
    if !matches!(fields[1], "w" | "b") {
        return Err(err_of(
            "side to move",
            "fen-turn",
            &[("text", echo(fields[1]).into())],
        ));
    }
    let castling = fields[2];
    if castling != "-" && !castling.chars().all(|c| matches!(c, 'K' | 'Q' | 'k' | 'q')) {
        return Err(err_of(
            "castling",
            "fen-castling",
            &[("text", echo(castling).into())],
        ));
    }
    let ep = fields[3];
    let ep_ok = ep == "-"
        || (ep.len() == 2
            && matches!(ep.as_bytes()[0], b'a'..=b'h')
            && matches!(ep.as_bytes()[1], b'3' | b'6'));
    if !ep_ok {
        return Err(err_of("en passant", "fen-ep", &[("text", echo(ep).into())]));
    }
    if let Some(h) = fields.get(4)
        && h.parse::<u32>().is_err()
    {
        return Err(err_of(
            "halfmove clock",
            "fen-halfmoves",
            &[("text", echo(h).into())],
        ));
    }
    if let Some(n) = fields.get(5)
        && !n.parse::<u32>().is_ok_and(|n| n >= 1)
    {
        return Err(err_of(
            "fullmove number",
            "fen-fullmoves",
            &[("text", echo(n).into())],
        ));
    }
    let fen: Fen = fields.join(" ").parse().map_err(|e: ParseFenError| {
        let field = match e {
            ParseFenError::InvalidBoard | ParseFenError::InvalidPocket => "piece placement",
            ParseFenError::InvalidTurn => "side to move",
            ParseFenError::InvalidCastling => "castling",
            ParseFenError::InvalidEpSquare => "en passant",
            ParseFenError::InvalidHalfmoveClock => "halfmove clock",
            ParseFenError::InvalidFullmoves => "fullmove number",
            _ => "position",
        };
        err(field, e.to_string())
    })?;
    Ok(fen)
}

/// Validates the piece-placement field rank by rank.
fn check_placement(board: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(err_of(
            "piece placement",
            "fen-ranks",
            &[("count", ranks.len().into())],
        ));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let rank_no = 8 - i;
        let mut squares = 0u32;
        for c in rank.chars() {
            match c {
                '1'..='8' => squares += c.to_digit(10).unwrap_or(0),
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    squares += 1;
                }
                _ => {
                    return Err(err_of(
                        "piece placement",
                        "fen-rank-char",
                        &[
                            ("rank", rank_no.into()),
                            ("text", echo(rank).into()),
                            ("char", format!("{c:?}").into()),
                        ],
                    ));
                }
            }
        }
        if squares != 8 {
            return Err(err_of(
                "piece placement",
                "fen-rank-squares",
                &[
                    ("rank", rank_no.into()),
                    ("text", echo(rank).into()),
                    ("squares", squares.into()),
                ],
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 23: a space inside the placement field blamed the fullmove number.
    #[test]
    fn a_space_inside_the_placement_blames_the_placement() {
        for fen in [
            "rnbqkbnr/pppp ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8 /8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            let e = parse(fen).unwrap_err();
            assert_eq!(e.field, "piece placement", "{e}");
            assert!(e.to_string().contains("contains a space"), "{e}");
        }
        // A long or control-laden FEN is echoed cut and escaped.
        let e = parse(&format!("{} w - - 0 1", "\u{1b}".repeat(5000))).unwrap_err();
        assert!(
            !e.to_string().contains('\u{1b}') && e.to_string().len() < 1000,
            "{e}"
        );
    }

    #[test]
    fn a_short_broken_fen_blames_its_placement_not_castling() {
        for fen in ["bad fen", "bad", "x/y w"] {
            let e = parse(fen).unwrap_err();
            assert_eq!(e.field, "piece placement", "{fen}: {e}");
        }
    }

    #[test]
    fn fen_errors_name_field_and_reason() {
        let cases: &[(&str, &str)] = &[
            ("", "invalid FEN (piece placement): the FEN is empty"),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                "invalid FEN (side to move): the FEN has 1 field(s); expected at least 4 \
                 (placement, side to move, castling, en passant)",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
                "invalid FEN (piece placement): 7 rank(s) separated by '/'; expected 8",
            ),
            (
                "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "invalid FEN (piece placement): rank 7 (\"ppppppp\") describes 7 squares; expected 8",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
                "invalid FEN (piece placement): rank 1 (\"RNBQKBNX\") contains 'X'; use PNBRQK/pnbrqk and digits 1-8",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                "invalid FEN (side to move): \"x\" must be \"w\" or \"b\"",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
                "invalid FEN (castling): \"KQxq\" must be \"-\" or a combination of K, Q, k, q",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1",
                "invalid FEN (en passant): \"e5\" must be \"-\" or a square on the 3rd or 6th rank, such as e3",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
                "invalid FEN (halfmove clock): \"x\" must be a whole number ≥ 0",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
                "invalid FEN (fullmove number): \"0\" must be a whole number ≥ 1",
            ),
            (
                "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
                "invalid FEN (piece placement): each side needs exactly one king, and one is missing",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
                "invalid FEN (fullmove number): unexpected text after the fullmove number: \"extra\"",
            ),
            (
                "4k3/8/8/8/8/8/8/4K2R w Kk - 0 1",
                "invalid FEN (castling): a castling right is given but the king or rook is not on its original square",
            ),
            (
                "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
                "invalid FEN (piece placement): pawns cannot stand on the 1st or 8th rank",
            ),
            (
                "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
                "invalid FEN (position): the side not to move is in check",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
                "invalid FEN (en passant): no pawn can have just made a double step to give that en-passant square",
            ),
        ];
        for (fen, expected) in cases {
            let e = parse(fen).unwrap_err();
            assert_eq!(&e.to_string(), expected, "for {fen:?}");
        }
    }

    #[test]
    fn short_fen_is_accepted() {
        let pos = parse("4k3/8/8/8/8/8/8/4K2R w K -").unwrap();
        assert_eq!(
            Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string(),
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
        );
    }
}
