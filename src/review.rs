//! Game review: every ply of a game analysed (score, best move and line, classification, the
//! explanation of the played move and, for inaccuracies and worse, of the better move), and
//! per side accuracy and error counts.
//!
//! [`review_game`] is the synchronous core; [`runner::spawn`] runs it on a background thread
//! with progress and cancellation, streaming each ply as it is ready so that an interface can
//! browse at once. [`Summary`] aggregates whatever plies are known. [`annotate`] writes the
//! annotated PGN; [`command`] is `kibitzer review`; [`graph`] draws the evaluation graph;
//! [`state`] keeps a streaming review for an interface and [`browse`] its navigation;
//! [`learn`] judges a player's retry; [`screen`] is the review screen, [`picker`] the game
//! list of a file, and [`session`] the event loop joining them (also used by play mode).
//!
//! Why one file of about 800 lines before its tests: the review's types ([`Settings`],
//! [`PlyReview`], [`Summary`], [`ReviewEvent`]) and the review loop that fills them
//! ([`review_game`], its workers and emitter) change together; everything with a concern of
//! its own is a submodule above.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;
use shakmaty::{CastlingMode, Chess, Color};

use crate::analysis::{self, Analysed};
use crate::config::{ExplainLevel, Language};
use crate::engine::{EvalParams, SearchLimits, SearchMemory, SearchResult};
use crate::explain::Explanation;
use crate::explain::quality::{Quality, Score};
use crate::game::Game;
use crate::opening::Opening;
use crate::pgn::PgnVariant;
use crate::variant::pawn_battle::eval::Evaluation;

pub mod accuracy;
pub mod annotate;
pub mod browse;
pub mod calibration;
pub mod classify;
pub mod command;
pub mod document;
pub mod estimate;
pub mod graph;
pub mod learn;
pub mod picker;
pub mod refine;
pub mod runner;
pub mod screen;
pub mod session;
pub mod stack;
pub mod state;
pub mod workers;

pub use classify::{Classification, classify};
pub use runner::{ReviewJob, spawn};
pub use state::ReviewState;

/// The depth of each position's search when neither `--depth` nor `--movetime` is given
/// (verification [`crate::analysis::VERIFY_EXTRA_DEPTH`] plies deeper): reproducible on any
/// machine and load, and a 100-move game's review stays under a minute on two cores (see
/// docs/BENCHMARKS.md, "Review speed").
pub const DEFAULT_DEPTH: u32 = 8;

/// The review's limits when neither `--depth` nor `--movetime` is given (`kibitzer review`,
/// and play mode's "Review this game"): [`DEFAULT_DEPTH`].
#[must_use]
pub fn default_limits() -> crate::engine::SearchLimits {
    crate::engine::SearchLimits::depth(DEFAULT_DEPTH)
}

/// How the review analyses.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Limits of each position's search.
    pub limits: SearchLimits,
    /// The engine's evaluation parameters.
    pub params: EvalParams,
    /// The evaluation of Pawn Battle games (`[pawn_battle.eval]`).
    pub pawn_battle: Evaluation,
    /// Explanation level.
    pub level: ExplainLevel,
    /// Explanation language.
    pub language: Language,
    /// Transposition table size in MiB (one table for the whole game).
    pub hash_mb: u32,
    /// Which engine analyses (`[analysis] engine`, `--engine`, `auto` resolved by
    /// [`analysis::judge`]): built-in in [`Settings::default`].
    pub analyst: analysis::AnalystSpec,
    /// How many positions are searched at once (`[analysis] threads`); 0 = one per core, at
    /// most [`MAX_AUTO_THREADS`] (see [`Settings::workers`]).
    pub threads: usize,
    /// The external engine the review screen offers beside the built-in one (its `e` key): the
    /// configured one (`[analysis] engine`, `--engine`), else [`DEFAULT_EXTERNAL`] with the
    /// `[analysis]` options.
    pub external: analysis::AnalystSpec,
    /// Whether [`external`](Self::external)'s program was found when the settings were made
    /// from the configuration ([`AnalystSpec::is_installed`](analysis::AnalystSpec::is_installed)),
    /// so the review screen offers it while the built-in engine judges; `false` by default.
    pub external_installed: bool,
    /// The reader's side, the "you" of the explanations: the player named "You" in the game's
    /// tags (a game played against kibitzer, [`crate::app::persist::reader_of`]); `None` for
    /// anyone else's game (scores from White's side, nobody called "you").
    pub reader: Option<shakmaty::Color>,
    /// How long the review deepens after its first pass ([`refine::refine_game`], run by
    /// [`runner::spawn`] and `kibitzer review --refine-seconds`): [`refine::Refine::Off`] by
    /// default, [`refine::Refine::Unlimited`] from the configuration (the review screen).
    pub refine: refine::Refine,
    /// The run's position database the review's searches read and feed (`None`: none; the
    /// command or the runner that starts the review gives it).
    pub store: Option<std::sync::Arc<crate::posdb::Store>>,
    /// Whether an external analyst searches the second-best move of the positions where the
    /// move played was its best ([`analysis::Request::second_best`], for the only-move flag):
    /// `false` in the first pass (about one more search per best move would not fit its
    /// budget), `true` in the refinement's rounds ([`refine::deeper`]).
    pub second_best: bool,
}

