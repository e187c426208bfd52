//! Plan detectors: the longer-term purpose of a quiet move, each a pure function of the
//! position before the move, the move and the position after it, returning a fact the
//! independent checker verifies on the board:
//!
//! - [`opens_file`]: a pawn leaves (or is taken off) the file of one of our rooks, which had
//!   our pawn on it before ([`Fact::OpensFile`]);
//! - [`outpost`]: a knight or bishop lands on an outpost — a square on the fourth to sixth
//!   rank that a pawn supports and no enemy pawn can ever attack ([`Fact::Outpost`]);
//! - [`prepares_break`]: a quiet move makes a pawn lever (a push that attacks an enemy pawn)
//!   safe, the push square now defended at least as often as attacked ([`Fact::PreparesBreak`]);
//! - [`race`]: in a pawn endgame, our passed pawn runs home, the enemy king outside its square,
//!   and queens before the opponent's fastest passed pawn ([`Fact::Race`]);
//! - [`improves_worst`]: the piece with the fewest safe squares (squares it attacks that hold no
//!   own piece and no enemy pawn attacks: the chess definition of a badly placed piece) moves
//!   and gains at least three of them ([`Fact::ImprovesPiece`]).

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square, attacks};

use crate::explain::board;
use crate::explain::claims::{At, Fact};
use crate::explain::themes::activity;
use crate::explain::themes::util::dest;

fn uci(m: Move) -> String {
    m.to_uci(shakmaty::CastlingMode::Standard).to_string()
}

/// Whether `color` has a pawn on `file`.
fn own_pawn_on_file(b: &shakmaty::Board, file: shakmaty::File, color: Color) -> bool {
    (Bitboard::from_file(file) & b.by_piece(Role::Pawn.of(color))).any()
}

/// A rook of ours (not the moved piece) whose file loses our last pawn with this move.
#[must_use]
pub fn opens_file(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    if mv.role() != Role::Pawn {
        return None;
    }
    let (b0, b1) = (before.board(), after.board());
    board::relative(b1.by_piece(Role::Rook.of(us)), us)
        .into_iter()
        .find(|r| {
            b0.piece_at(*r) == Some(Role::Rook.of(us))
                && own_pawn_on_file(b0, r.file(), us)
                && !own_pawn_on_file(b1, r.file(), us)
                && (board::is_open_file(b1, r.file()) || board::rook_sees_file(b1, *r, us))
        })
        .map(|rook| Fact::OpensFile { uci: uci(mv), rook })
}

/// A knight or bishop that lands on an outpost it did not stand on.
#[must_use]
pub fn outpost(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    if !matches!(mv.role(), Role::Knight | Role::Bishop) || mv.is_promotion() {
        return None;
    }
    let to = mv.to();
    (activity::is_outpost(after.board(), to, us)
        && !mv
            .from()
            .is_some_and(|f| activity::is_outpost(before.board(), f, us)))
    .then_some(Fact::Outpost { square: to })
}

/// How many pieces of `color` attack `sq`.
fn count(b: &shakmaty::Board, sq: Square, color: Color) -> usize {
    board::attackers(b, sq, color).count()
}

/// The pawn levers of `us` in `pos` (pushes, not captures, that attack an enemy pawn), with
/// whether each push square is defended at least as often as the enemy attacks it.
fn levers(pos: &Chess, us: Color) -> Vec<(Move, bool)> {
    let b = pos.board();
    let ours = if pos.turn() == us {
        Some(pos.clone())
    } else {
        super::pass(pos)
    };
    let Some(ours) = ours else {
        return Vec::new();
    };
    ours.legal_moves()
        .into_iter()
        .filter(|m| m.role() == Role::Pawn && !m.is_capture() && !m.is_promotion())
        .filter(|m| (attacks::pawn_attacks(us, m.to()) & b.by_piece(Role::Pawn.of(!us))).any())
        .map(|m| {
            let mut lifted = b.clone();
            if let Some(f) = m.from() {
                lifted.discard_piece_at(f);
            }
            (m, count(&lifted, m.to(), us) >= count(&lifted, m.to(), !us))
        })
        .collect()
}

/// A quiet move after which a pawn lever that was not safe before is safe: the move prepares
/// the break. A pawn move prepares another pawn's break by guarding its square (9.b4 in the
/// King's Indian makes c5 safe against d6); its own new levers are not "prepared".
#[must_use]
pub fn prepares_break(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    if mv.is_capture() || after.is_check() {
        return None;
    }
    let was: Vec<(Move, bool)> = levers(before, us);
    levers(after, us)
        .into_iter()
        .filter(|(m, _)| m.from() != Some(mv.to()))
        .filter(|(m, safe)| *safe && was.iter().any(|(w, s)| w == m && !s))
        .map(|(m, _)| m)
        .find(|push| break_holds(after, *push))
        .map(|push| Fact::PreparesBreak {
            uci: uci(mv),
            push: uci(push),
        })
}

