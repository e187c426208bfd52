//! Pawn structure: passed pawns by rank, isolated, doubled, backward and connected pawns.
//!
//! Designed values at 100 % (mg/eg): passed pawn on relative rank 2..7: 0/10, 5/15, 12/28,
//! 25/50, 45/85, 70/130; isolated −10/−15; doubled −12/−22 (per pawn behind another);
//! backward −8/−12; connected (side by side or protected by a pawn) 3/3 + 2/3 per rank advanced.
//! A passed pawn on relative rank 4..7 has a rank weight w = 1, 3, 5, 7 that scales two more
//! endgame terms: king proximity, (5 × the enemy king's distance − 2 × our king's distance to
//! the stop square, distances capped at 5) × w, and its path: +7 × w (mg +2 × w) when every square
//! ahead is empty and unattacked by the enemy, +3 × w when only the stop square is empty and
//! unattacked.

use shakmaty::{Bitboard, Board, Color, Role, Square};

use super::tapered::{Tapered, s};
use super::{Attacks, EvalParams, Term, Trace, side};

/// Pawn-structure bonuses and penalties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PawnParams {
    passed: [Tapered; 8],
    isolated: Tapered,
    doubled: Tapered,
    backward: Tapered,
    connected: [Tapered; 8],
    /// Endgame king-proximity scale for passed pawns, in percent.
    proximity: i32,
    /// Bonus per rank weight for a passed pawn whose whole path is free and safe.
    free_path: Tapered,
    /// Bonus per rank weight for a passed pawn whose stop square is free and safe.
    free_stop: Tapered,
}

impl PawnParams {
    pub(crate) fn zero() -> Self {
        PawnParams {
            passed: [Tapered::default(); 8],
            isolated: Tapered::default(),
            doubled: Tapered::default(),
            backward: Tapered::default(),
            connected: [Tapered::default(); 8],
            proximity: 0,
            free_path: Tapered::default(),
            free_stop: Tapered::default(),
        }
    }
    pub(crate) fn designed() -> Self {
        let mut connected = [Tapered::default(); 8];
        for (r, c) in connected.iter_mut().enumerate().take(7).skip(1) {
            let r = r as i32 - 1;
            *c = s(3 + 2 * r, 3 + 3 * r);
        }
        PawnParams {
            passed: [
                s(0, 0),
                s(0, 10),
                s(5, 15),
                s(12, 28),
                s(25, 50),
                s(45, 85),
                s(70, 130),
                s(0, 0),
            ],
            isolated: s(-10, -15),
            doubled: s(-12, -22),
            backward: s(-8, -12),
            connected,
            proximity: 100,
            free_path: s(2, 7),
            free_stop: s(0, 3),
        }
    }
    pub(crate) fn percent(self, p: u32) -> Self {
        PawnParams {
            passed: self.passed.map(|v| v.percent(p)),
            isolated: self.isolated.percent(p),
            doubled: self.doubled.percent(p),
            backward: self.backward.percent(p),
            connected: self.connected.map(|v| v.percent(p)),
            proximity: self.proximity * p as i32 / 100,
            free_path: self.free_path.percent(p),
            free_stop: self.free_stop.percent(p),
        }
    }
}

/// Files adjacent to `sq`'s file.
fn adjacent_files(sq: Square) -> Bitboard {
    let f = Bitboard::from_file(sq.file()).0;
    Bitboard(((f << 1) & !0x0101_0101_0101_0101) | ((f >> 1) & !0x8080_8080_8080_8080))
}

/// Squares strictly in front of `sq`'s rank from `color`'s point of view (all files).
fn ranks_ahead(color: Color, sq: Square) -> Bitboard {
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

pub(crate) fn evaluate(board: &Board, params: &EvalParams, a: &Attacks, t: &mut Trace) {
    let p = &params.pawns;
    for color in Color::ALL {
        let ours = board.by_piece(Role::Pawn.of(color));
        let theirs = board.by_piece(Role::Pawn.of(!color));
        let mut v = Tapered::default();
        for sq in ours {
            let file = Bitboard::from_file(sq.file());
            let adjacent = adjacent_files(sq);
            let ahead = ranks_ahead(color, sq);
            let rank = color.relative_rank(sq.rank()).to_usize();
            let passed = (theirs & (file | adjacent) & ahead).is_empty();
            if passed {
                v += p.passed[rank];
                v += passer_extras(board, p, a, color, sq, rank);
            }
            if (ours & adjacent).is_empty() {
                v += p.isolated;
            } else {
                let supported = a.pawns[side(color)].contains(sq);
                let rank_bb = Bitboard::from_rank(sq.rank());
                let phalanx = (ours & adjacent & rank_bb).any();
                if supported || phalanx {
                    v += p.connected[rank];
                } else if !passed {
                    // Backward: no friendly pawn beside or behind on adjacent files, and the
                    // square in front is controlled by an enemy pawn.
                    let behind_or_level = !ahead;
                    let stop = sq.offset(if color == Color::White { 8 } else { -8 });
                    if (ours & adjacent & behind_or_level).is_empty()
                        && stop.is_some_and(|s| a.pawns[side(!color)].contains(s))
                    {
                        v += p.backward;
                    }
                }
            }
            if (ours & file & ahead).any() {
                v += p.doubled;
            }
        }
        t.add(Term::PawnStructure, color, v);
    }
}

/// Weight of a passed pawn's king-proximity and path terms by relative rank.
const PASSER_WEIGHT: [i32; 8] = [0, 0, 0, 1, 3, 5, 7, 0];

/// King proximity and free-path bonuses of `color`'s passed pawn on `sq` (relative `rank`).
fn passer_extras(
    board: &Board,
    p: &PawnParams,
    a: &Attacks,
    color: Color,
    sq: Square,
    rank: usize,
) -> Tapered {
    let w = PASSER_WEIGHT[rank];
    let Some(stop) = sq.offset(if color == Color::White { 8 } else { -8 }) else {
        return Tapered::default();
    };
    if w == 0 {
        return Tapered::default();
    }
    let mut v = Tapered::default();
    if let (Some(ours), Some(theirs)) = (board.king_of(color), board.king_of(!color)) {
        let d_them = theirs.distance(stop).min(5) as i32;
        let d_us = ours.distance(stop).min(5) as i32;
        v += s(0, (5 * d_them - 2 * d_us) * w * p.proximity / 100);
    }
    let path = Bitboard::from_file(sq.file()) & ranks_ahead(color, sq);
    let enemy = a.all[side(!color)];
    if (path & (board.occupied() | enemy)).is_empty() {
        v += p.free_path * w;
    } else if !board.occupied().contains(stop) && !enemy.contains(stop) {
        v += p.free_stop * w;
    }
    v
}
