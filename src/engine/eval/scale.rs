//! Drawishness: how much of the evaluation a side ahead can hope to turn into a win.
//!
//! The terms add up material and placement, but some material advantages do not win: a knight
//! or bishop more without pawns, a rook and minor against a rook, a bishop with rook's pawns
//! that does not control the queening corner, bishops of opposite colours. Games against
//! Stockfish showed the cost (the session-7 and -8 games, analysed in docs/EVAL.md): the engine
//! rated such endings +1.5 to +7 pawns, steered into them, and drew. [`endgame_scale`] returns
//! the share of the evaluation's endgame part (out of [`FULL`]) that the side ahead keeps;
//! [`fifty_move_scale`] fades the evaluation as the fifty-move counter runs, so that a side
//! ahead prefers the moves that make progress (pawn moves and captures reset the counter).
//!
//! The piece counts use the usual 3/3/5/9 values, not the tuned ones: these are rules of
//! endgame theory, not estimates.

use shakmaty::{Bitboard, Board, Color, File, Rank, Role, Square};

use super::pawns::is_passed;

/// The whole evaluation (the denominator of every scale).
pub const FULL: i32 = 64;

/// Non-pawn material of `color` in pawns (N = B = 3, R = 5, Q = 9).
fn non_pawn(board: &Board, color: Color) -> i32 {
    let ours = board.by_color(color);
    3 * (ours & (board.knights() | board.bishops())).count() as i32
        + 5 * (ours & board.rooks()).count() as i32
        + 9 * (ours & board.queens()).count() as i32
}

/// The share of the endgame value `white_eg` (White's point of view) that the side it favours
/// keeps, out of [`FULL`]. [`FULL`] when nothing in the position makes the advantage hard to
/// win. Only the endgame value is scaled (as in Stockfish's classical evaluation): with many
/// pieces on the board, bishops of opposite colours help the attacker rather than the defender.
pub fn endgame_scale(board: &Board, white_eg: i32) -> i32 {
    if white_eg == 0 {
        return FULL;
    }
    let strong = if white_eg > 0 {
        Color::White
    } else {
        Color::Black
    };
    let weak = !strong;
    let strong_pawns = board.by_piece(Role::Pawn.of(strong));
    let weak_pawns = board.by_piece(Role::Pawn.of(weak));
    let npm_strong = non_pawn(board, strong);
    let npm_weak = non_pawn(board, weak);
    let weak_bare = (board.by_color(weak) & !board.kings()).is_empty();

    if strong_pawns.is_empty() {
        // Two knights cannot force mate against a bare king.
        let only_knights = (board.by_color(strong) & !board.kings() & !board.knights()).is_empty();
        if weak_bare && only_knights && npm_strong <= 6 {
            return 0;
        }
        // Without pawns, at most a minor piece more does not win (a lone minor never does;
        // rook and minor against a rook, or a rook against a minor, rarely).
        if npm_strong - npm_weak <= 3 {
            return if npm_strong < 5 {
                0
            } else if npm_weak <= 3 {
                4
            } else {
                14
            };
        }
        return FULL;
    }

    if weak_bare && wrong_bishop_draw(board, strong, strong_pawns) {
        return 0;
    }

    let strong_bishops = board.by_color(strong) & board.bishops();
    let weak_bishops = board.by_color(weak) & board.bishops();
    if strong_bishops.count() == 1
        && weak_bishops.count() == 1
        && light(strong_bishops) != light(weak_bishops)
    {
        let passers = strong_pawns
            .into_iter()
            .filter(|&sq| is_passed(strong, sq, weak_pawns))
            .count() as i32;
        if npm_strong == 3 && npm_weak == 3 {
            // Bishops of opposite colours alone: even two extra pawns often do not win.
            return (22 + 8 * passers).min(FULL);
        }
        // With other pieces still on, the opposite bishops still help the defender.
        return (40 + 6 * passers).min(FULL);
    }

    // One pawn against none with equal pieces (rook and pawn against rook, and the like):
    // mostly drawn with correct defence.
    if strong_pawns.count() == 1 && weak_pawns.is_empty() && npm_strong == npm_weak && npm_weak > 0
    {
        return 32;
    }
    FULL
}

/// The share of the evaluation kept with `halfmoves` on the fifty-move counter, out of
/// [`FULL`]: all of it for the first twenty plies, then less and less, half at the hundredth.
pub fn fifty_move_scale(halfmoves: u32) -> i32 {
    let h = halfmoves.min(100) as i32;
    if h <= 20 {
        FULL
    } else {
        FULL - (h - 20) * FULL / 160
    }
}

