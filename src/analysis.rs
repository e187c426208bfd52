//! Analysis: the one place that turns a position, a move (or none) and search settings into an
//! [`Explanation`], by running the engine core and feeding what it found to the explanation
//! layer.
//!
//! The flow for one move:
//! 1. search the position before the move with exact root scores
//!    ([`SearchLimits::exact_root_scores`]), so that the played move's score and the
//!    second-best score are known from the same search as the best move's;
//! 2. when the played move is not the engine's best, search the position after it for the line
//!    that follows (and for its score when the first search has no exact score for it);
//! 3. convert the search's facts ([`convert`]) and the evaluation breakdowns before and after
//!    into an [`ExplainInput`] and call [`explain`].
//!
//! [`analyse`] is synchronous and pure apart from the search; [`background`] runs it on a
//! thread with a cancel flag; [`uci_lines`] produces the UCI `info string` lines from a
//! finished search. The review ([`crate::review`]) calls [`search_position`] once per position
//! of a game and [`assemble`] for each ply, so that the search of the position after a move
//! doubles as the line after it.
//!
//! Why one file of about 950 lines before its tests: it is the judgement of one move
//! (search, verification 2 plies deeper, confirmation on a cleared table, the verdict's
//! merge), whose steps share private limits and flags that are read together; its
//! sub-concerns already live beside it (`background`, `command`, `convert`, `external`,
//! `judge`, `uci`). Next split when it grows: [`Analyst`] (the engine choice and fallback)
//! into `analysis/analyst.rs`.

use std::sync::atomic::{AtomicBool, Ordering};

use shakmaty::{Chess, Color, Move};

use crate::config::{ExplainLevel, Language};
use crate::engine::rules::SearchRules;
use crate::engine::{
    Bound, EvalParams, RootMove, SearchLimits, SearchMemory, SearchResult, search,
};
use crate::explain::quality::{self, Score};
use crate::explain::{ExplainInput, Explanation, explain};
use crate::variant::VariantPosition;

pub mod background;
pub mod command;
pub mod convert;
pub mod external;
pub mod judge;
mod uci;

pub use background::{Job, spawn};
pub use external::{AnalystError, AnalystSpec};
pub use uci::{uci_lines, uci_lines_for};

/// What the analysis needs from a game beyond the search's rules: its evaluation, how a
/// position is searched (chess through the position database and, when configured, an
/// external UCI analyst), its opening book and its explanation. Implemented by chess and Pawn
/// Battle; every function of this module is generic over it, so both games get the same
/// searches and the same judgement ([`judged_search`]).
pub trait Analysed: SearchRules {
    /// Whether an external UCI engine can analyse this game (chess only).
    const EXTERNAL_ANALYST: bool;

    /// Searches `before` with `limits` (exact root scores already on), through the position
    /// database when the game has one (see [`search_position`]).
    fn search_stored(
        before: &Self,
        history: &[u64],
        limits: &SearchLimits,
        eval: &Self::Eval,
        memory: &mut SearchMemory,
        stop: &AtomicBool,
    ) -> SearchResult;

    /// The search of `before` by an external engine (its best line), `setup` the `position`
    /// argument that reaches it with the game's moves (see [`external::UciAnalyst::search`]);
    /// `None` when the game cannot be analysed by one.
    fn search_external(
        engine: &mut external::UciAnalyst,
        before: &Self,
        setup: Option<&str>,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> Option<Result<SearchResult, AnalystError>>;

    /// The evaluation terms before and after `mv` (name, before, after; mover's view).
    fn eval_terms(&self, mv: Move, eval: &Self::Eval) -> Vec<(String, i32, i32)>;

    /// The explanation of `input.mv`, every sentence resting on claims checked on the board.
    fn explain(input: &ExplainInput<Self>) -> Explanation;
}

impl Analysed for Chess {
    const EXTERNAL_ANALYST: bool = true;

    fn search_stored(
        before: &Chess,
        history: &[u64],
        limits: &SearchLimits,
        params: &EvalParams,
        memory: &mut SearchMemory,
        stop: &AtomicBool,
    ) -> SearchResult {
        search_through_database(before, history, limits, params, memory, stop)
    }

