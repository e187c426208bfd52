//! An image of one moment (`kibitzer explain --svg OUT.svg`): the position before the move with
//! the mover at the bottom, the move drawn as an arrow, and under the board the move, its
//! verdict and the explanation's text. One standalone SVG file (no font, image or link outside
//! it), drawn with [`board`](super::board).

use super::board::{self, SIDE, SQUARE};
use super::page::escape;
use crate::text::wrap;

/// The width of a caption line in characters (at the caption's font size, about the board's
/// width).
const WRAP: usize = 58;
/// The height of a caption line in SVG units.
const LINE: u32 = 17;

/// What the image shows: the fields of an explanation (`kibitzer explain --json`).
#[derive(Debug, Clone, Copy)]
pub struct Moment<'a> {
    /// The position before the move (FEN).
    pub fen_before: &'a str,
    /// The move, UCI (its arrow).
    pub uci: &'a str,
    /// The caption's first line: who plays what, and the verdict.
    pub heading: &'a str,
    /// The explanation's text (lines kept, long ones wrapped).
    pub text: &'a str,
    /// Black plays the move: Black at the bottom.
    pub black_moves: bool,
}

/// The image as one SVG document.
///
/// # Errors
/// The position is no FEN board.
pub fn svg(m: &Moment<'_>) -> Result<String, String> {
    let b = board::board_of(m.fen_before)?;
    let flipped = m.black_moves;
    let squares = board::move_squares(m.uci);
    let mut lines = vec![(m.heading.to_owned(), true)];
    for l in m.text.lines() {
        lines.extend(wrap(l, WRAP).into_iter().map(|w| (w, false)));
    }
    let caption_top = SIDE + 8;
    let height = caption_top + LINE * lines.len() as u32 + 8;
    let mut caption = String::new();
    for (i, (text, bold)) in lines.iter().enumerate() {
        let y = caption_top + LINE * (i as u32 + 1) - 4;
        let weight = if *bold { r#" font-weight="bold""# } else { "" };
        caption.push_str(&format!(
            r#"<text x="6" y="{y}"{weight}>{}</text>"#,
            escape(text)
        ));
    }
    let arrow = squares.map_or_else(String::new, |(from, to)| {
        let centre = |sq: shakmaty::Square| {
            let (f, r) = (u32::from(sq.file()), u32::from(sq.rank()));
            let (x, y) = if flipped {
                (7 - f, r)
            } else {
                (f, 7 - r)
            };
            (x * SQUARE + SQUARE / 2, y * SQUARE + SQUARE / 2)
        };
        let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
        format!(
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#15781b" stroke-width="9" stroke-linecap="round" opacity=".7" marker-end="url(#arrow)"/>"##
        )
    });
    Ok(format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIDE} {height}" width="{SIDE}" height="{height}"><defs>{pieces}<marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="2.4" markerHeight="2.4" orient="auto"><path d="M0 0 10 5 0 10z" fill="#15781b"/></marker></defs><rect width="{SIDE}" height="{height}" fill="#fff"/>{squares_svg}<g {outline}>{pieces_svg}</g>{arrow}<g font-family="sans-serif" font-size="10" fill="#333">{coords}</g><g font-family="sans-serif" font-size="13" fill="#111">{caption}</g></svg>
"##,
        pieces = board::PIECES,
        outline = board::OUTLINE,
        squares_svg = board::squares(),
        pieces_svg = board::pieces(&b, squares, flipped),
        coords = board::coordinates(flipped),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_image_shows_the_move_and_every_word() {
        let m = Moment {
            fen_before: "4k3/8/8/3q4/8/8/3R4/4K3 b - - 0 1",
            uci: "d5d2",
            heading: "black Qxd2 (best)",
            text: "Qxd2 wins a rook & more.\n[-9.0]",
            black_moves: true,
        };
        let s = svg(&m).unwrap();
        assert!(s.starts_with("<svg") && s.trim_end().ends_with("</svg>"));
        assert!(s.contains("Qxd2 wins a rook &amp; more."));
        assert!(s.contains(">[-9.0]</text>"));
        assert!(s.contains(r#"marker-end="url(#arrow)""#));
        // Black at the bottom: d5 is on the fifth row from the top, d2 on the second, the
        // d-file the fifth column from the left.
        assert!(s.contains(r#"x1="202" y1="202" x2="202" y2="67""#), "{s}");
        assert!(
            svg(&Moment {
                fen_before: "nonsense/",
                ..m
            })
            .is_err()
        );
    }
}
