//! Pawn structure: passed pawns by rank, isolated, doubled, backward and connected pawns.
//!
//! Designed values at 100 % (mg/eg): passed pawn on relative rank 2..7: 0/10, 5/15, 12/28,
//! 25/50, 45/85, 70/130; isolated −10/−15; doubled −12/−22 (per pawn behind another);
//! backward −8/−12; connected (side by side or protected by a pawn) 3/3 + 2/3 per rank advanced.

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
}

impl PawnParams {
    pub(crate) fn zero() -> Self {
        PawnParams {
            passed: [Tapered::default(); 8],
            isolated: Tapered::default(),
            doubled: Tapered::default(),
            backward: Tapered::default(),
            connected: [Tapered::default(); 8],
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
        }
    }
    pub(crate) fn percent(self, p: u32) -> Self {
        PawnParams {
            passed: self.passed.map(|v| v.percent(p)),
            isolated: self.isolated.percent(p),
            doubled: self.doubled.percent(p),
            backward: self.backward.percent(p),
            connected: self.connected.map(|v| v.percent(p)),
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