    fn search_external(
        engine: &mut external::UciAnalyst,
        before: &Chess,
        setup: Option<&str>,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> Option<Result<SearchResult, AnalystError>> {
        Some(engine.search(before, setup, limits, stop))
    }

    fn eval_terms(&self, mv: Move, params: &EvalParams) -> Vec<(String, i32, i32)> {
        convert::eval_terms(self, mv, params)
    }

    fn explain(input: &ExplainInput) -> Explanation {
        explain(input)
    }
}

/// A search of `before` through the position database ([`crate::posdb`], when one is
/// installed): a stored search that went at least as far is returned at once; a new one is
/// stored (its game in the variant column, its evaluation in the version).
pub(crate) fn search_through_database<P: Analysed>(
    before: &P,
    history: &[u64],
    limits: &SearchLimits,
    eval: &P::Eval,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> SearchResult {
    let store = memory.store().cloned();
    if let Some(known) = store.as_ref().and_then(|s| s.recall(before, limits, eval)) {
        return known;
    }
    let result = search(before, history, limits, eval, memory, stop, &mut |_| {});
    if let Some(s) = store {
        s.remember(before, limits, eval, &result, stop.load(Ordering::Relaxed));
    }
    result
}

/// What to analyse and how.
#[derive(Debug, Clone, PartialEq)]
pub struct Request<P: Analysed = Chess> {
    /// The position before the move.
    pub before: P,
    /// Zobrist keys ([`crate::engine::zobrist`]) of the game's positions before `before`,
    /// oldest first (`before` itself excluded), for repetition detection.
    pub history: Vec<u64>,
    /// The move to explain; `None` explains the engine's own choice.
    pub played: Option<Move>,
    /// The opponent's move that led to `before`, when known.
    pub previous: Option<Move>,
    /// The game's moves after `played`, when it is the game's move and the game went on (a
    /// review): what the players did next, for the explanation's "what the move prepares".
    pub continuation: Vec<Move>,
    /// The ply of the move in the game (0 = White's first move).
    pub ply: usize,
    /// Search limits (exact root scores are always turned on).
    pub limits: SearchLimits,
    /// Evaluation parameters of the engine.
    pub params: P::Eval,
    /// The reader's colour, the "you" of the text (scores are also given from its side); `None`
    /// when the reader plays neither side (a review of someone else's game): scores are then
    /// from White's side and nobody is "you".
    pub human: Option<Color>,
    /// How much to say.
    pub level: ExplainLevel,
    /// In which language.
    pub language: Language,
    /// Who judges when the analysis runs on its own thread ([`spawn`]): the built-in engine by
    /// default, play mode's the configured analyst (`[analysis] engine`). [`analyse`] always
    /// judges with the built-in engine, [`analyse_with`] with the analyst it is given.
    pub analyst: AnalystSpec,
    /// Whether an external analyst, whose one line scores only its best move, also searches
    /// the other moves when the played move is that best move ([`Analyst::add_second_best`]),
    /// so that an only move can be told (the built-in engine's exact root scores give the
    /// second best already). On by default; a review's first pass leaves it to the refinement
    /// (it costs about one more search of every best-move position).
    pub second_best: bool,
}

impl<P: Analysed> Request<P> {
    /// A request with the defaults: no history, the engine's own choice, ply 0, White as the
    /// human (no "you"), medium level, English, the built-in engine as the judge.
    #[must_use]
    pub fn new(before: P, limits: SearchLimits, params: P::Eval) -> Request<P> {
        Request {
            before,
            history: Vec::new(),
            played: None,
            previous: None,
            continuation: Vec::new(),
            ply: 0,
            limits,
            params,
            human: None,
            level: ExplainLevel::default(),
            language: Language::default(),
            analyst: AnalystSpec::default(),
            second_best: true,
        }
    }
}

/// The outcome of an analysis.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The search of the position before the move.
    pub search: SearchResult,
    /// The move explained (the played one, or the engine's best); `None` when the side to move
    /// has no legal move.
    pub mv: Option<Move>,
    /// Score of the best move, mover's view.
    pub best_score: Option<Score>,
    /// Score of the explained move, mover's view.
    pub played_score: Option<Score>,
    /// Score of the second-best move, mover's view (exact root scores only).
    pub second_score: Option<Score>,
    /// The explanation of the move; `None` without a legal move.
    pub explanation: Option<Explanation>,
    /// The engine whose searches judged the move (its `id name`, [`BUILTIN_NAME`] for the
    /// built-in engine).
    pub judged_by: String,
}

/// Searches `before` as the analysis does: `limits` with exact root scores, `history` as in
/// [`Request::history`]. A position the endgame tables hold ([`crate::tablebase`]) is judged
/// by them alone, exactly. For chess, a search in the position database ([`crate::posdb`]) that
/// went at least as far is used instead, and a new search is written there.
pub fn search_position<P: Analysed>(
    before: &P,
    history: &[u64],
    limits: &SearchLimits,
    params: &P::Eval,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> SearchResult {
    if let Some(exact) = before.tablebase_result(&limits.searchmoves) {
        return exact;
    }
    let limits = SearchLimits {
        exact_root_scores: true,
        ..limits.clone()
    };
    P::search_stored(before, history, &limits, params, memory, stop)
}

/// The position after `mv` when it is legal in `pos`.
fn play<P: VariantPosition>(pos: &P, mv: Move) -> Option<P> {
    VariantPosition::is_legal(pos, mv).then(|| {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        after
    })
}

/// Searches the position after `mv` (legal in `req.before`); `None` when it is illegal.
pub fn search_after<P: Analysed>(
    req: &Request<P>,
    mv: Move,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> Option<SearchResult> {
    let after = play(&req.before, mv)?;
    let mut history = req.history.clone();
    history.push(req.before.key());
    Some(search_position(
        &after,
        &history,
        &req.limits,
        &req.params,
        memory,
        stop,
    ))
}

/// The engine that analyses: the built-in one (searches through the position database), or
/// an external UCI engine ([`external`]) that falls back to the built-in one, with a notice,
/// the first time it fails.
#[derive(Debug, Default)]
pub struct Analyst {
    external: Option<external::UciAnalyst>,
    /// The external engine's second process, for verification searches (started when the
    /// first is needed), and the spec it is started from.
    verifier: Option<external::UciAnalyst>,
    spec: Option<AnalystSpec>,
    /// The external engine's own limits per position ([`AnalystSpec::budget`]).
    budget: Option<SearchLimits>,
    notices: Vec<String>,
    /// The game whose positions are searched ([`Analyst::new_game`]), when known.
    game: Option<GameLine>,
    /// The external engine's searches of positions after a played move, kept for when that
    /// position is asked for next (at most [`KEPT`]).
    kept: Vec<Kept>,
}

/// Which process of an external engine searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Process {
    /// The first: every position of the game once, in order.
    First,
    /// The second: verification searches.
    Verifier,
}

/// How many searches of positions after a move an [`Analyst`] keeps.
const KEPT: usize = 2;

/// An external engine's search of the position after a played move (its key and history, the
/// limits), kept so that the position is not searched again when it is asked for next: the
/// review's next position, `explain`'s line after the move.
#[derive(Debug)]
struct Kept {
    key: u64,
    history: Vec<u64>,
    limits: SearchLimits,
    result: SearchResult,
}

/// A game whose positions an external analyst searches: each is sent with the moves that
/// reach it (`position fen START moves …`), as the referee sends them, so the engine knows the
/// game's earlier positions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameLine {
    /// The FEN of the start position.
    pub start: String,
    /// The moves, UCI.
    pub moves: Vec<String>,
    /// The Zobrist keys of the positions, the start first (one more than the moves).
    pub keys: Vec<u64>,
}

impl GameLine {
    /// The line of `game` up to its cursor.
    #[must_use]
    pub fn of<P: VariantPosition>(game: &crate::game::Game<P>) -> GameLine {
        GameLine {
            start: game.start_position().fen(),
            moves: game.moves().iter().map(|m| m.uci().to_string()).collect(),
            keys: game.history_keys().to_vec(),
        }
    }

    /// The `position` argument of the game's position `key` reached after the positions
    /// `history`; `None` when the game does not reach it that way.
    fn setup(&self, key: u64, history: &[u64]) -> Option<String> {
        let i = history.len();
        if self.keys.get(..i)? != history || self.keys.get(i) != Some(&key) {
            return None;
        }
        let moves = self.moves.get(..i)?;
        let mut setup = format!("fen {}", self.start);
        if !moves.is_empty() {
            setup.push_str(" moves ");
            setup.push_str(&moves.join(" "));
        }
        Some(setup)
    }
}

/// `setup` (a `position` argument) followed by one more move.
fn setup_then(setup: &str, mv: &str) -> String {
    if setup.contains(" moves ") {
        format!("{setup} {mv}")
    } else {
        format!("{setup} moves {mv}")
    }
}

/// The name the built-in engine judges under.
pub const BUILTIN_NAME: &str = "kibitzer";

impl Analyst {
    /// The built-in engine.
    #[must_use]
    pub fn builtin() -> Analyst {
        Analyst::default()
    }

