//! Pawn structure: passed pawns, pawn breaks, the centre, space, flank advances, and the
//! negative themes (doubled, isolated, backward pawns, more pawn islands).

use shakmaty::{Bitboard, Chess, Color, File, Move, Position, Rank, Role, Square};

use super::{Hit, ThemeSpec};
use crate::explain::board;

/// The pawn-structure theme specs.
pub const SPECS: &[ThemeSpec] = &[
    theme!(
        "passed_pawn_created",
        PawnStructure,
        Positive,
        None,
        0.95,
        Move,
        "After the move we have a passed pawn (no enemy pawn ahead on its own or adjacent files) that was not passed before.",
        passed_pawn_created
    ),
    theme!(
        "passed_pawn_advance",
        PawnStructure,
        Positive,
        None,
        0.95,
        Move,
        "A passed pawn of ours advances.",
        passed_pawn_advance
    ),
    theme!(
        "pawn_break",
        PawnStructure,
        Positive,
        None,
        0.8,
        Move,
        "A pawn push that attacks an enemy pawn (a lever).",
        pawn_break
    ),
    theme!(
        "centre_control",
        PawnStructure,
        Positive,
        None,
        0.7,
        Move,
        "Our control (attacks plus occupation) of d4, e4, d5 and e5 rises by two or more.",
        centre_control
    ),
    theme!(
        "pawn_centre",
        PawnStructure,
        Positive,
        None,
        0.9,
        Move,
        "A pawn reaches d4, e4, d5 or e5 and is defended there.",
        pawn_centre
    ),
    theme!(
        "space_gain",
        PawnStructure,
        Positive,
        None,
        0.6,
        Move,
        "The number of safe squares behind our pawns on the c-f files, ranks 2-4, rises.",
        space_gain
    ),
    theme!(
        "flank_pawn_advance",
        PawnStructure,
        Neutral,
        None,
        0.9,
        Move,
        "An a, b, c, f, g or h pawn advances without capturing.",
        flank_pawn_advance
    ),
    theme!(
        "doubled_pawn_created",
        PawnStructure,
        Negative,
        None,
        1.0,
        Move,
        "After the move more files hold two or more of our pawns.",
        doubled_pawn_created
    ),
    theme!(
        "isolated_pawn_created",
        PawnStructure,
        Negative,
        None,
        1.0,
        Move,
        "After the move more of our pawns have no own pawn on an adjacent file.",
        isolated_pawn_created
    ),
    theme!(
        "backward_pawn_created",
        PawnStructure,
        Negative,
        None,
        0.8,
        Move,
        "After the move more of our pawns are backward (behind their neighbours, stop square held by an enemy pawn).",
        backward_pawn_created
    ),
    theme!(
        "pawn_islands_increase",
        PawnStructure,
        Negative,
        None,
        1.0,
        Move,
        "The number of our pawn islands rises.",
        pawn_islands_increase
    ),
];

fn pawns(b: &shakmaty::Board, c: Color) -> Bitboard {
    b.by_piece(Role::Pawn.of(c))
}

fn passed(b: &shakmaty::Board, c: Color) -> Bitboard {
    pawns(b, c)
        .into_iter()
        .filter(|s| board::is_passed(b, *s, c))
        .collect()
}

/// Whether the line's reply (its first move) takes the pawn on `sq`: a passed pawn taken at
/// once is no passed pawn to speak of (19.fxg7 Kxg7, 17...dxc3+ 18.Qxc3).
fn taken_at_once(pv: &[Move], sq: Square) -> bool {
    pv.first().is_some_and(|r| r.is_capture() && r.to() == sq)
}

fn passed_pawn_created(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let old = passed(before.board(), us);
    let new = passed(after.board(), us);
    let created: Vec<Square> = board::relative(new, us)
        .into_iter()
        .filter(|s| {
            // A passed pawn that merely advanced is not a new one.
            let advanced = *s == mv.to() && mv.from().is_some_and(|f| old.contains(f));
            !old.contains(*s) && !advanced && !taken_at_once(pv, *s)
        })
        .collect();
    // The pawn that moved is named first (20.bxa6 makes the pawns on a6 and a2 passed: the
    // one on a6), else the most advanced.
    created
        .iter()
        .find(|s| **s == mv.to())
        .or(created.last())
        .map(|s| Hit::on(after.board(), vec![*s]))
}

fn passed_pawn_advance(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    let from = mv.from()?;
    (mv.role() == Role::Pawn
        && board::is_passed(before.board(), from, before.turn())
        && !taken_at_once(pv, mv.to()))
    .then(|| Hit::on(after.board(), vec![mv.to()]))
}

fn pawn_break(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    if mv.role() != Role::Pawn || mv.is_capture() || mv.is_promotion() {
        return None;
    }
    let targets = shakmaty::attacks::pawn_attacks(us, mv.to()) & pawns(after.board(), !us);
    board::relative(targets, us)
        .first()
        .map(|t| Hit::at(vec![mv.to(), *t]))
}

fn centre_score(b: &shakmaty::Board, c: Color) -> usize {
    let centre = board::centre();
    let occ = (b.by_color(c) & centre).count();
    let att: usize = b
        .by_color(c)
        .into_iter()
        .map(|s| (b.attacks_from(s) & centre).count())
        .sum();
    occ + att
}

fn centre_control(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    (centre_score(after.board(), us) >= centre_score(before.board(), us) + 2)
        .then(|| Hit::at(vec![mv.to()]))
}

