//! Pawn Battle's answers to the search's rule questions ([`SearchRules`]): the "check" the
//! search extends and never stands pat in is a promotion threat (an enemy pawn on its 7th rank
//! that can step or capture onto the last rank next move); a move that creates one is the
//! counterpart of a checking move; a position the rules already decided is a loss for the side
//! to move (the opponent's pawn arrived, or our last pawn was taken), as is having no move.

use shakmaty::{Bitboard, Color, Move, MoveList, Rank, Role, Square, attacks};

use super::PawnBattle;
use crate::engine::rules::SearchRules;
use crate::engine::see::see_ge_on;
use crate::variant::VariantPosition;

impl PawnBattle {
    /// The squares a pawn of `color` on its 7th rank at `sq` can move to next: the last-rank
    /// square ahead when empty, and the diagonal ones holding an enemy piece.
    pub(crate) fn promotion_squares(&self, color: Color, sq: Square) -> Bitboard {
        let ahead = sq
            .offset(color.fold_wb(8, -8))
            .map_or(Bitboard::EMPTY, Bitboard::from_square)
            & !self.board.occupied();
        ahead | (attacks::pawn_attacks(color, sq) & self.board.by_color(!color))
    }

    /// Whether `m` wins the game at once: a pawn's arrival on the last rank, or the capture of
    /// the opponent's last pawn.
    pub(crate) fn wins_with(&self, m: Move) -> bool {
        let arrival = m.role() == Role::Pawn && m.to().rank() == (!self.turn).backrank();
        let takes_pawn = matches!(m, Move::EnPassant { .. }) || m.capture() == Some(Role::Pawn);
        arrival || (takes_pawn && self.board.by_piece((!self.turn).pawn()).count() == 1)
    }
}

impl SearchRules for PawnBattle {
    type Eval = super::eval::Evaluation;

    fn in_danger(&self) -> bool {
        let them = !self.turn;
        let seventh = Bitboard::from_rank(them.relative_rank(Rank::Seventh));
        (self.board.by_piece(them.pawn()) & seventh)
            .into_iter()
            .any(|sq| self.promotion_squares(them, sq).any())
    }

    fn endangers(&self, m: Move) -> bool {
        let us = self.turn;
        match m {
            Move::Normal {
                role: Role::Pawn,
                from,
                to,
                ..
            } if to.rank() == us.relative_rank(Rank::Seventh) => {
                // The board after the move, as far as the pawn's next step is concerned.
                let ahead = to.offset(us.fold_wb(8, -8));
                let free = ahead.is_some_and(|a| !self.board.occupied().contains(a) || a == from);
                free || (attacks::pawn_attacks(us, to) & self.board.by_color(!us)).any()
            }
            _ => false,
        }
    }

    fn has_lost(&self) -> bool {
        let us = self.turn;
        self.arrived(!us).any() || self.board.by_piece(us.pawn()).is_empty()
    }

    fn wins_at_once(&self) -> bool {
        let us = self.turn;
        let seventh = Bitboard::from_rank(us.relative_rank(Rank::Seventh));
        (self.board.by_piece(us.pawn()) & seventh)
            .into_iter()
            .any(|sq| self.promotion_squares(us, sq).any())
    }

    fn no_moves_loses(&self, _danger: bool) -> bool {
        true
    }

    fn is_dead_draw(&self) -> bool {
        false
    }

    fn see_ge(&self, m: Move, threshold: i32, values: &[i32; 6]) -> bool {
        self.wins_with(m) || see_ge_on(&self.board, self.turn, m, threshold, values)
    }

    fn key_after(&self, _key: u64, _m: Move) -> Option<u64> {
        None
    }

    fn null_move(&self) -> Option<Self> {
        let mut null = self.clone();
        null.turn = !self.turn;
        null.ep_square = None;
        null.key = null.full_key();
        Some(null)
    }

    fn is_capture_class(&self, m: Move) -> bool {
        self.is_noisy(m)
    }

    fn is_quiescence_move(&self, m: Move, endangering: bool) -> bool {
        self.is_noisy(m) || (endangering && self.endangers(m))
    }

    fn is_delta_prunable(&self, m: Move) -> bool {
        m.is_capture() && !self.wins_with(m)
    }

