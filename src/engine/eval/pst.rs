//! Piece-square tables: Michniewski's tables for the `simplified` preset and our own tapered
//! tables for the `default` preset.
//!
//! Every table here is indexed by the square *relative to its owner* with a1 = 0 (White's view;
//! Black's squares are flipped vertically before the lookup).

use super::tapered::{Tapered, s};

/// Michniewski's tables as printed (rank 8 first, from White's side), P N B R Q K(mg) K(eg).
#[rustfmt::skip]
const SIMPLIFIED_PRINTED: [[i32; 64]; 7] = [
    [
         0,  0,  0,  0,  0,  0,  0,  0,
        50, 50, 50, 50, 50, 50, 50, 50,
        10, 10, 20, 30, 30, 20, 10, 10,
         5,  5, 10, 25, 25, 10,  5,  5,
         0,  0,  0, 20, 20,  0,  0,  0,
         5, -5,-10,  0,  0,-10, -5,  5,
         5, 10, 10,-20,-20, 10, 10,  5,
         0,  0,  0,  0,  0,  0,  0,  0,
    ],
    [
        -50,-40,-30,-30,-30,-30,-40,-50,
        -40,-20,  0,  0,  0,  0,-20,-40,
        -30,  0, 10, 15, 15, 10,  0,-30,
        -30,  5, 15, 20, 20, 15,  5,-30,
        -30,  0, 15, 20, 20, 15,  0,-30,
        -30,  5, 10, 15, 15, 10,  5,-30,
        -40,-20,  0,  5,  5,  0,-20,-40,
        -50,-40,-30,-30,-30,-30,-40,-50,
    ],
    [
        -20,-10,-10,-10,-10,-10,-10,-20,
        -10,  0,  0,  0,  0,  0,  0,-10,
        -10,  0,  5, 10, 10,  5,  0,-10,
        -10,  5,  5, 10, 10,  5,  5,-10,
        -10,  0, 10, 10, 10, 10,  0,-10,
        -10, 10, 10, 10, 10, 10, 10,-10,
        -10,  5,  0,  0,  0,  0,  5,-10,
        -20,-10,-10,-10,-10,-10,-10,-20,
    ],
    [
          0,  0,  0,  0,  0,  0,  0,  0,
          5, 10, 10, 10, 10, 10, 10,  5,
         -5,  0,  0,  0,  0,  0,  0, -5,
         -5,  0,  0,  0,  0,  0,  0, -5,
         -5,  0,  0,  0,  0,  0,  0, -5,
         -5,  0,  0,  0,  0,  0,  0, -5,
         -5,  0,  0,  0,  0,  0,  0, -5,
          0,  0,  0,  5,  5,  0,  0,  0,
    ],
    [
        -20,-10,-10, -5, -5,-10,-10,-20,
        -10,  0,  0,  0,  0,  0,  0,-10,
        -10,  0,  5,  5,  5,  5,  0,-10,
         -5,  0,  5,  5,  5,  5,  0, -5,
          0,  0,  5,  5,  5,  5,  0, -5,
        -10,  5,  5,  5,  5,  5,  0,-10,
        -10,  0,  5,  0,  0,  0,  0,-10,
        -20,-10,-10, -5, -5,-10,-10,-20,
    ],
    [
        -30,-40,-40,-50,-50,-40,-40,-30,
        -30,-40,-40,-50,-50,-40,-40,-30,
        -30,-40,-40,-50,-50,-40,-40,-30,
        -30,-40,-40,-50,-50,-40,-40,-30,
        -20,-30,-30,-40,-40,-30,-30,-20,
        -10,-20,-20,-20,-20,-20,-20,-10,
         20, 20,  0,  0,  0,  0, 20, 20,
         20, 30, 10,  0,  0, 10, 30, 20,
    ],
    [
        -50,-40,-30,-20,-20,-30,-40,-50,
        -30,-20,-10,  0,  0,-10,-20,-30,
        -30,-10, 20, 30, 30, 20,-10,-30,
        -30,-10, 30, 40, 40, 30,-10,-30,
        -30,-10, 30, 40, 40, 30,-10,-30,
        -30,-10, 20, 30, 30, 20,-10,-30,
        -30,-30,  0,  0,  0,  0,-30,-30,
        -50,-30,-30,-30,-30,-30,-30,-50,
    ],
];

