//! Browsing a reviewed game, without a terminal: a cursor over the game's positions and the
//! navigation of the review screen (`,`/`.`/`←`/`→` a ply, `n`/`p` next/previous error of the
//! chosen side, `Home`/`End`, a click or Enter on a move, `g` a move number, `f` flip) as
//! commands, so that any screen maps its keys to [`Nav`] and renders from [`Browser`].

use shakmaty::Color;

use super::ReviewState;

/// A navigation command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nav {
    /// One ply forward (`.`, `→`).
    Forward,
    /// One ply back (`,`, `←`).
    Back,
    /// To the next inaccuracy-or-worse of the chosen side (`n`).
    NextError,
    /// To the previous inaccuracy-or-worse of the chosen side (`p`).
    PreviousError,
    /// To the start position (`Home`).
    Start,
    /// To the end of the game (`End`).
    End,
    /// To the position after ply `n` (0-based; a click or Enter on a move, a click on the graph).
    Ply(usize),
    /// To the position after the given side's move number `n` (`g`).
    Move(u32, Color),
    /// Turn the board around (`f`).
    Flip,
}

/// Where the reader is in a reviewed game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Browser {
    /// Positions shown: 0 = the start, `i` = after ply `i - 1`.
    pub cursor: usize,
    /// Plies in the game.
    pub plies: usize,
    /// The side whose errors `n`/`p` visit (`None` = both).
    pub side: Option<Color>,
    /// Whether the board is seen from Black's side.
    pub flipped: bool,
    /// The full-move number of the game's first move.
    pub first_move_number: u32,
    /// The side that makes the game's first move.
    pub first_mover: Color,
}

impl Browser {
    /// A browser at the start of a game of `plies` plies that starts with `first_mover` at move
    /// `first_move_number`, visiting the errors of `side`.
    #[must_use]
    pub fn new(
        plies: usize,
        first_move_number: u32,
        first_mover: Color,
        side: Option<Color>,
    ) -> Browser {
        Browser {
            cursor: 0,
            plies,
            side,
            flipped: side == Some(Color::Black),
            first_move_number,
            first_mover,
        }
    }

    /// The ply whose move was just played at the cursor (what the panels show), `None` at the
    /// start.
    #[must_use]
    pub fn ply(&self) -> Option<usize> {
        self.cursor.checked_sub(1)
    }

    /// The ply index of `side`'s move number `number`, if the game has it.
    ///
    /// ```
    /// use shakmaty::Color;
    /// use kibitzer::review::browse::Browser;
    /// let b = Browser::new(10, 1, Color::White, None);
    /// assert_eq!(b.ply_of(1, Color::White), Some(0));
    /// assert_eq!(b.ply_of(3, Color::Black), Some(5));
    /// assert_eq!(b.ply_of(6, Color::White), None);
    /// ```
    #[must_use]
    pub fn ply_of(&self, number: u32, side: Color) -> Option<usize> {
        let offset = usize::from(self.first_mover == Color::Black);
        let index = 2 * (number.checked_sub(self.first_move_number)? as usize)
            + usize::from(side == Color::Black);
        let ply = index.checked_sub(offset)?;
        (ply < self.plies).then_some(ply)
    }

    /// Applies a command; returns false when it changed nothing (no further error, a move
    /// number the game lacks, …), so the screen can say so.
    pub fn apply(&mut self, nav: Nav, review: &ReviewState) -> bool {
        let target = match nav {
            Nav::Forward => (self.cursor < self.plies).then_some(self.cursor + 1),
            Nav::Back => self.cursor.checked_sub(1),
            Nav::NextError => review.next_error(self.ply(), self.side).map(|p| p + 1),
            Nav::PreviousError => review
                .previous_error(self.ply().unwrap_or(0), self.side)
                .map(|p| p + 1),
            Nav::Start => Some(0),
            Nav::End => Some(self.plies),
            Nav::Ply(p) => (p < self.plies).then_some(p + 1),
            Nav::Move(n, side) => self.ply_of(n, side).map(|p| p + 1),
            Nav::Flip => {
                self.flipped = !self.flipped;
                return true;
            }
        };
        match target {
            Some(c) if c != self.cursor => {
                self.cursor = c;
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SearchLimits;
    use crate::game::Game;
    use crate::review::{Settings, review_game};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn navigation_over_a_reviewed_game() {
        let mut g = Game::new();
        for m in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"] {
            g.play_text(m).unwrap();
        }
        let settings = Settings {
            limits: SearchLimits::depth(3),
            hash_mb: 1,
            ..Settings::default()
        };
        let mut state = ReviewState::new(7);
        review_game(&g, &settings, &AtomicBool::new(false), &mut |e| {
            state.apply(e);
        });
        let mut b = Browser::new(7, 1, Color::White, Some(Color::Black));
        assert!(b.flipped);
        assert!(!b.apply(Nav::Back, &state));
        assert!(b.apply(Nav::Forward, &state));
        assert_eq!(b.ply(), Some(0));
        // n: Black's first error is 3... Nf6 (ply 5); after it, none.
        assert!(b.apply(Nav::NextError, &state));
        assert_eq!(b.ply(), Some(5));
        assert!(!b.apply(Nav::NextError, &state));
        assert!(b.apply(Nav::End, &state));
        assert_eq!(b.cursor, 7);
        assert!(b.apply(Nav::PreviousError, &state));
        assert_eq!(b.ply(), Some(5));
        assert!(b.apply(Nav::Move(2, Color::White), &state));
        assert_eq!(b.ply(), Some(2));
        assert!(!b.apply(Nav::Move(9, Color::White), &state));
        assert!(b.apply(Nav::Start, &state));
        assert_eq!(b.ply(), None);
        assert!(b.apply(Nav::Ply(6), &state));
        assert_eq!(b.cursor, 7);
        assert!(b.apply(Nav::Flip, &state));
        assert!(!b.flipped);
    }

    #[test]
    fn move_numbers_of_a_game_starting_with_black() {
        let b = Browser::new(4, 30, Color::Black, None);
        assert_eq!(b.ply_of(30, Color::Black), Some(0));
        assert_eq!(b.ply_of(31, Color::White), Some(1));
        assert_eq!(b.ply_of(30, Color::White), None);
        assert_eq!(b.ply_of(29, Color::Black), None);
    }
}