    /// The analyst of `spec`; when the external engine cannot be started the built-in one,
    /// with the reason as a notice ([`Analyst::take_notices`]).
    #[must_use]
    pub fn start(spec: &AnalystSpec) -> Analyst {
        if spec.is_builtin() {
            return Analyst::builtin();
        }
        match external::UciAnalyst::start(spec) {
            Ok(e) => Analyst {
                external: Some(e),
                spec: Some(spec.clone()),
                budget: spec.budget.clone(),
                ..Analyst::default()
            },
            Err(e) => Analyst {
                notices: vec![fallback_notice(&e)],
                ..Analyst::default()
            },
        }
    }

    /// The name of the engine that judges now (`kibitzer`, or the external engine's name).
    #[must_use]
    pub fn name(&self) -> String {
        self.external
            .as_ref()
            .map_or_else(|| BUILTIN_NAME.to_owned(), |e| e.name().to_owned())
    }

    /// Whether the built-in engine judges now (no external engine, or it failed).
    #[must_use]
    pub fn is_builtin(&self) -> bool {
        self.external.is_none()
    }

    /// The CPU time the external engine's processes (the first and the verifier) have used so
    /// far ([`crate::cpu::process`]); zero for the built-in engine, which searches on the
    /// caller's thread.
    #[must_use]
    pub fn engine_cpu(&self) -> std::time::Duration {
        [self.external.as_ref(), self.verifier.as_ref()]
            .into_iter()
            .flatten()
            .filter_map(|e| crate::cpu::process(e.pid()))
            .sum()
    }

    /// The notices since the last call (an external engine's failure and the fall-back).
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// Tells an external engine that a new game starts: `game`, when given, is the game whose
    /// positions come next (sent with the moves that reach them).
    pub fn new_game(&mut self, game: Option<GameLine>) {
        self.game = game;
        self.kept.clear();
        let started = self.external.iter_mut().chain(self.verifier.as_mut());
        if let Some(Err(e)) = started
            .map(external::UciAnalyst::new_game)
            .find(Result::is_err)
        {
            self.fail(&e);
        }
    }

    fn fail(&mut self, e: &AnalystError) {
        self.notices.push(fallback_notice(e));
        self.external = None;
        self.verifier = None;
    }

    /// The analyst of `spec` for games of `P`: [`Analyst::start`] when an external engine
    /// can analyse `P`; otherwise the built-in engine, with a notice when `spec` names an
    /// external one (it does not play this game), silently when the engine was chosen
    /// automatically ([`AnalystSpec::auto`]).
    #[must_use]
    pub fn start_for<P: Analysed>(spec: &AnalystSpec) -> Analyst {
        if P::EXTERNAL_ANALYST || spec.is_builtin() {
            return Analyst::start(spec);
        }
        if spec.auto {
            // Nobody asked for this engine: the built-in one judges this game, silently.
            return Analyst::builtin();
        }
        Analyst {
            notices: vec![format!(
                "the external analysis engine ({}) does not play {}; the built-in engine \
                 analyses instead",
                crate::echo::echo(&spec.command),
                crate::pgn::variant_name(P::VARIANT)
            )],
            ..Analyst::default()
        }
    }

    /// Searches `before` as [`search_position`] does (an external engine with its own
    /// [`AnalystSpec::budget`] when it has one). An external engine searches as the
    /// referee does (`scripts/review_agreement.py`, a Lichess-style analysis): its best line,
    /// and `must_score`'s exact score, when it is not the best move, from its search of the
    /// position after it (kept, so that position is not searched again when it is asked for
    /// next: each position of a reviewed game is searched once, in the order of the game). On
    /// an external engine's error, the built-in engine searches, now and from then on. A game
    /// no external engine plays ([`Analysed::EXTERNAL_ANALYST`]) is always searched by the
    /// built-in engine.
    #[allow(clippy::too_many_arguments)]
    pub fn search<P: Analysed>(
        &mut self,
        before: &P,
        history: &[u64],
        limits: &SearchLimits,
        params: &P::Eval,
        must_score: Option<Move>,
        memory: &mut SearchMemory,
        stop: &AtomicBool,
    ) -> SearchResult {
        let budget = self.budget.clone().unwrap_or_else(|| limits.clone());
        let searched = (before, history, params, must_score);
        self.search_by(Process::First, searched, limits, &budget, memory, stop)
    }

    /// The verification search of `req.played`'s judgement ([`verification_limits`] of
    /// `req.limits`, or of an external engine's own budget): an external engine verifies in a
    /// second process, so that its first process's hash table holds what the referee's would
    /// (each position of the game searched once, in order, and nothing else).
    pub fn search_to_verify<P: Analysed>(
        &mut self,
        req: &Request<P>,
        memory: &mut SearchMemory,
        stop: &AtomicBool,
    ) -> SearchResult {
        let limits = verification_limits(&req.limits);
        let budget = self
            .budget
            .as_ref()
            .map_or_else(|| limits.clone(), verification_limits);
        let searched = (&req.before, req.history.as_slice(), &req.params, req.played);
        self.search_by(Process::Verifier, searched, &limits, &budget, memory, stop)
    }

    /// Adds the second-best move to `judged`, an external engine's search of `req.before` whose
    /// best move is `req.played` (at the review's limits, or `verified` at the verification's):
    /// a search with the same limits of every other move (`searchmoves`), in the verifier's
    /// process, whose best move and score become `judged`'s second root move, so that the
    /// judgement can tell an only move. Nothing when `judged` has a second exact score already,
    /// when the move is the only legal one, or when the search is cut short. The position
    /// database keeps `judged` with its second move (a search restricted to some moves is
    /// never kept on its own), so that a review opened again does not search it again.
    pub fn add_second_best<P: Analysed>(
        &mut self,
        req: &Request<P>,
        judged: &mut SearchResult,
        verified: bool,
        memory: &mut SearchMemory,
        stop: &AtomicBool,
    ) {
        let Some(best) = judged.best_move else {
            return;
        };
        if convert::second_score(judged).is_some() {
            return;
        }
        let others: Vec<Move> = req
            .before
            .legal_moves()
            .into_iter()
            .filter(|&m| m != best)
            .collect();
        if others.is_empty() {
            return;
        }
        let limits_of = |l: &SearchLimits| {
            let l = if verified {
                verification_limits(l)
            } else {
                l.clone()
            };
            SearchLimits {
                searchmoves: others.clone(),
                ..l
            }
        };
        let limits = limits_of(&req.limits);
        let budget = self
            .budget
            .as_ref()
            .map_or_else(|| limits.clone(), limits_of);
        let stored_limits = SearchLimits {
            searchmoves: Vec::new(),
            ..budget.clone()
        };
        let searched = (&req.before, req.history.as_slice(), &req.params, None);
        let second = self.search_by(Process::Verifier, searched, &limits, &budget, memory, stop);
        let Some(mv) = second.best_move.filter(|m| others.contains(m)) else {
            return;
        };
        if second.stopped {
            return;
        }
        judged.root_moves.retain(|r| r.mv != mv);
        judged.root_moves.push(RootMove {
            mv,
            score: second.score,
            bound: Bound::Exact,
            depth: second.depth.max(1),
        });
        judged.nodes += second.nodes;
        judged.time += second.time;
        if let (Some(store), Some(e)) = (memory.store(), self.external.as_ref()) {
            store.remember_external(&req.before, e.identity(), &stored_limits, judged);
        }
    }