/// The external engine the review screen offers when none is configured (found on the `PATH`
/// or in `/usr/games` when installed; when it is not, the screen says so and the built-in
/// engine goes on).
pub const DEFAULT_EXTERNAL: &str = "stockfish";

impl Default for Settings {
    fn default() -> Self {
        Settings {
            limits: SearchLimits::movetime(Duration::from_millis(200)),
            params: EvalParams::default(),
            pawn_battle: Evaluation::from_config(&Default::default()),
            level: ExplainLevel::Medium,
            language: Language::default(),
            hash_mb: 64,
            analyst: analysis::AnalystSpec::default(),
            threads: 0,
            external: analysis::AnalystSpec::new(DEFAULT_EXTERNAL, Vec::new()),
            external_installed: false,
            reader: None,
            refine: refine::Refine::Off,
            store: None,
            second_best: false,
        }
    }
}

impl Settings {
    /// The configuration's engine and explanation settings with these limits and level; the
    /// built-in analyst searches with the engine's evaluation (`engine.evaluation`: the
    /// classic terms or the trained network).
    #[must_use]
    pub fn from_config(
        config: &crate::config::Config,
        limits: SearchLimits,
        level: ExplainLevel,
    ) -> Settings {
        Settings {
            limits,
            // The analyst's evaluation: the network when `engine.evaluation = "network"` (a
            // network that does not load was refused with the configuration; the classic terms
            // if it fails now).
            params: config
                .engine
                .eval_params(&config.eval, crate::config::Searcher::Analyst)
                .unwrap_or_else(|_| EvalParams::from_config(&config.eval)),
            pawn_battle: Evaluation::from_config(&config.pawn_battle.eval),
            level,
            language: config.explain.language,
            hash_mb: config.engine.hash_mb,
            analyst: analysis::AnalystSpec::default(),
            threads: config.analysis.threads as usize,
            external: config.analysis.spec_of(DEFAULT_EXTERNAL),
            external_installed: false,
            reader: None,
            refine: refine::Refine::Unlimited,
            store: None,
            second_best: false,
        }
        .with_analyst(config.analysis.spec())
        .looking_for_external()
    }

    /// These settings with [`external_installed`](Self::external_installed) found out (a look
    /// in the `PATH`; nothing is started).
    #[must_use]
    pub fn looking_for_external(mut self) -> Settings {
        self.external_installed = self.external.is_installed();
        self
    }

    /// These settings analysed by `analyst`; an external one also becomes the screen's
    /// [`external`](Self::external) choice.
    #[must_use]
    pub fn with_analyst(mut self, analyst: analysis::AnalystSpec) -> Settings {
        if !analyst.is_builtin() {
            self.external = analyst.clone();
            self.external_installed = false;
        }
        self.analyst = analyst;
        self
    }
}

/// What the review needs from a game beyond the analysis ([`Analysed`]) and PGN: its
/// evaluation in the review's [`Settings`] and the opening a game has reached.
pub trait Reviewed: Analysed + PgnVariant {
    /// The evaluation the review's searches use.
    fn eval(settings: &Settings) -> Self::Eval;
    /// The opening `game` has reached after `ply` moves (chess only).
    fn opening_at(game: &Game<Self>, ply: usize) -> Option<Opening>;
    /// The classification's label for people in the language spoken
    /// ([`Classification::words`]).
    fn label_words(c: &Classification) -> String {
        c.words(false)
    }
    /// The label in English, as the review's JSON keeps it.
    fn label(c: &Classification) -> String {
        crate::i18n::with(crate::i18n::Lang::En, || Self::label_words(c))
    }
}

impl Reviewed for Chess {
    fn eval(settings: &Settings) -> EvalParams {
        settings.params.clone()
    }
    fn opening_at(game: &Game, ply: usize) -> Option<Opening> {
        crate::opening::at(game, ply)
    }
}

/// A game to review, of either variant: what the shell's review work and reports carry (a
/// game read from a file, a finished game of play, the analysis to start).
#[derive(Debug, Clone)]
pub enum ReviewGame {
    /// A chess game.
    Chess(Box<crate::pgn::PgnGame>),
    /// A Pawn Battle game.
    PawnBattle(Box<crate::pgn::PgnGame<crate::variant::pawn_battle::PawnBattle>>),
}

impl ReviewGame {
    /// Which game it is.
    #[must_use]
    pub fn variant(&self) -> crate::variant::Variant {
        crate::variant::game_of!(self, ReviewGame)
    }

    /// Its number of moves.
    #[must_use]
    pub fn plies(&self) -> usize {
        crate::variant::each_game!(self, ReviewGame(g) => g.game.moves().len())
    }
}

