//! The App's side of the engine conversation: search ids, requests going out and reports coming
//! in. The runner translates between these and the engine's own types, so the model stays
//! testable with synthetic reports.

use shakmaty::{Chess, Move};

use crate::variant::VariantPosition;

/// Identifies one search; reports carrying another id are stale and dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SearchId(pub u64);

/// Why a search was started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The engine's own move: the best move is played when the search is done.
    Move,
    /// A hint for the human: the best move is highlighted, not played.
    Hint,
}

/// What the engine is asked to search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchRequest {
    /// The search id.
    pub id: SearchId,
    /// A move to play (at the configured level's strength) or a hint (full strength).
    pub purpose: Purpose,
    /// The position to search, of the game played.
    pub position: SearchPosition,
    /// Zobrist keys of every position from the start up to and including `position`.
    pub history: Vec<u64>,
    /// The engine settings in force (level, depth and time limits, hash size).
    pub engine: crate::config::EngineConfig,
    /// The evaluation settings in force (the config file may change them between moves).
    pub eval: crate::config::EvalConfig,
    /// The engine's clock in a timed game (its own moves only): its time manager budgets from
    /// it, on top of the level's limits.
    pub clock: Option<crate::engine::Clock>,
}

/// The position a [`SearchRequest`] searches: the one place the engine conversation names the
/// game, so the engine thread runs the search monomorphised for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchPosition {
    /// A chess position (searched with `[eval]`, the book and the position database).
    Chess(Chess),
    /// A Pawn Battle position (searched with `[pawn_battle.eval]`).
    PawnBattle(
        crate::variant::pawn_battle::PawnBattle,
        crate::variant::pawn_battle::eval::EvalConfig,
    ),
}

/// A score from one side's point of view (centipawns or mate), shared with the explanations.
pub use crate::explain::quality::Score;

/// A search's state of knowledge: sent while it runs and when it is done.
#[derive(Debug, Clone, PartialEq)]
pub struct Thinking {
    /// Completed depth.
    pub depth: u32,
    /// Selective depth.
    pub seldepth: u32,
    /// Score for the side to move at the root.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The principal variation from the root.
    pub pv: Vec<Move>,
    /// The engine's whole report (only when the search is done): the explanations are built
    /// from it by [`crate::analysis::assemble`], as `kibitzer explain`, UCI and the review do.
    pub result: Option<Box<crate::engine::SearchResult>>,
}

/// Identifies one background analysis; results carrying another id are stale and dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AnalysisId(pub u64);

/// A background analysis of one move of a game of `P` (the runner starts
/// [`crate::analysis::spawn`] and answers with [`crate::app::Event::Analysed`]).
#[derive(Debug, Clone, PartialEq)]
pub struct AnalysisRequest<P: crate::analysis::Analysed = Chess> {
    /// The analysis id.
    pub id: AnalysisId,
    /// The ply of the move (0 = the first move of the game).
    pub ply: usize,
    /// What to analyse: the position before the move, the move, limits and settings.
    pub request: crate::analysis::Request<P>,
    /// Transposition table size in MiB.
    pub hash_mb: u32,
}

/// A background analysis of either game, as [`crate::app::Effect::Analyse`] carries it to the
/// runner (the game named at the edge, like [`SearchPosition`]).
#[derive(Debug, Clone, PartialEq)]
pub enum AnalysisJob {
    /// A chess move (or the editor's position).
    Chess(Box<AnalysisRequest>),
    /// A Pawn Battle move.
    PawnBattle(Box<AnalysisRequest<crate::variant::pawn_battle::PawnBattle>>),
}

impl AnalysisJob {
    /// The analysis id.
    #[must_use]
    pub fn id(&self) -> AnalysisId {
        crate::variant::each_game!(self, AnalysisJob(job) => job.id)
    }

    /// The ply of the move analysed.
    #[must_use]
    pub fn ply(&self) -> usize {
        crate::variant::each_game!(self, AnalysisJob(job) => job.ply)
    }
}

/// What is known about one move of the game, kept for the explanation panel.
#[derive(Debug, Clone)]
pub struct MoveAnalysis<P = Chess> {
    /// The move it is about (an entry whose move no longer matches the game is dropped).
    pub mv: Move,
    /// The search report at the end (for the engine's own moves).
    pub thinking: Option<Thinking>,
    /// The position the move was played from.
    pub root: P,
    /// The explanation of the move.
    pub explanation: Option<crate::explain::Explanation>,
    /// The panel's text read back from a saved game (when there is no live explanation).
    pub saved: Vec<String>,
    /// Which engine judged the move (a background analysis's analyst: `Stockfish 15.1`,
    /// `kibitzer`); `None` for the engine's own moves and saved texts.
    pub judged_by: Option<String>,
    /// The depth of the search the verdict rests on (the engine's own search for its moves);
    /// `None` for saved texts.
    pub depth: Option<u32>,
    /// How many times the verdict was judged again, deeper, while the human thought
    /// ([`crate::app::App::deepening`]); 0 for the first judgement.
    pub round: u32,
}

/// A deeper judgement of a move in flight while the human thinks (issue 36: play mode's
/// verdicts deepen): round `round` of the move at `ply`, as background analysis `id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deepening {
    /// The analysis id.
    pub id: AnalysisId,
    /// The ply of the move judged again.
    pub ply: usize,
    /// Which round (1 = the first deeper judgement), at most
    /// [`crate::review::refine::MAX_ROUNDS`].
    pub round: u32,
}

impl<P: VariantPosition> MoveAnalysis<P> {
    /// The panel's text lines: the explanation's ([`crate::explain::Explanation::panel_lines`]),
    /// else the saved ones.
    /// A move that mates says "checkmate" instead of a mate score ("score: you have mate in 1").
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let mut lines = match &self.explanation {
            Some(e) => e.panel_lines(),
            None => self.saved.clone(),
        };
        let mut after = self.root.clone();
        if after.is_legal(self.mv) {
            after.play_unchecked(self.mv);
            if after.is_check() && after.end().is_some() {
                for line in lines
                    .iter_mut()
                    .filter(|l| l.starts_with(crate::explain::explanation::SCORE_PREFIX))
                {
                    "checkmate".clone_into(line);
                }
            }
        }
        lines
    }
}