    fn capture_moves(&self) -> MoveList {
        let mut moves = self.legal_moves();
        moves.retain(|m| m.is_capture());
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> PawnBattle {
        PawnBattle::from_fen(fen).unwrap()
    }

    fn find(p: &PawnBattle, uci: &str) -> Move {
        p.parse_move(uci).unwrap()
    }

    #[test]
    fn a_pawn_on_the_seventh_with_a_way_forward_is_danger() {
        // Black to move, White's b-pawn on b7 can step to b8.
        assert!(pos("8/1P6/8/8/8/8/p7/8 b - - 0 1").in_danger());
        // Blocked by a rook and nothing to capture: no danger.
        assert!(!pos("1r6/1P6/8/8/8/8/p7/8 b - - 0 1").in_danger());
        // Blocked, but it can capture a rook on c8.
        assert!(pos("1rr5/1P6/8/8/8/8/p7/8 b - - 0 1").in_danger());
        // The side to move's own pawn on its 7th is not danger for it.
        assert!(!pos("8/1P6/8/8/8/p7/8/8 w - - 0 1").in_danger());
    }

    #[test]
    fn a_push_to_the_seventh_endangers_and_its_answers() {
        let p = pos("8/8/1P6/8/8/8/p7/8 w - - 0 1");
        let push = find(&p, "b6b7");
        assert!(p.endangers(push));
        let mut after = p.clone();
        after.play_unchecked(push);
        assert!(after.in_danger());
        // Blocked ahead after the push: no threat.
        let blocked = pos("1r6/8/1P6/8/8/8/p7/8 w - - 0 1");
        assert!(!blocked.endangers(find(&blocked, "b6b7")));
    }

    #[test]
    fn decided_positions_are_lost_for_the_side_to_move() {
        let mut p = pos("8/1P6/8/8/8/8/p7/8 w - - 0 1");
        let arrive = find(&p, "b7b8");
        assert!(p.wins_with(arrive));
        assert!(p.wins_at_once());
        assert!(p.see_ge(arrive, 10_000, &[100, 0, 0, 300, 0, 0]));
        assert!(!p.is_delta_prunable(arrive));
        p.play_unchecked(arrive);
        assert!(p.has_lost());
        // Capturing the last pawn.
        let mut q = pos("8/8/8/8/8/1p6/P7/8 w - - 0 1");
        let take = find(&q, "a2b3");
        assert!(q.wins_with(take));
        q.play_unchecked(take);
        assert!(q.has_lost());
        assert!(!pos(super::super::START_FEN).has_lost());
    }

    #[test]
    fn the_null_move_keeps_the_key_consistent() {
        let p = PawnBattle::start();
        let null = p.null_move().unwrap();
        assert_eq!(null.turn(), Color::Black);
        assert_eq!(null.key(), null.full_key());
        assert_ne!(null.key(), p.key());
        assert_eq!(null.null_move().unwrap().key(), p.key());
    }
}

#[cfg(test)]
mod search_tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engine::score::MATE_BOUND;
    use crate::engine::{SearchLimits, SearchMemory, search};
    use crate::variant::pawn_battle::eval::{Evaluation, PresetName};

    fn best(fen: &str, depth: u32) -> (String, i32) {
        let pos = PawnBattle::from_fen(fen).unwrap();
        let mut memory = SearchMemory::new(1);
        let eval = Evaluation::preset(PresetName::Default);
        let r = search(
            &pos,
            &[],
            &SearchLimits::depth(depth),
            &eval,
            &mut memory,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        (pos.uci(r.best_move.unwrap()).to_string(), r.score.0)
    }

    #[test]
    fn the_search_takes_a_win_in_one() {
        let (m, score) = best("8/1P6/8/8/8/8/p7/8 w - - 0 1", 4);
        assert_eq!(m, "b7b8");
        assert!(score > MATE_BOUND, "{score}");
    }

    #[test]
    fn the_search_stops_a_pawn_about_to_arrive() {
        // Black's a-pawn is on a2, White's rook on h1 can take it (or block a1): it must.
        let (m, score) = best("8/8/8/8/8/8/p6P/7R w - - 0 1", 4);
        assert_eq!(m, "h1a1", "score {score}");
    }

    #[test]
    fn the_search_sees_a_lost_race() {
        // White to move, both pawns run, Black's is one step ahead and nothing can stop it.
        let (_, score) = best("8/8/8/8/P7/8/7p/8 w - - 0 1", 6);
        assert!(score < -MATE_BOUND, "{score}");
    }
}
