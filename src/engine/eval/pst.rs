//! Piece-square tables of the `simplified` preset (Michniewski's); the `default` preset's tapered
//! tables are weights in `assets/eval/default.toml` (see [`super::weights`]).
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
