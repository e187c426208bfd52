//! Piece activity terms: mobility, threats, defences, the bishop pair and rook placement.
//!
//! Weights (in `assets/eval/default.toml`, scaled by the `[eval]` percentages): `mobility`, one
//! value per count of safe squares for each of N (0–8), B (0–13), R (0–14) and Q (0–27); `threats`
//! for a pawn attacking a piece, a minor attacking a rook or queen, a rook attacking a queen, an
//! attacked undefended piece and an attacked undefended pawn; `defended` per defended knight,
//! bishop, rook or queen; `bishop_pair`; `rooks` on an open file, a half-open file and the seventh
//! rank; `outpost` per knight and bishop on an outpost (relative rank 4–6, guarded by an own pawn,
//! out of reach of every enemy pawn); `bishop_pawns` per own pawn on the squares of a bishop's
//! colour; `push_threat` per enemy piece a pawn could attack after a safe push; `minor_behind_pawn`
//! per knight or bishop with a pawn (either side's) right in front of it; `safe_pawn_threat` per
//! piece attacked by a pawn that is defended or not attacked; `king_threat` per undefended enemy
//! man (not the king) next to one's king; `knight_pawns` and `rook_pawns` per knight or rook
//! times (own pawns − 5); `king_protector` per square of distance between each knight (bishop)
//! and its own king.

use shakmaty::{Bitboard, Board, Color, Role, attacks};

use super::pawns::{adjacent_files, ranks_ahead};
use super::weights::{
    BISHOP_PAIR, BISHOP_PAWNS, DEFENDED, KING_PROTECTOR, KING_THREAT, KNIGHT_PAWNS,
    MINOR_BEHIND_PAWN, MOBILITY, OUTPOST, PUSH_THREAT, ROOK_PAWNS, ROOKS, SAFE_PAWN_THREAT,
    THREATS,
};
use super::{Attacks, EvalParams, Sink, Term, add, side};

/// The most safe squares each piece type can have (N B R Q).
const MOBILITY_MAX: [i32; 4] = [8, 13, 14, 27];
/// Where each piece type's values start in the `mobility` group: one value per count 0..=max.
const MOBILITY_START: [usize; 4] = [0, 9, 23, 38];

/// Squares attacked by all pawns of `color`.
pub(crate) fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p & NOT_A) << 7) | ((p & NOT_H) << 9),
        Color::Black => ((p & NOT_A) >> 9) | ((p & NOT_H) >> 7),
    })
}

