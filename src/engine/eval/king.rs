//! King safety: the pawn shield, open files at the king, enemy pawn storms and enemy pieces
//! attacking the squares around it.
//!
//! Weights (in `assets/eval/default.toml`): `king_shield` per file next to the king (own pawn on
//! the second rank, on the third, missing; king on its first two ranks), `king_file` per
//! half-open and (additionally) fully open file next to the king, `king_storm` per enemy pawn on
//! its fourth or fifth rank on those files, and `king_attack`, the scale in percent of the
//! attack penalty. Attack units (shape constants) come from pieces hitting the king zone
//! (`king_attack_weight` per attacked square), safe checks (`safe_check` once per piece type that
//! has one: a checking square the piece attacks, not occupied by the attacker's own men and not
//! attacked by the king's side) and weak zone squares (`weak_square` each: attacked by the enemy
//! and defended by no pawn, minor piece or rook); the penalty is units² / 5, capped at 500,
//! halved with a single attacker and quartered without an enemy queen.
//!
//! Castling (its own term, `eval.castling`): `castling` holds two weights, one per castling
//! right a side still has (king side and queen side count once each), and one for a king on the
//! d, e or f file that has lost both rights (it can no longer castle out of the centre). Without
//! them the piece-square tables carried "not castled yet" on their own (the rook on h1 was
//! valued far below g1), and the engine's lines played `Rg1` in ordinary openings.

use shakmaty::{
    Bitboard, Board, CastlingSide, Chess, Color, File, Position, Rank, Square, attacks,
};

use super::weights::{CASTLING, KING_ATTACK, KING_FILE, SHIELD, STORM};
use super::{Attacks, EvalParams, Sink, Term, add, add_scaled, side};

pub(crate) fn evaluate<S: Sink>(board: &Board, params: &EvalParams, a: &Attacks, t: &mut S) {
    let w = &params.w;
    if w[KING_ATTACK] == Default::default()
        && w[SHIELD] == Default::default()
        && w[KING_FILE + 1] == Default::default()
    {
        return;
    }
    for color in Color::ALL {
        let Some(king) = board.king_of(color) else {
            continue;
        };
        let ours = board.by_color(color);
        let our_pawns = board.pawns() & ours;
        let their_pawns = board.pawns() & !ours;
        // Shield near, far, missing; half-open, open file; storm far, near.
        let mut shield = [0; 3];
        let mut files = [0; 2];
        let mut storm = [0; 2];

        let kf = king.file().to_u32() as i32;
        let rel_rank = color.relative_rank(king.rank());
        let second = Bitboard::from_rank(color.relative_rank(Rank::Second));
        let third = Bitboard::from_rank(color.relative_rank(Rank::Third));
        for f in (kf - 1).max(0)..=(kf + 1).min(7) {
            let file = Bitboard::from_file(shakmaty::File::new(f as u32));
            if rel_rank <= Rank::Second {
                if (our_pawns & file & second).any() {
                    shield[0] += 1;
                } else if (our_pawns & file & third).any() {
                    shield[1] += 1;
                } else {
                    shield[2] += 1;
                }
            }
            if (our_pawns & file).is_empty() {
                files[0] += 1;
                if (their_pawns & file).is_empty() {
                    files[1] += 1;
                }
            }
            for sq in their_pawns & file {
                // Ranks relative to the storming side: 4th and 5th are close to our king.
                match (!color).relative_rank(sq.rank()) {
                    Rank::Fourth => storm[0] += 1,
                    Rank::Fifth => storm[1] += 1,
                    _ => {}
                }
            }
        }
        for (i, n) in shield.into_iter().enumerate() {
            if n > 0 {
                add(t, params, Term::KingSafety, color, SHIELD + i, n);
            }
        }
        for (i, n) in files.into_iter().enumerate() {
            if n > 0 {
                add(t, params, Term::KingSafety, color, KING_FILE + i, n);
            }
        }
        for (i, n) in storm.into_iter().enumerate() {
            if n > 0 {
                add(t, params, Term::KingSafety, color, STORM + i, n);
            }
        }

        // Attackers of the king zone (counted with mobility), safe checks and weak squares.
        let theirs = board.by_color(!color);
        let units = a.king_units[side(!color)] + danger_units(board, params, a, color, king);
        let attackers = a.king_attackers[side(!color)];
        let mut penalty = (units * units / 5).min(500);
        if attackers < 2 {
            penalty /= 2;
        }
        if (board.queens() & theirs).is_empty() {
            penalty /= 4;
        }
        if penalty > 0 {
            add_scaled(
                t,
                params,
                Term::KingSafety,
                color,
                KING_ATTACK,
                -penalty,
                100,
            );
        }
    }
}

/// Castling rights kept (per side of the board) and a king left in the centre without any:
/// the `castling` weights, for both colours.
pub(crate) fn castling<S: Sink>(pos: &Chess, params: &EvalParams, t: &mut S) {
    let centre =
        Bitboard::from_file(File::D) | Bitboard::from_file(File::E) | Bitboard::from_file(File::F);
    for color in Color::ALL {
        let rights = CastlingSide::ALL
            .into_iter()
            .filter(|&side| pos.castles().has(color, side))
            .count() as i32;
        if rights > 0 {
            add(t, params, Term::Castling, color, CASTLING, rights);
        } else if pos
            .board()
            .king_of(color)
            .is_some_and(|k| centre.contains(k))
        {
            add(t, params, Term::Castling, color, CASTLING + 1, 1);
        }
    }
}

/// Extra attack units against `color`'s king on `king`: safe checks by each enemy piece type
/// and weak squares in the king zone.
fn danger_units(
    board: &Board,
    params: &EvalParams,
    a: &Attacks,
    color: Color,
    king: Square,
) -> i32 {
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
            units += params.shape.safe_check[r];
        }
    }
    let guarded = a.pawns[us] | a.by_role[us][0] | a.by_role[us][1] | a.by_role[us][2];
    let weak = attacks::king_attacks(king) & a.all[them] & !guarded;
    units + params.shape.weak_square * weak.count() as i32
}