/// How far below the mover's best move after a pass (centipawns, by a short search) the
/// prepared break may score: a break that loses by a tactic is none to prepare (9.Bg3 "gets
/// ready for the break f4", which ...Ne3 refutes; session 32).
const BREAK_MARGIN: i32 = 80;
/// Depth and node cap of those searches.
const BREAK_DEPTH: u32 = 4;
const BREAK_NODES: u64 = 6_000;

/// Whether the break `push` holds after the move (`after`, the opponent to move): with the
/// opponent passing, it scores within [`BREAK_MARGIN`] of the mover's best move.
fn break_holds(after: &Chess, push: Move) -> bool {
    let Some(passed) = super::pass(after) else {
        return false;
    };
    let Some(pushed) = board::play(&passed, push) else {
        return false;
    };
    let (_, best) = super::point::short_search(&passed, BREAK_DEPTH, BREAK_NODES);
    let (_, theirs) = super::point::short_search(&pushed, BREAK_DEPTH, BREAK_NODES);
    -theirs >= best - BREAK_MARGIN
}

/// Moves a pawn of `color` on `sq` needs to promote (a pawn on its second rank may step two).
#[must_use]
pub fn moves_to_queen(sq: Square, color: Color) -> u32 {
    let r = board::rel_rank(sq, color);
    (7 - r).min(if r == 1 { 5 } else { 7 })
}

/// The promotion square of a pawn of `color` on `sq`.
#[must_use]
pub fn queening_square(sq: Square, color: Color) -> Square {
    Square::from_coords(
        sq.file(),
        color.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First),
    )
}

/// The fastest passed pawn of `color` whose path to promotion is empty, and its moves.
fn runner(b: &shakmaty::Board, color: Color) -> Option<(Square, u32)> {
    board::relative(b.by_piece(Role::Pawn.of(color)), color)
        .into_iter()
        .filter(|p| board::is_passed(b, *p, color))
        .filter(|p| {
            let q = queening_square(*p, color);
            (attacks::between(*p, q).with(q) & b.occupied()).is_empty()
        })
        .map(|p| (p, moves_to_queen(p, color)))
        .min_by_key(|(_, n)| *n)
}

/// In a pawn endgame after our move (the opponent to move): our fastest free passed pawn, the
/// enemy king outside its square, queening before the opponent's fastest free passed pawn.
/// Said when the move pushes that pawn or the race was not won before the move.
#[must_use]
pub fn race(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let won = |pos: &Chess| -> Option<Fact> {
        let b = pos.board();
        if (b.occupied() & !b.pawns() & !b.kings()).any() {
            return None;
        }
        let (pawn, moves) = runner(b, us)?;
        let queens_on = queening_square(pawn, us);
        let king = b.king_of(!us)?;
        // The opponent moves first: its king catches the pawn when it reaches the queening
        // square within the pawn's number of moves.
        if king.distance(queens_on) <= moves {
            return None;
        }
        let theirs = runner(b, !us).map(|(_, n)| n);
        if theirs.is_some_and(|n| n <= moves) {
            return None;
        }
        Some(Fact::Race {
            pawn,
            queens_on,
            moves,
            king,
            their_moves: theirs,
        })
    };
    let now = won(after)?;
    let pushed =
        matches!(now, Fact::Race { pawn, .. } if mv.role() == Role::Pawn && dest(mv, us) == pawn);
    let before_won = super::pass(before)
        .filter(|_| !pushed)
        .and_then(|p| won(&p))
        .is_some();
    (!before_won).then_some(now)
}

/// Safe squares of the piece on `sq`: attacked by it, holding no piece of its side, and no
/// bad spot for it ([`board::is_bad_spot`]: hit by a pawn or a lesser piece, or hit and
/// undefended, the piece standing there). 9.Rb1: b4, hit by the knight on c6, is no safe
/// square for a rook (session 31).
#[must_use]
pub fn safe_squares(b: &shakmaty::Board, sq: Square) -> u32 {
    let Some(piece) = b.piece_at(sq) else {
        return 0;
    };
    let mut without = b.clone();
    without.discard_piece_at(sq);
    (b.attacks_from(sq) & !b.by_color(piece.color))
        .into_iter()
        .filter(|&t| {
            let mut there = without.clone();
            there.set_piece_at(t, piece);
            !board::is_bad_spot(&there, t)
        })
        .count() as u32
}