/// A pawn comes to a central square, protected, and not doubled there: a capture that
/// doubles the pawns in the centre builds none (9.exd5 with a pawn on d4, session 32).
fn pawn_centre(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let b = after.board();
    let us = before.turn();
    let doubled = (Bitboard::from_file(mv.to().file()) & pawns(b, us)).count() > 1;
    // An isolated pawn in the centre is no pawn centre (20.cxd4 "a protected pawn stands on d4
    // in the centre": an isolated d-pawn the knight on d5 blockades; session 38 read).
    let isolated = board::is_isolated(b, mv.to(), us);
    // A centre pawn moving on builds no centre (20.e5 from e4 beside d4 gives the duo up:
    // "builds a pawn centre", session 39 read).
    let from_centre = mv.from().is_some_and(|f| board::centre().contains(f));
    (mv.role() == Role::Pawn
        && !from_centre
        && board::centre().contains(mv.to())
        && !doubled
        && !isolated
        && board::attackers(b, mv.to(), us).any())
    .then(|| Hit::on(b, vec![mv.to()]))
}

fn space(b: &shakmaty::Board, c: Color) -> usize {
    let own = pawns(b, c);
    let enemy_pawn_att = board::pawn_attack_span(b, !c);
    let mut n = 0;
    for f in [File::C, File::D, File::E, File::F] {
        for r in 1..4u32 {
            let rank = c.relative_rank(Rank::new(r));
            let sq = Square::from_coords(f, rank);
            if own.contains(sq) || enemy_pawn_att.contains(sq) {
                continue;
            }
            let behind = (Bitboard::from_file(f) & own)
                .into_iter()
                .any(|p| board::rel_rank(p, c) > r);
            if behind {
                n += 1;
            }
        }
    }
    n
}

fn space_gain(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    (mv.role() == Role::Pawn && space(after.board(), us) > space(before.board(), us))
        .then(|| Hit::at(vec![mv.to()]))
}

fn flank_pawn_advance(_before: &Chess, mv: Move, _after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let flank = matches!(
        mv.to().file(),
        File::A | File::B | File::C | File::F | File::G | File::H
    );
    (mv.role() == Role::Pawn && !mv.is_capture() && flank).then(|| Hit::at(vec![mv.to()]))
}

fn doubled_files(b: &shakmaty::Board, c: Color) -> usize {
    (0..8)
        .filter(|f| (Bitboard::from_file(File::new(*f)) & pawns(b, c)).count() >= 2)
        .count()
}

fn doubled_pawn_created(before: &Chess, _mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let b = after.board();
    if doubled_files(b, us) <= doubled_files(before.board(), us) {
        return None;
    }
    board::relative(pawns(b, us), us)
        .into_iter()
        .find(|s| board::is_doubled(b, *s, us))
        .map(|s| {
            Hit::at(
                (Bitboard::from_file(s.file()) & pawns(b, us))
                    .into_iter()
                    .collect(),
            )
        })
}

fn count_where(
    b: &shakmaty::Board,
    c: Color,
    f: fn(&shakmaty::Board, Square, Color) -> bool,
) -> Vec<Square> {
    pawns(b, c).into_iter().filter(|s| f(b, *s, c)).collect()
}

fn isolated_pawn_created(before: &Chess, _mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let old = count_where(before.board(), us, board::is_isolated);
    let new = count_where(after.board(), us, board::is_isolated);
    (new.len() > old.len()).then(|| Hit::at(new.into_iter().filter(|s| !old.contains(s)).collect()))
}

fn backward_pawn_created(before: &Chess, _mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let old = count_where(before.board(), us, board::is_backward);
    let new = count_where(after.board(), us, board::is_backward);
    (new.len() > old.len()).then(|| Hit::at(new.into_iter().filter(|s| !old.contains(s)).collect()))
}

fn pawn_islands_increase(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    (board::pawn_islands(after.board(), us) > board::pawn_islands(before.board(), us))
        .then(|| Hit::at(vec![mv.to()]))
}

#[cfg(test)]
mod tests {
    use shakmaty::Square;

    use crate::explain::board;

    #[test]
    fn the_pawn_that_captured_is_the_new_passed_pawn_named() {
        // Topalov-Carlsen: 20.bxa6 leaves no black pawn on the a- and b-files, so the pawns
        // on a6 and a2 are both passed; the one that moved is the point.
        let (p, mv, after) = board::before_move_after(
            "1r2r1k1/1b2qpbp/p7/1P1p1P2/4p1Q1/N2B4/PP3PPP/4RRK1 w - - 0 20",
            "bxa6",
        );
        let hit = super::passed_pawn_created(&p, mv, &after, &[]).expect("a new passed pawn");
        assert_eq!(hit.squares, vec![Square::A6]);
    }

    #[test]
    fn a_passed_pawn_taken_at_once_is_not_named() {
        // Carlsen (a coach's read, session 29): 19.fxg7 Kxg7 — the pawn on g7 is passed for a
        // ply; the point is the king's cover.
        let fen = "1r3rk1/pp3ppp/5P2/2bNn1q1/8/2P2BP1/P6P/1R1Q1R1K w - - 0 19";
        let (p, mv, after) = board::before_move_after(fen, "fxg7");
        assert!(super::passed_pawn_created(&p, mv, &after, &[]).is_some());
        let pv = board::line_from(&after, &["Kxg7"]);
        assert!(super::passed_pawn_created(&p, mv, &after, &pv).is_none());
        // Morphy: 17...dxc3+ 18.Qxc3 — no passed pawn pushed towards c1.
        let fen = "r3k1nr/pp3ppp/2Pp4/1B6/3pq3/1QN5/PK5P/R1B4R b kq - 0 17";
        let (p, mv, after) = board::before_move_after(fen, "dxc3+");
        let pv = board::line_from(&after, &["Qxc3"]);
        assert!(super::passed_pawn_advance(&p, mv, &after, &pv).is_none());
        assert!(super::passed_pawn_advance(&p, mv, &after, &[]).is_some());
    }
}
