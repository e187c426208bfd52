//! Piece activity terms: mobility, threats, defences, the bishop pair and rook placement.
//!
//! Designed values at 100 % (the shipped weights are mobility 15 %, threats 25 %, defences 20 %):
//! mobility per safe square N 27, B 33, R 13/27, Q 7/13 (mg/eg) around a typical count; threats
//! 240/200 for a pawn attacking a piece, 200/160 for a minor attacking a rook or queen or a rook
//! attacking a queen, 160/120 for an attacked undefended piece, 40/60 for an attacked undefended
//! pawn; defences 40/25 per defended knight, bishop, rook or queen; bishop pair 30/55; rooks
//! 25/10 on an open file, 12/6 on a half-open file, 20/30 on the seventh rank.

use shakmaty::{Bitboard, Board, Color, Role, attacks};

use super::tapered::{Tapered, s};
use super::{Attacks, EvalParams, Term, Trace, side};

/// Mobility: value per safe square and the typical square count, for N, B, R, Q.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MobilityParams {
    per_square: [Tapered; 4],
    typical: [i32; 4],
}

impl MobilityParams {
    pub(crate) fn zero() -> Self {
        MobilityParams {
            per_square: [Tapered::default(); 4],
            typical: [0; 4],
        }
    }
    pub(crate) fn designed() -> Self {
        MobilityParams {
            per_square: [s(27, 27), s(33, 33), s(13, 27), s(7, 13)],
            typical: [4, 6, 7, 13],
        }
    }
    pub(crate) fn percent(self, p: u32) -> Self {
        MobilityParams {
            per_square: self.per_square.map(|v| v.percent(p)),
            typical: self.typical,
        }
    }
}

/// Threat bonuses (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ThreatParams {
    pawn_on_piece: Tapered,
    minor_on_major: Tapered,
    rook_on_queen: Tapered,
    hanging_piece: Tapered,
    hanging_pawn: Tapered,
}

impl ThreatParams {
    pub(crate) fn zero() -> Self {
        ThreatParams {
            pawn_on_piece: Tapered::default(),
            minor_on_major: Tapered::default(),
            rook_on_queen: Tapered::default(),
            hanging_piece: Tapered::default(),
            hanging_pawn: Tapered::default(),
        }
    }
    pub(crate) fn designed() -> Self {
        ThreatParams {
            pawn_on_piece: s(240, 200),
            minor_on_major: s(200, 160),
            rook_on_queen: s(200, 160),
            hanging_piece: s(160, 120),
            hanging_pawn: s(40, 60),
        }
    }
    pub(crate) fn percent(self, p: u32) -> Self {
        ThreatParams {
            pawn_on_piece: self.pawn_on_piece.percent(p),
            minor_on_major: self.minor_on_major.percent(p),
            rook_on_queen: self.rook_on_queen.percent(p),
            hanging_piece: self.hanging_piece.percent(p),
            hanging_pawn: self.hanging_pawn.percent(p),
        }
    }
}

/// Rook placement bonuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RookParams {
    open: Tapered,
    half_open: Tapered,
    seventh: Tapered,
}

impl RookParams {
    pub(crate) fn zero() -> Self {
        RookParams {
            open: Tapered::default(),
            half_open: Tapered::default(),
            seventh: Tapered::default(),
        }
    }
    pub(crate) fn designed() -> Self {
        RookParams {
            open: s(25, 10),
            half_open: s(12, 6),
            seventh: s(20, 30),
        }
    }
    pub(crate) fn percent(self, p: u32) -> Self {
        RookParams {
            open: self.open.percent(p),
            half_open: self.half_open.percent(p),
            seventh: self.seventh.percent(p),
        }
    }
}

/// King-attack weight per attacked king-zone square, for N, B, R, Q.
const KING_ATTACK_WEIGHT: [i32; 4] = [2, 2, 3, 5];

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
pub(crate) fn mobility_and_attacks(board: &Board, params: &EvalParams, t: &mut Trace) -> Attacks {
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
        let mut mobility = Tapered::default();
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
                    a.king_units[i] += KING_ATTACK_WEIGHT[r] * hits;
                }
                let n = (att & area).count() as i32;
                mobility += params.mobility.per_square[r] * (n - params.mobility.typical[r]);
            }
        }
        t.add(Term::Mobility, color, mobility);
    }
    a
}

/// Threats against the opponent's pieces and defences of one's own.
pub(crate) fn threats_and_defences(board: &Board, params: &EvalParams, a: &Attacks, t: &mut Trace) {
    let p = &params.threats;
    for color in Color::ALL {
        let us = side(color);
        let them = side(!color);
        let theirs = board.by_color(!color);
        let ours = board.by_color(color);
        let their_pieces = theirs & !board.pawns() & !board.kings();
        let their_majors = theirs & (board.rooks() | board.queens());
        let their_queens = theirs & board.queens();
        let mut v = Tapered::default();
        v += p.pawn_on_piece * (a.pawns[us] & their_pieces).count() as i32;
        v += p.minor_on_major * (a.minors[us] & their_majors).count() as i32;
        v += p.rook_on_queen * (a.rooks[us] & their_queens).count() as i32;
        let undefended = a.all[us] & !a.all[them];
        v += p.hanging_piece * (undefended & their_pieces).count() as i32;
        v += p.hanging_pawn * (undefended & theirs & board.pawns()).count() as i32;
        t.add(Term::Threats, color, v);

        let our_pieces = ours & !board.pawns() & !board.kings();
        t.add(
            Term::Defences,
            color,
            params.defended * (our_pieces & a.all[us]).count() as i32,
        );
    }
}

/// The bishop pair and rook files and ranks.
pub(crate) fn bishops_and_rooks(board: &Board, params: &EvalParams, t: &mut Trace) {
    for color in Color::ALL {
        let ours = board.by_color(color);
        if (board.bishops() & ours).more_than_one() {
            t.add(Term::BishopPair, color, params.bishop_pair);
        }
        let our_pawns = board.pawns() & ours;
        let their_pawns = board.pawns() & !ours;
        let seventh = Bitboard::from_rank(color.relative_rank(shakmaty::Rank::Seventh));
        let eighth = Bitboard::from_rank(color.relative_rank(shakmaty::Rank::Eighth));
        let their_king_trapped = (board.kings() & !ours & eighth).any();
        let mut v = Tapered::default();
        for sq in board.rooks() & ours {
            let file = Bitboard::from_file(sq.file());
            if (file & our_pawns).is_empty() {
                v += if (file & their_pawns).is_empty() {
                    params.rooks.open
                } else {
                    params.rooks.half_open
                };
            }
            if seventh.contains(sq) && (their_king_trapped || (their_pawns & seventh).any()) {
                v += params.rooks.seventh;
            }
        }
        t.add(Term::Rooks, color, v);
    }
}
