//! Pawn structure: passed pawns by rank, isolated, doubled, backward and connected pawns.
//!
//! Weights (in `assets/eval/default.toml`): `passed` and `connected` by relative rank,
//! `isolated`, `doubled` (per pawn behind another), `backward`. A passed pawn on relative rank
//! 4..7 has a rank weight w (`passer_weight`, a shape constant) that scales more terms:
//! king proximity, `passer_proximity` percent of (5 × the enemy king's distance − 2 × our king's
//! distance to the stop square, distances capped at 5) × w, and its path: `passer_free_path` × w
//! when every square ahead is empty and unattacked by the enemy, `passer_free_stop` × w when only
//! the stop square is; `passer_blocked` × w when an enemy piece stands on the stop square;
//! `rook_passer` × w for an own (first value) or enemy (second) rook behind it on its file with
//! nothing in between. `king_pawn_distance` per square from each king to the nearest pawn of
//! either side.

use shakmaty::{Bitboard, Board, Color, Role, Square};

use super::weights::{
    BACKWARD, CONNECTED, DOUBLED, FREE_PATH, FREE_STOP, ISOLATED, KING_PAWN_DISTANCE, PASSED,
    PASSER_BLOCKED, PROXIMITY, ROOK_PASSER,
};
use super::{Attacks, EvalParams, Sink, Term, add, add_scaled, side};

/// Files adjacent to `sq`'s file.
pub(crate) fn adjacent_files(sq: Square) -> Bitboard {
    let f = Bitboard::from_file(sq.file()).0;
    Bitboard(((f << 1) & !0x0101_0101_0101_0101) | ((f >> 1) & !0x8080_8080_8080_8080))
}

/// Squares strictly in front of `sq`'s rank from `color`'s point of view (all files).
pub(crate) fn ranks_ahead(color: Color, sq: Square) -> Bitboard {
    let r = sq.rank().to_u32();
    Bitboard(match color {
        Color::White => {
            if r >= 7 {
                0
            } else {
                !0u64 << (8 * (r + 1))
            }
        }
        Color::Black => (1u64 << (8 * r)) - 1,
    })
}

/// Whether `color`'s pawn on `sq` is passed: none of `theirs` (the enemy pawns) stands ahead of
/// it on its own or an adjacent file.
pub(crate) fn is_passed(color: Color, sq: Square, theirs: Bitboard) -> bool {
    let files = Bitboard::from_file(sq.file()) | adjacent_files(sq);
    (theirs & files & ranks_ahead(color, sq)).is_empty()
}

pub(crate) fn evaluate<S: Sink>(board: &Board, params: &EvalParams, a: &Attacks, t: &mut S) {
    const TERM: Term = Term::PawnStructure;
    for color in Color::ALL {
        let ours = board.by_piece(Role::Pawn.of(color));
        let theirs = board.by_piece(Role::Pawn.of(!color));
        // Isolated, doubled, backward.
        let mut counts = [0; 3];
        for sq in ours {
            let file = Bitboard::from_file(sq.file());
            let adjacent = adjacent_files(sq);
            let ahead = ranks_ahead(color, sq);
            let rank = color.relative_rank(sq.rank()).to_usize();
            let passed = is_passed(color, sq, theirs);
            if passed {
                add(t, params, TERM, color, PASSED + rank, 1);
                passer_extras(board, params, a, color, sq, rank, t);
            }
            if (ours & adjacent).is_empty() {
                counts[0] += 1;
            } else {
                let supported = a.pawns[side(color)].contains(sq);
                let rank_bb = Bitboard::from_rank(sq.rank());
                let phalanx = (ours & adjacent & rank_bb).any();
                if supported || phalanx {
                    add(t, params, TERM, color, CONNECTED + rank, 1);
                } else if !passed {
                    // Backward: no friendly pawn beside or behind on adjacent files, and the
                    // square in front is controlled by an enemy pawn.
                    let behind_or_level = !ahead;
                    let stop = sq.offset(if color == Color::White { 8 } else { -8 });
                    if (ours & adjacent & behind_or_level).is_empty()
                        && stop.is_some_and(|s| a.pawns[side(!color)].contains(s))
                    {
                        counts[2] += 1;
                    }
                }
            }
            if (ours & file & ahead).any() {
                counts[1] += 1;
            }
        }
        // Distance from the king to the nearest pawn of either side.
        if let Some(king) = board.king_of(color)
            && let Some(d) = board.pawns().into_iter().map(|p| king.distance(p)).min()
        {
            add(
                t,
                params,
                Term::Placement,
                color,
                KING_PAWN_DISTANCE,
                d as i32,
            );
        }
        for (index, n) in [ISOLATED, DOUBLED, BACKWARD].into_iter().zip(counts) {
            if n > 0 {
                add(t, params, TERM, color, index, n);
            }
        }
    }
}

/// King proximity and free-path bonuses of `color`'s passed pawn on `sq` (relative `rank`).
fn passer_extras<S: Sink>(
    board: &Board,
    params: &EvalParams,
    a: &Attacks,
    color: Color,
    sq: Square,
    rank: usize,
    t: &mut S,
) {
    const TERM: Term = Term::PawnStructure;
    let w = params.shape.passer_weight[rank];
    let Some(stop) = sq.offset(if color == Color::White { 8 } else { -8 }) else {
        return;
    };
    if w == 0 {
        return;
    }
    if let (Some(ours), Some(theirs)) = (board.king_of(color), board.king_of(!color)) {
        let d_them = theirs.distance(stop).min(5) as i32;
        let d_us = ours.distance(stop).min(5) as i32;
        let n = (5 * d_them - 2 * d_us) * w;
        add_scaled(t, params, TERM, color, PROXIMITY, n, 100);
    }
    if board.by_color(!color).contains(stop) {
        add(t, params, TERM, color, PASSER_BLOCKED, w);
    }
    let behind =
        Bitboard::from_file(sq.file()) & !ranks_ahead(color, sq) & !Bitboard::from_square(sq);
    for (i, rook_color) in [color, !color].into_iter().enumerate() {
        let rooks = board.by_piece(Role::Rook.of(rook_color)) & behind;
        if rooks.any()
            && rooks
                .into_iter()
                .any(|r| (shakmaty::attacks::between(r, sq) & board.occupied()).is_empty())
        {
            add(t, params, TERM, color, ROOK_PASSER + i, w);
        }
    }
    let path = Bitboard::from_file(sq.file()) & ranks_ahead(color, sq);
    let enemy = a.all[side(!color)];
    if (path & (board.occupied() | enemy)).is_empty() {
        add(t, params, TERM, color, FREE_PATH, w);
    } else if !board.occupied().contains(stop) && !enemy.contains(stop) {
        add(t, params, TERM, color, FREE_STOP, w);
    }
}