/// The review of one ply (one move of the game).
#[derive(Debug, Clone, Serialize)]
pub struct PlyReview {
    /// Index of the move in the game (0 = the first move of the game).
    pub ply: usize,
    /// Its move number as written in PGN (`12` for `12.` and `12...`).
    pub move_number: u32,
    /// Who played the move (`"white"` or `"black"` in the JSON).
    #[serde(serialize_with = "serialize_color")]
    pub mover: Color,
    /// The move played, SAN.
    pub san: String,
    /// The move played, UCI.
    pub uci: String,
    /// Score after the played move, White's view.
    pub score: Score,
    /// [`score`](Self::score) for people: `+1.3`, `-0.4`, `#-4`; in an ending the tables hold
    /// `+TB` / `-TB` (a tablebase win for White / Black) or `=TB` (a tablebase draw).
    pub score_text: String,
    /// Score of the position before the move (its best move), White's view.
    pub best_score: Score,
    /// The engine's best move, SAN.
    pub best_move: String,
    /// The engine's best move, UCI.
    pub best_uci: String,
    /// The best line from the position before the move (best move first), SAN.
    pub best_line: Vec<String>,
    /// The line after the played move (played move first), SAN.
    pub line: Vec<String>,
    /// How the move compares with the best.
    pub classification: Classification,
    /// [`Classification::label`].
    pub label: String,
    /// [`Classification::mark`]: `??`, `?`, `?!`, `!` or empty (the shared page's mark).
    pub mark: String,
    /// White's win% before the move (from the best score) and after it (from the played
    /// move's score), 0..100.
    pub win_before: f64,
    /// See [`win_before`](Self::win_before).
    pub win_after: f64,
    /// The mover's per-move accuracy (0..100).
    pub accuracy: f64,
    /// Depth of the search of the position before the move.
    pub depth: u32,
    /// The explanation of the played move.
    pub explanation: Explanation,
    /// For an inaccuracy or worse: the explanation of the better move.
    pub better: Option<Explanation>,
    /// The game's opening after this move (the deepest named position reached so far).
    pub opening: Option<Opening>,
    /// The engine whose searches the verdict rests on (`kibitzer` for the built-in engine).
    pub judged_by: String,
}

impl PlyReview {
    /// The move number as printed before this ply's move: `3.` for White, `3...` for Black.
    pub fn number_text(&self) -> String {
        if self.mover.is_white() {
            format!("{}.", self.move_number)
        } else {
            format!("{}...", self.move_number)
        }
    }
}

/// One side's figures.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct SideSummary {
    /// Accuracy (0..100), `None` before the side's first analysed move.
    pub accuracy: Option<f64>,
    /// Number of inaccuracies.
    pub inaccuracies: usize,
    /// Number of mistakes.
    pub mistakes: usize,
    /// Number of blunders.
    pub blunders: usize,
}

/// Both sides' figures.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Summary {
    /// White.
    pub white: SideSummary,
    /// Black.
    pub black: SideSummary,
}

impl Summary {
    /// The figures of consecutive analysed plies from the start of the game (see
    /// [`accuracy`] for the aggregation).
    #[must_use]
    pub fn of(plies: &[PlyReview]) -> Summary {
        let mut series: Vec<f64> = plies.iter().map(|p| p.win_before).collect();
        if let Some(last) = plies.last() {
            series.push(last.win_after);
        }
        let weights = accuracy::volatility_weights(&series);
        let mut out = Summary::default();
        for side in [Color::White, Color::Black] {
            let mine: Vec<&PlyReview> = plies.iter().filter(|p| p.mover == side).collect();
            let moves: Vec<(f64, f64)> = plies
                .iter()
                .zip(&weights)
                .filter(|(p, _)| p.mover == side)
                .map(|(p, w)| (p.accuracy, *w))
                .collect();
            let count = |q: Quality| {
                mine.iter()
                    .filter(|p| p.classification.quality == q)
                    .count()
            };
            let s = SideSummary {
                accuracy: accuracy::aggregate(&moves),
                inaccuracies: count(Quality::Inaccuracy),
                mistakes: count(Quality::Mistake),
                blunders: count(Quality::Blunder),
            };
            if side.is_white() {
                out.white = s;
            } else {
                out.black = s;
            }
        }
        out
    }
}

/// Progress of a review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Plies analysed.
    pub done: usize,
    /// Plies in the game.
    pub total: usize,
    /// Time since the review started.
    pub elapsed: Duration,
    /// Estimated time left ([`estimate`]: the work left in CPU time at the CPU share the
    /// review gets now), once a ply is done.
    pub eta: Option<Duration>,
}

/// What a review reports while it runs, in order: for each ply its [`ReviewEvent::Ply`] then a
/// [`ReviewEvent::Progress`]; finally [`ReviewEvent::Finished`] (not sent when cancelled).
#[derive(Debug, Clone)]
pub enum ReviewEvent {
    /// A ply is analysed.
    Ply(Box<PlyReview>),
    /// Plies done so far.
    Progress(Progress),
    /// Every ply is analysed.
    Finished,
    /// Something the user should know: the external analysis engine failed and the built-in
    /// engine analyses instead.
    Notice(String),
    /// After [`ReviewEvent::Finished`]: the review deepens, a round to this depth has started
    /// ([`refine`]); its plies come again as [`ReviewEvent::Ply`].
    Refining(u32),
    /// The last round of the refinement is over, at this depth.
    Refined(u32),
}

