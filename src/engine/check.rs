//! Whether a move gives check, without playing it: the search asks this for every quiet move it
//! considers pruning, and copying the position to play the move costs more than the answer.

use shakmaty::{Bitboard, Chess, Move, Position, attacks};

/// Whether `m` (legal in `pos`) puts the opponent in check. Normal moves are answered from
/// attack tables (a direct check by the moved or promoted piece, or a discovered check by a
/// slider behind the vacated square); castling and en passant, which move two pieces, are
/// played on a copy.
pub fn gives_check(pos: &Chess, m: Move) -> bool {
    let Move::Normal {
        role,
        from,
        to,
        promotion,
        ..
    } = m
    else {
        let mut child = pos.clone();
        child.play_unchecked(m);
        return child.is_check();
    };
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(!us) else {
        return false;
    };
    let occupied = (board.occupied() & !Bitboard::from_square(from)) | Bitboard::from_square(to);
    let piece = promotion.unwrap_or(role).of(us);
    if attacks::attacks(to, piece, occupied).contains(king) {
        return true;
    }
    // Discovered: one of our other sliders now sees the king through `from` (`to` holds no
    // piece of ours before the move).
    if attacks::ray(from, king).is_empty() {
        return false;
    }
    let ours = board.by_color(us) & !Bitboard::from_square(from);
    let straight = attacks::rook_attacks(king, occupied) & board.rooks_and_queens();
    let diagonal = attacks::bishop_attacks(king, occupied) & board.bishops_and_queens();
    ((straight | diagonal) & ours).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    /// Every legal move of every position in the perft suites, answered both ways.
    #[test]
    fn agrees_with_playing_the_move_on_the_perft_positions() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/perft/");
        let mut checked = 0;
        let mut checks = 0;
        for file in ["perftsuite.epd", "tricky.perft", "random.perft"] {
            let text = std::fs::read_to_string(format!("{dir}{file}")).expect("perft data");
            for line in text.lines() {
                let fen = line
                    .strip_prefix("epd ")
                    .unwrap_or(line)
                    .split(';')
                    .next()
                    .unwrap_or("")
                    .trim();
                let Ok(fen) = fen.parse::<Fen>() else {
                    continue;
                };
                let Ok(pos) = fen.into_position::<Chess>(CastlingMode::Standard) else {
                    continue;
                };
                for m in pos.legal_moves() {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    assert_eq!(gives_check(&pos, m), child.is_check(), "{m:?} in {line}");
                    checked += 1;
                    checks += usize::from(child.is_check());
                }
            }
        }
        assert!(
            checked > 10_000 && checks > 200,
            "{checked} moves, {checks} checks"
        );
    }
}