    /// The search of `searched` (the position, its history, the evaluation, the move to
    /// score) by the external engine's `process` with `budget`, or by the built-in engine
    /// with `limits` (without an external engine, or after its failure).
    fn search_by<P: Analysed>(
        &mut self,
        process: Process,
        searched: (&P, &[u64], &P::Eval, Option<Move>),
        limits: &SearchLimits,
        budget: &SearchLimits,
        memory: &mut SearchMemory,
        stop: &AtomicBool,
    ) -> SearchResult {
        let (before, history, params, must_score) = searched;
        // The endgame tables judge every position they hold, whoever the analyst is.
        if let Some(exact) = before.tablebase_result(&limits.searchmoves) {
            return exact;
        }
        let store = memory.store().cloned();
        let searched = (before, history, must_score);
        match self.search_external(process, searched, budget, store, stop) {
            Some(Ok(r)) => return r,
            Some(Err(err)) => self.fail(&err),
            None => {}
        }
        search_position(before, history, limits, params, memory, stop)
    }

    /// The external engine's process for `process` (the verifier started when first needed);
    /// `None` without an external engine.
    fn process(
        &mut self,
        process: Process,
    ) -> Option<Result<&mut external::UciAnalyst, AnalystError>> {
        self.external.as_ref()?;
        if process == Process::First {
            return self.external.as_mut().map(Ok);
        }
        if self.verifier.is_none() {
            let spec = self.spec.as_ref()?;
            match external::UciAnalyst::start(spec).and_then(|mut v| v.new_game().map(|()| v)) {
                Ok(v) => self.verifier = Some(v),
                Err(e) => return Some(Err(e)),
            }
        }
        self.verifier.as_mut().map(Ok)
    }