/// A score for people, White's view, in a game of `variant`: `+1.3`, `-0.4`, `0.0`, `#3`,
/// `#-4`; a Pawn Battle forced win `W3` / `L4` ([`Score::short_win`], as the eval bar). The
/// JSON's `score_text` keeps this decimal point; a screen writes it through
/// [`crate::i18n::decimal`].
///
/// ```
/// use kibitzer::explain::quality::Score;
/// use kibitzer::review::score_text;
/// use kibitzer::variant::Variant::Chess;
/// assert_eq!(score_text(Score::Cp(130), Chess), "+1.3");
/// assert_eq!(score_text(Score::Cp(-44), Chess), "-0.4");
/// assert_eq!(score_text(Score::Cp(0), Chess), "0.0");
/// assert_eq!(score_text(Score::Mate(-4), Chess), "#-4");
/// // A tablebase win (crate::tablebase) for White, for Black.
/// assert_eq!(score_text(Score::Cp(30_800), Chess), "+TB");
/// assert_eq!(score_text(Score::Cp(-30_800), Chess), "-TB");
/// ```
#[must_use]
pub fn score_text(s: Score, variant: crate::variant::Variant) -> String {
    match s {
        Score::Cp(cp) if cp.abs() >= crate::engine::TB_BOUND => {
            if cp > 0 { "+TB" } else { "-TB" }.to_owned()
        }
        Score::Cp(cp) if cp.abs() < 5 => "0.0".to_owned(),
        Score::Cp(cp) => format!("{:+.1}", f64::from(cp) / 100.0),
        Score::Mate(_) => s.short_win(variant).unwrap_or_default(),
    }
}

/// A colour as the review's JSON writes it: `"white"` or `"black"`.
fn serialize_color<S: serde::Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(crate::game::notation::color_name(*color))
}

fn white_view(mover: Color, s: Score) -> Score {
    s.seen_by(mover, Color::White)
}

/// The most review workers the automatic choice ([`Settings::threads`] = 0) takes.
pub const MAX_AUTO_THREADS: usize = 4;

/// The searches one position of a game gets (see [`review_game`]).
#[derive(Debug)]
struct Searched {
    /// The search at the review's limits (also the line after the move before it).
    first: SearchResult,
    /// The search the verdict on the move played from here rests on
    /// ([`analysis::judged_search`]); `first` when nothing needed verifying.
    judged: SearchResult,
    /// The analyst's notices while it searched this position.
    notices: Vec<String>,
    /// The engine that searched it.
    judged_by: String,
    /// What the searches cost, for the time estimate ([`estimate`]).
    cost: estimate::Cost,
}

/// A clock of the work one searching thread does: its own CPU time and its external engine's
/// ([`crate::cpu`]), or the wall time where the CPU time cannot be read.
fn work_clock(analyst: &analysis::Analyst) -> (Option<Duration>, Instant) {
    (
        crate::cpu::thread().map(|t| t + analyst.engine_cpu()),
        Instant::now(),
    )
}

/// The work done since `since` ([`work_clock`]).
fn work_since(since: (Option<Duration>, Instant), analyst: &analysis::Analyst) -> Duration {
    match (since.0, work_clock(analyst).0) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => since.1.elapsed(),
    }
}

