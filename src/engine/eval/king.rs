//! King safety: the pawn shield, open files at the king and enemy pieces attacking the squares
//! around it. Middlegame only (the endgame king is handled by the piece-square tables).
//!
//! Designed values at 100 %: shield pawn on the second rank +12, third rank +6, missing −18 per
//! file (king on its first two ranks); −10 per half-open and −20 more per fully open file next to
//! the king; attack units N 2, B 2, R 3, Q 5 per attacked zone square, penalty units² / 5
//! (halved with a single attacker, capped at 500, quartered without an enemy queen).
//! Safe checks add attack units (N 6, B 4, R 7, Q 6 once per piece type that has one: a
//! checking square the piece attacks, not occupied by the attacker's own men and not attacked by
//! the king's side), and so do weak zone squares (+2 each: attacked by the enemy and defended by
//! no pawn, minor piece or rook). Enemy pawns storming the king's files cost −8 on their fourth
//! and −14 on their fifth rank (relative to them).

use shakmaty::{Bitboard, Board, Color, Rank, Square, attacks};

use super::tapered::s;
use super::{Attacks, EvalParams, Term, Trace, side};

/// King-safety weights.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KingParams {
    shield_near: i32,
    shield_far: i32,
    shield_missing: i32,
    half_open: i32,
    open: i32,
    /// Attack penalty scale in percent.
    attack: i32,
    /// Enemy pawn on its fifth rank on a king file.
    storm_near: i32,
    /// Enemy pawn on its fourth rank on a king file.
    storm_far: i32,
}

impl KingParams {
    pub(crate) fn zero() -> Self {
        KingParams {
            shield_near: 0,
            shield_far: 0,
            shield_missing: 0,
            half_open: 0,
            open: 0,
            attack: 0,
            storm_near: 0,
            storm_far: 0,
        }
    }
    pub(crate) fn designed() -> Self {
        KingParams {
            shield_near: 12,
            shield_far: 6,
            shield_missing: -18,
            half_open: -10,
            open: -20,
            attack: 100,
            storm_near: -14,
            storm_far: -8,
        }
    }
    pub(crate) fn percent(self, p: u32) -> Self {
        let p = p as i32;
        KingParams {
            shield_near: self.shield_near * p / 100,
            shield_far: self.shield_far * p / 100,
            shield_missing: self.shield_missing * p / 100,
            half_open: self.half_open * p / 100,
            open: self.open * p / 100,
            attack: self.attack * p / 100,
            storm_near: self.storm_near * p / 100,
            storm_far: self.storm_far * p / 100,
        }
    }
}

pub(crate) fn evaluate(board: &Board, params: &EvalParams, a: &Attacks, t: &mut Trace) {
    let p = &params.king;
    if p.attack == 0 && p.shield_near == 0 && p.open == 0 {
        return;
    }
    for color in Color::ALL {
        let Some(king) = board.king_of(color) else {
            continue;
        };
        let ours = board.by_color(color);
        let our_pawns = board.pawns() & ours;
        let their_pawns = board.pawns() & !ours;
        let mut mg = 0;

        let kf = king.file().to_u32() as i32;
        let rel_rank = color.relative_rank(king.rank());
        let second = Bitboard::from_rank(color.relative_rank(Rank::Second));
        let third = Bitboard::from_rank(color.relative_rank(Rank::Third));
        for f in (kf - 1).max(0)..=(kf + 1).min(7) {
            let file = Bitboard::from_file(shakmaty::File::new(f as u32));
            if rel_rank <= Rank::Second {
                if (our_pawns & file & second).any() {
                    mg += p.shield_near;
                } else if (our_pawns & file & third).any() {
                    mg += p.shield_far;
                } else {
                    mg += p.shield_missing;
                }
            }
            if (our_pawns & file).is_empty() {
                mg += p.half_open;
                if (their_pawns & file).is_empty() {
                    mg += p.open;
                }
            }
        }

        // Attackers of the king zone (counted with mobility).
        let theirs = board.by_color(!color);
        let mut units = a.king_units[side(!color)];
        if p.attack != 0 {
            units += danger_units(board, a, color, king);
            for f in (kf - 1).max(0)..=(kf + 1).min(7) {
                let file = Bitboard::from_file(shakmaty::File::new(f as u32));
                for sq in their_pawns & file {
                    // Ranks relative to the storming side: 4th and 5th are close to our king.
                    match (!color).relative_rank(sq.rank()) {
                        Rank::Fifth => mg += p.storm_near,
                        Rank::Fourth => mg += p.storm_far,
                        _ => {}
                    }
                }
            }
        }
        let attackers = a.king_attackers[side(!color)];
        let mut penalty = (units * units / 5).min(500);
        if attackers < 2 {
            penalty /= 2;
        }
        if (board.queens() & theirs).is_empty() {
            penalty /= 4;
        }
        mg -= penalty * p.attack / 100;
        t.add(Term::KingSafety, color, s(mg, 0));
    }
}

/// Extra attack units against `color`'s king on `king`: safe checks by each enemy piece type
/// and weak squares in the king zone.
fn danger_units(board: &Board, a: &Attacks, color: Color, king: Square) -> i32 {
    const SAFE_CHECK: [i32; 4] = [6, 4, 7, 6];
    const WEAK_SQUARE: i32 = 2;
    let us = side(color);
    let them = side(!color);
    let occupied = board.occupied();
    let safe = !board.by_color(!color) & !a.all[us];
    let bishop_checks = attacks::bishop_attacks(king, occupied);
    let rook_checks = attacks::rook_attacks(king, occupied);
    let checks = [
        attacks::knight_attacks(king),
        bishop_checks,
        rook_checks,
        bishop_checks | rook_checks,
    ];
    let mut units = 0;
    for (r, check) in checks.iter().enumerate() {
        if (*check & a.by_role[them][r] & safe).any() {
            units += SAFE_CHECK[r];
        }
    }
    let guarded = a.pawns[us] | a.by_role[us][0] | a.by_role[us][1] | a.by_role[us][2];
    let weak = attacks::king_attacks(king) & a.all[them] & !guarded;
    units + WEAK_SQUARE * weak.count() as i32
}