/// Computes mobility for both sides and the attack maps the other terms need.
pub(crate) fn mobility_and_attacks<S: Sink>(
    board: &Board,
    params: &EvalParams,
    t: &mut S,
) -> Attacks {
    let occupied = board.occupied();
    let mut a = Attacks {
        pawns: [Bitboard::EMPTY; 2],
        minors: [Bitboard::EMPTY; 2],
        rooks: [Bitboard::EMPTY; 2],
        all: [Bitboard::EMPTY; 2],
        by_role: [[Bitboard::EMPTY; 4]; 2],
        king_units: [0; 2],
        king_attackers: [0; 2],
    };
    for color in Color::ALL {
        let i = side(color);
        a.pawns[i] = pawn_attacks(color, board.by_piece(Role::Pawn.of(color)));
        a.all[i] = a.pawns[i];
        if let Some(k) = board.king_of(color) {
            a.all[i] |= attacks::king_attacks(k);
        }
    }
    for color in Color::ALL {
        let i = side(color);
        let ours = board.by_color(color);
        let area = !ours & !a.pawns[side(!color)];
        let zone = board
            .king_of(!color)
            .map_or(Bitboard::EMPTY, |k| attacks::king_attacks(k).with(k));
        for (r, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .enumerate()
        {
            for sq in board.by_piece(role.of(color)) {
                let att = match role {
                    Role::Knight => attacks::knight_attacks(sq),
                    Role::Bishop => attacks::bishop_attacks(sq, occupied),
                    Role::Rook => attacks::rook_attacks(sq, occupied),
                    _ => attacks::queen_attacks(sq, occupied),
                };
                match role {
                    Role::Knight | Role::Bishop => a.minors[i] |= att,
                    Role::Rook => a.rooks[i] |= att,
                    _ => {}
                }
                a.all[i] |= att;
                a.by_role[i][r] |= att;
                let hits = (att & zone).count() as i32;
                if hits > 0 {
                    a.king_attackers[i] += 1;
                    a.king_units[i] += params.shape.king_attack_weight[r] * hits;
                }
                let n = ((att & area).count() as i32).min(MOBILITY_MAX[r]);
                let index = MOBILITY + MOBILITY_START[r] + n as usize;
                add(t, params, Term::Mobility, color, index, 1);
            }
        }
    }
    a
}

/// Squares `color`'s king attacks (none without a king).
fn king_attacks_of(board: &Board, color: Color) -> Bitboard {
    board
        .king_of(color)
        .map_or(Bitboard::EMPTY, attacks::king_attacks)
}

/// Threats against the opponent's pieces and defences of one's own.
pub(crate) fn threats_and_defences<S: Sink>(
    board: &Board,
    params: &EvalParams,
    a: &Attacks,
    t: &mut S,
) {
    for color in Color::ALL {
        let us = side(color);
        let them = side(!color);
        let theirs = board.by_color(!color);
        let ours = board.by_color(color);
        let their_pieces = theirs & !board.pawns() & !board.kings();
        let their_majors = theirs & (board.rooks() | board.queens());
        let their_queens = theirs & board.queens();
        let undefended = a.all[us] & !a.all[them];
        let counts = [
            a.pawns[us] & their_pieces,
            a.minors[us] & their_majors,
            a.rooks[us] & their_queens,
            undefended & their_pieces,
            undefended & theirs & board.pawns(),
        ];
        for (i, bb) in counts.into_iter().enumerate() {
            let n = bb.count() as i32;
            if n > 0 {
                add(t, params, Term::Threats, color, THREATS + i, n);
            }
        }

        // Pawns that attack a piece and are themselves defended or not attacked.
        let safe_pawns = board.pawns() & ours & (a.all[us] | !a.all[them]);
        let n = (pawn_attacks(color, safe_pawns) & their_pieces).count() as i32;
        if n > 0 {
            add(t, params, Term::Threats, color, SAFE_PAWN_THREAT, n);
        }
        // The enemy king attacking our undefended men.
        let n =
            (king_attacks_of(board, !color) & ours & !a.all[us] & !board.kings()).count() as i32;
        if n > 0 {
            add(t, params, Term::Threats, !color, KING_THREAT, n);
        }
        let our_pieces = ours & !board.pawns() & !board.kings();
        let n = (our_pieces & a.all[us]).count() as i32;
        add(t, params, Term::Defences, color, DEFENDED, n);
    }
}

/// Minor pieces on outposts and behind pawns, own pawns on a bishop's colour, and threats by
/// safe pawn pushes.
pub(crate) fn outposts_and_pushes<S: Sink>(
    board: &Board,
    params: &EvalParams,
    a: &Attacks,
    t: &mut S,
) {
    let outpost_ranks = [
        Bitboard(0x0000_FFFF_FF00_0000),
        Bitboard(0x0000_00FF_FFFF_0000),
    ];
    let empty = !board.occupied();
    for color in Color::ALL {
        let us = side(color);
        let them = side(!color);
        let ours = board.by_color(color);
        let our_pawns = board.pawns() & ours;
        let their_pawns = board.pawns() & !ours;
        for (i, role) in [Role::Knight, Role::Bishop].into_iter().enumerate() {
            let candidates = board.by_piece(role.of(color)) & outpost_ranks[us] & a.pawns[us];
            let n = candidates
                .into_iter()
                .filter(|&sq| {
                    (their_pawns & adjacent_files(sq) & ranks_ahead(color, sq)).is_empty()
                })
                .count() as i32;
            if n > 0 {
                add(t, params, Term::Placement, color, OUTPOST + i, n);
            }
        }
        let mut same_colour = 0;
        for sq in board.bishops() & ours {
            let squares = if Bitboard::LIGHT_SQUARES.contains(sq) {
                Bitboard::LIGHT_SQUARES
            } else {
                Bitboard::DARK_SQUARES
            };
            same_colour += (our_pawns & squares).count() as i32;
        }
        if same_colour > 0 {
            add(t, params, Term::Placement, color, BISHOP_PAWNS, same_colour);
        }
        let forward = |bb: Bitboard| match color {
            Color::White => Bitboard(bb.0 << 8),
            Color::Black => Bitboard(bb.0 >> 8),
        };
        let minors = (board.knights() | board.bishops()) & ours;
        let n = (forward(minors) & board.pawns()).count() as i32;
        if n > 0 {
            add(t, params, Term::Placement, color, MINOR_BEHIND_PAWN, n);
        }
        // Safe single pushes (and double pushes from the second rank) that would attack a piece.
        let third = Bitboard::from_rank(color.relative_rank(shakmaty::Rank::Third));
        let single = forward(our_pawns) & empty;
        let double = forward(single & third) & empty;
        let safe = (single | double) & !a.pawns[them] & (a.all[us] | !a.all[them]);
        let their_pieces = board.by_color(!color) & !board.pawns() & !board.kings();
        let n = (pawn_attacks(color, safe) & their_pieces).count() as i32;
        if n > 0 {
            add(t, params, Term::Threats, color, PUSH_THREAT, n);
        }
    }
}

/// Material balance beyond piece values (each knight and rook times the number of own pawns
/// above or below five; the fitted weights decide which way it moves their value) and the
/// distance of minor pieces from their own king.
pub(crate) fn balance_and_protectors<S: Sink>(board: &Board, params: &EvalParams, t: &mut S) {
    for color in Color::ALL {
        let ours = board.by_color(color);
        let pawns = (board.pawns() & ours).count() as i32 - 5;
        for (index, role) in [(KNIGHT_PAWNS, Role::Knight), (ROOK_PAWNS, Role::Rook)] {
            let n = board.by_piece(role.of(color)).count() as i32 * pawns;
            if n != 0 {
                add(t, params, Term::Placement, color, index, n);
            }
        }
        let Some(king) = board.king_of(color) else {
            continue;
        };
        for (i, role) in [Role::Knight, Role::Bishop].into_iter().enumerate() {
            let distance: u32 = board
                .by_piece(role.of(color))
                .into_iter()
                .map(|sq| king.distance(sq))
                .sum();
            if distance > 0 {
                let index = KING_PROTECTOR + i;
                add(t, params, Term::KingSafety, color, index, distance as i32);
            }
        }
    }
}

/// The bishop pair and rook files and ranks.
pub(crate) fn bishops_and_rooks<S: Sink>(board: &Board, params: &EvalParams, t: &mut S) {
    for color in Color::ALL {
        let ours = board.by_color(color);
        if (board.bishops() & ours).more_than_one() {
            add(t, params, Term::BishopPair, color, BISHOP_PAIR, 1);
        }
        let our_pawns = board.pawns() & ours;
        let their_pawns = board.pawns() & !ours;
        let seventh = Bitboard::from_rank(color.relative_rank(shakmaty::Rank::Seventh));
        let eighth = Bitboard::from_rank(color.relative_rank(shakmaty::Rank::Eighth));
        let their_king_trapped = (board.kings() & !ours & eighth).any();
        // Open, half-open, seventh rank.
        let mut counts = [0; 3];
        for sq in board.rooks() & ours {
            let file = Bitboard::from_file(sq.file());
            if (file & our_pawns).is_empty() {
                counts[usize::from((file & their_pawns).any())] += 1;
            }
            if seventh.contains(sq) && (their_king_trapped || (their_pawns & seventh).any()) {
                counts[2] += 1;
            }
        }
        for (i, n) in counts.into_iter().enumerate() {
            if n > 0 {
                add(t, params, Term::Rooks, color, ROOKS + i, n);
            }
        }
    }
}
