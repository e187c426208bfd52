//! The engine's use of the opening book ([`crate::opening`]): while the game is young and the
//! position is a book position, the engine's own move is a book move, chosen by the level's
//! [`Level::book_exponent`](super::Level::book_exponent); it leaves the book as soon as the
//! position is not in it.
//!
//! A book move still goes through a short search of the position ([`BookUse::limits`]), so the
//! interface receives the same [`super::SearchResult`] as for any move and the explanation has
//! measured scores; only the move played is the book's.

use shakmaty::{Chess, Move, Position};

use super::limits::SearchLimits;

/// Depth of the search made for a book move (its scores feed the explanation).
pub const BOOK_SEARCH_DEPTH: u32 = 6;

/// How one search uses the book.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BookUse {
    /// The book is consulted only before this many plies of the game (`engine.book_depth`).
    pub max_ply: u32,
    /// The level's [`Level::book_exponent`](super::Level::book_exponent): a move's chance is
    /// proportional to its weight raised to it (infinite: always the best-weighted move).
    pub exponent: f64,
}

impl BookUse {
    /// The book move to play in `position`; `None` when the game is past
    /// [`BookUse::max_ply`] (counted from the position's move number and side to move) or the
    /// position is not in the book. `random` gives uniform numbers in `[0, 1)`; pass a seeded
    /// generator for reproducible choices.
    #[must_use]
    pub fn choose(&self, position: &Chess, random: &mut dyn FnMut() -> f64) -> Option<Move> {
        let full = position.fullmoves().get();
        let ply = 2 * full.saturating_sub(1) + u32::from(position.turn().is_black());
        if ply >= self.max_ply {
            return None;
        }
        crate::opening::choose(position, self.exponent, random)
    }

    /// The limits of the search made when a book move is played: at most
    /// [`BOOK_SEARCH_DEPTH`], with exact root scores (so the book move, even when it is not
    /// the search's best, has its own score), other limits as requested.
    #[must_use]
    pub fn limits(limits: &SearchLimits) -> SearchLimits {
        SearchLimits {
            depth: Some(
                limits
                    .depth
                    .map_or(BOOK_SEARCH_DEPTH, |d| d.min(BOOK_SEARCH_DEPTH)),
            ),
            infinite: false,
            exact_root_scores: true,
            ..limits.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::levels::{Level, Rng};
    use crate::game::Game;

    fn book(level: u8) -> BookUse {
        BookUse {
            max_ply: 20,
            exponent: Level::get(level).book_exponent,
        }
    }

    fn after(moves: &str) -> Game {
        let mut g = Game::new();
        for m in moves.split_whitespace() {
            g.play_text(m).unwrap();
        }
        g
    }

    #[test]
    fn level_ten_plays_its_best_weighted_move_whatever_the_seed() {
        let g = after("e4 e5 Nf3 Nc6");
        let picks: std::collections::HashSet<Move> = (1..50)
            .filter_map(|seed| {
                let mut rng = Rng::new(seed);
                book(10).choose(g.position(), &mut || rng.next_f64())
            })
            .collect();
        assert_eq!(picks.len(), 1, "{picks:?}");
        let m = picks.into_iter().next().unwrap();
        assert_eq!(
            shakmaty::san::San::from_move(g.position(), m).to_string(),
            "Bb5",
            "the masters' favourite"
        );
    }

    #[test]
    fn level_one_varies_across_seeds_but_stays_in_the_book_and_repeats_with_a_seed() {
        let g = after("e4 e5");
        let pick = |seed| {
            let mut rng = Rng::new(seed);
            book(1).choose(g.position(), &mut || rng.next_f64())
        };
        let picks: std::collections::HashSet<Move> = (1..100).filter_map(pick).collect();
        assert!(picks.len() >= 5, "level 1 chooses widely: {picks:?}");
        for m in &picks {
            assert!(crate::opening::book_move(g.position(), *m).is_some());
        }
        assert_eq!(pick(7), pick(7), "a fixed seed repeats the choice");
        // Between: level 5 takes the masters' weights as they are, level 1 flattens them.
        assert!(Level::get(1).book_exponent < Level::get(5).book_exponent);
        assert!(Level::get(10).book_exponent.is_infinite());
    }

    #[test]
    fn the_engine_leaves_the_book_out_of_it_and_past_the_book_depth() {
        let out = after("e4 e5 Ke2 Ke7");
        assert_eq!(book(1).choose(out.position(), &mut || 0.3), None);
        let g = after("e4 e5");
        let shallow = BookUse {
            max_ply: 2,
            ..book(10)
        };
        assert_eq!(shallow.choose(g.position(), &mut || 0.3), None);
        assert!(book(10).choose(g.position(), &mut || 0.3).is_some());
    }

    #[test]
    fn a_book_move_is_searched_briefly_with_exact_scores() {
        let l = BookUse::limits(&SearchLimits::depth(12));
        assert_eq!(l.depth, Some(BOOK_SEARCH_DEPTH));
        assert!(l.exact_root_scores);
        assert_eq!(BookUse::limits(&SearchLimits::depth(2)).depth, Some(2));
    }
}