/// Searches position `i` of `game` (the one before move `i`; `i` = the number of moves: the
/// final position) as the review does: `memory` cleared first, so the result depends on the
/// position alone and not on which worker searched what before (a depth-limited review gives
/// the same plies with any number of workers); then the verification of the move played there.
/// `None` when the game has no such position.
fn search_position_of<P: Reviewed>(
    game: &Game<P>,
    i: usize,
    settings: &Settings,
    analyst: &mut analysis::Analyst,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> Option<Searched> {
    let start = work_clock(analyst);
    let first = first_search_of(game, i, settings, analyst, memory, stop)?;
    let first_cost = work_since(start, analyst);
    let played = game.moves().get(i).map(|m| m.mv);
    let start = work_clock(analyst);
    let mut verify = None;
    let judged = match learn::request(game, i, played, settings).filter(|_| played.is_some()) {
        Some(req) => {
            let verified = played.is_some_and(|p| analysis::needs_verifying(&first, p));
            let judged = analysis::judged_search(&req, first.clone(), analyst, memory, stop);
            verify = verified.then(|| work_since(start, analyst));
            judged
        }
        None => first.clone(),
    };
    Some(Searched {
        first,
        judged,
        notices: analyst.take_notices(),
        judged_by: analyst.name(),
        cost: estimate::Cost {
            first: first_cost,
            verify,
        },
    })
}

/// The search of position `i` of `game` at the review's limits, on a cleared `memory` (the
/// first of [`search_position_of`]'s searches). `None` when the game has no such position.
fn first_search_of<P: Reviewed>(
    game: &Game<P>,
    i: usize,
    settings: &Settings,
    analyst: &mut analysis::Analyst,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> Option<SearchResult> {
    let pos = game.position_at(i)?;
    let keys = game.history_keys();
    let played = game.moves().get(i).map(|m| m.mv);
    memory.clear();
    Some(analyst.search(
        pos,
        keys.get(..i)?,
        &settings.limits,
        &P::eval(settings),
        played,
        memory,
        stop,
    ))
}

impl Settings {
    /// How many workers review a game: [`Settings::threads`], or when it is 0 the machine's
    /// cores up to [`MAX_AUTO_THREADS`]; always 1 for an external analyst (one engine process,
    /// which has its own `Threads` option).
    #[must_use]
    pub fn workers(&self) -> usize {
        if !self.analyst.is_builtin() {
            return 1;
        }
        match self.threads {
            0 => std::thread::available_parallelism()
                .map_or(1, std::num::NonZeroUsize::get)
                .min(MAX_AUTO_THREADS),
            n => n,
        }
    }
}

/// Reviews every move of `game` (its moves up to the cursor), calling `on_event` as plies are
/// ready (see [`ReviewEvent`]), in the order of the game whatever the number of workers
/// ([`Settings::workers`]). Each position is searched once (the position after a move is the
/// next position searched, and its line is the line after the move), by one of the workers with
/// its own analyst and transposition table, cleared before each position so that the plies do
/// not depend on how the positions were shared out; a move that looks like an error or an only
/// move is judged on a deeper verification search ([`analysis::judged_search`], the same
/// judgement as play mode's). Returns false when `stop` cut the review short (nothing more is
/// reported then). The workers end before it returns.
pub fn review_game<P: Reviewed>(
    game: &Game<P>,
    settings: &Settings,
    stop: &AtomicBool,
    on_event: &mut dyn FnMut(ReviewEvent),
) -> bool {
    let positions = game.moves().len() + 1;
    let workers = settings.workers().clamp(1, positions);
    let mut emitter = Emitter::new(game, settings, stop, on_event);
    let start_worker = || start_worker(game, settings);
    if workers == 1 {
        let (mut analyst, mut memory) = start_worker();
        for i in 0..positions {
            if stop.load(Ordering::Relaxed) {
                return false;
            }
            let searched = search_position_of(game, i, settings, &mut analyst, &mut memory, stop);
            if !emitter.add(i, searched) {
                return emitter.finished();
            }
        }
        return emitter.finished();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel();
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, start_worker) = (&next, &start_worker);
            scope.spawn(move || {
                let (mut analyst, mut memory) = start_worker();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= positions || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let searched =
                        search_position_of(game, i, settings, &mut analyst, &mut memory, stop);
                    if tx.send((i, searched)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for (i, searched) in rx {
            if !emitter.add(i, searched) {
                // Tell the workers to go: nothing more is reported.
                next.store(positions, Ordering::Relaxed);
                break;
            }
        }
        emitter.finished()
    })
}

/// A review worker's analyst, told the game, and its search memory (the first pass's and the
/// refinement's workers start alike).
fn start_worker<P: Reviewed>(
    game: &Game<P>,
    settings: &Settings,
) -> (analysis::Analyst, SearchMemory) {
    let mut analyst = analysis::Analyst::start_for::<P>(&settings.analyst);
    analyst.new_game(Some(analysis::GameLine::of(game)));
    (
        analyst,
        SearchMemory::new(settings.hash_mb).with_store(settings.store.clone()),
    )
}

/// Puts the searched positions back in the game's order and reports each ply as soon as the
/// searches of the positions before and after its move are known.
struct Emitter<'a, P: Reviewed> {
    game: &'a Game<P>,
    settings: &'a Settings,
    stop: &'a AtomicBool,
    on_event: &'a mut dyn FnMut(ReviewEvent),
    started: Instant,
    /// The searches known and not yet used, by position.
    waiting: std::collections::BTreeMap<usize, Searched>,
    /// The next ply to report.
    ply: usize,
    /// The search of position `ply` once it has arrived (moved out of `waiting`).
    current: Option<Searched>,
    /// Every ply was reported, or the game has no more positions.
    done: bool,
    /// The time left ([`estimate`]): the work left at the CPU share the review gets.
    estimate: estimate::Estimate,
    /// The positions whose searches have arrived.
    arrived: usize,
    /// The program's CPU time ([`crate::cpu::tree`]) when the review started.
    cpu_start: Option<Duration>,
}

impl<'a, P: Reviewed> Emitter<'a, P> {
    fn new(
        game: &'a Game<P>,
        settings: &'a Settings,
        stop: &'a AtomicBool,
        on_event: &'a mut dyn FnMut(ReviewEvent),
    ) -> Emitter<'a, P> {
        // Before the clocks start: the benchmark is not the review's work. A review by set
        // move time costs that time on any machine: nothing to measure.
        let machine = if estimate::Prior::scales_with_machine(settings) {
            calibration::machine_factor()
        } else {
            1.0
        };
        Emitter {
            game,
            settings,
            stop,
            on_event,
            started: Instant::now(),
            waiting: std::collections::BTreeMap::new(),
            ply: 0,
            current: None,
            done: false,
            estimate: estimate::Estimate::new(
                estimate::Prior::of(settings, machine),
                settings.workers().min(game.moves().len() + 1),
            ),
            arrived: 0,
            cpu_start: crate::cpu::tree(),
        }
    }

    /// Takes the searches of position `i` (`None`: the game has no such position) and reports
    /// every ply that is now complete. False when the review must end (stopped, or done).
    fn add(&mut self, i: usize, searched: Option<Searched>) -> bool {
        let total = self.game.moves().len();
        match searched {
            Some(s) => {
                self.estimate.searched(s.cost);
                self.arrived += 1;
                let wall = self.started.elapsed();
                if self.estimate.clock_due(wall)
                    && let (Some(c0), Some(c)) = (self.cpu_start, crate::cpu::tree())
                {
                    self.estimate.clock(wall, c.saturating_sub(c0));
                }
                self.waiting.insert(i, s);
            }
            None => {
                self.done = true;
                return false;
            }
        }
        if self.current.is_none() {
            self.current = self.waiting.remove(&self.ply);
        }
        while let Some(current) = self.current.take() {
            if self.stop.load(Ordering::Relaxed) {
                return false;
            }
            if self.ply >= total {
                self.done = true;
                return false;
            }
            let Some(next) = self.waiting.remove(&(self.ply + 1)) else {
                self.current = Some(current);
                return true;
            };
            for notice in current.notices.iter().chain(
                // The final position's notices come with the last ply.
                (self.ply + 1 == total)
                    .then_some(&next.notices)
                    .into_iter()
                    .flatten(),
            ) {
                (self.on_event)(ReviewEvent::Notice(notice.clone()));
            }
            if let Some(mut p) = review_ply(
                self.game,
                self.ply,
                &current.judged,
                &next.first,
                self.settings,
            ) {
                p.judged_by = analysis::judge_name(current.judged_by.clone(), Some(&p.explanation));
                (self.on_event)(ReviewEvent::Ply(Box::new(p)));
            }
            self.ply += 1;
            let done = self.ply;
            let elapsed = self.started.elapsed();
            let eta = self.estimate.left((total + 1).saturating_sub(self.arrived));
            (self.on_event)(ReviewEvent::Progress(Progress {
                done,
                total,
                elapsed,
                eta,
            }));
            self.current = Some(next);
        }
        true
    }

    /// The review's end: reports [`ReviewEvent::Finished`] and gives true when every ply was
    /// reported; false (and nothing more) when it was stopped.
    fn finished(&mut self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return false;
        }
        let total = self.game.moves().len();
        if self.ply >= total || self.done {
            (self.on_event)(ReviewEvent::Finished);
            return true;
        }
        false
    }
}