/// Minimum gain of safe squares for "improves the worst piece".
const MIN_IMPROVEMENT: u32 = 3;

/// The move takes our worst piece (the knight, bishop, rook or queen with the fewest safe
/// squares; none has fewer) off a square that is not its initial one and gains it at least
/// three safe squares.
#[must_use]
pub fn improves_worst(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let from = mv.from()?;
    if !matches!(
        mv.role(),
        Role::Knight | Role::Bishop | Role::Rook | Role::Queen
    ) || mv.is_capture()
        || after.is_check()
        || activity::minor_homes(us).contains(from)
    {
        return None;
    }
    let b0 = before.board();
    let pieces = b0.by_color(us) & !b0.pawns() & !b0.kings();
    let n0 = safe_squares(b0, from);
    if pieces.into_iter().any(|s| safe_squares(b0, s) < n0) {
        return None;
    }
    let n1 = safe_squares(after.board(), mv.to());
    (n1 >= n0 + MIN_IMPROVEMENT).then(|| Fact::ImprovesPiece {
        uci: uci(mv),
        from,
        before: n0,
        after: n1,
    })
}

/// Every plan fact of `mv`, with the position it speaks of: the move's own facts (a file
/// opened, a break prepared, a piece improved) about the position before it, the outpost and
/// the race about the position after it.
#[must_use]
pub fn derive(before: &Chess, mv: Move, after: &Chess) -> Vec<(At, Fact)> {
    [
        opens_file(before, mv, after).map(|f| (At::Before, f)),
        outpost(before, mv, after).map(|f| (At::After, f)),
        prepares_break(before, mv, after).map(|f| (At::Before, f)),
        race(before, mv, after).map(|f| (At::After, f)),
        improves_worst(before, mv, after).map(|f| (At::Before, f)),
    ]
    .into_iter()
    .flatten()
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(fen: &str, san: &str) -> Vec<Fact> {
        let (before, mv, after) = board::before_move_after(fen, san);
        derive(&before, mv, &after)
            .into_iter()
            .map(|(_, f)| f)
            .collect()
    }

    #[test]
    fn a_square_a_lesser_piece_hits_is_no_safe_square() {
        // 9.Rb1 (Carlsen - Gashimov): from b1 the rook reaches a1, b2, b3 and b4, but the
        // knight on c6 hits b4 (session 31: "after Rb1 it has 4").
        let (_, _, after) = board::before_move_after(
            "r2q1rk1/pppb1ppp/2np1n2/1B2p3/4P3/2PP1N2/P1P2PPP/R1BQR1K1 w - - 2 9",
            "Rb1",
        );
        assert_eq!(safe_squares(after.board(), Square::B1), 3);
        // A square an enemy piece of the same worth hits is safe only while defended: the rook
        // on b1 has b4 (taking), c1 and d1; b2 and b3, hit by the rook on b4, are not safe.
        let b: shakmaty::Board = "4k3/8/8/8/1r6/8/8/RR2K3".parse().unwrap();
        assert_eq!(safe_squares(&b, Square::B1), 3);
        // With the king on c1 (c1 and d1 gone), b2 is defended and safe: b2 and b4.
        let b: shakmaty::Board = "4k3/8/8/8/1r6/8/8/RRK5".parse().unwrap();
        assert_eq!(safe_squares(&b, Square::B1), 2);
    }

    #[test]
    fn a_pawn_capture_opens_the_file_of_the_rook_behind_it() {
        // Queen's Gambit structure: cxd5 leaves the c-file to the rook on c1.
        let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/2RQKB1R w K - 0 8";
        assert!(facts(fen, "cxd5").contains(&Fact::OpensFile {
            uci: "c4d5".to_owned(),
            rook: Square::C1
        }));
        // A push along the file opens nothing.
        assert!(
            !facts(fen, "c5")
                .iter()
                .any(|f| matches!(f, Fact::OpensFile { .. }))
        );
    }

    #[test]
    fn a_file_behind_the_rooks_own_knight_is_not_opened_for_it() {
        // 20.fxe3 (Carlsen, session 33 read): the f-pawn leaves the file, but the knight on f3
        // stands in front of the rook on f1 and Black's pawn on f6 closes it (the coach: "Nf3
        // blocks it; SF plays Rfe1"). A file opened wholly is said behind a knight (cxd5 with
        // Nc3 in front of Rc1, above).
        let fen = "r2q1rbk/2p1p1bp/p4pp1/1pN1P3/1n1P2PQ/P3nN2/1P3PBP/3R1RK1 w - - 0 20";
        assert!(
            !facts(fen, "fxe3")
                .iter()
                .any(|f| matches!(f, Fact::OpensFile { .. }))
        );
    }

    #[test]
    fn a_knight_on_a_hole_backed_by_a_pawn_takes_an_outpost() {
        let fen = "r1bq1rk1/pp3ppp/3p4/8/4P3/2N5/PPP2PPP/R2QKB1R w KQ - 0 10";
        assert!(facts(fen, "Nd5").contains(&Fact::Outpost { square: Square::D5 }));
        // With a black c-pawn that can still reach c6, d5 is no outpost.
        let fen = "r1bq1rk1/pp3ppp/2pp4/8/4P3/2N5/PPP2PPP/R2QKB1R w KQ - 0 10";
        assert!(!facts(fen, "Nd5").contains(&Fact::Outpost { square: Square::D5 }));
    }

    #[test]
    fn a_rook_behind_the_b_pawn_prepares_the_minority_break() {
        // b4 would be taken twice (a5 pawn, b8 rook) and defended once (c3): Rb1 evens it.
        let fen = "1r4k1/5ppp/8/p7/8/2P5/PP3PPP/R5K1 w - - 0 1";
        assert!(facts(fen, "Rb1").contains(&Fact::PreparesBreak {
            uci: "a1b1".to_owned(),
            push: "b2b4".to_owned()
        }));
        assert!(
            !facts(fen, "Rc1")
                .iter()
                .any(|f| matches!(f, Fact::PreparesBreak { .. }))
        );
    }

    #[test]
    fn a_pawn_that_guards_another_pawns_lever_prepares_the_break() {
        // The Bayonet Attack, 9.b4: c5 (against d6) was taken by the d6 pawn and guarded by
        // nothing; b4 guards it.
        let fen = "r1bq1rk1/ppp1npbp/3p1np1/3Pp3/2P1P3/2N2N2/PP2BPPP/R1BQ1RK1 w - - 1 9";
        assert!(facts(fen, "b4").contains(&Fact::PreparesBreak {
            uci: "b2b4".to_owned(),
            push: "c4c5".to_owned()
        }));
        // A pawn's own new lever is not "prepared" by itself: 9.a3 guards no lever square.
        assert!(
            !facts(fen, "a3")
                .iter()
                .any(|f| matches!(f, Fact::PreparesBreak { .. }))
        );
    }

    #[test]
    fn a_break_a_tactic_refutes_is_not_prepared() {
        // 9.Bg3 (the bishop on h4 was hit by g5): it guards f4, yet f4 loses to ...Ne3, forking
        // the queen and the bishop on f1 (Stockfish -3.5): no "gets ready for the break f4".
        let fen = "rnbqkb1r/1p2pp2/p2p3p/6p1/3NP1nB/2N5/PPP2PPP/R2QKB1R w KQkq - 0 9";
        assert!(
            !facts(fen, "Bg3")
                .iter()
                .any(|f| matches!(f, Fact::PreparesBreak { .. })),
            "{:?}",
            facts(fen, "Bg3")
        );
    }

    #[test]
    fn the_promotion_race_counts_moves_and_the_square() {
        // b5: the pawn queens on b8 in three moves, the king on h5 is outside its square and
        // Black's g-pawn needs four.
        let fen = "8/8/8/6pk/1P6/8/8/K7 w - - 0 1";
        assert!(facts(fen, "b5").contains(&Fact::Race {
            pawn: Square::B5,
            queens_on: Square::B8,
            moves: 3,
            king: Square::H5,
            their_moves: Some(4),
        }));
        // With the black king on e5 the pawn is caught: no race claim.
        let fen = "8/8/8/4k1p1/1P6/8/8/K7 w - - 0 1";
        assert!(
            !facts(fen, "b5")
                .iter()
                .any(|f| matches!(f, Fact::Race { .. }))
        );
        // From the second rank a pawn needs five moves (the double step).
        assert_eq!(moves_to_queen(Square::B2, Color::White), 5);
        assert_eq!(moves_to_queen(Square::B7, Color::Black), 5);
        assert_eq!(moves_to_queen(Square::B3, Color::White), 5);
    }

    #[test]
    fn the_cornered_knight_is_the_worst_piece_and_nc2_improves_it() {
        let fen = "6k1/pp3ppp/8/8/8/8/PP3PPP/N2R2K1 w - - 0 1";
        assert!(facts(fen, "Nc2").contains(&Fact::ImprovesPiece {
            uci: "a1c2".to_owned(),
            from: Square::A1,
            before: 2,
            after: 6
        }));
        // The rook is not the worst piece: moving it improves nothing of the kind.
        assert!(
            !facts(fen, "Rd7")
                .iter()
                .any(|f| matches!(f, Fact::ImprovesPiece { .. }))
        );
    }
}