/// Michniewski's tables, indexed by role (pawn = 0 … king = 5) and relative square (a1 = 0).
/// The king's entry carries the middlegame table in `mg` and the endgame table in `eg`; every
/// other entry has `mg == eg`.
pub fn simplified() -> [[Tapered; 64]; 6] {
    let mut t = [[Tapered::default(); 64]; 6];
    for (role, table) in t.iter_mut().enumerate() {
        for (sq, v) in table.iter_mut().enumerate() {
            let printed = sq ^ 56;
            let mg = SIMPLIFIED_PRINTED[role][printed];
            let eg = if role == 5 {
                SIMPLIFIED_PRINTED[6][printed]
            } else {
                mg
            };
            *v = s(mg, eg);
        }
    }
    t
}

/// Our king's middlegame table for the first two ranks (a1..h1, a2..h2): castled corners are
/// safe, the centre and the second rank less so.
#[rustfmt::skip]
const KING_MG_BACK: [i32; 16] = [
    15, 30,  5, -10, -5, -10, 35, 20,
     0,  0, -15, -30, -30, -15,  0,  5,
];

/// Our tapered tables, indexed by role (pawn = 0 … king = 5) and relative square (a1 = 0).
///
/// Built from a few principles rather than tuned numbers: knights and bishops want the centre
/// (distance from the four central squares), pawns gain value as they advance and in the centre,
/// rooks like the seventh rank and central files, the queen stays flexible, and the king hides in
/// a corner in the middlegame but centralises in the endgame.
pub fn default_tables() -> [[Tapered; 64]; 6] {
    let mut t = [[Tapered::default(); 64]; 6];
    for sq in 0..64 {
        let file = (sq % 8) as i32;
        let rank = (sq / 8) as i32;
        // Manhattan distance to the centre, 1 (d4/e4/d5/e5) to 7 (corners).
        let centre = ((2 * file - 7).abs() + (2 * rank - 7).abs()) / 2;
        let central_file = 3 - (2 * file - 7).abs() / 2; // 0 (a/h) .. 3 (d/e)
        // Pawns.
        if (1..7).contains(&rank) {
            let adv = [0, 0, 4, 10, 20, 35, 55, 0][rank as usize];
            let centre_bonus = if (3..=4).contains(&rank) {
                4 * central_file
            } else {
                central_file
            };
            let home_centre = if rank == 1 && (3..=4).contains(&file) {
                -8
            } else {
                0
            };
            t[0][sq] = s(adv / 2 + centre_bonus + home_centre, adv);
        }
        // Knights: strongly central, a little extra on outpost ranks.
        let outpost = if (4..=5).contains(&rank) && (2..=5).contains(&file) {
            8
        } else {
            0
        };
        t[1][sq] = s(24 - 9 * centre + outpost, 18 - 7 * centre);
        // Bishops: mildly central; the back rank is a poor home in the middlegame.
        let back = if rank == 0 { -8 } else { 0 };
        t[2][sq] = s(12 - 3 * centre + back, 10 - 3 * centre);
        // Rooks: seventh rank, central files in the middlegame.
        let seventh = if rank == 6 { 12 } else { 0 };
        t[3][sq] = s(seventh + 2 * central_file - 3, seventh / 2);
        // Queen: slight centralisation; early sorties are discouraged by mobility, not here.
        t[4][sq] = s(4 - centre, 12 - 4 * centre);
        // King.
        let mg = if rank < 2 {
            KING_MG_BACK[sq]
        } else {
            -35 - 15 * (rank - 2) - 5 * central_file
        };
        t[5][sq] = s(mg, 30 - 10 * centre);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simplified_tables_are_as_printed() {
        let t = simplified();
        // e2 pawn -20, e4 pawn 20, g1 knight -40, g1 king 30 (mg), d4 king 40 (eg).
        assert_eq!(t[0][12].mg, -20);
        assert_eq!(t[0][28].mg, 20);
        assert_eq!(t[1][6].mg, -40);
        assert_eq!(t[5][6].mg, 30);
        assert_eq!(t[5][27].eg, 40);
        // The queen table is the one asymmetric table: a3 is -10, h3 is -10, b3 is 5, g3 is 0.
        assert_eq!((t[4][17].mg, t[4][22].mg), (5, 0));
    }
}
