//! What an interface keeps of a running review: the plies analysed so far (in any order), the
//! progress, and the queries browsing needs (next/previous error of a side, graph values,
//! summary). Updated only by [`ReviewState::apply`] with the events of
//! [`super::runner::spawn`].

use shakmaty::Color;

use super::{PlyReview, Progress, ReviewEvent, Summary};

/// A review as far as it has got.
#[derive(Debug, Clone, Default)]
pub struct ReviewState {
    plies: Vec<Option<PlyReview>>,
    progress: Option<Progress>,
    finished: bool,
    refining: Option<Refining>,
}

/// How far a review's refinement ([`super::refine`]) has gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refining {
    /// A round to this depth is under way.
    Round(u32),
    /// The last round is over, at this depth.
    Settled(u32),
}

impl ReviewState {
    /// An empty review of a game of `plies` moves.
    #[must_use]
    pub fn new(plies: usize) -> ReviewState {
        ReviewState {
            plies: vec![None; plies],
            progress: None,
            finished: false,
            refining: None,
        }
    }

    /// Takes in one event of the review.
    pub fn apply(&mut self, event: ReviewEvent) {
        match event {
            ReviewEvent::Ply(p) => {
                let i = p.ply;
                if i >= self.plies.len() {
                    self.plies.resize(i + 1, None);
                }
                self.plies[i] = Some(*p);
            }
            ReviewEvent::Progress(p) => self.progress = Some(p),
            ReviewEvent::Finished => self.finished = true,
            ReviewEvent::Notice(_) => {}
            ReviewEvent::Refining(d) => self.refining = Some(Refining::Round(d)),
            ReviewEvent::Refined(d) => self.refining = Some(Refining::Settled(d)),
        }
    }

    /// How far the refinement after the first pass has gone; `None` before it starts (or
    /// without one).
    #[must_use]
    pub fn refining(&self) -> Option<Refining> {
        self.refining
    }

    /// The review of ply `i`, once analysed.
    #[must_use]
    pub fn ply(&self, i: usize) -> Option<&PlyReview> {
        self.plies.get(i).and_then(Option::as_ref)
    }

    /// Number of plies in the game.
    #[must_use]
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// Whether the game has no moves.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    /// The latest progress report.
    #[must_use]
    pub fn progress(&self) -> Option<Progress> {
        self.progress
    }

    /// Whether every ply is analysed.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// White's winning chances after each ply (`None` while not analysed), for
    /// [`super::graph::EvalGraph`].
    #[must_use]
    pub fn graph_values(&self) -> Vec<Option<f64>> {
        self.plies
            .iter()
            .map(|p| p.as_ref().map(|p| p.score.winning_chances()))
            .collect()
    }

    /// The summary of the analysed plies from the start up to the first gap.
    #[must_use]
    pub fn summary(&self) -> Summary {
        Summary::of(&self.known())
    }

    /// The analysed plies from the start up to the first gap.
    #[must_use]
    pub fn known(&self) -> Vec<PlyReview> {
        self.plies.iter().map_while(Clone::clone).collect()
    }

    /// The first inaccuracy-or-worse of `side` after ply `from` (any side when `None`).
    #[must_use]
    pub fn next_error(&self, from: Option<usize>, side: Option<Color>) -> Option<usize> {
        let start = from.map_or(0, |f| f + 1);
        (start..self.plies.len()).find(|&i| self.is_error(i, side))
    }

    /// The last inaccuracy-or-worse of `side` before ply `from`.
    #[must_use]
    pub fn previous_error(&self, from: usize, side: Option<Color>) -> Option<usize> {
        (0..from.min(self.plies.len()))
            .rev()
            .find(|&i| self.is_error(i, side))
    }

    fn is_error(&self, i: usize, side: Option<Color>) -> bool {
        self.ply(i)
            .is_some_and(|p| p.classification.is_error() && side.is_none_or(|c| p.mover == c))
    }
}
