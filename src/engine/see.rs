//! Static exchange evaluation: does a capture sequence on one square win at least a threshold?
//!
//! The classic swap algorithm over attack sets, with x-ray attackers revealed as pieces leave
//! the square's lines. Pins are ignored (a cheap, well-known approximation).

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role, attacks};

/// Whether `m` wins at least `threshold` centipawns once every sensible recapture on its target
/// square has been played. `values` are piece values indexed by role (pawn = 0 … king = 5).
#[inline]
pub fn see_ge(pos: &Chess, m: Move, threshold: i32, values: &[i32; 6]) -> bool {
    see_ge_on(pos.board(), pos.turn(), m, threshold, values)
}

/// [`see_ge`] for the pieces `board` with `turn` to move, of any game played with chess pieces
/// (attacks are shakmaty's; a side without a king simply has none to recapture with).
pub fn see_ge_on(board: &Board, turn: Color, m: Move, threshold: i32, values: &[i32; 6]) -> bool {
    see_ge_without(board, turn, m, threshold, values, Bitboard::EMPTY)
}

/// [`see_ge_on`] with the men on `barred` left out of the exchange (a man pinned to its king
/// cannot take back: the explanations' exchanges, not the search's).
#[inline]
pub fn see_ge_without(
    board: &Board,
    turn: Color,
    m: Move,
    threshold: i32,
    values: &[i32; 6],
    barred: Bitboard,
) -> bool {
    let (from, to, role, captured, promotion) = match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => (from, to, role, capture, promotion),
        // En passant is a pawn for a pawn; castling moves nothing capturable.
        _ => return 0 >= threshold,
    };
    let v = |r: Role| values[r as usize - 1];
    let mut swap = captured.map_or(0, v) - threshold;
    if let Some(p) = promotion {
        swap += v(p) - v(Role::Pawn);
    }
    if swap < 0 {
        return false;
    }
    let mover = promotion.unwrap_or(role);
    swap = v(mover) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = board.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
    let mut stm = turn;
    let mut attackers =
        (board.attacks_to(to, stm, occupied) | board.attacks_to(to, !stm, occupied)) & !barred;
    let diagonal = board.bishops() | board.queens();
    let straight = board.rooks() | board.queens();
    let mut res = 1;
    loop {
        stm = !stm;
        attackers &= occupied;
        let ours = attackers & board.by_color(stm);
        if ours.is_empty() {
            break;
        }
        res ^= 1;
        let Some(role) = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ]
        .into_iter()
        .find(|&r| (ours & board.by_role(r)).any()) else {
            break;
        };
        if role == Role::King {
            return if (attackers & !board.by_color(stm)).any() {
                res ^ 1 != 0
            } else {
                res != 0
            };
        }
        swap = v(role) - swap;
        if swap < res {
            break;
        }
        if let Some(sq) = (ours & board.by_role(role)).first() {
            occupied ^= Bitboard::from_square(sq);
        }
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= attacks::bishop_attacks(to, occupied) & diagonal & !barred;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= attacks::rook_attacks(to, occupied) & straight & !barred;
        }
    }
    res != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;

    const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

    fn check(fen: &str, uci: &str, threshold: i32) -> bool {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        see_ge(&pos, m, threshold, &VALUES)
    }

    #[test]
    fn exchanges() {
        // Rook takes an undefended pawn.
        assert!(check(
            "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
            "e1e5",
            100
        ));
        // Knight takes a pawn defended by a pawn: loses the knight.
        assert!(!check(
            "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
            "d3e5",
            0
        ));
        // Pawn takes a defended knight: wins knight for pawn.
        assert!(check("4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1", "d4e5", 200));
        // Queen takes a pawn defended by a pawn.
        assert!(!check("4k3/8/3p4/4p3/8/8/8/4Q1K1 w - - 0 1", "e1e5", 0));
        // X-ray: doubled rooks win the defended pawn exchange (R takes p, r takes R, R takes r).
        assert!(check("4r1k1/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", 0));
    }
}