/// Whether the squares of `bishops` are light.
fn light(bishops: Bitboard) -> bool {
    bishops.intersect(Bitboard::LIGHT_SQUARES).any()
}

/// King, bishop and pawns all on one rook's file against a bare king, when the bishop does not
/// control the queening square and the defending king stands on it or next to it: a draw.
fn wrong_bishop_draw(board: &Board, strong: Color, pawns: Bitboard) -> bool {
    let pieces = board.by_color(strong) & !board.kings() & !board.pawns();
    if pieces.count() != 1 || (pieces & board.bishops()).is_empty() {
        return false;
    }
    let file = if (pawns & !Bitboard::from_file(File::A)).is_empty() {
        File::A
    } else if (pawns & !Bitboard::from_file(File::H)).is_empty() {
        File::H
    } else {
        return false;
    };
    let queening = Square::from_coords(file, strong.fold_wb(Rank::Eighth, Rank::First));
    if light(pieces) == queening.is_light() {
        return false;
    }
    board
        .king_of(!strong)
        .is_some_and(|k| k.distance(queening) <= 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn board(fen: &str) -> Board {
        fen.parse::<Fen>()
            .expect("test FEN")
            .as_setup()
            .board
            .clone()
    }

    /// Checks `(FEN, endgame value for White, expected share)` cases.
    fn expect(cases: &[(&str, i32, i32)]) {
        for &(fen, white_eg, want) in cases {
            assert_eq!(endgame_scale(&board(fen), white_eg), want, "{fen}");
        }
    }

    #[test]
    fn minor_piece_endings_without_pawns_are_draws() {
        expect(&[
            // Knight against a pawn; two knights against a bare king.
            ("8/8/4k3/8/8/2N5/5p2/4K3 w - - 0 1", 300, 0),
            ("8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1", 600, 0),
            // Rook and bishop against a rook; rook against a knight.
            ("8/8/4k3/3r4/8/2B5/8/R3K3 w - - 0 1", 300, 14),
            ("8/8/4k3/3n4/8/8/8/R3K3 w - - 0 1", 200, 4),
            // A rook against a bare king and a queen against a rook win.
            ("8/8/4k3/8/8/8/8/R3K3 w - - 0 1", 500, FULL),
            ("8/8/4k3/3r4/8/8/8/Q3K3 w - - 0 1", 400, FULL),
        ]);
    }

    #[test]
    fn the_wrong_bishop_with_a_rook_pawn_is_a_draw_only_with_the_king_in_the_corner() {
        expect(&[
            // White's light bishop (e2) cannot cover h8 (dark); Black's king is on g8.
            ("6k1/8/8/7P/8/8/4B3/6K1 w - - 0 1", 400, 0),
            // The dark-squared bishop (d2) covers h8: the pawn queens.
            ("6k1/8/8/7P/8/8/3B4/6K1 w - - 0 1", 400, FULL),
            // The defending king is far from the corner.
            ("8/8/8/7P/8/1k6/4B3/6K1 w - - 0 1", 400, FULL),
            // Black's version: light bishop (d5), a-pawn queening on a1 (dark), king on b2.
            ("6k1/8/8/3b4/p7/8/1K6/8 b - - 0 1", -400, 0),
        ]);
    }

    #[test]
    fn opposite_bishops_and_one_pawn_endings_are_drawish() {
        expect(&[
            // Bishops of opposite colours (e3 dark, g6 light), White a pawn up, no passer.
            ("8/5k2/4p1b1/4P3/3P4/4B3/5K2/8 w - - 0 1", 150, 22),
            // Same-coloured bishops (e3 and c1, both dark) are not scaled.
            ("8/5k2/4p3/4P3/3P4/4B3/5K2/2b5 w - - 0 1", 150, FULL),
            // Rook and pawn against rook.
            ("8/8/4k3/8/3P4/3r4/8/3RK3 w - - 0 1", 150, 32),
        ]);
    }

    #[test]
    fn the_fifty_move_scale_fades_from_the_twentieth_ply() {
        assert_eq!(fifty_move_scale(0), FULL);
        assert_eq!(fifty_move_scale(20), FULL);
        assert_eq!(fifty_move_scale(100), FULL / 2);
        assert!(fifty_move_scale(60) < FULL && fifty_move_scale(60) > FULL / 2);
        assert_eq!(fifty_move_scale(300), FULL / 2);
    }
}
