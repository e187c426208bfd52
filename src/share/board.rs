//! A chess board as SVG: 45-unit squares, the piece set of `assets/share/pieces.svg` (one
//! `<symbol>` per piece kind, filled white or black by its `<use>`), the last move's squares
//! highlighted, and file and rank letters. Any position a FEN's first field describes is drawn
//! (chess or Pawn Battle).

use shakmaty::fen::Fen;
use shakmaty::{Board, Color, File, Rank, Square};

/// The piece shapes (`<symbol id="P">` … `<symbol id="K">`), put in a board's `<defs>`.
pub const PIECES: &str = include_str!("../../assets/share/pieces.svg");

/// The side of a square in SVG units.
pub const SQUARE: u32 = 45;

/// The side of the board in SVG units.
pub const SIDE: u32 = 8 * SQUARE;

/// The light and dark square colours.
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
/// The last move's highlight.
const HIGHLIGHT: &str = "#cdd26a";

/// The board of a FEN (its first field; the rest may be absent).
///
/// # Errors
/// The text is no FEN board: the message says why.
pub fn board_of(fen: &str) -> Result<Board, String> {
    let placement = fen.split_whitespace().next().unwrap_or_default();
    Fen::from_ascii(placement.as_bytes())
        .map(|f| f.into_setup().board)
        .map_err(|e| format!("{fen:?} is not a FEN board: {e}"))
}

/// The last move's two squares of a UCI move (`e2e4`, `e7e8q`; `None` for a null or drop).
#[must_use]
pub fn move_squares(uci: &str) -> Option<(Square, Square)> {
    let from = Square::from_ascii(uci.get(0..2)?.as_bytes()).ok()?;
    let to = Square::from_ascii(uci.get(2..4)?.as_bytes()).ok()?;
    Some((from, to))
}

/// The top-left corner of `sq` in SVG units, White at the bottom unless `flipped`.
fn corner(sq: Square, flipped: bool) -> (u32, u32) {
    let (f, r) = (u32::from(sq.file()), u32::from(sq.rank()));
    if flipped {
        ((7 - f) * SQUARE, r * SQUARE)
    } else {
        (f * SQUARE, (7 - r) * SQUARE)
    }
}

/// The 64 squares (light background, 32 dark squares).
#[must_use]
pub fn squares() -> String {
    let mut s = format!(r#"<rect width="{SIDE}" height="{SIDE}" fill="{LIGHT}"/>"#);
    for sq in Square::ALL {
        if sq.is_dark() {
            let (x, y) = corner(sq, false);
            s.push_str(&format!(
                r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{DARK}"/>"#
            ));
        }
    }
    s
}

/// The pieces' outline, for the element around [`pieces`] (not repeated on every piece).
pub const OUTLINE: &str = r##"stroke="#000" stroke-width="1.5" stroke-linejoin="round""##;

/// The last move's highlighted squares and the pieces of `board`, one `<use>` each (put them in
/// an element with the [`OUTLINE`] attributes).
#[must_use]
pub fn pieces(board: &Board, last: Option<(Square, Square)>, flipped: bool) -> String {
    let mut s = String::new();
    for sq in last.into_iter().flat_map(|(a, b)| [a, b]) {
        let (x, y) = corner(sq, flipped);
        s.push_str(&format!(
            r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{HIGHLIGHT}" opacity=".75"/>"#
        ));
    }
    for (sq, piece) in board.clone() {
        let (x, y) = corner(sq, flipped);
        let fill = match piece.color {
            Color::White => "#fff",
            Color::Black => "#222",
        };
        s.push_str(&format!(
            r##"<use href="#{}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"##,
            piece.role.upper_char()
        ));
    }
    s
}

/// The file letters along the bottom edge and the rank digits along the left one, as seen with
/// White at the bottom unless `flipped`.
#[must_use]
pub fn coordinates(flipped: bool) -> String {
    let mut s = String::new();
    for i in 0..8u32 {
        let file = File::new(if flipped { 7 - i } else { i });
        let rank = Rank::new(if flipped { i } else { 7 - i });
        let x = i * SQUARE + SQUARE - 2;
        let y = i * SQUARE + 10;
        s.push_str(&format!(
            r#"<text x="{x}" y="{}" text-anchor="end">{}</text><text x="2" y="{y}">{}</text>"#,
            SIDE - 3,
            file.char(),
            rank.char()
        ));
    }
    s
}

/// A whole board as one standalone SVG element: `board` with White at the bottom unless
/// `flipped`, the `last` move highlighted.
///
/// ```
/// let board = kibitzer::share::board::board_of("8/8/8/8/8/8/4P3/4K2k w - - 0 1").unwrap();
/// let svg = kibitzer::share::board::svg(&board, None, false);
/// assert!(svg.starts_with("<svg") && svg.contains(r##"href="#K""##));
/// ```
#[must_use]
pub fn svg(board: &Board, last: Option<(Square, Square)>, flipped: bool) -> String {
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIDE} {SIDE}" width="{SIDE}" height="{SIDE}"><defs>{PIECES}</defs>{}<g {OUTLINE}>{}</g><g font-family="sans-serif" font-size="10" fill="#333">{}</g></svg>"##,
        squares(),
        pieces(board, last, flipped),
        coordinates(flipped)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_is_drawn_where_it_belongs_for_either_side() {
        assert_eq!(corner(Square::A1, false), (0, 315));
        assert_eq!(corner(Square::A1, true), (315, 0));
        assert_eq!(corner(Square::H8, false), (315, 0));
    }

    #[test]
    fn every_piece_and_the_last_move_are_drawn() {
        let board = board_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        let s = pieces(&board, move_squares("e2e4"), false);
        assert_eq!(s.matches("<use").count(), 32);
        assert_eq!(s.matches(HIGHLIGHT).count(), 2);
        // The white pawn on e4: file 4, rank 4 from the top.
        assert!(s.contains(r##"href="#P" x="180" y="180" width="45" height="45" fill="#fff""##));
    }

    #[test]
    fn a_pawn_battle_board_and_bad_text() {
        assert!(board_of("8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1").is_ok());
        let e = board_of("rnbqkbnr/pppp").unwrap_err();
        assert!(e.contains("not a FEN board"), "{e}");
        assert_eq!(move_squares("0000"), None);
    }

    #[test]
    fn every_piece_kind_has_a_shape() {
        for c in ["P", "N", "B", "R", "Q", "K"] {
            assert!(PIECES.contains(&format!(r#"<symbol id="{c}""#)), "{c}");
        }
    }
}