    /// [`Analyst::search`] by the external engine (the position, its history, the move to
    /// score; `store` keeps its analyses); `None` without one (or for a game it does not play).
    fn search_external<P: Analysed>(
        &mut self,
        process: Process,
        (before, history, must_score): (&P, &[u64], Option<Move>),
        limits: &SearchLimits,
        store: Option<std::sync::Arc<crate::posdb::Store>>,
        stop: &AtomicBool,
    ) -> Option<Result<SearchResult, AnalystError>> {
        if !P::EXTERNAL_ANALYST {
            return None;
        }
        let key = before.key();
        let kept = self
            .kept
            .iter()
            .position(|k| k.key == key && k.history == history && k.limits == *limits)
            .map(|i| self.kept.remove(i).result);
        let setup = self.game.as_ref().and_then(|g| g.setup(key, history));
        let engine = match self.process(process)? {
            Ok(e) => e,
            Err(e) => return Some(Err(e)),
        };
        // The position database keeps this engine's analyses apart from the built-in ones.
        let identity = engine.identity().to_owned();
        let recall = |pos: &P| {
            store
                .as_ref()
                .and_then(|s| s.recall_external(pos, &identity, limits))
        };
        let remember = |pos: &P, r: &SearchResult| {
            if let Some(s) = &store {
                s.remember_external(pos, &identity, limits, r);
            }
        };
        let (mut result, fresh) = match kept
            .map(|r| (r, false))
            .or_else(|| recall(before).map(|r| (r, false)))
        {
            Some(known) => known,
            None => match P::search_external(engine, before, setup.as_deref(), limits, stop)? {
                Ok(r) => (r, true),
                Err(e) => return Some(Err(e)),
            },
        };
        let unscored = must_score.filter(|m| {
            result.best_move != Some(*m) && convert::exact_root_score(&result, *m).is_none()
        });
        let Some((mv, after)) = unscored.and_then(|m| play(before, m).map(|a| (m, a))) else {
            if fresh {
                remember(before, &result);
            }
            return Some(Ok(result));
        };
        let uci = mv.to_uci(shakmaty::CastlingMode::Standard).to_string();
        let setup_after = setup_then(
            &setup.unwrap_or_else(|| format!("fen {}", before.fen())),
            &uci,
        );
        let searched = match recall(&after) {
            Some(known) => known,
            None => match P::search_external(engine, &after, Some(&setup_after), limits, stop)? {
                Ok(r) => {
                    remember(&after, &r);
                    r
                }
                Err(e) => return Some(Err(e)),
            },
        };
        if !searched.stopped {
            result.root_moves.push(RootMove {
                mv,
                score: convert::engine_score_before_move(searched.score),
                bound: Bound::Exact,
                depth: searched.depth.max(1),
            });
            let mut history = history.to_vec();
            history.push(key);
            if self.kept.len() >= KEPT {
                self.kept.remove(0);
            }
            self.kept.push(Kept {
                key: after.key(),
                history,
                limits: limits.clone(),
                result: searched,
            });
        }
        if fresh {
            remember(before, &result);
        }
        Some(Ok(result))
    }
}

fn fallback_notice(e: &AnalystError) -> String {
    format!("{e}; the built-in engine analyses instead")
}

/// How many times the per-position budget (move time, nodes) a verification search gets.
pub const VERIFY_FACTOR: u32 = 3;

/// How many plies deeper than the per-position depth a depth-limited verification searches.
pub const VERIFY_EXTRA_DEPTH: u32 = 2;

/// The drop in winning chances (mover's view) from which a first judgement is verified: half
/// the inaccuracy threshold, so every move the first search would flag is confirmed or
/// downgraded, and a move it finds a little worse than the best gets the deeper look that may
/// show the tactic the first search missed (severe errors the first search scores as small
/// drops; measured in docs/BENCHMARKS.md, "Confirmation of flagged moves").
pub const SUSPECT_DROP: f64 = 0.05;

/// The limits of a verification search: [`VERIFY_FACTOR`] times the move time and nodes,
/// [`VERIFY_EXTRA_DEPTH`] more plies.
#[must_use]
pub fn verification_limits(limits: &SearchLimits) -> SearchLimits {
    SearchLimits {
        depth: limits.depth.map(|d| d + VERIFY_EXTRA_DEPTH),
        nodes: limits
            .nodes
            .map(|n| n.saturating_mul(u64::from(VERIFY_FACTOR))),
        movetime: limits.movetime.map(|t| t * VERIFY_FACTOR),
        ..limits.clone()
    }
}

/// The limits of the confirmation of a move the verification still flags (built-in analyst
/// only): the root restricted to `moves` (the verification's best move and the move played),
/// so that only these two are compared; [`VERIFY_EXTRA_DEPTH`] plies deeper than the
/// verification, in the verification's time and nodes (two moves go much deeper than all of
/// them in the same budget). A depth-limited confirmation costs a few searches of the review's
/// own depth per flagged move; a timed one (play mode) no more than the verification.
#[must_use]
pub fn confirmation_limits(limits: &SearchLimits, moves: [Move; 2]) -> SearchLimits {
    let verification = verification_limits(limits);
    SearchLimits {
        searchmoves: moves.to_vec(),
        exact_root_scores: true,
        depth: verification.depth.map(|d| d + VERIFY_EXTRA_DEPTH),
        ..verification
    }
}

/// Whether `search` judges `played` an inaccuracy or worse.
fn flags(search: &SearchResult, played: Move) -> bool {
    let (Some(best), Some(played_score)) = (
        search.best_move,
        convert::played_score(search, played, None),
    ) else {
        return false;
    };
    quality::judge(
        best == played,
        convert::score(search.score),
        played_score,
        convert::second_score(search),
    )
    .quality
        >= quality::Quality::Inaccuracy
}

/// Whether the first search's judgement of `played` needs a verification: the move looks like
/// an error (a drop of at least [`SUSPECT_DROP`]), looks like an only move, or has no exact
/// score in the search.
pub(crate) fn needs_verifying(first: &SearchResult, played: Move) -> bool {
    let Some(best) = first.best_move else {
        return false;
    };
    let Some(played_score) = convert::played_score(first, played, None) else {
        return true;
    };
    let judgement = quality::judge(
        best == played,
        convert::score(first.score),
        played_score,
        convert::second_score(first),
    );
    judgement.only_move || judgement.drop >= SUSPECT_DROP
}

/// The one judgement of a played move, shared by the review and play mode's verdict on the
/// human's moves: returns the search of `req.before` that the verdict on `req.played` rests on.
/// That is `first` (the search at `req.limits`) when there is no played move, or when `first`
/// finds it neither suspect nor an only move (a book move included: the judge may refute
/// theory, see `Judgement::refutes_theory`); otherwise a verification search with [`verification_limits`] and exact root scores,
/// so the played move, the best move and the second best are compared inside one deeper
/// search: an error it does not confirm is downgraded, and its best move is the one shown as
/// better. With the built-in analyst, a move the verification still flags is confirmed once
/// more ([`confirmation_limits`]: its best move and the played move alone, deeper), and the
/// verdict and the better move rest on that comparison ([`merge_confirmation`]). The
/// verification goes through the position database like every analysis search (a second
/// review reuses it; the confirmation, restricted to two moves, is not stored). A verification
/// cut short by `stop` without the played move's exact score leaves `first`. Last, when the
/// move explained (the played one, or the engine's choice when none is played) is the best
/// and an external analyst judges, its second best is searched ([`Analyst::add_second_best`],
/// when [`Request::second_best`] asks for it), so that an only move can be told.
pub fn judged_search<P: Analysed>(
    req: &Request<P>,
    first: SearchResult,
    analyst: &mut Analyst,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> SearchResult {
    let (mut judged, verified) = match req.played {
        Some(p) => verify(req, p, first, analyst, memory, stop),
        None => (first, false),
    };
    let explained_is_best = req.played.is_none_or(|p| judged.best_move == Some(p));
    if req.second_best && explained_is_best && !analyst.is_builtin() {
        analyst.add_second_best(req, &mut judged, verified, memory, stop);
    }
    judged
}

/// The verification of [`judged_search`]: the search the verdict on `played` rests on, and
/// whether it is the verification's (`first` otherwise).
fn verify<P: Analysed>(
    req: &Request<P>,
    played: Move,
    first: SearchResult,
    analyst: &mut Analyst,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> (SearchResult, bool) {
    if !needs_verifying(&first, played) {
        return (first, false);
    }
    let deeper = analyst.search_to_verify(req, memory, stop);
    if deeper.best_move.is_none() || convert::played_score(&deeper, played, None).is_none() {
        return (first, false);
    }
    (confirm(req, played, deeper, analyst, memory, stop), true)
}

/// The last step of the judgement, for the built-in analyst: a move the verification
/// (`deeper`) still flags is confirmed by a search of its best move and the played move alone
/// ([`confirmation_limits`]) on a cleared table (so it gives the same answer whether the
/// searches before it ran or came from the position database); the verdict and the "better
/// was" rest on that comparison ([`merge_confirmation`]). `deeper` when nothing is flagged, for an external analyst (its
/// searches are trusted as they are), or when the confirmation lacks an exact score of either
/// move (cut short by `stop`).
fn confirm<P: Analysed>(
    req: &Request<P>,
    played: Move,
    deeper: SearchResult,
    analyst: &mut Analyst,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> SearchResult {
    let Some(best) = deeper.best_move else {
        return deeper;
    };
    if best == played || !analyst.is_builtin() || !flags(&deeper, played) {
        return deeper;
    }
    // On a cleared table: the searches before it may have come from the position database
    // (a second explain or review of the same game), and the confirmation, which is not
    // stored there, must then give what it gave the first time.
    memory.clear();
    let confirmation = analyst.search(
        &req.before,
        &req.history,
        &confirmation_limits(&req.limits, [best, played]),
        &req.params,
        Some(played),
        memory,
        stop,
    );
    merge_confirmation(deeper, &confirmation, best, played)
}

/// The verification `deeper` with the confirmation's comparison of `best` (its best move) and
/// `played`: the confirmation's best of the two becomes the best move, with its score, line
/// and iterations, and both moves take their exact scores from it; every other move keeps the
/// verification's score (they were not compared again). `deeper` unchanged when the
/// confirmation has no exact score for one of the two moves. Pure.
#[must_use]
pub fn merge_confirmation(
    deeper: SearchResult,
    confirmation: &SearchResult,
    best: Move,
    played: Move,
) -> SearchResult {
    let compared = [best, played];
    let Some(winner) = confirmation.best_move.filter(|m| compared.contains(m)) else {
        return deeper;
    };
    if compared
        .iter()
        .any(|&m| convert::played_score(confirmation, m, None).is_none())
    {
        return deeper;
    }
    let mut root_moves: Vec<_> = confirmation
        .root_moves
        .iter()
        .filter(|r| compared.contains(&r.mv))
        .cloned()
        .chain(
            deeper
                .root_moves
                .into_iter()
                .filter(|r| !compared.contains(&r.mv)),
        )
        .collect();
    // The winner first (the confirmation gives it first already; a stable sort keeps the rest).
    root_moves.sort_by_key(|r| r.mv != winner);
    SearchResult {
        best_move: Some(winner),
        ponder: confirmation.ponder,
        score: confirmation.score,
        pv: confirmation.pv.clone(),
        depth: confirmation.depth,
        seldepth: confirmation.seldepth,
        nodes: deeper.nodes + confirmation.nodes,
        time: deeper.time + confirmation.time,
        nps: confirmation.nps,
        hashfull: confirmation.hashfull,
        iterations: confirmation.iterations.clone(),
        root_moves,
        stopped: confirmation.stopped,
    }
}

/// Analyses `req`: searches (once, or twice when the played move is not the best), verifies
/// the judgement ([`judged_search`]), then explains. Synchronous; `stop` cuts the searches
/// short (their results still count, from the last completed depth).
pub fn analyse<P: Analysed>(
    req: &Request<P>,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> Analysis {
    analyse_with(req, &mut Analyst::builtin(), memory, stop)
}

/// [`analyse`] with the searches made by `analyst` (`kibitzer explain --engine`).
pub fn analyse_with<P: Analysed>(
    req: &Request<P>,
    analyst: &mut Analyst,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> Analysis {
    let first = analyst.search(
        &req.before,
        &req.history,
        &req.limits,
        &req.params,
        req.played,
        memory,
        stop,
    );
    let before = judged_search(req, first, analyst, memory, stop);
    let after = match (req.played, before.best_move) {
        (Some(p), Some(b)) if p != b => play(&req.before, p).map(|after| {
            let mut history = req.history.clone();
            history.push(req.before.key());
            analyst.search(
                &after,
                &history,
                &req.limits,
                &req.params,
                None,
                memory,
                stop,
            )
        }),
        _ => None,
    };
    let analysis = assemble(req, &before, after.as_ref());
    Analysis {
        judged_by: judge_name(analyst.name(), analysis.explanation.as_ref()),
        ..analysis
    }
}

/// The name the endgame tables judge under ("judged by Syzygy tablebases").
pub const TABLEBASE_NAME: &str = "Syzygy tablebases";

/// Who judged the move explained by `explanation`: the endgame tables when they held the
/// position (its [`Explanation::tablebase`] note; they come before any analyst), else
/// `analyst` (the analyst's name).
///
/// ```
/// assert_eq!(kibitzer::analysis::judge_name("Stockfish 15.1".into(), None), "Stockfish 15.1");
/// ```
#[must_use]
pub fn judge_name(analyst: String, explanation: Option<&Explanation>) -> String {
    match explanation.and_then(|e| e.tablebase) {
        Some(_) => TABLEBASE_NAME.to_owned(),
        None => analyst,
    }
}

/// Builds the analysis of `req` from finished searches: `before` of `req.before`, and `after`
/// of the position after the played move when there is one (it gives the line after the move,
/// and its score when `before` has no exact score for it). Pure.
#[must_use]
pub fn assemble<P: Analysed>(
    req: &Request<P>,
    before: &SearchResult,
    after: Option<&SearchResult>,
) -> Analysis {
    let mv = req.played.or(before.best_move);
    let best_score = before.best_move.map(|_| convert::score(before.score));
    let second_score = convert::second_score(before);
    let played_score = mv.and_then(|m| convert::played_score(before, m, after));
    let explanation = mv.map(|m| explain_move(req, before, m, after));
    Analysis {
        search: before.clone(),
        mv,
        best_score,
        played_score,
        second_score,
        explanation,
        judged_by: BUILTIN_NAME.to_owned(),
    }
}

/// Explains `mv` in `req.before` from the search `before` of that position and, for a move
/// that is not the best, the search `after` of the position after it (for its line and score).
/// Pure. The review uses it for the better move too (`mv` = the best move, `after` = `None`).
#[must_use]
pub fn explain_move<P: Analysed>(
    req: &Request<P>,
    before: &SearchResult,
    mv: Move,
    after: Option<&SearchResult>,
) -> Explanation {
    let is_best = before.best_move == Some(mv);
    let pv = if is_best {
        before.pv.iter().skip(1).copied().collect()
    } else {
        after.map(|a| a.pv.clone()).unwrap_or_default()
    };
    let input = ExplainInput {
        before: req.before.clone(),
        mv,
        previous: req.previous,
        continuation: if req.played == Some(mv) {
            req.continuation.clone()
        } else {
            Vec::new()
        },
        pv,
        best: before.best_move,
        best_pv: before.pv.iter().skip(1).copied().collect(),
        score_before: before.best_move.map(|_| convert::score(before.score)),
        score_after: convert::played_score(before, mv, after),
        best_score: before.best_move.map(|_| convert::score(before.score)),
        second_score: convert::second_score(before),
        facts: Some(convert::facts(before)),
        eval_terms: req.before.eval_terms(mv, &req.params),
        human: req.human,
        ply: req.ply,
        level: req.level,
        language: req.language,
    };
    P::explain(&input)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::quality::Quality;
    use crate::game::fen;
    use shakmaty::uci::UciMove;

    fn pos(f: &str) -> Chess {
        fen::parse(f).unwrap()
    }

    fn mv(p: &Chess, u: &str) -> Move {
        u.parse::<UciMove>().unwrap().to_move(p).unwrap()
    }

    fn run(req: &Request) -> Analysis {
        let mut memory = SearchMemory::new(4);
        analyse(req, &mut memory, &AtomicBool::new(false))
    }

    #[test]
    fn engine_choice_is_explained_as_best() {
        // White wins the queen on d5.
        let p = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let a = run(&Request::new(
            p.clone(),
            SearchLimits::depth(4),
            EvalParams::default(),
        ));
        assert_eq!(a.mv, Some(mv(&p, "d2d5")));
        let e = a.explanation.unwrap();
        assert_eq!(e.san, "Rxd5");
        assert_eq!(e.quality.map(|q| q.quality), Some(Quality::Best));
        assert!(e.metrics.is_some());
        assert!(!e.eval_deltas.is_empty());
        assert!(a.second_score.is_some());
    }

    #[test]
    fn played_blunder_gets_its_score_and_the_better_move() {
        let p = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let mut req = Request::new(p.clone(), SearchLimits::depth(4), EvalParams::default());
        req.played = Some(mv(&p, "e1f1"));
        let a = run(&req);
        let e = a.explanation.unwrap();
        assert_eq!(e.san, "Kf1");
        assert_eq!(e.quality.map(|q| q.quality), Some(Quality::Blunder));
        assert_eq!(e.best.as_ref().map(|b| b.san.as_str()), Some("Rxd5"));
        assert!(a.played_score.unwrap().as_cp() < a.best_score.unwrap().as_cp());
        // The line after the played move comes from the second search.
        assert!(e.pv_san.len() > 1, "{:?}", e.pv_san);
    }

    #[test]
    fn without_an_exact_root_score_the_search_after_the_move_scores_it() {
        let p = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let mut req = Request::new(p.clone(), SearchLimits::depth(3), EvalParams::default());
        let played = mv(&p, "e1f1");
        req.played = Some(played);
        let mut memory = SearchMemory::new(1);
        let stop = AtomicBool::new(false);
        let mut before = search_position(&p, &[], &req.limits, &req.params, &mut memory, &stop);
        before.root_moves.retain(|r| r.mv != played);
        let after = search_after(&req, played, &mut memory, &stop).unwrap();
        let a = assemble(&req, &before, Some(&after));
        assert_eq!(
            a.played_score,
            Some(convert::score_before_move(after.score))
        );
        assert_eq!(assemble(&req, &before, None).played_score, None);
    }

    /// The verdict on `played` (UCI) in `p` from the judgement alone (no book), at `depth`.
    fn verdict(p: &Chess, played: &str, depth: u32) -> (crate::review::Classification, Move) {
        let played = mv(p, played);
        let mut req = Request::new(p.clone(), SearchLimits::depth(depth), EvalParams::default());
        req.played = Some(played);
        let mut memory = SearchMemory::new(4);
        let stop = AtomicBool::new(false);
        let first = search_position(p, &[], &req.limits, &req.params, &mut memory, &stop);
        let (judged, _) = verify(
            &req,
            played,
            first,
            &mut Analyst::builtin(),
            &mut memory,
            &stop,
        );
        let best = judged.best_move.unwrap();
        let c = crate::review::classify(
            best == played,
            convert::score(judged.score),
            convert::played_score(&judged, played, None).unwrap(),
            convert::second_score(&judged),
        );
        (c, best)
    }

    #[test]
    fn judgement_of_the_best_move_is_best() {
        let p = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let (c, best) = verdict(&p, "d2d5", 3);
        assert_eq!(best, mv(&p, "d2d5"));
        assert_eq!(c.quality, Quality::Best);
    }

    #[test]
    fn judgement_within_noise_is_no_error_and_has_no_better_move() {
        // 1.d4 and 1.e4 are equally good: whichever the engine prefers, the other is no error.
        let p = Chess::default();
        for played in ["d2d4", "e2e4", "g1f3", "c2c4"] {
            let (c, _) = verdict(&p, played, 5);
            assert!(!c.is_error(), "{played}: {c:?}");
        }
        let mut req = Request::new(p.clone(), SearchLimits::depth(4), EvalParams::default());
        req.played = Some(mv(&p, "g1f3"));
        let e = run(&req).explanation.unwrap();
        assert!(
            e.best.is_none(),
            "no better move within noise: {:?}",
            e.best
        );
        assert!(
            !e.text.contains("Better was") && !e.text.contains("stronger"),
            "{}",
            e.text
        );
    }

    #[test]
    fn a_real_blunder_is_confirmed_by_the_deeper_search() {
        let p = pos("4k3/8/8/3q4/8/8/P2R4/4K3 w - - 0 1");
        let (c, best) = verdict(&p, "e1f1", 3);
        assert_eq!(c.quality, Quality::Blunder);
        assert_eq!(best, mv(&p, "d2d5"));
        // The verification went deeper than the first search.
        let mut req = Request::new(p.clone(), SearchLimits::depth(3), EvalParams::default());
        req.played = Some(mv(&p, "e1f1"));
        let mut memory = SearchMemory::new(4);
        let stop = AtomicBool::new(false);
        let first = search_position(&p, &[], &req.limits, &req.params, &mut memory, &stop);
        let judged = judged_search(&req, first, &mut Analyst::builtin(), &mut memory, &stop);
        // ... and the confirmation of the flagged move deeper still.
        assert_eq!(judged.depth, 3 + 2 * VERIFY_EXTRA_DEPTH);
        assert_eq!(judged.best_move, Some(mv(&p, "d2d5")));
    }

    #[test]
    fn the_confirmation_compares_two_moves_one_verification_step_deeper() {
        let p = Chess::default();
        let moves = [mv(&p, "e2e4"), mv(&p, "a2a3")];
        let c = confirmation_limits(&SearchLimits::depth(8), moves);
        assert_eq!(c.depth, Some(8 + 2 * VERIFY_EXTRA_DEPTH));
        assert_eq!(c.searchmoves, moves.to_vec());
        assert!(c.exact_root_scores);
        let timed = confirmation_limits(
            &SearchLimits::movetime(std::time::Duration::from_millis(100)),
            moves,
        );
        assert_eq!(
            timed.movetime,
            Some(std::time::Duration::from_millis(100) * VERIFY_FACTOR)
        );
    }

    /// A search of `p` at `depth` with exact root scores, restricted to `only` when not empty.
    fn exact_search(p: &Chess, depth: u32, only: &[Move]) -> SearchResult {
        let limits = SearchLimits {
            searchmoves: only.to_vec(),
            ..SearchLimits::depth(depth)
        };
        search_position(
            p,
            &[],
            &limits,
            &EvalParams::default(),
            &mut SearchMemory::new(1),
            &AtomicBool::new(false),
        )
    }

    #[test]
    fn a_confirmation_that_prefers_the_played_move_clears_it() {
        // The verification (pretended) preferred Kf1 to Rxd5; the confirmation of the two
        // finds Rxd5 best: the played Rxd5 is the best move, no error, and every other move
        // keeps the verification's score.
        let p = pos("4k3/8/8/3q4/8/8/P2R4/4K3 w - - 0 1");
        let (played, wrong) = (mv(&p, "d2d5"), mv(&p, "e1f1"));
        let mut deeper = exact_search(&p, 3, &[]);
        let others = deeper.root_moves.len() - 2;
        deeper.best_move = Some(wrong);
        let confirmation = exact_search(&p, 4, &[wrong, played]);
        let merged = merge_confirmation(deeper.clone(), &confirmation, wrong, played);
        assert_eq!(merged.best_move, Some(played));
        assert_eq!(merged.root_moves.first().map(|r| r.mv), Some(played));
        assert_eq!(merged.depth, 4);
        assert_eq!(merged.pv, confirmation.pv);
        assert!(!flags(&merged, played));
        for r in deeper
            .root_moves
            .iter()
            .filter(|r| r.mv != played && r.mv != wrong)
        {
            assert!(merged.root_moves.contains(r), "{r:?} kept");
        }
        assert_eq!(merged.root_moves.len(), others + 2);
    }

    #[test]
    fn a_confirmed_error_keeps_its_better_move_and_takes_the_deeper_scores() {
        let p = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let (best, played) = (mv(&p, "d2d5"), mv(&p, "e1f1"));
        let deeper = exact_search(&p, 3, &[]);
        let confirmation = exact_search(&p, 5, &[best, played]);
        let merged = merge_confirmation(deeper, &confirmation, best, played);
        assert_eq!(merged.best_move, Some(best));
        assert_eq!(merged.score, confirmation.score);
        assert_eq!(
            convert::played_score(&merged, played, None),
            convert::exact_root_score(&confirmation, played)
        );
        assert!(flags(&merged, played));
    }

    #[test]
    fn a_confirmation_without_both_scores_leaves_the_verification() {
        let p = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let (best, played) = (mv(&p, "d2d5"), mv(&p, "e1f1"));
        let deeper = exact_search(&p, 3, &[]);
        let mut confirmation = exact_search(&p, 5, &[best, played]);
        confirmation.root_moves.retain(|r| r.mv != played);
        assert_eq!(
            merge_confirmation(deeper.clone(), &confirmation, best, played),
            deeper
        );
    }

    #[test]
    fn only_move_when_the_alternatives_change_the_result() {
        // Rxd5 wins the queen; any other move loses the rook: an only move.
        let p = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let (c, _) = verdict(&p, "d2d5", 3);
        assert!(c.only_move, "{c:?}");
        // Ra8# mates, but every other move keeps a rook up and winning: not an only move.
        let p = pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let (c, _) = verdict(&p, "a1a8", 3);
        assert_eq!(c.quality, Quality::Best);
        assert!(!c.only_move, "{c:?}");
    }

    #[test]
    fn an_unconfirmed_suspect_is_downgraded() {
        // A first search with a cut-short score for the played move is verified; the
        // verification's own best move is the one used.
        let p = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let played = mv(&p, "d2d5");
        let mut req = Request::new(p.clone(), SearchLimits::depth(3), EvalParams::default());
        req.played = Some(played);
        let mut memory = SearchMemory::new(4);
        let stop = AtomicBool::new(false);
        let mut first = search_position(
            &p,
            &[],
            &SearchLimits::depth(1),
            &req.params,
            &mut memory,
            &stop,
        );
        // Pretend the first search preferred another move and had no score for the played one.
        first.best_move = Some(mv(&p, "e1f1"));
        first.root_moves.retain(|r| r.mv != played);
        let judged = judged_search(&req, first, &mut Analyst::builtin(), &mut memory, &stop);
        assert_eq!(judged.best_move, Some(played));
    }

    /// Issue 21's quoted cases judged without the book at depth 5 (verified at 7): 3.Bb5,
    /// 1...c5 and 4.Ng5 are no inaccuracy. 4.Ba4 is left out: the built-in evaluation scores
    /// 4.Bxc6 0.11-0.14 winning chances higher at every depth from 4 to 9 (an evaluation
    /// matter, not the judgement's; the book keeps it from being shown, see
    /// `review::tests::quoted_theory_is_never_an_error_and_gets_no_better_move`).
    #[test]
    fn quoted_theory_is_no_error_for_the_judgement_alone() {
        for (moves, played) in [
            ("e4 e5 Nf3 Nc6", "f1b5"),
            ("e4", "c7c5"),
            ("e4 e5 Nf3 Nc6 Bc4 Nf6", "f3g5"),
        ] {
            let mut g = crate::game::Game::new();
            for m in moves.split_whitespace() {
                g.play_text(m).unwrap();
            }
            let p = g.position_at(g.moves().len()).unwrap().clone();
            let (c, _) = verdict(&p, played, 5);
            assert!(!c.is_error(), "{moves} {played}: {c:?}");
        }
    }

    #[test]
    fn a_game_line_reaches_its_positions_with_their_moves() {
        let mut g = crate::game::Game::new();
        for m in ["e4", "e5", "Nf3"] {
            g.play_text(m).unwrap();
        }
        let line = GameLine::of(&g);
        let keys = g.history_keys();
        let start = "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(line.setup(keys[0], &[]).as_deref(), Some(start));
        assert_eq!(
            line.setup(keys[2], &keys[..2]),
            Some(format!("{start} moves e2e4 e7e5"))
        );
        // Another position, or the same one reached another way, is sent by its FEN.
        assert_eq!(line.setup(keys[2], &keys[..1]), None);
        assert_eq!(line.setup(keys[1], &keys[..2]), None);
        assert_eq!(setup_then(start, "e2e4"), format!("{start} moves e2e4"));
        assert_eq!(
            setup_then(&format!("{start} moves e2e4"), "e7e5"),
            format!("{start} moves e2e4 e7e5")
        );
    }

    #[test]
    fn no_legal_move_gives_no_explanation() {
        let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        let a = run(&Request::new(
            p,
            SearchLimits::depth(3),
            EvalParams::default(),
        ));
        assert!(a.mv.is_none() && a.explanation.is_none());
    }

    #[test]
    fn mate_in_one_is_a_mate_score() {
        let p = pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let a = run(&Request::new(
            p,
            SearchLimits::depth(3),
            EvalParams::default(),
        ));
        assert_eq!(a.best_score, Some(Score::Mate(1)));
        assert_eq!(a.explanation.unwrap().san, "Ra8#");
    }
}