/// The review of ply `i` from the searches of the positions before (`before`, the search the
/// judgement rests on: see [`analysis::judged_search`]) and after (`after`) it. Pure. `None` when the game has no such ply.
#[must_use]
pub fn review_ply<P: Reviewed>(
    game: &Game<P>,
    i: usize,
    before: &SearchResult,
    after: &SearchResult,
    settings: &Settings,
) -> Option<PlyReview> {
    let pos = game.position_at(i)?;
    let played = game.moves().get(i)?;
    let mover = pos.turn();
    let best = before.best_move?;
    let req = learn::request(game, i, Some(played.mv), settings)?;
    let a = analysis::assemble(&req, before, Some(after));
    let explanation = a.explanation?;
    let best_score = a.best_score?;
    let played_score = a.played_score.unwrap_or(best_score);
    let is_best = best == played.mv;
    let measured = classify(is_best, best_score, played_score, a.second_score);
    let classification = match explanation.opening {
        Some(_) => measured.book(),
        None => measured,
    };
    let better = classification
        .is_error()
        .then(|| analysis::explain_move(&req, before, best, None));
    let win_before = accuracy::win_percent(white_view(mover, best_score));
    let win_after = accuracy::win_percent(white_view(mover, played_score));
    let (mb, ma) = if mover.is_white() {
        (win_before, win_after)
    } else {
        (100.0 - win_before, 100.0 - win_after)
    };
    let score = white_view(mover, played_score);
    let best_line = crate::explain::explanation::san_line(pos, &before.pv);
    Some(PlyReview {
        ply: i,
        move_number: pos.fullmoves(),
        mover,
        san: played.san.to_string(),
        uci: played.uci().to_string(),
        score,
        // A draw the endgame tables prove is written as theirs.
        score_text: match explanation.tablebase {
            Some(note) if note.after == crate::tablebase::Verdict::Draw => "=TB".to_owned(),
            _ => score_text(score, P::VARIANT),
        },
        best_score: white_view(mover, best_score),
        best_move: best_line.first().cloned().unwrap_or_default(),
        best_uci: best.to_uci(CastlingMode::Standard).to_string(),
        best_line,
        line: explanation.pv_san.clone(),
        label: P::label(&classification),
        mark: classification.mark().to_owned(),
        classification,
        win_before,
        win_after,
        accuracy: accuracy::move_accuracy(mb, ma),
        depth: before.depth,
        explanation,
        better,
        opening: P::opening_at(game, i + 1),
        judged_by: analysis::BUILTIN_NAME.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &str) -> Game {
        let mut g = Game::new();
        for m in moves.split_whitespace() {
            g.play_text(m).unwrap();
        }
        g
    }

    fn settings() -> Settings {
        Settings {
            limits: SearchLimits::depth(3),
            hash_mb: 4,
            ..Settings::default()
        }
    }

    #[test]
    fn the_built_in_judge_evaluates_with_the_network_when_the_engine_does() {
        // `engine.evaluation = "network"` is the search's evaluation: a review's built-in
        // analyst searches with it too (issue 37's "the review agreement measured again with
        // the network judge"), and the classic terms otherwise.
        let mut config = crate::config::Config::default();
        let classic =
            Settings::from_config(&config, SearchLimits::depth(3), ExplainLevel::default());
        assert!(classic.params.network.is_none());
        config.engine.evaluation = crate::config::Evaluation::Network;
        let network =
            Settings::from_config(&config, SearchLimits::depth(3), ExplainLevel::default());
        assert!(network.params.network.is_some());
    }

    #[test]
    fn scholars_mate_defence_blunder_is_found() {
        // 3... Nf6?? allows Qxf7#.
        let g = game("e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
        let mut plies = Vec::new();
        let mut progress = Vec::new();
        let finished = review_game(&g, &settings(), &AtomicBool::new(false), &mut |e| match e {
            ReviewEvent::Ply(p) => plies.push(*p),
            ReviewEvent::Progress(p) => progress.push(p.done),
            ReviewEvent::Finished | ReviewEvent::Refining(_) | ReviewEvent::Refined(_) => {}
            ReviewEvent::Notice(n) => panic!("the built-in engine gives no notice: {n}"),
        });
        assert!(finished);
        assert_eq!(plies.len(), 7);
        assert_eq!(progress, (1..=7).collect::<Vec<_>>());
        let nf6 = &plies[5];
        assert_eq!(nf6.san, "Nf6");
        assert_eq!(nf6.classification.quality, Quality::Blunder);
        assert!(nf6.classification.allowed_mate);
        assert_eq!(nf6.score, Score::Mate(1));
        assert_eq!(nf6.score_text, "#1");
        assert!(nf6.better.is_some());
        assert_eq!(nf6.move_number, 3);
        let mate = &plies[6];
        assert_eq!(mate.classification.quality, Quality::Best);
        assert_eq!(mate.san, "Qxf7#");
        let s = Summary::of(&plies);
        assert_eq!(s.black.blunders, 1);
        let mut state = ReviewState::new(7);
        for p in plies.iter().rev() {
            state.apply(ReviewEvent::Ply(Box::new(p.clone())));
        }
        assert_eq!(state.next_error(None, Some(Color::Black)), Some(5));
        assert_eq!(state.next_error(Some(5), None), None);
        assert_eq!(state.previous_error(6, None), Some(5));
        assert_eq!(state.summary(), s);
        assert_eq!(state.graph_values()[6], Some(1.0));
        assert!(s.white.accuracy.unwrap() > s.black.accuracy.unwrap());
    }

    #[test]
    fn book_moves_are_labelled_book_with_the_line_first_and_never_errors() {
        let g = game("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 Kf1");
        let mut plies = Vec::new();
        review_game(&g, &settings(), &AtomicBool::new(false), &mut |e| {
            if let ReviewEvent::Ply(p) = e {
                plies.push(*p);
            }
        });
        assert_eq!(plies.len(), 9);
        for p in &plies[..8] {
            let json = serde_json::to_value(p).unwrap();
            assert_eq!(json["classification"]["quality"], "book", "{}", p.san);
            assert_eq!(json["label"], "book");
            assert!(!p.classification.is_error() && p.better.is_none());
            assert!(p.explanation.best.is_none(), "no better move for theory");
            let opening = p.explanation.opening.expect("a book move names its line");
            assert!(
                p.explanation.text.starts_with(opening.name),
                "{}: {}",
                p.san,
                p.explanation.text
            );
        }
        assert!(
            plies[6]
                .explanation
                .text
                .starts_with("Ruy Lopez: Morphy Defense — ")
        );
        assert_eq!(plies[5].opening.map(|o| o.eco), Some("C70"));
        assert_eq!(
            serde_json::to_value(&plies[5]).unwrap()["opening"]["name"],
            "Ruy Lopez: Morphy Defense"
        );
        // 5.Kf1 leaves the book: judged like any move, and the game keeps its name.
        let kf1 = &plies[8];
        assert_ne!(kf1.classification.quality, Quality::Book);
        assert!(kf1.explanation.opening.is_none());
        assert_eq!(kf1.opening, plies[7].opening);
    }

    /// Issue 21's quoted cases: 3.Bb5 and 4.Ba4 (Ruy Lopez), 1...c5, 4.Ng5 (Two Knights).
    #[test]
    fn quoted_theory_is_never_an_error_and_gets_no_better_move() {
        for (moves, ply) in [
            ("e4 e5 Nf3 Nc6 Bb5", 4),
            ("e4 e5 Nf3 Nc6 Bb5 a6 Ba4", 6),
            ("e4 c5", 1),
            ("e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5", 6),
        ] {
            let g = game(moves);
            let mut plies = Vec::new();
            review_game(&g, &settings(), &AtomicBool::new(false), &mut |e| {
                if let ReviewEvent::Ply(p) = e {
                    plies.push(*p);
                }
            });
            let p = &plies[ply];
            assert!(
                !p.classification.is_error(),
                "{moves}: {:?}",
                p.classification
            );
            assert!(
                p.better.is_none() && p.explanation.best.is_none(),
                "{moves}"
            );
            for bad in ["Better was", "stronger", "inaccuracy"] {
                assert!(
                    !p.explanation.text.contains(bad),
                    "{moves}: {}",
                    p.explanation.text
                );
            }
        }
    }

    /// Issue 34: `1. f3 e5 2. g4 Qh4#` labelled 2.g4 `book` (the Fool's Mate line is named)
    /// and reported no blunder.
    #[test]
    fn a_blunder_on_a_named_line_is_a_blunder_not_book() {
        let g = game("f3 e5 g4 Qh4#");
        let mut plies = Vec::new();
        review_game(&g, &settings(), &AtomicBool::new(false), &mut |e| {
            if let ReviewEvent::Ply(p) = e {
                plies.push(*p);
            }
        });
        let g4 = &plies[2];
        assert_eq!(g4.classification.quality, Quality::Blunder, "{g4:?}");
        assert!(g4.classification.allowed_mate, "{g4:?}");
        assert!(g4.explanation.opening.is_none());
        assert!(
            plies
                .iter()
                .all(|p| p.classification.quality != Quality::Book)
        );
    }

    /// Every event of a review as text (plies as their JSON), in the order reported.
    fn events(g: &Game, settings: &Settings) -> Vec<String> {
        let mut out = Vec::new();
        let finished = review_game(g, settings, &AtomicBool::new(false), &mut |e| {
            out.push(match e {
                ReviewEvent::Ply(p) => serde_json::to_string(&*p).unwrap(),
                ReviewEvent::Progress(p) => format!("progress {}/{}", p.done, p.total),
                ReviewEvent::Finished => "finished".to_owned(),
                ReviewEvent::Notice(n) => format!("notice {n}"),
                ReviewEvent::Refining(d) => format!("refining {d}"),
                ReviewEvent::Refined(d) => format!("refined {d}"),
            });
        });
        assert!(finished);
        out
    }

    #[test]
    fn workers_give_the_plies_of_one_worker_in_the_same_order() {
        // A game with a blunder (verified), a capture and mate, at a fixed depth.
        let g = game("e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
        let one = events(
            &g,
            &Settings {
                threads: 1,
                ..settings()
            },
        );
        assert_eq!(one.len(), 7 * 2 + 1);
        for threads in [2, 3, 8] {
            let many = events(
                &g,
                &Settings {
                    threads,
                    ..settings()
                },
            );
            assert_eq!(many, one, "{threads} workers");
        }
        assert_eq!(one.last().map(String::as_str), Some("finished"));
        assert_eq!(one[1], "progress 1/7");
    }

    #[test]
    fn a_game_without_moves_finishes_at_once() {
        let g = Game::new();
        for threads in [1, 2] {
            assert_eq!(
                events(
                    &g,
                    &Settings {
                        threads,
                        ..settings()
                    }
                ),
                ["finished"]
            );
        }
    }

    #[test]
    fn the_automatic_worker_count_is_capped_and_an_external_analyst_has_one() {
        let auto = Settings::default();
        assert!((1..=MAX_AUTO_THREADS).contains(&auto.workers()));
        assert_eq!(
            Settings {
                threads: 3,
                ..Settings::default()
            }
            .workers(),
            3
        );
        let external = Settings {
            threads: 3,
            analyst: analysis::AnalystSpec::new("stockfish", Vec::new()),
            ..Settings::default()
        };
        assert_eq!(external.workers(), 1);
    }

    #[test]
    fn a_stopped_review_with_workers_reports_nothing_more() {
        let g = game("e4 e5 Nf3 Nc6");
        let stop = AtomicBool::new(true);
        let mut n = 0;
        let settings = Settings {
            threads: 2,
            ..settings()
        };
        assert!(!review_game(&g, &settings, &stop, &mut |_| n += 1));
        assert_eq!(n, 0);
    }

    #[test]
    fn a_stopped_review_reports_nothing_more() {
        let g = game("e4 e5 Nf3 Nc6");
        let stop = AtomicBool::new(true);
        let mut n = 0;
        let finished = review_game(&g, &settings(), &stop, &mut |_| n += 1);
        assert!(!finished);
        assert_eq!(n, 0);
    }
}
